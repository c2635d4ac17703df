// Unit tests for Board: packed layout, presses, whole-board operations and text round trips.
#include "lightsout/board.hpp"
#include "core/board_ops.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::naive_effect;
using test_support::random_board;

// Sizes that cross word boundaries in every direction.
const std::vector<std::pair<std::size_t, std::size_t>>& edge_sizes() {
  static const std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {1, 1},   {1, 2},   {2, 1},   {1, 7},   {7, 1},   {1, 63},  {1, 64},  {1, 65},
      {63, 1},  {64, 1},  {65, 1},  {3, 63},  {3, 64},  {3, 65},  {2, 127}, {2, 128},
      {2, 129}, {129, 2}, {5, 130}, {64, 64}, {65, 65}, {64, 65}, {65, 64}, {1, 200}};
  return sizes;
}

TEST(BoardTest, ConstructsDarkWithPackedLayout) {
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    Board b(m, n);
    EXPECT_EQ(b.rows(), m);
    EXPECT_EQ(b.cols(), n);
    EXPECT_EQ(b.cells(), m * n);
    EXPECT_EQ(b.stride(), (n + 63) / 64);
    EXPECT_EQ(b.words().size(), m * b.stride());
    EXPECT_EQ(b.row(m - 1).size(), b.stride());
    const std::size_t tail = n % 64 == 0 ? 64 : n % 64;
    EXPECT_EQ(std::popcount(b.last_word_mask()), static_cast<int>(tail));
    EXPECT_EQ(std::countr_one(b.last_word_mask()), static_cast<int>(tail));
    EXPECT_TRUE(b.is_dark());
    EXPECT_EQ(b.popcount(), 0U);
    EXPECT_TRUE(b.check_invariants());
  }
}

TEST(BoardTest, RejectsEmptyAndOverflowingSizes) {
  EXPECT_THROW(Board(0, 3), std::invalid_argument);
  EXPECT_THROW(Board(3, 0), std::invalid_argument);
  EXPECT_THROW(Board(0, 0), std::invalid_argument);
  const std::size_t huge = std::numeric_limits<std::size_t>::max() / 4;
  EXPECT_THROW(Board(huge, 1), std::length_error);
  EXPECT_THROW(Board(huge, 64 * 4), std::length_error);
  EXPECT_TRUE(Board().check_invariants());
}

TEST(BoardTest, SetGetToggleAddressSingleCells) {
  auto rng = make_rng(1);
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    Board b(m, n);
    std::vector<std::vector<bool>> expect(m, std::vector<bool>(n, false));
    std::uniform_int_distribution<std::size_t> pick_r(0, m - 1), pick_c(0, n - 1);
    for (int step = 0; step < 200; ++step) {
      const std::size_t r = pick_r(rng);
      const std::size_t c = step % 3 == 0 ? n - 1 : pick_c(rng);  // often the last column
      if (step % 2 == 0) {
        b.toggle(r, c);
        expect[r][c] = !expect[r][c];
      } else {
        const bool on = (rng() & 1U) != 0;
        b.set(r, c, on);
        expect[r][c] = on;
      }
      ASSERT_TRUE(b.check_invariants());
    }
    std::size_t lit = 0;
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        EXPECT_EQ(b.get(r, c), expect[r][c]);
        lit += expect[r][c] ? 1 : 0;
      }
    }
    EXPECT_EQ(b.popcount(), lit);
    EXPECT_EQ(b.is_dark(), lit == 0);
  }
}

TEST(BoardTest, EverySingleCellCountsAsLit) {
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{2, 130}, {65, 64}}) {
    Board b(m, n);
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        b.set(r, c, true);
        ASSERT_FALSE(b.is_dark()) << r << "," << c;
        ASSERT_EQ(b.popcount(), 1U) << r << "," << c;
        b.set(r, c, false);
        ASSERT_TRUE(b.is_dark());
      }
    }
  }
}

