// wrap_facts: torus and cylinder nullities from the size alone, by NTL polynomials over GF(p).
#include "wrap_facts.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "chase_plus.hpp"
#include "zk_matrix.hpp"

#ifndef __EMSCRIPTEN__
#include <NTL/GF2X.h>
#include <NTL/lzz_pX.h>
#endif

// The derivation (docs/solver-math.md, "Torus and cylinder facts by polynomials"), in short.
// Over F = GF(p), x is the cyclic shift along the side of length m that the polynomials run
// along, B = F[x]/(t), t = x^m - 1, and c = x + x^-1 + s (s = 1 with the button).
//
// Cylinder (m = cols, the side that wraps; the rows are a path of length n): the n x n path
// matrix with s on its diagonal makes F^n the cyclic module F[v]/(chi_n(v)),
// chi_n(v) = f_n(v - s) (f_0 = 1, f_1 = z, f_k = z f_(k-1) - f_(k-2)), and the press operator is
// v + x + x^-1, so the quiet patterns have the dimension of F[x]/(t, chi_n(-x - x^-1)):
//     nullity = deg gcd(f_n(-c) mod t, t).
//
// Torus (m the side whose odd part, p-free part, is smaller): with Y the shift of the other
// side, of length n, the press operator is a = c + Y + Y^-1 on A = B[y]/(y^n - 1). y is a unit,
// so (a) = (y a), y a = y^2 + c y + 1 is monic, R = B[y]/(y^2 + c y + 1) is free over B on
// {1, y}, and A/(a) = R/(y^n - 1). With y^n = alpha + beta y in R, multiplication by y^n - 1 is
// the B-matrix M = [[alpha - 1, -beta], [beta, alpha - 1 - c beta]] and A/(a) = coker over F[x]
// of [M | t I]. Its Smith form: d1 = g = gcd(t, alpha - 1, beta), d1 d2 = gcd(D, t g), D = det M
// of the lifts (the other 2 x 2 minors are t times entries, and t^2), so the nullity is
// deg g + deg gcd(D / g, t). As g^2 | D, every common factor of D / g and t divides
// h = gcd(D mod t, t): deg gcd(D / g, t) = deg gcd((D mod g h) / g, h).
//
// Both answers are lengths of F[x]-modules supported on the primes q | t that divide the
// determinant, so t may be replaced by any T | t with v_q(T) = v_q(t) at those q. Write
// m = p^a m' (p not dividing m'): t = u^N with u = x^m' - 1 square-free and N = p^a. Stage 1
// finds those primes in B_u = F[x]/(u): h1 = gcd(det mod u, u) (1: the nullity is 0). Stage 2
// repeats the computation modulo T = h1^N = h1(x^N) (Frobenius: coefficients in GF(p)), whose
// degree is N deg h1 <= m. So the work is at degree m' and N deg h1, e.g. 15625 and a few
// hundred for 10^6 x 10^6 over GF(2). When N = 1 (t square-free) everything depends on x only
// through z = x + x^-1, and nullity_square_free works at half the degree.

