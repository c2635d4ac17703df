// Linear systems over Z_{p^e}: elimination with pivots of least p-valuation, then
// back-substitution.
//
// Why not Gauss-Jordan with modular inverses: Z_{p^e} (e > 1) is no field, a non-zero pivot such
// as 2 mod 4 has no inverse, and skipping it loses solutions. Z_{p^e} is a local ring, though:
// every element is u * p^v with u a unit and v its valuation (v = e for 0), and x divides y iff
// v(x) <= v(y). So we pivot, like the Smith normal form, on an entry of *least* valuation in the
// whole remaining submatrix:
//
//   1. Pick (i, c), i >= r, with v = v(a_ic) least (a unit, v = 0, when there is one: then this is
//      GF(p) elimination). If every remaining entry is 0, stop: rank = r.
//   2. Swap row i up to row r and multiply it by u^-1, so that the pivot is exactly p^v.
//   3. Every entry below has valuation >= v, so a_jc = t p^v with t = a_jc / p^v an integer:
//      row_j -= t row_r clears column c exactly. Remaining entries stay divisible by p^v, so the
//      pivot valuations come out non-decreasing: v_0 <= v_1 <= ... <= v_{r-1}.
//
// Only invertible row operations were used, so the solutions did not change. Now row i < r reads
//   p^{v_i} y_{c_i} + sum_j U_ij y_j = b'_i   with every U_ij divisible by p^{v_i}
// (they were in the remaining submatrix when pivot i was chosen), and rows >= r read 0 = b'_i.
//
//   Solvable  <=>  b'_i = 0 for i >= r, and p^{v_i} divides b'_i for i < r.
//
// Sufficient: set the free columns at will and go up from row r-1; the right side
// c = b'_i - sum_j U_ij y_j is then divisible by p^{v_i}, and y_{c_i} = c / p^{v_i} solves the row.
// That is one solution mod p^{e - v_i}, so p^{v_i} lifts mod p^e. Hence the count:
//
//   #solutions = q^(cols - r) * prod_i p^{v_i} = p^(e (cols - r) + sum_i v_i)   (q = p^e).
//
// A basis of the kernel: one vector per free column f (y_f = 1, other free columns 0, order q),
// and one per pivot i with v_i > 0 (y_{c_i} = p^{e - v_i}, later pivots and free columns 0, order
// p^{v_i}), each completed upwards by the same back-substitution. Every kernel element peels off
// uniquely (free coordinates first, then pivot coordinates from the last up), and the orders
// multiply to the count above, so each kernel element is sum c_j g_j, 0 <= c_j < order_j, in
// exactly one way.
#include "zk_matrix.hpp"

#include "gfp_lu.hpp"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

namespace lightsout::detail {

std::vector<std::pair<unsigned, unsigned>> factor_prime_powers(unsigned k) {
  std::vector<std::pair<unsigned, unsigned>> out;
  for (unsigned p = 2; p * p <= k; ++p) {
    unsigned e = 0;
    while (k % p == 0) {
      k /= p;
      ++e;
    }
    if (e > 0) out.emplace_back(p, e);
  }
  if (k > 1) out.emplace_back(k, 1);
  return out;
}

// Pivot columns and their valuations, in row order.
struct Echelon {
  std::vector<std::size_t> pivot_col;
  std::vector<unsigned> pivot_val;
};

namespace {

// Z_{p^e} arithmetic tables: powers of p, valuations, inverses of units.
struct Ring {
  unsigned p = 0;
  unsigned e = 0;
  unsigned q = 0;
  std::vector<unsigned> power;          // p^0 .. p^e
  std::vector<std::uint8_t> valuation;  // of 0..q-1; valuation[0] = e
  std::vector<std::uint8_t> inverse;    // of units; 0 for non-units

