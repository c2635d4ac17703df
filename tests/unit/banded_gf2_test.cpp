// Unit tests for detail::BandedGf2: the banded factorisation against solve_rules' dense M4RI path
// on random boards for every neighbourhood, topology, order and holes, plus bandwidths and errors.
#include "core/banded_gf2.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "banded_neighbourhoods.hpp"
#include "core/solve_rules.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "rank_mod.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using detail::BandedGf2;
using detail::BandOrder;
using test_support::make_rng;

// The shared neighbourhoods, and one sparse and wide.
const std::vector<std::string> kNeighbourhoods = [] {
  std::vector<std::string> all = test_support::banded_neighbourhoods();
  all.emplace_back("nbhd=0000100/0000000/1000000/0001000/0000001/0000000/0010000");
  return all;
}();
const std::vector<std::string> kTopologies = {"plane", "cylinder", "torus"};
const std::vector<std::pair<std::size_t, std::size_t>> kSizes = {
    {1, 1},   {1, 2},  {2, 1},  {2, 2},   {1, 7},   {7, 1},   {1, 16}, {16, 1}, {2, 3},
    {3, 2},   {3, 3},  {4, 4},  {5, 5},   {4, 7},   {7, 4},   {6, 6},  {8, 8},  {9, 11},
    {12, 12}, {5, 17}, {17, 5}, {16, 16}, {19, 19}, {20, 20}, {20, 13}};

std::vector<BandOrder> all_orders() {
  std::vector<BandOrder> out;
  for (unsigned bits = 0; bits < 8; ++bits) {
    out.push_back({(bits & 1U) != 0, (bits & 2U) != 0, (bits & 4U) != 0});
  }
  return out;
}

// "holes=[0100/0000/...]" with each cell a hole with probability 1/5.
std::string random_holes(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  std::string text = "holes=[";
  for (std::size_t r = 0; r < rows; ++r) {
    if (r != 0) text += '/';
    for (std::size_t c = 0; c < cols; ++c) text += rng() % 5 == 0 ? '1' : '0';
  }
  return text + "]";
}

// One value per existing cell -> one per board cell (holes 0).
std::vector<std::uint8_t> to_board(const PressSystem& sys, const std::vector<std::uint8_t>& v) {
  std::vector<std::uint8_t> out(sys.rows * sys.cols, 0);
  for (std::size_t t = 0; t < sys.size(); ++t) out[sys.cells[t]] = v[t];
  return out;
}

// True when every existing cell of `lights` is 0 after applying `presses` (per existing cell).
bool darkens(const PressSystem& sys, const std::vector<std::uint8_t>& presses,
             std::vector<std::uint8_t> lights) {
  sys.apply(to_board(sys, presses), lights);
  for (const std::uint32_t cell : sys.cells) {
    if (lights[cell] != 0) return false;
  }
  return true;
}

// The rank over GF(2) of a set of 0/1 vectors.
std::size_t rank_of(const std::vector<std::vector<std::uint8_t>>& rows) {
  test_support::ModMatrix m;
  for (const std::vector<std::uint8_t>& row : rows) m.emplace_back(row.begin(), row.end());
  return test_support::rank_mod(std::move(m), 2);
}

// Checks one factorisation against the dense path on `lights` (per board cell) and on a board
// that is solvable by construction.
void check(const Rules& rules, const PressSystem& sys, const BandedGf2& banded,
           const std::vector<std::uint8_t>& lights, const Result& dense, std::mt19937_64& rng,
           const std::string& what) {
  ASSERT_EQ(banded.cells(), sys.size()) << what;
  EXPECT_EQ(banded.nullity(), dense.nullity) << what;
  std::vector<std::uint8_t> rhs(sys.size());
  for (std::size_t t = 0; t < sys.size(); ++t) rhs[t] = lights[sys.cells[t]];
  std::vector<std::uint8_t> x;
  const bool solvable = banded.solve(rhs, x);
  EXPECT_EQ(solvable, dense.solvable) << what;
  if (solvable) {
    EXPECT_TRUE(darkens(sys, x, lights)) << what;
  }

  // Lights made by random presses: always solvable.
  std::vector<std::uint8_t> presses(sys.size());
  for (std::uint8_t& p : presses) p = static_cast<std::uint8_t>(rng() & 1U);
  std::vector<std::uint8_t> made(sys.rows * sys.cols, 0);
  sys.apply(to_board(sys, presses), made);
  for (std::size_t t = 0; t < sys.size(); ++t) rhs[t] = made[sys.cells[t]];
  ASSERT_TRUE(banded.solve(rhs, x)) << what;
  EXPECT_TRUE(darkens(sys, x, made)) << what;

  const std::vector<std::vector<std::uint8_t>> kernel = banded.kernel();
  ASSERT_EQ(kernel.size(), banded.nullity()) << what;
  const std::vector<std::uint8_t> dark(sys.rows * sys.cols, 0);
  for (const std::vector<std::uint8_t>& v : kernel) {
    ASSERT_EQ(v.size(), sys.size()) << what;
    EXPECT_TRUE(darkens(sys, v, dark)) << what << ": a kernel vector is not quiet";
  }
  EXPECT_EQ(rank_of(kernel), kernel.size()) << what << ": the kernel is not independent";
  (void)rules;
}

