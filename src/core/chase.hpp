// Internal light-chasing kernels shared by the solvers (not part of the public API).
#pragma once

#include <cstdint>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/solve.hpp"

namespace lightsout::detail {

// Chase from the press row `first_row` (presses.stride() words) down a board whose lights are
// `lights` (same size as presses; nullptr = all dark). Writes every press row into `presses` and
// the phantom row x_{m+1} into `phantom` (stride words). Returns true when the phantom is zero.
// When `progress` is set, it is told (phase, fraction) about every 1/256 of the rows.
bool chase_rows(const Board* lights, const std::uint64_t* first_row, Board& presses,
                std::uint64_t* phantom, const ProgressFn* progress = nullptr,
                std::string_view phase = {});

// Tells `progress` (when set and non-empty) that `phase` starts.
inline void report_phase(const ProgressFn& progress, std::string_view phase) {
  if (progress) progress(phase, 0.0);
}

}  // namespace lightsout::detail
