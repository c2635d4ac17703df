// Internal banded GF(2) solver: factor the press matrix of a two-state rules set once, in band
// form.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout::detail {

// The order of the unknowns (and, identically, of the equations) along the band. A board cell
// (r, c) is read as (major, minor) = (r, c), or (c, r) when column_major; a folded axis of length
// L is walked 0, L-1, 1, L-2, 2, ... so that its two ends (which a wrapping topology joins) end
// up next to each other. The key is fold(major) * minor_length + fold(minor); holes are skipped,
// so the existing cells keep that order. The default is plain row-major (PressSystem::cells).
struct BandOrder {
  bool column_major = false;
  bool fold_major = false;
  bool fold_minor = false;
  bool operator==(const BandOrder&) const = default;
};

// An order and the bandwidth it gives.
struct BandPlan {
  BandOrder order;
  std::size_t bandwidth = 0;
};

// A two-state press system A x = b (A[t][j] = 1 when button j toggles cell t, PressSystem's
// touches mod 2), factored once by banded Gaussian elimination with row pivoting, then solved for
// any right side in O(cells * bandwidth / 64) word operations.
//
// With the unknowns and equations permuted by a BandOrder, every entry of A lies within
// `bandwidth` b of the diagonal. Eliminating column k with a pivot row taken from the rows that
// can have a 1 there (those of index <= k + b) keeps every pivot row inside columns [k, k + 2b],
// whatever pivots are chosen and however many columns turn out free. So the elimination holds only
// a window of "active" rows, each 2b + 64 bits wide, and records:
//   - U: the pivot row of each pivot column (2b + 64 bits, the upper band of the echelon form);
//   - L, in a replayable form: the slot each row entered, and per block of 64 columns which of
//     the block's pivot rows each pivot row and each surviving row received (a 64-bit set);
//     rows that became zero (each one a consistency condition: a dependency among the equations)
//     with the slot and block where they were dropped.
// Within a block, the elimination runs on the rows' first words only; the rest of the rows is
// brought up to date once per block, through tables of sums of 8 pivot rows (four Russians).
// Memory O(cells * bandwidth / 8) bytes, factorisation O(cells * bandwidth^2 / 64) word
// operations. A 256 x 256 board (Release, one core): x / square on the plane about 0.05 s,
// knight or a 5x5 mask on the torus (band 1026) about 0.2-0.5 s and 35 MB, a solve a few ms.
class BandedGf2 {
 public:
  // What plan() accepts by default: beyond this the band gets close to dense elimination's cost.
  static constexpr std::size_t kDefaultMaxBandwidth = 4096;
  // The Solver's automatic choice takes banded elimination up to this many cells, and while
  // estimated_bytes stays within kMaxBytes (shared with plan_solve, which follows it).
  static constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 26;
  static constexpr std::size_t kMaxBytes = std::size_t{2} << 30;

  // The structural part, for any number of states (BandedZk shares it): the position of each
  // cell index along the band in `order`. O(rows * cols).
  static std::vector<std::uint32_t> positions(const PressSystem& sys, BandOrder order);
  // The largest |position(t) - position(j)| over the non-zero entries A[t][j] of `sys` in `order`
  // (0 for a system without cells). O(cells + touches).
  static std::size_t bandwidth(const PressSystem& sys, BandOrder order);
  // The order of least bandwidth among the eight (row or column major, each axis folded or not),
  // or nullopt when sys has no cells or that bandwidth exceeds max_bandwidth (rowcol, most
  // graphs). O(cells + touches).
  static std::optional<BandPlan> plan(const PressSystem& sys,
                                      std::size_t max_bandwidth = kDefaultMaxBandwidth);
  // The band a neighbourhood's offsets give a rows x cols grid on the plane, in the better of the
  // row-major and column-major orders (a press's reach in rows times the width, plus its reach
  // in columns, plus one): what the estimates expect of plan() without building the system.
  static double mask_band(const std::vector<Offset>& offsets, std::size_t rows, std::size_t cols);
  // An estimate of the bytes the factorisation of `cells` cells at `bandwidth` keeps (U, the
  // replay record, the per-cell arrays), for the caller to compare with its memory budget. It
  // assumes about bandwidth + 128 active rows, which many dependent equations can exceed.
  static std::size_t estimated_bytes(std::size_t cells, std::size_t bandwidth);

