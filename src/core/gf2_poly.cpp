// Gf2Poly arithmetic (shifts, products, division, Euclid) and the path-graph maps phi, phi^-1.
#include "gf2_poly.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define LIGHTSOUT_PCLMUL_DISPATCH 1
#endif

namespace lightsout {

namespace {

using Words = std::vector<std::uint64_t>;

std::size_t words_for_degree(std::size_t degree) { return degree / 64 + 1; }

// dst ^= src * x^k. Requires dst.size() to cover deg(src) + k.
void xor_shifted(std::uint64_t* dst, const std::uint64_t* src, std::size_t src_words,
                 std::size_t k) {
  const std::size_t word = k / 64;
  const unsigned bit = static_cast<unsigned>(k % 64);
  std::uint64_t* d = dst + word;
  if (bit == 0) {
    for (std::size_t i = 0; i < src_words; ++i) d[i] ^= src[i];
    return;
  }
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < src_words; ++i) {
    d[i] ^= (src[i] << bit) | carry;
    carry = src[i] >> (64 - bit);
  }
  if (carry != 0) d[src_words] ^= carry;
}

void trim(Words& w) {
  while (!w.empty() && w.back() == 0) w.pop_back();
}

// --- carry-less products of word vectors: out[i + j .. i + j + 1] ^= a[i] * b[j] ---

// Portable: a 4-bit window over a, with a table of the 16 multiples of the low 61 bits of b (so
// every entry fits one word); the 3 top bits of b are added back one by one.
void mul_words_portable(const std::uint64_t* a, std::size_t na, const std::uint64_t* b,
                        std::size_t nb, std::uint64_t* out) {
  constexpr std::uint64_t kLow61 = (std::uint64_t{1} << 61) - 1;
  std::uint64_t table[16];
  for (std::size_t j = 0; j < nb; ++j) {
    const std::uint64_t bj = b[j];
    if (bj == 0) continue;
    const std::uint64_t low = bj & kLow61;
    table[0] = 0;
    table[1] = low;
    for (int t = 2; t < 16; t += 2) {
      table[t] = table[t / 2] << 1;
      table[t + 1] = table[t] ^ low;
    }
    for (std::size_t i = 0; i < na; ++i) {
      const std::uint64_t ai = a[i];
      std::uint64_t lo = table[ai & 15];
      std::uint64_t hi = 0;
      for (unsigned s = 4; s < 64; s += 4) {
        const std::uint64_t t = table[(ai >> s) & 15];
        lo ^= t << s;
        hi ^= t >> (64 - s);
      }
      for (unsigned s = 61; s < 64; ++s) {
        if ((bj >> s) & 1U) {
          lo ^= ai << s;
          hi ^= ai >> (64 - s);
        }
      }
      out[i + j] ^= lo;
      out[i + j + 1] ^= hi;
    }
  }
}

#ifdef LIGHTSOUT_PCLMUL_DISPATCH
__attribute__((target("pclmul"))) void mul_words_pclmul(const std::uint64_t* a, std::size_t na,
                                                        const std::uint64_t* b, std::size_t nb,
                                                        std::uint64_t* out) {
  for (std::size_t j = 0; j < nb; ++j) {
    if (b[j] == 0) continue;
    const __m128i vb = _mm_set_epi64x(0, static_cast<long long>(b[j]));
    for (std::size_t i = 0; i < na; ++i) {
      const __m128i va = _mm_set_epi64x(0, static_cast<long long>(a[i]));
      alignas(16) std::uint64_t p[2];
      _mm_store_si128(reinterpret_cast<__m128i*>(p), _mm_clmulepi64_si128(va, vb, 0x00));
      out[i + j] ^= p[0];
      out[i + j + 1] ^= p[1];
    }
  }
}

bool cpu_has_pclmul() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("pclmul") != 0;
  }();
  return has;
}
#endif

