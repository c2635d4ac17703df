// The WebAssembly build's stand-ins for M4RI and NTL (src/deps/portable/) against the library's own
// GF(2) matrix and polynomial code, natively: echelon forms, ranks, gcds and modular products.
#include <gtest/gtest.h>

// The stand-ins, renamed: the library itself links Debian's NTL, whose functions have the same
// names and signatures (one definition each at link time).
#define NTL shim_ntl
#include <NTL/GF2X.h>  // src/deps/portable (this test's include path), not Debian's NTL
#undef NTL
#include <m4ri/m4ri.h>  // src/deps/portable, not Debian's M4RI

#include <cstdint>
#include <random>
#include <vector>

#include "core/gf2_matrix.hpp"
#include "core/gf2_poly.hpp"

namespace {

using lightsout::Gf2Matrix;
using lightsout::Gf2Poly;

struct Mzd {
  mzd_t* m;
  Mzd(rci_t r, rci_t c) : m(mzd_init(r, c)) {}
  ~Mzd() { mzd_free(m); }
  Mzd(const Mzd&) = delete;
  Mzd& operator=(const Mzd&) = delete;
};

TEST(WasmShim, FullEchelonFormIsTheReducedRowEchelonForm) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 60; ++trial) {
    const auto rows = static_cast<rci_t>(1 + rng() % 150);
    const auto cols = static_cast<rci_t>(1 + rng() % 150);
    const unsigned density = 1 + static_cast<unsigned>(rng() % 4);  // 1 in 2..5 bits set
    Mzd a(rows, cols);
    Gf2Matrix ref(static_cast<std::size_t>(rows), static_cast<std::size_t>(cols));
    for (rci_t i = 0; i < rows; ++i) {
      for (rci_t j = 0; j < cols; ++j) {
        if (rng() % (density + 1) == 0) {
          mzd_write_bit(a.m, i, j, 1);
          ref.set(static_cast<std::size_t>(i), static_cast<std::size_t>(j), true);
        }
      }
    }
    const rci_t rank = mzd_echelonize_m4ri(a.m, 1, 0);
    const std::vector<std::size_t> pivots = ref.reduce(static_cast<std::size_t>(cols));
    ASSERT_EQ(static_cast<std::size_t>(rank), pivots.size()) << rows << "x" << cols;
    for (rci_t i = 0; i < rows; ++i) {
      for (rci_t j = 0; j < cols; ++j) {
        ASSERT_EQ(mzd_read_bit(a.m, i, j) != 0,
                  ref.get(static_cast<std::size_t>(i), static_cast<std::size_t>(j)))
            << "trial " << trial << " at " << i << "," << j;
      }
    }
  }
}

TEST(WasmShim, EchelonFormHasIncreasingPivotsAndTheRank) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const auto n = static_cast<rci_t>(1 + rng() % 200);
    Mzd a(n, n + 1);
    Gf2Matrix ref(static_cast<std::size_t>(n), static_cast<std::size_t>(n) + 1);
    for (rci_t i = 0; i < n; ++i) {
      for (rci_t j = 0; j <= n; ++j) {
        if (rng() % 3 == 0) {
          mzd_write_bit(a.m, i, j, 1);
          ref.set(static_cast<std::size_t>(i), static_cast<std::size_t>(j), true);
        }
      }
    }
    const rci_t rank = mzd_echelonize_m4ri(a.m, 0, 0);
    EXPECT_EQ(static_cast<std::size_t>(rank), ref.reduce(static_cast<std::size_t>(n) + 1).size());
    int last = -1;
    for (rci_t i = 0; i < n; ++i) {
      int first = -1;
      for (rci_t j = 0; j <= n && first < 0; ++j) {
        if (mzd_read_bit(a.m, i, j) != 0) first = j;
      }
      if (i < rank) {
        ASSERT_GT(first, last) << "row " << i;
        last = first;
      } else {
        ASSERT_EQ(first, -1) << "row " << i << " past the rank is zero";
      }
    }
  }
}

shim_ntl::GF2X to_shim(const Gf2Poly& p) {
  shim_ntl::GF2X x;
  x.w.assign(p.words().begin(), p.words().end());
  return x;
}
Gf2Poly from_shim(const shim_ntl::GF2X& x) { return Gf2Poly(x.w); }

Gf2Poly random_poly(std::mt19937_64& rng, std::size_t max_degree) {
  const std::size_t d = rng() % (max_degree + 1);
  Gf2Poly p = Gf2Poly::monomial(d);
  for (std::size_t k = 0; k < d; ++k) p.set_coeff(k, (rng() & 1U) != 0);
  return p;
}

