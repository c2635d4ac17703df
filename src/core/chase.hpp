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

// A board in solving orientation (rows >= cols: the shorter side is the row width), transposed at
// most once. When `consumable` is the caller's own board (the lights), it is released as soon as
// its transpose exists, and release() drops the transpose before the presses are turned back, so
// no more than two full boards are alive at once.
class OrientedBoard {
 public:
  OrientedBoard(const Board& lights, Board* consumable, const ProgressFn& progress);
  // lights_ is null only when transpose_ is set; the analyzer cannot see that invariant.
  // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.UndefReturn)
  const Board& get() const { return transpose_ ? flipped_ : *lights_; }
  bool transposed() const { return transpose_; }
  std::size_t original_rows() const { return rows_; }
  std::size_t original_cols() const { return cols_; }
  // Frees the transposed copy (get() is invalid afterwards when transposed()).
  void release() { flipped_ = Board(); }
  // A board of this orientation in the caller's orientation.
  Board to_original(Board&& x, const ProgressFn& progress) const;

 private:
  const Board* lights_;
  Board flipped_;
  bool transpose_;
  std::size_t rows_, cols_;
};

// The solvers behind the public overloads: `consumable` is &lights when the caller gave its board
// away (Board&&), which lets a wide board be released once transposed; nullptr otherwise.
SolveResult solve_chase_impl(const Board& lights, Board* consumable, const SolveOptions& options);
SolveResult solve_poly_impl(const Board& lights, Board* consumable, const SolveOptions& options);

// Tells `progress` (when set and non-empty) that `phase` starts.
inline void report_phase(const ProgressFn& progress, std::string_view phase) {
  if (progress) progress(phase, 0.0);
}

}  // namespace lightsout::detail