TEST(BoardTest, PressFlipsTheCrossOnly) {
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const std::vector<std::pair<std::size_t, std::size_t>> spots = {{0, 0},
                                                                    {0, n - 1},
                                                                    {m - 1, 0},
                                                                    {m - 1, n - 1},
                                                                    {m / 2, n / 2},
                                                                    {m / 2, n > 64 ? 63 : n - 1},
                                                                    {m / 2, n > 64 ? 64 : 0}};
    for (auto [r, c] : spots) {
      Board b(m, n);
      b.press(r, c);
      ASSERT_TRUE(b.check_invariants());
      std::size_t expected = 1;
      for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
          const std::size_t dist = (i > r ? i - r : r - i) + (j > c ? j - c : c - j);
          EXPECT_EQ(b.get(i, j), dist <= 1)
              << "press (" << r << "," << c << ") cell " << i << "," << j;
        }
      }
      expected += (r > 0) + (r + 1 < m) + (c > 0) + (c + 1 < n);
      EXPECT_EQ(b.popcount(), expected);
      b.press(r, c);
      EXPECT_TRUE(b.is_dark()) << "pressing twice must undo";
    }
  }
}

TEST(BoardTest, PressOnLastColumnOfWideBoardsKeepsPadding) {
  for (std::size_t n : {63, 64, 65, 127, 128, 129}) {
    SCOPED_TRACE(n);
    Board b(3, n);
    for (std::size_t r = 0; r < 3; ++r) {
      b.press(r, n - 1);
      ASSERT_TRUE(b.check_invariants());
    }
    Board p(3, n);
    for (std::size_t r = 0; r < 3; ++r) p.set(r, n - 1, true);
    Board c(3, n);
    c.apply(p);
    EXPECT_TRUE(c.check_invariants());
    EXPECT_EQ(c, b);
    EXPECT_EQ(b, naive_effect(p));
  }
}

TEST(BoardTest, ApplyEqualsPressingEachButton) {
  auto rng = make_rng(2);
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    for (double density : {0.05, 0.5, 0.95}) {
      const Board start = random_board(m, n, rng);
      const Board presses = random_board(m, n, rng, density);
      Board one_by_one = start;
      for (std::size_t r = 0; r < m; ++r) {
        for (std::size_t c = 0; c < n; ++c) {
          if (presses.get(r, c)) one_by_one.press(r, c);
        }
      }
      Board applied = start;
      applied.apply(presses);
      ASSERT_TRUE(applied.check_invariants());
      ASSERT_TRUE(one_by_one.check_invariants());
      EXPECT_EQ(applied, one_by_one);
      Board expected = naive_effect(presses);
      expected ^= start;
      EXPECT_EQ(applied, expected);
      applied.apply(presses);
      EXPECT_EQ(applied, start) << "applying twice must undo";
    }
  }
}

TEST(BoardTest, ApplyAndXorRejectOtherSizes) {
  Board a(3, 4);
  EXPECT_THROW(a.apply(Board(4, 3)), std::invalid_argument);
  EXPECT_THROW(a ^= Board(3, 5), std::invalid_argument);
}

TEST(BoardTest, XorIsCellwise) {
  auto rng = make_rng(3);
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const Board a = random_board(m, n, rng);
    const Board b = random_board(m, n, rng);
    Board x = a;
    x ^= b;
    ASSERT_TRUE(x.check_invariants());
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) EXPECT_EQ(x.get(r, c), a.get(r, c) != b.get(r, c));
    }
    x ^= b;
    EXPECT_EQ(x, a);
    x ^= a;
    EXPECT_TRUE(x.is_dark());
  }
}

TEST(BoardTest, TransposedSwapsCoordinatesAndTwiceIsIdentity) {
  auto rng = make_rng(4);
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    for (double density : {0.0, 0.1, 0.5, 1.0}) {
      const Board b = random_board(m, n, rng, density);
      const Board t = b.transposed();
      ASSERT_TRUE(t.check_invariants());
      ASSERT_EQ(t.rows(), n);
      ASSERT_EQ(t.cols(), m);
      for (std::size_t r = 0; r < m; ++r) {
        for (std::size_t c = 0; c < n; ++c) ASSERT_EQ(t.get(c, r), b.get(r, c));
      }
      EXPECT_EQ(t.popcount(), b.popcount());
      const Board back = t.transposed();
      EXPECT_TRUE(back.check_invariants());
      EXPECT_EQ(back, b);
    }
  }
}

