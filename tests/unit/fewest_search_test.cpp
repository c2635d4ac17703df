// FewestSearch (lightsout/fewest_search.hpp), through the public headers only, against brute force
// over all 2^nullity solutions: the best of the subtree searches over the canonical subtrees of a
// depth is the board's minimum, each subtree's search is its own minimum, and no bound (probe,
// bound, least_bound) exceeds what it bounds.
#include "lightsout/fewest_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {
namespace {

constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

// The lights random presses leave under `rules` (so the board is solvable), from the public
// press system.
Grid random_solvable(const Rules& rules, std::size_t rows, std::size_t cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> presses(rows * cols);
  for (std::uint8_t& p : presses) p = static_cast<std::uint8_t>(rng() & 1U);
  std::vector<std::uint8_t> lights(rows * cols, 0);
  build_press_system(rules, rows, cols).apply(presses, lights);
  return Grid::from_values(rows, cols, 2, lights);
}

Grid all_on(std::size_t rows, std::size_t cols) {
  return Grid::from_values(rows, cols, 2, std::vector<std::uint8_t>(rows * cols, 1));
}

// Per-prefix minima of x0 + span(basis) by a Gray-code walk over every combination c (one basis
// vector added a step): entry p is the fewest presses over the c whose top `depth` bits are p.
std::vector<std::size_t> brute_minima(const Board& x0, const std::vector<Board>& basis,
                                      unsigned depth) {
  const auto d = static_cast<unsigned>(basis.size());
  std::vector<std::size_t> best(std::size_t{1} << depth, std::numeric_limits<std::size_t>::max());
  Board x = x0;
  std::uint64_t c = 0;
  for (std::uint64_t i = 0;; ++i) {
    std::size_t& b = best[static_cast<std::size_t>(c >> (d - depth))];
    b = std::min(b, x.popcount());
    if (i + 1 == (std::uint64_t{1} << d)) break;
    const auto j = static_cast<unsigned>(std::countr_zero(i + 1));
    x ^= basis[j];
    c ^= std::uint64_t{1} << j;
  }
  return best;
}

struct Case {
  std::string name;
  Rules rules;
  Grid lights;
  unsigned nullity;
  bool symmetric;  // whether the board's moves keep a subspace (FewestSearch::kept() > 0)
};

std::vector<Case> cases() {
  const Rules plane = Rules::classic();
  const Rules torus = parse_rules("torus");
  const Rules x = parse_rules("nbhd=x");
  const Rules holes = parse_rules(
      "holes=[000000000/000000000/000000000/000000000/000010000/000000000/000000000/000000000/"
      "000000000]");
  return {
      {"ones 19x19", plane, all_on(19, 19), 16, true},
      {"random 30x30", plane, random_solvable(plane, 30, 30, 1), 20, false},
      {"ones torus 17x17", torus, all_on(17, 17), 16, true},
      {"random torus 12x12", torus, random_solvable(torus, 12, 12, 2), 16, false},
      {"random x 9x9", x, random_solvable(x, 9, 9, 3), 8, false},
      {"random holes 9x9", holes, random_solvable(holes, 9, 9, 4), 8, false},
      {"random 5x5", plane, random_solvable(plane, 5, 5, 5), 2, false},
  };
}

TEST(FewestSearchTest, SubtreesAndBoundsAgainstBruteForce) {
  for (const Case& k : cases()) {
    SCOPED_TRACE(k.name);
    const FewestSearch s(k.rules, k.lights);
    ASSERT_EQ(s.nullity(), k.nullity);
    EXPECT_EQ(s.rows(), k.lights.rows());
    EXPECT_EQ(s.cols(), k.lights.cols());
    EXPECT_GT(s.classes(), 0U);
    if (k.symmetric) {
      EXPECT_GT(s.kept(), 0U);
    } else {
      EXPECT_EQ(s.kept(), 0U);
    }
    const unsigned d = s.nullity();

    // The oracle's minimum, over the Solver's own solution and kernel basis.
    const Result r =
        Solver(k.rules, k.lights.rows(), k.lights.cols()).solve(k.lights, {.kernel = true});
    ASSERT_TRUE(r.solvable);
    ASSERT_EQ(r.kernel.size(), d);
    std::vector<Board> solver_basis;
    for (const Grid& g : r.kernel) solver_basis.push_back(g.bits());
    const std::size_t want = brute_minima(r.presses.bits(), solver_basis, 0)[0];

    // The search's basis, read back through presses() (each re-applied and checked): the same
    // solution set, so the same minimum.
    const Board x0 = s.presses(0).bits();
    std::vector<Board> basis;
    for (unsigned j = 0; j < d; ++j) {
      Board v = s.presses(std::uint64_t{1} << j).bits();
      v ^= x0;
      basis.push_back(v);
    }

    std::set<unsigned> depths = {0, 1, std::min(d, 3U), std::min(d, 6U)};
    if (s.kept() > 0) depths.insert(d - s.kept());
    if (d <= 8) depths.insert(d);
    for (const unsigned depth : depths) {
      SCOPED_TRACE("depth " + std::to_string(depth));
      const std::vector<std::size_t> minima = brute_minima(x0, basis, depth);
      ASSERT_EQ(*std::min_element(minima.begin(), minima.end()), want);
      std::uint64_t best_canonical = kNone;
      std::set<std::size_t> canonical_minima;
      std::int64_t least = std::numeric_limits<std::int64_t>::max();
      for (std::uint64_t p = 0; p < minima.size(); ++p) {
        const SubtreeOutcome o = s.subtree(depth, p, kNone, 0.0, 1);
        ASSERT_TRUE(o.found && o.proven && o.complete);
        ASSERT_EQ(o.weight, minima[p]);
        ASSERT_EQ(o.lower_bound, o.weight);
        ASSERT_EQ(depth == 0 ? 0 : o.combination >> (d - depth), p);  // in the subtree
        ASSERT_EQ(s.presses(o.combination).total(), o.weight);
        if (s.canonical(depth, p)) {
          best_canonical = std::min<std::uint64_t>(best_canonical, o.weight);
          canonical_minima.insert(minima[p]);
        }
        // Asked for lighter than the subtree's minimum: nothing, and proven so.
        const SubtreeOutcome none = s.subtree(depth, p, minima[p], 0.0, 1);
        EXPECT_FALSE(none.found);
        EXPECT_TRUE(none.proven);
        EXPECT_GE(none.lower_bound, minima[p]);
        EXPECT_EQ(none.combination, 0U);
        // The probe's bound, the cheap bound: never above the subtree's minimum.
        const SubtreeOutcome probe = s.probe(depth, p);
        EXPECT_LE(probe.lower_bound, minima[p]);
        if (probe.found) {
          EXPECT_GE(probe.weight, minima[p]);
          EXPECT_EQ(s.presses(probe.combination).total(), probe.weight);
        }
        const std::int64_t b = s.bound(depth, p);
        EXPECT_LE(b, static_cast<std::int64_t>(minima[p]));
        least = std::min(least, b);
      }
      // Every subtree is the image of a canonical one: their best is the board's minimum, and
      // their minima are every subtree's.
      EXPECT_EQ(best_canonical, want);
      EXPECT_EQ(canonical_minima, std::set<std::size_t>(minima.begin(), minima.end()));
      const LeastBound lb = s.least_bound(depth);
      EXPECT_TRUE(lb.complete);
      EXPECT_EQ(lb.bound, least);
      EXPECT_LE(lb.bound, static_cast<std::int64_t>(want));
    }
    // The whole board on every thread: the same minimum.
    const SubtreeOutcome whole = s.subtree(0, 0);
    EXPECT_TRUE(whole.proven);
    EXPECT_EQ(whole.weight, want);
  }
}

TEST(FewestSearchTest, SymmetriesSkipSubtrees) {
  const FewestSearch s(Rules::classic(), all_on(19, 19));
  ASSERT_GE(s.kept(), 8U);
  const unsigned depth = s.nullity() - s.kept();
  std::uint64_t canonical = 0;
  for (std::uint64_t p = 0; p < (std::uint64_t{1} << depth); ++p) {
    if (s.canonical(depth, p)) ++canonical;
  }
  EXPECT_GT(canonical, 0U);
  EXPECT_LT(canonical, std::uint64_t{1} << depth);
  // Deeper subtrees follow their ancestor at the kept subspace's level; shallower ones are all
  // searched.
  for (std::uint64_t p = 0; p < (std::uint64_t{1} << (depth + 2)); ++p) {
    EXPECT_EQ(s.canonical(depth + 2, p), s.canonical(depth, p >> 2));
  }
  for (std::uint64_t p = 0; p < (std::uint64_t{1} << (depth - 1)); ++p) {
    EXPECT_TRUE(s.canonical(depth - 1, p));
  }
}

TEST(FewestSearchTest, Refusals) {
  const FewestSearch s(Rules::classic(), all_on(19, 19));
  EXPECT_THROW((void)s.subtree(17, 0), std::invalid_argument);
  EXPECT_THROW((void)s.subtree(3, 8), std::invalid_argument);
  EXPECT_THROW((void)s.probe(3, 8), std::invalid_argument);
  EXPECT_THROW((void)s.bound(17, 0), std::invalid_argument);
  EXPECT_THROW((void)s.least_bound(17), std::invalid_argument);
  EXPECT_THROW((void)s.canonical(3, 9), std::invalid_argument);
  EXPECT_THROW((void)s.presses(std::uint64_t{1} << 16), std::invalid_argument);
  // The refusals that need no lights come first, from prepare.
  EXPECT_THROW((void)FewestSearch::prepare(parse_rules("states=3"), 4, 4), std::invalid_argument);
  EXPECT_THROW((void)FewestSearch::prepare(Rules::classic(), 0, 4), std::invalid_argument);
  Grid one(5, 5);
  one.set(0, 0, 1);  // 5x5 has quiet patterns: a single light is not solvable
  EXPECT_THROW(FewestSearch(Rules::classic(), one), std::invalid_argument);
  EXPECT_THROW(FewestSearch(parse_rules("torus"), all_on(96, 96)), std::invalid_argument);
  // Moved from, a search keeps answering through its new owner.
  FewestSearch moved(Rules::classic(), all_on(19, 19));
  const FewestSearch owner(std::move(moved));
  EXPECT_EQ(owner.nullity(), 16U);
}

}  // namespace
}  // namespace lightsout
