// Unit tests for detail::BandedZk: banded elimination over Z_K (K > 2) against solve_rules' dense
// Z_K path on random rule sets with holes, graphs and masks, the Solver's use of it, and its
// fallback to dense elimination over Z_{p^e} without a unit pivot.
#include "core/banded_zk.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "banded_neighbourhoods.hpp"
#include "core/solve_rules.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using detail::BandedZk;
using detail::BandedZkNotApplicable;
using test_support::make_rng;

const std::vector<unsigned> kStates = {3, 4, 5, 6, 7, 9, 12, 255};
const std::vector<std::string> kNeighbourhoods = test_support::banded_neighbourhoods();
const std::vector<std::string> kTopologies = {"plane", "cylinder", "torus"};

std::string random_holes(std::size_t rows, std::size_t cols, unsigned one_in,
                         std::mt19937_64& rng) {
  std::string text = "holes=[";
  for (std::size_t r = 0; r < rows; ++r) {
    if (r != 0) text += '/';
    for (std::size_t c = 0; c < cols; ++c) text += rng() % one_in == 0 ? '1' : '0';
  }
  return text + "]";
}

// A path-like graph on `nodes` nodes: edges u - v with v - u <= reach, each with probability 1/2.
std::string random_graph(std::size_t nodes, std::size_t reach, std::mt19937_64& rng) {
  std::string text = "graph=[" + std::to_string(nodes) + ":";
  bool first = true;
  for (std::size_t u = 0; u < nodes; ++u) {
    for (std::size_t v = u + 1; v < nodes && v <= u + reach; ++v) {
      if (rng() % 2 != 0) continue;
      if (!first) text += '/';
      first = false;
      text += std::to_string(u) + "-" + std::to_string(v);
    }
  }
  if (first) text += "0-1";
  return text + "]";
}

std::vector<std::uint8_t> to_board(const PressSystem& sys, const std::vector<std::uint8_t>& v) {
  std::vector<std::uint8_t> out(sys.rows * sys.cols, 0);
  for (std::size_t t = 0; t < sys.size(); ++t) out[sys.cells[t]] = v[t];
  return out;
}

// The effect A v (mod K) per existing cell.
std::vector<std::uint8_t> effect(const PressSystem& sys, const std::vector<std::uint8_t>& v) {
  std::vector<std::uint8_t> lights(sys.rows * sys.cols, 0);
  sys.apply(to_board(sys, v), lights);
  std::vector<std::uint8_t> out(sys.size());
  for (std::size_t t = 0; t < sys.size(); ++t) out[t] = lights[sys.cells[t]];
  return out;
}

unsigned additive_order(const std::vector<std::uint8_t>& v, unsigned k) {
  for (unsigned m = 1; m <= k; ++m) {
    bool zero = true;
    for (const std::uint8_t x : v) zero = zero && (x * m) % k == 0;
    if (zero) return m;
  }
  return 0;
}

// The exact count of solutions of A x = 0 from BandedZk's factors, as SolutionCount writes it.
std::string count_text(const BandedZk& banded) {
  SolutionCount count;
  count.zero = false;
  for (const auto& [p, e] : banded.count_factors()) {
    if (e > 0) count.factors.emplace_back(p, e);
  }
  return count.to_string();
}

