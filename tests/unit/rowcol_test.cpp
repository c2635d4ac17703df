// Unit tests for the closed form of the row-and-column rules: against dense elimination
// (solve_rules) on random boards and K, every answer re-applied through the press system.
#include "core/rowcol_closed.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/solve_rules.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

Rules rowcol_rules(unsigned k, bool self, bool target_on, const char* topology) {
  std::string text = std::string("nbhd=rowcol,states=") + std::to_string(k);
  if (!self) text += ",self=0";
  if (target_on) text += ",target=on";
  if (*topology != '\0') text += std::string(",") + topology;
  return parse_rules(text);
}

// Every cell after `presses` under the general press system (build_press_system, not the
// closed form), minus the goal: all zero iff the presses solve.
std::vector<std::uint8_t> residual(const PressSystem& sys, const Rules& rules,
                                   const std::vector<std::uint8_t>& lights,
                                   const std::vector<std::uint8_t>& presses) {
  std::vector<std::uint8_t> after = lights;
  sys.apply(presses, after);
  const unsigned goal = rules.target_on ? rules.states - 1 : 0;
  for (std::uint8_t& v : after)
    v = static_cast<std::uint8_t>((v + rules.states - goal) % rules.states);
  return after;
}

unsigned additive_order(const std::vector<std::uint8_t>& v, unsigned k) {
  for (unsigned t = 1; t < k; ++t) {
    bool zero = true;
    for (const std::uint8_t x : v) zero = zero && (t * x) % k == 0;
    if (zero) return t;
  }
  return k;
}

// One board: the closed form (forced and automatic) against dense elimination.
void check_board(const Rules& rules, std::size_t rows, std::size_t cols,
                 const std::vector<std::uint8_t>& lights) {
  const unsigned k = rules.states;
  SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " K=" + std::to_string(k) +
               (rules.self ? "" : " self=0") + (rules.target_on ? " target=on" : ""));
  const PressSystem sys = build_press_system(rules, rows, cols);
  const Result dense = solve_rules(rules, sys, lights, false);
  const Solver solver(rules, rows, cols, Method::rowcol);
  Options options;
  options.kernel = true;
  const Result r = solver.solve(Grid::from_values(rows, cols, k, lights), options);
  EXPECT_EQ(r.method, Method::rowcol);
  ASSERT_EQ(r.solvable, dense.solvable);
  EXPECT_EQ(r.solutions.to_string(), dense.solutions.to_string());
  EXPECT_EQ(r.nullity, dense.nullity);
  if (r.solvable) {
    EXPECT_EQ(residual(sys, rules, lights, r.presses.to_values()),
              std::vector<std::uint8_t>(rows * cols, 0));
  } else {
    EXPECT_EQ(r.presses.total(), 0U);
  }
  ASSERT_EQ(r.kernel.size(), r.nullity);
  ASSERT_EQ(r.kernel_orders.size(), r.nullity);
  // The orders multiply to the number of quiet patterns, which is the count of a solvable board.
  SolutionCount generated = SolutionCount::power(2, 0);
  std::vector<std::pair<unsigned, std::uint64_t>> exps;
  const std::vector<std::uint8_t> dark(rows * cols, rules.target_on ? k - 1 : 0);
  for (std::size_t j = 0; j < r.kernel.size(); ++j) {
    const std::vector<std::uint8_t> pattern = r.kernel[j].to_values();
    EXPECT_EQ(residual(sys, rules, dark, pattern), std::vector<std::uint8_t>(rows * cols, 0))
        << "kernel pattern " << j << " is not quiet";
    EXPECT_EQ(additive_order(pattern, k), r.kernel_orders[j]);
    unsigned o = r.kernel_orders[j];
    for (unsigned p = 2; o > 1; ++p) {
      while (o % p == 0) {
        o /= p;
        bool found = false;
        for (auto& [q, e] : exps) {
          if (q == p) {
            ++e;
            found = true;
          }
        }
        if (!found) exps.emplace_back(p, 1);
      }
    }
  }
  std::sort(exps.begin(), exps.end());
  generated.factors = exps;
  const Result quiet = solve_rules(rules, sys, dark, false);
  EXPECT_EQ(generated.to_string(), quiet.solutions.to_string());
  // Automatic picks the closed form (tables below 65 cells for two states).
  const Solver automatic(rules, rows, cols);
  if (k > 2 || rows * cols > 64) {
    EXPECT_EQ(automatic.method(), Method::rowcol);
  }
}