TEST(WasmShim, PolynomialArithmeticMatchesTheLibrary) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    const Gf2Poly f = random_poly(rng, 300) + Gf2Poly::monomial(1 + rng() % 300);
    const Gf2Poly a = random_poly(rng, 400);
    const Gf2Poly b = random_poly(rng, 400);
    const shim_ntl::GF2X sf = to_shim(f), sa = to_shim(a), sb = to_shim(b);
    EXPECT_EQ(shim_ntl::deg(sa), a.degree());
    shim_ntl::GF2X out;
    shim_ntl::add(out, sa, sb);
    EXPECT_EQ(from_shim(out), a + b);
    shim_ntl::LeftShift(out, sa, 1);
    EXPECT_EQ(from_shim(out), a * Gf2Poly::monomial(1));
    shim_ntl::sqr(out, sa);
    EXPECT_EQ(from_shim(out), a * a);
    const shim_ntl::GF2XModulus F(sf);
    shim_ntl::SqrMod(out, sa, F);
    EXPECT_EQ(from_shim(out), lightsout::mulmod(a, a, f));
    shim_ntl::MulByXMod(out, sa, F);
    EXPECT_EQ(from_shim(out), lightsout::mod(a * Gf2Poly::monomial(1), f));
    EXPECT_EQ(from_shim(shim_ntl::GCD(sa, sf)), lightsout::gcd(a, f)) << "trial " << trial;
    shim_ntl::mul(out, sa, sb);
    EXPECT_EQ(from_shim(out), a * b);
    shim_ntl::MulMod(out, sa, sb, sf);
    EXPECT_EQ(from_shim(out), lightsout::mulmod(a, b, f));
    shim_ntl::GF2X q, r;
    shim_ntl::DivRem(q, r, sa, sf);
    const lightsout::Gf2DivMod qr = lightsout::divmod(a, f);
    EXPECT_EQ(from_shim(q), qr.quotient);
    EXPECT_EQ(from_shim(r), qr.remainder);
    // XGCD: d = s a + t f, and s a = gcd (mod f) as the library's xgcd says.
    shim_ntl::GF2X d, s, t;
    shim_ntl::XGCD(d, s, t, sa, sf);
    EXPECT_EQ(from_shim(d), lightsout::gcd(a, f));
    EXPECT_EQ(from_shim(s) * a + from_shim(t) * f, from_shim(d));
    EXPECT_EQ(lightsout::mod(from_shim(s) * a, f), lightsout::mod(lightsout::xgcd(a, f).g, f));
    // Bytes both ways.
    std::vector<unsigned char> bytes(static_cast<std::size_t>(shim_ntl::NumBytes(sa)) + 1, 0xFF);
    shim_ntl::BytesFromGF2X(bytes.data(), sa, static_cast<long>(bytes.size()));
    shim_ntl::GF2XFromBytes(out, bytes.data(), static_cast<long>(bytes.size()));
    EXPECT_EQ(from_shim(out), a);
    // Aliased output, as the core calls them.
    shim_ntl::GF2X alias = sa;
    shim_ntl::add(alias, alias, sb);
    EXPECT_EQ(from_shim(alias), a + b);
  }
  shim_ntl::GF2X one, zero;
  shim_ntl::set(one);
  shim_ntl::clear(zero);
  EXPECT_EQ(shim_ntl::deg(one), 0);
  EXPECT_EQ(shim_ntl::deg(zero), -1);
}

// The series quotient of dark_first_column: InvTrunc and MulTrunc against the library's (NTL's)
// series_quotient, and q times the quotient is a mod x^m.
TEST(WasmShim, SeriesQuotientMatchesTheLibrary) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    Gf2Poly q = random_poly(rng, 200);
    q.set_coeff(0, true);
    const Gf2Poly a = random_poly(rng, 200);
    const auto m = static_cast<long>(1 + rng() % 700);
    shim_ntl::GF2X inverse, quotient;
    shim_ntl::InvTrunc(inverse, to_shim(q), m);
    shim_ntl::MulTrunc(quotient, to_shim(a), inverse, m);
    const Gf2Poly expected = lightsout::series_quotient(a, q, static_cast<std::size_t>(m));
    EXPECT_EQ(from_shim(quotient), expected) << "trial " << trial;
    shim_ntl::GF2X back;
    shim_ntl::MulTrunc(back, to_shim(q), quotient, m);
    shim_ntl::GF2X a_low;
    shim_ntl::trunc(a_low, to_shim(a), m);
    EXPECT_EQ(from_shim(back), from_shim(a_low));
  }
}

}  // namespace
