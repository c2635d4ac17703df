// Unit tests for the solvers: every method against the dense oracle, brute force and known facts.
#include "core/solve.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::BruteForce;
using test_support::coset_min_weight;
using test_support::expect_agrees;
using test_support::expect_self_consistent;
using test_support::from_word;
using test_support::make_rng;
using test_support::random_board;
using test_support::random_solvable;
using test_support::to_word;

std::string size_name(std::size_t m, std::size_t n) {
  return std::to_string(m) + "x" + std::to_string(n);
}

// solve_enumerate costs 2^min(m,n) chases of max(m,n) rows; keep it to a few million row steps.
bool enumerate_affordable(const Board& b) {
  const std::size_t lo = std::min(b.rows(), b.cols());
  const std::size_t hi = std::max(b.rows(), b.cols());
  return lo <= 20 && (std::uint64_t{1} << lo) * hi <= (std::uint64_t{1} << 23);
}

struct Named {
  std::string name;
  SolveResult result;
};

// Every solver that is affordable on this board, through both the direct and the solve() entry.
std::vector<Named> run_solvers(const Board& lights, const SolveOptions& options, bool with_dense) {
  std::vector<Named> out;
  out.push_back({"chase", solve_chase(lights, options)});
  out.push_back({"solve(auto)", solve(lights, Method::automatic, options)});
  out.push_back({"solve(chase)", solve(lights, Method::chase, options)});
  if (enumerate_affordable(lights)) {
    out.push_back({"enumerate", solve_enumerate(lights, options)});
    out.push_back({"solve(enumerate)", solve(lights, Method::enumerate, options)});
  }
  if (with_dense) {
    out.push_back({"dense", solve_dense(lights, options)});
    out.push_back({"solve(dense)", solve(lights, Method::dense, options)});
  }
  return out;
}

// Runs every solver on `lights` and checks each result on its own and against `oracle`.
void check_all_against(const Board& lights, const SolveResult& oracle, bool with_dense) {
  expect_self_consistent(lights, oracle);
  for (const Named& r : run_solvers(lights, {}, with_dense)) {
    SCOPED_TRACE(r.name);
    expect_self_consistent(lights, r.result);
    expect_agrees(r.result, oracle);
    EXPECT_FALSE(r.result.minimal);
  }
}

void check_against_dense(const Board& lights) {
  check_all_against(lights, solve_dense(lights), true);
}

TEST(SolveTest, MethodNamesRoundTrip) {
  for (Method m : {Method::automatic, Method::enumerate, Method::chase, Method::dense}) {
    const auto parsed = parse_method(method_name(m));
    ASSERT_TRUE(parsed.has_value()) << method_name(m);
    EXPECT_EQ(*parsed, m);
  }
  EXPECT_EQ(parse_method("auto"), Method::automatic);
  EXPECT_FALSE(parse_method("bogus").has_value());
  EXPECT_FALSE(parse_method("").has_value());
  EXPECT_FALSE(parse_method("Chase").has_value());
}

TEST(SolveTest, SolveDispatchesToTheNamedMethod) {
  // solve() must return exactly what the named solver returns. Dense picks other solutions and
  // kernel bases than chase on singular sizes, so a wrong dispatch to it shows; enumerate happens
  // to pick chase's, and its dispatch is shown by its size limit (EnumerateRejectsWideShortSides).
  auto rng = make_rng(20);
  std::size_t dense_differs = 0;
  for (std::size_t n : {4, 5, 9, 11}) {
    for (int k = 0; k < 3; ++k) {
      const Board b = random_solvable(n, n, rng);
      const SolveResult chased = solve_chase(b);
      const SolveResult dense = solve_dense(b);
      const SolveResult enumerated = solve_enumerate(b);
      // automatic resolves by size (chase below kPolyMinSide, poly from it on).
      const SolveResult automatic = n < kPolyMinSide ? chased : solve_poly(b);
      EXPECT_EQ(choose_method(n, n), n < kPolyMinSide ? Method::chase : Method::poly);
      for (auto [method, expected] :
           {std::pair{Method::chase, &chased}, std::pair{Method::automatic, &automatic},
            std::pair{Method::dense, &dense}, std::pair{Method::enumerate, &enumerated}}) {
        const SolveResult got = solve(b, method);
        EXPECT_EQ(got.presses, expected->presses) << method_name(method);
        EXPECT_EQ(got.kernel, expected->kernel) << method_name(method);
      }
      dense_differs += chased.presses != dense.presses || chased.kernel != dense.kernel;
    }
  }
  EXPECT_GT(dense_differs, 0U) << "dense and chase agree everywhere: this test shows nothing";
}

