// board_info and quiet_patterns against elimination, nullity_poly and the plain gcd formula.
#include "lightsout/info.hpp"
#include "core/classic_info.hpp"
#include "core/nullity_oracle.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/solve.hpp"
#include "lightsout/board.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::board_rank;
using test_support::make_rng;
using test_support::naive_effect;

SolveOptions no_kernel() {
  SolveOptions o;
  o.kernel = false;
  return o;
}

// The acceptance line: the rank deficiency from elimination, for every m, n <= 60.
TEST(BoardInfo, MatchesEliminationForEverySizeTo60) {
  for (std::size_t m = 1; m <= 60; ++m) {
    for (std::size_t n = 1; n <= 60; ++n) {
      SCOPED_TRACE(testing::Message() << m << " x " << n);
      const std::size_t expected = solve_chase(Board(m, n), no_kernel()).nullity;
      const BoardInfo info = board_info(m, n);
      ASSERT_EQ(info.nullity, expected);
      EXPECT_EQ(info.rows, m);
      EXPECT_EQ(info.cols, n);
      EXPECT_EQ(info.solvable_log2, m * n - expected);
      EXPECT_EQ(info.all_solvable, expected == 0);
      EXPECT_EQ(nullity_poly(m, n), expected);
      EXPECT_EQ(nullity_direct_gcd(m, n), expected);
      if (m * n <= 144) {
        EXPECT_EQ(solve_dense(Board(m, n), no_kernel()).nullity, expected);
      }
    }
  }
}

TEST(BoardInfo, SquareSizesFromTheNotes) {
  // docs/solver-math.md, "Small facts": n x n nullity for n = 1..20.
  const std::size_t documented[] = {0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0};
  for (std::size_t n = 1; n <= 20; ++n) EXPECT_EQ(board_info(n, n).nullity, documented[n - 1]) << n;
  const BoardInfo five = board_info(5, 5);
  EXPECT_EQ(five.nullity, 2U);
  EXPECT_EQ(five.solvable_log2, 23U);
  EXPECT_FALSE(five.all_solvable);
  const BoardInfo judge = board_info(5, 6);
  EXPECT_EQ(judge.nullity, 0U);
  EXPECT_EQ(judge.solvable_log2, 30U);
  EXPECT_TRUE(judge.all_solvable);
  EXPECT_EQ(board_info(4, 4).nullity, 4U);
}