TEST(BandedGf2, AgreesWithDenseEliminationEverywhere) {
  std::mt19937_64 rng = make_rng(2024);
  std::size_t systems = 0;
  for (const std::string& nbhd : kNeighbourhoods) {
    for (const std::string& topology : kTopologies) {
      for (const auto& [rows, cols] : kSizes) {
        for (const bool holes : {false, true}) {
          std::string text = topology;
          text += ',';
          text += nbhd;
          if (holes) text += "," + random_holes(rows, cols, rng);
          const Rules rules = parse_rules(text);
          const PressSystem sys = build_press_system(rules, rows, cols);
          if (sys.size() == 0) continue;  // every cell a hole
          std::vector<std::uint8_t> lights(rows * cols);
          for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() & 1U);
          const Result dense = solve_rules(rules, sys, lights);
          const std::string what =
              text + " on " + std::to_string(rows) + "x" + std::to_string(cols);
          check(rules, sys, BandedGf2(sys), lights, dense, rng, what + " (best order)");
          for (const BandOrder& order : all_orders()) {
            const std::string how = what + " (order " + std::to_string(order.column_major) +
                                    std::to_string(order.fold_major) +
                                    std::to_string(order.fold_minor) + ")";
            check(rules, sys, BandedGf2(sys, order), lights, dense, rng, how);
            if (HasFatalFailure()) return;
          }
          ++systems;
        }
      }
    }
  }
  EXPECT_GT(systems, 1000U);
}

// Unlit boards and boards with a large nullity (the plus torus at 2^k, x on the plane: two
// interleaved systems) against the dense path, several right sides each.
TEST(BandedGf2, LargeNullitiesAndManyRightSides) {
  std::mt19937_64 rng = make_rng(7);
  for (const std::string& text :
       {std::string("torus"), std::string("torus,nbhd=x"), std::string("plane,nbhd=x"),
        std::string("cylinder,nbhd=square"), std::string("torus,nbhd=knight")}) {
    for (const std::size_t n : {4U, 5U, 8U, 16U, 17U, 24U, 32U, 48U}) {
      const Rules rules = parse_rules(text);
      const PressSystem sys = build_press_system(rules, n, n);
      const BandedGf2 banded(sys);
      for (int round = 0; round < 4; ++round) {
        std::vector<std::uint8_t> lights(n * n, 0);
        if (round != 0) {
          for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() & 1U);
        }
        const Result dense = solve_rules(rules, sys, lights);
        check(rules, sys, banded, lights, dense, rng, text + " " + std::to_string(n));
      }
    }
  }
}

// Many blocks of 64 columns and rows of several words, with holes.
TEST(BandedGf2, WideBandsWithHoles) {
  std::mt19937_64 rng = make_rng(5);
  for (const std::string& text :
       {std::string("torus,nbhd=knight"), std::string("cylinder,nbhd=knight"),
        std::string("plane,nbhd=01110/11111/11011/11111/01110")}) {
    const std::size_t rows = 41;
    const std::size_t cols = 37;
    const Rules rules = parse_rules(text + "," + random_holes(rows, cols, rng));
    const PressSystem sys = build_press_system(rules, rows, cols);
    const BandedGf2 banded(sys);
    EXPECT_GT(banded.bandwidth(), 40U) << text;  // rows of 3 words or more
    std::vector<std::uint8_t> lights(rows * cols);
    for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() & 1U);
    check(rules, sys, banded, lights, solve_rules(rules, sys, lights), rng, text);
  }
}

