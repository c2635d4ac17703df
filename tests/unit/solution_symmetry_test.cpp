// The board symmetries as coordinate maps (core/solution_symmetry.hpp) against moved boards, and
// the orbit search against the exhaustive one.
#include "core/solution_symmetry.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "core/fewest_presses.hpp"
#include "core/solve.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

using CellMap = std::function<std::pair<std::size_t, std::size_t>(std::size_t, std::size_t)>;

// The reflections and rotations of an m x n rectangle (eight when square), written out one by one.
std::vector<CellMap> rectangle_moves(std::size_t m, std::size_t n) {
  std::vector<CellMap> moves = {
      [](std::size_t r, std::size_t c) {
        return std::pair{r, c};
      },
      [n](std::size_t r, std::size_t c) {
        return std::pair{r, n - 1 - c};
      },
      [m](std::size_t r, std::size_t c) {
        return std::pair{m - 1 - r, c};
      },
      [m, n](std::size_t r, std::size_t c) {
        return std::pair{m - 1 - r, n - 1 - c};
      },
  };
  if (m == n) {
    moves.emplace_back([](std::size_t r, std::size_t c) { return std::pair{c, r}; });
    moves.emplace_back([n](std::size_t r, std::size_t c) { return std::pair{c, n - 1 - r}; });
    moves.emplace_back([n](std::size_t r, std::size_t c) { return std::pair{n - 1 - c, r}; });
    moves.emplace_back([n](std::size_t r, std::size_t c) {
      return std::pair{n - 1 - c, n - 1 - r};
    });
  }
  return moves;
}

Board move_board(const Board& b, const CellMap& f) {
  Board out(b.rows(), b.cols());
  for (std::size_t r = 0; r < b.rows(); ++r) {
    for (std::size_t c = 0; c < b.cols(); ++c) {
      const auto [rr, cc] = f(r, c);
      out.set(rr, cc, b.get(r, c));
    }
  }
  return out;
}

Board combine(const Board& x0, const std::vector<Board>& kernel, std::uint64_t c) {
  Board x = x0;
  for (std::size_t j = 0; j < kernel.size(); ++j) {
    if (((c >> j) & 1U) != 0) x ^= kernel[j];
  }
  return x;
}

Board all_ones(std::size_t m, std::size_t n) {
  Board b(m, n);
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) b.set(r, c, true);
  }
  return b;
}

// Lights kept by the first `moves` moves of the rectangle (a subgroup: 2 is the left-right mirror
// alone, 4 or 8 all of them): the lights of random presses summed over their images.
Board kept_lights(std::size_t m, std::size_t n, std::size_t moves, std::mt19937_64& rng) {
  Board presses(m, n);
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) presses.set(r, c, (rng() & 7U) == 0);
  }
  Board sum(m, n);
  const std::vector<CellMap> all = rectangle_moves(m, n);
  for (std::size_t t = 0; t < moves; ++t) sum ^= move_board(presses, all[t]);
  Board lights(m, n);
  lights.apply(sum);
  return lights;
}

Board symmetric_lights(std::size_t n, std::mt19937_64& rng) { return kept_lights(n, n, 8, rng); }