TEST(BoardInfo, SingleRowsAndColumns) {
  // A 1 x n path: the press matrix is tridiagonal of ones, singular iff n = 2 (mod 3), by one.
  for (std::size_t n = 1; n <= 1000; ++n) {
    const std::size_t expected = n % 3 == 2 ? 1 : 0;
    ASSERT_EQ(board_info(1, n).nullity, expected) << n;
    ASSERT_EQ(board_info(n, 1).nullity, expected) << n;
  }
  EXPECT_EQ(board_info(1, 1).solvable_log2, 1U);
  EXPECT_EQ(board_info(1, 1'000'000'000).nullity, 0U);  // 10^9 = 1 (mod 3)
  EXPECT_EQ(board_info(999'999'999, 1).nullity, 0U);
  EXPECT_EQ(board_info(1'000'000'001, 1).nullity, 1U);
}

// The factored formula against the plain gcd of the definition, far beyond elimination.
TEST(BoardInfo, MatchesPlainGcdOnEverySizeTo200) {
  for (std::size_t m = 1; m <= 200; ++m) {
    for (std::size_t n = 1; n <= 200; ++n) {
      ASSERT_EQ(board_info(m, n).nullity, nullity_direct_gcd(m, n)) << m << " x " << n;
    }
  }
}

TEST(BoardInfo, MatchesPlainGcdOnSpecialAndRandomSizes) {
  // Sides around powers of two and their multiples by 3 exercise every branch of the formula
  // (2-adic parts, factors x and x + 1).
  // Every pair of such sides up to 2^8 scale, then pairs within each scale up to 2^12.
  auto sides_at = [](std::size_t k) {
    std::vector<std::size_t> sides;
    for (const std::size_t base : {std::size_t{1} << k, std::size_t{3} << k, std::size_t{5} << k}) {
      for (const std::size_t side : {base - 1, base, base + 1}) sides.push_back(side);
    }
    return sides;
  };
  std::vector<std::size_t> small;
  for (std::size_t k = 1; k <= 8; ++k) {
    for (const std::size_t side : sides_at(k)) small.push_back(side);
  }
  for (const std::size_t m : small) {
    for (const std::size_t n : small) {
      ASSERT_EQ(board_info(m, n).nullity, nullity_direct_gcd(m, n)) << m << " x " << n;
    }
  }
  for (std::size_t k = 9; k <= 12; ++k) {
    const std::vector<std::size_t> sides = sides_at(k);
    for (const std::size_t m : sides) {
      for (const std::size_t n : sides) {
        ASSERT_EQ(board_info(m, n).nullity, nullity_direct_gcd(m, n)) << m << " x " << n;
      }
    }
  }
  auto rng = make_rng(600);
  std::uniform_int_distribution<std::size_t> side(1, 30'000);
  for (int i = 0; i < 60; ++i) {
    const std::size_t m = side(rng);
    const std::size_t n = side(rng);
    ASSERT_EQ(board_info(m, n).nullity, nullity_direct_gcd(m, n)) << m << " x " << n;
  }
}

TEST(BoardInfo, MatchesNullityPolyOnLargerSizes) {
  auto rng = make_rng(601);
  std::uniform_int_distribution<std::size_t> side(61, 1500);
  for (int i = 0; i < 40; ++i) {
    const std::size_t m = side(rng);
    const std::size_t n = side(rng);
    ASSERT_EQ(board_info(m, n).nullity, nullity_poly(m, n)) << m << " x " << n;
  }
  for (const std::size_t n : {1023, 1024, 1025, 1151, 1535}) {
    ASSERT_EQ(board_info(n, n).nullity, nullity_poly(n, n)) << n;
  }
}

TEST(BoardInfo, SymmetricAndHuge) {
  auto rng = make_rng(602);
  std::uniform_int_distribution<std::size_t> side(1, 1'000'000'000);
  for (int i = 0; i < 20; ++i) {
    // One short side keeps the polynomials short whatever the long one.
    const std::size_t m = side(rng);
    const std::size_t n = side(rng) % 5000 + 1;
    const BoardInfo a = board_info(m, n);
    const BoardInfo b = board_info(n, m);
    EXPECT_EQ(a.nullity, b.nullity) << m << " x " << n;
    EXPECT_EQ(a.solvable_log2, b.solvable_log2);
    EXPECT_LE(a.nullity, n);
  }
  // 2^k - 1 sides need no polynomial: f_n = x^n against (x + 1)^n.
  const std::size_t big = (std::size_t{1} << 31) - 1;
  EXPECT_EQ(board_info(big, big).nullity, 0U);
  EXPECT_EQ(board_info(big, big).solvable_log2, big * big);
  // 5 x (2^29 - 1): f_5 = x (x + 1)^4 and f_m(x + 1) = (x + 1)^m: the factor (x + 1)^4 is shared.
  EXPECT_EQ(board_info(5, (std::size_t{1} << 29) - 1).nullity, 4U);
  EXPECT_EQ(board_info(kMaxInfoSide, 1).nullity, board_info(1, kMaxInfoSide).nullity);
}

TEST(BoardInfo, RejectsBadSizes) {
  EXPECT_THROW(board_info(0, 5), std::invalid_argument);
  EXPECT_THROW(board_info(5, 0), std::invalid_argument);
  EXPECT_THROW(board_info(kMaxInfoSide + 1, 1), std::invalid_argument);
  EXPECT_THROW(board_info(std::size_t{1} << 32, std::size_t{1} << 32), std::invalid_argument);
  EXPECT_THROW(nullity_direct_gcd(0, 1), std::invalid_argument);
  EXPECT_THROW(quiet_patterns(3, 0), std::invalid_argument);
}

// Every pattern is non-zero, flips nothing, and together they are nullity independent boards.
void expect_quiet_basis(std::size_t m, std::size_t n) {
  SCOPED_TRACE(testing::Message() << m << " x " << n);
  const std::vector<Board> patterns = quiet_patterns(m, n);
  ASSERT_EQ(patterns.size(), board_info(m, n).nullity);
  for (const Board& q : patterns) {
    ASSERT_EQ(q.rows(), m);
    ASSERT_EQ(q.cols(), n);
    EXPECT_TRUE(q.check_invariants());
    EXPECT_FALSE(q.is_dark());
    Board dark(m, n);
    dark.apply(q);
    EXPECT_TRUE(dark.is_dark()) << "not quiet:\n" << q.to_string();
    EXPECT_TRUE(naive_effect(q).is_dark());
  }
  EXPECT_EQ(board_rank(patterns), patterns.size());
}

TEST(InfoQuietPatterns, AreAQuietBasisForEverySmallSize) {
  for (std::size_t m = 1; m <= 24; ++m) {
    for (std::size_t n = 1; n <= 24; ++n) expect_quiet_basis(m, n);
  }
  const std::size_t larger[][2] = {{5, 5},   {4, 4},    {19, 19}, {2, 200},
                                   {200, 2}, {65, 130}, {127, 64}};
  for (const auto& size : larger) expect_quiet_basis(size[0], size[1]);
  EXPECT_EQ(quiet_patterns(5, 5).size(), 2U);
  EXPECT_TRUE(quiet_patterns(5, 6).empty());
}

TEST(InfoQuietPatterns, RefusesHugeOutputBeforeAllocating) {
  // 2^32 + 2 cells.
  EXPECT_THROW(quiet_patterns(2, (std::size_t{1} << 31) + 1), std::length_error);
  // 5 x (2^29 - 1): fewer than 2^32 cells, but 4 patterns of them are more than 2^32 in all.
  EXPECT_THROW(quiet_patterns(5, (std::size_t{1} << 29) - 1), std::length_error);
}

}  // namespace
}  // namespace lightsout
