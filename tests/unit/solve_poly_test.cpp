// solve_poly and nullity_poly against solve_chase and solve_dense, on every small size and a few
// large, tall and wide ones.
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

using test_support::expect_agrees;
using test_support::expect_self_consistent;
using test_support::make_rng;
using test_support::random_board;
using test_support::random_solvable;

// Dense elimination costs (cells)^3 / 64: the oracle runs only on boards up to this many cells.
constexpr std::size_t kDenseCells = 1600;

SolveOptions no_kernel() {
  SolveOptions o;
  o.kernel = false;
  return o;
}

// Every check on one board: solve_poly is self-consistent (presses darken, kernel quiet,
// independent, nullity many) and agrees with the oracles.
void check_board(const Board& lights, bool dense_too) {
  const SolveResult poly = solve_poly(lights);
  expect_self_consistent(lights, poly);
  expect_agrees(poly, solve_chase(lights, no_kernel()));
  if (dense_too) expect_agrees(poly, solve_dense(lights, no_kernel()));
}

// One parameter per row count, so ctest can spread the sizes over cores.
class SolvePolyEverySize : public testing::TestWithParam<std::size_t> {};

TEST_P(SolvePolyEverySize, AgreesWithOraclesForEveryColumnCount) {
  const std::size_t m = GetParam();
  auto rng = make_rng(200 + m);
  for (std::size_t n = 1; n <= 40; ++n) {
    SCOPED_TRACE(testing::Message() << m << " x " << n);
    const bool dense_too = m * n <= kDenseCells;
    const Board solvable = random_solvable(m, n, rng);
    check_board(solvable, dense_too);
    EXPECT_TRUE(solve_poly(solvable, no_kernel()).solvable);
    // Random lights: at singular sizes most of these are unsolvable.
    check_board(random_board(m, n, rng), dense_too);
  }
}

INSTANTIATE_TEST_SUITE_P(Rows1To40, SolvePolyEverySize, testing::Range<std::size_t>(1, 41));

TEST(SolvePoly, DarkBoardAndKnownSizes) {
  // A dark board needs no presses; the quiet patterns still come back.
  const SolveResult r = solve_poly(Board(5, 5));
  EXPECT_TRUE(r.solvable);
  EXPECT_TRUE(r.presses.is_dark());
  EXPECT_EQ(r.nullity, 2U);
  EXPECT_EQ(r.kernel.size(), 2U);
  EXPECT_EQ(solve_poly(Board(5, 6)).nullity, 0U);
  EXPECT_EQ(solve_poly(Board(4, 4)).nullity, 4U);
  EXPECT_EQ(solve_poly(Board(1, 1)).nullity, 0U);
  EXPECT_EQ(solve_poly(Board(2, 1)).nullity, 1U);  // H = 0: every first row is quiet
  EXPECT_EQ(solve_poly(Board(1, 2)).nullity, 1U);
}

TEST(SolvePoly, AwkwardColumnCountsTallAndWide) {
  auto rng = make_rng(300);
  const std::size_t sizes[][2] = {{63, 63},   {64, 64},   {65, 65},  {64, 63}, {63, 65},
                                  {130, 65},  {65, 130},  {1, 200},  {200, 1}, {2, 300},
                                  {128, 128}, {129, 127}, {191, 64}, {95, 95}, {300, 4}};
  for (const auto& size : sizes) {
    const std::size_t m = size[0];
    const std::size_t n = size[1];
    SCOPED_TRACE(testing::Message() << m << " x " << n);
    check_board(random_solvable(m, n, rng), false);
    check_board(random_board(m, n, rng), false);
  }
}

TEST(SolvePoly, LargeBoardsAgreeWithChase) {
  auto rng = make_rng(400);
  std::vector<std::pair<std::size_t, std::size_t>> sizes = {{3, 2000}, {2000, 5}, {1000, 999}};
  std::uniform_int_distribution<std::size_t> side(200, 700);
  for (int i = 0; i < 3; ++i) sizes.emplace_back(side(rng), side(rng));
  for (const auto& [m, n] : sizes) {
    SCOPED_TRACE(testing::Message() << m << " x " << n);
    for (const Board& lights : {random_solvable(m, n, rng), random_board(m, n, rng)}) {
      // Kernels are filled only where they are small enough to check cheaply.
      const bool with_kernel = m * n <= 300'000;
      const SolveResult poly = solve_poly(lights, with_kernel ? SolveOptions{} : no_kernel());
      expect_self_consistent(lights, poly, with_kernel);
      expect_agrees(poly, solve_chase(lights, no_kernel()));
    }
  }
}