Gf2Poly multiply(const Gf2Poly& a, const Gf2Poly& b, bool allow_pclmul) {
  if (a.is_zero() || b.is_zero()) return {};
  const auto wa = a.words();
  const auto wb = b.words();
  Words out(wa.size() + wb.size(), 0);
#ifdef LIGHTSOUT_PCLMUL_DISPATCH
  if (allow_pclmul && cpu_has_pclmul()) {
    mul_words_pclmul(wa.data(), wa.size(), wb.data(), wb.size(), out.data());
    return Gf2Poly(std::move(out));
  }
#else
  (void)allow_pclmul;
#endif
  mul_words_portable(wa.data(), wa.size(), wb.data(), wb.size(), out.data());
  return Gf2Poly(std::move(out));
}

// Reduce the packed polynomial `r` modulo b (nonzero, degree db) in place, one leading term at a
// time, from degree `top` down to db; when `quotient` is non-null, record the terms there.
void reduce_in_place(Words& r, std::int64_t top, const Gf2Poly& b, Words* quotient) {
  const std::int64_t db = b.degree();
  const auto wb = b.words();
  for (std::int64_t i = top; i >= db; --i) {
    const auto k = static_cast<std::size_t>(i);
    if (((r[k / 64] >> (k % 64)) & 1U) == 0) continue;
    const auto shift = static_cast<std::size_t>(i - db);
    xor_shifted(r.data(), wb.data(), wb.size(), shift);
    if (quotient != nullptr) (*quotient)[shift / 64] |= std::uint64_t{1} << (shift % 64);
  }
  trim(r);
}

std::uint64_t row_mask(std::size_t n) {
  return n % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n % 64)) - 1;
}

}  // namespace

// --- Gf2Poly members ---

Gf2Poly::Gf2Poly(std::vector<std::uint64_t> words) : words_(std::move(words)) { normalize(); }

Gf2Poly Gf2Poly::monomial(std::size_t k) {
  Gf2Poly p;
  p.words_.assign(words_for_degree(k), 0);
  p.words_.back() = std::uint64_t{1} << (k % 64);
  return p;
}

std::int64_t Gf2Poly::degree() const {
  if (words_.empty()) return -1;
  return static_cast<std::int64_t>(words_.size() * 64 - 1) -
         static_cast<std::int64_t>(std::countl_zero(words_.back()));
}

void Gf2Poly::set_coeff(std::size_t k, bool on) {
  if (k / 64 >= words_.size()) {
    if (!on) return;
    words_.resize(k / 64 + 1, 0);
  }
  const std::uint64_t bit = std::uint64_t{1} << (k % 64);
  words_[k / 64] = on ? (words_[k / 64] | bit) : (words_[k / 64] & ~bit);
  normalize();
}

