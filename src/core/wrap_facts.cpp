// wrap_facts: torus and cylinder nullities from the size alone, by NTL polynomials over GF(p).
#include "wrap_facts.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "zk_matrix.hpp"

// The derivation (docs/solver-math.md, "Torus and cylinder facts by polynomials"). Cells are
// F^m (x) F^n, m along the polynomials, n along the side that wraps and is powered over. Y is
// the cyclic shift of the n-cycle; the m-side carries an operator x making it the cyclic module
// B = F[x]/(t): on a torus x is the shift of the m-cycle, t = x^m - 1, and the press operator is
// a = c + Y + Y^-1 with c = x + x^-1 + s; on a cylinder x is the m x m path matrix with s on its
// diagonal, t its characteristic polynomial chi_m, and c = x. The quiet patterns are ker(a), of
// the dimension of A/(a), A = B[y]/(y^n - 1). As y is a unit there, (a) = (y a) and
// y a = y^2 + c y + 1 is monic in y, so R = B[y]/(y^2 + c y + 1) is free over B on {1, y} and
// A/(a) = R/(y^n - 1). With y^n = alpha + beta y in R, multiplication by y^n - 1 on R is the
// B-matrix M = [[alpha - 1, -beta], [beta, alpha - 1 - c beta]], and A/(a) = coker over F[x] of
// [M | t I]. Its Smith form: d1 = g = gcd(t, alpha - 1, beta), d1 d2 = gcd(D, t g) with D = det M
// of the lifts (the other 2 x 2 minors are t times entries and t^2), so the nullity is
// deg g + deg gcd(D / g, t). As g^2 | D, every common factor of D / g and t divides
// h = gcd(D mod t, t): deg gcd(D / g, t) = deg gcd((D mod g h) / g, h). One half-gcd at degree m
// (for h) and small ones after it.

#ifndef __EMSCRIPTEN__
#include <NTL/GF2X.h>
#include <NTL/lzz_pX.h>
#endif