TEST(SolveTest, EverySizeUpTo10AgainstDense) {
  auto rng = make_rng(21);
  std::size_t unsolvable = 0;
  for (std::size_t m = 1; m <= 10; ++m) {
    for (std::size_t n = 1; n <= 10; ++n) {
      SCOPED_TRACE(size_name(m, n));
      std::vector<Board> boards = {Board(m, n), random_board(m, n, rng, 1.0)};
      for (int k = 0; k < 3; ++k) boards.push_back(random_board(m, n, rng));
      for (int k = 0; k < 2; ++k) boards.push_back(random_solvable(m, n, rng));
      for (const Board& b : boards) {
        SCOPED_TRACE(b.to_string());
        const SolveResult oracle = solve_dense(b);
        unsolvable += oracle.solvable ? 0 : 1;
        check_against_dense(b);
        if (HasFailure()) return;  // one board's worth of messages is enough
      }
    }
  }
  // Singular sizes (4x4, 5x5, 9x9, ...) must have produced unsolvable random boards.
  EXPECT_GT(unsolvable, 20U);
}

TEST(SolveTest, SolvableByConstructionIsSolved) {
  auto rng = make_rng(22);
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
           {4, 4}, {5, 5}, {9, 9}, {11, 11}, {16, 16}, {17, 17}, {19, 19}, {3, 65}, {2, 130}}) {
    for (int k = 0; k < 4; ++k) {
      const Board b = random_solvable(m, n, rng);
      for (const Named& r : run_solvers(b, {}, m * n <= 400)) {
        EXPECT_TRUE(r.result.solvable) << r.name << " " << size_name(m, n);
      }
    }
  }
}

TEST(SolveTest, WideAndTallAgainstDense) {
  auto rng = make_rng(23);
  const std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {3, 65},  {65, 3},  {2, 130}, {130, 2}, {1, 129}, {129, 1}, {1, 64},  {64, 1},
      {4, 64},  {64, 4},  {4, 63},  {63, 4},  {5, 65},  {65, 5},  {2, 200}, {200, 2},
      {3, 128}, {128, 3}, {11, 65}, {65, 11}, {4, 127}, {127, 4}};
  for (auto [m, n] : sizes) {
    SCOPED_TRACE(size_name(m, n));
    for (int k = 0; k < 3; ++k) {
      check_against_dense(k == 2 ? random_solvable(m, n, rng) : random_board(m, n, rng));
    }
  }
}

TEST(SolveTest, RandomSizesUpTo64AgainstDense) {
  auto rng = make_rng(24);
  std::vector<std::pair<std::size_t, std::size_t>> sizes = {{20, 63}, {20, 64}, {20, 65}, {63, 20},
                                                            {64, 20}, {65, 19}, {30, 30}, {33, 33}};
  std::uniform_int_distribution<std::size_t> side(1, 64);
  while (sizes.size() < 28) {
    const std::size_t m = side(rng);
    const std::size_t n = side(rng);
    if (m * n <= 1100) sizes.emplace_back(m, n);
  }
  for (auto [m, n] : sizes) {
    SCOPED_TRACE(size_name(m, n));
    check_against_dense(random_board(m, n, rng));
    check_against_dense(random_solvable(m, n, rng));
  }
}

