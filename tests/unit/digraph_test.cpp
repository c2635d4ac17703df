// Directed press graphs (digraph=): the text form, and every solver of graph rules against brute
// force over all press vectors, computed here from the arcs alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lightsout/fix_solvable.hpp"
#include "lightsout/judge_family.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "lightsout/word_system.hpp"

#include "core/word_system_wide.hpp"

namespace lightsout {
namespace {

using Arcs = std::vector<std::pair<unsigned, unsigned>>;  // u > v: a press of u changes v

// A random digraph on n nodes, each arc present with probability `density`.
Arcs random_arcs(unsigned n, double density, std::mt19937_64& rng) {
  std::bernoulli_distribution take(density);
  Arcs arcs;
  for (unsigned u = 0; u < n; ++u) {
    for (unsigned v = 0; v < n; ++v) {
      if (u != v && take(rng)) arcs.emplace_back(u, v);
    }
  }
  return arcs;
}

// The inline text, every arc written `repeat` times over (a repeated arc counts once).
std::string digraph_text(unsigned n, const Arcs& arcs, unsigned repeat = 1) {
  std::string text = "digraph=[" + std::to_string(n) + ":";
  bool first = true;
  for (unsigned r = 0; r < repeat; ++r) {
    for (const auto& [u, v] : arcs) {
      if (!first) text += '/';
      first = false;
      text += std::to_string(u) + ">" + std::to_string(v);
    }
  }
  return text + "]";
}

// The brute force: press counts x in Z_K^n (every one of the K^n), the lights each leaves, and
// how many of them leave `lights` all at the goal 0. Apart from the library: its own arc walk.
struct Brute {
  std::uint64_t count = 0;
  std::vector<std::uint8_t> one;  // some solution, when count > 0
};

Brute brute_force(unsigned n, const Arcs& arcs, unsigned k, bool self,
                  const std::vector<std::uint8_t>& lights) {
  Brute out;
  std::vector<std::uint8_t> x(n, 0);
  while (true) {
    std::vector<unsigned> end(lights.begin(), lights.end());
    for (unsigned u = 0; u < n; ++u) {
      if (self) end[u] += x[u];
    }
    for (const auto& [u, v] : arcs) end[v] += x[u];
    bool dark = true;
    for (const unsigned value : end) dark = dark && value % k == 0;
    if (dark && out.count++ == 0) out.one = x;
    unsigned i = 0;
    while (i < n && ++x[i] == k) x[i++] = 0;
    if (i == n) break;
  }
  return out;
}

// Two states, with bit masks: histogram of the effect of every press set.
std::vector<std::uint32_t> effect_histogram(unsigned n, const Arcs& arcs, bool self) {
  std::vector<std::uint32_t> out_word(n, 0);
  for (unsigned u = 0; u < n; ++u) out_word[u] = self ? 1U << u : 0;
  for (const auto& [u, v] : arcs) out_word[u] |= 1U << v;
  std::vector<std::uint32_t> hist(std::size_t{1} << n, 0);
  for (std::uint32_t s = 0; s < (1U << n); ++s) {
    std::uint32_t e = 0;
    for (unsigned u = 0; u < n; ++u) {
      if ((s >> u) & 1U) e ^= out_word[u];
    }
    ++hist[e];
  }
  return hist;
}

std::string rules_error(const std::string& text) {
  try {
    parse_rules(text);
  } catch (const RulesError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Digraph, TextParsesPrintsAndRoundTrips) {
  const Rules r = parse_rules("digraph=[4:0>1/1>2/0>1/3>0],states=3");
  EXPECT_TRUE(r.directed);
  const std::vector<std::vector<std::uint32_t>> lists = {{1}, {2}, {}, {0}};
  EXPECT_EQ(r.graph, lists);
  EXPECT_EQ(to_string(r), "digraph=[4:0>1/1>2/3>0],states=3");
  EXPECT_EQ(parse_rules(to_string(r)), r);
  // Not the undirected graph of the same edges, which has both directions.
  const Rules undirected = parse_rules("graph=[4:0-1/1-2/3-0],states=3");
  EXPECT_NE(undirected, r);
  EXPECT_EQ(to_string(undirected), "graph=[4:0-1/0-3/1-2],states=3");
  // Both arcs of every edge: the same press matrix, still printed as a digraph.
  const Rules both = parse_rules("digraph=[3:0>1/1>0/2>1/1>2],self=0,target=on");
  EXPECT_EQ(both.graph, parse_rules("graph=[3:0-1/1-2]").graph);
  EXPECT_EQ(to_string(both), "digraph=[3:0>1/1>0/1>2/2>1],self=0,target=on");
  EXPECT_EQ(parse_rules(to_string(both)), both);
  // No arcs at all, and the file form through a loader.
  EXPECT_EQ(to_string(parse_rules("digraph=[2:]")), "digraph=[2:]");
  const FileLoader files = [](const std::string& path) -> std::string {
    if (path == "switches.txt") return "# POJ 1830, 0-based\n3\n0 1\n\n2 0\n0 1\n";
    throw std::runtime_error("cannot open '" + path + "'");
  };
  const Rules from_file = parse_rules("digraph=switches.txt", files);
  EXPECT_EQ(from_file.graph_label, "digraph=switches.txt");
  EXPECT_EQ(from_file, parse_rules("digraph=[3:0>1/2>0]"));
  // Random digraphs with repeated arcs: the text round trip keeps them whole.
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 20);
    const Rules d = parse_rules(digraph_text(n, random_arcs(n, 0.2, rng), 2));
    EXPECT_EQ(parse_rules(to_string(d)), d);
  }
}

TEST(Digraph, TextErrorsAreOneLine) {
  EXPECT_EQ(rules_error("digraph=[3:0>3]"),
            "rules: token 'digraph=[3:0>3]': line 2: node 3 is out of range 0..2");
  EXPECT_EQ(rules_error("digraph=[3:1>1]"),
            "rules: token 'digraph=[3:1>1]': line 2: self-loop on node 1");
  EXPECT_EQ(rules_error("digraph=[3:0-1]"),
            "rules: token 'digraph=[3:0-1]': expected an edge 'u>v', found '0-1'");
  EXPECT_EQ(rules_error("graph=[3:0>1]"),
            "rules: token 'graph=[3:0>1]': expected an edge 'u-v', found '0>1'");
  EXPECT_EQ(rules_error("graph=[3:0-1],digraph=[3:0>1]"),
            "rules: token 'digraph=[3:0>1]': the graph is already given by 'graph=[3:0-1]'");
  EXPECT_EQ(rules_error("torus,digraph=[2:0>1]"),
            "rules: token 'torus': does not apply to a graph ('digraph=[2:0>1]')");
  EXPECT_EQ(rules_error("digraph=[0:]"),
            "rules: token 'digraph=[0:]': line 1: expected the node count N in 1..16777216, "
            "found '0'");
  EXPECT_EQ(rules_error("digraph=[2:0>1"),
            "rules: token 'digraph=[2:0>1': an inline value must end with ']'");
  // Rules built by hand: the invariants are checked before a press system is built.
  Rules bad;
  bad.directed = true;
  bad.graph = {{1}, {0, 0}};
  EXPECT_THROW(build_press_system(bad, 2, 1), RulesError);
  bad.graph = {{2}, {}};
  try {
    build_press_system(bad, 2, 1);
    ADD_FAILURE() << "no error";
  } catch (const RulesError& e) {
    EXPECT_STREQ(e.what(), "rules: token 'digraph': node 0 lists 2, out of range 0..1");
  }
  Rules one_sided;  // undirected lists must be symmetric
  one_sided.graph = {{1}, {}};
  try {
    check_graph(one_sided);
    ADD_FAILURE() << "no error";
  } catch (const RulesError& e) {
    EXPECT_STREQ(e.what(),
                 "rules: token 'graph': node 0 lists 1, but 1 does not list 0 (an undirected "
                 "graph keeps each edge in both lists)");
  }
  one_sided.directed = true;
  EXPECT_NO_THROW(check_graph(one_sided));
}

// The word count against the brute force over all 2^n press sets, n <= 12.
TEST(Digraph, WordCountMatchesBruteForce) {
  std::mt19937_64 rng(1830);
  for (int trial = 0; trial < 3000; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(trial % 12);
    const double density = 0.05 + 0.1 * static_cast<double>(rng() % 6);
    const bool self = rng() % 5 != 0;
    const Arcs arcs = random_arcs(n, density, rng);
    Rules rules = parse_rules(digraph_text(n, arcs, 1 + static_cast<unsigned>(rng() % 2)));
    rules.self = self;
    const std::vector<std::uint32_t> hist = effect_histogram(n, arcs, self);
    std::uint64_t images = 0;
    for (const std::uint32_t h : hist) images += h != 0 ? 1 : 0;
    const auto columns = graph_press_columns(rules);
    const std::span<const std::uint64_t> used = std::span(columns).first(n);
    for (int t = 0; t < 6; ++t) {
      const std::uint32_t target = static_cast<std::uint32_t>(rng()) & ((1U << n) - 1);
      const WordSystemCount c = count_word_system(used, target);
      ASSERT_EQ(c.reachable, hist[target] != 0) << digraph_text(n, arcs);
      if (c.reachable) {
        ASSERT_EQ(std::uint64_t{1} << c.nullity, hist[target]);
      }
      // Every image has 2^nullity preimages: the rank, from the histogram.
      ASSERT_EQ(images << c.nullity, std::uint64_t{1} << n);
    }
  }
}

// The batched count against count_word_system: batches of 1..20 systems of mixed sizes 1..32
// (sparse like the switch problem's, dense, with repeated and all-0 columns), with each kernel
// (the AVX-512 one where the CPU has it, and the portable one).
void expect_small_batches_match_one_by_one(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int unreachable = 0;
  int nullities = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t k = 1 + rng() % 20;
    std::vector<std::array<std::uint64_t, 32>> columns(k);
    std::vector<SmallWordSystem> systems(k);
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t n = 1 + rng() % 32;
      const std::uint64_t all = n == 32 ? 0xFFFFFFFFULL : (std::uint64_t{1} << n) - 1;
      const bool sparse = rng() % 2 == 0;
      for (std::size_t j = 0; j < n; ++j) {
        std::uint64_t c = sparse ? (std::uint64_t{1} << j) | (std::uint64_t{1} << (rng() % n))
                                 : rng() & rng() & all;
        if (rng() % 8 == 0 && j > 0) c = columns[i][rng() % j];  // a repeated column
        columns[i][j] = c;
      }
      systems[i] = {n, columns[i].data(), rng() & all};
    }
    std::vector<WordSystemCount> counts(k);
    count_small_word_systems(systems, counts);
    for (std::size_t i = 0; i < k; ++i) {
      const WordSystemCount want = count_word_system(
          std::span<const std::uint64_t>(columns[i].data(), systems[i].n), systems[i].target);
      ASSERT_EQ(counts[i], want) << "trial " << trial << ", system " << i;
      unreachable += want.reachable ? 0 : 1;
      nullities += want.nullity > 0 ? 1 : 0;
    }
  }
  EXPECT_GT(unreachable, 500);
  EXPECT_GT(nullities, 500);
  const std::array<std::uint64_t, 33> wide{};
  std::array<std::uint64_t, 3> high{1, std::uint64_t{1} << 32, 2};
  std::vector<WordSystemCount> one(1);
  EXPECT_THROW(count_small_word_systems(std::vector<SmallWordSystem>{{33, wide.data(), 0}}, one),
               std::invalid_argument);
  EXPECT_THROW(count_small_word_systems(
                   std::vector<SmallWordSystem>{{2, wide.data(), std::uint64_t{1} << 32}}, one),
               std::invalid_argument);
  EXPECT_THROW(count_small_word_systems(std::vector<SmallWordSystem>{{3, high.data(), 0}}, one),
               std::invalid_argument);
  EXPECT_THROW(count_small_word_systems(std::vector<SmallWordSystem>{}, one),
               std::invalid_argument);
}