namespace lightsout::detail {

namespace {

bool is_plus(const Rules& rules) {
  if (rules.neighbourhood == Neighbourhood::rowcol) return false;
  std::vector<Offset> plus = named_offsets(Neighbourhood::plus);
  if (rules.offsets == plus) return true;
  plus.erase(std::find(plus.begin(), plus.end(), Offset{0, 0}));
  return rules.offsets == plus;
}

bool square_free(unsigned k) {
  const auto powers = factor_prime_powers(k);
  return std::all_of(powers.begin(), powers.end(), [](const auto& pe) { return pe.second == 1; });
}

// The side the polynomials run along and the side powered over.
struct Sides {
  std::uint64_t poly = 0;
  std::uint64_t power = 0;
};

Sides sides_of(bool torus, std::uint64_t rows, std::uint64_t cols) {
  if (torus) return {std::min(rows, cols), std::max(rows, cols)};
  return {rows, cols};  // a cylinder's columns wrap: its rows are the path
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

// Contract: chi_m(x) = det(x I - T) for the m x m tridiagonal T with s on its diagonal and 1
// beside it, i.e. f_m(x - s) for f_0 = 1, f_1 = z, f_k = z f_(k-1) - f_(k-2). The pair
// (f_k, f_(k-1)) doubles as (f_k^2 - f_(k-1)^2, f_(k-1) (2 f_k - z f_(k-1))) and steps as
// (z f_k - f_(k-1), f_k) (from M^(2k) = (M^k)^2 for M = [[z, -1], [1, 0]]).
template <class P>
P path_polynomial(std::uint64_t m, bool self) {
  P z;
  NTL::SetCoeff(z, 1);
  if (self) NTL::sub(z, z, constant_one<P>());
  P p = constant_one<P>();
  P q;
  P p2;
  P q2;
  P t;
  for (int bit = static_cast<int>(std::bit_width(m)) - 1; bit >= 0; --bit) {
    NTL::sqr(p2, p);
    NTL::sqr(q2, q);
    NTL::mul(t, z, q);
    NTL::sub(t, p, t);
    NTL::add(t, t, p);  // 2 f_k - z f_(k-1)
    NTL::mul(q, q, t);
    NTL::sub(p, p2, q2);
    if ((m >> bit) & 1U) {
      NTL::mul(t, z, p);
      NTL::sub(t, t, q);
      q = p;
      p = t;
    }
  }
  return p;
}

// B = F[x]/(t): t = x^m - 1 (reduced by folding) or the path polynomial (an NTL modulus).
template <class P>
class Quotient {
 public:
  Quotient(bool torus, std::uint64_t m, bool self) : torus_(torus), m_(static_cast<long>(m)) {
    self_ = self;
    if (torus_) {
      NTL::SetCoeff(t_, m_);
      NTL::sub(t_, t_, constant_one<P>());
    } else {
      t_ = path_polynomial<P>(m, self);
      modulus_ = typename Traits<P>::Modulus(t_);
    }
  }
  const P& t() const { return t_; }

  void reduce(P& a) const {
    if (!torus_) {
      NTL::rem(a, a, modulus_);
      return;
    }
    P high;
    while (NTL::deg(a) >= m_) {  // x^m = 1
      NTL::RightShift(high, a, m_);
      NTL::trunc(a, a, m_);
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
  // out = c a: on the torus (x + x^-1 + s) a, x^-1 = x^(m-1); on the cylinder x a.
  void times_c(P& out, const P& a) const {
    if (!torus_) {
      NTL::MulByXMod(out, a, modulus_);
      return;
    }
    P up;
    P down;
    NTL::LeftShift(up, a, 1);
    reduce(up);
    NTL::LeftShift(down, a, m_ - 1);
    reduce(down);
    NTL::add(out, up, down);
    if (self_) NTL::add(out, out, a);
  }

 private:
  bool torus_;
  bool self_ = false;
  long m_;
  P t_;
  typename Traits<P>::Modulus modulus_;
};

// Contract: y^n = alpha + beta y in R = B[y]/(y^2 + c y + 1), alpha and beta reduced in B.
// Left to right over the bits of n: (p + q y)^2 = (p^2 - q^2) + (2 p q - c q^2) y (over GF(2)
// two squarings, linear), and (p + q y) y = -q + (p - c q) y.
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

// Contract: the F-dimension of A/(a) (see the top of this file); m, n >= 1.
template <class P>
std::uint64_t nullity_over(bool torus, bool self, std::uint64_t m, std::uint64_t n) {
  const Quotient<P> b(torus, m, self);
  P alpha;
  P beta;
  power_y(b, n, alpha, beta);
  P e11;  // alpha - 1
  NTL::sub(e11, alpha, constant_one<P>());
  P e22;  // alpha - 1 - c beta
  b.times_c(e22, beta);
  NTL::sub(e22, e11, e22);
  P d;
  P beta2;
  b.mul(d, e11, e22);
  b.sqr(beta2, beta);
  NTL::add(d, d, beta2);  // det M mod t
  const P h = NTL::GCD(d, b.t());
  P r1;
  P r2;
  NTL::rem(r1, e11, h);
  NTL::rem(r2, beta, h);
  const P g = NTL::GCD(h, NTL::GCD(r1, r2));
  if (NTL::deg(g) == 0) return static_cast<std::uint64_t>(NTL::deg(h));
  P gh;
  NTL::mul(gh, g, h);
  P a11;
  P a22;
  P a12;
  NTL::rem(a11, e11, gh);
  NTL::rem(a22, e22, gh);
  NTL::rem(a12, beta, gh);
  NTL::mul(d, a11, a22);
  NTL::sqr(beta2, a12);
  NTL::add(d, d, beta2);
  NTL::rem(d, d, gh);  // det M mod g h
  P quotient;
  if (NTL::divide(quotient, d, g) == 0) {
    throw std::logic_error("wrap_facts: det M is not divisible by the first invariant factor");
  }
  NTL::rem(quotient, quotient, h);
  return static_cast<std::uint64_t>(NTL::deg(g) + NTL::deg(NTL::GCD(quotient, h)));
}

#endif

}  // namespace

bool wrap_facts_apply(const Rules& rules) {
#ifdef __EMSCRIPTEN__
  (void)rules;
  return false;  // the page's NTL stand-in has no GF(p) polynomials: elimination answers there
#else
  return (rules.topology == Topology::torus || rules.topology == Topology::cylinder) &&
         !rules.has_holes() && !rules.has_graph() && is_plus(rules) && square_free(rules.states);
#endif
}

bool wrap_facts_fit(const Rules& rules, std::uint64_t rows, std::uint64_t cols) {
  if (!wrap_facts_apply(rules) || rows == 0 || cols == 0) return false;
  const Sides s = sides_of(rules.topology == Topology::torus, rows, cols);
  return s.poly <= kMaxWrapFactsSide && s.power <= kMaxWrapFactsPowerSide;
}

std::uint64_t wrap_nullity(bool torus, bool self, unsigned p, std::uint64_t rows,
                           std::uint64_t cols) {
  const Sides s = sides_of(torus, rows, cols);
  if (rows == 0 || cols == 0 || s.poly > kMaxWrapFactsSide || s.power > kMaxWrapFactsPowerSide) {
    throw std::invalid_argument(
        "wrap_nullity: " + std::to_string(rows) + "x" + std::to_string(cols) + " is outside 1.." +
        std::to_string(kMaxWrapFactsSide) + (torus ? " on the shorter side" : " rows"));
  }
#ifdef __EMSCRIPTEN__
  (void)self;
  (void)p;
  throw std::invalid_argument("wrap_nullity: not in this build");
#else
  if (p == 2) return nullity_over<NTL::GF2X>(torus, self, s.poly, s.power);
  const NTL::zz_pPush push(static_cast<long>(p));
  return nullity_over<NTL::zz_pX>(torus, self, s.poly, s.power);
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