// Random lights, and lights made solvable by applying random presses.
std::vector<std::vector<std::uint8_t>> boards_for(const Rules& rules, std::size_t rows,
                                                  std::size_t cols, std::mt19937_64& rng) {
  const unsigned k = rules.states;
  std::uniform_int_distribution<unsigned> value(0, k - 1);
  std::vector<std::uint8_t> random(rows * cols);
  for (std::uint8_t& v : random) v = static_cast<std::uint8_t>(value(rng));
  std::vector<std::uint8_t> presses(rows * cols);
  for (std::uint8_t& v : presses) v = static_cast<std::uint8_t>(value(rng));
  std::vector<std::uint8_t> solvable(rows * cols, rules.target_on ? k - 1 : 0);
  const PressSystem sys = build_press_system(rules, rows, cols);
  // goal - effect(presses): pressing `presses` again reaches the goal.
  std::vector<std::uint8_t> effect(rows * cols, 0);
  sys.apply(presses, effect);
  for (std::size_t i = 0; i < effect.size(); ++i) {
    solvable[i] = static_cast<std::uint8_t>((solvable[i] + k - effect[i]) % k);
  }
  return {random, solvable};
}

TEST(RowColClosed, DegenerateSizesEveryK) {
  auto rng = make_rng(2501);
  for (unsigned k = 2; k <= 12; ++k) {
    for (const bool self : {true, false}) {
      for (const auto& [rows, cols] : std::vector<std::pair<std::size_t, std::size_t>>{
               {1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 7}, {7, 1}, {2, 3}, {3, 2}, {3, 3}, {2, 9}}) {
        const Rules rules = rowcol_rules(k, self, (rows + cols + k) % 2 == 0, "");
        for (const auto& lights : boards_for(rules, rows, cols, rng)) {
          check_board(rules, rows, cols, lights);
        }
      }
    }
  }
}

TEST(RowColClosed, RandomBoardsAgainstDense) {
  auto rng = make_rng(2502);
  std::uniform_int_distribution<unsigned> states(2, 12);
  std::uniform_int_distribution<std::size_t> side(1, 24);
  const char* topologies[] = {"", "torus", "cylinder"};
  for (int t = 0; t < 40; ++t) {
    const unsigned k = states(rng);
    const bool self = t % 2 == 0;
    const Rules rules = rowcol_rules(k, self, t % 3 == 0, topologies[t % 3]);
    const std::size_t rows = side(rng);
    const std::size_t cols = side(rng);
    for (const auto& lights : boards_for(rules, rows, cols, rng)) {
      check_board(rules, rows, cols, lights);
    }
  }
}

TEST(RowColClosed, LargerBoardsAgainstDense) {
  auto rng = make_rng(2503);
  for (const auto& [k, self, rows, cols] :
       std::vector<std::tuple<unsigned, bool, std::size_t, std::size_t>>{{2, false, 40, 40},
                                                                         {2, true, 40, 39},
                                                                         {6, false, 30, 40},
                                                                         {4, false, 40, 25},
                                                                         {12, true, 33, 40},
                                                                         {9, true, 40, 38}}) {
    const Rules rules = rowcol_rules(k, self, false, "");
    for (const auto& lights : boards_for(rules, rows, cols, rng)) {
      check_board(rules, rows, cols, lights);
    }
  }
}

// The effect of `presses` cell by cell from the definition (row sum + column sum, the button
// once with self and not at all without), minus the goal: for boards too big for the press
// system (a rowcol press touches rows + cols - 1 cells).
std::vector<std::uint8_t> direct_residual(const Rules& rules, std::size_t rows, std::size_t cols,
                                          const std::vector<std::uint8_t>& lights,
                                          const std::vector<std::uint8_t>& presses) {
  const unsigned k = rules.states;
  std::vector<std::uint64_t> row(rows, 0);
  std::vector<std::uint64_t> col(cols, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      row[r] += presses[r * cols + c];
      col[c] += presses[r * cols + c];
    }
  }
  const unsigned goal = rules.target_on ? k - 1 : 0;
  std::vector<std::uint8_t> out(rows * cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      const std::uint64_t own = presses[r * cols + c];
      // Row and column each count the button once: twice in all, once too many with self.
      const std::uint64_t v = lights[r * cols + c] + row[r] + col[c] +
                              (rules.self ? 0 : k - 1) * own + (k - 1) * own + k - goal;
      out[r * cols + c] = static_cast<std::uint8_t>(v % k);
    }
  }
  return out;
}

