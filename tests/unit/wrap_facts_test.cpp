// wrap_facts (torus and cylinder nullities by polynomials) against elimination and light chasing.
#include "core/wrap_facts.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/chase_plus.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/info.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "rank_mod.hpp"

namespace lightsout {
namespace {

Rules plus_rules(Topology topology, unsigned states, bool self) {
  Rules rules;
  rules.topology = topology;
  rules.states = states;
  rules.self = self;
  rules.offsets = named_offsets(Neighbourhood::plus);
  if (!self) std::erase(rules.offsets, Offset{0, 0});
  return rules;
}

// The oracle: the Solver (tables, dense elimination or light chasing, whichever it picks) on the
// dark board, whose solutions are the quiet patterns.
Result dark_solve(const Rules& rules, std::size_t rows, std::size_t cols) {
  Options options;
  options.kernel = false;
  return Solver(rules, rows, cols).solve(Grid(rows, cols, rules.states), options);
}

void expect_matches_solver(const Rules& rules, std::size_t rows, std::size_t cols) {
  SCOPED_TRACE(testing::Message() << to_string(rules) << " " << rows << "x" << cols);
  const Result expected = dark_solve(rules, rows, cols);
  ASSERT_TRUE(expected.solvable);
  const auto facts = detail::wrap_facts(rules, rows, cols);
  ASSERT_TRUE(facts.has_value());
  EXPECT_EQ(facts->nullity, expected.nullity);
  EXPECT_EQ(facts->quiet_patterns.to_string(), expected.solutions.to_string());
  EXPECT_EQ(facts->quiet_patterns, expected.solutions);
}

// The line: every n x n torus to 300 against the reduced system of light chasing (and
// the Solver where chasing does not take the size), with and without the button.
TEST(WrapFacts, SquareToriTo300MatchLightChasing) {
  for (const bool self : {true, false}) {
    const Rules rules = plus_rules(Topology::torus, 2, self);
    for (std::size_t n = 1; n <= 300; ++n) {
      SCOPED_TRACE(testing::Message() << "self " << self << " n " << n);
      std::size_t expected = 0;
      if (detail::PlusChase::applies(rules, n, n)) {
        expected = detail::PlusChase(rules, n, n, false).nullity();
      } else {
        expected = dark_solve(rules, n, n).nullity;
      }
      ASSERT_EQ(detail::wrap_nullity(true, self, 2, n, n), expected);
    }
  }
}

// Every m x n torus and cylinder to 40 x 40 over GF(2), to 24 x 24 for the other K (prime and
// square-free composite, where the count is a product over the primes).
TEST(WrapFacts, AllSmallSizesMatchTheSolver) {
  for (const unsigned k : {2U, 3U, 5U, 6U, 7U, 10U}) {
    const std::size_t max_side = k == 2 ? 40 : 24;
    for (const Topology topology : {Topology::torus, Topology::cylinder}) {
      for (const bool self : {true, false}) {
        const Rules rules = plus_rules(topology, k, self);
        for (std::size_t m = 1; m <= max_side; ++m) {
          for (std::size_t n = 1; n <= max_side; ++n) expect_matches_solver(rules, m, n);
        }
      }
    }
  }
}

// Sides 1 and 2, where offsets coincide, against a wide range of the other side and all K.
TEST(WrapFacts, ThinBoardsMatchTheSolver) {
  for (const unsigned k : {2U, 3U, 5U, 6U, 7U, 10U, 11U, 15U}) {
    for (const Topology topology : {Topology::torus, Topology::cylinder}) {
      for (const bool self : {true, false}) {
        const Rules rules = plus_rules(topology, k, self);
        for (std::size_t thin = 1; thin <= 2; ++thin) {
          for (std::size_t n = 1; n <= 70; ++n) {
            expect_matches_solver(rules, thin, n);
            expect_matches_solver(rules, n, thin);
          }
        }
      }
    }
  }
}

// Long boards: the powered side far beyond the polynomial one, against light chasing.
TEST(WrapFacts, LongBoardsMatchTheSolver) {
  for (const unsigned k : {2U, 3U, 5U}) {
    for (const bool self : {true, false}) {
      const Rules torus = plus_rules(Topology::torus, k, self);
      const Rules cylinder = plus_rules(Topology::cylinder, k, self);
      for (const std::size_t n : {3000U, 3003U, 4095U, 4097U}) {
        expect_matches_solver(torus, 5, n);
        expect_matches_solver(torus, n, 6);
        expect_matches_solver(cylinder, 4, n);
        expect_matches_solver(cylinder, n, 3);
      }
    }
  }
}

// board_facts takes the polynomial answer without a kernel and the Solver's with one: the same
// facts either way, and the kernel has as many patterns as the nullity.
TEST(WrapFacts, BoardFactsAgreeWithAndWithoutKernel) {
  for (const char* text : {"torus", "cylinder", "torus,self=0", "cylinder,states=3",
                           "torus,states=6,target=on", "cylinder,states=10,self=0"}) {
    const Rules rules = parse_rules(text);
    for (const std::size_t m : {1U, 2U, 5U, 9U}) {
      for (const std::size_t n : {1U, 3U, 4U, 12U}) {
        SCOPED_TRACE(testing::Message() << text << " " << m << "x" << n);
        ASSERT_TRUE(facts_without_board(rules, m, n));
        const Facts fast = board_facts(rules, m, n, false);
        const Facts slow = board_facts(rules, m, n, true);
        EXPECT_EQ(fast.nullity, slow.nullity);
        EXPECT_EQ(fast.quiet_patterns, slow.quiet_patterns);
        EXPECT_EQ(fast.solvable_log2, slow.solvable_log2);
        EXPECT_EQ(fast.all_solvable, slow.all_solvable);
        EXPECT_EQ(fast.cells, slow.cells);
        EXPECT_EQ(slow.kernel.size(), slow.nullity);
      }
    }
  }
}

// K with a square factor keeps elimination: the count over Z_K is not p^(nullity over GF(p)).
TEST(WrapFacts, SquareFactorsAreLeftToElimination) {
  for (const unsigned k : {4U, 8U, 9U, 12U, 18U}) {
    const Rules rules = plus_rules(Topology::torus, k, true);
    EXPECT_FALSE(detail::wrap_facts_apply(rules)) << k;
    EXPECT_FALSE(detail::wrap_facts(rules, 5, 5).has_value()) << k;
    EXPECT_FALSE(facts_without_board(rules, 5, 5)) << k;
    const Facts facts = board_facts(rules, 5, 5);
    EXPECT_EQ(facts.quiet_patterns, dark_solve(rules, 5, 5).solutions) << k;
  }
  // Nor other neighbourhoods, holes or the plane.
  EXPECT_FALSE(detail::wrap_facts_apply(parse_rules("torus,nbhd=x")));
  EXPECT_FALSE(detail::wrap_facts_apply(parse_rules("plane,self=0")));
  EXPECT_FALSE(detail::wrap_facts_apply(parse_rules("cylinder,nbhd=rowcol")));
}

TEST(WrapFacts, LimitsAreRefusedClearly) {
  const Rules torus = plus_rules(Topology::torus, 2, true);
  const Rules cylinder = plus_rules(Topology::cylinder, 3, true);
  const std::uint64_t max = detail::kMaxWrapFactsSide;
  // A torus turns: only its shorter side is bounded; a cylinder's columns (the side that
  // wraps, along which the polynomials run) are.
  EXPECT_TRUE(detail::wrap_facts_fit(torus, 3, max + 1));
  EXPECT_TRUE(detail::wrap_facts_fit(torus, max + 1, 3));
  EXPECT_TRUE(detail::wrap_facts_fit(torus, max, detail::kMaxWrapFactsPowerSide));
  EXPECT_FALSE(detail::wrap_facts_fit(torus, max + 1, max + 1));
  EXPECT_FALSE(detail::wrap_facts_fit(torus, 3, detail::kMaxWrapFactsPowerSide + 1));
  EXPECT_TRUE(detail::wrap_facts_fit(cylinder, detail::kMaxWrapFactsPowerSide, 3));
  EXPECT_TRUE(detail::wrap_facts_fit(cylinder, 3, max));
  EXPECT_FALSE(detail::wrap_facts_fit(cylinder, 3, max + 1));
  EXPECT_FALSE(detail::wrap_facts_fit(cylinder, 0, 3));
  EXPECT_FALSE(detail::wrap_facts(cylinder, 3, max + 1).has_value());
  EXPECT_THROW(detail::wrap_nullity(false, true, 3, 3, max + 1), std::invalid_argument);
  EXPECT_THROW(detail::wrap_nullity(true, true, 2, max + 1, max + 1), std::invalid_argument);
  EXPECT_THROW(detail::wrap_nullity(true, true, 2, 0, 5), std::invalid_argument);
  // Past the limit board_facts goes back to the Solver (whose own limits apply).
  EXPECT_FALSE(facts_without_board(torus, max + 1, max + 1));
  EXPECT_FALSE(facts_without_board(cylinder, 3, max + 1));
}

// An independent oracle for a huge side: chasing along it with the state (x_(j-1), x_j) of two
// lines of w cells (w the other side, which wraps), the step is the 2w x 2w matrix
// T = [[0, I], [-I, -C]] (C: the w-cycle plus s on the diagonal). On a torus the quiet patterns
// are the states with T^L v = v, so nullity = 2w - rank(T^L - I); on a cylinder (chasing along
// its L rows, x_(-1) = 0) they are the x_0 whose x_L vanishes: w - rank of T^L's lower right
// block. Over GF(p), dense, by squaring.
using Matrix = test_support::ModMatrix;
using test_support::rank_mod;

Matrix multiply(const Matrix& a, const Matrix& b, std::uint64_t p) {
  const std::size_t d = a.size();
  Matrix out(d, std::vector<std::uint64_t>(d, 0));
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t k = 0; k < d; ++k) {
      if (a[i][k] == 0) continue;
      for (std::size_t j = 0; j < d; ++j) out[i][j] = (out[i][j] + a[i][k] * b[k][j]) % p;
    }
  }
  return out;
}