TEST(SolveTest, LargestDenseBoards) {
  // A handful of boards near the 4096-cell dense budget, with 63/64/65 columns.
  auto rng = make_rng(25);
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{64, 64}, {63, 65}}) {
    SCOPED_TRACE(size_name(m, n));
    const Board b = random_board(m, n, rng);
    const SolveResult oracle = solve_dense(b);
    expect_self_consistent(b, oracle);
    const SolveResult chased = solve_chase(b);
    expect_self_consistent(b, chased);
    expect_agrees(chased, oracle);
    const SolveResult flipped = solve_chase(b.transposed());
    expect_self_consistent(b.transposed(), flipped);
    expect_agrees(flipped, oracle);
  }
}

TEST(SolveTest, LongBoardsChaseAgainstEnumerate) {
  // Beyond the dense budget, enumerate (which sees every solution) is the oracle for nullity.
  auto rng = make_rng(26);
  const std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {12, 300}, {300, 12}, {4, 1000}, {1000, 4}, {9, 257},
      {257, 9},  {1, 1000}, {1000, 1}, {5, 383},  {11, 659}};
  for (auto [m, n] : sizes) {
    SCOPED_TRACE(size_name(m, n));
    for (int k = 0; k < 2; ++k) {
      const Board b = k == 0 ? random_board(m, n, rng) : random_solvable(m, n, rng);
      const SolveResult oracle = solve_enumerate(b);
      check_all_against(b, oracle, false);
      if (k == 1) {
        EXPECT_TRUE(oracle.solvable);
      }
    }
  }
}

TEST(SolveTest, BigBoardsChaseIsSelfConsistent) {
  // No oracle here: the presses must darken the board, the kernel must be quiet, independent and
  // certify (un)solvability; the transposed board must give the same answer.
  auto rng = make_rng(27);
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
           {200, 200}, {129, 257}, {257, 129}, {300, 64}, {64, 300}, {250, 249}}) {
    SCOPED_TRACE(size_name(m, n));
    const Board b = random_board(m, n, rng);
    const SolveResult r = solve_chase(b);
    expect_self_consistent(b, r);
    const SolveResult t = solve_chase(b.transposed());
    expect_self_consistent(b.transposed(), t);
    expect_agrees(t, r);
    const Board s = random_solvable(m, n, rng);
    const SolveResult rs = solve_chase(s);
    EXPECT_TRUE(rs.solvable);
    expect_self_consistent(s, rs);
  }
}

TEST(SolveTest, BruteForceCountsAndFewestPresses) {
  auto rng = make_rng(28);
  const SolveOptions minimal{.minimal = true};
  for (std::size_t m = 1; m <= 16; ++m) {
    for (std::size_t n = 1; m * n <= 16; ++n) {
      SCOPED_TRACE(size_name(m, n));
      const BruteForce bf(m, n);
      const std::size_t nullity = solve_chase(Board(m, n)).nullity;
      // Every lights pattern has 0 or 2^nullity press sets; 2^(mn - nullity) patterns have some.
      std::size_t reachable = 0;
      for (std::uint32_t c : bf.count) {
        if (c != 0) {
          ++reachable;
          ASSERT_EQ(c, std::uint32_t{1} << nullity);
        }
      }
      EXPECT_EQ(reachable, std::size_t{1} << (m * n - nullity));

      std::vector<std::uint64_t> words = {0, (std::uint64_t{1} << (m * n)) - 1};
      for (int k = 0; k < 3; ++k) words.push_back(to_word(random_board(m, n, rng)));
      for (int k = 0; k < 3; ++k) words.push_back(to_word(random_solvable(m, n, rng)));
      for (std::uint64_t w : words) {
        const Board b = from_word(w, m, n);
        SCOPED_TRACE(b.to_string());
        const std::uint32_t count = bf.count[w];
        for (const Named& r : run_solvers(b, minimal, true)) {
          SCOPED_TRACE(r.name);
          expect_self_consistent(b, r.result);
          EXPECT_EQ(r.result.solvable, count != 0);
          EXPECT_EQ(r.result.nullity, nullity);
          if (count == 0) continue;
          EXPECT_EQ(std::size_t{count}, std::size_t{1} << r.result.nullity);
          EXPECT_EQ(r.result.presses.popcount(), std::size_t{bf.min_presses[w]});
          EXPECT_TRUE(r.result.minimal);
          EXPECT_TRUE(r.result.minimal_proven);
        }
      }
    }
  }
}