namespace lightsout::detail {

namespace {

bool square_free(unsigned k) {
  const auto powers = factor_prime_powers(k);
  return std::all_of(powers.begin(), powers.end(), [](const auto& pe) { return pe.second == 1; });
}

// The side the polynomials run along and the side powered over: a cylinder's columns (the side
// that wraps) and rows; on a torus the side of smaller p-free part among those within the
// limit (the work is at that degree), the shorter on a tie.
struct Sides {
  std::uint64_t poly = 0;
  std::uint64_t power = 0;
};

std::uint64_t p_free(std::uint64_t k, unsigned p) {
  while (k != 0 && k % p == 0) k /= p;
  return k;
}

Sides sides_of(bool torus, unsigned p, std::uint64_t rows, std::uint64_t cols) {
  if (!torus) return {cols, rows};
  const std::uint64_t small = std::min(rows, cols);
  const std::uint64_t big = std::max(rows, cols);
  if (big <= kMaxWrapFactsSide && p_free(big, p) < p_free(small, p)) return {big, small};
  return {small, big};
}

#ifndef __EMSCRIPTEN__

template <class P>
struct Traits;
template <>
struct Traits<NTL::GF2X> {
  using Modulus = NTL::GF2XModulus;
  static constexpr bool kChar2 = true;
};
template <>
struct Traits<NTL::zz_pX> {
  using Modulus = NTL::zz_pXModulus;
  static constexpr bool kChar2 = false;
};

template <class P>
P constant_one() {
  P one;
  NTL::set(one);
  return one;
}

// B = F[x]/(T) for T dividing some x^k - 1 (so x is a unit), with c = x + x^-1 + s. T = x^k - 1
// itself is reduced by folding and c applied by rotation; another T through an NTL modulus.
template <class P>
class Quotient {
 public:
  // T = x^k - 1, k >= 1.
  Quotient(long k, bool self) : fold_(k), self_(self) {
    NTL::SetCoeff(t_, k);
    NTL::sub(t_, t_, constant_one<P>());
  }
  // T of degree >= 1 dividing some x^k - 1.
  Quotient(const P& t, bool self) : fold_(0), self_(self), t_(t), modulus_(t) {
    P x;
    NTL::SetCoeff(x, 1);
    NTL::rem(x, x, modulus_);
    P inverse;
    NTL::InvMod(inverse, x, t_);
    NTL::add(c_, x, inverse);
    if (self_) NTL::add(c_, c_, constant_one<P>());
    NTL::rem(c_, c_, modulus_);
  }
  // The symmetric ring F[z]/(W), z = x + x^-1, W of degree >= 1: there c = z + s.
  struct Symmetric {};
  Quotient(const P& w, bool self, Symmetric /*tag*/)
      : fold_(0), symmetric_(true), self_(self), t_(w), modulus_(w) {}
  const P& t() const { return t_; }

  void reduce(P& a) const {
    if (fold_ == 0) {
      NTL::rem(a, a, modulus_);
      return;
    }
    P high;
    while (NTL::deg(a) >= fold_) {  // x^k = 1
      NTL::RightShift(high, a, fold_);
      NTL::trunc(a, a, fold_);
      NTL::add(a, a, high);
    }
  }
  void mul(P& out, const P& a, const P& b) const {
    NTL::mul(out, a, b);
    reduce(out);
  }
  void sqr(P& out, const P& a) const {
    NTL::sqr(out, a);
    reduce(out);
  }
  // out = c a (out and a distinct).
  void times_c(P& out, const P& a) const {
    if (symmetric_) {
      NTL::MulByXMod(out, a, modulus_);
      if (self_) NTL::add(out, out, a);
      return;
    }
    if (fold_ == 0) {
      mul(out, c_, a);
      return;
    }
    P down;
    NTL::LeftShift(out, a, 1);
    reduce(out);
    NTL::LeftShift(down, a, fold_ - 1);  // x^-1 = x^(k-1)
    reduce(down);
    NTL::add(out, out, down);
    if (self_) NTL::add(out, out, a);
  }

