// Unit tests for Solver, Grid, SolutionCount and board_facts: every method against the general
// elimination of solve_rules (the oracle) and against re-applying the presses, on many rules.
#include "lightsout/solver.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/chase_plane_mask.hpp"
#include "core/solve_rules.hpp"
#include "lightsout/info.hpp"
#include "lightsout/random_board.hpp"
#include "lightsout/rules_text.hpp"

namespace lightsout {
namespace {

// True when `presses` bring every existing cell of `lights` to the rules' goal.
bool solves(const Rules& rules, const Grid& lights, const Grid& presses) {
  const PressSystem sys = build_press_system(rules, lights.rows(), lights.cols());
  std::vector<std::uint8_t> after = lights.to_values();
  sys.apply(presses.to_values(), after);
  const unsigned goal = rules.target_on ? rules.states - 1 : 0;
  for (const std::uint32_t cell : sys.cells) {
    if (after[cell] != goal) return false;
  }
  return true;
}

// Method A's answer against method B's on LIGHTS: the same solvability (fatal), nullity and count,
// a kernel of nullity patterns (fatal), A's presses re-applied, and the same fewest presses when
// both proved theirs. Call it under ASSERT_NO_FATAL_FAILURE.
void expect_same_answer(const Rules& rules, const Grid& lights, const Result& a, const Result& b) {
  ASSERT_EQ(a.solvable, b.solvable);
  EXPECT_EQ(a.nullity, b.nullity);
  EXPECT_EQ(a.solutions, b.solutions);
  ASSERT_EQ(a.kernel.size(), a.nullity);
  if (a.solvable) {
    EXPECT_TRUE(solves(rules, lights, a.presses));
  }
  if (a.solvable && a.minimal_proven && b.minimal_proven) {
    EXPECT_EQ(a.presses.total(), b.presses.total());
  }
}

Grid random_lights(std::mt19937_64& rng, std::size_t rows, std::size_t cols, unsigned k) {
  std::vector<std::uint8_t> v(rows * cols);
  for (auto& x : v) x = static_cast<std::uint8_t>(rng() % k);
  return Grid::from_values(rows, cols, k, v);
}

// The automatic choice against the general elimination, on many rules and sizes (tables for
// the small two-state boards, gf2 and zk beyond).
TEST(Solver, AutomaticAgreesWithTheGeneralElimination) {
  const std::vector<std::string> texts = {"",
                                          "torus",
                                          "cylinder",
                                          "nbhd=x",
                                          "nbhd=square,self=0",
                                          "nbhd=knight,torus",
                                          "target=on",
                                          "nbhd=rowcol",
                                          "states=3",
                                          "torus,states=4",
                                          "cylinder,states=6,target=on",
                                          "nbhd=010/101/010,states=5"};
  std::mt19937_64 rng(11);
  int checked = 0;
  for (const std::string& text : texts) {
    const Rules rules = parse_rules(text);
    for (std::size_t rows = 1; rows <= 9; ++rows) {
      for (std::size_t cols = 1; cols <= 9; cols += 2) {
        SCOPED_TRACE(text + " " + std::to_string(rows) + "x" + std::to_string(cols));
        const Solver solver(rules, rows, cols);
        EXPECT_NE(solver.method(), Method::automatic);
        for (int trial = 0; trial < 3; ++trial) {
          const Grid lights = trial == 0 ? random_grid(rules, rows, cols, rng(), 0.5, true)
                                         : random_lights(rng, rows, cols, rules.states);
          const Result got = solver.solve(lights, {});
          const Result want = solve_rules(rules, rows, cols, lights.to_values(), false);
          ASSERT_EQ(got.solvable, want.solvable);
          if (trial == 0) {
            EXPECT_TRUE(got.solvable);  // random_grid(..., solvable) is
          }
          EXPECT_EQ(got.nullity, want.nullity);
          EXPECT_EQ(got.solutions.to_string(), want.solutions.to_string());
          if (got.solvable) {
            EXPECT_TRUE(solves(rules, lights, got.presses));
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// Light chasing over Z_K (plus neighbourhood, every topology, K prime, prime power and composite,
// both goals, tall and wide boards) against the general elimination: solvability, nullity, exact
// count, the presses re-applied, the kernel quiet and of the right size, and the fewest presses.
TEST(Solver, PlusChaseAgreesWithTheGeneralElimination) {
  std::mt19937_64 rng(21);
  int checked = 0;
  // The last six have a shorter side of 1 or 2 (wrapped on the torus and the cylinder).
  const std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {3, 3},  {3, 4},   {4, 3},  {5, 5},  {4, 9},  {9, 4},  {6, 6}, {7, 11}, {12, 5},
      {3, 17}, {10, 10}, {70, 1}, {1, 70}, {33, 2}, {2, 33}, {5, 1}, {2, 7}};
  for (const char* text :
       {"torus", "cylinder", "self=0", "torus,self=0,target=on", "cylinder,states=3",
        "torus,states=4", "states=6,target=on", "torus,states=12", "cylinder,states=9,self=0",
        "torus,states=255", "nbhd=010/111/010,states=5", "plane,states=2,target=on"}) {
    const Rules rules = parse_rules(text);
    for (const auto& [rows, cols] : sizes) {
      if (rows * cols <= 64 && rules.states == 2) continue;  // tables take these
      SCOPED_TRACE(std::string(text) + " " + std::to_string(rows) + "x" + std::to_string(cols));
      const Solver chase(rules, rows, cols);
      ASSERT_EQ(chase.method(), Method::chase);
      const Solver general(rules, rows, cols, rules.states == 2 ? Method::gf2 : Method::zk);
      for (int trial = 0; trial < 3; ++trial) {
        const Grid lights = trial == 0 ? random_grid(rules, rows, cols, rng(), 0.5, true)
                                       : random_lights(rng, rows, cols, rules.states);
        Options options;
        options.kernel = true;
        options.minimal = trial == 0;
        // A fixed step budget (the same answer on any machine), the clock only as a backstop.
        options.minimal_budget = std::uint64_t{1} << 24;
        options.minimal_seconds = 30;
        const Result a = chase.solve(lights, options);
        const Result b = general.solve(lights, options);
        ASSERT_NO_FATAL_FAILURE(expect_same_answer(rules, lights, a, b));
        if (trial == 0) {
          EXPECT_TRUE(a.solvable);
        }
        for (const Grid& k : a.kernel) {
          Rules goal_off = rules;
          goal_off.target_on = false;
          EXPECT_TRUE(solves(goal_off, Grid(rows, cols, rules.states), k));
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 250);
}

// The banded method (two states, any neighbourhood, holes, graphs) against the dense gf2 method:
// solvability, nullity, count, kernel, fewest presses; chosen automatically where it applies.
TEST(Solver, BandedAgreesWithDenseGf2) {
  std::mt19937_64 rng(33);
  int checked = 0;
  for (const char* text : {"nbhd=x", "torus,nbhd=square", "cylinder,nbhd=knight,target=on",
                           "nbhd=01110/11111/11011/11111/01110", "torus,nbhd=x,self=0",
                           "holes=[0000000000/0011000000/0000000100/0000000000/0100000000/"
                           "0000000000/0000001100/0000000000/0000000000/0000000001]",
                           "graph=[12:0-1/1-2/2-3/3-4/4-5/5-6/6-7/7-8/8-9/9-10/10-11/0-2]"}) {
    const Rules rules = parse_rules(text);
    const std::vector<std::pair<std::size_t, std::size_t>> sizes =
        rules.has_graph() ? std::vector<std::pair<std::size_t, std::size_t>>{{12, 1}}
        : rules.has_holes()
            ? std::vector<std::pair<std::size_t, std::size_t>>{{10, 10}}
            : std::vector<std::pair<std::size_t, std::size_t>>{{9, 9}, {5, 17}, {16, 6}, {12, 12}};
    for (const auto& [rows, cols] : sizes) {
      SCOPED_TRACE(std::string(text) + " " + std::to_string(rows) + "x" + std::to_string(cols));
      const Solver banded(rules, rows, cols, Method::banded);
      const Solver dense(rules, rows, cols, Method::gf2);
      if (rows * cols > 64 || rules.has_holes()) {
        // Plane masks chase with extra unknowns where that costs less than the band.
        EXPECT_EQ(
            Solver(rules, rows, cols).method(),
            detail::PlaneMaskChase::preferred(rules, rows, cols) ? Method::chase : Method::banded);
      }
      for (int trial = 0; trial < 3; ++trial) {
        const Grid lights = trial == 0 ? random_grid(rules, rows, cols, rng(), 0.5, true)
                                       : random_lights(rng, rows, cols, 2);
        Options options;
        options.kernel = true;
        options.minimal = true;
        const Result a = banded.solve(lights, options);
        const Result b = dense.solve(lights, options);
        ASSERT_NO_FATAL_FAILURE(expect_same_answer(rules, lights, a, b));
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 50);
}

// Random rule sets on random sizes up to 24 x 24: whatever the Solver chooses agrees with the
// dense elimination of the same press system (gf2 or zk), and its presses are re-applied.
TEST(Solver, RandomRulesAgreeWithDenseUpTo24x24) {
  std::mt19937_64 rng(77);
  const std::vector<std::string> topologies = {"plane", "torus", "cylinder"};
  const std::vector<std::string> nbhds = {
      "plus",   "plus",   "plus",        "x",
      "square", "knight", "010/101/010", "00100/01110/11111/01110/00100"};
  const std::vector<unsigned> states = {2, 2, 2, 3, 4, 5, 6, 7, 9, 12};
  std::map<Method, int> methods;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t rows = 1 + rng() % 24;
    const std::size_t cols = 1 + rng() % 24;
    std::string text = topologies[rng() % 3] + ",nbhd=" + nbhds[rng() % nbhds.size()] +
                       ",states=" + std::to_string(states[rng() % states.size()]);
    if (rng() % 4 == 0) text += ",self=0";
    if (rng() % 3 == 0) text += ",target=on";
    if (rng() % 5 == 0) {
      std::string holes = "[";
      for (std::size_t r = 0; r < rows; ++r) {
        if (r > 0) holes += '/';
        for (std::size_t c = 0; c < cols; ++c) holes += rng() % 8 == 0 ? '1' : '0';
      }
      text += ",holes=" + holes + "]";
    }
    SCOPED_TRACE(text + " " + std::to_string(rows) + "x" + std::to_string(cols));
    Rules rules;
    try {
      rules = parse_rules(text);
    } catch (const RulesError&) {
      continue;  // self=0 on a mask without its centre and the like
    }
    const Solver fast(rules, rows, cols);
    ++methods[fast.method()];
    const Solver dense(rules, rows, cols, rules.states == 2 ? Method::gf2 : Method::zk);
    const Grid lights = trial % 2 == 0 ? random_grid(rules, rows, cols, rng(), 0.5, true)
                                       : random_lights(rng, rows, cols, rules.states);
    const Result a = fast.solve(lights, {});
    const Result b = dense.solve(lights, {});
    ASSERT_EQ(a.solvable, b.solvable);
    if (trial % 2 == 0) {
      EXPECT_TRUE(a.solvable);
    }
    EXPECT_EQ(a.nullity, b.nullity);
    EXPECT_EQ(a.solutions, b.solutions);
    if (a.solvable) {
      EXPECT_TRUE(solves(rules, lights, a.presses));
    }
  }
  // The fast paths were exercised, not only the dense one.
  EXPECT_GT(methods[Method::chase] + methods[Method::banded] + methods[Method::tables], 20);
}

// Every classic method, forced, agrees on solvability, nullity and count, and each solution is
// re-applied; the kernel is quiet and of the right size.
TEST(Solver, EveryClassicMethodAgrees) {
  std::mt19937_64 rng(5);
  for (std::size_t rows = 1; rows <= 8; ++rows) {
    for (std::size_t cols = 1; cols <= 8; ++cols) {
      const Grid lights = random_lights(rng, rows, cols, 2);
      std::vector<Result> results;
      for (const Method m : {Method::tables, Method::enumerate, Method::chase, Method::poly,
                             Method::dense, Method::gf2}) {
        SCOPED_TRACE(std::string(method_name(m)) + " " + std::to_string(rows) + "x" +
                     std::to_string(cols));
        if (m == Method::tables && rows * cols > 64) continue;
        const Solver solver(Rules::classic(), rows, cols, m);
        ASSERT_EQ(solver.method(), m);
        Options options;
        options.kernel = true;
        Result r = solver.solve(lights, options);
        EXPECT_EQ(r.method, m);
        if (r.solvable) {
          EXPECT_TRUE(solves(Rules::classic(), lights, r.presses));
        }
        ASSERT_EQ(r.kernel.size(), r.nullity);
        for (const Grid& k : r.kernel) {
          EXPECT_TRUE(solves(Rules::classic(), Grid(rows, cols, 2), k));
          EXPECT_GT(k.total(), 0U);
        }
        if (!results.empty()) {
          EXPECT_EQ(r.solvable, results.front().solvable);
          EXPECT_EQ(r.nullity, results.front().nullity);
          EXPECT_EQ(r.solutions, results.front().solutions);
        }
        results.push_back(std::move(r));
      }
    }
  }
}

// The judge's word path gives what the Grid path gives, for classic and other two-state rules.
TEST(Solver, WordPathMatchesGridPath) {
  std::mt19937_64 rng(9);
  for (const char* text : {"", "torus", "nbhd=x,target=on", "cylinder,self=0"}) {
    const Rules rules = parse_rules(text);
    for (const auto& [rows, cols] : std::vector<std::pair<std::size_t, std::size_t>>{
             {5, 6}, {5, 5}, {4, 4}, {8, 8}, {1, 64}, {3, 7}}) {
      SCOPED_TRACE(std::string(text) + " " + std::to_string(rows) + "x" + std::to_string(cols));
      const Solver solver(rules, rows, cols);
      ASSERT_TRUE(solver.word_sized());
      for (int trial = 0; trial < 50; ++trial) {
        const Grid lights = random_lights(rng, rows, cols, 2);
        std::uint64_t word = 0;
        for (std::size_t r = 0; r < rows; ++r) {
          for (std::size_t c = 0; c < cols; ++c) {
            word |= std::uint64_t{lights.get(r, c)} << (r * cols + c);
          }
        }
        std::uint64_t presses = 0;
        const bool solvable = solver.solve_word(word, presses, trial % 2 == 1);
        const Result r = solver.solve(lights, {});
        ASSERT_EQ(solvable, r.solvable);
        if (!solvable) continue;
        Grid as_grid(rows, cols, 2);
        for (std::size_t i = 0; i < rows * cols; ++i) {
          as_grid.set(i / cols, i % cols, (presses >> i) & 1U);
        }
        EXPECT_TRUE(solves(rules, lights, as_grid));
      }
    }
  }
}

// The fewest presses agree between the tables and the general elimination (both exact here).
TEST(Solver, MinimalAgreesAcrossMethods) {
  std::mt19937_64 rng(3);
  for (const char* text : {"", "torus", "nbhd=x"}) {
    const Rules rules = parse_rules(text);
    for (std::size_t n = 3; n <= 7; ++n) {
      const Grid lights = random_grid(rules, n, n, rng(), 0.5, true);
      Options options;
      options.minimal = true;
      const Result a = Solver(rules, n, n, Method::tables).solve(lights, options);
      const Result b = Solver(rules, n, n, Method::gf2).solve(lights, options);
      ASSERT_TRUE(a.solvable && b.solvable);
      EXPECT_TRUE(a.minimal_proven && b.minimal_proven);
      EXPECT_EQ(a.presses.total(), b.presses.total()) << text << " " << n;
    }
  }
}

// board_facts: the classic formula (no board) against the elimination of the same rules.
TEST(Solver, FactsAgreeBetweenFormulaAndElimination) {
  for (std::size_t rows = 1; rows <= 12; ++rows) {
    for (std::size_t cols = 1; cols <= 12; ++cols) {
      const Facts f = board_facts(Rules::classic(), rows, cols, true);
      const Result r = Solver(Rules::classic(), rows, cols, Method::gf2)
                           .solve(Grid(rows, cols, 2), Options{.kernel = true});
      EXPECT_EQ(f.nullity, r.nullity) << rows << "x" << cols;
      EXPECT_EQ(f.quiet_patterns, r.solutions);
      EXPECT_EQ(f.kernel.size(), f.nullity);
      EXPECT_EQ(*f.solvable_log2, rows * cols - f.nullity);
    }
  }
  const Facts torus = board_facts(parse_rules("torus,states=3"), 4, 4);
  EXPECT_FALSE(torus.solvable_log2.has_value());
  EXPECT_EQ(torus.cells, 16U);
}

TEST(Solver, Errors) {
  EXPECT_THROW(Solver(parse_rules("torus,nbhd=x"), 5, 5, Method::chase), std::invalid_argument);
  // The chase runs along the longer side: it needs 3 there when that side wraps.
  EXPECT_THROW(Solver(parse_rules("torus,states=3"), 2, 2, Method::chase), std::invalid_argument);
  EXPECT_THROW(Solver(parse_rules("cylinder,states=3"), 1, 2, Method::chase),
               std::invalid_argument);
  EXPECT_THROW(Solver(parse_rules("holes=[000/010/000]"), 3, 3, Method::chase),
               std::invalid_argument);
  EXPECT_THROW(Solver(parse_rules("states=3"), 5, 5, Method::gf2), std::invalid_argument);
  EXPECT_THROW(Solver(Rules::classic(), 5, 5, Method::zk), std::invalid_argument);
  EXPECT_THROW(Solver(Rules::classic(), 30, 30, Method::enumerate), std::invalid_argument);
  EXPECT_THROW(Solver(Rules::classic(), 9, 9, Method::tables), std::length_error);
  EXPECT_THROW(Solver(parse_rules("states=3,nbhd=x,torus"), 300, 300, Method::zk),
               std::length_error);
  // Past dense elimination's cells with a band too wide for banded elimination (x now has one;
  // rowcol with a holes grid, here without a hole, has none).
  std::string grid = "states=3,nbhd=rowcol,holes=[";
  for (int r = 0; r < 300; ++r) grid.append(r == 0 ? "" : "/").append(300, '0');
  grid += ']';
  EXPECT_THROW(Solver(parse_rules(grid), 300, 300), std::length_error);
  EXPECT_THROW(Solver(parse_rules("holes=[01/10]"), 3, 3), RulesError);
  const Solver solver(Rules::classic(), 5, 6);
  EXPECT_THROW(solver.solve(Grid(5, 5, 2)), std::invalid_argument);
  EXPECT_THROW(solver.solve(Grid(5, 6, 3)), std::invalid_argument);
  EXPECT_THROW(Grid(0, 3, 2), std::invalid_argument);
  EXPECT_THROW(Grid(2, 2, 256), std::invalid_argument);
  const std::vector<std::uint8_t> bad = {0, 1, 2, 3};
  EXPECT_THROW(Grid::from_values(2, 2, 3, bad), std::invalid_argument);
}

TEST(Grid, ValuesRoundTripAndTotals) {
  const std::vector<std::uint8_t> two = {1, 0, 1, 1, 0, 1};
  const Grid g2 = Grid::from_values(2, 3, 2, two);
  EXPECT_TRUE(g2.packed());
  EXPECT_EQ(g2.to_values(), two);
  EXPECT_EQ(g2.total(), 4U);
  EXPECT_EQ(g2.bits().to_string(), "101\n101\n");
  const std::vector<std::uint8_t> five = {4, 0, 3, 1};
  Grid g5 = Grid::from_values(2, 2, 5, five);
  EXPECT_EQ(g5.to_values(), five);
  EXPECT_EQ(g5.total(), 8U);
  g5.set(1, 1, 2);
  EXPECT_EQ(g5.get(1, 1), 2U);
  EXPECT_THROW(g5.bits(), std::logic_error);
  EXPECT_THROW(g2.values(), std::logic_error);
}

TEST(SolutionCount, Text) {
  EXPECT_EQ(SolutionCount::none().to_string(), "0");
  EXPECT_EQ(SolutionCount::power(2, 0).to_string(), "1");
  EXPECT_EQ(SolutionCount::power(2, 10).to_string(), "1024");
  EXPECT_EQ(SolutionCount::power(2, 63).to_string(), "9223372036854775808");
  EXPECT_EQ(SolutionCount::power(2, 64).to_string(), "2^64");
  EXPECT_FALSE(SolutionCount::power(3, 41).value().has_value());
  SolutionCount mixed = SolutionCount::power(2, 300);
  mixed.factors.emplace_back(3, 1);
  EXPECT_EQ(mixed.to_string(), "2^300 * 3");
}

}  // namespace
}  // namespace lightsout