TEST(SolveTest, ExhaustiveSmallBoardsMinimal) {
  // Every lights pattern of every size with at most 9 cells.
  const SolveOptions minimal{.minimal = true};
  for (std::size_t m = 1; m <= 9; ++m) {
    for (std::size_t n = 1; m * n <= 9; ++n) {
      SCOPED_TRACE(size_name(m, n));
      const BruteForce bf(m, n);
      for (std::uint64_t w = 0; w < (std::uint64_t{1} << (m * n)); ++w) {
        const Board b = from_word(w, m, n);
        for (const Named& r : {Named{"chase", solve_chase(b, minimal)},
                               Named{"enumerate", solve_enumerate(b, minimal)},
                               Named{"dense", solve_dense(b, minimal)}}) {
          ASSERT_EQ(r.result.solvable, bf.count[w] != 0) << r.name << "\n" << b.to_string();
          if (!r.result.solvable) {
            ASSERT_TRUE(r.result.presses.is_dark()) << r.name;
            continue;
          }
          Board after = b;
          after.apply(r.result.presses);
          ASSERT_TRUE(after.is_dark()) << r.name << "\n" << b.to_string();
          ASSERT_EQ(r.result.presses.popcount(), std::size_t{bf.min_presses[w]}) << r.name << "\n"
                                                                                 << b.to_string();
          ASSERT_TRUE(r.result.minimal_proven) << r.name;
        }
      }
    }
  }
}

TEST(SolveTest, MinimalOnLargerNullityMatchesCosetWalk) {
  // Sizes with nullity up to 16, beyond brute force: the minimum over presses + span(kernel) by a
  // plain subset walk in the test.
  auto rng = make_rng(29);
  const SolveOptions minimal{.minimal = true};
  for (std::size_t n : {4, 5, 9, 11, 14, 16, 17, 19}) {
    SCOPED_TRACE(size_name(n, n));
    for (int k = 0; k < 2; ++k) {
      const Board b = random_solvable(n, n, rng);
      const SolveResult plain = solve_chase(b);
      ASSERT_TRUE(plain.solvable);
      const std::size_t best = coset_min_weight(plain.presses, plain.kernel);
      for (const Named& r : run_solvers(b, minimal, n <= 11)) {
        SCOPED_TRACE(r.name);
        expect_self_consistent(b, r.result);
        EXPECT_EQ(r.result.presses.popcount(), best);
        EXPECT_TRUE(r.result.minimal);
        EXPECT_TRUE(r.result.minimal_proven);
      }
    }
  }
}

TEST(SolveTest, TinyBudgetKeepsATrueLowerBound) {
  // A search stopped at once: the answer is a solution, never heavier than where it started, and
  // its lower bound is a true bound (brute force over the coset); proven only when it is the
  // minimum.
  auto rng = make_rng(30);
  for (std::size_t n : {4, 5, 9, 16, 19}) {
    SCOPED_TRACE(size_name(n, n));
    for (int k = 0; k < 3; ++k) {
      const Board b = random_solvable(n, n, rng);
      const SolveResult plain = solve_chase(b);
      ASSERT_TRUE(plain.solvable);
      ASSERT_GT(plain.nullity, 0U);
      const std::size_t truth = coset_min_weight(plain.presses, plain.kernel);
      const SolveOptions tiny{.minimal = true, .minimal_budget = 1};
      SolveResult direct = plain;
      minimize_presses(direct, tiny);
      for (const Named& r : {Named{"chase", solve_chase(b, tiny)},
                             Named{"dense", solve_dense(b, tiny)}, Named{"direct", direct}}) {
        SCOPED_TRACE(r.name);
        expect_self_consistent(b, r.result);
        EXPECT_TRUE(r.result.minimal);
        EXPECT_LE(r.result.minimal_lower_bound, truth);
        EXPECT_GE(r.result.presses.popcount(), truth);
        EXPECT_EQ(r.result.minimal_proven,
                  r.result.presses.popcount() == truth && r.result.minimal_lower_bound == truth);
      }
      EXPECT_LE(direct.presses.popcount(), plain.presses.popcount());
    }
  }
}

