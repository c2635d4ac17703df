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

}  // namespace

PrimePowerSolution solve_prime_power(std::vector<std::uint8_t> a, std::vector<std::uint8_t> b,
                                     std::size_t rows, std::size_t cols, unsigned p, unsigned e,
                                     bool want_kernel) {
  const Ring ring(p, e);
  const unsigned q = ring.q;
  if (a.size() != rows * cols || b.size() != rows) {
    throw std::invalid_argument("solve_prime_power: matrix and right side sizes disagree");
  }
  const auto at = [&a, cols](std::size_t i, std::size_t j) -> std::uint8_t& {
    return a[i * cols + j];
  };

  // Forward elimination (steps 1-3 above).
  std::vector<std::size_t> pivot_col;
  std::vector<unsigned> pivot_val;
  std::vector<std::size_t> nonzero;  // columns where the pivot row is non-zero
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
      std::swap(b[bi], b[r]);
    }
    const unsigned unit_inverse = ring.inverse[at(r, bc) / ring.power[best]];
    nonzero.clear();
    for (std::size_t j = 0; j < cols; ++j) {
      if (at(r, j) == 0) continue;
      at(r, j) = static_cast<std::uint8_t>(at(r, j) * unit_inverse % q);
      nonzero.push_back(j);
    }
    b[r] = static_cast<std::uint8_t>(b[r] * unit_inverse % q);
    // 3. Clear column bc below: a_ic = t p^v exactly, since v is least.
    for (std::size_t i = r + 1; i < rows; ++i) {
      const unsigned t = at(i, bc) / ring.power[best];
      if (t == 0) continue;
      const unsigned minus_t = q - t;
      for (const std::size_t j : nonzero) {
        at(i, j) = static_cast<std::uint8_t>((at(i, j) + minus_t * at(r, j)) % q);
      }
      b[i] = static_cast<std::uint8_t>((b[i] + minus_t * b[r]) % q);
    }
    pivot_col.push_back(bc);
    pivot_val.push_back(best);
    ++r;
  }

  PrimePowerSolution out;
  out.rank = r;
  out.count_exponent = static_cast<std::size_t>(e) * (cols - r);
  out.generators = cols - r;
  for (const unsigned v : pivot_val) {
    out.count_exponent += v;
    if (v > 0) ++out.generators;
  }

  // Back-substitution through rows from-1 .. 0: y[c_i] = (rhs_i - sum_j U_ij y_j) / p^{v_i}.
  // Row i's entries in the columns of earlier pivots are zero, so summing over all j != c_i is
  // the same as over the later columns.
  const auto back_substitute = [&](const std::vector<std::uint8_t>& rhs, std::size_t from,
                                   std::vector<std::uint8_t>& y) {
    for (std::size_t i = from; i-- > 0;) {
      unsigned sum = 0;
      for (std::size_t j = 0; j < cols; ++j) {
        if (j != pivot_col[i]) sum = (sum + at(i, j) * unsigned{y[j]}) % q;
      }
      const unsigned c = (rhs[i] + q - sum) % q;
      if (c % ring.power[pivot_val[i]] != 0) {
        throw std::logic_error("solve_prime_power: back-substitution met a non-divisible value");
      }
      y[pivot_col[i]] = static_cast<std::uint8_t>(c / ring.power[pivot_val[i]]);
    }
  };

  out.solvable = true;
  for (std::size_t i = 0; i < rows; ++i) {
    const bool ok = i < r ? b[i] % ring.power[pivot_val[i]] == 0 : b[i] == 0;
    if (!ok) out.solvable = false;
  }
  out.solution.assign(cols, 0);
  if (out.solvable) back_substitute(b, r, out.solution);

  if (want_kernel) {
    const std::vector<std::uint8_t> zero(rows, 0);
    std::vector<bool> is_pivot(cols, false);
    for (const std::size_t c : pivot_col) is_pivot[c] = true;
    for (std::size_t f = 0; f < cols; ++f) {
      if (is_pivot[f]) continue;
      std::vector<std::uint8_t> y(cols, 0);
      y[f] = 1;
      back_substitute(zero, r, y);
      out.kernel.push_back(std::move(y));
      out.orders.push_back(q);
    }
    for (std::size_t i = 0; i < r; ++i) {
      if (pivot_val[i] == 0) continue;
      std::vector<std::uint8_t> y(cols, 0);
      y[pivot_col[i]] = static_cast<std::uint8_t>(ring.power[e - pivot_val[i]]);
      back_substitute(zero, i, y);
      out.kernel.push_back(std::move(y));
      out.orders.push_back(ring.power[pivot_val[i]]);
    }
  }
  return out;
}

}  // namespace lightsout::detail
