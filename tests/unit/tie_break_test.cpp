// TieBreak::lexicographic against an oracle of its own: every press set of a small board applied
// cell by cell, the solutions kept, the fewest presses taken, then the least in row-major order.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/fewest_presses.hpp"
#include "core/solve.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

// One value a cell, row-major (a hole holds 0).
using Values = std::vector<std::uint8_t>;

// Whether a is the lesser of two value vectors read cell by cell (the oracle's own comparison).
bool before(const Values& a, const Values& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

// A small board under plane or torus rules with any offsets, holes and K, written apart from the
// library: the cells a press of (r, c) adds 1 to, repeats counted.
struct Oracle {
  Rules rules;
  std::size_t rows = 0;
  std::size_t cols = 0;

  bool hole(std::size_t i) const {
    return rules.has_holes() && rules.holes.get(i / cols, i % cols);
  }
  // What one press of cell i adds to every cell (mod K).
  Values press(std::size_t i) const {
    const unsigned k = rules.states;
    Values out(rows * cols, 0);
    const auto r = static_cast<long>(i / cols);
    const auto c = static_cast<long>(i % cols);
    const auto m = static_cast<long>(rows);
    const auto n = static_cast<long>(cols);
    for (const Offset& o : rules.offsets) {
      long rr = r + o.dr;
      long cc = c + o.dc;
      if (rules.topology == Topology::torus) {
        rr = ((rr % m) + m) % m;
        cc = ((cc % n) + n) % n;
      } else if (rr < 0 || rr >= m || cc < 0 || cc >= n) {
        continue;
      }
      const auto t = static_cast<std::size_t>(rr * n + cc);
      if (!hole(t)) out[t] = static_cast<std::uint8_t>((out[t] + 1) % k);
    }
    return out;
  }

  // Every press set over the existing cells (an odometer), those that darken `lights` kept: the
  // lightest, the least of them, and how many are that light. nullopt when none darkens it.
  struct Answer {
    Values presses;
    std::size_t ties = 0;
  };
  std::optional<Answer> solve(const Values& lights) const {
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < rows * cols; ++i) {
      if (!hole(i)) cells.push_back(i);
    }
    std::optional<Answer> best;
    std::size_t best_weight = 0;
    const auto keep = [&](const Values& x) {
      std::size_t weight = 0;
      for (const std::uint8_t v : x) weight += v;
      if (!best || weight < best_weight) {
        best = Answer{x, 1};
        best_weight = weight;
      } else if (weight == best_weight) {
        ++best->ties;
        if (before(x, best->presses)) best->presses = x;
      }
    };
    if (rules.states == 2) {
      // One bit a cell (at most 64): a binary counter over the existing cells, each step
      // xoring the effects of the presses it flips.
      std::vector<std::uint64_t> effect;
      effect.reserve(cells.size());
      for (const std::size_t i : cells) {
        std::uint64_t e = 0;
        const Values v = press(i);
        for (std::size_t t = 0; t < v.size(); ++t) e |= static_cast<std::uint64_t>(v[t]) << t;
        effect.push_back(e);
      }
      std::uint64_t now = 0;
      for (std::size_t t = 0; t < lights.size(); ++t) {
        if (!hole(t)) now |= static_cast<std::uint64_t>(lights[t] & 1U) << t;
      }
      std::uint64_t x = 0;
      for (;;) {
        if (now == 0) {
          Values v(rows * cols, 0);
          for (std::size_t t = 0; t < v.size(); ++t)
            v[t] = static_cast<std::uint8_t>((x >> t) & 1U);
          keep(v);
        }
        std::size_t j = 0;
        for (; j < cells.size(); ++j) {
          x ^= std::uint64_t{1} << cells[j];
          now ^= effect[j];
          if (((x >> cells[j]) & 1U) != 0) break;
        }
        if (j == cells.size()) break;
      }
      return best;
    }
    const unsigned k = rules.states;
    std::vector<Values> effect;
    effect.reserve(cells.size());
    for (const std::size_t i : cells) effect.push_back(press(i));
    Values x(rows * cols, 0);
    Values now = lights;
    for (std::size_t i = 0; i < now.size(); ++i) {
      if (hole(i)) now[i] = 0;
    }
    for (;;) {
      if (std::all_of(now.begin(), now.end(), [](std::uint8_t v) { return v == 0; })) keep(x);
      // The next press set (an odometer): one more press of the first cell; a cell back at 0
      // (K presses, no effect) carries to the next.
      std::size_t j = 0;
      for (; j < cells.size(); ++j) {
        const std::size_t i = cells[j];
        x[i] = static_cast<std::uint8_t>((x[i] + 1) % k);
        for (std::size_t t = 0; t < now.size(); ++t) {
          now[t] = static_cast<std::uint8_t>((now[t] + effect[j][t]) % k);
        }
        if (x[i] != 0) break;
      }
      if (j == cells.size()) break;
    }
    return best;
  }
};