TEST(SolveTest, StoppedSearchEndsInALocalMinimum) {
  // The search starts from a greedy descent: stopped at once, no single kernel vector may lower
  // the weight of the answer. Unstopped, it is the brute-force minimum, proven.
  auto rng = make_rng(31);
  for (std::size_t n : {9, 16, 19}) {
    SCOPED_TRACE(size_name(n, n));
    const Board b = random_solvable(n, n, rng);
    SolveResult r = solve_chase(b);
    ASSERT_GT(r.nullity, 2U);
    SolveResult exact = r;
    SolveOptions options;
    options.minimal = true;
    options.minimal_budget = 1;
    const std::size_t start = r.presses.popcount();
    minimize_presses(r, options);
    expect_self_consistent(b, r);
    EXPECT_LE(r.presses.popcount(), start);
    for (const Board& k : r.kernel) {
      Board x = r.presses;
      x ^= k;
      EXPECT_GE(x.popcount(), r.presses.popcount());
    }
    EXPECT_GE(r.presses.popcount(), coset_min_weight(r.presses, r.kernel));
    options.minimal_budget = std::numeric_limits<std::uint64_t>::max();
    options.minimal_seconds = 0;
    minimize_presses(exact, options);
    EXPECT_TRUE(exact.minimal_proven);
    EXPECT_EQ(exact.presses.popcount(), coset_min_weight(exact.presses, exact.kernel));
    EXPECT_EQ(exact.minimal_lower_bound, exact.presses.popcount());
  }
}

TEST(SolveTest, MinimizeWithoutKernelIsTriviallyProven) {
  // 5x6 has nullity 0: the unique solution is the minimum.
  auto rng = make_rng(32);
  const Board b = random_board(5, 6, rng);
  SolveResult r = solve_chase(b);
  ASSERT_EQ(r.nullity, 0U);
  ASSERT_TRUE(r.solvable);
  const Board before = r.presses;
  minimize_presses(r, SolveOptions{.minimal = true, .minimal_budget = 1});
  EXPECT_TRUE(r.minimal);
  EXPECT_TRUE(r.minimal_proven);
  EXPECT_EQ(r.presses, before);
}

TEST(SolveTest, SquareNullityTable) {
  // The documented n x n nullities for n = 1..20; every solver must compute the same.
  const std::vector<std::size_t> documented = {0, 0, 0, 4, 2, 0, 0, 0, 8,  0,
                                               6, 0, 0, 4, 0, 8, 2, 0, 16, 0};
  for (std::size_t n = 1; n <= 20; ++n) {
    SCOPED_TRACE(size_name(n, n));
    const Board dark(n, n);
    const SolveResult chased = solve_chase(dark);
    EXPECT_EQ(chased.nullity, documented[n - 1]);
    EXPECT_TRUE(chased.solvable);
    EXPECT_TRUE(chased.presses.is_dark());
    expect_self_consistent(dark, chased);
    const SolveResult enumerated = solve_enumerate(dark);
    EXPECT_EQ(enumerated.nullity, documented[n - 1]);
    expect_self_consistent(dark, enumerated);
    const SolveResult dense = solve_dense(dark);
    EXPECT_EQ(dense.nullity, documented[n - 1]);
    expect_self_consistent(dark, dense);
  }
}

TEST(SolveTest, KnownSmallFacts) {
  EXPECT_EQ(solve_chase(Board(5, 6)).nullity, 0U);
  EXPECT_EQ(solve_dense(Board(5, 6)).nullity, 0U);
  EXPECT_EQ(solve_enumerate(Board(6, 5)).nullity, 0U);
  EXPECT_EQ(solve_chase(Board(5, 5)).nullity, 2U);
  EXPECT_EQ(solve_dense(Board(5, 5)).nullity, 2U);
  EXPECT_EQ(solve_enumerate(Board(5, 5)).nullity, 2U);
  EXPECT_EQ(solve_dense(Board(4, 4)).nullity, 4U);
}