TEST(Digraph, SmallBatchCountsMatchOneByOne) {
  const bool was = detail::use_wide_small_systems(true);
  expect_small_batches_match_one_by_one(8);
  detail::use_wide_small_systems(false);
  expect_small_batches_match_one_by_one(9);
  detail::use_wide_small_systems(was);
}

// The Solver on a digraph, every method that takes graphs, against the brute force: the
// solvability, the exact count, the nullity, and a solution that works.
TEST(Digraph, SolverMethodsMatchBruteForce) {
  std::mt19937_64 rng(29);
  struct Case {
    unsigned k;
    Method method;
    unsigned max_n;
  };
  const Case cases[] = {{2, Method::automatic, 12}, {2, Method::gf2, 12},   {2, Method::banded, 12},
                        {3, Method::zk, 7},         {3, Method::banded, 7}, {4, Method::zk, 6},
                        {5, Method::automatic, 5},  {6, Method::zk, 5}};
  for (const Case& c : cases) {
    for (int trial = 0; trial < 150; ++trial) {
      const unsigned n = 1 + static_cast<unsigned>(rng() % c.max_n);
      const Arcs arcs = random_arcs(n, 0.1 + 0.1 * static_cast<double>(rng() % 4), rng);
      Rules rules = parse_rules(digraph_text(n, arcs) + ",states=" + std::to_string(c.k));
      rules.self = rng() % 4 != 0;
      std::vector<std::uint8_t> lights(n);
      for (auto& v : lights) v = static_cast<std::uint8_t>(rng() % c.k);
      if (trial % 3 == 0) std::fill(lights.begin(), lights.end(), 0);
      const Brute brute = brute_force(n, arcs, c.k, rules.self, lights);
      const Solver solver(rules, n, 1, c.method);
      const Result r = solver.solve(Grid::from_values(n, 1, c.k, lights));
      const std::string what = to_string(rules) + " method " + std::string(method_name(c.method));
      ASSERT_EQ(r.solvable, brute.count != 0) << what;
      ASSERT_EQ(r.solutions.value(), brute.count) << what;
      if (!r.solvable) continue;
      // The solution found, applied with the brute force's own arc walk.
      const std::vector<std::uint8_t> x = r.presses.to_values();
      std::vector<unsigned> end(lights.begin(), lights.end());
      for (unsigned u = 0; u < n; ++u) end[u] += rules.self ? x[u] : 0;
      for (const auto& [u, v] : arcs) end[v] += x[u];
      for (const unsigned value : end) ASSERT_EQ(value % c.k, 0U) << what;
      if (c.k == 2) {
        ASSERT_EQ(std::uint64_t{1} << r.nullity, brute.count) << what;
      }
    }
  }
}

