// press_cells: what presses do to a board under any rules, for a front end that plays the game.
#include "press_cells.hpp"

#include <algorithm>
#include <stdexcept>

namespace lightsout {

namespace {

// The board indices in `hit` (one press's reach, with repeats) counted and sorted into `out`.
void count_reach(const Rules& rules, std::size_t cols, std::vector<std::uint32_t>& hit,
                 std::vector<PressedCell>& out) {
  out.clear();
  std::sort(hit.begin(), hit.end());
  for (std::size_t a = 0; a < hit.size();) {
    std::size_t b = a;
    while (b < hit.size() && hit[b] == hit[a]) ++b;
    const auto amount = static_cast<std::uint8_t>((b - a) % rules.states);
    const bool hole = rules.has_holes() && rules.holes.get(hit[a] / cols, hit[a] % cols);
    if (amount != 0 && !hole) out.push_back({hit[a], amount});
    a = b;
  }
}

}  // namespace

std::vector<PressedCell> press_cells(const Rules& rules, std::size_t rows, std::size_t cols,
                                     std::size_t r, std::size_t c) {
  check_board_size(rules, rows, cols);
  if (r >= rows || c >= cols) throw std::out_of_range("press: the cell is off the board");
  std::vector<PressedCell> out;
  if (rules.has_holes() && rules.holes.get(r, c)) return out;
  std::vector<std::uint32_t> hit;
  press_reach(rules, rows, cols, r * cols + c, hit);
  count_reach(rules, cols, hit, out);
  return out;
}

void apply_presses(const Rules& rules, std::size_t rows, std::size_t cols,
                   std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights) {
  check_board_size(rules, rows, cols);
  if (presses.size() != rows * cols || lights.size() != rows * cols) {
    throw std::invalid_argument("apply_presses: wrong number of cells");
  }
  std::vector<std::uint32_t> hit;
  std::vector<PressedCell> cells;
  for (std::size_t i = 0; i < presses.size(); ++i) {
    const unsigned times = presses[i] % rules.states;
    if (times == 0 || (rules.has_holes() && rules.holes.get(i / cols, i % cols))) continue;
    press_reach(rules, rows, cols, i, hit);
    count_reach(rules, cols, hit, cells);
    for (const PressedCell& t : cells) {
      std::uint8_t& light = lights[t.cell];
      light = static_cast<std::uint8_t>((light + times * t.amount) % rules.states);
    }
  }
}

}  // namespace lightsout