 private:
  long fold_;  // k when T = x^k - 1, else 0
  bool symmetric_ = false;
  bool self_;
  P t_;
  P c_;  // c reduced, with a modulus only
  typename Traits<P>::Modulus modulus_;
};

// Contract: y^n = alpha + beta y in R = B[y]/(y^2 + c y + 1). Left to right over the bits of n:
// (p + q y)^2 = (p^2 - q^2) + (2 p q - c q^2) y (over GF(2) two squarings, linear), and
// (p + q y) y = -q + (p - c q) y.
template <class P>
void power_y(const Quotient<P>& b, std::uint64_t n, P& p, P& q) {
  p = constant_one<P>();
  NTL::clear(q);
  P p2;
  P q2;
  P pq;
  P t;
  for (int bit = static_cast<int>(std::bit_width(n)) - 1; bit >= 0; --bit) {
    b.sqr(p2, p);
    b.sqr(q2, q);
    if constexpr (Traits<P>::kChar2) {
      NTL::add(p, p2, q2);
      b.times_c(q, q2);
    } else {
      b.mul(pq, p, q);
      NTL::add(pq, pq, pq);
      b.times_c(t, q2);
      NTL::sub(q, pq, t);
      NTL::sub(p, p2, q2);
    }
    if ((n >> bit) & 1U) {
      b.times_c(t, q);
      NTL::sub(t, p, t);
      NTL::negate(p, q);
      q = t;
    }
  }
}

// Contract: f_n(-c) in B, for f_0 = 1, f_1 = z, f_k = z f_(k-1) - f_(k-2) at z = -c. In R,
// y^2 = z y - 1, so y^n = -f_(n-2) + f_(n-1) y (f_(-1) = 0, f_(-2) = -1), and with
// y^n = alpha + beta y: f_n = z f_(n-1) - f_(n-2) = alpha - c beta.
template <class P>
P path_at_minus_c(const Quotient<P>& b, std::uint64_t n) {
  P alpha;
  P beta;
  power_y(b, n, alpha, beta);
  P c_beta;
  b.times_c(c_beta, beta);
  NTL::sub(alpha, alpha, c_beta);
  return alpha;
}

// The torus matrix M modulo T: e11 = alpha - 1, e12 = beta (up to sign), e22 = alpha - 1 - c beta,
// and det M mod T.
template <class P>
struct TorusMatrix {
  P e11;
  P beta;
  P e22;
  P det;
};

template <class P>
TorusMatrix<P> torus_matrix(const Quotient<P>& b, std::uint64_t n) {
  TorusMatrix<P> out;
  P alpha;
  power_y(b, n, alpha, out.beta);
  NTL::sub(out.e11, alpha, constant_one<P>());
  b.times_c(out.e22, out.beta);
  NTL::sub(out.e22, out.e11, out.e22);
  P beta2;
  b.mul(out.det, out.e11, out.e22);
  b.sqr(beta2, out.beta);
  NTL::add(out.det, out.det, beta2);
  return out;
}

// Contract: the F-dimension of coker [M | T I] (see the top of this file), T = b.t().
template <class P>
std::uint64_t torus_cokernel(const Quotient<P>& b, std::uint64_t n) {
  const TorusMatrix<P> m = torus_matrix(b, n);
  const P h = NTL::GCD(m.det, b.t());
  P r1;
  P r2;
  NTL::rem(r1, m.e11, h);
  NTL::rem(r2, m.beta, h);
  const P g = NTL::GCD(h, NTL::GCD(r1, r2));
  if (NTL::deg(g) == 0) return static_cast<std::uint64_t>(NTL::deg(h));
  P gh;
  NTL::mul(gh, g, h);
  P a11;
  P a22;
  P a12;
  NTL::rem(a11, m.e11, gh);
  NTL::rem(a22, m.e22, gh);
  NTL::rem(a12, m.beta, gh);
  P d;
  NTL::mul(d, a11, a22);
  NTL::sqr(a12, a12);
  NTL::add(d, d, a12);
  NTL::rem(d, d, gh);  // det M mod g h
  P quotient;
  if (NTL::divide(quotient, d, g) == 0) {
    throw std::logic_error("wrap_facts: det M is not divisible by the first invariant factor");
  }
  NTL::rem(quotient, quotient, h);
  return static_cast<std::uint64_t>(NTL::deg(g) + NTL::deg(NTL::GCD(quotient, h)));
}

// h1(x^N): over GF(p) with N a power of p, h1^N.
template <class P>
P spread(const P& h1, std::uint64_t big_n) {
  if (big_n == 1) return h1;
  P out;
  for (long i = 0; i <= NTL::deg(h1); ++i) {
    NTL::SetCoeff(out, static_cast<long>(big_n) * i, NTL::coeff(h1, i));
  }
  return out;
}

// (f_k(z), f_(k-1)(z)) in F[z], unreduced. The pair doubles as (f_k^2 - f_(k-1)^2,
// f_(k-1) (2 f_k - z f_(k-1))) and steps as (z f_k - f_(k-1), f_k) (from M^(2k) = (M^k)^2,
// M = [[z, -1], [1, 0]]); O(log k) products.
template <class P>
std::pair<P, P> plain_path(std::uint64_t k) {
  P z;
  NTL::SetCoeff(z, 1);
  P p = constant_one<P>();
  P q;
  P p2;
  P q2;
  P t;
  for (int bit = static_cast<int>(std::bit_width(k)) - 1; bit >= 0; --bit) {
    NTL::sqr(p2, p);
    NTL::sqr(q2, q);
    NTL::mul(t, z, q);
    NTL::sub(t, p, t);
    NTL::add(t, t, p);  // 2 f_k - z f_(k-1)
    NTL::mul(q, q, t);
    NTL::sub(p, p2, q2);
    if ((k >> bit) & 1U) {
      NTL::mul(t, z, p);
      NTL::sub(t, t, q);
      q = p;
      p = t;
    }
  }
  return {p, q};
}

// Contract: the nullity when p does not divide m (t = x^m - 1 square-free), in the symmetric
// ring: x^m - 1 = (x - 1) (x + 1)^[m even] x^(deg W) W(x + x^-1) with W = f_j + f_(j-1),
// j = (m - 1) / 2 (m odd) or W = f_(m/2 - 1) (m even), square-free, its roots z = zeta + 1/zeta
// one per pair zeta != 1/zeta. Localised at a root, the module is the cokernel of M (torus) or
// of f_n(-c) (cylinder) over the residue field: 2 - rank M, or [f_n(-c) = 0]. A root of W stands
// for two roots of t, z = 2 for zeta = 1 and z = -2 for zeta = -1. The torus sums over the roots
// 2 - rank M = [det M = 0] + [M = 0]: deg gcd(det, W) + deg gcd(det, W, alpha - 1, beta).
template <class P>
std::uint64_t nullity_square_free(bool torus, bool self, std::uint64_t m, std::uint64_t n) {
  P w;
  if (m % 2 == 1) {
    const auto [fj, fj1] = plain_path<P>((m - 1) / 2);
    NTL::add(w, fj, fj1);
  } else {
    w = plain_path<P>(m / 2 - 1).first;
  }
  std::uint64_t d = 0;
  const auto component = [&](const P& k, std::uint64_t weight) {
    if (NTL::deg(k) < 1) return;
    const Quotient<P> b(k, self, typename Quotient<P>::Symmetric{});
    if (!torus) {
      d += weight * static_cast<std::uint64_t>(NTL::deg(NTL::GCD(path_at_minus_c(b, n), k)));
      return;
    }
    const TorusMatrix<P> mat = torus_matrix(b, n);
    const P h = NTL::GCD(mat.det, k);
    P r1;
    P r2;
    NTL::rem(r1, mat.e11, h);
    NTL::rem(r2, mat.beta, h);
    const P g = NTL::GCD(h, NTL::GCD(r1, r2));
    d += weight * static_cast<std::uint64_t>(NTL::deg(h) + NTL::deg(g));
  };
  component(w, 2);
  P point;  // z - 2, then z + 2
  NTL::SetCoeff(point, 1);
  P two = constant_one<P>();
  NTL::add(two, two, two);
  NTL::sub(point, point, two);
  component(point, 1);
  if (m % 2 == 0) {
    NTL::add(point, point, two);
    NTL::add(point, point, two);
    component(point, 1);
  }
  return d;
}

// Contract: the nullity over GF(p) (P's field) on the torus or cylinder, m along the polynomials
// (the cylinder's columns), n the other side; both >= 1, m below 2^31.
template <class P>
std::uint64_t nullity_over(bool torus, bool self, unsigned p, std::uint64_t m, std::uint64_t n) {
  std::uint64_t big_n = 1;  // N = p^a, m = N m'
  while (m % (big_n * p) == 0) big_n *= p;
  if (big_n == 1) return nullity_square_free<P>(torus, self, m, n);
  const Quotient<P> stage1(static_cast<long>(m / big_n), self);
  P h1;
  if (torus) {
    h1 = NTL::GCD(torus_matrix(stage1, n).det, stage1.t());
  } else {
    h1 = NTL::GCD(path_at_minus_c(stage1, n), stage1.t());
  }
  if (NTL::deg(h1) == 0) return 0;
  if (big_n == 1 && !torus) return static_cast<std::uint64_t>(NTL::deg(h1));
  const Quotient<P> stage2(spread(h1, big_n), self);
  if (torus) return torus_cokernel(stage2, n);
  return static_cast<std::uint64_t>(NTL::deg(NTL::GCD(path_at_minus_c(stage2, n), stage2.t())));
}

#endif

}  // namespace

bool wrap_facts_apply(const Rules& rules) {
#ifdef __EMSCRIPTEN__
  (void)rules;
  return false;  // the page's NTL stand-in has no GF(p) polynomials: elimination answers there
#else
  return (rules.topology == Topology::torus || rules.topology == Topology::cylinder) &&
         !rules.has_holes() && !rules.has_graph() && is_plus_neighbourhood(rules) &&
         square_free(rules.states);
#endif
}

bool wrap_facts_fit(const Rules& rules, std::uint64_t rows, std::uint64_t cols) {
  if (!wrap_facts_apply(rules) || rows == 0 || cols == 0) return false;
  const Sides s = sides_of(rules.topology == Topology::torus, 2, rows, cols);
  return s.poly <= kMaxWrapFactsSide && s.power <= kMaxWrapFactsPowerSide;
}

WrapFactsCost wrap_facts_cost(const Rules& rules, std::uint64_t rows, std::uint64_t cols) {
  WrapFactsCost cost;
  const bool torus = rules.topology == Topology::torus;
  for (const auto& pe : factor_prime_powers(rules.states)) {
    const unsigned p = pe.first;
    const std::uint64_t m = sides_of(torus, p, rows, cols).poly;
    const std::uint64_t m_free = p_free(m, p);
    const double d =
        std::max(2.0, m_free == m ? static_cast<double>(m) / 2 : static_cast<double>(m_free + m));
    const double log_d = std::log2(d);
    cost.work += (p == 2 ? 7 : 60) * d * log_d * log_d;
    cost.bytes = std::max(cost.bytes, (p == 2 ? 3 : 200) * d);
  }
  return cost;
}

std::uint64_t wrap_nullity(bool torus, bool self, unsigned p, std::uint64_t rows,
                           std::uint64_t cols) {
  const Sides s = sides_of(torus, p, rows, cols);
  if (rows == 0 || cols == 0 || s.poly > kMaxWrapFactsSide || s.power > kMaxWrapFactsPowerSide) {
    throw std::invalid_argument(
        "wrap_nullity: " + std::to_string(rows) + "x" + std::to_string(cols) + " is outside 1.." +
        std::to_string(kMaxWrapFactsSide) + (torus ? " on the shorter side" : " columns"));
  }
#ifdef __EMSCRIPTEN__
  (void)self;
  (void)p;
  throw std::invalid_argument("wrap_nullity: not in this build");
#else
  if (p == 2) return nullity_over<NTL::GF2X>(torus, self, p, s.poly, s.power);
  const NTL::zz_pPush push(static_cast<long>(p));
  return nullity_over<NTL::zz_pX>(torus, self, p, s.poly, s.power);
#endif
}

std::optional<WrapFacts> wrap_facts(const Rules& rules, std::uint64_t rows, std::uint64_t cols) {
  if (!wrap_facts_fit(rules, rows, cols)) return std::nullopt;
  const bool torus = rules.topology == Topology::torus;
  WrapFacts facts;
  facts.quiet_patterns.zero = false;
  for (const auto& [p, e] : factor_prime_powers(rules.states)) {
    const std::uint64_t d = wrap_nullity(torus, rules.self, p, rows, cols);
    facts.nullity = std::max(facts.nullity, d);
    if (d > 0) facts.quiet_patterns.factors.emplace_back(p, d);
  }
  return facts;
}

}  // namespace lightsout::detail
