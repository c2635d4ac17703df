// Internal: the row-and-column rules (nbhd=rowcol) solved in closed form, O(cells) a board, any K.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"
#include "small_system.hpp"

namespace lightsout::detail {

// A press adds 1 to its row and its column, the button itself once with `self` and not at all
// without, so with row sums R_r, column sums C_c of the presses x and a = s - 2 (s = 1 with self,
// 0 without) a cell ends at lights_rc + R_r + C_c + a x_rc (mod K). The press map A is turned by
// an invertible change of coordinates Q (four O(cells) passes of row and column differences and
// sums, docs/solver-math.md) into Q A Q^-1 = a block-diagonal matrix: a on every cell (r, c) with
// r, c >= 2, one 2 x 2 block per row r >= 2 and per column c >= 2 on the first two cells, and
// one block of at most 4 x 4 on the top-left corner. The blocks are tiny systems over Z_K
// (SmallSystem), factored once per size; a board costs Q, a table look-up per cell, O(rows + cols)
// block solves, Q^-1 and the check. Two states work on the bit-packed rows (64 cells a word),
// more states on one byte a cell.
class RowColClosed {
 public:
  // A kernel of more than this many values (nullity x cells) is refused.
  static constexpr std::uint64_t kMaxKernelCells = std::uint64_t{1} << 32;

  // rowcol rules on a grid without holes (any topology: it makes no difference).
  static bool applies(const Rules& rules);

  // lights += the effect of `presses` under rowcol rules (applies(rules)): row sum + column sum
  // + (s - 2) x per cell, mod K; both rows * cols values, row-major. O(cells), where the press
  // system would hold rows + cols - 1 touches a cell.
  static void apply(const Rules& rules, std::size_t rows, std::size_t cols,
                    std::span<const std::uint8_t> presses, std::span<std::uint8_t> lights);

  // Throws std::invalid_argument unless applies(rules).
  RowColClosed(const Rules& rules, std::size_t rows, std::size_t cols);

  // Solves `lights` (rows x cols, the rules' states). Returns whether it is solvable; when it is,
  // `presses` (resized and overwritten) solves it, which is checked by recomputing the row and
  // column sums of the presses and every cell (std::logic_error if not). Unsolvable: `presses`
  // is all zero.
  bool solve(const Grid& lights, Grid& presses) const;

  // The minimal number of generators of the quiet patterns.
  std::size_t nullity() const { return nullity_; }
  // The number of solutions of a solvable board as prod p^e over the primes p of K.
  const std::vector<std::pair<unsigned, std::uint64_t>>& count_factors() const {
    return count_factors_;
  }
  // A basis of the quiet patterns: nullity() grids, pattern j of additive order orders[j], every
  // quiet pattern sum c_j pattern_j (0 <= c_j < orders[j]) in exactly one way; each is checked
  // quiet. Throws std::length_error when nullity() * cells exceeds kMaxKernelCells.
  std::vector<Grid> kernel(std::vector<unsigned>& orders) const;

 private:
  // One kind of diagonal block: the cells it covers in z coordinates (the same for its unknowns
  // and equations), relative to the block's anchor, and its factored matrix.
  struct Block {
    std::vector<std::pair<std::size_t, std::size_t>> cells;  // (row, col), absolute or offsets
    SmallSystem system;
    std::uint64_t count = 0;  // how many blocks of this kind the board has
  };
  // A sparse vector in z coordinates.
  using Sparse = std::vector<std::pair<std::size_t, std::uint8_t>>;

  void forward(std::vector<std::uint8_t>& v) const;
  void backward(std::vector<std::uint8_t>& v) const;
  void forward(Board& b) const;
  void backward(Board& b) const;
  // The cells of block instance `index` of kind `kind` (0 interior, 1 rows, 2 columns, 3 corner).
  std::vector<std::size_t> block_cells(int kind, std::uint64_t index) const;
  bool check(const Grid& lights, const Grid& presses, std::uint8_t goal) const;

  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  unsigned k_ = 2;
  bool self_ = true;
  std::uint8_t goal_ = 0;
  std::uint8_t a_ = 0;                  // s - 2 mod K
  std::vector<std::uint8_t> divide_a_;  // K > 2: z with a z = f per f, 0xFF when none
  std::vector<Block> blocks_;           // interior, row pairs, column pairs, corner
  std::size_t nullity_ = 0;
  std::vector<std::pair<unsigned, std::uint64_t>> count_factors_;
};

}  // namespace lightsout::detail
