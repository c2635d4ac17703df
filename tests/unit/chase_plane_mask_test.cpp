// PlaneMaskChase (light chasing with extra unknowns for any plane mask) against dense elimination
// over Z_K on random masks, sizes and K, and the Solver's choice of it.
#include "core/chase_plane_mask.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/solve_rules.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

// A random mask text of odd sides up to 5 x 5 with at least one cell.
std::string random_mask(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> side(0, 2);
  const int h = 2 * side(rng) + 1;
  const int w = 2 * side(rng) + 1;
  std::bernoulli_distribution on(0.4);
  std::string text;
  bool any = false;
  for (int r = 0; r < h; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < w; ++c) {
      const bool bit = on(rng);
      any = any || bit;
      text += bit ? '1' : '0';
    }
  }
  if (!any) text[0] = '1';
  return text;
}

// Everything PlaneMaskChase says about `boards` random boards against dense elimination.
void check_against_dense(const Rules& rules, std::size_t rows, std::size_t cols,
                         std::mt19937_64& rng, int boards) {
  SCOPED_TRACE(to_string(rules) + " on " + std::to_string(rows) + "x" + std::to_string(cols));
  ASSERT_TRUE(detail::PlaneMaskChase::applies(rules, rows, cols));
  const detail::PlaneMaskChase chase(rules, rows, cols, true);
  const unsigned k = rules.states;
  const PressSystem sys = build_press_system(rules, rows, cols);
  const std::uint8_t goal = rules.target_on ? static_cast<std::uint8_t>(k - 1) : 0;
  std::uniform_int_distribution<unsigned> value(0, k - 1);
  for (int b = 0; b < boards; ++b) {
    std::vector<std::uint8_t> lights(rows * cols);
    if (b % 2 == 0) {
      for (auto& v : lights) v = static_cast<std::uint8_t>(value(rng));
    } else {  // solvable by construction: presses applied to the goal board
      std::vector<std::uint8_t> x(rows * cols);
      for (auto& v : x) v = static_cast<std::uint8_t>(value(rng));
      lights.assign(rows * cols, goal);
      sys.apply(x, lights);
    }
    const Result dense = solve_rules(rules, rows, cols, lights, true);
    std::vector<std::uint8_t> presses(rows * cols, 0);
    const bool solvable = chase.solve(lights, presses);
    ASSERT_EQ(solvable, dense.solvable) << "board " << b;
    if (b % 2 == 1) {
      EXPECT_TRUE(solvable);
    }
    if (solvable) {
      std::vector<std::uint8_t> after = lights;
      sys.apply(presses, after);
      for (const std::uint8_t v : after) ASSERT_EQ(v, goal) << "the presses do not solve";
    }
  }
  EXPECT_EQ(chase.nullity(),
            solve_rules(rules, rows, cols, std::vector<std::uint8_t>(rows * cols, goal)).nullity);
  // The count, and the kernel: quiet, the stated orders, their product the count.
  const Result quiet = solve_rules(rules, rows, cols, std::vector<std::uint8_t>(rows * cols, goal));
  SolutionCount count;
  count.zero = false;
  for (const auto& [p, e] : chase.count_factors()) {
    if (e > 0) count.factors.emplace_back(p, e);
  }
  EXPECT_EQ(count.to_string(), quiet.solutions.to_string());
  const auto kernel = chase.kernel();
  ASSERT_EQ(kernel.size(), chase.nullity());
  ASSERT_EQ(chase.kernel_orders().size(), kernel.size());
  for (std::size_t j = 0; j < kernel.size(); ++j) {
    std::vector<std::uint8_t> effect(rows * cols, 0);
    sys.apply(kernel[j], effect);
    for (const std::uint8_t v : effect) ASSERT_EQ(v, 0) << "kernel vector " << j << " not quiet";
    // Its additive order: the least m >= 1 with m g = 0.
    unsigned order = 1;
    while (order < k && std::any_of(kernel[j].begin(), kernel[j].end(),
                                    [&](std::uint8_t v) { return v * order % k != 0; })) {
      ++order;
    }
    EXPECT_EQ(order, chase.kernel_orders()[j]);
  }
}

