// The fewest-presses search (core/fewest_presses.hpp) against brute force over whole cosets.
#include "core/fewest_presses.hpp"

#include <gtest/gtest.h>

#include <new>
#include <random>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "core/solve.hpp"
#include "core/solve_rules.hpp"
#include "core/wht.hpp"
#include "core/wht_kernels.hpp"
#include "lightsout/random_board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::random_solvable;

// The lightest element of x0 + span(kernel), by a Gray-code walk over all 2^d combinations (one
// kernel vector added per step): the oracle. d <= 22 or so.
std::size_t brute_force_min(const Board& x0, const std::vector<Board>& kernel) {
  Board x = x0;
  std::size_t best = x.popcount();
  for (std::uint64_t i = 1; i < (std::uint64_t{1} << kernel.size()); ++i) {
    x ^= kernel[static_cast<std::size_t>(std::countr_zero(i))];
    best = std::min(best, x.popcount());
  }
  return best;
}

// The lightest element of x0 + sum of kernel[j] over the bits j of each combination whose top
// `depth` bits (of d = kernel.size()) are `prefix`: the oracle of one subtree.
std::size_t brute_force_subtree(const Board& x0, const std::vector<Board>& kernel, unsigned depth,
                                std::uint64_t prefix) {
  const auto d = static_cast<unsigned>(kernel.size());
  std::size_t best = std::numeric_limits<std::size_t>::max();
  for (std::uint64_t low = 0; low < (std::uint64_t{1} << (d - depth)); ++low) {
    const std::uint64_t y = (prefix << (d - depth)) | low;
    Board x = x0;
    for (unsigned j = 0; j < d; ++j) {
      if (((y >> j) & 1U) != 0) x ^= kernel[j];
    }
    best = std::min(best, x.popcount());
  }
  return best;
}

TEST(FewestPresses, SubtreesAndCapsMatchBruteForce) {
  // The pieces a distributed search is made of: the classes of one subtree (the top coordinates
  // fixed) and a search for solutions lighter than a bound found elsewhere.
  auto rng = make_rng(2024);
  const Board b = random_solvable(19, 19, rng);  // nullity 16
  const SolveResult r = solve_chase(b);
  ASSERT_EQ(r.kernel.size(), 16U);
  const detail::Gf2Classes all = detail::Gf2Classes::from_boards(r.presses, r.kernel);
  std::size_t overall = std::numeric_limits<std::size_t>::max();
  for (std::uint64_t prefix = 0; prefix < 8; ++prefix) {
    const detail::Gf2Classes part = all.restricted(3, prefix);
    EXPECT_EQ(part.dimension(), 13U);
    const detail::FewestOutcome o = part.minimize({});
    const std::size_t truth = brute_force_subtree(r.presses, r.kernel, 3, prefix);
    EXPECT_EQ(o.weight, truth) << "prefix " << prefix;
    EXPECT_TRUE(o.proven && o.found);
    // The subtree's combination, completed by the prefix, is a solution of that weight.
    Board x = r.presses;
    const std::uint64_t y = (prefix << 13U) | o.combination;
    for (unsigned j = 0; j < 16; ++j) {
      if (((y >> j) & 1U) != 0) x ^= r.kernel[j];
    }
    EXPECT_EQ(x.popcount(), truth);
    overall = std::min(overall, truth);
  }
  EXPECT_EQ(overall, brute_force_min(r.presses, r.kernel));
  const detail::FewestOutcome none = all.minimize({}, overall);
  EXPECT_FALSE(none.found);
  EXPECT_TRUE(none.proven);
  EXPECT_EQ(none.lower_bound, overall);
  const detail::FewestOutcome one = all.minimize({}, overall + 1);
  EXPECT_TRUE(one.found && one.proven);
  EXPECT_EQ(one.weight, overall);
}

