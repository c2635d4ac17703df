// Gf2Poly against a naive std::vector<bool> polynomial ring, and the path maps phi / phi^-1.
#include "core/gf2_poly.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "lightsout/board.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

// --- the oracle: coefficient k = bits[k], no trailing false ---
using Naive = std::vector<bool>;

void naive_trim(Naive& a) {
  while (!a.empty() && !a.back()) a.pop_back();
}

Naive naive_add(Naive a, const Naive& b) {
  if (b.size() > a.size()) a.resize(b.size(), false);
  for (std::size_t k = 0; k < b.size(); ++k) a[k] = a[k] != b[k];
  naive_trim(a);
  return a;
}

Naive naive_mul(const Naive& a, const Naive& b) {
  if (a.empty() || b.empty()) return {};
  Naive c(a.size() + b.size() - 1, false);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i]) continue;
    for (std::size_t j = 0; j < b.size(); ++j) c[i + j] = c[i + j] != b[j];
  }
  naive_trim(c);
  return c;
}

std::pair<Naive, Naive> naive_divmod(Naive a, const Naive& b) {
  Naive q;
  if (a.size() >= b.size()) q.assign(a.size() - b.size() + 1, false);
  while (a.size() >= b.size()) {
    const std::size_t shift = a.size() - b.size();
    q[shift] = true;
    for (std::size_t j = 0; j < b.size(); ++j) a[shift + j] = a[shift + j] != b[j];
    naive_trim(a);
  }
  naive_trim(q);
  return {q, a};
}

Naive naive_gcd(Naive a, Naive b) {
  while (!b.empty()) {
    Naive r = naive_divmod(a, b).second;
    a = std::move(b);
    b = std::move(r);
  }
  return a;
}

Naive to_naive(const Gf2Poly& p) {
  Naive a(static_cast<std::size_t>(p.degree() + 1), false);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = p.coeff(k);
  return a;
}

Gf2Poly from_naive(const Naive& a) {
  Gf2Poly p;
  for (std::size_t k = 0; k < a.size(); ++k) p.set_coeff(k, a[k]);
  return p;
}

// A polynomial of exactly the given degree (-1 = zero) with random lower coefficients.
Gf2Poly random_poly(std::int64_t degree, std::mt19937_64& rng) {
  if (degree < 0) return {};
  std::vector<std::uint64_t> w(static_cast<std::size_t>(degree) / 64 + 1);
  for (auto& x : w) x = rng();
  const auto top = static_cast<unsigned>(degree % 64);
  w.back() &= top == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << top) - 1;
  w.back() |= std::uint64_t{1} << top;
  return Gf2Poly(std::move(w));
}

const std::vector<std::int64_t> kDegrees = {-1, 0,  1,   2,   31,  62,  63,
                                            64, 65, 100, 127, 128, 129, 200};

TEST(Gf2Poly, BasicsAndNormalization) {
  const Gf2Poly zero;
  EXPECT_TRUE(zero.is_zero());
  EXPECT_EQ(zero.degree(), -1);
  EXPECT_TRUE(zero.check_invariants());
  EXPECT_EQ(zero.to_string(), "0");
  EXPECT_TRUE(Gf2Poly::one().is_one());
  EXPECT_EQ(Gf2Poly::monomial(64).degree(), 64);
  EXPECT_EQ(Gf2Poly::monomial(64).words().size(), 2U);
  // Trailing zero words are dropped, so equal polynomials compare equal.
  EXPECT_EQ(Gf2Poly(std::vector<std::uint64_t>{5, 0, 0}), Gf2Poly(std::vector<std::uint64_t>{5}));
  EXPECT_EQ(Gf2Poly(std::vector<std::uint64_t>{0, 0}), zero);
  Gf2Poly p = Gf2Poly::monomial(130);
  p.set_coeff(130, false);
  EXPECT_TRUE(p.is_zero());
  EXPECT_TRUE(p.check_invariants());
  Gf2Poly q;
  q.set_coeff(3, true);
  q.set_coeff(1, true);
  q.set_coeff(0, true);
  EXPECT_EQ(q.to_string(), "x^3 + x + 1");
  EXPECT_EQ(q.weight(), 3U);
  EXPECT_TRUE(q.eval(false));
  EXPECT_TRUE(q.eval(true));
  q.set_coeff(0, false);
  EXPECT_FALSE(q.eval(false));
  EXPECT_FALSE(q.eval(true));
  EXPECT_THROW(divmod(q, zero), std::domain_error);
  EXPECT_THROW(mod(q, zero), std::domain_error);
}

