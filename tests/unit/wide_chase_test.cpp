// ChaseFrame on wide boards against the tall chase of the transposed board, chase after chase.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "core/chase.hpp"
#include "lightsout/board.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::random_board;

// A random first row of `n` cells in `w` words (no bits past n).
std::vector<std::uint64_t> random_row(std::size_t n, std::mt19937_64& rng) {
  Board row(1, n);
  for (std::size_t c = 0; c < n; ++c) row.set(0, c, (rng() & 1U) != 0);
  return {row.words().begin(), row.words().end()};
}

// The oracle: the tall board's own row chase (no tiles, no remembered chase), turned back.
struct Expected {
  Board presses;
  std::vector<std::uint64_t> phantom;
  bool dark;
};
Expected chase_transposed(const Board& wide, bool with_lights,
                          const std::vector<std::uint64_t>& first) {
  const Board tall = wide.transposed();
  Board x(tall.rows(), tall.cols());
  Expected e{Board(), std::vector<std::uint64_t>(tall.stride(), 0), false};
  e.dark = detail::chase_rows(with_lights ? &tall : nullptr, first.data(), x, e.phantom.data());
  e.presses = x.transposed();
  return e;
}

// One frame, several chases in the order the solvers use (first with the lights and no presses,
// then with them from other first rows, then over a dark board), each equal to the oracle's.
void check_size(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  SCOPED_TRACE(testing::Message() << rows << " x " << cols);
  ASSERT_LT(rows, cols);
  const Board lights = random_board(rows, cols, rng);
  detail::ChaseFrame frame(lights);
  ASSERT_TRUE(frame.wide());
  const std::size_t w = frame.stride();
  std::vector<std::uint64_t> phantom(w, 0);

  const std::vector<std::uint64_t> y0 = random_row(rows, rng);
  const Expected first = chase_transposed(lights, true, y0);
  EXPECT_EQ(frame.chase(true, y0.data(), nullptr, phantom.data()), first.dark);
  EXPECT_EQ(phantom, first.phantom);

  // The same first row again, then others: presses and phantom both as the oracle's.
  std::vector<std::vector<std::uint64_t>> starts = {y0, random_row(rows, rng),
                                                    std::vector<std::uint64_t>(w, 0)};
  for (const auto& y : starts) {
    const Expected e = chase_transposed(lights, true, y);
    Board x = frame.blank();
    EXPECT_EQ(frame.chase(true, y.data(), &x, phantom.data()), e.dark);
    EXPECT_EQ(phantom, e.phantom);
    EXPECT_EQ(x, e.presses);
    // Re-applied cell by cell, the presses leave lit only the phantom's cells of the last column.
    Board left = test_support::naive_effect(x) ^= lights;
    for (std::size_t r = 0; r < rows; ++r) {
      EXPECT_EQ(left.get(r, cols - 1), ((e.phantom[r / 64] >> (r % 64)) & 1U) != 0);
      left.set(r, cols - 1, false);
    }
    EXPECT_TRUE(left.is_dark());
  }
  for (const auto& y : {random_row(rows, rng), y0}) {
    const Expected e = chase_transposed(lights, false, y);
    Board x = frame.blank();
    EXPECT_EQ(frame.chase(false, y.data(), &x, phantom.data()), e.dark);
    EXPECT_EQ(phantom, e.phantom);
    EXPECT_EQ(x, e.presses);
  }
}

// A solvable board's own presses: the chase from their first row (solving orientation) finds
// them again, with a dark phantom row.
void check_dark(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  SCOPED_TRACE(testing::Message() << rows << " x " << cols << ", solvable");
  const Board presses = random_board(rows, cols, rng);
  const Board lights = test_support::naive_effect(presses);
  detail::ChaseFrame frame(lights);
  const Board tall = presses.transposed();
  const std::vector<std::uint64_t> y(
      tall.words().begin(), tall.words().begin() + static_cast<std::ptrdiff_t>(tall.stride()));
  std::vector<std::uint64_t> zero(frame.stride(), 0), phantom(frame.stride(), 1);
  frame.chase(true, zero.data(), nullptr, phantom.data());
  Board x = frame.blank();
  EXPECT_TRUE(frame.chase(true, y.data(), &x, phantom.data()));
  EXPECT_EQ(phantom, zero);
  EXPECT_EQ(x, presses);
}

