// Gf2Matrix: packed Gauss-Jordan elimination and kernel extraction over GF(2).
#include "gf2_matrix.hpp"

#include <algorithm>
#include <stdexcept>

namespace lightsout {

Gf2Matrix::Gf2Matrix(std::size_t rows, std::size_t cols)
    : rows_(rows), cols_(cols), stride_((cols + 63) / 64) {
  words_.assign(rows * stride_, 0);
}

std::vector<std::size_t> Gf2Matrix::reduce(std::size_t pivot_limit) {
  pivot_limit = std::min(pivot_limit, cols_);
  std::vector<std::size_t> pivots;
  std::size_t rank = 0;
  for (std::size_t col = 0; col < pivot_limit && rank < rows_; ++col) {
    const std::size_t word = col / 64;
    const std::uint64_t bit = std::uint64_t{1} << (col % 64);
    std::size_t pivot = rank;
    while (pivot < rows_ && (words_[pivot * stride_ + word] & bit) == 0) ++pivot;
    if (pivot == rows_) continue;  // free column
    std::uint64_t* prow = words_.data() + rank * stride_;
    if (pivot != rank) {
      std::swap_ranges(prow + word, prow + stride_, words_.data() + pivot * stride_ + word);
    }
    // Rows at or below rank are zero left of col, so the pivot row is too: xor from `word` on.
    for (std::size_t r = 0; r < rows_; ++r) {
      std::uint64_t* row = words_.data() + r * stride_;
      if (r == rank || (row[word] & bit) == 0) continue;
      for (std::size_t k = word; k < stride_; ++k) row[k] ^= prow[k];
    }
    pivots.push_back(col);
    ++rank;
  }
  return pivots;
}

std::vector<std::vector<std::uint64_t>> kernel_from_rref(const Gf2Matrix& rref,
                                                         std::span<const std::size_t> pivots,
                                                         std::size_t n) {
  const std::size_t words = (n + 63) / 64;
  std::vector<bool> is_pivot(n, false);
  for (std::size_t p : pivots) is_pivot[p] = true;
  std::vector<std::vector<std::uint64_t>> basis;
  basis.reserve(n - pivots.size());
  for (std::size_t f = 0; f < n; ++f) {
    if (is_pivot[f]) continue;
    std::vector<std::uint64_t> v(words, 0);
    v[f / 64] |= std::uint64_t{1} << (f % 64);
    // Row i reads x_{p_i} + sum_{free g} R[i][g] x_g = 0; with x_f = 1 alone: x_{p_i} = R[i][f].
    for (std::size_t i = 0; i < pivots.size(); ++i) {
      if (rref.get(i, f)) v[pivots[i] / 64] |= std::uint64_t{1} << (pivots[i] % 64);
    }
    basis.push_back(std::move(v));
  }
  return basis;
}

}  // namespace lightsout