Values random_values(std::size_t cells, unsigned k, std::mt19937_64& rng) {
  Values v(cells);
  for (auto& x : v) x = static_cast<std::uint8_t>(rng() % k);
  return v;
}

// Lights made solvable: the effect of random presses (a dark board for the goal of all off).
Values solvable_lights(const Oracle& o, std::mt19937_64& rng) {
  const unsigned k = o.rules.states;
  const std::size_t n = o.rows * o.cols;
  Values lights(n, 0);
  const Values presses = random_values(n, k, rng);
  for (std::size_t i = 0; i < n; ++i) {
    if (o.hole(i)) continue;
    const Values e = o.press(i);
    for (std::size_t t = 0; t < n; ++t) {
      lights[t] = static_cast<std::uint8_t>((lights[t] + presses[i] * e[t]) % k);
    }
  }
  // Lights of -e: the presses darken them.
  for (auto& v : lights) v = static_cast<std::uint8_t>((k - v) % k);
  return lights;
}

// Every method that takes the rules and size (a forced method that does not is skipped).
std::vector<Solver> solvers_for(const Rules& rules, std::size_t rows, std::size_t cols) {
  std::vector<Solver> out;
  for (const Method m : {Method::automatic, Method::tables, Method::enumerate, Method::chase,
                         Method::poly, Method::dense, Method::banded, Method::gf2, Method::zk}) {
    try {
      out.emplace_back(rules, rows, cols, m);
    } catch (const std::invalid_argument&) {
    } catch (const std::length_error&) {
    }
  }
  return out;
}

struct Tally {
  std::size_t boards = 0;
  std::size_t tied = 0;  // boards whose lightest solution is not alone
  std::size_t checks = 0;
};

// `count` boards of one rules and size (half random, half solvable) through every method.
void check_size(const Rules& rules, std::size_t rows, std::size_t cols, std::size_t count,
                std::mt19937_64& rng, Tally& tally) {
  const Oracle oracle{rules, rows, cols};
  const std::vector<Solver> solvers = solvers_for(rules, rows, cols);
  ASSERT_FALSE(solvers.empty());
  Options options;
  options.minimal = true;
  options.tie_break = TieBreak::lexicographic;
  options.minimal_seconds = 0;
  for (std::size_t b = 0; b < count; ++b) {
    const Values lights =
        b % 2 == 0 ? random_values(rows * cols, rules.states, rng) : solvable_lights(oracle, rng);
    const std::optional<Oracle::Answer> truth = oracle.solve(lights);
    ++tally.boards;
    if (truth && truth->ties > 1) ++tally.tied;
    const Grid grid = Grid::from_values(rows, cols, rules.states, lights);
    for (const Solver& s : solvers) {
      SCOPED_TRACE(::testing::Message()
                   << rows << "x" << cols << " " << method_name(s.method()) << " board " << b);
      const Result r = s.solve(grid, options);
      ASSERT_EQ(r.solvable, truth.has_value());
      ++tally.checks;
      if (!truth) continue;
      ASSERT_TRUE(r.minimal_proven);
      ASSERT_EQ(r.presses.to_values(), truth->presses);
      if (s.word_sized() && s.minimal_exact()) {
        std::uint64_t word = 0;
        for (std::size_t i = 0; i < lights.size(); ++i) {
          word |= static_cast<std::uint64_t>(lights[i] & 1U) << i;
        }
        std::uint64_t presses = 0;
        ASSERT_TRUE(s.solve_word(word, presses, true, TieBreak::lexicographic));
        for (std::size_t i = 0; i < lights.size(); ++i) {
          ASSERT_EQ((presses >> i) & 1U, truth->presses[i]) << "solve_word, cell " << i;
        }
      }
    }
  }
}

