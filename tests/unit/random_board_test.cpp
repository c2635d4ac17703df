// Unit tests for random_board: the documented stream and bit order, densities, solvable boards.
#include "lightsout/random_board.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/solve.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::naive_effect;

// Sizes around word boundaries, tall and wide.
const std::vector<std::pair<std::size_t, std::size_t>>& sizes() {
  static const std::vector<std::pair<std::size_t, std::size_t>> s = {
      {1, 1},  {1, 7},  {7, 1},  {5, 6},   {3, 63},  {3, 64},  {3, 65},
      {63, 2}, {64, 3}, {65, 4}, {2, 127}, {2, 128}, {2, 129}, {33, 200}};
  return s;
}

// SplitMix64 and xoshiro256** written out again from their published reference code.
std::uint64_t reference_splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

std::vector<std::uint64_t> reference_stream(std::uint64_t seed, std::size_t n) {
  std::uint64_t s[4];
  for (std::uint64_t& w : s) w = reference_splitmix(seed);
  auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(rotl(s[1] * 5, 7) * 9);
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
  }
  return out;
}

TEST(RandomBoardTest, SplitMixMatchesPublishedOutput) {
  std::uint64_t x = 0;
  EXPECT_EQ(reference_splitmix(x), 0xE220A8397B1DCDAFULL);  // SplitMix64(0), first output
}

TEST(RandomBoardTest, StreamIsXoshiroSeededBySplitMix) {
  for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xFFFFFFFFFFFFFFFFULL}) {
    Xoshiro256StarStar rng(seed);
    for (std::uint64_t want : reference_stream(seed, 100)) ASSERT_EQ(rng(), want);
  }
}

// Density 0.5: cell (r, c) is bit c % 64 of stream word r * stride + c / 64, read cell by cell.
TEST(RandomBoardTest, HalfDensityIsRawStreamInStorageOrder) {
  for (auto [m, n] : sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const std::size_t stride = (n + 63) / 64;
    const std::vector<std::uint64_t> stream = reference_stream(7, m * stride);
    const Board b = random_board(m, n, 7);
    EXPECT_TRUE(b.check_invariants());
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        ASSERT_EQ(b.get(r, c), ((stream[r * stride + c / 64] >> (c % 64)) & 1U) != 0)
            << r << "," << c;
      }
    }
  }
}

// Density 0.25 = q 2^30: w = (0 | x30) & x31 per word; 0.75: (0 | x30) | x31.
TEST(RandomBoardTest, QuarterDensitiesFollowTheDigitRule) {
  const std::vector<std::uint64_t> stream = reference_stream(3, 2 * 4 * 2);
  const Board quarter = random_board(4, 100, 3, 0.25);
  const Board three_quarters = random_board(4, 100, 3, 0.75);
  for (std::size_t k = 0; k < 8; ++k) {
    const std::uint64_t mask = k % 2 == 1 ? (std::uint64_t{1} << 36) - 1 : ~std::uint64_t{0};
    EXPECT_EQ(quarter.words()[k], stream[2 * k] & stream[2 * k + 1] & mask) << k;
    EXPECT_EQ(three_quarters.words()[k], (stream[2 * k] | stream[2 * k + 1]) & mask) << k;
  }
}

TEST(RandomBoardTest, SameSeedSameBoardOtherSeedsDiffer) {
  for (double density : {0.5, 0.1, 0.3}) {
    const Board a = random_board(40, 70, 12345, density);
    EXPECT_EQ(a, random_board(40, 70, 12345, density));
    EXPECT_NE(a, random_board(40, 70, 12346, density));
    EXPECT_NE(a, random_board(40, 70, 0, density));
    const Board s = random_solvable_board(40, 70, 12345, density);
    EXPECT_EQ(s, random_solvable_board(40, 70, 12345, density));
    EXPECT_NE(s, random_solvable_board(40, 70, 12346, density));
  }
}

TEST(RandomBoardTest, DensityZeroAndOne) {
  for (auto [m, n] : sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const Board dark = random_board(m, n, 9, 0.0);
    EXPECT_TRUE(dark.is_dark());
    EXPECT_TRUE(dark.check_invariants());
    const Board lit = random_board(m, n, 9, 1.0);
    EXPECT_EQ(lit.popcount(), m * n);
    EXPECT_TRUE(lit.check_invariants());
    EXPECT_TRUE(random_solvable_board(m, n, 9, 0.0).is_dark());
    Board all_pressed(m, n);
    all_pressed.apply(lit);
    EXPECT_EQ(random_solvable_board(m, n, 9, 1.0), all_pressed);
  }
}