TEST(Gf2Poly, RingLawsAgainstNaive) {
  auto rng = make_rng(101);
  for (std::int64_t da : kDegrees) {
    for (std::int64_t db : kDegrees) {
      for (int trial = 0; trial < 3; ++trial) {
        const Gf2Poly a = random_poly(da, rng);
        const Gf2Poly b = random_poly(db, rng);
        const Gf2Poly c = random_poly(db / 2, rng);
        const Naive na = to_naive(a);
        const Naive nb = to_naive(b);
        SCOPED_TRACE(testing::Message() << "deg a = " << da << ", deg b = " << db);
        ASSERT_EQ(from_naive(na), a);

        const Gf2Poly sum = a + b;
        EXPECT_TRUE(sum.check_invariants());
        EXPECT_EQ(to_naive(sum), naive_add(na, nb));
        EXPECT_TRUE((a + a).is_zero());

        const Gf2Poly prod = a * b;
        EXPECT_TRUE(prod.check_invariants());
        EXPECT_EQ(to_naive(prod), naive_mul(na, nb));
        EXPECT_EQ(b * a, prod);
        EXPECT_EQ(a * (b + c), a * b + a * c);
        EXPECT_EQ((a * b) * c, a * (b * c));

        if (!b.is_zero()) {
          const Gf2DivMod qr = divmod(a, b);
          const auto [nq, nr] = naive_divmod(na, nb);
          EXPECT_TRUE(qr.quotient.check_invariants());
          EXPECT_TRUE(qr.remainder.check_invariants());
          EXPECT_EQ(to_naive(qr.quotient), nq);
          EXPECT_EQ(to_naive(qr.remainder), nr);
          EXPECT_LT(qr.remainder.degree(), b.degree());
          EXPECT_EQ(qr.quotient * b + qr.remainder, a);
          EXPECT_EQ(mod(a, b), qr.remainder);
          EXPECT_EQ(mulmod(a, c, b), mod(a * c, b));
        }
      }
    }
  }
}

TEST(Gf2Poly, ShiftsAndSmallMultipliers) {
  auto rng = make_rng(102);
  for (std::int64_t d : kDegrees) {
    const Gf2Poly a = random_poly(d, rng);
    for (std::size_t k : {0U, 1U, 5U, 63U, 64U, 65U, 130U}) {
      SCOPED_TRACE(testing::Message() << "deg = " << d << ", k = " << k);
      Gf2Poly s = a;
      s.shift_left(k);
      EXPECT_TRUE(s.check_invariants());
      EXPECT_EQ(s, a * Gf2Poly::monomial(k));
      s.shift_right(k);
      EXPECT_TRUE(s.check_invariants());
      EXPECT_EQ(s, a);
      Gf2Poly t = a;
      t.shift_right(k);
      EXPECT_TRUE(t.check_invariants());
      EXPECT_EQ(t, divmod(a, Gf2Poly::monomial(k)).quotient);
      const Gf2Poly b = random_poly(d / 2 + 3, rng);
      Gf2Poly u = b;
      u.add_shifted(a, k);
      EXPECT_TRUE(u.check_invariants());
      EXPECT_EQ(u, b + a * Gf2Poly::monomial(k));
      Gf2Poly v = a;
      v.add_shifted(v, k);  // aliasing is allowed
      EXPECT_EQ(v, a + a * Gf2Poly::monomial(k));
    }
    Gf2Poly x = a;
    x.mul_x();
    EXPECT_EQ(x, a * Gf2Poly::monomial(1));
    Gf2Poly y = a;
    y.mul_x_plus_1();
    EXPECT_TRUE(y.check_invariants());
    EXPECT_EQ(y, a * (Gf2Poly::monomial(1) + Gf2Poly::one()));
  }
}