TEST(TieBreak, ClassicBoardsMatchTheOracle) {
  std::mt19937_64 rng = make_rng(3279);
  Tally tally;
  for (std::size_t r = 1; r <= 4; ++r) {
    for (std::size_t c = 1; c <= 5; ++c) {
      check_size(Rules::classic(), r, c, r * c <= 16 ? 80 : 16, rng, tally);
    }
  }
  for (std::size_t n = 6; n <= 16; ++n) check_size(Rules::classic(), 1, n, 80, rng, tally);
  // 1 x 5 (nullity 1), 4 x 4 (4), 1 x 8, 1 x 11, 1 x 14 have several solutions a solvable board.
  EXPECT_GE(tally.boards, 2000U);
  EXPECT_GE(tally.tied, 100U);
  EXPECT_GE(tally.checks, 10000U);
}

TEST(TieBreak, OtherRulesMatchTheOracle) {
  std::mt19937_64 rng = make_rng(1222);
  Tally tally;
  Rules torus;
  torus.topology = Topology::torus;
  for (const auto& [r, c] : std::vector<std::pair<std::size_t, std::size_t>>{
           {3, 3}, {2, 4}, {3, 4}, {4, 4}, {1, 6}, {2, 5}}) {
    check_size(torus, r, c, 30, rng, tally);
  }
  for (std::size_t trial = 0; trial < 12; ++trial) {
    // A random mask around the button, the button itself included.
    Rules mask;
    mask.neighbourhood = Neighbourhood::mask;
    mask.offsets.clear();
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if ((dr == 0 && dc == 0) || rng() % 2 == 0) mask.offsets.push_back({dr, dc});
      }
    }
    check_size(mask, 3, 4, 20, rng, tally);
    // Holes on the classic rules.
    Rules holes;
    holes.holes = Board(4, 4);
    for (std::size_t i = 0; i < 16; ++i) {
      if (rng() % 4 == 0) holes.holes.set(i / 4, i % 4, true);
    }
    holes.holes.set(0, 0, false);
    check_size(holes, 4, 4, 20, rng, tally);
  }
  EXPECT_GE(tally.tied, 20U);
}

TEST(TieBreak, ThreeStatesMatchTheOracle) {
  std::mt19937_64 rng = make_rng(3);
  Tally tally;
  Rules three;
  three.states = 3;
  for (const auto& [r, c] : std::vector<std::pair<std::size_t, std::size_t>>{{1, 1},
                                                                             {1, 2},
                                                                             {1, 3},
                                                                             {1, 4},
                                                                             {1, 5},
                                                                             {1, 6},
                                                                             {1, 7},
                                                                             {1, 8},
                                                                             {2, 2},
                                                                             {2, 3},
                                                                             {2, 4},
                                                                             {3, 3}}) {
    check_size(three, r, c, 40, rng, tally);
  }
  Rules torus3 = three;
  torus3.topology = Topology::torus;
  for (const auto& [r, c] :
       std::vector<std::pair<std::size_t, std::size_t>>{{2, 3}, {3, 3}, {2, 4}, {1, 6}}) {
    check_size(torus3, r, c, 30, rng, tally);
  }
  EXPECT_GE(tally.tied, 10U);
}

// A search cut short by its step budget: proven only when its answer is the oracle's, and its
// bound is still a bound.
TEST(TieBreak, CutSearchesAreProvenOnlyWhenExact) {
  std::mt19937_64 rng = make_rng(7);
  Rules three;
  three.states = 3;
  std::size_t proven = 0;
  std::size_t open = 0;
  for (const auto& [rules, r, c] :
       std::vector<std::tuple<Rules, std::size_t, std::size_t>>{{Rules::classic(), 4, 4},
                                                                {Rules::classic(), 4, 5},
                                                                {Rules::classic(), 1, 14},
                                                                {three, 2, 4},
                                                                {three, 1, 8}}) {
    const Oracle oracle{rules, r, c};
    const std::vector<Solver> solvers = solvers_for(rules, r, c);
    for (std::size_t b = 0; b < 10; ++b) {
      const Values lights = solvable_lights(oracle, rng);
      const std::optional<Oracle::Answer> truth = oracle.solve(lights);
      ASSERT_TRUE(truth.has_value());
      std::uint64_t lightest = 0;
      for (const std::uint8_t v : truth->presses) lightest += v;
      const Grid grid = Grid::from_values(r, c, rules.states, lights);
      for (const std::uint64_t budget : {0ULL, 3ULL, 30ULL, 300ULL}) {
        for (const Solver& s : solvers) {
          SCOPED_TRACE(::testing::Message()
                       << r << "x" << c << " " << method_name(s.method()) << " budget " << budget);
          Options options;
          options.minimal = true;
          options.tie_break = TieBreak::lexicographic;
          options.minimal_budget = budget;
          const Result out = s.solve(grid, options);
          EXPECT_LE(out.minimal_lower_bound, lightest);
          if (out.minimal_proven) {
            ++proven;
            EXPECT_EQ(out.presses.to_values(), truth->presses);
          } else {
            ++open;
          }
        }
      }
    }
  }
  EXPECT_GT(proven, 0U);
  EXPECT_GT(open, 0U);
}

