// The first cells of the rows of a chase over a dark board, from 2n rows and a linear recurrence.
#include <algorithm>
#include <utility>
#include <vector>

#include "board_ops.hpp"
#include "chase.hpp"
#include "gf2_poly.hpp"

namespace lightsout::detail {

// P(z) = z^n f_n(z + 1/z + 1), by p_{k+1} = (z^2 + z + 1) p_k + z^2 p_{k-1} from p_0 = 1 and
// p_1 = z^2 + z + 1 (p_k = z^k f_k(y) with y = z + 1/z + 1, as f_{k+1} = y f_k + f_{k-1}).
// O(n^2 / 64).
Gf2Poly dark_chase_recurrence(std::size_t n) {
  Gf2Poly prev = Gf2Poly::one();
  Gf2Poly cur = Gf2Poly(std::vector<std::uint64_t>{7});
  if (n == 0) return prev;
  for (std::size_t k = 1; k < n; ++k) {
    Gf2Poly next = cur;
    next.add_shifted(cur, 1);
    next.add_shifted(cur, 2);
    next.add_shifted(prev, 2);
    prev = std::move(cur);
    cur = std::move(next);
  }
  return cur;
}

// Contract: edge bit j (j < m) = cell 0 of x_{j+1}, for the chase x_1 = first, x_{k+1} = T x_k +
// x_{k-1} over dark rows of n cells; `edge` holds m / 64 rounded up words, bits past m zero.
// The pair (x_k, x_{k-1}) moves by M = [[T, I], [I, 0]], whose characteristic polynomial is
// det(z^2 + z T + 1) = z^n det((z + 1/z) I + T) = P(z) (T = S + I and det(y I + S) = f_n(y)),
// monic of degree 2n and palindromic. By Cayley-Hamilton every coordinate of x_{k+1} obeys the
// recurrence of P, so the generating function of the edge bits is A(z) / P(z) (P reversed is P)
// with deg A < 2n: the first 2n bits by chasing give A = (their series) P mod z^(2n), and the
// rest is a power-series quotient. O(n^2 / 64 + M(m)) instead of the m n / 64 of chasing it all
// (which short rows still do).
// `recurrence` is dark_chase_recurrence(n) (nullptr: computed here).
void dark_first_column(const std::uint64_t* first, std::size_t n, std::size_t m,
                       const Gf2Poly* recurrence, std::uint64_t* edge) {
  const std::size_t words = (m + 63) / 64;
  std::fill(edge, edge + words, std::uint64_t{0});
  const std::size_t w = (n + 63) / 64;
  const std::uint64_t mask = n % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n % 64)) - 1;
  const std::size_t head = n <= kDarkChaseDirectCells ? m : std::min(m, 2 * n);
  std::vector<std::uint64_t> rows(3 * w, 0);
  std::uint64_t* prev = rows.data();
  std::uint64_t* cur = prev + w;
  std::uint64_t* next = cur + w;
  std::copy_n(first, w, cur);
  for (std::size_t j = 0; j < head; ++j) {
    edge[j / 64] |= (cur[0] & 1U) << (j % 64);
    apply_row_operator(next, cur, w, mask);
    for (std::size_t t = 0; t < w; ++t) next[t] ^= prev[t];
    std::swap(prev, cur);
    std::swap(cur, next);
  }
  if (head == m) return;
  Gf2Poly own;
  if (recurrence == nullptr) {
    own = dark_chase_recurrence(n);
    recurrence = &own;
  }
  Gf2Poly a = Gf2Poly(std::vector<std::uint64_t>(edge, edge + (head + 63) / 64)) * *recurrence;
  std::vector<std::uint64_t> low(
      a.words().begin(), a.words().begin() + static_cast<std::ptrdiff_t>(
                                                 std::min(a.words().size(), (head + 63) / 64)));
  if (head % 64 != 0 && low.size() == (head + 63) / 64) {
    low.back() &= (std::uint64_t{1} << (head % 64)) - 1;
  }
  const Gf2Poly series = series_quotient(Gf2Poly(std::move(low)), *recurrence, m);
  const auto s = series.words();
  std::copy_n(s.begin(), std::min(s.size(), words), edge);
}

}  // namespace lightsout::detail