// Checks a factorisation against dense elimination (solve_rules) on random and on solvable
// right sides: solvability, count, nullity, kernel orders, presses and kernel re-applied.
void check(const Rules& rules, const PressSystem& sys, const BandedZk& banded, std::mt19937_64& rng,
           const std::string& what) {
  const unsigned k = sys.states;
  ASSERT_EQ(banded.cells(), sys.size()) << what;
  std::uniform_int_distribution<unsigned> value(0, k - 1);
  for (int sample = 0; sample < 3; ++sample) {
    // Sample 0 random lights; 1 made by random presses (solvable); 2 a random board again.
    std::vector<std::uint8_t> rhs(sys.size());
    if (sample == 1) {
      std::vector<std::uint8_t> presses(sys.size());
      for (std::uint8_t& p : presses) p = static_cast<std::uint8_t>(value(rng));
      rhs = effect(sys, presses);
    } else {
      for (std::uint8_t& r : rhs) r = static_cast<std::uint8_t>(value(rng));
    }
    // solve_rules takes lights with target 0: A x = -lights, so lights = -rhs.
    std::vector<std::uint8_t> lights(sys.rows * sys.cols, 0);
    for (std::size_t t = 0; t < sys.size(); ++t) {
      lights[sys.cells[t]] = static_cast<std::uint8_t>((k - rhs[t]) % k);
    }
    Rules dark = rules;
    dark.target_on = false;
    const Result dense = solve_rules(dark, sys, lights, sample == 0);
    std::vector<std::uint8_t> x;
    const bool solvable = banded.solve(rhs, x);
    ASSERT_EQ(solvable, dense.solvable) << what << " sample " << sample;
    if (sample == 1) {
      EXPECT_TRUE(solvable) << what;
    }
    EXPECT_EQ(banded.nullity(), dense.nullity) << what;
    if (solvable) {
      EXPECT_EQ(count_text(banded), dense.solutions.to_string()) << what;
      ASSERT_EQ(x.size(), sys.size());
      for (const std::uint8_t v : x) ASSERT_LT(v, k);
      EXPECT_EQ(effect(sys, x), rhs) << what << ": the presses do not solve";
    }
    if (sample != 0) continue;
    const std::vector<std::vector<std::uint8_t>> kernel = banded.kernel();
    const std::vector<unsigned> orders = banded.kernel_orders();
    ASSERT_EQ(kernel.size(), banded.nullity()) << what;
    ASSERT_EQ(orders, dense.kernel_orders) << what;
    std::uint64_t generated = 1;
    for (std::size_t j = 0; j < kernel.size(); ++j) {
      EXPECT_EQ(effect(sys, kernel[j]), std::vector<std::uint8_t>(sys.size(), 0))
          << what << ": a kernel vector is not quiet";
      EXPECT_EQ(additive_order(kernel[j], k), orders[j]) << what;
      generated = std::min<std::uint64_t>(generated * orders[j], 1U << 20);  // no overflow
    }
    if (generated <= 2048) {
      // Every coefficient choice gives a different quiet pattern: the orders' product is the
      // kernel's size, which the dense count states (solve_rules counts A x = 0's solutions).
      std::set<std::string> seen;  // patterns as byte strings
      std::vector<unsigned> c(kernel.size(), 0);
      while (true) {
        std::string v(sys.size(), '\0');
        for (std::size_t j = 0; j < c.size(); ++j) {
          for (std::size_t i = 0; i < v.size(); ++i) {
            v[i] = static_cast<char>((static_cast<unsigned char>(v[i]) + c[j] * kernel[j][i]) % k);
          }
        }
        seen.insert(v);
        std::size_t j = 0;
        while (j < c.size() && ++c[j] == orders[j]) c[j++] = 0;
        if (j == c.size()) break;
      }
      EXPECT_EQ(seen.size(), generated) << what << ": the kernel basis is not a basis";
    }
  }
}

bool square_free(unsigned k) {
  for (unsigned p = 2; p * p <= k; ++p) {
    if (k % (p * p) == 0) return false;
  }
  return true;
}

// One rule set: the banded factor against dense elimination, or (only when K has a square
// factor) the fallback, which the Solver must take to dense elimination with the same answer.
void check_rules(const std::string& text, std::size_t rows, std::size_t cols, std::mt19937_64& rng,
                 std::size_t& factored, std::size_t& fell_back) {
  const Rules rules = parse_rules(text);
  if (rules.has_graph()) {
    rows = rules.graph.size();
    cols = 1;
  }
  const PressSystem sys = build_press_system(rules, rows, cols);
  if (sys.size() == 0) return;
  std::optional<BandedZk> banded;
  try {
    banded.emplace(sys);
  } catch (const BandedZkNotApplicable&) {
    ASSERT_FALSE(square_free(rules.states)) << text << ": GF(p) always has unit pivots";
    ++fell_back;
    const Solver solver(rules, rows, cols);
    EXPECT_NE(solver.method(), Method::banded) << text;
    EXPECT_THROW(Solver(rules, rows, cols, Method::banded), std::invalid_argument) << text;
    return;
  }
  ++factored;
  check(rules, sys, *banded, rng, text);
}

TEST(BandedZk, AgreesWithDenseEliminationOnGrids) {
  std::mt19937_64 rng = make_rng(2025);
  std::size_t factored = 0;
  std::size_t fell_back = 0;
  const std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {1, 1}, {1, 5}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {3, 8}, {7, 4}, {6, 6}, {9, 9}};
  for (const unsigned k : kStates) {
    for (const std::string& nbhd : kNeighbourhoods) {
      for (const std::string& topology : kTopologies) {
        for (std::size_t i = 0; i < sizes.size(); i += 1 + rng() % 2) {
          const auto [rows, cols] = sizes[i];
          for (const bool holes : {false, true}) {
            std::string text = "states=" + std::to_string(k);
            text.append(",").append(topology).append(",").append(nbhd);
            if (holes) {
              text += ',';  // not += "," + ...: GCC 12 -Wrestrict false positive
              text += random_holes(rows, cols, 5, rng);
            }
            SCOPED_TRACE(text + " " + std::to_string(rows) + "x" + std::to_string(cols));
            check_rules(text, rows, cols, rng, factored, fell_back);
          }
        }
      }
    }
  }
  EXPECT_GT(factored, 500U);
  RecordProperty("fell_back", static_cast<int>(fell_back));
}

TEST(BandedZk, AgreesWithDenseEliminationOnGraphs) {
  std::mt19937_64 rng = make_rng(77);
  std::size_t factored = 0;
  std::size_t fell_back = 0;
  for (const unsigned k : kStates) {
    for (const std::size_t nodes : {2U, 5U, 17U, 60U, 150U}) {
      for (const std::size_t reach : {1U, 3U, 9U}) {
        for (const bool self : {true, false}) {
          const std::string text = "states=" + std::to_string(k) + "," +
                                   random_graph(nodes, reach, rng) + (self ? "" : ",self=0");
          SCOPED_TRACE(text);
          check_rules(text, 0, 0, rng, factored, fell_back);
        }
      }
    }
  }
  EXPECT_GT(factored, 150U);
}

