// Unit tests for RowSolver: solutions re-applied by hand, solvability and fewest presses against
// the Solver's dense elimination, and the lexicographic tie against brute force.
#include "lightsout/row_solver.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "lightsout/solver.hpp"

namespace lightsout {
namespace {

using Rows = std::vector<std::uint64_t>;

std::uint64_t mask_of(std::size_t cols) {
  return cols == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cols) - 1;
}

// The lights that `presses` flip, cell by cell (the plus neighbourhood on the plane).
Rows effect(const Rows& presses, std::size_t cols) {
  Rows lit(presses.size(), 0);
  for (std::size_t r = 0; r < presses.size(); ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      if (((presses[r] >> c) & 1U) == 0) continue;
      lit[r] ^= std::uint64_t{1} << c;
      if (c > 0) lit[r] ^= std::uint64_t{1} << (c - 1);
      if (c + 1 < cols) lit[r] ^= std::uint64_t{1} << (c + 1);
      if (r > 0) lit[r - 1] ^= std::uint64_t{1} << c;
      if (r + 1 < presses.size()) lit[r + 1] ^= std::uint64_t{1} << c;
    }
  }
  return lit;
}

std::size_t weight(const Rows& rows) {
  std::size_t w = 0;
  for (const std::uint64_t r : rows) w += static_cast<std::size_t>(std::popcount(r));
  return w;
}

Board to_board(const Rows& rows, std::size_t cols) {
  Board b(rows.size(), cols);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < cols; ++c) b.set(r, c, ((rows[r] >> c) & 1U) != 0);
  }
  return b;
}

// The row-major 0/1 string of a press set: what POJ 3279 compares.
std::string text(const Rows& rows, std::size_t cols) {
  std::string s;
  for (const std::uint64_t r : rows) {
    for (std::size_t c = 0; c < cols; ++c) s.push_back(((r >> c) & 1U) != 0 ? '1' : '0');
  }
  return s;
}

TEST(RowSolverTest, RejectsBadSizes) {
  EXPECT_THROW(RowSolver(0, 3), std::invalid_argument);
  EXPECT_THROW(RowSolver(3, 0), std::invalid_argument);
  EXPECT_THROW(RowSolver(3, 65), std::invalid_argument);
  EXPECT_NO_THROW(RowSolver(1, 64));
}

TEST(RowSolverTest, AgreesWithDenseEliminationAndReappliesItsPresses) {
  std::mt19937_64 rng(11);
  for (std::size_t rows = 1; rows <= 12; ++rows) {
    for (std::size_t cols : {1U, 2U, 3U, 4U, 5U, 6U, 9U, 11U, 16U, 17U, 63U, 64U}) {
      const RowSolver solver(rows, cols);
      const Solver dense(Rules::classic(), rows, cols, Method::dense);
      for (int trial = 0; trial < 12; ++trial) {
        Rows lights(rows);
        for (auto& r : lights) r = rng() & mask_of(cols);
        Rows presses(rows);
        const bool ok = solver.solve(lights, presses);
        const Result want = dense.solve(Grid(to_board(lights, cols)));
        ASSERT_EQ(ok, want.solvable) << rows << "x" << cols;
        EXPECT_EQ(solver.nullity(), want.nullity) << rows << "x" << cols;
        if (!ok) continue;
        EXPECT_EQ(effect(presses, cols), lights) << rows << "x" << cols;
        if (solver.fewest_exact() && solver.nullity() <= 12) {
          Options minimal;
          minimal.minimal = true;
          const Result fewest = dense.solve(Grid(to_board(lights, cols)), minimal);
          ASSERT_TRUE(fewest.minimal_proven);
          ASSERT_TRUE(solver.solve_fewest(lights, presses));
          EXPECT_EQ(effect(presses, cols), lights);
          EXPECT_EQ(weight(presses), fewest.presses.total()) << rows << "x" << cols;
        }
      }
    }
  }
}