TEST(SolutionSymmetry, MapsAreTheMovesThatKeepTheLights) {
  // Under the plus rules a move keeps the solution set exactly when it keeps the lights. Each
  // map found must move every solution as the board move does, for random combinations.
  auto rng = make_rng(2401);
  struct Case {
    Board lights;
    std::size_t expected;
  };
  std::vector<Case> cases;
  cases.push_back({all_ones(19, 19), 8});
  cases.push_back({all_ones(16, 16), 8});
  cases.push_back({all_ones(4, 9), 4});
  // Rows of more than one word, with and without padding bits (mirrored a word at a time).
  cases.push_back({all_ones(67, 67), 8});
  cases.push_back({all_ones(9, 69), 4});
  cases.push_back({all_ones(4, 129), 4});
  cases.push_back({kept_lights(16, 67, 2, rng), 2});
  cases.push_back({symmetric_lights(19, rng), 8});
  cases.push_back({test_support::random_solvable(19, 19, rng), 0});  // counted below
  cases.push_back({kept_lights(16, 16, 2, rng), 2});
  cases.push_back({kept_lights(12, 20, 4, rng), 4});
  for (Case& k : cases) {
    const std::size_t m = k.lights.rows();
    const std::size_t n = k.lights.cols();
    SCOPED_TRACE(::testing::Message() << m << "x" << n);
    const SolveResult r = solve_chase(k.lights);
    ASSERT_TRUE(r.solvable);
    if (r.kernel.empty()) continue;
    std::size_t keeping = 0;
    for (const CellMap& f : rectangle_moves(m, n)) keeping += move_board(k.lights, f) == k.lights;
    if (k.expected != 0) {
      EXPECT_EQ(keeping, k.expected);
    }
    const std::vector<detail::CoordinateMap> group = detail::board_symmetries(r.presses, r.kernel);
    ASSERT_EQ(group.size(), keeping);
    // The identity first; every map matched by a distinct move.
    for (std::size_t j = 0; j < r.kernel.size(); ++j) {
      EXPECT_EQ(group[0].columns[j], std::uint64_t{1} << j);
    }
    EXPECT_EQ(group[0].shift, 0U);
    std::set<std::size_t> used;
    const std::uint64_t mask =
        r.kernel.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << r.kernel.size()) - 1;
    for (const detail::CoordinateMap& g : group) {
      bool matched = false;
      const std::vector<CellMap> moves = rectangle_moves(m, n);
      for (std::size_t t = 0; t < moves.size() && !matched; ++t) {
        if (used.count(t) != 0) continue;
        bool all = true;
        for (int trial = 0; trial < 12 && all; ++trial) {
          const std::uint64_t c = trial == 0 ? 0 : rng() & mask;
          all = move_board(combine(r.presses, r.kernel, c), moves[t]) ==
                combine(r.presses, r.kernel, g(c));
        }
        if (all) {
          used.insert(t);
          matched = true;
        }
      }
      EXPECT_TRUE(matched);
    }
  }
}

TEST(SolutionSymmetry, FrameCoordinatesAndOrbits) {
  // The frame of all-ones 16 x 16 (nullity 8) with a kept subspace of at most 4 dimensions:
  // columns and combinations change coordinates consistently; the canonical prefixes are one per
  // orbit of the moves on the subtrees; the least orbit image of a subtree is found by brute force.
  const Board ones = all_ones(16, 16);
  const SolveResult r = solve_chase(ones);
  const auto d = static_cast<unsigned>(r.kernel.size());
  ASSERT_EQ(d, 8U);
  const std::vector<detail::CoordinateMap> group = detail::board_symmetries(r.presses, r.kernel);
  ASSERT_EQ(group.size(), 8U);
  const std::optional<detail::SymmetricFrame> frame = detail::SymmetricFrame::build(group, d, 1, 4);
  ASSERT_TRUE(frame.has_value());
  const unsigned low = frame->low();
  ASSERT_GE(low, 1U);
  ASSERT_LE(low, 4U);
  auto rng = make_rng(2402);
  for (int t = 0; t < 200; ++t) {
    const std::uint64_t w = rng() & 0xFFU;
    const std::uint64_t c_new = rng() & 0xFFU;
    const std::uint64_t c = frame->to_original(c_new);
    EXPECT_EQ(std::popcount(frame->adapt_column(w) & c_new) & 1, std::popcount(w & c) & 1);
  }
  // The subtree of prefix p: every c_new with top bits p. Its set of original combinations, and
  // the orbits' images of it, by brute force.
  const auto subtree = [&](std::uint64_t p) {
    std::set<std::uint64_t> s;
    for (std::uint64_t z = 0; z < (std::uint64_t{1} << low); ++z) {
      s.insert(frame->to_original((p << low) | z));
    }
    return s;
  };
  const std::uint64_t prefixes = std::uint64_t{1} << (d - low);
  std::set<std::set<std::set<std::uint64_t>>> orbits_seen;
  std::uint64_t canonical = 0;
  for (std::uint64_t p = 0; p < prefixes; ++p) {
    const std::set<std::uint64_t> mine = subtree(p);
    // Each move sends the subtree onto a whole subtree (the kept subspace is kept).
    std::set<std::set<std::uint64_t>> images;
    for (const detail::CoordinateMap& g : group) {
      std::set<std::uint64_t> image;
      for (const std::uint64_t c : mine) image.insert(g(c));
      std::uint64_t q = 0;
      bool whole = false;
      for (; q < prefixes && !whole; ++q) whole = subtree(q) == image;
      EXPECT_TRUE(whole);
      images.insert(image);
    }
    std::uint64_t least = ~std::uint64_t{0};
    for (const auto& image : images) least = std::min(least, *image.begin());
    EXPECT_EQ(frame->coset_orbit_min(p << low, low), least);
    for (const std::uint64_t c : mine) {
      std::uint64_t orbit = c;
      for (const detail::CoordinateMap& g : group) orbit = std::min(orbit, g(c));
      EXPECT_EQ(frame->orbit_min(c), orbit);
    }
    if (frame->canonical(p)) {
      ++canonical;
      // No other canonical prefix lies in the same orbit of subtrees.
      EXPECT_TRUE(orbits_seen.insert(images).second);
    }
  }
  // And every orbit has its canonical prefix: as many as the orbits.
  std::set<std::set<std::set<std::uint64_t>>> all_orbits;
  for (std::uint64_t p = 0; p < prefixes; ++p) {
    std::set<std::set<std::uint64_t>> images;
    for (const detail::CoordinateMap& g : group) {
      std::set<std::uint64_t> image;
      for (const std::uint64_t c : subtree(p)) image.insert(g(c));
      images.insert(image);
    }
    all_orbits.insert(images);
  }
  EXPECT_EQ(canonical, all_orbits.size());
  EXPECT_LT(canonical, prefixes);
}