TEST(SolveTest, NullityIsSymmetric) {
  for (std::size_t m = 1; m <= 12; ++m) {
    for (std::size_t n = 1; n <= m; ++n) {
      const SolveResult a = solve_chase(Board(m, n));
      const SolveResult b = solve_chase(Board(n, m));
      const SolveResult c = solve_dense(Board(n, m));
      EXPECT_EQ(a.nullity, b.nullity) << size_name(m, n);
      EXPECT_EQ(a.nullity, c.nullity) << size_name(m, n);
    }
  }
}

TEST(SolveTest, KernelOptionOff) {
  auto rng = make_rng(33);
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{{4, 4}, {5, 5}, {9, 9}}) {
    const Board b = random_solvable(m, n, rng);
    const std::size_t expected = solve_dense(b).nullity;
    for (bool minimal : {false, true}) {
      SolveOptions options;
      options.kernel = false;
      options.minimal = minimal;
      for (const Named& r : run_solvers(b, options, true)) {
        SCOPED_TRACE(r.name + (minimal ? " minimal" : ""));
        expect_self_consistent(b, r.result, /*kernel_filled=*/false);
        EXPECT_TRUE(r.result.solvable);
        EXPECT_EQ(r.result.nullity, expected);
        EXPECT_EQ(r.result.minimal, minimal);
      }
    }
  }
}

TEST(SolveTest, EnumerateRejectsWideShortSides) {
  EXPECT_THROW(solve_enumerate(Board(21, 21)), std::invalid_argument);
  EXPECT_THROW(solve(Board(21, 30), Method::enumerate), std::invalid_argument);
  EXPECT_NO_THROW(solve_enumerate(Board(3, 21)));
  EXPECT_NO_THROW(solve_enumerate(Board(21, 3)));
  // Only the shorter side is enumerated, whichever it is.
  EXPECT_NO_THROW(solve_enumerate(Board(16, 21)));
  EXPECT_NO_THROW(solve_enumerate(Board(21, 16)));
}

TEST(SolveTest, ChaseFromTheFirstRowReproducesTheSolution) {
  auto rng = make_rng(34);
  for (auto [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
           {1, 1}, {5, 5}, {6, 9}, {9, 6}, {4, 64}, {3, 65}, {65, 3}, {10, 130}}) {
    SCOPED_TRACE(size_name(m, n));
    for (int k = 0; k < 4; ++k) {
      const Board b = k % 2 == 0 ? random_solvable(m, n, rng) : random_board(m, n, rng);
      const SolveResult r = solve_dense(b);
      Board presses(m, n);
      std::vector<std::uint64_t> phantom(b.stride(), 1);
      const auto first = r.presses.row(0);
      const bool dark = chase(b, first, presses, phantom.data());
      EXPECT_TRUE(presses.check_invariants());
      // A solution is determined by its first row; from it the chase rebuilds exactly r.presses.
      if (r.solvable) {
        EXPECT_TRUE(dark);
        EXPECT_EQ(presses, r.presses);
        EXPECT_TRUE(std::all_of(phantom.begin(), phantom.end(), [](auto w) { return w == 0; }));
      } else {
        EXPECT_FALSE(dark);
        EXPECT_FALSE(std::all_of(phantom.begin(), phantom.end(), [](auto w) { return w == 0; }));
      }
      // The chased presses leave only the last row lit, and it equals the phantom row.
      Board after = b;
      after.apply(presses);
      for (std::size_t r2 = 0; r2 + 1 < m; ++r2) {
        for (std::size_t c = 0; c < n; ++c) EXPECT_FALSE(after.get(r2, c));
      }
      for (std::size_t c = 0; c < n; ++c) {
        EXPECT_EQ(after.get(m - 1, c), ((phantom[c / 64] >> (c % 64)) & 1U) != 0);
      }
      Board again(m, n);
      EXPECT_EQ(chase(b, first, again), dark);
      EXPECT_EQ(again, presses);
    }
  }
  Board b(3, 4);
  Board wrong(3, 5);
  std::vector<std::uint64_t> row(1, 0);
  EXPECT_THROW(chase(b, row, wrong), std::invalid_argument);
  std::vector<std::uint64_t> long_row(2, 0);
  Board ok(3, 4);
  EXPECT_THROW(chase(b, long_row, ok), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