// count_presses, four boards at once, against the dense solver: solvability (nullity 0: every
// board has its one solution) and the presses' count, for the sizes up to 40 x 16 it takes.
TEST(RowSolverTest, CountPressesAgreesWithDenseElimination) {
  std::mt19937_64 rng(1681);
  int batched_sizes = 0;
  for (std::size_t rows = 1; rows <= 40; rows += rows < 16 ? 1 : 8) {
    for (std::size_t cols = 1; cols <= 16; ++cols) {
      const RowSolver solver(rows, cols);
      ASSERT_EQ(solver.counts_batches(), solver.nullity() == 0);
      if (!solver.counts_batches()) continue;
      ++batched_sizes;
      const Solver dense(Rules::classic(), rows, cols, Method::dense);
      for (int trial = 0; trial < 6; ++trial) {
        const std::size_t k = 1 + rng() % RowSolver::kCountBatch;
        std::vector<Rows> boards(k, Rows(rows));
        std::vector<const std::uint64_t*> pointers;
        for (Rows& b : boards) {
          for (auto& r : b) r = rng() & rng() & mask_of(cols);  // a quarter lit
          pointers.push_back(b.data());
        }
        std::vector<int> counts(k);
        solver.count_presses(pointers, counts);
        for (std::size_t b = 0; b < k; ++b) {
          const Result want = dense.solve(Grid(to_board(boards[b], cols)));
          ASSERT_EQ(counts[b] != RowSolver::kNoSolution, want.solvable) << rows << "x" << cols;
          if (!want.solvable) continue;
          EXPECT_EQ(static_cast<std::size_t>(counts[b]), want.presses.total())
              << rows << "x" << cols;
        }
      }
    }
  }
  EXPECT_GT(batched_sizes, 100);
  const RowSolver quiet(4, 4);  // nullity 4
  std::vector<int> one(1);
  const Rows dark(4, 0);
  const std::vector<const std::uint64_t*> board{dark.data()};
  EXPECT_THROW(quiet.count_presses(board, one), std::logic_error);
}

TEST(RowSolverTest, LexicographicTieIsTheBruteForceOne) {
  std::mt19937_64 rng(5);
  std::size_t ties = 0;
  for (std::size_t rows = 1; rows <= 4; ++rows) {
    for (std::size_t cols = 1; rows * cols <= 16; ++cols) {
      const RowSolver solver(rows, cols);
      for (int trial = 0; trial < 40; ++trial) {
        Rows lights(rows);
        for (auto& r : lights) r = rng() & mask_of(cols);
        // Every press set, in row-major order: the first of the lightest is the least string.
        std::string best;
        std::size_t best_weight = 0;
        std::size_t lightest = 0;
        for (std::uint64_t set = 0; set < (std::uint64_t{1} << (rows * cols)); ++set) {
          Rows presses(rows);
          for (std::size_t r = 0; r < rows; ++r) presses[r] = (set >> (r * cols)) & mask_of(cols);
          if (effect(presses, cols) != lights) continue;
          const std::string t = text(presses, cols);
          const std::size_t w = weight(presses);
          if (best.empty() || w < best_weight) {
            best = t;
            best_weight = w;
            lightest = 1;
          } else if (w == best_weight) {
            ++lightest;
            if (t < best) best = t;
          }
        }
        Rows got(rows);
        ASSERT_EQ(solver.solve_fewest(lights, got, RowSolver::Tie::lexicographic), !best.empty());
        if (best.empty()) continue;
        EXPECT_EQ(text(got, cols), best) << rows << "x" << cols;
        ASSERT_TRUE(solver.solve_fewest(lights, got));
        EXPECT_EQ(weight(got), best_weight);
        ties += lightest > 1 ? 1 : 0;
      }
    }
  }
  EXPECT_GT(ties, 50U);  // boards with several lightest solutions were met
}

}  // namespace
}  // namespace lightsout
