// press_cells: what presses do to a board under any rules, for a front end that plays the game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout {

// One cell a press changes: its board index r * cols + c and what one press adds to it, 1..K-1
// (an offset wrapping onto the same cell twice adds 2; multiples of K are dropped).
struct PressedCell {
  std::uint32_t cell = 0;
  std::uint8_t amount = 0;
  bool operator==(const PressedCell&) const = default;
};

// The cells one press of (r, c) changes on a rows x cols board, sorted by cell, holes left out;
// none for a hole. Throws as check_board_size does, std::out_of_range for (r, c) off the board.
std::vector<PressedCell> press_cells(const Rules& rules, std::size_t rows, std::size_t cols,
                                     std::size_t r, std::size_t c);

// lights += the effect of `presses` (mod K); both one value per board cell, row-major. The cost
// is the pressed buttons times their reach (nothing is built for the whole board). Holes are
// skipped. Throws std::invalid_argument for spans of the wrong size, and as check_board_size.
void apply_presses(const Rules& rules, std::size_t rows, std::size_t cols,
                   std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights);

}  // namespace lightsout