TEST(FewestPresses, BoardsAndValuesGiveTheSameClasses) {
  auto rng = make_rng(1101);
  const Board b = random_solvable(19, 19, rng);
  const SolveResult r = solve_chase(b);
  ASSERT_EQ(r.kernel.size(), 16U);
  const auto values = [](const Board& x) {
    std::vector<std::uint8_t> v;
    for (std::size_t i = 0; i < x.rows(); ++i) {
      for (std::size_t j = 0; j < x.cols(); ++j) v.push_back(x.get(i, j) ? 1 : 0);
    }
    return v;
  };
  std::vector<std::vector<std::uint8_t>> kernel;
  for (const Board& k : r.kernel) kernel.push_back(values(k));
  const std::vector<std::uint8_t> x0 = values(r.presses);
  const detail::Gf2Classes a = detail::Gf2Classes::from_boards(r.presses, r.kernel);
  const detail::Gf2Classes c = detail::Gf2Classes::from_values(x0, kernel);
  EXPECT_EQ(a.classes(), c.classes());
  EXPECT_GT(a.classes(), 16U);
  const detail::FewestOutcome x = a.minimize({});
  const detail::FewestOutcome y = c.minimize({});
  EXPECT_EQ(x.weight, y.weight);
  EXPECT_EQ(x.weight, brute_force_min(r.presses, r.kernel));
  EXPECT_TRUE(x.proven && y.proven);
}