TEST(PlaneMaskChase, NamedNeighbourhoodsAgainstDense) {
  auto rng = make_rng(251);
  for (const char* nbhd : {"x", "square", "knight"}) {
    for (const unsigned k : {2U, 3U, 4U, 5U, 6U, 7U, 9U, 12U, 255U}) {
      for (const bool self : {true, false}) {
        for (const auto& [rows, cols] : std::vector<std::pair<std::size_t, std::size_t>>{
                 {3, 3}, {4, 7}, {7, 4}, {9, 9}, {12, 5}}) {
          Rules rules = parse_rules(std::string("nbhd=") + nbhd + ",states=" + std::to_string(k) +
                                    (self ? "" : ",self=0") + (k % 2 == 0 ? ",target=on" : ""));
          if (!detail::PlaneMaskChase::applies(rules, rows, cols)) continue;
          check_against_dense(rules, rows, cols, rng, 4);
        }
      }
    }
  }
}

TEST(PlaneMaskChase, RandomMasksAgainstDense) {
  auto rng = make_rng(252);
  const std::vector<unsigned> states = {2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 25, 255};
  std::uniform_int_distribution<std::size_t> side(1, 16);
  std::uniform_int_distribution<std::size_t> pick(0, states.size() - 1);
  int checked = 0;
  for (int i = 0; i < 300 && checked < 150; ++i) {
    const unsigned k = states[pick(rng)];
    const Rules rules = parse_rules("nbhd=" + random_mask(rng) + ",states=" + std::to_string(k));
    const std::size_t rows = side(rng);
    const std::size_t cols = side(rng);
    if (!detail::PlaneMaskChase::applies(rules, rows, cols)) continue;
    check_against_dense(rules, rows, cols, rng, 2);
    ++checked;
  }
  EXPECT_GE(checked, 100);
}

TEST(PlaneMaskChase, LargerBoardsAgainstDense) {
  // Up to 40 x 40 (dense elimination over Z_3 of 1600 cells takes about a second).
  auto rng = make_rng(253);
  check_against_dense(parse_rules("nbhd=x"), 40, 40, rng, 2);
  check_against_dense(parse_rules("nbhd=knight"), 37, 40, rng, 2);
  check_against_dense(parse_rules("nbhd=square,states=5"), 24, 24, rng, 2);
  check_against_dense(parse_rules("nbhd=x,states=3"), 40, 40, rng, 2);
  check_against_dense(parse_rules("nbhd=10101/01110/11011/01110/10101,states=7"), 20, 22, rng, 2);
  // Reduced systems of 64 unknowns or more go to the blocked LU for each odd prime of K: square-
  // free composite K (the CRT over its parts) and a prime power beside them.
  check_against_dense(parse_rules("nbhd=x,states=15"), 33, 33, rng, 2);
  check_against_dense(parse_rules("nbhd=square,states=6,target=on"), 32, 34, rng, 2);
  check_against_dense(parse_rules("nbhd=knight,states=12"), 30, 30, rng, 2);
}

TEST(PlaneMaskChase, UnknownsFollowTheMask) {
  // x and square: the first row and the first column; knight: two rows and a column.
  EXPECT_EQ(detail::PlaneMaskChase::unknowns(parse_rules("nbhd=x"), 1000, 1000), 1999U);
  EXPECT_EQ(detail::PlaneMaskChase::unknowns(parse_rules("nbhd=square"), 1000, 1000), 1999U);
  EXPECT_EQ(detail::PlaneMaskChase::unknowns(parse_rules("nbhd=knight"), 1000, 1000), 2998U);
  // A mask whose lowest row is its centre cell only chases like the plus: one row of unknowns,
  // the shorter side once turned.
  EXPECT_EQ(detail::PlaneMaskChase::unknowns(parse_rules("nbhd=111/111/010"), 10, 1000), 10U);
  EXPECT_EQ(detail::PlaneMaskChase::unknowns(parse_rules("nbhd=x"), 10, 1000), 1009U);
  EXPECT_FALSE(detail::PlaneMaskChase::applies(parse_rules("nbhd=x,torus"), 10, 10));
  EXPECT_FALSE(detail::PlaneMaskChase::applies(parse_rules("nbhd=rowcol"), 10, 10));
}

TEST(PlaneMaskChase, SolverChoosesItForMasksOnThePlane) {
  for (const char* text : {"nbhd=x,states=3", "nbhd=knight", "nbhd=110/011/000,states=5"}) {
    const Solver solver(parse_rules(text), 30, 30);
    EXPECT_EQ(solver.method(), Method::chase) << text;
  }
  EXPECT_NE(Solver(parse_rules("nbhd=x,states=3,torus"), 30, 30).method(), Method::chase);
}

}  // namespace
}  // namespace lightsout
