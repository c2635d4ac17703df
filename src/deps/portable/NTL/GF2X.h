// The NTL GF2X calls of src/core (board_info's gcd, Gf2Poly's arithmetic), portably, for the
// WebAssembly build only (Debian's NTL is native and cannot be compiled to WebAssembly here):
// polynomials over GF(2) as 64-bit words, schoolbook arithmetic. Fine for the page's sides (at
// most 1000); NTL's fast multiplication is what larger sides need.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace NTL {

// Bit i of the words is the coefficient of x^i; no zero word at the end (0 = no words).
class GF2X {
 public:
  std::vector<std::uint64_t> w;
  void normalize() {
    while (!w.empty() && w.back() == 0) w.pop_back();
  }
};

inline long deg(const GF2X& a) {
  if (a.w.empty()) return -1;
  return static_cast<long>(64 * (a.w.size() - 1) + 63 - std::countl_zero(a.w.back()));
}
inline void set(GF2X& a) { a.w.assign(1, 1); }
inline void clear(GF2X& a) { a.w.clear(); }

inline void add(GF2X& x, const GF2X& a, const GF2X& b) {
  GF2X out = a.w.size() >= b.w.size() ? a : b;
  const GF2X& small = a.w.size() >= b.w.size() ? b : a;
  for (std::size_t i = 0; i < small.w.size(); ++i) out.w[i] ^= small.w[i];
  out.normalize();
  x = std::move(out);
}

// out ^= f * x^shift
inline void xor_shifted(std::vector<std::uint64_t>& out, const std::vector<std::uint64_t>& f,
                        std::size_t shift) {
  const std::size_t words = shift / 64;
  const unsigned bits = shift % 64;
  if (out.size() < f.size() + words + 1) out.resize(f.size() + words + 1, 0);
  for (std::size_t i = 0; i < f.size(); ++i) {
    out[i + words] ^= f[i] << bits;
    if (bits != 0) out[i + words + 1] ^= f[i] >> (64 - bits);
  }
}

inline void LeftShift(GF2X& x, const GF2X& a, long n) {
  GF2X out;
  xor_shifted(out.w, a.w, static_cast<std::size_t>(n));
  out.normalize();
  x = std::move(out);
}

// Squaring over GF(2) spreads the bits: x^i -> x^(2i).
inline void sqr(GF2X& x, const GF2X& a) {
  GF2X out;
  out.w.assign(2 * a.w.size(), 0);
  for (std::size_t i = 0; i < a.w.size(); ++i) {
    for (unsigned b = 0; b < 64; ++b) {
      if (((a.w[i] >> b) & 1U) != 0) {
        const std::size_t to = 2 * (64 * i + b);
        out.w[to / 64] |= std::uint64_t{1} << (to % 64);
      }
    }
  }
  out.normalize();
  x = std::move(out);
}

// r = a mod f (f != 0).
inline void rem(GF2X& r, const GF2X& a, const GF2X& f) {
  GF2X out = a;
  const long df = deg(f);
  for (long d = deg(out); d >= df; d = deg(out)) {
    xor_shifted(out.w, f.w, static_cast<std::size_t>(d - df));
    out.normalize();
  }
  r = std::move(out);
}

class GF2XModulus {
 public:
  explicit GF2XModulus(const GF2X& f) : f(f) {}
  GF2X f;
};

inline void SqrMod(GF2X& x, const GF2X& a, const GF2XModulus& F) {
  GF2X t;
  sqr(t, a);
  rem(x, t, F.f);
}

inline void MulByXMod(GF2X& x, const GF2X& a, const GF2XModulus& F) {
  GF2X t;
  LeftShift(t, a, 1);
  rem(x, t, F.f);
}

inline GF2X GCD(const GF2X& a, const GF2X& b) {
  GF2X x = a, y = b;
  while (!y.w.empty()) {
    GF2X r;
    rem(r, x, y);
    x = std::move(y);
    y = std::move(r);
  }
  return x;
}

