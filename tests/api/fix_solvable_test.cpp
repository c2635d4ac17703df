// fewest_changes_to_solvable against brute force on tiny boards: every press vector gives the
// solvable boards (the image of the press matrix, from the cell-by-cell model of page_oracle.hpp),
// and the fewest changes are the least distance from the board to one of them.
#include "lightsout/fix_solvable.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "lightsout/rules_text.hpp"
#include "page_oracle.hpp"

namespace lightsout {
namespace {

using Values = std::vector<unsigned>;

// Every lights pattern the presses of rows x cols buttons can make, mod K.
std::set<Values> press_image(const Rules& rules, std::size_t rows, std::size_t cols) {
  const std::size_t n = rows * cols;
  std::vector<Values> effects;
  for (std::size_t b = 0; b < n; ++b) {
    effects.push_back(test::oracle_effect(rules, rows, cols, b / cols, b % cols));
  }
  std::set<Values> image;
  Values x(n, 0);
  while (true) {
    Values sum(n, 0);
    for (std::size_t b = 0; b < n; ++b) {
      for (std::size_t i = 0; i < n; ++i) sum[i] = (sum[i] + x[b] * effects[b][i]) % rules.states;
    }
    image.insert(sum);
    std::size_t k = 0;
    while (k < n && ++x[k] == rules.states) x[k++] = 0;
    if (k == n) break;
  }
  return image;
}

// The fewest existing cells to change so that target - lights - change is in the image.
std::size_t brute_fewest(const Rules& rules, std::size_t rows, std::size_t cols,
                         const Values& lights, const std::set<Values>& image) {
  const unsigned k = rules.states;
  const unsigned target = rules.target_on ? k - 1 : 0;
  std::size_t best = rows * cols + 1;
  for (const Values& v : image) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < lights.size(); ++i) {
      if (test::oracle_hole(rules, i / cols, i % cols)) continue;
      if ((target + 2 * k - lights[i] - v[i]) % k != 0) ++w;
    }
    best = std::min(best, w);
  }
  return best;
}

bool solvable(const Rules& rules, std::size_t cols, const Values& lights,
              const std::set<Values>& image) {
  const unsigned k = rules.states;
  const unsigned target = rules.target_on ? k - 1 : 0;
  Values need(lights.size());
  for (std::size_t i = 0; i < lights.size(); ++i) {
    need[i] = test::oracle_hole(rules, i / cols, i % cols) ? 0 : (target + k - lights[i]) % k;
  }
  return image.count(need) != 0;
}

// Rules with quiet patterns on some small board; each is tried on the sizes below (the holes'
// size for holes) until two with quiet patterns are found.
const char* const kRules[] = {
    "", "torus", "nbhd=x", "cylinder,nbhd=square", "target=on", "nbhd=rowcol,self=0",
    // Not symmetric: the conditions are the transposed rules' quiet patterns.
    "nbhd=010/110/001", "torus,nbhd=011/010/000", "holes=[0000/0010/0000/1000]", "states=3",
    "torus,states=3", "states=3,nbhd=x,target=on", "states=5,nbhd=rowcol",
    // Composite K: breadth-first search only.
    "states=4", "torus,states=4", "states=6,nbhd=x", "torus,states=4,nbhd=010/110/001"};

// K^cells press vectors are enumerated: sizes kept within this.
constexpr double kMaxPressVectors = 70000;

