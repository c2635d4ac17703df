// Unit tests for SmallSolver: every size up to 64 cells against solve_chase and the board rules.
#include "core/small_solver.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/solve.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::from_word;
using test_support::make_rng;
using test_support::naive_effect;
using test_support::random_board;
using test_support::random_solvable;
using test_support::to_word;

std::uint64_t cell_mask(std::size_t cells) {
  return cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells) - 1;
}

TEST(SmallSolverTest, RejectsBadSizes) {
  EXPECT_THROW(SmallSolver(0, 5), std::invalid_argument);
  EXPECT_THROW(SmallSolver(5, 0), std::invalid_argument);
  EXPECT_THROW(SmallSolver(0, 0), std::invalid_argument);
  EXPECT_THROW(SmallSolver(65, 1), std::invalid_argument);
  EXPECT_THROW(SmallSolver(1, 65), std::invalid_argument);
  EXPECT_THROW(SmallSolver(9, 8), std::invalid_argument);
  EXPECT_THROW(SmallSolver(8, 9), std::invalid_argument);
  EXPECT_THROW(SmallSolver(std::size_t{1} << 33, std::size_t{1} << 33), std::invalid_argument);
  EXPECT_NO_THROW(SmallSolver(1, 64));
  EXPECT_NO_THROW(SmallSolver(64, 1));
  EXPECT_NO_THROW(SmallSolver(8, 8));
  EXPECT_NO_THROW(SmallSolver(1, 1));
}

TEST(SmallSolverTest, EffectMatchesTheRules) {
  auto rng = make_rng(41);
  for (std::size_t m = 1; m <= 64; ++m) {
    for (std::size_t n = 1; m * n <= 64; ++n) {
      const SmallSolver s(m, n);
      EXPECT_EQ(s.rows(), m);
      EXPECT_EQ(s.cols(), n);
      EXPECT_EQ(s.effect(0), 0U);
      for (int k = 0; k < 6; ++k) {
        const Board presses = random_board(m, n, rng, k < 3 ? 0.1 : 0.6);
        ASSERT_EQ(s.effect(to_word(presses)), to_word(naive_effect(presses)))
            << m << "x" << n << "\n"
            << presses.to_string();
      }
    }
  }
}

TEST(SmallSolverTest, EverySizeAgainstChase) {
  auto rng = make_rng(42);
  std::size_t unsolvable = 0;
  std::size_t minimal_checked = 0;
  for (std::size_t m = 1; m <= 64; ++m) {
    for (std::size_t n = 1; m * n <= 64; ++n) {
      SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n));
      const SmallSolver s(m, n);
      const std::size_t cells = m * n;
      const SolveResult dark = solve_chase(Board(m, n));
      ASSERT_EQ(s.nullity(), dark.nullity);

      // The kernel: nullity non-zero, independent words inside the board, each quiet.
      ASSERT_EQ(s.kernel().size(), s.nullity());
      std::vector<Board> kernel_boards;
      for (std::uint64_t w : s.kernel()) {
        EXPECT_NE(w, 0U);
        EXPECT_EQ(w & ~cell_mask(cells), 0U);
        EXPECT_EQ(s.effect(w), 0U);
        kernel_boards.push_back(from_word(w, m, n));
        EXPECT_TRUE(naive_effect(kernel_boards.back()).is_dark());
      }
      EXPECT_EQ(test_support::board_rank(kernel_boards), s.nullity());

      std::vector<std::uint64_t> words = {0, cell_mask(cells)};
      for (int k = 0; k < 8; ++k) words.push_back(to_word(random_board(m, n, rng)));
      for (int k = 0; k < 6; ++k) words.push_back(to_word(random_solvable(m, n, rng)));
      for (std::uint64_t lights : words) {
        const Board b = from_word(lights, m, n);
        SCOPED_TRACE(b.to_string());
        const bool small_nullity = s.nullity() <= 16;
        const SolveResult r = solve_chase(b, SolveOptions{.minimal = small_nullity});
        ASSERT_EQ(s.solvable(lights), r.solvable);
        if (!r.solvable) {
          ++unsolvable;
          continue;
        }
        const std::uint64_t x = s.solve(lights);
        EXPECT_EQ(x & ~cell_mask(cells), 0U);
        EXPECT_EQ(s.effect(x), lights);
        Board after = b;
        after.apply(from_word(x, m, n));
        EXPECT_TRUE(after.is_dark());
        if (small_nullity) {
          ASSERT_TRUE(r.minimal_proven);
          const std::uint64_t best = s.solve_minimal(lights);
          EXPECT_EQ(s.effect(best), lights);
          EXPECT_EQ(static_cast<std::size_t>(std::popcount(best)), r.presses.popcount());
          ++minimal_checked;
        }
      }
    }
  }
  EXPECT_GT(unsolvable, 50U);
  EXPECT_GT(minimal_checked, 1000U);
}

TEST(SmallSolverTest, SingleCellsFollowTheKernelCertificate) {
  // The press matrix is symmetric, so one lit cell is solvable iff no quiet pattern covers it.
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{4, 4}, {5, 5}, {4, 9}}) {
    const SmallSolver s(m, n);
    ASSERT_GT(s.nullity(), 0U);
    for (std::size_t cell = 0; cell < m * n; ++cell) {
      const std::uint64_t lit = std::uint64_t{1} << cell;
      bool covered = false;
      for (std::uint64_t k : s.kernel()) covered = covered || (k & lit) != 0;
      EXPECT_EQ(s.solvable(lit), !covered) << m << "x" << n << " cell " << cell;
    }
  }
}

TEST(SmallSolverTest, ExhaustiveFourByFour) {
  // All 2^16 lights of 4x4 against the brute-force table.
  const SmallSolver s(4, 4);
  const test_support::BruteForce bf(4, 4);
  for (std::uint64_t lights = 0; lights < (1U << 16); ++lights) {
    const bool solvable = bf.count[lights] != 0;
    ASSERT_EQ(s.solvable(lights), solvable) << lights;
    if (!solvable) continue;
    ASSERT_EQ(s.effect(s.solve(lights)), lights);
    ASSERT_EQ(std::popcount(s.solve_minimal(lights)), bf.min_presses[lights]) << lights;
  }
}

}  // namespace
}  // namespace lightsout