TEST(BandedZk, AgreesWithDenseEliminationOnLargerBoards) {
  std::mt19937_64 rng = make_rng(4040);
  std::size_t factored = 0;
  std::size_t fell_back = 0;
  struct Case {
    const char* rules;
    bool holes;
  };
  for (const Case& c :
       {Case{"states=3,nbhd=plus", true}, Case{"states=5,torus,nbhd=x", true},
        Case{"states=7,nbhd=knight", false}, Case{"states=6,cylinder,nbhd=square", true},
        Case{"states=255,nbhd=110/011/001", true}}) {
    std::string text = c.rules;
    if (c.holes) {
      text += ',';
      text += random_holes(40, 40, 20, rng);
    }
    SCOPED_TRACE(c.rules);
    check_rules(text, 40, 40, rng, factored, fell_back);
  }
  EXPECT_EQ(factored, 5U);
}

// Z_4 on a 2 x 2 torus without the button itself: every press adds 2 to its neighbours (each
// reached twice), so no column holds a unit and banded elimination does not apply.
TEST(BandedZk, FallsBackWithoutUnitPivots) {
  const Rules rules = parse_rules("states=4,torus,nbhd=plus,self=0");
  const PressSystem sys = build_press_system(rules, 2, 2);
  EXPECT_THROW(BandedZk{sys}, BandedZkNotApplicable);
  const Solver solver(rules, 2, 2);
  EXPECT_EQ(solver.method(), Method::zk);
  EXPECT_THROW(Solver(rules, 2, 2, Method::banded), std::invalid_argument);
  // Still solved exactly: against dense elimination on every board.
  for (unsigned code = 0; code < 256; ++code) {
    std::vector<std::uint8_t> lights(4);
    for (std::size_t i = 0; i < 4; ++i)
      lights[i] = static_cast<std::uint8_t>((code >> (2 * i)) & 3U);
    const Result dense = solve_rules(rules, 2, 2, lights);
    const Result r = solver.solve(Grid::from_values(2, 2, 4, lights));
    ASSERT_EQ(r.solvable, dense.solvable);
    EXPECT_EQ(r.solutions.to_string(), dense.solutions.to_string());
  }
  // Over Z_2 x Z_3 (K = 6) the same torus has unit pivots mod 3: the 2-part is GF(2), fine too.
  const PressSystem six = build_press_system(parse_rules("states=6,torus,nbhd=plus,self=0"), 2, 2);
  EXPECT_NO_THROW(BandedZk{six});
}

TEST(BandedZk, SolverTakesBandedForMoreStates) {
  std::mt19937_64 rng = make_rng(9);
  for (const std::string& text :
       {"states=3,nbhd=plus," + random_holes(30, 30, 10, rng), std::string("states=5,nbhd=x,torus"),
        "states=3," + random_graph(400, 4, rng)}) {
    SCOPED_TRACE(text);
    const Rules rules = parse_rules(text);
    const std::size_t rows = rules.has_graph() ? rules.graph.size() : 30;
    const std::size_t cols = rules.has_graph() ? 1 : 30;
    const Solver solver(rules, rows, cols);
    EXPECT_EQ(solver.method(), Method::banded);
    const Solver forced(rules, rows, cols, Method::banded);
    std::uniform_int_distribution<unsigned> value(0, rules.states - 1);
    for (const bool target_on : {false, true}) {
      Rules goal = rules;
      goal.target_on = target_on;
      const Solver s(goal, rows, cols, Method::banded);
      std::vector<std::uint8_t> lights(rows * cols);
      for (auto& v : lights) v = static_cast<std::uint8_t>(value(rng));
      Options options;
      options.kernel = true;
      const Result r = s.solve(Grid::from_values(rows, cols, rules.states, lights), options);
      const Result dense = solve_rules(goal, rows, cols, lights);
      EXPECT_EQ(r.method, Method::banded);
      ASSERT_EQ(r.solvable, dense.solvable);
      EXPECT_EQ(r.solutions.to_string(), dense.solutions.to_string());
      EXPECT_EQ(r.nullity, dense.nullity);
      EXPECT_EQ(r.kernel_orders, dense.kernel_orders);
      EXPECT_EQ(r.kernel.size(), dense.kernel.size());
    }
  }
}

TEST(BandedZk, Errors) {
  const PressSystem two = build_press_system(parse_rules("nbhd=x"), 4, 4);
  EXPECT_THROW(BandedZk{two}, std::invalid_argument);
  const PressSystem sys = build_press_system(parse_rules("states=3,nbhd=x"), 4, 4);
  const BandedZk banded(sys);
  std::vector<std::uint8_t> x;
  EXPECT_THROW((void)banded.solve(std::vector<std::uint8_t>(15, 0), x), std::invalid_argument);
  EXPECT_THROW((void)banded.solve(std::vector<std::uint8_t>(16, 3), x), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