TEST(BoardTest, PressCommutesWithTransposition) {
  auto rng = make_rng(5);
  for (auto [m, n] : edge_sizes()) {
    const Board b = random_board(m, n, rng);
    const Board p = random_board(m, n, rng);
    Board lhs = b;
    lhs.apply(p);
    Board rhs = b.transposed();
    rhs.apply(p.transposed());
    EXPECT_EQ(lhs.transposed(), rhs) << m << "x" << n;
  }
}

TEST(BoardTest, StringRoundTrip) {
  auto rng = make_rng(6);
  for (auto [m, n] : edge_sizes()) {
    SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
    const Board b = random_board(m, n, rng);
    const std::string text = b.to_string();
    ASSERT_EQ(text.size(), m * (n + 1));
    for (std::size_t r = 0; r < m; ++r) {
      EXPECT_EQ(text[r * (n + 1) + n], '\n');
      for (std::size_t c = 0; c < n; ++c) EXPECT_EQ(text[r * (n + 1) + c], b.get(r, c) ? '1' : '0');
    }
    const Board back = Board::from_string(text);
    EXPECT_TRUE(back.check_invariants());
    EXPECT_EQ(back, b);
  }
}

TEST(BoardTest, FromStringAcceptsDotsHashesAndCrlf) {
  const Board b = Board::from_string(".#.\r\n##.\r\n");
  ASSERT_EQ(b.rows(), 2U);
  ASSERT_EQ(b.cols(), 3U);
  EXPECT_TRUE(b.check_invariants());
  EXPECT_EQ(b.to_string(), "010\n110\n");
  EXPECT_EQ(Board::from_string("01\n10"), Board::from_string("01\n10\n"));
}

TEST(BoardTest, FromStringRejectsBadText) {
  EXPECT_THROW(Board::from_string(""), std::invalid_argument);
  EXPECT_THROW(Board::from_string("\n\n"), std::invalid_argument);
  EXPECT_THROW(Board::from_string("010\n01\n"), std::invalid_argument);
  EXPECT_THROW(Board::from_string("01\n010\n"), std::invalid_argument);
  EXPECT_THROW(Board::from_string("012\n"), std::invalid_argument);
  EXPECT_THROW(Board::from_string("0 1\n"), std::invalid_argument);
}

TEST(BoardTest, CheckInvariantsDetectsPaddingBits) {
  // The check must be able to fail, or every check_invariants() above proves nothing.
  for (std::size_t n : {1, 5, 63, 65, 127, 129}) {
    for (std::size_t r : {0, 2}) {
      Board b(3, n);
      b.row(r).back() |= std::uint64_t{1} << (n % 64);
      EXPECT_FALSE(b.check_invariants()) << n << " cols, row " << r;
      b.row(r).back() &= b.last_word_mask();
      EXPECT_TRUE(b.check_invariants());
    }
  }
  Board full(2, 64);
  full.row(1)[0] = ~std::uint64_t{0};
  EXPECT_TRUE(full.check_invariants()) << "64 columns have no padding";
}

TEST(BoardTest, RowOperatorMatchesPathAdjacency) {
  auto rng = make_rng(7);
  for (std::size_t n : {1, 2, 5, 63, 64, 65, 127, 128, 129, 200}) {
    SCOPED_TRACE(n);
    for (int trial = 0; trial < 8; ++trial) {
      const Board src = random_board(1, n, rng);
      Board dst(1, n);
      apply_row_operator(dst.words().data(), src.words().data(), src.stride(),
                         src.last_word_mask());
      EXPECT_TRUE(dst.check_invariants());
      // On a single row the press effect is exactly T = I + S.
      EXPECT_EQ(dst, naive_effect(src));
    }
  }
}

}  // namespace
}  // namespace lightsout