  // Factors sys in the order plan() picks (any bandwidth). Throws std::invalid_argument when
  // sys.states != 2.
  explicit BandedGf2(const PressSystem& sys);
  // The same in a given order.
  BandedGf2(const PressSystem& sys, BandOrder order);

  // Solves A x = rhs: rhs and x hold one 0/1 value per unknown, indexed like PressSystem::cells
  // (rhs_t = the lights at cells[t] for the goal "all off"; only bit 0 of each value is read).
  // Returns false (x untouched) when there is no solution; otherwise x (resized) is the solution
  // with every free unknown 0. Throws std::invalid_argument when rhs.size() != cells().
  bool solve(std::span<const std::uint8_t> rhs, std::vector<std::uint8_t>& x) const;
  // cells - rank(A): the dimension of the quiet patterns.
  std::size_t nullity() const { return free_columns_.size(); }
  // A basis of {x : A x = 0}, nullity() vectors indexed like PressSystem::cells: one per free
  // column f, with x_f = 1 and the other free unknowns 0. O(nullity * cells * bandwidth / 64).
  std::vector<std::vector<std::uint8_t>> kernel() const;

  std::size_t cells() const { return n_; }
  std::size_t bandwidth() const { return band_; }
  BandOrder order() const { return order_; }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  static constexpr std::size_t kChunk = 8;  // pivot rows per addition table

  // A pivot chosen in the current block of 64 columns (see apply_block).
  struct Pivot {
    std::uint32_t slot = 0;
    std::uint32_t column = 0;
    std::uint64_t head = 0;  // its first word, final
    std::uint64_t comb = 0;  // the block's earlier pivots it received
  };

  void factor(const PressSystem& sys);
  void apply_block(std::vector<std::uint64_t>& rows, const std::vector<Pivot>& pivots,
                   const std::vector<std::uint32_t>& active, const std::vector<std::uint64_t>& head,
                   const std::vector<std::uint64_t>& comb, const std::vector<std::uint8_t>& dead,
                   std::vector<std::uint64_t>& tables);
  // Back-substitution over positions: x (packed, position order) holds the free unknowns on entry
  // and y the transformed right side per pivot column; fills the pivot unknowns.
  void back_substitute(const std::vector<std::uint64_t>& y, std::vector<std::uint64_t>& x,
                       std::size_t last) const;

  std::size_t n_ = 0;     // unknowns = equations
  std::size_t band_ = 0;  // b
  BandOrder order_;
  std::size_t width_ = 0;            // words per window row: ceil((2b + 64) / 64)
  std::vector<std::uint32_t> cell_;  // position -> cell index

  // U: the pivot row of column k at u_[k * width_ ...], bit 0 of the first word = column
  // 64 * (k / 64); rows of free columns stay zero.
  std::vector<std::uint64_t> u_;
  std::vector<std::uint8_t> is_pivot_;     // per column (position)
  std::vector<std::uint32_t> pivot_slot_;  // per column: the slot of its pivot row, or kNone
  // The elimination steps, block by block (64 columns): pivot_comb_[k] = the block's earlier
  // pivots (by number) that the pivot row of column k received; the surviving rows that received
  // pivots in block q, received_slot_/received_comb_[received_begin_[q] .. [q + 1]).
  std::vector<std::uint64_t> pivot_comb_;
  std::vector<std::uint32_t> received_slot_;
  std::vector<std::uint64_t> received_comb_;
  std::vector<std::size_t> received_begin_;
  std::vector<std::uint32_t> entry_slot_;  // per equation (position): its slot
  // Rows found zero at the end of block q: retired_[retired_begin_[q] .. retired_begin_[q + 1]).
  std::vector<std::uint32_t> retired_;
  std::vector<std::size_t> retired_begin_;
  std::size_t slots_ = 0;                    // the most slots used at once
  std::vector<std::uint32_t> free_columns_;  // ascending positions
};

}  // namespace lightsout::detail