TEST(FewestPresses, RandomBoardsUpTo24x24MatchBruteForce) {
  // Every m x n with 1 <= m <= n <= 24 and 1 <= nullity <= 20: a random solvable board, the
  // search unlimited, against the walk over the whole coset.
  auto rng = make_rng(1102);
  int checked = 0;
  for (std::size_t m = 1; m <= 24; ++m) {
    for (std::size_t n = m; n <= 24; ++n) {
      const std::size_t d = solve_chase(Board(m, n)).nullity;
      if (d == 0 || d > 20) continue;
      SCOPED_TRACE(::testing::Message() << m << "x" << n << " nullity " << d);
      const Board b = random_solvable(m, n, rng);
      SolveResult r = solve_chase(b);
      const std::size_t truth = brute_force_min(r.presses, r.kernel);
      minimize_presses(r, SolveOptions{.minimal = true, .minimal_seconds = 0});
      test_support::expect_self_consistent(b, r);
      EXPECT_TRUE(r.minimal_proven);
      EXPECT_EQ(r.presses.popcount(), truth);
      EXPECT_EQ(r.minimal_lower_bound, truth);
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(FewestPresses, AllOnesSquaresMatchBruteForce) {
  // The research table's boards, wherever brute force can follow (nullity <= 20, n <= 40).
  for (std::size_t n = 1; n <= 40; ++n) {
    Board ones(n, n);
    for (std::size_t r = 0; r < n; ++r) {
      for (std::size_t c = 0; c < n; ++c) ones.set(r, c, true);
    }
    SolveResult r = solve_chase(ones);
    if (r.nullity > 20) continue;
    SCOPED_TRACE(::testing::Message() << n << "x" << n);
    const std::size_t truth = brute_force_min(r.presses, r.kernel);
    minimize_presses(r, SolveOptions{.minimal = true, .minimal_seconds = 0});
    test_support::expect_self_consistent(ones, r);
    EXPECT_TRUE(r.minimal_proven);
    EXPECT_EQ(r.presses.popcount(), truth);
  }
}

TEST(FewestPresses, StoppedSearchesKeepTrueLowerBounds) {
  // Budgets from nothing to enough: the bound never exceeds the brute-force minimum, the answer
  // never goes below it, and `proven` means both meet it.
  auto rng = make_rng(1103);
  for (const auto& [m, n] :
       {std::pair<std::size_t, std::size_t>{19, 19}, {23, 23}, {16, 16}, {9, 9}, {14, 19}}) {
    for (int t = 0; t < 3; ++t) {
      const Board b = random_solvable(m, n, rng);
      const SolveResult r = solve_chase(b);
      if (r.kernel.empty() || r.kernel.size() > 20) continue;
      const std::size_t truth = brute_force_min(r.presses, r.kernel);
      const detail::Gf2Classes classes = detail::Gf2Classes::from_boards(r.presses, r.kernel);
      for (const std::uint64_t work : {0ULL, 1ULL, 100ULL, 10000ULL, 1000000ULL, ~0ULL}) {
        SCOPED_TRACE(::testing::Message() << m << "x" << n << " work " << work);
        detail::SearchBudget budget;
        budget.work = work;
        const detail::FewestOutcome out = classes.minimize(budget);
        EXPECT_LE(out.lower_bound, truth);
        EXPECT_GE(out.weight, truth);
        EXPECT_EQ(out.proven, out.lower_bound == out.weight);
        if (out.proven) {
          EXPECT_EQ(out.weight, truth);
        }
        Board x = r.presses;
        for (std::size_t j = 0; j < r.kernel.size(); ++j) {
          if ((out.combination >> j) & 1U) x ^= r.kernel[j];
        }
        EXPECT_EQ(x.popcount(), out.weight);
        if (work == ~0ULL) {
          EXPECT_TRUE(out.proven);
        }
      }
    }
  }
}

TEST(FewestPresses, LargerBoardsMatchBruteForce) {
  // 30 x 30 and 32 x 32 (nullity 20 each), beyond the old enumeration's default reach.
  auto rng = make_rng(1104);
  // 59 x 59 (nullity 22) takes the two-thread search (nullity above 20).
  for (const std::size_t n : {30, 32, 59}) {
    const Board b = random_solvable(n, n, rng);
    SolveResult r = solve_chase(b);
    ASSERT_EQ(r.kernel.size(), n == 59 ? 22U : 20U);
    const std::size_t truth = brute_force_min(r.presses, r.kernel);
    minimize_presses(r, SolveOptions{.minimal = true, .minimal_seconds = 0});
    test_support::expect_self_consistent(b, r);
    EXPECT_TRUE(r.minimal_proven);
    EXPECT_EQ(r.presses.popcount(), truth);
  }
}

// x0 plus the kernel vectors of the bits of y.
Board combine(const Board& x0, const std::vector<Board>& kernel, std::uint64_t y) {
  Board x = x0;
  for (std::size_t j = 0; j < kernel.size(); ++j) {
    if (((y >> j) & 1U) != 0) x ^= kernel[j];
  }
  return x;
}

// The transform of in[] by the textbook loops, in 32-bit sums: the oracle of the vector one.
std::vector<std::int32_t> reference_transform(std::vector<std::int32_t> v) {
  for (std::size_t h = 1; h < v.size(); h <<= 1) {
    for (std::size_t i = 0; i < v.size(); i += h << 1) {
      for (std::size_t t = i; t < i + h; ++t) {
        const std::int32_t x = v[t];
        v[t] = x + v[t + h];
        v[t + h] = x - v[t + h];
      }
    }
  }
  return v;
}

TEST(FewestPresses, VectorTransformMatchesTheDefinition) {
  // Every size from 1 to 2^18 values (the scalar path, the lanes, the chunks and the levels
  // across them), random sparse inputs (repeated indices add up, each term signed by its high
  // bits against the block's) whose sum of magnitudes reaches 2^15 - 1, against out[z] = sum in[w]
  // (-1)^|w & z| (the textbook transform, itself checked against that sum at a sample of z).
  // wht16_sparse leaves every value; wht16_sparse_max returns the maximum when it reaches the
  // floor (something below it otherwise) and leaves the work space zero. Half the inputs plant a
  // peak (most terms signed to agree at one z), so that floors from 3 to 40 sigma (sigma^2 = the
  // sum of the values' squares) take every size of pruned group, 8 to 64 vectors, groups that
  // reach the floor and are finished, and the path that prunes nothing. Every kernel set built
  // that this machine runs (AVX-512, AVX2, the baseline), not only the one it would choose.
  ASSERT_FALSE(detail::wht_kernel_sets().empty());
  EXPECT_EQ(detail::wht_kernel_sets().front(), &detail::wht_kernels());
  for (const detail::WhtKernels* kernels : detail::wht_kernel_sets()) {
    const detail::WhtKernelsOverride use(*kernels);
    SCOPED_TRACE(::testing::Message()
                 << "kernel set with groups up to 2^" << kernels->last_group_bits);
    std::mt19937_64 rng(1106);
    for (unsigned bits = 0; bits <= detail::kWhtMaxBits; ++bits) {
      for (const bool peak : {false, true}) {
        SCOPED_TRACE(::testing::Message() << "bits " << bits << (peak ? ", a peak" : ""));
        const std::size_t n = std::size_t{1} << bits;
        const std::size_t space = detail::wht16_space(bits);
        auto* v = static_cast<std::int16_t*>(::operator new (space * 2, std::align_val_t{64}));
        std::fill(v, v + space, std::int16_t{0});
        std::vector<detail::WhtTerm> terms;
        std::vector<std::int32_t> in(n, 0);
        const std::uint64_t h = rng();  // the block: each term's sign is (-1)^|high & h|
        const std::size_t planted = rng() % n;
        double energy = 0;
        int left = 32767;
        for (std::size_t e = 0; left > 0 && e < 3 * n + 40; ++e) {
          const int big = peak ? 9 : 4000;
          const int mag = std::min<int>(left, e < 4 ? big : 1 + static_cast<int>(rng() % 9));
          const auto index = static_cast<std::uint32_t>(rng() % n);
          const std::uint64_t high = rng();
          const bool odd = (std::popcount(high & h) & 1) != 0;
          // With a peak, three terms in four add to out[planted].
          bool negative = rng() % 2 != 0;
          if (peak && rng() % 4 != 0) negative = odd != ((std::popcount(index & planted) & 1) != 0);
          const auto value = static_cast<std::int16_t>(negative ? -mag : mag);
          terms.push_back({high, index, value});
          in[index] += odd ? -value : value;
          energy += static_cast<double>(mag) * mag;
          left -= mag;
        }
        const std::vector<std::int32_t> out = reference_transform(in);
        for (std::size_t z = 0; z < n; z += bits <= 8 ? 1 : 1 + rng() % 997) {
          std::int32_t sum = 0;
          for (std::size_t w = 0; w < n; ++w)
            sum += (std::popcount(w & z) & 1) != 0 ? -in[w] : in[w];
          ASSERT_EQ(out[z], sum) << "z " << z;
        }
        const std::int32_t want_top = *std::max_element(out.begin(), out.end());
        const auto all_zero = [v, n] {
          return std::all_of(v, v + n, [](auto x) { return x == 0; });
        };
        const std::int32_t top = detail::wht16_sparse_max(v, bits, terms, h);
        EXPECT_EQ(top, want_top);
        ASSERT_TRUE(all_zero());
        detail::wht16_sparse(v, bits, terms, h);
        for (std::size_t z = 0; z < n; ++z) ASSERT_EQ(v[z], out[z]) << "z " << z;
        const std::size_t at = detail::wht16_find(v, bits, top);
        ASSERT_LT(at, n);
        EXPECT_EQ(v[at], top);
        for (std::size_t z = 0; z < at; ++z) EXPECT_LT(v[z], top);
        std::fill(v, v + n, std::int16_t{0});
        // Floors around the maximum (where the pruning decides), at multiples of sigma (which pick
        // the size of the pruned groups), below every value and above all.
        std::vector<std::int32_t> floors = {want_top - 40,  want_top - 3, want_top, want_top + 1,
                                            want_top + 500, -40000,       40000};
        for (const double k : {3.0, 3.6, 4.2, 4.6, 5.2, 5.8, 6.5, 8.0, 12.0, 20.0, 40.0}) {
          floors.push_back(static_cast<std::int32_t>(k * std::sqrt(energy)));
        }
        for (const std::int32_t floor : floors) {
          SCOPED_TRACE(::testing::Message() << "floor " << floor);
          const std::int32_t got = detail::wht16_sparse_max(v, bits, terms, h, floor);
          if (want_top >= floor) {
            EXPECT_EQ(got, want_top);
          } else {
            EXPECT_LT(got, floor);
          }
          ASSERT_TRUE(all_zero());
        }
        ::operator delete (v, std::align_val_t{64});
      }
    }
  }
}

TEST(FewestPresses, BranchAndBoundAgreesWithExhaustive) {
  // Random boards of nullity 24 and 27 (and all-ones 62 x 62, nullity 24): both methods return
  // the first lightest solution, the same combination, proven, and it weighs what they say.
  // Nullity 28 to 32 is checked through the CLI (tests/cli), where the release build is fast.
  auto rng = make_rng(1107);
  struct Case {
    std::size_t m, n, nullity;
    bool ones;
  };
  for (const Case c : {Case{62, 62, 24, false}, Case{50, 84, 24, false}, Case{62, 62, 24, true},
                       Case{27, 35, 27, false}}) {
    SCOPED_TRACE(::testing::Message() << c.m << "x" << c.n << (c.ones ? " all ones" : ""));
    Board b(c.m, c.n);
    if (c.ones) {
      for (std::size_t r = 0; r < c.m; ++r) {
        for (std::size_t k = 0; k < c.n; ++k) b.set(r, k, true);
      }
    } else {
      b = random_solvable(c.m, c.n, rng);
    }
    const SolveResult r = solve_chase(b);
    ASSERT_EQ(r.kernel.size(), c.nullity);
    const detail::Gf2Classes classes = detail::Gf2Classes::from_boards(r.presses, r.kernel);
    const detail::FewestOutcome bnb = classes.minimize({});
    const detail::FewestOutcome all = classes.minimize(
        {}, std::numeric_limits<std::uint64_t>::max(), detail::FewestMethod::exhaustive);
    EXPECT_TRUE(bnb.proven && all.proven && bnb.found && all.found);
    EXPECT_EQ(bnb.weight, all.weight);
    EXPECT_EQ(bnb.combination, all.combination);
    EXPECT_EQ(combine(r.presses, r.kernel, all.combination).popcount(), all.weight);
    // Asked for less than the minimum, neither finds anything and both prove it.
    const detail::FewestOutcome none =
        classes.minimize({}, all.weight, detail::FewestMethod::exhaustive);
    EXPECT_FALSE(none.found);
    EXPECT_TRUE(none.proven);
    EXPECT_EQ(none.lower_bound, all.weight);
  }
}

TEST(FewestPresses, ExhaustiveMatchesBruteForceAndKeepsTrueBounds) {
  // Small nullities (the transform alone, and a few blocks) against the walk over the coset;
  // stopped early, the bound is still at most the minimum.
  auto rng = make_rng(1108);
  for (const auto& [m, n] :
       {std::pair<std::size_t, std::size_t>{19, 19}, {23, 23}, {9, 9}, {30, 30}, {4, 4}, {1, 1}}) {
    SCOPED_TRACE(::testing::Message() << m << "x" << n);
    const Board b = random_solvable(m, n, rng);
    const SolveResult r = solve_chase(b);
    const std::size_t truth = brute_force_min(r.presses, r.kernel);
    const detail::Gf2Classes classes = detail::Gf2Classes::from_boards(r.presses, r.kernel);
    for (const std::uint64_t work : {0ULL, 1ULL, 1000000ULL, ~0ULL}) {
      detail::SearchBudget budget;
      budget.work = work;
      const detail::FewestOutcome out = classes.minimize(
          budget, std::numeric_limits<std::uint64_t>::max(), detail::FewestMethod::exhaustive);
      EXPECT_LE(out.lower_bound, truth);
      EXPECT_GE(out.weight, truth);
      EXPECT_EQ(out.proven, out.lower_bound == out.weight);
      EXPECT_EQ(combine(r.presses, r.kernel, out.combination).popcount(), out.weight);
      if (work == ~0ULL) {
        EXPECT_TRUE(out.proven);
        EXPECT_EQ(out.weight, truth);
        EXPECT_EQ(out.combination, classes.minimize({}).combination);
      }
    }
  }
}

// The fewest presses over Z_k by plain enumeration of the whole solution set: the oracle.
std::uint64_t zk_brute_force(const std::vector<std::uint8_t>& x0,
                             const std::vector<std::vector<std::uint8_t>>& kernel,
                             const std::vector<unsigned>& orders, unsigned k) {
  std::vector<unsigned> digit(kernel.size(), 0);
  std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
  while (true) {
    std::uint64_t w = 0;
    for (std::size_t i = 0; i < x0.size(); ++i) {
      unsigned v = x0[i];
      for (std::size_t j = 0; j < kernel.size(); ++j) v += digit[j] * kernel[j][i];
      w += v % k;
    }
    best = std::min(best, w);
    std::size_t j = 0;
    while (j < digit.size() && ++digit[j] == orders[j]) digit[j++] = 0;
    if (j == digit.size()) break;
  }
  return best;
}

TEST(FewestPresses, ZkWalkAndItsBoundAgainstBruteForce) {
  auto rng = make_rng(1105);
  int checked = 0;
  for (const char* text : {"torus,states=3", "states=4", "torus,states=6", "nbhd=x,states=5",
                           "states=3", "torus,states=4"}) {
    const Rules rules = parse_rules(text);
    for (const auto& [m, n] : {std::pair<std::size_t, std::size_t>{4, 4},
                               {3, 6},
                               {5, 5},
                               {2, 3},
                               {3, 3},
                               {6, 6},
                               {3, 4}}) {
      // Lights made by random presses: always solvable.
      std::vector<std::uint8_t> presses(m * n);
      for (auto& v : presses) v = static_cast<std::uint8_t>(rng() % rules.states);
      std::vector<std::uint8_t> lights(m * n, 0);
      build_press_system(rules, m, n).apply(presses, lights);
      const Result r = solve_rules(rules, m, n, lights);
      const test_support::ResultValues v = test_support::values_of(r);
      if (!r.solvable || r.kernel.empty()) continue;
      std::uint64_t size = 1;
      for (const unsigned o : r.kernel_orders) size *= o;
      if (size > 20000) continue;
      SCOPED_TRACE(::testing::Message() << text << " " << m << "x" << n);
      const std::uint64_t truth =
          zk_brute_force(v.presses, v.kernel, r.kernel_orders, rules.states);
      ++checked;
      for (const std::uint64_t work : {0ULL, 50ULL, ~0ULL}) {
        std::vector<std::uint8_t> x = v.presses;
        detail::SearchBudget budget;
        budget.work = work;
        const detail::FewestOutcome out =
            detail::fewest_zk(x, v.kernel, r.kernel_orders, rules.states, budget);
        std::uint64_t w = 0;
        for (const std::uint8_t v : x) w += v;
        EXPECT_EQ(w, out.weight);
        EXPECT_LE(out.lower_bound, truth);
        EXPECT_GE(out.weight, truth);
        EXPECT_EQ(out.proven, out.lower_bound == out.weight);
        if (work == ~0ULL) {
          EXPECT_TRUE(out.proven);
          EXPECT_EQ(out.weight, truth);
        }
      }
    }
  }
  EXPECT_GE(checked, 5);
}

TEST(FewestPresses, EveryMethodCarriesATrueBound) {
  // Through Solver, every method and rule family: with a tiny step budget the bound is at most
  // the answer and `proven` means they meet; unlimited, the answer is proven and no method
  // disagrees with another on the minimum.
  struct Case {
    const char* rules;
    std::size_t rows, cols;
    std::vector<Method> methods;
  };
  const std::vector<Case> cases = {
      {"", 5, 5, {Method::tables, Method::enumerate, Method::chase, Method::poly, Method::gf2}},
      {"",
       16,
       16,
       {Method::enumerate, Method::chase, Method::poly, Method::dense, Method::banded,
        Method::gf2}},
      {"torus", 10, 10, {Method::chase, Method::banded, Method::gf2}},
      {"nbhd=x", 9, 9, {Method::banded, Method::gf2}},
      {"states=3", 4, 4, {Method::chase, Method::zk}},
      {"torus,states=4", 4, 4, {Method::chase, Method::zk}},
  };
  for (const Case& c : cases) {
    const Rules rules = parse_rules(c.rules);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Grid lights = random_grid(rules, c.rows, c.cols, seed, 0.5, true);
      std::optional<std::uint64_t> minimum;
      for (const Method m : c.methods) {
        SCOPED_TRACE(::testing::Message() << "rules '" << c.rules << "' " << c.rows << "x" << c.cols
                                          << " " << method_name(m) << " seed " << seed);
        const Solver solver(rules, c.rows, c.cols, m);
        const Result tiny = solver.solve(lights, {.minimal = true, .minimal_budget = 1});
        ASSERT_TRUE(tiny.solvable);
        EXPECT_TRUE(tiny.minimal);
        EXPECT_LE(tiny.minimal_lower_bound, tiny.presses.total());
        EXPECT_EQ(tiny.minimal_proven, tiny.minimal_lower_bound == tiny.presses.total());
        const Result full = solver.solve(lights, {.minimal = true, .minimal_seconds = 0});
        EXPECT_TRUE(full.minimal_proven);
        EXPECT_EQ(full.minimal_lower_bound, full.presses.total());
        EXPECT_LE(tiny.minimal_lower_bound, full.presses.total());
        EXPECT_GE(tiny.presses.total(), full.presses.total());
        if (!minimum) minimum = full.presses.total();
        EXPECT_EQ(full.presses.total(), *minimum);
      }
    }
  }
}

}  // namespace
}  // namespace lightsout
