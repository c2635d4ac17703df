// Internal light-chasing kernels shared by the solvers (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "gf2_poly.hpp"
#include "lightsout/board.hpp"
#include "solve.hpp"

namespace lightsout::detail {

// Chase from the press row `first_row` (presses.stride() words) down a board whose lights are
// `lights` (same size as presses; nullptr = all dark). Writes every press row into `presses` and
// the phantom row x_{m+1} into `phantom` (stride words). Returns true when the phantom is zero.
// When `progress` is set, it is told (phase, fraction) about every 1/256 of the rows.
// `last_column` (nullptr: none) adds lights to the last column, bit i for row i (rows / 64
// rounded up words).
bool chase_rows(const Board* lights, const std::uint64_t* first_row, Board& presses,
                std::uint64_t* phantom, const ProgressFn* progress = nullptr,
                std::string_view phase = {}, const std::uint64_t* last_column = nullptr);

// P(z) = z^n f_n(z + 1/z + 1): the characteristic polynomial of a dark chase on rows of n cells
// (see dark_first_column), monic of degree 2n. O(n^2 / 64).
Gf2Poly dark_chase_recurrence(std::size_t n);

// Rows of at most this many cells are chased in full by dark_first_column: a few words a step
// cost less than the recurrence, and need no memory beyond the answer.
inline constexpr std::size_t kDarkChaseDirectCells = 256;

// Cell 0 of every row x_1 .. x_m of the chase from `first` (n cells, n / 64 rounded up words)
// over m dark rows, bit j for x_{j+1}, into `edge` (m / 64 rounded up words, bits past m zero):
// 2n rows chased and a linear recurrence (O(n^2 / 64 + M(m)), M = a product of degree m), or
// every row when n <= kDarkChaseDirectCells.
// `recurrence` is dark_chase_recurrence(n), or nullptr to have it computed.
void dark_first_column(const std::uint64_t* first, std::size_t n, std::size_t m,
                       const Gf2Poly* recurrence, std::uint64_t* edge);

// A board seen in solving orientation (the shorter side across, the longer side down) without
// moving it. A tall board is chased row by row in place. A wide board is chased along its columns
// without turning one: its first chase over the lights is a chase down its own rows plus a chase
// in cache driven by the last row that this leaves lit, which gives the phantom row and the first
// row of presses in the caller's orientation. Every later chase of the same frame (another first
// row, with or without the lights) finds its first row of presses from a dark chase of 2n rows
// and a recurrence, then chases down the board's own rows, which writes the presses and
// re-applies them. So no bit is ever transposed and no transposed copy of the board exists
// (memory: the board, the presses and O(long side) words).
class ChaseFrame {
 public:
  // `scratch` (the caller's shape, or nullptr: one is made when needed) is working space for a
  // wide board's first chase when it writes no presses; its contents are then lost.
  explicit ChaseFrame(const Board& lights, Board* scratch = nullptr);
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
  // The lights must still be alive when with_lights is set. A wide frame keeps what its first
  // chase with the lights found (O(long side) words), which its later chases start from.
  bool chase(bool with_lights, const std::uint64_t* first_row, Board* presses,
             std::uint64_t* phantom, const ProgressFn* progress = nullptr,
             std::string_view phase = {});

 private:
  bool chase_wide(bool with_lights, const std::uint64_t* first_row, Board* presses,
                  std::uint64_t* phantom, const ProgressFn* progress, std::string_view phase);
  void chase_columns(const std::uint64_t* first_row, Board& scratch, std::uint64_t* edge,
                     std::uint64_t* phantom, const ProgressFn* progress, std::string_view phase);

  const Board* lights_;
  Board* scratch_;
  bool wide_;
  std::size_t rows_, cols_;  // the caller's shape
  std::size_t length_, width_;
  // A wide frame's chase along the columns over the lights: its first row (empty: none yet), its
  // phantom row and its presses' first row in the caller's orientation.
  std::vector<std::uint64_t> seen_first_, seen_phantom_, seen_edge_;
  std::optional<Gf2Poly> recurrence_;      // dark_chase_recurrence(width), once needed
  std::vector<std::uint64_t> row_buffer_;  // a phantom row of the caller's orientation
};

// The start both first-row solvers (solve_chase, solve_poly) share: `presses` (the caller's shape;
// also a wide frame's working space for its first chase), the frame over the lights, and
// `phantom`, the phantom row x_{m+1} (frame.stride() words) of the chase from a dark first row
// over the lights (phase "chase"), to which every first row's phantom row is affine. The frame
// points into `presses`, so a start stays where it is built.
struct FirstRowStart {
  FirstRowStart(const Board& lights, const ProgressFn& progress);
  FirstRowStart(const FirstRowStart&) = delete;
  FirstRowStart& operator=(const FirstRowStart&) = delete;
  ~FirstRowStart() = default;

  Board presses;
  ChaseFrame frame;
  std::vector<std::uint64_t> phantom;
};

// The solvers behind the public overloads: `consumable` is &lights when the caller gave its board
// away (Board&&), which lets the lights be released once the presses are known; nullptr otherwise.
SolveResult solve_chase_impl(const Board& lights, Board* consumable, const SolveOptions& options);
SolveResult solve_poly_impl(const Board& lights, Board* consumable, const SolveOptions& options);

// Contract: the end both first-row solvers (solve_chase, solve_poly) share, once result.nullity
// and result.solvable are known. When solvable, `first_row` (frame.stride() words, solving
// orientation) is a first press row whose chase over the lights leaves the phantom row dark: that
// chase is run into `presses` (the caller's shape), which becomes result.presses; unsolvable, the
// presses are a blank board and first_row is not read. Then `consumable` (as for
// solve_chase_impl) is released. With options.kernel or options.minimal, quiet_rows() (which
// reports its own phase) gives the first rows of a basis of the quiet first rows, each chased over
// a dark board into result.kernel. Every chase is self-checked: a phantom row that is not dark
// throws std::logic_error naming `who`. Last, the fewest presses when asked, and the kernel
// dropped unless options.kernel.
void finish_first_row_solve(
    ChaseFrame& frame, const std::uint64_t* first_row, Board& presses, Board* consumable,
    const std::function<std::vector<std::vector<std::uint64_t>>()>& quiet_rows,
    const SolveOptions& options, std::string_view who, SolveResult& result);

// Tells `progress` (when set and non-empty) that `phase` starts.
inline void report_phase(const ProgressFn& progress, std::string_view phase) {
  if (progress) progress(phase, 0.0);
}

}  // namespace lightsout::detail
