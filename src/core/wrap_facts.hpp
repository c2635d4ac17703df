// Internal: the nullity of the plus rules on a torus or a cylinder from the size alone, by
// polynomial arithmetic over GF(p) (docs/solver-math.md, "Torus and cylinder facts by
// polynomials").
#pragma once

#include <cstdint>
#include <optional>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::detail {

// The longest side the polynomials run along: a cylinder's columns (the side that wraps), on a
// torus a side within this limit (the one with the smaller p-free part). The other side only
// sets how far a power is raised, so it may be anything up to 2^62.
inline constexpr std::uint64_t kMaxWrapFactsSide = std::uint64_t{1} << 23;
inline constexpr std::uint64_t kMaxWrapFactsPowerSide = std::uint64_t{1} << 62;

// True for rules wrap_facts answers: a torus or a cylinder, the plus neighbourhood with or
// without the button itself, no holes, no graph, any goal, and a square-free number of states
// (2, 3, 5, 6, 7, 10, ...: over Z_K with a square factor the count is not a power of p's).
bool wrap_facts_apply(const Rules& rules);

// wrap_facts_apply and a size within the limits above.
bool wrap_facts_fit(const Rules& rules, std::uint64_t rows, std::uint64_t cols);

struct WrapFacts {
  std::uint64_t nullity = 0;     // the most generators over any prime of K
  SolutionCount quiet_patterns;  // prod over the primes p of K of p^(nullity over GF(p))
};

// Contract: the facts of the dark board (the quiet patterns do not depend on the goal), or
// nullopt unless wrap_facts_fit(rules, rows, cols). Throws std::logic_error when an exact
// division the derivation guarantees fails (a self-check).
// Cost, per prime p of K, with the polynomial side m: O(log(other side)) products and one
// half-gcd at degree about m / 2 when p does not divide m; else, m = p^a m', the same at degree
// m' and then at p^a deg h1 <= m (h1: the common factors found at m'). GF(2) at 10^6 x 10^6:
// milliseconds (m' = 15625), at 999999 x 999999 0.5 s; over GF(3) at 10^6 x 10^6 about 4 s.
std::optional<WrapFacts> wrap_facts(const Rules& rules, std::uint64_t rows, std::uint64_t cols);

// An upper estimate of wrap_facts(rules, rows, cols) when wrap_facts_fit: `work` in units of about
// a nanosecond of one core, `bytes` held at the peak. Per prime p of K, with m the polynomial side
// and m' its p-free part: the half-gcd at degree D = m' / 2 when m' = m, else at m' and then at
// most m (stage 2's degree N deg h1 is only known after stage 1): A D log2(D)^2 units (A = 7 over
// GF(2), 60 over GF(p)) and B D bytes (3 and 200). Measured (2 cores busy): 1000000 x 999999 torus
// K = 23 (D = 5e5) 1.1e10 units, 19 s and 106 MB; K = 5 (D = 1e6, the upper bound) 2.4e10
// units, 11 s and 29 MB.
struct WrapFactsCost {
  double work = 0;
  double bytes = 0;
};
WrapFactsCost wrap_facts_cost(const Rules& rules, std::uint64_t rows, std::uint64_t cols);

// The nullity over GF(p) (p prime) of the plus rules (with the button iff `self`) on a rows x
// cols torus (`torus`) or cylinder (columns wrap): 1..kMaxWrapFactsSide along the polynomials,
// 1..kMaxWrapFactsPowerSide the other side. Throws std::invalid_argument outside those limits.
std::uint64_t wrap_nullity(bool torus, bool self, unsigned p, std::uint64_t rows,
                           std::uint64_t cols);

}  // namespace lightsout::detail
