// Gf2Poly: the packed polynomial the solvers share, its products, division and gcds by NTL's
// GF2X (the library's one GF(2)[x] arithmetic), and the path-graph maps phi, phi^-1.
#include "gf2_poly.hpp"

#include <NTL/GF2X.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

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

// Polynomials cross to NTL as bytes, coefficient 0 in the low bit of byte 0: the little-endian
// image of the packed words.
static_assert(std::endian::native == std::endian::little);

NTL::GF2X to_ntl(const Gf2Poly& p) {
  NTL::GF2X x;
  const auto w = p.words();
  NTL::GF2XFromBytes(x, reinterpret_cast<const unsigned char*>(w.data()),
                     static_cast<long>(w.size() * sizeof(std::uint64_t)));
  return x;
}

Gf2Poly from_ntl(const NTL::GF2X& x) {
  const long bytes = NTL::NumBytes(x);
  Words w((static_cast<std::size_t>(bytes) + 7) / 8, 0);
  NTL::BytesFromGF2X(reinterpret_cast<unsigned char*>(w.data()), x, bytes);
  return Gf2Poly(std::move(w));
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

Gf2Poly operator*(const Gf2Poly& a, const Gf2Poly& b) {
  if (a.is_zero() || b.is_zero()) return {};
  NTL::GF2X product;
  NTL::mul(product, to_ntl(a), to_ntl(b));
  return from_ntl(product);
}

Gf2DivMod divmod(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) throw std::domain_error("Gf2Poly: division by zero");
  if (a.degree() < b.degree()) return {Gf2Poly(), a};
  NTL::GF2X q, r;
  NTL::DivRem(q, r, to_ntl(a), to_ntl(b));
  return {from_ntl(q), from_ntl(r)};
}

Gf2Poly mod(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) throw std::domain_error("Gf2Poly: division by zero");
  if (a.degree() < b.degree()) return a;
  NTL::GF2X r;
  NTL::rem(r, to_ntl(a), to_ntl(b));
  return from_ntl(r);
}

Gf2Poly mulmod(const Gf2Poly& a, const Gf2Poly& b, const Gf2Poly& m) {
  if (m.is_zero()) throw std::domain_error("Gf2Poly: division by zero");
  NTL::GF2X product;
  NTL::MulMod(product, to_ntl(mod(a, m)), to_ntl(mod(b, m)), to_ntl(m));
  return from_ntl(product);
}

Gf2Poly series_quotient(const Gf2Poly& a, const Gf2Poly& q, std::size_t m) {
  if (!q.coeff(0)) throw std::invalid_argument("series_quotient: q(0) must be 1");
  if (m == 0) return {};
  NTL::GF2X inverse, quotient;
  NTL::InvTrunc(inverse, to_ntl(q), static_cast<long>(m));
  NTL::MulTrunc(quotient, to_ntl(a), inverse, static_cast<long>(m));
  return from_ntl(quotient);
}

Gf2Poly gcd(const Gf2Poly& a, const Gf2Poly& b) { return from_ntl(NTL::GCD(to_ntl(a), to_ntl(b))); }

// NTL's XGCD: d = s a + t b, so s a = d (mod b), with deg s < deg b - deg d.
Gf2Xgcd xgcd(const Gf2Poly& a, const Gf2Poly& b) {
  if (b.is_zero()) return {a, Gf2Poly::one()};
  NTL::GF2X d, s, t;
  NTL::XGCD(d, s, t, to_ntl(a), to_ntl(b));
  return {from_ntl(d), from_ntl(s)};
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
