// Internal: linear systems over Z_{p^e} (and so GF(p)) by elimination with pivots of least
// p-valuation; solve_rules combines the prime powers of K by the CRT.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace lightsout::detail {

// K = prod p^e: the pairs (p, e), p ascending. K >= 1 (1 gives none).
std::vector<std::pair<unsigned, unsigned>> factor_prime_powers(unsigned k);

// Everything about A x = b over Z_q, q = p^e.
struct PrimePowerSolution {
  bool solvable = false;
  std::vector<std::uint8_t> solution;  // one value in 0..q-1 per column (all 0 when !solvable)
  std::size_t rank = 0;                // pivots found (over GF(p): the rank)
  // log_p of the number of solutions of A x = 0: e * (cols - rank) + the sum of the pivot
  // valuations. Every solvable b has exactly that many solutions.
  std::size_t count_exponent = 0;
  // The minimal number of generators of that kernel: cols - rank + the pivots of valuation > 0.
  std::size_t generators = 0;
  // A basis of the kernel module {x : A x = 0}: every element is sum c_j kernel[j] with
  // 0 <= c_j < orders[j] in exactly one way, and kernel[j] has additive order orders[j].
  // First one vector per free column (order q), then one per pivot of valuation v > 0 (order
  // p^v), so its size is the minimal number of generators. Filled only when asked for.
  std::vector<std::vector<std::uint8_t>> kernel;
  std::vector<unsigned> orders;
};

// Solves A x = b over Z_{p^e} (p prime, q = p^e <= 255): `a` is rows x cols row-major, every
// entry and every b[i] in 0..q-1; the kernel basis is built when `want_kernel`.
// Cost O(rows * cols * min(rows, cols)) for the elimination plus O(rank * cols) per vector built.
// For e = 1 this is plain Gaussian elimination over GF(p) with modular inverses.
PrimePowerSolution solve_prime_power(std::vector<std::uint8_t> a, std::vector<std::uint8_t> b,
                                     std::size_t rows, std::size_t cols, unsigned p, unsigned e,
                                     bool want_kernel);

struct Echelon;  // the pivots of an elimination (zk_matrix.cpp)
class GfpLu;     // gfp_lu.hpp

// A x = b over Z_{p^e} for many right sides: the elimination runs once, on A and an identity
// that records its row operations E; solve() then costs E b (rows^2) and a back-substitution
// (rank * cols). Memory rows * (rows + cols) bytes: meant for small systems (thousands of rows).
// Over a field GF(p), p odd, with 64 rows or more, it is the blocked LU of gfp_lu.hpp instead
// (a third of the work, rows * cols bytes, the same answers up to the choice of solution).
class PrimePowerFactor {
 public:
  PrimePowerFactor(std::vector<std::uint8_t> a, std::size_t rows, std::size_t cols, unsigned p,
                   unsigned e, bool want_kernel);
  // A solution of A y = b into y (cols values), or false when there is none.
  bool solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const;
  // rank, count_exponent, generators, kernel, orders as in PrimePowerSolution (no solution).
  const PrimePowerSolution& facts() const { return facts_; }

 private:
  std::size_t rows_, cols_;
  unsigned p_, e_;
  std::vector<std::uint8_t> a_;    // the echelon form
  std::vector<std::uint8_t> ops_;  // E, rows x rows
  std::vector<std::size_t> pivot_col_;
  std::vector<unsigned> pivot_val_;
  std::shared_ptr<const Echelon> echelon_;  // the same pivots, as the elimination keeps them
  // For a field GF(p), p odd, from kMinBlockedRows rows on: the blocked LU instead of all the
  // above.
  static constexpr std::size_t kMinBlockedRows = 64;
  std::shared_ptr<const GfpLu> lu_;
  PrimePowerSolution facts_;
};

}  // namespace lightsout::detail