std::size_t Gf2Poly::weight() const {
  std::size_t n = 0;
  for (std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

Gf2Poly& Gf2Poly::operator+=(const Gf2Poly& other) {
  if (other.words_.size() > words_.size()) words_.resize(other.words_.size(), 0);
  for (std::size_t k = 0; k < other.words_.size(); ++k) words_[k] ^= other.words_[k];
  normalize();
  return *this;
}

void Gf2Poly::add_shifted(const Gf2Poly& other, std::size_t k) {
  if (other.is_zero()) return;
  if (&other == this) {  // this += this * x^k
    Gf2Poly shifted = other;
    shifted.shift_left(k);
    *this += shifted;
    return;
  }
  const std::size_t need = words_for_degree(static_cast<std::size_t>(other.degree()) + k);
  if (words_.size() < need) words_.resize(need, 0);
  xor_shifted(words_.data(), other.words_.data(), other.words_.size(), k);
  normalize();
}

Gf2Poly& Gf2Poly::shift_left(std::size_t k) {
  if (is_zero() || k == 0) return *this;
  Words out(words_for_degree(static_cast<std::size_t>(degree()) + k), 0);
  xor_shifted(out.data(), words_.data(), words_.size(), k);
  words_ = std::move(out);
  return *this;
}

Gf2Poly& Gf2Poly::shift_right(std::size_t k) {
  if (static_cast<std::int64_t>(k) > degree()) {
    words_.clear();
    return *this;
  }
  const std::size_t word = k / 64;
  const unsigned bit = static_cast<unsigned>(k % 64);
  const std::size_t n = words_.size() - word;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t v = words_[i + word] >> bit;
    if (bit != 0 && i + word + 1 < words_.size()) v |= words_[i + word + 1] << (64 - bit);
    words_[i] = v;
  }
  words_.resize(n);
  normalize();
  return *this;
}

Gf2Poly& Gf2Poly::mul_x_plus_1() {
  std::uint64_t carry = 0;
  for (std::uint64_t& w : words_) {
    const std::uint64_t v = w;
    w = v ^ (v << 1) ^ carry;
    carry = v >> 63;
  }
  if (carry != 0) words_.push_back(carry);
  return *this;
}

bool Gf2Poly::eval(bool x) const {
  if (!x) return coeff(0);
  return weight() % 2 == 1;
}

bool Gf2Poly::check_invariants() const { return words_.empty() || words_.back() != 0; }

std::string Gf2Poly::to_string() const {
  if (is_zero()) return "0";
  std::string s;
  for (std::int64_t k = degree(); k >= 0; --k) {
    if (!coeff(static_cast<std::size_t>(k))) continue;
    if (!s.empty()) s += " + ";
    if (k == 0) {
      s += "1";
    } else if (k == 1) {
      s += "x";
    } else {
      s += "x^" + std::to_string(k);
    }
  }
  return s;
}

void Gf2Poly::normalize() { trim(words_); }

// --- free functions ---

Gf2Poly operator+(Gf2Poly a, const Gf2Poly& b) { return a += b; }

Gf2Poly operator*(const Gf2Poly& a, const Gf2Poly& b) { return multiply(a, b, true); }

Gf2Poly detail::multiply_portable(const Gf2Poly& a, const Gf2Poly& b) {
  return multiply(a, b, false);
}

Gf2DivMod divmod(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) throw std::domain_error("Gf2Poly: division by zero");
  Gf2DivMod out;
  if (a.degree() < b.degree()) {
    out.remainder = a;
    return out;
  }
  Words r(a.words().begin(), a.words().end());
  Words q(words_for_degree(static_cast<std::size_t>(a.degree() - b.degree())), 0);
  reduce_in_place(r, a.degree(), b, &q);
  out.quotient = Gf2Poly(std::move(q));
  out.remainder = Gf2Poly(std::move(r));
  return out;
}

Gf2Poly mod(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) throw std::domain_error("Gf2Poly: division by zero");
  if (a.degree() < b.degree()) return a;
  Words r(a.words().begin(), a.words().end());
  reduce_in_place(r, a.degree(), b, nullptr);
  return Gf2Poly(std::move(r));
}

Gf2Poly mulmod(const Gf2Poly& a, const Gf2Poly& b, const Gf2Poly& m) { return mod(a * b, m); }

Gf2Poly gcd(Gf2Poly a, Gf2Poly b) {
  // Single-term steps: cancel the leading term of the higher-degree one with a shift of the
  // other; the degree sum drops every step.
  while (!b.is_zero()) {
    while (!a.is_zero() && a.degree() >= b.degree()) {
      a.add_shifted(b, static_cast<std::size_t>(a.degree() - b.degree()));
    }
    std::swap(a, b);
  }
  return a;
}