TEST(BandedGf2, RowcolAndGraphsAreSolvedButNotPlanned) {
  std::mt19937_64 rng = make_rng(11);
  for (const std::string& text : {std::string("nbhd=rowcol"), std::string("torus,nbhd=rowcol"),
                                  std::string("graph=[6:0-1/1-2/2-3/3-4/4-5/5-0/0-3]")}) {
    const bool graph = text.starts_with("graph");
    for (const std::size_t n : {1U, 3U, 6U, 10U}) {
      if (graph && n != 6) continue;
      const std::size_t cols = graph ? 1 : n;
      const Rules rules = parse_rules(text);
      const PressSystem sys = build_press_system(rules, n, cols);
      std::vector<std::uint8_t> lights(n * cols);
      for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() & 1U);
      check(rules, sys, BandedGf2(sys), lights, solve_rules(rules, sys, lights), rng, text);
    }
  }
  // rowcol on 100 x 100: every button reaches ~99 rows away in any order.
  const PressSystem big = build_press_system(parse_rules("nbhd=rowcol"), 100, 100);
  EXPECT_FALSE(BandedGf2::plan(big).has_value());
  EXPECT_TRUE(BandedGf2::plan(big, 100000).has_value());
}

TEST(BandedGf2, BandwidthsOfLargeBoards) {
  const auto best = [](const std::string& text, std::size_t rows, std::size_t cols) {
    const PressSystem sys = build_press_system(parse_rules(text), rows, cols);
    const std::optional<detail::BandPlan> plan = BandedGf2::plan(sys);
    EXPECT_TRUE(plan.has_value()) << text;
    return plan ? plan->bandwidth : 0;
  };
  EXPECT_EQ(best("plane,nbhd=x", 256, 256), 257U);
  EXPECT_EQ(best("plane,nbhd=square", 256, 256), 257U);
  EXPECT_EQ(best("plane,nbhd=knight", 256, 256), 513U);
  EXPECT_EQ(best("plane,nbhd=01110/11111/11011/11111/01110", 256, 256), 513U);
  // A long thin board is walked along its long side.
  EXPECT_EQ(best("plane,nbhd=knight", 10, 1000), 21U);
  // Cylinder: the wrapped columns folded, two steps per column.
  EXPECT_LE(best("cylinder,nbhd=knight", 256, 256), 2U * 256 + 4);
  // Torus: both axes folded, about twice the plane's band.
  EXPECT_LE(best("torus,nbhd=x", 256, 256), 2U * 256 + 2);
  EXPECT_LE(best("torus,nbhd=knight", 256, 256), 4U * 256 + 4);
  EXPECT_LE(best("torus,nbhd=01110/11111/11011/11111/01110", 256, 256), 4U * 256 + 4);
  // Row-major without folding on the torus: the wrapped rows are a board apart.
  const PressSystem torus = build_press_system(parse_rules("torus,nbhd=x"), 64, 64);
  EXPECT_EQ(BandedGf2::bandwidth(torus, BandOrder{}), 63U * 64 + 63);
}

TEST(BandedGf2, Errors) {
  const PressSystem k3 = build_press_system(parse_rules("states=3"), 4, 4);
  // The plan looks at the structure only (BandedZk shares it); the factorisation needs 2 states.
  EXPECT_TRUE(BandedGf2::plan(k3).has_value());
  EXPECT_THROW(BandedGf2{k3}, std::invalid_argument);
  const PressSystem sys = build_press_system(parse_rules("torus"), 4, 4);
  const BandedGf2 banded(sys);
  std::vector<std::uint8_t> x;
  EXPECT_THROW((void)banded.solve(std::vector<std::uint8_t>(15, 0), x), std::invalid_argument);
  // An unsolvable board (the first single light that the dense path cannot solve on the 5 x 5
  // plane, nullity 2) leaves x untouched.
  const Rules classic = parse_rules("");
  const PressSystem plane = build_press_system(classic, 5, 5);
  std::vector<std::uint8_t> one(25, 0);
  for (std::size_t t = 0; t < 25; ++t) {
    one.assign(25, 0);
    one[t] = 1;
    if (!solve_rules(classic, plane, one).solvable) break;
  }
  ASSERT_FALSE(solve_rules(classic, plane, one).solvable);
  x.assign(3, 7);
  EXPECT_FALSE(BandedGf2(plane).solve(one, x));
  EXPECT_EQ(x, std::vector<std::uint8_t>(3, 7));
}

}  // namespace
}  // namespace lightsout
