// board_info and quiet_patterns: the nullity from the size alone, by NTL polynomial arithmetic.
#include "classic_info.hpp"

#include <NTL/GF2X.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "nullity_oracle.hpp"
#include "solve.hpp"

// The factored formula board_info uses (derived here; checked against elimination for every size
// up to 60 x 60 and against the plain gcd far beyond, in tests/unit/info_test.cpp).
//
// Over GF(2) write x = t + 1/t. Then f_k = (t^(k+1) + t^-(k+1)) / (t + 1/t), so for
// k + 1 = 2^a b with b odd, since squaring is additive in characteristic 2,
//     f_k = x^(2^a - 1) p_b^(2^(a+1)),   p_b = f_j + f_{j-1} with j = (b - 1) / 2,
// (by induction: f_{2j} = (f_j + f_{j-1})^2 and f_{2j+1} = x f_j^2). The roots of p_b are the
// values t + 1/t for the b-th roots of unity t != 1, one per pair {t, 1/t}; b is odd, so these
// are (b - 1) / 2 = deg p_b distinct values: p_b is square-free. Its root 0 would need t = 1, so
// x does not divide p_b; x + 1 divides p_b iff t^2 + t + 1 = 0 has roots among them, iff 3 | b.
//
// Now let n + 1 = 2^a b and m + 1 = 2^c e (b, e odd). Then
//     f_n(x)     = x^(2^a - 1)       p_b(x)^(2^(a+1)),
//     f_m(x + 1) = (x + 1)^(2^c - 1) p_e(x + 1)^(2^(c+1)),
// and deg gcd adds up, over the irreducible factors, the smaller multiplicity times the degree:
//   - x: 2^a - 1 in f_n; 2^(c+1) in f_m(x + 1) when x | p_e(x + 1), i.e. 3 | e, else 0;
//   - x + 1: 2^(a+1) in f_n when 3 | b, else 0; 2^c - 1 in f_m(x + 1);
//   - the other common factors are those of G = gcd(p_b(x), p_e(x + 1)) (square-free, prime to
//     x(x + 1)), each with multiplicities 2^(a+1) and 2^(c+1).
// So   nullity = min(2^a - 1, [3 | e] 2^(c+1)) + min([3 | b] 2^(a+1), 2^c - 1)
//              + 2^(min(a, c) + 1) deg G.
// x -> x + 1 is an automorphism, so deg G = deg gcd(p_e(x), p_b(x + 1)): the modulus is the
// p of the smaller odd part, of degree at most n / 2. This halves the gcd of the plain formula,
// and sizes such as 2^k - 1 need no polynomial at all.

