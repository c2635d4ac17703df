// Internal light-chasing kernels shared by the solvers (not part of the public API).
#pragma once

#include <cstdint>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout::detail {

// Chase from the press row `first_row` (presses.stride() words) down a board whose lights are
// `lights` (same size as presses; nullptr = all dark). Writes every press row into `presses` and
// the phantom row x_{m+1} into `phantom` (stride words). Returns true when the phantom is zero.
bool chase_rows(const Board* lights, const std::uint64_t* first_row, Board& presses,
                std::uint64_t* phantom);

}  // namespace lightsout::detail