// Contract: g = gcd(a, b) and s * a = g (mod b), deg s < deg b (for deg b >= 1).
// Invariant of the loop: s0 * a = r0 and s1 * a = r1 (mod b); every step subtracts a shifted copy
// of one pair from the other, so it holds throughout, and r0 ends as the gcd.
Gf2Xgcd xgcd(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) return {a, Gf2Poly::one()};
  Gf2Poly r0 = b;
  Gf2Poly r1 = mod(a, b);
  Gf2Poly s0;
  Gf2Poly s1 = b.degree() > 0 ? Gf2Poly::one() : Gf2Poly();  // 1 mod b
  while (!r1.is_zero()) {
    while (!r0.is_zero() && r0.degree() >= r1.degree()) {
      const auto k = static_cast<std::size_t>(r0.degree() - r1.degree());
      r0.add_shifted(r1, k);
      s0.add_shifted(s1, k);
    }
    std::swap(r0, r1);
    std::swap(s0, s1);
  }
  return {std::move(r0), std::move(s0)};
}

// --- the path on n cells ---

Gf2Poly path_polynomial(std::size_t n) {
  // f_n = sum_k C(n - k, k) x^(n - 2k) (the Fibonacci polynomials), and by Lucas' theorem
  // C(n - k, k) is odd iff the bits of k are a subset of those of n - k.
  Words w(words_for_degree(n), 0);
  for (std::size_t k = 0; 2 * k <= n; ++k) {
    if (((n - k) & k) == k) {
      const std::size_t e = n - 2 * k;
      w[e / 64] |= std::uint64_t{1} << (e % 64);
    }
  }
  return Gf2Poly(std::move(w));
}

// Horner over S: before the step for coefficient k, w holds cells [0, deg P - k) at most, so
// each step touches only the words that can be nonzero.
std::vector<std::uint64_t> path_vector(const Gf2Poly& p, std::size_t n) {
  if (n == 0) throw std::invalid_argument("path_vector: n must be at least 1");
  const std::size_t words = (n + 63) / 64;
  const std::uint64_t mask = row_mask(n);
  Words w(words, 0), next(words, 0);
  const std::int64_t top = p.degree();
  for (std::int64_t k = top; k >= 0; --k) {
    const std::size_t active =
        std::min(words, static_cast<std::size_t>(top - k) / 64 + 1);  // cells [0, top - k]
    // next = S w: v << 1 ^ v >> 1 across word boundaries.
    for (std::size_t t = 0; t < active; ++t) {
      const std::uint64_t v = w[t];
      const std::uint64_t from_left = t > 0 ? w[t - 1] >> 63 : 0;
      const std::uint64_t from_right = t + 1 < words ? w[t + 1] << 63 : 0;
      next[t] = (v << 1) ^ from_left ^ (v >> 1) ^ from_right;
    }
    if (active == words) next[words - 1] &= mask;
    if (p.coeff(static_cast<std::size_t>(k))) next[0] ^= 1;
    std::swap(w, next);
  }
  return w;
}

// Clenshaw for V = sum_k v_k f_k with f_{k+1} = x f_k + f_{k-1}: c_k has degree <= n - 1 - k, so
// step k touches only its low words.
Gf2Poly path_coordinates(std::span<const std::uint64_t> v, std::size_t n) {
  const std::size_t words = (n + 63) / 64;
  if (v.size() < words) throw std::invalid_argument("path_coordinates: vector too short");
  Words c1(words, 0), c2(words, 0);  // c_{k+1}, c_{k+2}
  for (std::size_t k = n; k-- > 0;) {
    const std::size_t active = (n - 1 - k) / 64 + 1;
    // c2 <- c_k = v_k + x c_{k+1} + c_{k+2}; then rotate.
    std::uint64_t carry = 0;
    for (std::size_t t = 0; t < active; ++t) {
      c2[t] ^= (c1[t] << 1) | carry;
      carry = c1[t] >> 63;
    }
    c2[0] ^= (v[k / 64] >> (k % 64)) & 1U;
    std::swap(c1, c2);
  }
  return Gf2Poly(std::move(c1));
}

}  // namespace lightsout
