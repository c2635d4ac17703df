// Internal: dense LU factorisation over GF(p), blocked with delayed reduction, for the reduced
// systems of light chasing (thousands of unknowns, many right sides).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lightsout::detail {

// A (rows x cols over GF(p), p an odd prime below 256, entries < p) factored once as P A = L U
// with row pivoting; columns without a pivot are the free columns (the echelon form's pivots go
// strictly right down the rows). Then A y = b is solved for any b in O(rows rank + rank cols).
//
// How: right-looking LU in panels of up to 64 columns. Inside a panel every remaining row is
// updated at once (so pivots can be searched), the multipliers are stored where the eliminated
// entries were (swaps move whole rows, L with them, as in LAPACK's getrf). Then the rest of each
// row takes the whole panel's pivot rows in one pass: sums of products in 16 bits, reduced mod p
// only when they could overflow (every (65535 - p) / (p - 1)^2 products; 32 bits for p > 31), so
// the inner loop is a multiply-add that vectorises; the panel itself is kept in such sums too. The
// trailing rows are split between two threads where there are two. Cost (2/3) rows cols rank
// multiply-adds, memory rows cols bytes.
class GfpLu {
 public:
  GfpLu(std::vector<std::uint8_t> a, std::size_t rows, std::size_t cols, unsigned p);

  std::size_t rank() const { return pivot_col_.size(); }
  // The pivot column of each pivot row, increasing.
  const std::vector<std::size_t>& pivot_cols() const { return pivot_col_; }
  // A solution of A y = b into y (cols values, free columns 0), or false when there is none. The
  // values of b are taken mod p (any byte).
  bool solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const;
  // y with A y = 0, y_f = 1 at free column f and 0 at the other free columns.
  std::vector<std::uint8_t> kernel_vector(std::size_t free_col) const;

 private:
  template <typename Acc>
  void factor(std::size_t every);
  // U's rows from row `from` - 1 up: y[c_i] = (rhs_i - sum_{j > c_i} U_ij y_j) / U_i,c_i.
  void back_substitute(std::span<const std::uint8_t> rhs, std::span<std::uint8_t> y) const;

  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  unsigned p_ = 3;
  std::vector<std::uint8_t> a_;         // L below the pivots, U from them on
  std::vector<std::size_t> swap_with_;  // pivot row r was swapped with row swap_with_[r]
  std::vector<std::size_t> pivot_col_;
  std::vector<std::uint8_t> inverse_;  // of 1..p-1
  std::vector<std::uint8_t> mul_;      // x * y mod p at x * p + y
};

}  // namespace lightsout::detail