// Bytes, coefficient 0 in the low bit of byte 0.
inline long NumBytes(const GF2X& a) { return (deg(a) + 8) / 8; }
inline void GF2XFromBytes(GF2X& x, const unsigned char* p, long n) {
  x.w.assign((static_cast<std::size_t>(n) + 7) / 8, 0);
  for (long i = 0; i < n; ++i) {
    x.w[static_cast<std::size_t>(i) / 8] |= std::uint64_t{p[i]} << (8 * (i % 8));
  }
  x.normalize();
}
inline void BytesFromGF2X(unsigned char* p, const GF2X& a, long n) {
  for (long i = 0; i < n; ++i) {
    const std::size_t word = static_cast<std::size_t>(i) / 8;
    p[i] = word < a.w.size() ? static_cast<unsigned char>(a.w[word] >> (8 * (i % 8))) : 0;
  }
}

// x = a * b: one shifted copy of a per set bit of b.
inline void mul(GF2X& x, const GF2X& a, const GF2X& b) {
  GF2X out;
  for (std::size_t j = 0; j < b.w.size(); ++j) {
    for (std::uint64_t bits = b.w[j]; bits != 0; bits &= bits - 1) {
      xor_shifted(out.w, a.w, 64 * j + static_cast<std::size_t>(std::countr_zero(bits)));
    }
  }
  out.normalize();
  x = std::move(out);
}

// a = q * b + r, deg r < deg b (b != 0).
inline void DivRem(GF2X& q, GF2X& r, const GF2X& a, const GF2X& b) {
  GF2X quotient, rest = a;
  const long db = deg(b);
  for (long d = deg(rest); d >= db; d = deg(rest)) {
    const auto shift = static_cast<std::size_t>(d - db);
    xor_shifted(rest.w, b.w, shift);
    rest.normalize();
    if (quotient.w.size() <= shift / 64) quotient.w.resize(shift / 64 + 1, 0);
    quotient.w[shift / 64] |= std::uint64_t{1} << (shift % 64);
  }
  quotient.normalize();
  q = std::move(quotient);
  r = std::move(rest);
}

inline void MulMod(GF2X& x, const GF2X& a, const GF2X& b, const GF2X& f) {
  GF2X t;
  mul(t, a, b);
  rem(x, t, f);
}

// x = a mod x^n.
inline void trunc(GF2X& x, const GF2X& a, long n) {
  const auto bits = static_cast<std::size_t>(n);
  GF2X out = a;
  if (out.w.size() > (bits + 63) / 64) out.w.resize((bits + 63) / 64);
  if (bits % 64 != 0 && out.w.size() == (bits + 63) / 64) {
    out.w.back() &= (std::uint64_t{1} << (bits % 64)) - 1;
  }
  out.normalize();
  x = std::move(out);
}

// x = a * b mod x^n.
inline void MulTrunc(GF2X& x, const GF2X& a, const GF2X& b, long n) {
  GF2X t;
  mul(t, a, b);
  trunc(x, t, n);
}

// c = 1 / a mod x^e (a(0) = 1): the series long division, one shifted a per set coefficient.
inline void InvTrunc(GF2X& c, const GF2X& a, long e) {
  const auto n = static_cast<std::size_t>(e);
  GF2X out, rest;
  set(rest);
  out.w.assign((n + 63) / 64, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (k / 64 < rest.w.size() && ((rest.w[k / 64] >> (k % 64)) & 1U) != 0) {
      out.w[k / 64] |= std::uint64_t{1} << (k % 64);
      xor_shifted(rest.w, a.w, k);
    }
  }
  out.normalize();
  c = std::move(out);
}

// d = gcd(a, b) = s a + t b.
inline void XGCD(GF2X& d, GF2X& s, GF2X& t, const GF2X& a, const GF2X& b) {
  GF2X r0 = a, r1 = b, s0, s1, t0, t1;
  set(s0);
  set(t1);
  while (!r1.w.empty()) {
    GF2X q, r, qs, qt;
    DivRem(q, r, r0, r1);
    mul(qs, q, s1);
    mul(qt, q, t1);
    add(qs, s0, qs);
    add(qt, t0, qt);
    r0 = std::move(r1);
    r1 = std::move(r);
    s0 = std::move(s1);
    s1 = std::move(qs);
    t0 = std::move(t1);
    t1 = std::move(qt);
  }
  d = std::move(r0);
  s = std::move(s0);
  t = std::move(t0);
}

}  // namespace NTL