// Up to 28 nodes (POJ 1830's limit): the word count against the Solver's elimination, and against
// the brute force while 2^n stays small.
TEST(Digraph, WordCountMatchesSolverUpTo28) {
  std::mt19937_64 rng(128);
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 28);
    const Arcs arcs = random_arcs(n, 0.02 + 0.04 * static_cast<double>(rng() % 5), rng);
    const Rules rules = parse_rules(digraph_text(n, arcs));
    const std::uint64_t start = rng() & ((std::uint64_t{1} << n) - 1);
    const auto columns = graph_press_columns(rules);
    const WordSystemCount c = count_word_system(std::span(columns).first(n), start);
    std::vector<std::uint8_t> lights(n);
    for (unsigned i = 0; i < n; ++i) lights[i] = static_cast<std::uint8_t>((start >> i) & 1U);
    for (const Method m : {Method::gf2, Method::automatic}) {
      const Result r = Solver(rules, n, 1, m).solve(Grid::from_values(n, 1, 2, lights));
      ASSERT_EQ(r.solvable, c.reachable) << to_string(rules);
      ASSERT_EQ(r.nullity, c.nullity) << to_string(rules);
      ASSERT_EQ(r.solutions, c.reachable ? SolutionCount::power(2, c.nullity) : SolutionCount{})
          << to_string(rules);
    }
    if (n <= 14) {
      const Brute brute = brute_force(n, arcs, 2, true, lights);
      ASSERT_EQ(brute.count, c.reachable ? std::uint64_t{1} << c.nullity : 0) << to_string(rules);
    }
  }
}

