// Internal light-chasing kernels shared by the solvers (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "lightsout/board.hpp"
#include "solve.hpp"

namespace lightsout::detail {

// Chase from the press row `first_row` (presses.stride() words) down a board whose lights are
// `lights` (same size as presses; nullptr = all dark). Writes every press row into `presses` and
// the phantom row x_{m+1} into `phantom` (stride words). Returns true when the phantom is zero.
// When `progress` is set, it is told (phase, fraction) about every 1/256 of the rows.
bool chase_rows(const Board* lights, const std::uint64_t* first_row, Board& presses,
                std::uint64_t* phantom, const ProgressFn* progress = nullptr,
                std::string_view phase = {});

// A board seen in solving orientation (the shorter side across, the longer side down) without
// moving it. A tall board is chased row by row in place. A wide board is chased along its
// columns: 64 columns at a time are turned into 64 rows of the solving orientation by 64 x 64 bit
// transposes, and the presses found are turned back into the caller's board the same way, so no
// transposed copy of the board ever exists (memory: the board, the presses and O(short side)
// words) and a wide board costs about what the same board tall does.
class ChaseFrame {
 public:
  explicit ChaseFrame(const Board& lights);
  bool wide() const { return wide_; }
  std::size_t length() const { return length_; }  // m: rows in solving orientation
  std::size_t width() const { return width_; }    // n: the shorter side
  std::size_t stride() const { return (width_ + 63) / 64; }
  std::uint64_t row_mask() const {
    return width_ % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (width_ % 64)) - 1;
  }
  // An all-zero board of the caller's shape.
  Board blank() const { return Board(rows_, cols_); }

  // Contract: chases from `first_row` (stride() words, solving orientation) over the lights
  // (`with_lights`) or over a dark board; writes the presses into `presses` (the caller's shape;
  // nullptr = not wanted, allowed for a wide board only) and the phantom row x_{m+1} into
  // `phantom` (stride() words). True when the phantom row is zero. Progress as chase_rows.
  // The lights must still be alive when with_lights is set.
  bool chase(bool with_lights, const std::uint64_t* first_row, Board* presses,
             std::uint64_t* phantom, const ProgressFn* progress = nullptr,
             std::string_view phase = {}) const;

 private:
  bool chase_wide(bool with_lights, const std::uint64_t* first_row, Board* presses,
                  std::uint64_t* phantom, const ProgressFn* progress, std::string_view phase) const;

  const Board* lights_;
  bool wide_;
  std::size_t rows_, cols_;  // the caller's shape
  std::size_t length_, width_;
};

// The solvers behind the public overloads: `consumable` is &lights when the caller gave its board
// away (Board&&), which lets the lights be released once the presses are known; nullptr otherwise.
SolveResult solve_chase_impl(const Board& lights, Board* consumable, const SolveOptions& options);
SolveResult solve_poly_impl(const Board& lights, Board* consumable, const SolveOptions& options);

// Tells `progress` (when set and non-empty) that `phase` starts.
inline void report_phase(const ProgressFn& progress, std::string_view phase) {
  if (progress) progress(phase, 0.0);
}

}  // namespace lightsout::detail
