// solve_poly: the linear-time solver, the first-row system F y = r read as H Y = R in F2[x]/(f_n).
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>
#include <vector>

#include "board_ops.hpp"
#include "chase.hpp"
#include "gf2_poly.hpp"
#include "lightsout/stream_solve.hpp"
#include "solve.hpp"

namespace lightsout {

namespace {

// H = f_m(x + 1) mod chi (deg chi = n >= 1), by h_{k+1} = (x + 1) h_k + h_{k-1} reduced every
// step, from h_{-1} = f_{-1} = 0 and h_0 = 1. Each step is one pass over n / 64 words: O(m n / 64).
Gf2Poly shifted_path_polynomial_stepwise(std::size_t m, const Gf2Poly& chi) {
  const auto n = static_cast<std::size_t>(chi.degree());
  const std::size_t words = n / 64 + 1;  // room for the degree-n term before the reduction
  const auto modulus = chi.words();
  if (n == 0) return {};  // everything is 0 mod 1
  std::vector<std::uint64_t> prev(words, 0), cur(words, 0);
  cur[0] = 1;
  for (std::size_t k = 0; k < m; ++k) {
    // prev <- (x + 1) cur + prev, in place word by word (word t reads cur[t], cur[t-1], prev[t]).
    std::uint64_t carry = 0;
    for (std::size_t t = 0; t < words; ++t) {
      const std::uint64_t v = cur[t];
      prev[t] ^= v ^ (v << 1) ^ carry;
      carry = v >> 63;
    }
    // deg((x + 1) h_k) <= n: one subtraction of chi brings it below n.
    if ((prev[n / 64] >> (n % 64)) & 1U) {
      for (std::size_t t = 0; t < modulus.size(); ++t) prev[t] ^= modulus[t];
    }
    std::swap(prev, cur);
  }
  return Gf2Poly(std::move(cur));
}

// The same H by doubling, for m much longer than n: with M = [[x + 1, 1], [1, 0]], M^k =
// [[h_k, h_{k-1}], [h_{k-1}, h_{k-2}]], so squaring gives h_{2k} = h_k^2 + h_{k-1}^2 and
// h_{2k-1} = (x + 1) h_{k-1}^2 (as h_{k-2} = h_k + (x + 1) h_{k-1}), and a step gives
// h_{k+1} = (x + 1) h_k + h_{k-1}. O(log m) products modulo chi of O(n^2 / 64) each.
Gf2Poly shifted_path_polynomial_doubling(std::size_t m, const Gf2Poly& chi) {
  Gf2Poly h = mod(Gf2Poly::one(), chi);  // h_k, from k = 0
  Gf2Poly g;                             // h_{k-1}
  for (auto bit = static_cast<int>(std::bit_width(m)) - 1; bit >= 0; --bit) {
    const Gf2Poly h2 = mulmod(h, h, chi);
    Gf2Poly g2 = mulmod(g, g, chi);
    h = h2 + g2;
    g = mod(g2.mul_x_plus_1(), chi);
    if (((m >> bit) & 1U) != 0) {
      Gf2Poly next = h;
      next.mul_x_plus_1();
      next += g;
      g = std::move(h);
      h = mod(next, chi);
    }
  }
  return h;
}

// H = f_m(x + 1) mod chi, by whichever of the two ways costs less: steps cost m words of n / 64,
// doubling about 4 log2(m) reductions of n words of n / 64.
Gf2Poly shifted_path_polynomial_mod(std::size_t m, const Gf2Poly& chi) {
  const auto n = static_cast<std::size_t>(std::max<std::int64_t>(chi.degree(), 1));
  const auto log_m = static_cast<std::size_t>(std::bit_width(m));
  if (m / 8 > log_m * n) return shifted_path_polynomial_doubling(m, chi);
  return shifted_path_polynomial_stepwise(m, chi);
}

// The polynomial half of solve_poly, from the phantom row r of the chase from y = 0 over an
// m x n board (n = the row width).
struct PolyStep {
  Gf2Poly chi;  // f_n
  Gf2Poly g;    // gcd(H, chi), of degree the nullity
  FirstRowPlan plan;
};

PolyStep poly_step(std::size_t m, std::size_t n, std::span<const std::uint64_t> r) {
  PolyStep step;
  // Step 2: F = f_m(S + I) = H(S) with H = f_m(x + 1) mod chi, chi = f_n the characteristic
  // polynomial of S. Through phi(P) = P(S) e_1, F y = r becomes H Y = R in F2[x]/(chi).
  step.chi = path_polynomial(n);
  const Gf2Poly h = shifted_path_polynomial_mod(m, step.chi);
  // Step 3: R = phi^-1(r) = sum_k r_k f_k, by Clenshaw.
  const Gf2Poly big_r = path_coordinates(r, n);
  // Step 4: g = gcd(H, chi) and s with s H = g (mod chi). H is invertible modulo chi/g only, so
  // multiplication by H has a kernel of dimension deg g: that is the nullity.
  Gf2Xgcd eg = xgcd(h, step.chi);
  step.g = std::move(eg.g);
  step.plan.nullity = static_cast<std::size_t>(step.g.degree());
  // Step 5: solvable iff g | R; then Y = (R / g) s mod chi, since H Y = (R / g)(g + t chi) = R.
  const Gf2DivMod split = divmod(big_r, step.g);
  step.plan.solvable = split.remainder.is_zero();
  // Step 6: the first press row y = phi(Y), by Horner over S.
  if (step.plan.solvable) {
    step.plan.first_row = path_vector(mulmod(split.quotient, eg.s, step.chi), n);
  }
  return step;
}

// w <- S w on the path of n cells (S = T + I).
void apply_path_adjacency(std::vector<std::uint64_t>& w, std::vector<std::uint64_t>& scratch,
                          std::uint64_t mask) {
  apply_row_operator(scratch.data(), w.data(), w.size(), mask);
  for (std::size_t t = 0; t < w.size(); ++t) scratch[t] ^= w[t];
  std::swap(w, scratch);
}

}  // namespace

// Contract: the exact answer for any board, like solve_chase (same solvable flag and nullity; the
// presses may be another solution). Presses darken the board when solvable and every kernel
// board is quiet; both are self-checked by the final chases (std::logic_error if not).
// Cost O(m n / 64 + n^2 / 64) word operations with n = min(rows, cols), plus one chase per kernel
// pattern.
SolveResult solve_poly(const Board& lights, const SolveOptions& options) {
  return detail::solve_poly_impl(lights, nullptr, options);
}

SolveResult solve_poly(Board&& lights, const SolveOptions& options) {
  return detail::solve_poly_impl(lights, &lights, options);
}

SolveResult detail::solve_poly_impl(const Board& lights, Board* consumable,
                                    const SolveOptions& options) {
  // Solving orientation: n = the shorter side across, so the polynomial work is O(n^2 / 64).
  const ProgressFn& progress = options.progress;
  // Step 1: r = the phantom row x_{m+1} of the chase from x_1 = 0. Every first row y then ends
  // with x_{m+1} = F y + r, F = f_m(T), so the board is solvable iff F y = r has a solution.
  detail::FirstRowStart start(lights, progress);
  const std::size_t m = start.frame.length();
  const std::size_t n = start.frame.width();
  const std::size_t w = start.frame.stride();
  const std::uint64_t row_mask = start.frame.row_mask();
  SolveResult result;

  // Steps 2 to 6 (poly_step): the first press row y, the nullity and whether y exists.
  detail::report_phase(progress, "polynomials");
  const PolyStep step = poly_step(m, n, start.phantom);
  const Gf2Poly& chi = step.chi;
  const Gf2Poly& g = step.g;
  result.nullity = step.plan.nullity;
  result.solvable = step.plan.solvable;

  // Step 7: chase from the first row y; the phantom row must come out dark (the self-check).
  // Kernel: H * x^j chi/g = 0 (mod chi) for j < deg g; these have distinct degrees below n, so
  // their images phi(x^j chi/g) = S^j phi(chi/g) are a basis of the quiet first rows. Each is
  // chased over a dark board into a full quiet pattern.
  const auto quiet_rows = [&] {
    std::vector<std::vector<std::uint64_t>> rows;
    if (result.nullity == 0) return rows;
    detail::report_phase(progress, "kernel");
    const Gf2Poly cofactor = divmod(chi, g).quotient;
    std::vector<std::uint64_t> first = path_vector(cofactor, n);
    std::vector<std::uint64_t> scratch(w, 0);
    result.kernel.reserve(result.nullity);
    rows.reserve(result.nullity);
    for (std::size_t j = 0; j < result.nullity; ++j) {
      if (j > 0) apply_path_adjacency(first, scratch, row_mask);
      rows.push_back(first);
    }
    return rows;
  };
  detail::finish_first_row_solve(start.frame, step.plan.first_row.data(), start.presses, consumable,
                                 quiet_rows, options, "solve_poly", result);
  return result;
}

FirstRowPlan plan_first_row(std::size_t m, std::size_t n, std::span<const std::uint64_t> phantom) {
  if (m == 0 || n == 0) throw std::invalid_argument("plan_first_row: size must be at least 1x1");
  if (phantom.size() != (n + 63) / 64) {
    throw std::invalid_argument("plan_first_row: the phantom row has the wrong length");
  }
  return poly_step(m, n, phantom).plan;
}

// deg gcd(f_m(x + 1), f_n) with n = min(m, n): the nullity of the m x n board, no board needed.
std::size_t nullity_poly(std::size_t m, std::size_t n) {
  if (m == 0 || n == 0) throw std::invalid_argument("nullity_poly: size must be at least 1x1");
  if (n > m) std::swap(m, n);
  const Gf2Poly chi = path_polynomial(n);
  return static_cast<std::size_t>(gcd(shifted_path_polynomial_mod(m, chi), chi).degree());
}

}  // namespace lightsout