// POJ 1830's sample: 3 switches each flipping the others, 000 -> 111 in 4 ways; with only 1 and 2
// joined (both ways), 000 -> 101 is impossible.
TEST(Digraph, Poj1830Sample) {
  const Rules all = parse_rules("digraph=[3:0>1/0>2/1>0/1>2/2>0/2>1]");
  const auto all_columns = graph_press_columns(all);
  const WordSystemCount four = count_word_system(std::span(all_columns).first(3), 0b111);
  EXPECT_EQ(four, (WordSystemCount{true, 2}));
  const Rules pair = parse_rules("digraph=[3:0>1/1>0]");
  const auto pair_columns = graph_press_columns(pair);
  EXPECT_FALSE(count_word_system(std::span(pair_columns).first(3), 0b101).reachable);
  const Result r =
      Solver(all, 3, 1).solve(Grid::from_values(3, 1, 2, std::vector<std::uint8_t>{1, 1, 1}));
  EXPECT_EQ(r.solutions.value(), 4U);
  EXPECT_THROW(count_word_system(std::vector<std::uint64_t>(65, 1), 0), std::invalid_argument);
  EXPECT_THROW(graph_press_columns(parse_rules("digraph=[65:]")), std::invalid_argument);
  EXPECT_THROW(graph_press_columns(parse_rules("digraph=[3:],states=3")), std::invalid_argument);
}