std::uint64_t transfer_nullity(bool torus, bool self, std::uint64_t p, std::size_t w,
                               std::uint64_t length) {
  const std::size_t d = 2 * w;
  Matrix t(d, std::vector<std::uint64_t>(d, 0));
  for (std::size_t i = 0; i < w; ++i) {
    t[i][w + i] = 1;
    t[w + i][i] = p - 1;
    // -C: the neighbours of cell i across (counted twice when they coincide).
    auto sub_one = [&](std::size_t j) { t[w + i][w + j] = (t[w + i][w + j] + p - 1) % p; };
    if (self) sub_one(i);
    sub_one((i + 1) % w);
    sub_one((i + w - 1) % w);
  }
  Matrix power(d, std::vector<std::uint64_t>(d, 0));
  for (std::size_t i = 0; i < d; ++i) power[i][i] = 1;
  for (std::uint64_t e = length; e > 0; e >>= 1, t = multiply(t, t, p)) {
    if (e & 1U) power = multiply(power, t, p);
  }
  if (torus) {
    for (std::size_t i = 0; i < d; ++i) power[i][i] = (power[i][i] + p - 1) % p;
    return d - rank_mod(power, p);
  }
  Matrix block(w, std::vector<std::uint64_t>(w, 0));
  for (std::size_t i = 0; i < w; ++i) {
    for (std::size_t j = 0; j < w; ++j) block[i][j] = power[w + i][w + j];
  }
  return w - rank_mod(block, p);
}