// A wide board is chased along its columns through 64 x 64 tiles, never transposed: the answer
// must be exactly the transpose of the tall board's (same orientation inside the solver), on
// sizes that cross tile rows, word groups (512 columns) and the bitwise path (<= 4 rows).
TEST(SolvePoly, WideIsTheTransposeOfTall) {
  auto rng = make_rng(450);
  const std::pair<std::size_t, std::size_t> sizes[] = {{1, 1500},  {4, 700},   {5, 1100}, {64, 513},
                                                       {65, 1030}, {129, 700}, {8, 4096}, {63, 64}};
  for (const auto& [m, n] : sizes) {
    SCOPED_TRACE(testing::Message() << m << " x " << n);
    for (const Board& wide : {random_solvable(m, n, rng), random_board(m, n, rng)}) {
      const Board tall = wide.transposed();
      for (const bool poly : {true, false}) {
        const SolveResult w = poly ? solve_poly(wide) : solve_chase(wide);
        const SolveResult t = poly ? solve_poly(tall) : solve_chase(tall);
        expect_self_consistent(wide, w, m * n <= 300'000);
        ASSERT_EQ(w.solvable, t.solvable);
        ASSERT_EQ(w.nullity, t.nullity);
        EXPECT_EQ(w.presses, t.presses.transposed());
        ASSERT_EQ(w.kernel.size(), t.kernel.size());
        for (std::size_t i = 0; i < w.kernel.size(); ++i) {
          EXPECT_EQ(w.kernel[i], t.kernel[i].transposed());
        }
      }
    }
  }
}

// Far longer than wide: H = f_m(x + 1) mod f_n comes by doubling, checked against the chase's
// first-row system (built by chasing, no polynomials) and by the presses darkening the board.
TEST(SolvePoly, VeryLongThinBoardsByDoubling) {
  auto rng = make_rng(460);
  for (const std::size_t m : {std::size_t{5000}, std::size_t{65537}, std::size_t{300001}}) {
    for (std::size_t n = 1; n <= 9; n += 2) {
      SCOPED_TRACE(testing::Message() << m << " x " << n);
      const Board lights = random_board(n, m, rng);
      const SolveResult poly = solve_poly(lights, no_kernel());
      expect_self_consistent(lights, poly, false);
      expect_agrees(poly, solve_chase(lights, no_kernel()));
      EXPECT_EQ(nullity_poly(m, n), poly.nullity);
    }
  }
}

TEST(SolvePoly, OptionsAndDispatch) {
  auto rng = make_rng(500);
  for (std::size_t m = 1; m <= 9; ++m) {
    for (std::size_t n = 1; n <= 9; ++n) {
      SCOPED_TRACE(testing::Message() << m << " x " << n);
      const Board lights = random_solvable(m, n, rng);
      // Fewest presses: both exact walks over the same coset size must find the same weight.
      SolveOptions minimal;
      minimal.minimal = true;
      const SolveResult poly = solve_poly(lights, minimal);
      const SolveResult chase = solve_chase(lights, minimal);
      expect_self_consistent(lights, poly);
      EXPECT_TRUE(poly.minimal);
      EXPECT_TRUE(poly.minimal_proven);
      EXPECT_EQ(poly.presses.popcount(), chase.presses.popcount());
      EXPECT_EQ(poly.presses.popcount(), test_support::coset_min_weight(poly.presses, poly.kernel));
      // minimal without kernel: the kernel is used, then dropped.
      minimal.kernel = false;
      const SolveResult bare = solve_poly(lights, minimal);
      EXPECT_TRUE(bare.kernel.empty());
      EXPECT_EQ(bare.presses.popcount(), poly.presses.popcount());
      // solve() dispatches to the same solver.
      const SolveResult via = solve(lights, Method::poly);
      EXPECT_EQ(via.presses, solve_poly(lights).presses);
    }
  }
  EXPECT_EQ(parse_method("poly"), Method::poly);
  EXPECT_EQ(method_name(Method::poly), "poly");
}

TEST(NullityPoly, MatchesEliminationForEverySizeTo60) {
  for (std::size_t m = 1; m <= 60; ++m) {
    for (std::size_t n = 1; n <= 60; ++n) {
      const std::size_t expected = solve_chase(Board(m, n), no_kernel()).nullity;
      ASSERT_EQ(nullity_poly(m, n), expected) << m << " x " << n;
      if (m * n <= 144) {
        ASSERT_EQ(solve_dense(Board(m, n), no_kernel()).nullity, expected) << m << " x " << n;
      }
    }
  }
  EXPECT_THROW(nullity_poly(0, 3), std::invalid_argument);
}

TEST(NullityPoly, SquareSizesFromTheNotes) {
  // docs/solver-math.md, "Small facts": n x n nullity for n = 1..20.
  const std::size_t expected[] = {0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0};
  for (std::size_t n = 1; n <= 20; ++n) EXPECT_EQ(nullity_poly(n, n), expected[n - 1]) << n;
  EXPECT_EQ(nullity_poly(5, 6), 0U);
  // Symmetric under transpose, also far from square.
  EXPECT_EQ(nullity_poly(3, 5000), nullity_poly(5000, 3));
  EXPECT_EQ(nullity_poly(1000, 1000), solve_poly(Board(1000, 1000), no_kernel()).nullity);
}

}  // namespace
}  // namespace lightsout
