// Gf2Poly: bit-packed polynomials over GF(2) for solve_poly, their arithmetic done by NTL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lightsout {

// Layout (the Board layout, read as one long row):
//   - the coefficient of x^k is bit (k % 64) of word (k / 64);
//   - normalized: the last word, if any, is nonzero, so the zero polynomial has no words and
//     equal polynomials have equal word vectors;
//   - degree() of the zero polynomial is -1.
// check_invariants() verifies the normalization; every member keeps it.
class Gf2Poly {
 public:
  Gf2Poly() = default;  // the zero polynomial
  // From packed coefficients; trailing zero words are dropped.
  explicit Gf2Poly(std::vector<std::uint64_t> words);
  // x^k.
  static Gf2Poly monomial(std::size_t k);
  static Gf2Poly one() { return monomial(0); }

  // Degree, -1 for the zero polynomial.
  std::int64_t degree() const;
  bool is_zero() const { return words_.empty(); }
  bool is_one() const { return words_.size() == 1 && words_[0] == 1; }
  bool coeff(std::size_t k) const {
    return k / 64 < words_.size() && ((words_[k / 64] >> (k % 64)) & 1U) != 0;
  }
  void set_coeff(std::size_t k, bool on);
  std::span<const std::uint64_t> words() const { return words_; }
  // Number of nonzero coefficients.
  std::size_t weight() const;

  // Addition is xor (and so is subtraction).
  Gf2Poly& operator+=(const Gf2Poly& other);
  // this += other * x^k, without building the shifted copy: the step of long division and Euclid.
  void add_shifted(const Gf2Poly& other, std::size_t k);
  // Multiply by x^k.
  Gf2Poly& shift_left(std::size_t k);
  // Floor-divide by x^k (drop the k lowest coefficients).
  Gf2Poly& shift_right(std::size_t k);
  Gf2Poly& mul_x() { return shift_left(1); }
  // Multiply by (x + 1): this = this * x + this.
  Gf2Poly& mul_x_plus_1();

  // p(0) and p(1) (the parity of the coefficients).
  bool eval(bool x) const;

  bool operator==(const Gf2Poly& other) const = default;
  bool check_invariants() const;
  // "x^3 + x + 1", "0" for zero; for tests and messages.
  std::string to_string() const;

 private:
  void normalize();
  std::vector<std::uint64_t> words_;
};

Gf2Poly operator+(Gf2Poly a, const Gf2Poly& b);
// Product, quotient and remainder, gcds: NTL's GF2X (subquadratic products and half-gcd for long
// polynomials), the packed words crossing as bytes both ways (O(words)).
Gf2Poly operator*(const Gf2Poly& a, const Gf2Poly& b);

struct Gf2DivMod {
  Gf2Poly quotient;
  Gf2Poly remainder;
};
// a = quotient * b + remainder with deg remainder < deg b. Throws std::domain_error when b is
// zero.
Gf2DivMod divmod(const Gf2Poly& a, const Gf2Poly& b);
// a mod b (the remainder of divmod), without building the quotient.
Gf2Poly mod(const Gf2Poly& a, const Gf2Poly& b);
// a * b mod m.
Gf2Poly mulmod(const Gf2Poly& a, const Gf2Poly& b, const Gf2Poly& m);

// Greatest common divisor (monic, as every nonzero polynomial over GF(2) is); gcd(0, 0) = 0.
Gf2Poly gcd(const Gf2Poly& a, const Gf2Poly& b);

struct Gf2Xgcd {
  Gf2Poly g;  // gcd(a, b)
  Gf2Poly s;  // s * a = g (mod b); deg s < deg b when b is not constant
};
// Extended Euclid (NTL's XGCD). For b = 0 it returns g = a, s = 1.
Gf2Xgcd xgcd(const Gf2Poly& a, const Gf2Poly& b);

// --- The path on n cells (the row of a board), S v = (v << 1) ^ (v >> 1) masked to n bits. ---
// Vectors are packed like a Board row: ceil(n / 64) words, cell c = bit c % 64 of word c / 64,
// padding bits zero.

// a / q mod x^m as a power series (q(0) must be 1): the first m terms of the sequence whose
// generating function is a / q. NTL's truncated inverse and product: O(M(m)).
Gf2Poly series_quotient(const Gf2Poly& a, const Gf2Poly& q, std::size_t m);

// f_n, the characteristic polynomial of S: f_0 = 1, f_1 = x, f_{k+1} = x f_k + f_{k-1}.
// O(n^2 / 64).
Gf2Poly path_polynomial(std::size_t n);

// phi(P) = P(S) e_1 by Horner (w = S w + P_k e_1 from the top coefficient down). phi(f_k) =
// e_{k+1} (cell k) for k < n, and phi(P) = phi(P mod f_n). Requires n >= 1. O(deg P * n / 64).
std::vector<std::uint64_t> path_vector(const Gf2Poly& p, std::size_t n);

// phi^-1: the V with deg V < n and phi(V) = v, i.e. V = sum_k v_k f_k, by Clenshaw
// (c_k = v_k + x c_{k+1} + c_{k+2}, V = c_0). `v` holds ceil(n / 64) words. O(n^2 / 64).
Gf2Poly path_coordinates(std::span<const std::uint64_t> v, std::size_t n);

}  // namespace lightsout