// Past the tables (over 64 nodes): the automatic choice (banded for arcs of short reach) against
// dense elimination, and its solution checked with the arcs.
TEST(Digraph, LargeDigraphsAutomaticMatchesDense) {
  std::mt19937_64 rng(64);
  for (int trial = 0; trial < 40; ++trial) {
    const unsigned n = 65 + static_cast<unsigned>(rng() % 300);
    const unsigned k = trial % 2 == 0 ? 2 : 3;
    const unsigned reach = trial % 4 < 2 ? 3 : n;  // short arcs: banded; any arcs: dense
    Arcs arcs;
    for (unsigned u = 0; u < n; ++u) {
      for (int a = 0; a < 2; ++a) {
        const unsigned v = static_cast<unsigned>((u + 1 + rng() % std::min(reach, n - 1)) % n);
        if (v != u && (reach == n || (v > u ? v - u : u - v) <= reach)) arcs.emplace_back(u, v);
      }
    }
    std::sort(arcs.begin(), arcs.end());  // an arc drawn twice counts once
    arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
    const Rules rules = parse_rules(digraph_text(n, arcs) + ",states=" + std::to_string(k));
    std::vector<std::uint8_t> lights(n, 0);
    for (auto& v : lights) v = static_cast<std::uint8_t>(rng() % k);
    const Grid grid = Grid::from_values(n, 1, k, lights);
    const Solver automatic(rules, n, 1);
    const Result a = automatic.solve(grid);
    const Result d = Solver(rules, n, 1, k == 2 ? Method::gf2 : Method::zk).solve(grid);
    const std::string what =
        to_string(rules) + " by " + std::string(method_name(automatic.method()));
    ASSERT_EQ(a.solvable, d.solvable) << what;
    ASSERT_EQ(a.solutions, d.solutions) << what;
    ASSERT_EQ(a.nullity, d.nullity) << what;
    if (reach == 3) {
      EXPECT_EQ(automatic.method(), Method::banded) << what;
    }
    if (!a.solvable) continue;
    const std::vector<std::uint8_t> x = a.presses.to_values();
    std::vector<unsigned> end(lights.begin(), lights.end());
    for (unsigned u = 0; u < n; ++u) end[u] += x[u];
    for (const auto& [u, v] : arcs) end[v] += x[u];
    for (const unsigned value : end) ASSERT_EQ(value % k, 0U) << what;
  }
}

// An undirected graph and the digraph of both arcs of each edge: one press matrix, one answer.
TEST(Digraph, BothArcsSolveLikeTheUndirectedGraph) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 100; ++trial) {
    const unsigned n = 2 + static_cast<unsigned>(rng() % 40);
    Arcs edges;
    Arcs both;
    for (const auto& [u, v] : random_arcs(n, 0.08, rng)) {
      if (u < v) {
        edges.emplace_back(u, v);
        both.emplace_back(u, v);
        both.emplace_back(v, u);
      }
    }
    std::string text = "graph=[" + std::to_string(n) + ":";
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (i > 0) text += '/';
      text += std::to_string(edges[i].first) + "-" + std::to_string(edges[i].second);
    }
    const Rules undirected = parse_rules(text + "]");
    const Rules directed = parse_rules(digraph_text(n, both));
    ASSERT_EQ(undirected.graph, directed.graph);
    std::vector<std::uint8_t> lights(n);
    for (auto& v : lights) v = static_cast<std::uint8_t>(rng() % 2);
    const Grid grid = Grid::from_values(n, 1, 2, lights);
    const Result a = Solver(undirected, n, 1).solve(grid);
    const Result b = Solver(directed, n, 1).solve(grid);
    ASSERT_EQ(a.solvable, b.solvable);
    ASSERT_EQ(a.solutions, b.solutions);
    ASSERT_EQ(a.presses.to_values(), b.presses.to_values());
  }
}

