// Internal: a small dense system M y = b over Z_K, factored once and solved for many right sides
// (the reduced systems of light chasing).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "zk_matrix.hpp"

namespace lightsout::detail {

// M is rows x cols, row-major, values 0..K-1 (K in 2..255).
//   K = 2: [M | I] to reduced row echelon form with M4RI (method of the four Russians), keeping
//          the row operations E bit-packed; solve() is E b and a read-off of the pivots.
//   K > 2: one PrimePowerFactor per prime power p^e of K, combined by the CRT.
// Construction O(rows^2 (rows + cols) / 64) word operations for K = 2, O(rows (rows + cols)
// rank) byte operations per prime power for K > 2; solve() O(rows^2 + rows cols).
class SmallSystem {
 public:
  SmallSystem(const std::vector<std::uint8_t>& m, std::size_t rows, std::size_t cols, unsigned k,
              bool want_kernel);

  // An estimate of the work of factoring a u x u system over Z_K, in units of about a nanosecond
  // of one core: u^3 / 16 for K = 2 (M4RI), and per prime power of K u^3 / 30 for an odd prime
  // (the blocked LU), 4 u^3 otherwise (the least-valuation elimination with its row operations).
  static double estimated_work(unsigned k, double u);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  // A solution of M y = b (b: rows values) into y (cols values); false when there is none.
  bool solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const;
  // The minimal number of generators of {y : M y = 0}.
  std::size_t generators() const { return generators_; }
  // log_p of the number of solutions of M y = 0, per prime p of K (exponent 0 kept).
  const std::vector<std::pair<unsigned, std::size_t>>& count_factors() const {
    return count_factors_;
  }
  // With want_kernel: a basis, kernel[j] of additive order orders[j]; every kernel element is
  // sum c_j kernel[j], 0 <= c_j < orders[j], in exactly one way.
  const std::vector<std::vector<std::uint8_t>>& kernel() const { return kernel_; }
  const std::vector<unsigned>& orders() const { return orders_; }

 private:
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  unsigned k_ = 2;
  std::size_t generators_ = 0;
  std::vector<std::pair<unsigned, std::size_t>> count_factors_;
  std::vector<std::vector<std::uint8_t>> kernel_;
  std::vector<unsigned> orders_;
  // K = 2
  std::size_t words_ = 0;               // words per row of ops_
  std::vector<std::uint64_t> ops_;      // E, rows x rows bits
  std::vector<std::size_t> pivot_col_;  // pivot column of each of the first rank rows
  // K > 2
  std::vector<PrimePowerFactor> parts_;
  std::vector<unsigned> lift_;  // CRT: x = sum_t x_t lift_t (mod K)
};

}  // namespace lightsout::detail
