// Internal banded Z_K solver: the press matrix of a K > 2 rules set factored once per prime power
// of K, in band form, then combined by the CRT.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "banded_gf2.hpp"
#include "lightsout/rules.hpp"

namespace lightsout::detail {

// Thrown by BandedZk when, over some Z_{p^e} with e >= 2, a column has non-zero entries left but
// none of them is a unit: row pivoting alone no longer gives the exact count there (the echelon
// form's valuations need not be the Smith invariants), so the caller solves densely instead.
class BandedZkNotApplicable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A press system A x = b over Z_K, K > 2 (A[t][j] = PressSystem's touches), factored once by
// banded Gaussian elimination with row pivoting, per prime power q = p^e of K, in the BandOrder
// BandedGf2::plan picks; any right side is then solved in O(cells * bandwidth) byte operations per
// prime power, and the parts combined by the CRT exactly as solve_rules does.
//
// Per prime power, with unknowns and equations in band order (every entry within b of the
// diagonal): column k takes its pivot from the rows of index <= k + b, the oldest one holding a
// unit; the pivot row, scaled to a leading 1, is subtracted f times from every other active row
// with an f at k. As in BandedGf2 the rows stay inside a window of 2b + 64 columns, so the
// elimination holds only the active rows as bytes, each value kept reduced mod q, and records:
//   - U: each pivot row from its pivot on (its true length: the fill, not the whole window);
//   - the multipliers f each active row received at each column, the slot each row entered and
//     the rows that became zero (a dependency among the equations: their right side must be 0).
// A column with no non-zero entry left is free. Over GF(p) every non-zero entry is a unit; over
// Z_{p^e}, e >= 2, a column whose remaining entries are all non-zero multiples of p throws
// BandedZkNotApplicable. With unit pivots only, the q-count is q^free, the kernel is free with one
// generator of order q per free column, and the solvable right sides are those whose replayed
// value vanishes on every zero row: the same numbers as dense elimination.
// Time O(cells * b^2) byte operations per prime power (simple loops the compiler vectorises),
// memory O(cells * b) bytes per prime power (see estimated_bytes).
class BandedZk {
 public:
  // An estimate of the bytes the factorisation of `cells` cells at `bandwidth` keeps for K =
  // `states` (U at up to 2b + 1 values a pivot, the multipliers of about b + 64 active rows a
  // column, the per-cell arrays), summed over the prime powers of K.
  static std::size_t estimated_bytes(std::size_t cells, std::size_t bandwidth, unsigned states);

  // Factors sys (sys.states > 2, else std::invalid_argument) in the order plan() picks, or in the
  // given one. Throws BandedZkNotApplicable as said above.
  explicit BandedZk(const PressSystem& sys);
  BandedZk(const PressSystem& sys, BandOrder order);

  // Solves A x = rhs (mod K): rhs and x hold one value in 0..K-1 per unknown, indexed like
  // PressSystem::cells. Returns false (x untouched) when there is no solution; otherwise x
  // (resized) is a solution: per prime power every free unknown 0, then the CRT. Throws
  // std::invalid_argument when rhs.size() != cells() or a value is >= K.
  bool solve(std::span<const std::uint8_t> rhs, std::vector<std::uint8_t>& x) const;
  // The minimal number of generators of {x : A x = 0}: the most free columns of a prime power.
  std::size_t nullity() const;
  // Per prime p of K, ascending: log_p of the number of solutions of A x = 0 (zeros included).
  std::vector<std::pair<unsigned, std::size_t>> count_factors() const;
  // A basis of {x : A x = 0} as solve_rules builds it: generator j sums the lifted j-th
  // generators of every prime power (one per free column, that unknown 1, the other free ones 0),
  // of order the product of their q; every quiet pattern is sum c_j g_j, 0 <= c_j < order_j, in
  // exactly one way. O(nullity * cells * b) per prime power.
  std::vector<std::vector<std::uint8_t>> kernel() const;
  std::vector<unsigned> kernel_orders() const;

  std::size_t cells() const { return n_; }
  std::size_t bandwidth() const { return band_; }
  BandOrder order() const { return order_; }
  unsigned states() const { return k_; }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

  // The factorisation over one Z_q.
  struct Part {
    unsigned p = 0;
    unsigned e = 0;
    unsigned q = 0;
    unsigned lift = 0;                  // (K/q) ((K/q)^-1 mod q) mod K: y mod q -> y mod K
    std::vector<std::uint8_t> mul;      // q x q: a b mod q
    std::vector<std::uint8_t> inverse;  // per value: its inverse mod q, 0 for a non-unit
    // U: the pivot row of column k, from column k on (u[u_begin[k]] = 1), u_begin[k + 1] -
    // u_begin[k] values; a free column has none.
    std::vector<std::uint8_t> u;
    std::vector<std::size_t> u_begin;
    std::vector<std::uint32_t> pivot_slot;    // per column: the slot of its pivot row, or kNone
    std::vector<std::uint8_t> pivot_inverse;  // per column: the inverse of its raw pivot value
    std::vector<std::uint32_t> pivot_index;   // per column: the pivot's place among active rows
    std::vector<std::uint8_t> factors;        // f per active row after the pivot, per column
    std::vector<std::size_t> factors_begin;   // factors[factors_begin[k] .. [k + 1])
    std::vector<std::uint32_t> entry_slot;    // per equation (position): its slot
    std::vector<std::uint32_t> retired;       // zero rows at the end of block q:
    std::vector<std::size_t> retired_begin;   //   retired[retired_begin[q] .. [q + 1])
    std::size_t slots = 0;                    // the most slots used at once
    std::vector<std::uint32_t> free_columns;  // ascending positions
  };

  // A by position, CSR: row p's columns and amounts (mod K) at [begin[p] .. begin[p + 1]).
  struct Rows {
    std::vector<std::size_t> begin;
    std::vector<std::uint32_t> cols;
    std::vector<std::uint8_t> amounts;
  };

  void factor(const Rows& a, Part& part) const;
  bool solve_part(const Part& part, std::span<const std::uint8_t> rhs,
                  std::vector<std::uint8_t>& x) const;
  void back_substitute(const Part& part, const std::vector<std::uint8_t>& y,
                       std::vector<std::uint8_t>& x, std::size_t last) const;

  std::size_t n_ = 0;
  std::size_t band_ = 0;
  unsigned k_ = 0;
  BandOrder order_;
  std::vector<std::uint32_t> cell_;  // position -> cell index
  std::vector<Part> parts_;
};

}  // namespace lightsout::detail