  Ring(unsigned prime, unsigned exponent) : p(prime), e(exponent) {
    power.push_back(1);
    for (unsigned i = 0; i < e; ++i) power.push_back(power.back() * p);
    q = power.back();
    if (q < 2 || q > 255) throw std::invalid_argument("solve_prime_power: p^e must be in 2..255");
    valuation.assign(q, static_cast<std::uint8_t>(e));
    inverse.assign(q, 0);
    for (unsigned x = 1; x < q; ++x) {
      unsigned v = 0;
      for (unsigned y = x; y % p == 0; y /= p) ++v;
      valuation[x] = static_cast<std::uint8_t>(v);
      if (v == 0) {
        for (unsigned y = 1; y < q; ++y) {
          if (x * y % q == 1) inverse[x] = static_cast<std::uint8_t>(y);
        }
      }
    }
  }
};

// Forward elimination (steps 1-3 above) of the rows x cols matrix `a`, applying every row
// operation to the rows x extra_cols matrix `extra` too (a right side, or an identity that then
// records the operations). Returns the pivots, in row order.
Echelon eliminate(std::vector<std::uint8_t>& a, std::size_t rows, std::size_t cols,
                  std::vector<std::uint8_t>& extra, std::size_t extra_cols, const Ring& ring) {
  const unsigned q = ring.q;
  const unsigned e = ring.e;
  const auto at = [&a, cols](std::size_t i, std::size_t j) -> std::uint8_t& {
    return a[i * cols + j];
  };
  const auto ex = [&extra, extra_cols](std::size_t i, std::size_t j) -> std::uint8_t& {
    return extra[i * extra_cols + j];
  };
  Echelon out;
  std::vector<std::size_t> nonzero;     // columns where the pivot row is non-zero
  std::vector<std::uint8_t> multiples;  // c * pivot row, for c in 0..q-1
  std::size_t r = 0;
  while (r < rows) {
    // 1. The entry of least valuation below row r. Used columns are zero there already.
    unsigned best = e;
    std::size_t bi = 0;
    std::size_t bc = 0;
    for (std::size_t i = r; i < rows && best > 0; ++i) {
      for (std::size_t j = 0; j < cols; ++j) {
        const unsigned v = ring.valuation[at(i, j)];
        if (v < best) {
          best = v;
          bi = i;
          bc = j;
          if (v == 0) break;
        }
      }
    }
    if (best == e) break;  // the remaining submatrix is zero
    // 2. Bring it to row r and scale the pivot to p^v: a = u p^v, u = a / p^v is a unit mod q.
    if (bi != r) {
      for (std::size_t j = 0; j < cols; ++j) std::swap(at(bi, j), at(r, j));
      for (std::size_t j = 0; j < extra_cols; ++j) std::swap(ex(bi, j), ex(r, j));
    }
    const unsigned unit_inverse = ring.inverse[at(r, bc) / ring.power[best]];
    nonzero.clear();
    for (std::size_t j = 0; j < cols; ++j) {
      if (at(r, j) == 0) continue;
      at(r, j) = static_cast<std::uint8_t>(at(r, j) * unit_inverse % q);
      nonzero.push_back(j);
    }
    for (std::size_t j = 0; j < extra_cols; ++j) {
      ex(r, j) = static_cast<std::uint8_t>(ex(r, j) * unit_inverse % q);
    }
    // 3. Clear column bc below: a_ic = t p^v exactly, since v is least, so row_i += (q - t) row_r.
    // The multiples c * row_r (mod q) are tabulated once per pivot, so that each update is an
    // addition mod q (a compare and a subtract, which vectorises) instead of a division. Sparse
    // pivot rows (the press matrices of the dense path) update only their non-zero columns.
    const bool sparse = nonzero.size() * 4 < cols;
    const std::size_t span = sparse ? nonzero.size() : cols;  // table columns of the a part
    const std::size_t width = span + extra_cols;
    multiples.resize(std::size_t{q} * width);
    for (unsigned c = 1; c < q; ++c) {
      std::uint8_t* m = multiples.data() + std::size_t{c} * width;
      if (sparse) {
        for (std::size_t k = 0; k < span; ++k) {
          m[k] = static_cast<std::uint8_t>(c * at(r, nonzero[k]) % q);
        }
      } else {
        for (std::size_t j = 0; j < cols; ++j) m[j] = static_cast<std::uint8_t>(c * at(r, j) % q);
      }
      for (std::size_t j = 0; j < extra_cols; ++j) {
        m[span + j] = static_cast<std::uint8_t>(c * ex(r, j) % q);
      }
    }
    const auto add_row = [q](std::uint8_t* dst, const std::uint8_t* src, std::size_t n) {
      for (std::size_t j = 0; j < n; ++j) {
        const unsigned v = unsigned{dst[j]} + src[j];
        dst[j] = static_cast<std::uint8_t>(v >= q ? v - q : v);
      }
    };
    for (std::size_t i = r + 1; i < rows; ++i) {
      const unsigned t = at(i, bc) / ring.power[best];
      if (t == 0) continue;
      const std::uint8_t* m = multiples.data() + std::size_t{q - t} * width;
      if (sparse) {
        for (std::size_t k = 0; k < span; ++k) {
          std::uint8_t& x = at(i, nonzero[k]);
          const unsigned v = unsigned{x} + m[k];
          x = static_cast<std::uint8_t>(v >= q ? v - q : v);
        }
      } else {
        add_row(&at(i, 0), m, cols);
      }
      if (extra_cols > 0) add_row(&ex(i, 0), m + span, extra_cols);
    }
    out.pivot_col.push_back(bc);
    out.pivot_val.push_back(best);
    ++r;
  }
  return out;
}

// Back-substitution through rows from-1 .. 0 of the echelon form: y[c_i] = (rhs_i - sum_j U_ij
// y_j) / p^{v_i}. Row i's entries in the columns of earlier pivots are zero, so summing over all
// j != c_i is the same as over the later columns.
// Sums of products are reduced every kReduceEvery terms: 4096 terms of at most 254 * 254 stay
// below 2^32.
constexpr std::size_t kReduceEvery = 4096;

void back_substitute(const std::vector<std::uint8_t>& a, std::size_t cols, const Echelon& ech,
                     const Ring& ring, std::span<const std::uint8_t> rhs, std::size_t from,
                     std::span<std::uint8_t> y) {
  const unsigned q = ring.q;
  for (std::size_t i = from; i-- > 0;) {
    const std::uint8_t* row = a.data() + i * cols;
    const std::size_t pivot = ech.pivot_col[i];
    unsigned sum = 0;
    for (std::size_t j0 = 0; j0 < cols; j0 += kReduceEvery) {
      const std::size_t j1 = std::min(cols, j0 + kReduceEvery);
      for (std::size_t j = j0; j < j1; ++j) sum += row[j] * unsigned{y[j]};
      sum %= q;
    }
    sum = (sum + q - row[pivot] * unsigned{y[pivot]} % q) % q;  // the pivot's own term
    const unsigned c = (rhs[i] + q - sum) % q;
    if (c % ring.power[ech.pivot_val[i]] != 0) {
      throw std::logic_error("solve_prime_power: back-substitution met a non-divisible value");
    }
    y[pivot] = static_cast<std::uint8_t>(c / ring.power[ech.pivot_val[i]]);
  }
}

// Counts and the kernel basis of an echelon form (see the top of this file).
void kernel_of(const std::vector<std::uint8_t>& a, std::size_t rows, std::size_t cols,
               const Echelon& ech, const Ring& ring, bool want_kernel, PrimePowerSolution& out) {
  const std::size_t r = ech.pivot_col.size();
  out.rank = r;
  out.count_exponent = static_cast<std::size_t>(ring.e) * (cols - r);
  out.generators = cols - r;
  for (const unsigned v : ech.pivot_val) {
    out.count_exponent += v;
    if (v > 0) ++out.generators;
  }
  if (!want_kernel) return;
  const std::vector<std::uint8_t> zero(rows, 0);
  std::vector<bool> is_pivot(cols, false);
  for (const std::size_t c : ech.pivot_col) is_pivot[c] = true;
  for (std::size_t f = 0; f < cols; ++f) {
    if (is_pivot[f]) continue;
    std::vector<std::uint8_t> y(cols, 0);
    y[f] = 1;
    back_substitute(a, cols, ech, ring, zero, r, y);
    out.kernel.push_back(std::move(y));
    out.orders.push_back(ring.q);
  }
  for (std::size_t i = 0; i < r; ++i) {
    if (ech.pivot_val[i] == 0) continue;
    std::vector<std::uint8_t> y(cols, 0);
    y[ech.pivot_col[i]] = static_cast<std::uint8_t>(ring.power[ring.e - ech.pivot_val[i]]);
    back_substitute(a, cols, ech, ring, zero, i, y);
    out.kernel.push_back(std::move(y));
    out.orders.push_back(ring.power[ech.pivot_val[i]]);
  }
}

}  // namespace

PrimePowerSolution solve_prime_power(std::vector<std::uint8_t> a, std::vector<std::uint8_t> b,
                                     std::size_t rows, std::size_t cols, unsigned p, unsigned e,
                                     bool want_kernel) {
  const Ring ring(p, e);
  if (a.size() != rows * cols || b.size() != rows) {
    throw std::invalid_argument("solve_prime_power: matrix and right side sizes disagree");
  }
  const Echelon ech = eliminate(a, rows, cols, b, 1, ring);
  const std::size_t r = ech.pivot_col.size();
  PrimePowerSolution out;
  kernel_of(a, rows, cols, ech, ring, want_kernel, out);
  out.solvable = true;
  for (std::size_t i = 0; i < rows; ++i) {
    const bool ok = i < r ? b[i] % ring.power[ech.pivot_val[i]] == 0 : b[i] == 0;
    if (!ok) out.solvable = false;
  }
  out.solution.assign(cols, 0);
  if (out.solvable) back_substitute(a, cols, ech, ring, b, r, out.solution);
  return out;
}

PrimePowerFactor::PrimePowerFactor(std::vector<std::uint8_t> a, std::size_t rows, std::size_t cols,
                                   unsigned p, unsigned e, bool want_kernel)
    : rows_(rows), cols_(cols), p_(p), e_(e), a_(std::move(a)) {
  const Ring ring(p, e);
  if (a_.size() != rows * cols) throw std::invalid_argument("PrimePowerFactor: matrix size");
  if (e == 1 && p > 2 && rows >= kMinBlockedRows) {
    // A field: the blocked LU, without the row operations' matrix.
    lu_ = std::make_shared<const GfpLu>(std::move(a_), rows, cols, p);
    a_ = {};
    facts_.rank = lu_->rank();
    facts_.count_exponent = cols - facts_.rank;
    facts_.generators = cols - facts_.rank;
    if (want_kernel) {
      std::vector<bool> is_pivot(cols, false);
      for (const std::size_t c : lu_->pivot_cols()) is_pivot[c] = true;
      for (std::size_t f = 0; f < cols; ++f) {
        if (is_pivot[f]) continue;
        facts_.kernel.push_back(lu_->kernel_vector(f));
        facts_.orders.push_back(p);
      }
    }
    return;
  }
  ops_.assign(rows * rows, 0);
  for (std::size_t i = 0; i < rows; ++i) ops_[i * rows + i] = 1;
  const Echelon ech = eliminate(a_, rows, cols, ops_, rows, ring);
  pivot_col_ = ech.pivot_col;
  pivot_val_ = ech.pivot_val;
  kernel_of(a_, rows, cols, ech, ring, want_kernel, facts_);
  echelon_ = std::make_shared<const Echelon>(ech);
}

bool PrimePowerFactor::solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const {
  if (lu_) return lu_->solve(b, y);
  const Ring ring(p_, e_);
  const unsigned q = ring.q;
  // b' = E b: the right side as the elimination would have left it.
  std::vector<std::uint8_t> bb(rows_);
  for (std::size_t i = 0; i < rows_; ++i) {
    const std::uint8_t* row = ops_.data() + i * rows_;
    unsigned sum = 0;
    for (std::size_t j0 = 0; j0 < rows_; j0 += kReduceEvery) {
      const std::size_t j1 = std::min(rows_, j0 + kReduceEvery);
      for (std::size_t j = j0; j < j1; ++j) sum += row[j] * unsigned{b[j]};
      sum %= q;
    }
    bb[i] = static_cast<std::uint8_t>(sum);
  }
  const std::size_t r = pivot_col_.size();
  for (std::size_t i = 0; i < rows_; ++i) {
    const bool ok = i < r ? bb[i] % ring.power[pivot_val_[i]] == 0 : bb[i] == 0;
    if (!ok) return false;
  }
  std::fill(y.begin(), y.end(), 0);
  back_substitute(a_, cols_, *echelon_, ring, bb, r, y);
  return true;
}

}  // namespace lightsout::detail
