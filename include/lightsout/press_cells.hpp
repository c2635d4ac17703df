// press_cells: what presses do to a board under any rules, for a front end that plays the game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout {

// The cells one press of (r, c) changes on a rows x cols board (PressedCell, lightsout/rules.hpp),
// sorted by cell, holes left out;
// none for a hole. Throws as check_board_size does, std::out_of_range for (r, c) off the board.
std::vector<PressedCell> press_cells(const Rules& rules, std::size_t rows, std::size_t cols,
                                     std::size_t r, std::size_t c);

// lights += the effect of `presses` (mod K); both one value per board cell, row-major. The cost
// is the pressed buttons times their reach (nothing is built for the whole board). Holes are
// skipped. Throws std::invalid_argument for spans of the wrong size, and as check_board_size.
void apply_presses(const Rules& rules, std::size_t rows, std::size_t cols,
                   std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights);

}  // namespace lightsout