TEST(FixSolvable, TheFewestChangesAsBruteForceFindsThem) {
  std::mt19937 rng(2024);
  for (const char* text : kRules) {
    const Rules rules = parse_rules(text);
    std::vector<std::pair<std::size_t, std::size_t>> sizes;
    if (rules.has_holes()) {
      sizes.emplace_back(rules.holes.rows(), rules.holes.cols());
    } else {
      for (std::size_t cells = 2; cells <= 16; ++cells) {
        for (std::size_t rows = 1; rows <= cells; ++rows) {
          if (cells % rows == 0) sizes.emplace_back(rows, cells / rows);
        }
      }
    }
    int with_quiet_patterns = 0;
    for (const auto& [rows, cols] : sizes) {
      if (with_quiet_patterns == 2) break;
      if (std::pow(rules.states, static_cast<double>(rows * cols)) > kMaxPressVectors) continue;
      const std::set<Values> image = press_image(rules, rows, cols);
      const std::size_t existing = existing_cells(rules, rows, cols);
      if (static_cast<double>(image.size()) >=
          std::pow(rules.states, static_cast<double>(existing))) {
        continue;  // every board solvable: nothing to fix
      }
      ++with_quiet_patterns;
      for (int round = 0; round < 24; ++round) {
        Values lights(rows * cols);
        for (std::size_t i = 0; i < lights.size(); ++i) {
          lights[i] = test::oracle_hole(rules, i / cols, i % cols) ? 0 : rng() % rules.states;
        }
        std::vector<std::uint8_t> bytes(lights.begin(), lights.end());
        const Grid grid = Grid::from_values(rows, cols, rules.states, bytes);
        const std::optional<SolvableFix> fix = fewest_changes_to_solvable(rules, grid);
        ASSERT_TRUE(fix.has_value()) << text;
        EXPECT_TRUE(fix->exact) << text;
        const std::size_t want = brute_fewest(rules, rows, cols, lights, image);
        EXPECT_EQ(fix->changes.size(), want) << text << " " << rows << "x" << cols;
        Values changed = lights;
        for (const LightChange& ch : fix->changes) {
          ASSERT_LT(ch.cell, changed.size());
          EXPECT_FALSE(test::oracle_hole(rules, ch.cell / cols, ch.cell % cols));
          EXPECT_GT(ch.amount, 0U);
          EXPECT_LT(ch.amount, rules.states);
          changed[ch.cell] = (changed[ch.cell] + ch.amount) % rules.states;
        }
        EXPECT_TRUE(solvable(rules, cols, changed, image)) << text;
      }
    }
    EXPECT_GT(with_quiet_patterns, 0) << "no small board with quiet patterns for " << text;
  }
}

// q . v mod K over the cells.
unsigned dot(const Grid& q, const Values& v) {
  unsigned s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) s += q.get(i / q.cols(), i % q.cols()) * v[i];
  return s % q.states();
}

TEST(FixSolvable, PastTheSearchAPrimeKIsFixedByEliminationAndACompositeOneIsNot) {
  // 30 random conditions on a 1 x 40 board: 2^30 syndromes are past the search.
  std::mt19937 rng(5);
  for (const unsigned k : {2U, 3U}) {
    const std::size_t d = k == 2 ? 30 : 20;
    std::vector<Grid> conditions;
    for (std::size_t j = 0; j < d; ++j) {
      Grid q(1, 40, k);
      for (std::size_t c = 0; c < 40; ++c) q.set(0, c, rng() % k);
      conditions.push_back(q);
    }
    Values lights(40);
    Grid grid(1, 40, k);
    for (std::size_t c = 0; c < 40; ++c) {
      lights[c] = rng() % k;
      grid.set(0, c, lights[c]);
    }
    const std::optional<SolvableFix> fix =
        fewest_changes_to_solvable(conditions, grid, Board(), 0, k);
    ASSERT_TRUE(fix.has_value());
    EXPECT_FALSE(fix->exact);
    EXPECT_LE(fix->changes.size(), d);
    for (const LightChange& ch : fix->changes) lights[ch.cell] = (lights[ch.cell] + ch.amount) % k;
    for (const Grid& q : conditions) {
      Values need(40);
      for (std::size_t c = 0; c < 40; ++c) need[c] = (k - lights[c]) % k;
      EXPECT_EQ(dot(q, need), 0U) << "every condition met, K = " << k;
    }
  }
  std::vector<Grid> conditions;
  for (std::size_t j = 0; j < 13; ++j) {  // 4^13 syndromes
    Grid q(1, 20, 4);
    q.set(0, j, 1);
    conditions.push_back(q);
  }
  Grid lights(1, 20, 4);
  lights.set(0, 0, 3);
  EXPECT_FALSE(fewest_changes_to_solvable(conditions, lights, Board(), 0, 4).has_value());
}

TEST(FixSolvable, TransposedRulesTurnAMaskHalfATurn) {
  EXPECT_EQ(to_string(transposed_rules(parse_rules("nbhd=110/010/000"))), "plane,nbhd=000/010/011");
  EXPECT_EQ(transposed_rules(parse_rules("torus,nbhd=knight")), parse_rules("torus,nbhd=knight"));
}

TEST(FixSolvable, MismatchedGridsThrow) {
  const Grid lights(2, 2, 3);
  const std::vector<Grid> wrong{Grid(2, 3, 3)};
  EXPECT_THROW(fewest_changes_to_solvable(wrong, lights, Board(), 0, 3), std::invalid_argument);
  EXPECT_THROW(fewest_changes_to_solvable({}, lights, Board(), 0, 2), std::invalid_argument);
  EXPECT_THROW(fewest_changes_to_solvable({}, lights, Board(3, 3), 0, 3), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