TEST(Gf2Poly, GcdAndExtendedGcd) {
  auto rng = make_rng(103);
  for (std::int64_t da : kDegrees) {
    for (std::int64_t db : kDegrees) {
      // A shared factor of random degree, so the gcd is often nontrivial.
      const Gf2Poly common = random_poly(static_cast<std::int64_t>(rng() % 70), rng);
      const Gf2Poly a = random_poly(da, rng) * common;
      const Gf2Poly b = random_poly(db, rng) * common;
      SCOPED_TRACE(testing::Message() << "deg a = " << a.degree() << ", deg b = " << b.degree());
      const Gf2Poly g = gcd(a, b);
      EXPECT_TRUE(g.check_invariants());
      EXPECT_EQ(to_naive(g), naive_gcd(to_naive(a), to_naive(b)));
      EXPECT_EQ(gcd(b, a), g);
      const Gf2Xgcd e = xgcd(a, b);
      EXPECT_EQ(e.g, g);
      EXPECT_TRUE(e.s.check_invariants());
      if (b.is_zero()) {
        EXPECT_EQ(e.s * a, g);
      } else {
        // s a = g (mod b), with s reduced.
        EXPECT_EQ(mod(e.s * a, b), mod(g, b));
        if (b.degree() > 0) {
          EXPECT_LT(e.s.degree(), b.degree());
        }
      }
      if (!g.is_zero()) {
        EXPECT_TRUE(mod(a, g).is_zero());
        EXPECT_TRUE(mod(b, g).is_zero());
      }
    }
  }
  // The corner cases spelled out.
  const Gf2Poly x = Gf2Poly::monomial(1);
  EXPECT_TRUE(gcd(Gf2Poly(), Gf2Poly()).is_zero());
  EXPECT_EQ(xgcd(Gf2Poly(), x).g, x);  // gcd(0, b) = b, s = 0
  EXPECT_TRUE(xgcd(Gf2Poly(), x).s.is_zero());
  EXPECT_TRUE(xgcd(x, Gf2Poly::one()).g.is_one());
  EXPECT_TRUE(xgcd(x + Gf2Poly::one(), x).g.is_one());
  EXPECT_TRUE(xgcd(x + Gf2Poly::one(), x).s.is_one());
}

// The path on n cells: S v = (v << 1) ^ (v >> 1), masked.
std::vector<std::uint64_t> path_adjacency(const std::vector<std::uint64_t>& v, std::size_t n) {
  std::vector<std::uint64_t> out(v.size(), 0);
  for (std::size_t c = 0; c < n; ++c) {
    const bool left = c > 0 && ((v[(c - 1) / 64] >> ((c - 1) % 64)) & 1U);
    const bool right = c + 1 < n && ((v[(c + 1) / 64] >> ((c + 1) % 64)) & 1U);
    if (left != right) out[c / 64] |= std::uint64_t{1} << (c % 64);
  }
  return out;
}

std::vector<std::uint64_t> unit_vector(std::size_t k, std::size_t n) {
  std::vector<std::uint64_t> e((n + 63) / 64, 0);
  e[k / 64] |= std::uint64_t{1} << (k % 64);
  return e;
}

TEST(PathPolynomials, CharacteristicPolynomialByRecurrence) {
  Gf2Poly prev;                  // f_{-1} = 0
  Gf2Poly cur = Gf2Poly::one();  // f_0
  for (std::size_t n = 0; n <= 300; ++n) {
    ASSERT_EQ(path_polynomial(n), cur) << "n = " << n;
    Gf2Poly next = cur;
    next.mul_x();
    next += prev;
    prev = std::move(cur);
    cur = std::move(next);
  }
  EXPECT_EQ(path_polynomial(2).to_string(), "x^2 + 1");
  EXPECT_EQ(path_polynomial(3).to_string(), "x^3");
}

TEST(PathPolynomials, PhiAndItsInverse) {
  auto rng = make_rng(104);
  for (std::size_t n : {1U, 2U, 3U, 5U, 20U, 63U, 64U, 65U, 127U, 128U, 129U, 200U}) {
    SCOPED_TRACE(testing::Message() << "n = " << n);
    const Gf2Poly chi = path_polynomial(n);
    // e_{k+1} = f_k(S) e_1, and chi(S) e_1 = 0.
    for (std::size_t k = 0; k < n; ++k) {
      ASSERT_EQ(path_vector(path_polynomial(k), n), unit_vector(k, n)) << "k = " << k;
      ASSERT_EQ(path_coordinates(unit_vector(k, n), n), path_polynomial(k)) << "k = " << k;
    }
    const std::vector<std::uint64_t> zero((n + 63) / 64, 0);
    EXPECT_EQ(path_vector(chi, n), zero);
    EXPECT_TRUE(path_coordinates(zero, n).is_zero());
    for (int trial = 0; trial < 5; ++trial) {
      // phi is defined on all of F2[x] and factors through mod chi; phi(x P) = S phi(P).
      const Gf2Poly p = random_poly(static_cast<std::int64_t>(rng() % (3 * n)), rng);
      const std::vector<std::uint64_t> v = path_vector(p, n);
      EXPECT_EQ(v, path_vector(mod(p, chi), n));
      EXPECT_EQ(path_coordinates(v, n), mod(p, chi));
      Gf2Poly xp = p;
      xp.mul_x();
      EXPECT_EQ(path_vector(xp, n), path_adjacency(v, n));
      // Padding bits stay zero.
      if (n % 64 != 0) {
        EXPECT_EQ(v.back() >> (n % 64), 0U);
      }
    }
  }
  EXPECT_THROW(path_vector(Gf2Poly::one(), 0), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