TEST(RowColClosed, DirectResidualAgreesWithPressSystem) {
  auto rng = make_rng(2505);
  for (const unsigned k : {2U, 5U, 6U}) {
    for (const bool self : {true, false}) {
      const Rules rules = rowcol_rules(k, self, k == 5, "");
      const auto boards = boards_for(rules, 7, 9, rng);
      const PressSystem sys = build_press_system(rules, 7, 9);
      EXPECT_EQ(direct_residual(rules, 7, 9, boards[0], boards[1]),
                residual(sys, rules, boards[0], boards[1]));
    }
  }
}

TEST(RowColClosed, ApplyAgreesWithPressSystem) {
  auto rng = make_rng(2506);
  for (const unsigned k : {2U, 3U, 4U, 255U}) {
    for (const bool self : {true, false}) {
      for (const auto& [rows, cols] :
           std::vector<std::pair<std::size_t, std::size_t>>{{1, 1}, {1, 5}, {6, 1}, {7, 9}}) {
        const Rules rules = rowcol_rules(k, self, false, "torus");
        const auto boards = boards_for(rules, rows, cols, rng);
        std::vector<std::uint8_t> fast = boards[0];
        std::vector<std::uint8_t> slow = boards[0];
        detail::RowColClosed::apply(rules, rows, cols, boards[1], fast);
        build_press_system(rules, rows, cols).apply(boards[1], slow);
        EXPECT_EQ(fast, slow) << rows << "x" << cols << " K=" << k;
      }
    }
  }
}

TEST(RowColClosed, BigBoardSolvesAndBigKernelIsRefused) {
  // 600 x 700 without the button itself, two and six states: nullity about the cell count, so
  // the kernel is refused while the solution is still found and re-applied.
  auto rng = make_rng(2504);
  for (const unsigned k : {2U, 6U}) {
    const Rules rules = rowcol_rules(k, false, false, "");
    const std::size_t rows = 600;
    const std::size_t cols = 700;
    std::uniform_int_distribution<unsigned> value(0, k - 1);
    std::vector<std::uint8_t> presses(rows * cols);
    for (std::uint8_t& v : presses) v = static_cast<std::uint8_t>(value(rng));
    const std::vector<std::uint8_t> dark(rows * cols, 0);
    // lights = -effect(presses): solvable.
    std::vector<std::uint8_t> lights = direct_residual(rules, rows, cols, dark, presses);
    for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>((k - v) % k);
    const Solver solver(rules, rows, cols);
    EXPECT_EQ(solver.method(), Method::rowcol);
    const Result r = solver.solve(Grid::from_values(rows, cols, k, lights));
    ASSERT_TRUE(r.solvable);
    EXPECT_EQ(direct_residual(rules, rows, cols, lights, r.presses.to_values()), dark);
    EXPECT_GT(r.nullity, 400000U);
    // One light changed inside: no longer solvable (every inner cell's equation reads 0 = f).
    std::vector<std::uint8_t> broken = lights;
    broken[300 * cols + 300] = static_cast<std::uint8_t>((broken[300 * cols + 300] + 1) % k);
    EXPECT_FALSE(solver.solve(Grid::from_values(rows, cols, k, broken)).solvable);
    Options options;
    options.kernel = true;
    EXPECT_THROW((void)solver.solve(Grid::from_values(rows, cols, k, lights), options),
                 std::length_error);
    // The fewest presses over so many quiet patterns are not searched: said, not proven.
    Options minimal;
    minimal.minimal = true;
    const Result m = solver.solve(Grid::from_values(rows, cols, k, lights), minimal);
    EXPECT_TRUE(m.minimal);
    EXPECT_FALSE(m.minimal_proven);
    EXPECT_EQ(direct_residual(rules, rows, cols, lights, m.presses.to_values()), dark);
  }
}

TEST(RowColClosed, RefusesOtherRules) {
  EXPECT_THROW(Solver(parse_rules("nbhd=x"), 5, 5, Method::rowcol), std::invalid_argument);
  EXPECT_THROW(Solver(parse_rules("nbhd=rowcol,holes=[010/000/000]"), 3, 3, Method::rowcol),
               std::invalid_argument);
  EXPECT_EQ(parse_method("rowcol"), Method::rowcol);
  EXPECT_EQ(method_name(Method::rowcol), "rowcol");
}

}  // namespace
}  // namespace lightsout