// n = 10^6 cells, standard deviation sqrt(n p (1 - p)) <= 500: bounds of +-5000 are 10 sigma.
TEST(RandomBoardTest, DensityIsRespected) {
  const std::size_t m = 1000;
  const std::size_t n = 1000;
  for (double density : {0.5, 0.1, 0.9, 0.01, 0.3, 1.0 / 3}) {
    SCOPED_TRACE(density);
    const Board b = random_board(m, n, 2024, density);
    const double expected = density * static_cast<double>(m * n);
    EXPECT_NEAR(static_cast<double>(b.popcount()), expected, 5000.0);
  }
  // The bits of one word are independent: every column is near the density too (n = 1000 per
  // column, sigma <= 16, bounds of 150).
  const Board b = random_board(1000, 64, 77, 0.1);
  for (std::size_t c = 0; c < 64; ++c) {
    std::size_t lit = 0;
    for (std::size_t r = 0; r < 1000; ++r) lit += b.get(r, c) ? 1 : 0;
    EXPECT_NEAR(static_cast<double>(lit), 100.0, 150.0) << "column " << c;
  }
}

TEST(RandomBoardTest, PaddingStaysClearAtWordBoundaries) {
  for (std::size_t n : {63U, 64U, 65U, 127U, 128U, 129U}) {
    for (double density : {0.5, 0.1, 0.75, 1.0}) {
      SCOPED_TRACE(std::to_string(n) + " cols, density " + std::to_string(density));
      EXPECT_TRUE(random_board(5, n, 1, density).check_invariants());
      EXPECT_TRUE(random_solvable_board(5, n, 1, density).check_invariants());
      EXPECT_TRUE(random_board(1, n, 1, density).check_invariants());
      EXPECT_TRUE(random_solvable_board(1, n, 1, density).check_invariants());
    }
  }
}

// The documented presses: random_solvable_board is the effect of random_board's presses, computed
// both by Board::apply and cell by cell from the rules.
TEST(RandomBoardTest, SolvableBoardIsTheEffectOfTheDocumentedPresses) {
  for (auto [m, n] : sizes()) {
    for (double density : {0.5, 0.2}) {
      SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n) + " " + std::to_string(density));
      const Board presses = random_board(m, n, 31, density);
      Board lights(m, n);
      lights.apply(presses);
      const Board got = random_solvable_board(m, n, 31, density);
      EXPECT_EQ(got, lights);
      EXPECT_EQ(got, naive_effect(presses));
    }
  }
}

TEST(RandomBoardTest, SolvableBoardsAreSolvable) {
  // 4x4 and 5x5 have quiet patterns: a random board of them is solvable only 1/16 or 1/4 of the
  // time, so this really checks the construction.
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
           {4, 4}, {5, 5}, {9, 9}, {3, 64}, {17, 65}, {64, 63}, {19, 19}}) {
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n) + " seed " + std::to_string(seed));
      const Board lights = random_solvable_board(m, n, seed);
      const SolveResult result = solve_chase(lights);
      ASSERT_TRUE(result.solvable);
      Board after = lights;
      after.apply(result.presses);
      EXPECT_TRUE(after.is_dark());
    }
  }
}

TEST(RandomBoardTest, RejectsBadArguments) {
  EXPECT_THROW(random_board(3, 3, 1, -0.01), std::invalid_argument);
  EXPECT_THROW(random_board(3, 3, 1, 1.01), std::invalid_argument);
  EXPECT_THROW(random_board(3, 3, 1, std::numeric_limits<double>::quiet_NaN()),
               std::invalid_argument);
  EXPECT_THROW(random_solvable_board(3, 3, 1, 2.0), std::invalid_argument);
  EXPECT_THROW(random_board(0, 3, 1), std::invalid_argument);
  EXPECT_THROW(random_solvable_board(3, 0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout

namespace lightsout {
namespace {

// random_rows hands out, row by row, exactly the boards random_board and random_solvable_board
// build whole (those are the oracle), for every density path and word boundary.
TEST(RandomRowsTest, RowByRowEqualsTheWholeBoard) {
  const std::pair<std::size_t, std::size_t> sizes[] = {{1, 1},   {1, 130}, {130, 1}, {7, 64},
                                                       {64, 65}, {3, 200}, {200, 3}};
  for (const auto& [rows, cols] : sizes) {
    for (const double density : {0.0, 0.1, 0.5, 0.75, 1.0}) {
      for (const bool solvable : {false, true}) {
        SCOPED_TRACE(testing::Message() << rows << "x" << cols << " density " << density
                                        << (solvable ? " solvable" : ""));
        const Board whole = solvable ? random_solvable_board(rows, cols, 9, density)
                                     : random_board(rows, cols, 9, density);
        const auto source = random_rows(rows, cols, 9, density, solvable);
        ASSERT_EQ(source->rows(), rows);
        ASSERT_EQ(source->cols(), cols);
        for (std::size_t r = 0; r < rows; ++r) {
          const std::uint64_t* row = source->row(r);
          for (std::size_t k = 0; k < whole.stride(); ++k) ASSERT_EQ(row[k], whole.row(r)[k]);
          ASSERT_EQ(source->row(r), row);  // asking again gives the same row
        }
      }
    }
  }
  const auto source = random_rows(4, 4, 1, 0.5, false);
  EXPECT_THROW(source->row(1), std::logic_error);  // rows come in order
  EXPECT_THROW(random_rows(0, 4, 1, 0.5, false), std::invalid_argument);
  EXPECT_THROW(random_rows(4, 4, 1, 1.5, true), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