TEST(WrapFacts, TransferOracleMatchesTheSolverOnSmallBoards) {
  for (const unsigned p : {2U, 3U, 5U}) {
    for (const bool torus : {true, false}) {
      for (const bool self : {true, false}) {
        const Rules rules = plus_rules(torus ? Topology::torus : Topology::cylinder, p, self);
        for (std::size_t w = 1; w <= 6; ++w) {
          for (std::size_t length = 1; length <= 12; ++length) {
            EXPECT_EQ(transfer_nullity(torus, self, p, w, length),
                      dark_solve(rules, length, w).nullity)
                << p << " " << torus << " " << self << " " << length << "x" << w;
          }
        }
      }
    }
  }
}

TEST(WrapFacts, HugeSidesMatchTheTransferMatrix) {
  std::mt19937_64 rng(25);
  for (const unsigned p : {2U, 3U, 5U, 7U}) {
    for (const bool torus : {true, false}) {
      for (const bool self : {true, false}) {
        for (std::size_t w = 1; w <= 12; ++w) {
          for (int trial = 0; trial < 8; ++trial) {
            // Random lengths up to 2^62; multiples of small periods, where nullities appear; and
            // powers of p times small factors, where the p-power stage has work to do.
            std::uint64_t length = (rng() >> 2) + 1;
            if (trial == 1 || trial == 2) {
              length -= length % (trial == 1 ? 6 : 2 * 3 * 5 * 7 * 8);
            } else if (trial >= 3) {
              // A power of p up to 5000 (the torus's polynomials run along it, up to 35000) or
              // past 2^23 (they run along w), times 1..7.
              std::uint64_t base = 1;
              while (base * p <= 5000) base *= p;
              if (trial >= 6) {
                while (base <= detail::kMaxWrapFactsSide) base *= p;
              }
              length = base * (1 + rng() % 7);
            }
            if (length == 0) length = 6;
            SCOPED_TRACE(testing::Message() << "p " << p << " torus " << torus << " self " << self
                                            << " " << length << "x" << w);
            ASSERT_EQ(detail::wrap_nullity(torus, self, p, length, w),
                      transfer_nullity(torus, self, p, w, length));
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace lightsout