// 1 to 4 rows (the bitwise path), heights across a tile (64 rows), widths across words and word
// groups (512 columns), none of them multiples of 64 unless on purpose.
TEST(WideChase, AgreesWithTheTransposedChase) {
  auto rng = make_rng(900);
  const std::pair<std::size_t, std::size_t> sizes[] = {
      {1, 2},
      {1, 3},
      {1, 64},
      {1, 65},
      {1, 1537},
      {2, 3},
      {2, 130},
      {2, 513},
      {3, 1000},
      {4, 5},
      {4, 700},
      {5, 6},
      {5, 511},
      {7, 1025},
      {63, 64},
      {63, 129},
      {64, 65},
      {64, 512},
      {65, 66},
      {65, 1030},
      {100, 777},
      {127, 600},
      {129, 513},
      {200, 4099},
      // Past kDarkChaseDirectCells rows: first rows of presses by the recurrence.
      {257, 600},
      {300, 1000}};
  for (const auto& [rows, cols] : sizes) {
    check_size(rows, cols, rng);
    check_dark(rows, cols, rng);
  }
}

// dark_first_column (every row up to kDarkChaseDirectCells cells, else 2n rows and the
// recurrence) against chasing every row of a dark board.
TEST(WideChase, DarkFirstColumnAgreesWithTheFullChase) {
  auto rng = make_rng(902);
  const std::pair<std::size_t, std::size_t> sizes[] = {
      {1, 1},    {1, 2},      {1, 1000},   {2, 3},     {2, 5},      {2, 4000},  {3, 6},   {3, 7},
      {5, 64},   {8, 200},    {31, 63},    {63, 127},  {64, 128},   {64, 129},  {65, 64}, {65, 131},
      {100, 99}, {127, 5000}, {300, 2000}, {257, 515}, {400, 3001}, {513, 1200}};
  for (const auto& [n, m] : sizes) {
    SCOPED_TRACE(testing::Message() << "n " << n << ", m " << m);
    for (int trial = 0; trial < 3; ++trial) {
      const std::vector<std::uint64_t> first = random_row(n, rng);
      Board x(m, n);
      std::vector<std::uint64_t> phantom(x.stride(), 0);
      detail::chase_rows(nullptr, first.data(), x, phantom.data());
      Board expected(1, m);
      for (std::size_t j = 0; j < m; ++j) expected.set(0, j, x.get(j, 0));
      std::vector<std::uint64_t> edge((m + 63) / 64, ~std::uint64_t{0});
      detail::dark_first_column(first.data(), n, m, nullptr, edge.data());
      EXPECT_TRUE(std::equal(edge.begin(), edge.end(), expected.words().begin()));
    }
  }
}

// A frame whose first chase already has presses (no remembered chase yet) still agrees.
TEST(WideChase, FirstChaseWithPresses) {
  auto rng = make_rng(901);
  for (const auto& [rows, cols] : {std::pair<std::size_t, std::size_t>{3, 200}, {70, 1100}}) {
    SCOPED_TRACE(testing::Message() << rows << " x " << cols);
    const Board lights = random_board(rows, cols, rng);
    detail::ChaseFrame frame(lights);
    const std::vector<std::uint64_t> y = random_row(rows, rng);
    const Expected e = chase_transposed(lights, true, y);
    Board x = frame.blank();
    std::vector<std::uint64_t> phantom(frame.stride(), 0);
    EXPECT_EQ(frame.chase(true, y.data(), &x, phantom.data()), e.dark);
    EXPECT_EQ(phantom, e.phantom);
    EXPECT_EQ(x, e.presses);
  }
}

}  // namespace
}  // namespace lightsout
