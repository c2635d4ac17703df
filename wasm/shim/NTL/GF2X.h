// The few NTL GF2X calls of src/core (board_info's gcd), portably, for the WebAssembly build only
// (Debian's NTL is native): polynomials over GF(2) as 64-bit words, schoolbook arithmetic. Fine
// for the page's sides (at most 1000); NTL's fast multiplication is what larger sides need.
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

}  // namespace NTL