namespace lightsout {

namespace {

using NTL::GF2X;
using NTL::GF2XModulus;

// (f_k(y), f_{k-1}(y)), y = x or x + 1.
struct PathPair {
  GF2X cur;
  GF2X prev;
};

// out = y * a (mod F when F is non-null), y = x + 1 when `shifted`, else x. out and a distinct.
void times_y(GF2X& out, const GF2X& a, bool shifted, const GF2XModulus* F) {
  if (F != nullptr) {
    NTL::MulByXMod(out, a, *F);
  } else {
    NTL::LeftShift(out, a, 1);
  }
  if (shifted) NTL::add(out, out, a);
}

// Contract: returns (f_k(y), f_{k-1}(y)) with f_{-1} = 0, y = x (+ 1 when `shifted`), each
// reduced modulo F when F is non-null (then deg F >= 1).
// The 2x2 matrix powering of M = [[y, 1], [1, 0]]: M^k = [[f_k, f_{k-1}], [f_{k-1}, f_{k-2}]] is
// symmetric, so the pair (p, q) = (f_k, f_{k-1}) carries it whole, f_{k-2} = p + y q. Squaring
// M^k gives (p^2 + q^2, q (p + f_{k-2})) = (p^2 + q^2, y q^2), and multiplying by M gives
// (y p + q, p). Left-to-right over the bits of k, a step is two squarings (linear over GF(2),
// plus a reduction when F is set) and multiplications by y: no general product at all.
PathPair path_pair(std::uint64_t k, bool shifted, const GF2XModulus* F) {
  PathPair s;
  NTL::set(s.cur);  // M^0 = I: (f_0, f_{-1}) = (1, 0)
  NTL::clear(s.prev);
  if (k == 0) return s;
  GF2X p2, q2, t;
  for (int bit = static_cast<int>(std::bit_width(k)) - 1; bit >= 0; --bit) {
    if (F != nullptr) {
      NTL::SqrMod(p2, s.cur, *F);
      NTL::SqrMod(q2, s.prev, *F);
    } else {
      NTL::sqr(p2, s.cur);
      NTL::sqr(q2, s.prev);
    }
    NTL::add(s.cur, p2, q2);
    times_y(s.prev, q2, shifted, F);
    if ((k >> bit) & 1U) {
      times_y(t, s.cur, shifted, F);
      NTL::add(t, t, s.prev);
      std::swap(s.prev, s.cur);
      std::swap(s.cur, t);
    }
  }
  return s;
}

// p_b = f_j + f_{j-1}, j = (b - 1) / 2, of the variable x (+ 1 when `shifted`), mod F if set.
GF2X square_free_part(std::uint64_t b, bool shifted, const GF2XModulus* F) {
  PathPair s = path_pair((b - 1) / 2, shifted, F);
  NTL::add(s.cur, s.cur, s.prev);
  return s.cur;
}

std::string size_text(std::uint64_t rows, std::uint64_t cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

void check_size(std::uint64_t rows, std::uint64_t cols, const char* what) {
  if (rows == 0 || cols == 0) {
    throw std::invalid_argument(std::string(what) + ": size must be at least 1x1");
  }
  if (rows > kMaxInfoSide || cols > kMaxInfoSide ||
      rows > std::numeric_limits<std::uint64_t>::max() / cols) {
    throw std::invalid_argument(std::string(what) + ": " + size_text(rows, cols) +
                                " is too large (sides up to 2^62, at most 2^64 - 1 cells)");
  }
}

std::uint64_t pow2(std::uint64_t k) { return std::uint64_t{1} << k; }

// Contract: rows, cols checked by check_size. The nullity by the factored formula (see the top of
// this file): two odd parts, at most three polynomial powerings and one half-gcd on the smaller.
std::uint64_t factored_nullity(std::uint64_t m, std::uint64_t n) {
  const auto a = static_cast<std::uint64_t>(std::countr_zero(n + 1));
  const std::uint64_t b = (n + 1) >> a;
  const auto c = static_cast<std::uint64_t>(std::countr_zero(m + 1));
  const std::uint64_t e = (m + 1) >> c;
  const std::uint64_t at_x = std::min(pow2(a) - 1, e % 3 == 0 ? pow2(c + 1) : 0);
  const std::uint64_t at_x_plus_1 = std::min(b % 3 == 0 ? pow2(a + 1) : 0, pow2(c) - 1);
  std::uint64_t common = 0;  // deg G
  const std::uint64_t small = std::min(b, e);
  const std::uint64_t big = std::max(b, e);
  if (small > 1) {  // p_1 = 1: no common factor
    const GF2X modulus = square_free_part(small, false, nullptr);
    const GF2XModulus F(modulus);
    const GF2X reduced = square_free_part(big, true, &F);
    common = static_cast<std::uint64_t>(NTL::deg(NTL::GCD(reduced, modulus)));
  }
  return at_x + at_x_plus_1 + pow2(std::min(a, c) + 1) * common;
}

}  // namespace

BoardInfo board_info(std::size_t rows, std::size_t cols) {
  check_size(rows, cols, "board_info");
  BoardInfo info;
  info.rows = rows;
  info.cols = cols;
  const std::uint64_t nullity = factored_nullity(rows, cols);
  if (nullity > std::min<std::uint64_t>(rows, cols)) {
    throw std::logic_error("board_info: nullity above the shorter side for " +
                           size_text(rows, cols));
  }
  info.nullity = static_cast<std::size_t>(nullity);
  info.solvable_log2 = std::uint64_t{rows} * cols - nullity;
  info.all_solvable = nullity == 0;
  return info;
}

// Contract: see the header. The limits are checked from the size and board_info before
// solve_poly allocates anything.
std::vector<Board> quiet_patterns(std::size_t rows, std::size_t cols) {
  check_size(rows, cols, "quiet_patterns");
  const std::uint64_t cells = std::uint64_t{rows} * cols;
  if (cells > kMaxKernelCells) {
    throw std::length_error("quiet patterns of " + size_text(rows, cols) + ": " +
                            std::to_string(cells) + " cells, more than the limit of " +
                            std::to_string(kMaxKernelCells));
  }
  const BoardInfo info = board_info(rows, cols);
  if (info.nullity > kMaxKernelTotalCells / cells) {
    throw std::length_error("quiet patterns of " + size_text(rows, cols) + ": " +
                            std::to_string(info.nullity) + " patterns of " + std::to_string(cells) +
                            " cells, more than the limit of " +
                            std::to_string(kMaxKernelTotalCells) + " cells in all");
  }
  if (info.nullity == 0) return {};
  SolveOptions options;
  options.kernel = true;
  SolveResult result = solve_poly(Board(rows, cols), options);
  if (result.nullity != info.nullity || result.kernel.size() != info.nullity) {
    throw std::logic_error("quiet_patterns: solve_poly found " +
                           std::to_string(result.kernel.size()) + " patterns, board_info says " +
                           std::to_string(info.nullity) + " for " + size_text(rows, cols));
  }
  return std::move(result.kernel);
}

std::size_t nullity_direct_gcd(std::size_t rows, std::size_t cols) {
  check_size(rows, cols, "nullity_direct_gcd");
  const std::uint64_t n = std::min<std::uint64_t>(rows, cols);
  const std::uint64_t m = std::max<std::uint64_t>(rows, cols);
  const GF2X chi = path_pair(n, false, nullptr).cur;  // f_n, degree n >= 1
  const GF2XModulus F(chi);
  const GF2X h = path_pair(m, true, &F).cur;  // f_m(x + 1) mod f_n
  return static_cast<std::size_t>(NTL::deg(NTL::GCD(h, chi)));
}

}  // namespace lightsout