// The method-level solvers (solve.hpp) take the tie-break through SolveOptions: enumeration picks
// it itself, the others by minimize_presses.
TEST(TieBreak, MethodLevelSolversMatchTheOracle) {
  std::mt19937_64 rng = make_rng(5);
  for (const auto& [r, c] :
       std::vector<std::pair<std::size_t, std::size_t>>{{1, 5}, {4, 4}, {5, 4}, {2, 8}, {1, 14}}) {
    const Oracle oracle{Rules::classic(), r, c};
    for (std::size_t b = 0; b < 20; ++b) {
      const Values lights = solvable_lights(oracle, rng);
      const std::optional<Oracle::Answer> truth = oracle.solve(lights);
      ASSERT_TRUE(truth.has_value());
      const Board board = Grid::from_values(r, c, 2, lights).bits();
      for (const Method m : {Method::enumerate, Method::chase, Method::poly, Method::dense}) {
        SCOPED_TRACE(::testing::Message() << r << "x" << c << " " << method_name(m));
        SolveOptions options;
        options.minimal = true;
        options.tie_break = TieBreak::lexicographic;
        const SolveResult out = solve(board, m, options);
        ASSERT_TRUE(out.minimal_proven);
        EXPECT_EQ(Grid(out.presses).to_values(), truth->presses);
      }
    }
  }
}

// The class search past one transform (26 coordinates: the tree, on every core) and the
// exhaustive mode, on random kernels of few cells (many ties): the least of the lightest of
// all 2^26 combinations.
TEST(TieBreak, DeepSearchesFindTheLeastOfTheLightest) {
  std::mt19937_64 rng = make_rng(26);
  for (const std::size_t d : {20U, 26U}) {
    const std::size_t cols = 48;
    Board x0(1, cols);
    std::vector<Board> kernel;
    for (std::size_t c = 0; c < cols; ++c) x0.set(0, c, rng() % 2 != 0);
    for (std::size_t j = 0; j < d; ++j) {
      Board k(1, cols);
      k.set(0, j, true);  // independent: vector j holds cell j, never a cell of the ones after
      for (std::size_t c = d; c < cols; ++c) k.set(0, c, rng() % 3 == 0);
      for (std::size_t c = 0; c < j; ++c) k.set(0, c, rng() % 2 != 0);
      kernel.push_back(k);
    }
    // The oracle: all 2^d solutions by a Gray-code walk, the lightest and then the least word
    // (cell 0 is bit 0 of the only word).
    std::uint64_t x = x0.words()[0];
    std::uint64_t best = x;
    std::size_t ties = 0;
    for (std::uint64_t i = 1; i < (std::uint64_t{1} << d); ++i) {
      x ^= kernel[static_cast<std::size_t>(std::countr_zero(i))].words()[0];
      const int w = std::popcount(x);
      const int bw = std::popcount(best);
      if (w < bw) {
        best = x;
        ties = 1;
      } else if (w == bw) {
        ++ties;
        for (std::size_t c = 0; c < cols; ++c) {
          if (((x ^ best) >> c) & 1U) {
            if (((x >> c) & 1U) == 0) best = x;
            break;
          }
        }
      }
    }
    SCOPED_TRACE(::testing::Message() << "d " << d << ", ties " << ties);
    for (const auto method :
         {detail::FewestMethod::branch_and_bound, detail::FewestMethod::exhaustive}) {
      Board presses = x0;
      const detail::FewestOutcome out =
          minimize_board(presses, kernel, detail::SearchBudget{}, method, true);
      EXPECT_TRUE(out.proven);
      EXPECT_EQ(presses.words()[0], best);
    }
  }
}

}  // namespace
}  // namespace lightsout
