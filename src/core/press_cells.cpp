// press_cells: what presses do to a board under any rules, for a front end that plays the game.
#include "lightsout/press_cells.hpp"

#include <stdexcept>

namespace lightsout {

std::vector<PressedCell> press_cells(const Rules& rules, std::size_t rows, std::size_t cols,
                                     std::size_t r, std::size_t c) {
  check_board_size(rules, rows, cols);
  if (r >= rows || c >= cols) throw std::out_of_range("press: the cell is off the board");
  std::vector<PressedCell> out;
  if (rules.has_holes() && rules.holes.get(r, c)) return out;
  std::vector<std::uint32_t> scratch;
  press_touches(rules, rows, cols, r * cols + c, scratch, out);
  return out;
}

void apply_presses(const Rules& rules, std::size_t rows, std::size_t cols,
                   std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights) {
  check_board_size(rules, rows, cols);
  if (presses.size() != rows * cols || lights.size() != rows * cols) {
    throw std::invalid_argument("apply_presses: wrong number of cells");
  }
  std::vector<std::uint32_t> scratch;
  std::vector<PressedCell> cells;
  for (std::size_t i = 0; i < presses.size(); ++i) {
    const unsigned times = presses[i] % rules.states;
    if (times == 0 || (rules.has_holes() && rules.holes.get(i / cols, i % cols))) continue;
    press_touches(rules, rows, cols, i, scratch, cells);
    for (const PressedCell& t : cells) {
      std::uint8_t& light = lights[t.cell];
      light = static_cast<std::uint8_t>((light + times * t.amount) % rules.states);
    }
  }
}

}  // namespace lightsout