TEST(SolutionSymmetry, OrbitSearchAgreesWithExhaustive) {
  // Nullity 28 (64 x 64): all ones, and lights kept by every move. The search over one subtree
  // per orbit gives what the exhaustive search gives: the same weight and the same first lightest
  // combination, proven.
  auto rng = make_rng(2403);
  std::vector<Board> boards = {all_ones(64, 64), symmetric_lights(64, rng)};
  for (const Board& lights : boards) {
    const SolveResult r = solve_chase(lights);
    ASSERT_TRUE(r.solvable);
    ASSERT_EQ(r.kernel.size(), 28U);
    detail::Gf2Classes classes = detail::Gf2Classes::from_boards(r.presses, r.kernel);
    const detail::FewestOutcome all = classes.minimize(
        {}, std::numeric_limits<std::uint64_t>::max(), detail::FewestMethod::exhaustive);
    classes.set_symmetries(detail::board_symmetries(r.presses, r.kernel));
    const detail::FewestOutcome orbit = classes.minimize({});
    EXPECT_TRUE(all.proven && orbit.proven && orbit.found);
    EXPECT_EQ(orbit.weight, all.weight);
    EXPECT_EQ(orbit.combination, all.combination);
    EXPECT_EQ(combine(r.presses, r.kernel, orbit.combination).popcount(), orbit.weight);
    // minimize_board finds the symmetries itself.
    Board presses = r.presses;
    const detail::FewestOutcome board = minimize_board(presses, r.kernel, detail::SearchBudget{});
    EXPECT_EQ(board.weight, all.weight);
    EXPECT_EQ(presses, combine(r.presses, r.kernel, all.combination));
    // Stopped early, the bound stays at most the minimum and the answer weighs what it says.
    for (const std::uint64_t work : {0ULL, 1000ULL, 1000000ULL, 30000000ULL}) {
      SCOPED_TRACE(::testing::Message() << "work " << work);
      detail::SearchBudget budget;
      budget.work = work;
      const detail::FewestOutcome cut = classes.minimize(budget);
      EXPECT_LE(cut.lower_bound, all.weight);
      EXPECT_GE(cut.weight, all.weight);
      EXPECT_EQ(cut.proven, cut.lower_bound == cut.weight);
      EXPECT_EQ(combine(r.presses, r.kernel, cut.combination).popcount(), cut.weight);
    }
  }
}

}  // namespace
}  // namespace lightsout