// The fewest lights to change to make a board solvable: its conditions are the quiet patterns of
// the transposed matrix, here the digraph with every arc reversed (not the digraph itself).
TEST(Digraph, FixSolvableUsesTheReversedArcs) {
  const Rules path = parse_rules("digraph=[3:0>1/0>2]");
  const Rules reversed = transposed_rules(path);
  EXPECT_EQ(reversed, parse_rules("digraph=[3:1>0/2>0]"));
  EXPECT_EQ(transposed_rules(reversed), path);
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 9);
    const Arcs arcs = random_arcs(n, 0.3, rng);
    Rules rules = parse_rules(digraph_text(n, arcs));
    rules.self = rng() % 3 != 0;
    const std::vector<std::uint32_t> hist = effect_histogram(n, arcs, rules.self);
    const auto lights = static_cast<std::uint32_t>(rng() & ((1U << n) - 1));
    int fewest = 64;
    for (std::uint32_t e = 0; e < hist.size(); ++e) {
      if (hist[e] != 0) fewest = std::min(fewest, std::popcount(lights ^ e));
    }
    std::vector<std::uint8_t> values(n);
    for (unsigned i = 0; i < n; ++i) values[i] = static_cast<std::uint8_t>((lights >> i) & 1U);
    const std::optional<SolvableFix> fix =
        fewest_changes_to_solvable(rules, Grid::from_values(n, 1, 2, values));
    ASSERT_TRUE(fix.has_value());
    ASSERT_TRUE(fix->exact);
    ASSERT_EQ(static_cast<int>(fix->changes.size()), fewest) << to_string(rules);
  }
}

// The switch problem's reader builds the press columns of the digraph its links spell (I J is the
// arc I-1 > J-1; a repeated link or I I changes nothing): the judge's answer is that rule's count.
TEST(Digraph, Poj1830ReaderColumnsAreTheDigraphRules) {
  std::mt19937_64 rng(1830);
  for (int trial = 0; trial < 500; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 28);
    std::string text = "1\n";  // appends only: GCC 12 warns falsely on "literal" + string
    text += std::to_string(n);
    text += '\n';
    for (int row = 0; row < 2; ++row) {
      for (unsigned i = 0; i < n; ++i) {
        if (i != 0) text += ' ';
        text += std::to_string(rng() & 1U);
      }
      text += "\n";
    }
    Arcs arcs;
    const unsigned links = static_cast<unsigned>(rng() % (3 * n + 1));
    for (unsigned k = 0; k < links; ++k) {
      const unsigned u = 1 + static_cast<unsigned>(rng() % n);
      const unsigned v = 1 + static_cast<unsigned>(rng() % n);
      text += std::to_string(u);
      text += ' ';
      text += std::to_string(v);
      text += '\n';
      if (u != v) arcs.emplace_back(u - 1, v - 1);
    }
    text += "0 0\n";
    std::sort(arcs.begin(), arcs.end());
    arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
    std::size_t at = 0;
    JudgeCaseReader reader(JudgeProblem::poj1830, [&](char* buf, std::size_t cap) {
      const std::size_t k = std::min(cap, text.size() - at);
      std::copy_n(text.data() + at, k, buf);
      at += k;
      return k;
    });
    SwitchCase c;
    ASSERT_TRUE(reader.next(c));
    const auto columns = graph_press_columns(parse_rules(digraph_text(n, arcs)));
    for (unsigned i = 0; i < n; ++i) ASSERT_EQ(c.presses[i], columns[i]) << text;
    ASSERT_FALSE(reader.next(c));
  }
}

}  // namespace
}  // namespace lightsout
