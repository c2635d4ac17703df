// Unit tests for solve_rules: brute force over every press vector on tiny boards for every rule
// and many K, the Z_{p^e} elimination on random matrices, nullities computed two ways, the
// classic solvers' agreement, and the errors.
#include "core/solve_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/solve.hpp"
#include "core/zk_matrix.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;

// ---------------------------------------------------------------------------------------------
// The oracle: the press matrix written from the definitions, not from PressSystem.

// One variant, described for the oracle independently of the rules text it is fed as.
struct Spec {
  std::string nbhd = "plus";  // plus, x, square, knight, rowcol, or a mask text
  char topology = 'p';        // p(lane), t(orus), c(ylinder)
  bool self = true;
  bool target_on = false;
  unsigned k = 2;
  std::vector<bool> holes;                           // by board index; empty = none
  std::vector<std::pair<unsigned, unsigned>> edges;  // a graph when graph_nodes > 0
  std::size_t graph_nodes = 0;
};

// Does the neighbourhood contain (dr, dc)?
bool in_neighbourhood(const Spec& s, int dr, int dc) {
  if (dr == 0 && dc == 0 && !s.self) return false;
  const int ar = std::abs(dr);
  const int ac = std::abs(dc);
  if (s.nbhd == "plus") return ar + ac <= 1;
  if (s.nbhd == "x") return ar == ac && ar <= 1;
  if (s.nbhd == "square") return ar <= 1 && ac <= 1;
  if (s.nbhd == "knight") return (ar == 0 && ac == 0) || ar * ar + ac * ac == 5;
  // A mask: rows split on '/', centred.
  std::vector<std::string> rows(1);
  for (const char ch : s.nbhd) {
    if (ch == '/') {
      rows.emplace_back();
    } else {
      rows.back().push_back(ch);
    }
  }
  const int r = dr + static_cast<int>(rows.size() / 2);
  const int c = dc + static_cast<int>(rows[0].size() / 2);
  if (r < 0 || c < 0 || r >= static_cast<int>(rows.size()) ||
      c >= static_cast<int>(rows[0].size())) {
    return false;
  }
  return rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '1';
}

struct Oracle {
  std::size_t rows = 0;
  std::size_t cols = 0;
  unsigned k = 2;
  std::vector<std::size_t> cells;        // board indices of the existing cells
  std::vector<std::vector<unsigned>> a;  // a[t][j]: what button j adds to cell t, mod K

  // lights + A x, on the existing cells, x and lights by board index.
  std::vector<unsigned> effect(const std::vector<std::uint8_t>& x) const {
    std::vector<unsigned> e(cells.size(), 0);
    for (std::size_t t = 0; t < cells.size(); ++t) {
      for (std::size_t j = 0; j < cells.size(); ++j) e[t] = (e[t] + a[t][j] * x[cells[j]]) % k;
    }
    return e;
  }
};

// a[t][j] counts the offsets that carry button j onto cell t: on the torus every (dr, dc) with
// r + dr = r' (mod rows) and c + dc = c' (mod cols) counts, which is how wrapping twice adds 2.
Oracle make_oracle(const Spec& s, std::size_t rows, std::size_t cols) {
  Oracle o;
  o.rows = rows;
  o.cols = cols;
  o.k = s.k;
  for (std::size_t i = 0; i < rows * cols; ++i) {
    if (s.holes.empty() || !s.holes[i]) o.cells.push_back(i);
  }
  const std::size_t n = o.cells.size();
  o.a.assign(n, std::vector<unsigned>(n, 0));
  std::vector<std::pair<int, int>> offsets;
  for (int dr = -7; dr <= 7; ++dr) {
    for (int dc = -7; dc <= 7; ++dc) {
      if (in_neighbourhood(s, dr, dc)) offsets.emplace_back(dr, dc);
    }
  }
  const auto congruent = [](long x, long y, long m, bool wrap) {
    return wrap ? ((x - y) % m + m) % m == 0 : x == y;
  };
  for (std::size_t j = 0; j < n; ++j) {
    const long r = static_cast<long>(o.cells[j] / cols);
    const long c = static_cast<long>(o.cells[j] % cols);
    for (std::size_t t = 0; t < n; ++t) {
      const long r2 = static_cast<long>(o.cells[t] / cols);
      const long c2 = static_cast<long>(o.cells[t] % cols);
      unsigned count = 0;
      if (s.graph_nodes > 0) {
        if (t == j && s.self) count = 1;
        for (const auto& [u, v] : s.edges) {  // u != v; a repeated edge still counts once
          if ((u == j && v == t) || (v == j && u == t)) count = 1;
        }
      } else if (s.nbhd == "rowcol") {
        count = (r == r2 || c == c2) && (t != j || s.self) ? 1 : 0;
      } else {
        for (const auto& [dr, dc] : offsets) {
          if (congruent(r + dr, r2, static_cast<long>(rows), s.topology == 't') &&
              congruent(c + dc, c2, static_cast<long>(cols), s.topology != 'p')) {
            ++count;
          }
        }
      }
      o.a[t][j] = count % s.k;
    }
  }
  return o;
}

// Every one of the K^n press vectors: for each lights change (A x as a base-K code), how many x
// give it and the fewest presses among them (a value v counting v presses).
struct BruteForce {
  std::vector<std::uint32_t> count;
  std::vector<std::uint16_t> min_weight;
  std::vector<std::uint32_t> power;  // K^t

  explicit BruteForce(const Oracle& o) {
    const std::size_t n = o.cells.size();
    const unsigned k = o.k;
    std::uint64_t total = 1;
    for (std::size_t t = 0; t < n; ++t) {
      power.push_back(static_cast<std::uint32_t>(total));
      total *= k;
    }
    count.assign(total, 0);
    min_weight.assign(total, 0xFFFF);
    // Odometer over x: raising digit j by one, or wrapping it from K-1 to 0 (K - 1 fewer, i.e.
    // one more mod K), both add column j of A once.
    std::vector<std::vector<std::pair<std::size_t, unsigned>>> column(n);  // non-zeros of A
    for (std::size_t j = 0; j < n; ++j) {
      for (std::size_t t = 0; t < n; ++t) {
        if (o.a[t][j] != 0) column[j].emplace_back(t, o.a[t][j]);
      }
    }
    std::vector<unsigned> digit(n, 0);
    std::vector<unsigned> e(n, 0);
    std::int64_t code = 0;
    std::size_t weight = 0;
    while (true) {
      ++count[static_cast<std::size_t>(code)];
      auto& best = min_weight[static_cast<std::size_t>(code)];
      best = std::min<std::uint16_t>(best, static_cast<std::uint16_t>(weight));
      std::size_t j = 0;
      for (; j < n; ++j) {
        for (const auto& [t, amount] : column[j]) {
          const unsigned next = (e[t] + amount) % k;
          code += (static_cast<std::int64_t>(next) - e[t]) * power[t];
          e[t] = next;
        }
        if (digit[j] + 1 < k) {
          ++digit[j];
          ++weight;
          break;
        }
        digit[j] = 0;
        weight -= k - 1;
      }
      if (j == n) break;
    }
  }

  std::size_t code_of(const std::vector<unsigned>& v) const {
    std::size_t c = 0;
    for (std::size_t t = 0; t < v.size(); ++t) c += v[t] * std::size_t{power[t]};
    return c;
  }
};

std::string rules_text(const Spec& s) {
  std::string text = s.graph_nodes > 0   ? "graph=g"
                     : s.topology == 't' ? "torus"
                     : s.topology == 'c' ? "cylinder"
                                         : "plane";
  text += ",states=" + std::to_string(s.k);
  if (s.graph_nodes == 0) text += ",nbhd=" + s.nbhd;
  if (!s.self) text += ",self=0";
  if (s.target_on) text += ",target=on";
  if (!s.holes.empty()) text += ",holes=h";
  return text;
}

// The files a Spec's text names, written from the Spec.
FileLoader spec_files(const Spec& s, std::size_t rows, std::size_t cols) {
  std::string holes;
  for (std::size_t i = 0; i < s.holes.size(); ++i) {
    holes += s.holes[i] ? '#' : '.';
    if (i % cols == cols - 1) holes += '\n';
  }
  std::string graph = std::to_string(s.graph_nodes) + "\n";
  for (const auto& [u, v] : s.edges) graph += std::to_string(u) + " " + std::to_string(v) + "\n";
  (void)rows;
  return [holes, graph](const std::string& path) { return path == "h" ? holes : graph; };
}

std::size_t total_weight(const std::vector<std::uint8_t>& x) {
  std::size_t w = 0;
  for (const std::uint8_t v : x) w += v;
  return w;
}

// Order of g in Z_K^n: the least m >= 1 with m g = 0.
unsigned additive_order(const std::vector<std::uint8_t>& g, unsigned k) {
  for (unsigned m = 1; m <= k; ++m) {
    if (std::all_of(g.begin(), g.end(), [&](std::uint8_t v) { return v * m % k == 0; })) return m;
  }
  return 0;
}

// How many times the loop below ran Method::banded, by K (the sweep checks that every K reaches
// it).
std::map<unsigned, std::size_t> banded_runs;

// Everything the dense methods say about `samples` lights patterns on one board, against brute
// force.
void check_against_brute_force(const Spec& spec, std::size_t rows, std::size_t cols,
                               std::mt19937_64& rng, int samples) {
  const Oracle o = make_oracle(spec, rows, cols);
  const BruteForce bf(o);
  const std::size_t n = o.cells.size();
  const unsigned k = spec.k;
  const std::string text = rules_text(spec);
  SCOPED_TRACE(text + " on " + std::to_string(rows) + "x" + std::to_string(cols));
  const Rules rules = parse_rules(text, spec_files(spec, rows, cols));
  const std::uint32_t quiet_count = bf.count[0];
  std::uniform_int_distribution<unsigned> value(0, k - 1);
  for (int sample = 0; sample < samples; ++sample) {
    // Sample 0: all dark; odd samples: reachable by construction; even: uniformly random. Holes
    // get random values, which must be ignored.
    std::vector<std::uint8_t> lights(rows * cols);
    for (auto& v : lights) v = static_cast<std::uint8_t>(value(rng));
    if (sample == 0) {
      for (const std::size_t cell : o.cells) lights[cell] = spec.target_on ? k - 1 : 0;
    } else if (sample % 2 == 1) {
      std::vector<std::uint8_t> x(rows * cols, 0);
      for (const std::size_t cell : o.cells) x[cell] = static_cast<std::uint8_t>(value(rng));
      const std::vector<unsigned> e = o.effect(x);
      const unsigned target = spec.target_on ? k - 1 : 0;
      for (std::size_t t = 0; t < n; ++t) {
        lights[o.cells[t]] = static_cast<std::uint8_t>((target + k - e[t]) % k);
      }
    }
    // The presses must make A x = target - lights.
    std::vector<unsigned> need(n);
    for (std::size_t t = 0; t < n; ++t) {
      need[t] = ((spec.target_on ? k - 1 : 0) + k - lights[o.cells[t]]) % k;
    }
    const std::size_t code = bf.code_of(need);
    const std::uint32_t expected = bf.count[code];

    Options options;
    options.kernel = true;
    options.minimal = sample % 3 != 2;
    const Result res = test_support::solve_dense_values(rules, rows, cols, lights, options);
    const test_support::ResultValues values = test_support::values_of(res);
    ASSERT_EQ(res.solvable, expected > 0) << "sample " << sample;
    EXPECT_EQ(res.solutions.to_string(), std::to_string(expected));
    std::uint64_t product = 1;
    for (const auto& [p, exponent] : res.solutions.factors) {
      for (std::size_t i = 0; i < exponent; ++i) product *= p;
    }
    EXPECT_EQ(product, expected > 0 ? expected : 1);
    ASSERT_EQ(values.presses.size(), rows * cols);
    for (std::size_t i = 0; i < rows * cols; ++i) {
      EXPECT_LT(values.presses[i], k);
      if (!spec.holes.empty() && spec.holes[i]) {
        EXPECT_EQ(values.presses[i], 0);
      }
    }
    if (res.solvable) {
      EXPECT_EQ(o.effect(values.presses), need) << "the presses do not solve";
    } else {
      EXPECT_EQ(total_weight(values.presses), 0U);
    }
    if (options.minimal && res.solvable) {
      EXPECT_TRUE(res.minimal);
      EXPECT_TRUE(res.minimal_proven);
      EXPECT_EQ(total_weight(values.presses), bf.min_weight[code]) << "not the fewest presses";
    }
    // Every Solver method that takes these rules, against the same brute force: the automatic
    // choice (tables, rowcol, chase, banded, gf2 or zk) and each fast path forced.
    for (const Method method : {Method::automatic, Method::tables, Method::chase, Method::banded,
                                Method::zk, Method::rowcol}) {
      std::optional<Solver> solver;
      try {
        solver.emplace(rules, rows, cols, method);
      } catch (const std::invalid_argument&) {
        continue;  // the method does not take these rules
      } catch (const std::length_error&) {
        continue;
      }
      SCOPED_TRACE(std::string(method_name(solver->method())));
      if (solver->method() == Method::banded) ++banded_runs[k];
      Options solver_options;
      solver_options.minimal = options.minimal;
      solver_options.kernel = true;
      const Result r = solver->solve(Grid::from_values(rows, cols, k, lights), solver_options);
      ASSERT_EQ(r.solvable, expected > 0) << "sample " << sample;
      EXPECT_EQ(r.solutions.to_string(), std::to_string(expected));
      EXPECT_EQ(r.kernel.size(), r.nullity);
      std::uint64_t generated = 1;
      for (const unsigned order : r.kernel_orders) generated *= order;
      EXPECT_EQ(generated, quiet_count);
      if (r.solvable) {
        EXPECT_EQ(o.effect(r.presses.to_values()), need) << "the presses do not solve";
        if (options.minimal && r.minimal_proven) {
          EXPECT_EQ(r.presses.total(), bf.min_weight[code]) << "not the fewest presses";
        }
      }
    }
    // The kernel: quiet vectors of the stated orders whose combinations are the quiet set.
    ASSERT_EQ(res.kernel.size(), res.nullity);
    ASSERT_EQ(res.kernel_orders.size(), res.nullity);
    std::uint64_t kernel_size = 1;
    for (std::size_t j = 0; j < res.kernel.size(); ++j) {
      ASSERT_EQ(values.kernel[j].size(), rows * cols);
      EXPECT_EQ(o.effect(values.kernel[j]), std::vector<unsigned>(n, 0)) << "not quiet";
      EXPECT_EQ(additive_order(values.kernel[j], k), res.kernel_orders[j]);
      EXPECT_EQ(k % res.kernel_orders[j], 0U);
      kernel_size *= res.kernel_orders[j];
      for (std::size_t i = 0; i < rows * cols; ++i) {
        if (!spec.holes.empty() && spec.holes[i]) {
          EXPECT_EQ(values.kernel[j][i], 0);
        }
      }
    }
    EXPECT_EQ(kernel_size, quiet_count);
    if (sample == 0 && quiet_count <= 4096) {
      // Every coefficient choice gives a different quiet pattern.
      std::set<std::string> seen;  // patterns as byte strings
      std::vector<unsigned> c(res.nullity, 0);
      while (true) {
        std::vector<std::uint8_t> v(rows * cols, 0);
        for (std::size_t j = 0; j < c.size(); ++j) {
          for (std::size_t i = 0; i < v.size(); ++i) {
            v[i] = static_cast<std::uint8_t>((v[i] + c[j] * values.kernel[j][i]) % k);
          }
        }
        seen.insert(std::string(v.begin(), v.end()));
        std::size_t j = 0;
        while (j < c.size() && ++c[j] == res.kernel_orders[j]) c[j++] = 0;
        if (j == c.size()) break;
      }
      EXPECT_EQ(seen.size(), quiet_count);
    }
    // Prime K: the nullity is the dimension, K^nullity quiet patterns.
    const auto factors = detail::factor_prime_powers(k);
    if (factors.size() == 1 && factors[0].second == 1) {
      std::uint64_t pk = 1;
      for (std::size_t i = 0; i < res.nullity; ++i) pk *= k;
      EXPECT_EQ(pk, quiet_count);
    }
  }
}

const std::vector<unsigned> kStates = {2, 3, 4, 5, 6, 8, 9, 12, 255};

// Neighbourhood variants (nbhd, self): every named one, asymmetric and spread masks, self=0.
const std::vector<std::pair<std::string, bool>> kNeighbourhoods = {
    {"plus", true},   {"x", true},          {"square", true},  {"knight", true},
    {"rowcol", true}, {"plus", false},      {"rowcol", false}, {"110/011/000", true},
    {"10101", true},  {"111/101/111", true}};

std::uint64_t power_of(unsigned k, std::size_t n) {
  std::uint64_t v = 1;
  for (std::size_t i = 0; i < n; ++i) {
    v *= k;
    if (v > (std::uint64_t{1} << 40)) return v;
  }
  return v;
}

// The sweep, one test per K: every neighbourhood x topology, on every size up to 6 x 6 with
// K^cells <= 2^18 (all cells), and with two holes; target=on on alternate sizes.
class SolveRulesSweep : public ::testing::TestWithParam<unsigned> {};

TEST_P(SolveRulesSweep, EveryRuleEveryTopology) {
  const unsigned k = GetParam();
  auto rng = make_rng(101 + k);
  const std::uint64_t limit = std::uint64_t{1} << 18;
  for (const auto& [nbhd, self] : kNeighbourhoods) {
    for (const char topology : {'p', 't', 'c'}) {
      {
        int parity = 0;
        for (std::size_t rows = 1; rows <= 6; ++rows) {
          for (std::size_t cols = 1; cols <= 6; ++cols) {
            if (power_of(k, rows * cols) > limit) continue;
            Spec s;
            s.nbhd = nbhd;
            s.self = self;
            s.topology = topology;
            s.k = k;
            s.target_on = (parity++ % 2) == 1;
            check_against_brute_force(s, rows, cols, rng, 4);
            if (rows * cols >= 4 && power_of(k, rows * cols - 2) <= limit) {
              s.holes.assign(rows * cols, false);
              s.holes[0] = true;
              s.holes[rows * cols / 2 + 1] = true;
              s.target_on = !s.target_on;
              check_against_brute_force(s, rows, cols, rng, 3);
            }
          }
        }
      }
    }
  }
  // Banded elimination took part for this K (over Z_K for K > 2), forced and automatic.
  EXPECT_GT(banded_runs[k], 50U);
}

INSTANTIATE_TEST_SUITE_P(States, SolveRulesSweep, ::testing::ValuesIn(kStates),
                         [](const auto& info) { return "K" + std::to_string(info.param); });

// The largest boards brute force reaches (K^cells up to 2^20), a few rules each.
TEST(SolveRulesBruteForce, LargestReachable) {
  auto rng = make_rng(102);
  struct Case {
    std::string nbhd;
    char topology;
    unsigned k;
    std::size_t rows, cols;
  };
  for (const Case& c : std::vector<Case>{{"plus", 't', 2, 4, 5},
                                         {"plus", 'p', 2, 5, 4},
                                         {"square", 'c', 2, 4, 5},
                                         {"knight", 't', 2, 5, 4},
                                         {"plus", 't', 4, 2, 5},
                                         {"x", 't', 3, 3, 4},
                                         {"plus", 'c', 9, 2, 3},
                                         {"plus", 't', 8, 2, 3},
                                         {"plus", 't', 6, 2, 4},
                                         {"rowcol", 'p', 12, 1, 5},
                                         {"plus", 'p', 255, 1, 2}}) {
    Spec s;
    s.nbhd = c.nbhd;
    s.topology = c.topology;
    s.k = c.k;
    check_against_brute_force(s, c.rows, c.cols, rng, 6);
  }
}

TEST(SolveRulesBruteForce, Graphs) {
  auto rng = make_rng(103);
  struct Graph {
    std::size_t nodes;
    std::vector<std::pair<unsigned, unsigned>> edges;
  };
  std::vector<Graph> graphs = {
      {1, {}},
      {3, {{0, 1}, {1, 2}}},
      {4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}},
      {5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}},
      {4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}, {1, 0}}},  // K4, an edge repeated
      {6, {{0, 1}, {2, 3}, {4, 5}, {1, 2}}}};
  Graph petersen{10, {}};
  for (unsigned i = 0; i < 5; ++i) {
    petersen.edges.push_back({i, (i + 1) % 5});
    petersen.edges.push_back({i, i + 5});
    petersen.edges.push_back({i + 5, (i + 2) % 5 + 5});
  }
  graphs.push_back(petersen);
  for (const Graph& g : graphs) {
    for (const unsigned k : kStates) {
      if (power_of(k, g.nodes) > (std::uint64_t{1} << 16)) continue;
      for (const bool self : {true, false}) {
        Spec s;
        s.graph_nodes = g.nodes;
        s.edges = g.edges;
        s.k = k;
        s.self = self;
        s.target_on = !self;
        check_against_brute_force(s, g.nodes, 1, rng, 4);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The Z_{p^e} elimination on its own, on random matrices (not square, not symmetric, many
// non-units), against brute force over all q^cols vectors.
TEST(SolveRulesPrimePower, RandomMatricesAgainstBruteForce) {
  auto rng = make_rng(104);
  for (const auto& [p, e] : std::vector<std::pair<unsigned, unsigned>>{
           {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {5, 1}, {2, 4}, {7, 1}}) {
    unsigned q = 1;
    for (unsigned i = 0; i < e; ++i) q *= p;
    for (int trial = 0; trial < 40; ++trial) {
      const std::size_t rows = 1 + rng() % 4;
      const std::size_t cols = 1 + rng() % 4;
      if (power_of(q, cols) > 70000) continue;
      // Entries biased to multiples of p, so that non-unit pivots are common.
      std::vector<std::uint8_t> a(rows * cols);
      for (auto& v : a)
        v = static_cast<std::uint8_t>(rng() % 2 ? (rng() % q) : (p * (rng() % q)) % q);
      std::vector<std::uint8_t> b(rows);
      for (auto& v : b) v = static_cast<std::uint8_t>(rng() % 3 ? (rng() % q) : 0);
      if (trial % 2 == 0) {  // a solvable right side
        std::vector<std::uint8_t> x(cols);
        for (auto& v : x) v = static_cast<std::uint8_t>(rng() % q);
        for (std::size_t i = 0; i < rows; ++i) {
          unsigned s = 0;
          for (std::size_t j = 0; j < cols; ++j) s += a[i * cols + j] * x[j];
          b[i] = static_cast<std::uint8_t>(s % q);
        }
      }
      const auto apply = [&](const std::vector<std::uint8_t>& x) {
        std::vector<std::uint8_t> out(rows);
        for (std::size_t i = 0; i < rows; ++i) {
          unsigned s = 0;
          for (std::size_t j = 0; j < cols; ++j) s += a[i * cols + j] * x[j];
          out[i] = static_cast<std::uint8_t>(s % q);
        }
        return out;
      };
      std::uint64_t solutions = 0;
      std::uint64_t quiet = 0;
      std::vector<std::uint8_t> x(cols, 0);
      while (true) {
        const auto ax = apply(x);
        if (ax == b) ++solutions;
        if (std::all_of(ax.begin(), ax.end(), [](std::uint8_t v) { return v == 0; })) ++quiet;
        std::size_t j = 0;
        while (j < cols && ++x[j] == q) x[j++] = 0;
        if (j == cols) break;
      }
      const auto res = detail::solve_prime_power(a, b, rows, cols, p, e, true);
      SCOPED_TRACE("q=" + std::to_string(q) + " " + std::to_string(rows) + "x" +
                   std::to_string(cols) + " trial " + std::to_string(trial));
      EXPECT_EQ(res.solvable, solutions > 0);
      EXPECT_EQ(power_of(p, res.count_exponent), quiet);
      if (res.solvable) {
        EXPECT_EQ(solutions, quiet);
        EXPECT_EQ(apply(res.solution), b);
      }
      EXPECT_EQ(res.kernel.size(), res.generators);
      std::uint64_t product = 1;
      for (std::size_t j = 0; j < res.kernel.size(); ++j) {
        EXPECT_EQ(apply(res.kernel[j]), std::vector<std::uint8_t>(rows, 0));
        EXPECT_EQ(additive_order(res.kernel[j], q), res.orders[j]);
        product *= res.orders[j];
      }
      EXPECT_EQ(product, quiet);
    }
  }
}

TEST(SolveRulesPrimePower, FactorPrimePowers) {
  using F = std::vector<std::pair<unsigned, unsigned>>;
  EXPECT_EQ(detail::factor_prime_powers(2), (F{{2, 1}}));
  EXPECT_EQ(detail::factor_prime_powers(12), (F{{2, 2}, {3, 1}}));
  EXPECT_EQ(detail::factor_prime_powers(255), (F{{3, 1}, {5, 1}, {17, 1}}));
  EXPECT_EQ(detail::factor_prime_powers(128), (F{{2, 7}}));
  EXPECT_EQ(detail::factor_prime_powers(251), (F{{251, 1}}));
}

// ---------------------------------------------------------------------------------------------
// Nullities computed two ways.

// GF(2) rank by plain elimination of the torus press matrix written cell by cell.
std::size_t naive_torus_nullity(std::size_t m, std::size_t n) {
  std::vector<std::vector<bool>> rows(m * n, std::vector<bool>(m * n, false));
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      auto& row = rows[r * n + c];
      const auto flip = [&row, n](std::size_t rr, std::size_t cc) {
        row[rr * n + cc] = !row[rr * n + cc];
      };
      flip(r, c);
      flip((r + 1) % m, c);
      flip((r + m - 1) % m, c);
      flip(r, (c + 1) % n);
      flip(r, (c + n - 1) % n);
    }
  }
  return m * n - test_support::naive_rank(rows);
}

std::vector<std::uint8_t> zeros(std::size_t cells) { return std::vector<std::uint8_t>(cells, 0); }

TEST(SolveRulesNullity, TorusM4riAgainstNaiveElimination) {
  const Rules torus = parse_rules("torus");
  for (std::size_t m = 1; m <= 12; ++m) {
    for (std::size_t n = 1; n <= 12; ++n) {
      const Result res = solve_rules(torus, m, n, zeros(m * n), false);
      EXPECT_EQ(res.nullity, naive_torus_nullity(m, n)) << m << "x" << n;
      EXPECT_TRUE(res.kernel.empty());
    }
  }
}

// Larger tori (M4RI's blocks, 63/64/65 columns) against Gf2Matrix::reduce, and the kernel quiet.
TEST(SolveRulesNullity, LargerToriAgainstGf2Matrix) {
  const Rules torus = parse_rules("torus");
  for (const auto& [m, n] : std::vector<std::pair<std::size_t, std::size_t>>{
           {30, 30}, {24, 24}, {5, 63}, {4, 64}, {3, 65}, {65, 3}, {17, 40}, {1, 129}}) {
    const std::size_t cells = m * n;
    Gf2Matrix a(cells, cells);
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        const std::size_t i = r * n + c;
        a.flip(i, i);
        a.flip(((r + 1) % m) * n + c, i);
        a.flip(((r + m - 1) % m) * n + c, i);
        a.flip(r * n + (c + 1) % n, i);
        a.flip(r * n + (c + n - 1) % n, i);
      }
    }
    const std::size_t expected = cells - a.reduce(cells).size();
    const Result res = solve_rules(torus, m, n, zeros(cells));
    EXPECT_EQ(res.nullity, expected) << m << "x" << n;
    ASSERT_EQ(res.kernel.size(), res.nullity);
    const PressSystem sys = build_press_system(torus, m, n);
    for (const auto& g : res.kernel) {
      std::vector<std::uint8_t> effect(cells, 0);
      sys.apply(g.to_values(), effect);
      EXPECT_EQ(effect, zeros(cells));
    }
  }
}

// GF(p) arithmetic on polynomials (coefficients low first), for the nullity formula.
using Poly = std::vector<unsigned>;

void trim(Poly& a) {
  while (!a.empty() && a.back() == 0) a.pop_back();
}

Poly poly_mod(Poly a, const Poly& b, unsigned p) {
  trim(a);
  unsigned inv = 1;
  while (b.back() * inv % p != 1) ++inv;
  while (a.size() >= b.size()) {
    const unsigned f = a.back() * inv % p;
    const std::size_t shift = a.size() - b.size();
    for (std::size_t i = 0; i < b.size(); ++i) a[shift + i] = (a[shift + i] + p * p - f * b[i]) % p;
    trim(a);
  }
  return a;
}

std::size_t gcd_degree(Poly a, Poly b, unsigned p) {
  trim(a);
  trim(b);
  while (!b.empty()) {
    Poly r = poly_mod(a, b, p);
    a = std::move(b);
    b = std::move(r);
  }
  return a.size() - 1;
}

// f_0 = 1, f_1 = x, f_{j+1} = x f_j - f_{j-1} over GF(p), then composed with x -> s x + t.
Poly chebyshev(std::size_t n, unsigned p, unsigned s, unsigned t) {
  Poly prev{1};
  Poly cur{t % p, s % p};  // s x + t
  const Poly y = cur;
  if (n == 0) return prev;
  for (std::size_t j = 1; j < n; ++j) {
    Poly next(cur.size() + 1, 0);
    for (std::size_t i = 0; i < cur.size(); ++i) {
      next[i] = (next[i] + y[0] * cur[i]) % p;
      next[i + 1] = (next[i + 1] + y[1] * cur[i]) % p;
    }
    for (std::size_t i = 0; i < prev.size(); ++i) next[i] = (next[i] + p - prev[i]) % p;
    prev = std::move(cur);
    cur = std::move(next);
  }
  return cur;
}

// solver-math.md: over GF(p) the m x n plane has nullity deg gcd(f_m(x - 1), f_n(-x)).
TEST(SolveRulesNullity, PlaneGfpMatchesTheChebyshevGcd) {
  for (const unsigned p : {2U, 3U, 5U, 7U}) {
    const Rules rules = parse_rules("states=" + std::to_string(p));
    for (std::size_t m = 1; m <= 9; ++m) {
      for (std::size_t n = 1; n <= 9; ++n) {
        const std::size_t expected =
            gcd_degree(chebyshev(m, p, 1, p - 1), chebyshev(n, p, p - 1, 0), p);
        EXPECT_EQ(solve_rules(rules, m, n, zeros(m * n), false).nullity, expected)
            << "p=" << p << " " << m << "x" << n;
      }
    }
  }
}

// The classic rules through solve_rules (M4RI) agree with solve_poly and solve_chase.
TEST(SolveRulesClassic, AgreesWithPolyAndChase) {
  auto rng = make_rng(105);
  const Rules classic = parse_rules("");
  ASSERT_TRUE(is_classic(classic));
  std::vector<std::pair<std::size_t, std::size_t>> sizes;
  for (std::size_t m = 1; m <= 10; ++m) {
    for (std::size_t n = 1; n <= 10; ++n) sizes.emplace_back(m, n);
  }
  for (const auto& s : std::vector<std::pair<std::size_t, std::size_t>>{
           {3, 63}, {2, 64}, {2, 65}, {65, 2}, {19, 19}, {20, 20}, {33, 31}}) {
    sizes.push_back(s);
  }
  for (const auto& [m, n] : sizes) {
    for (int trial = 0; trial < 2; ++trial) {
      const Board lights = trial == 0 ? test_support::random_board(m, n, rng)
                                      : test_support::random_solvable(m, n, rng);
      std::vector<std::uint8_t> values(m * n);
      for (std::size_t i = 0; i < m * n; ++i) values[i] = lights.get(i / n, i % n) ? 1 : 0;
      Options options;
      options.minimal = m * n <= 100;
      const Result res = test_support::solve_dense_values(classic, m, n, values, options);
      SolveOptions poly_options;
      poly_options.minimal = options.minimal;
      const SolveResult poly = solve_poly(lights, poly_options);
      const SolveResult chase = solve_chase(lights);
      EXPECT_EQ(res.solvable, poly.solvable) << m << "x" << n;
      EXPECT_EQ(res.solvable, chase.solvable) << m << "x" << n;
      EXPECT_EQ(res.nullity, poly.nullity) << m << "x" << n;
      EXPECT_EQ(res.nullity, chase.nullity) << m << "x" << n;
      EXPECT_EQ(res.nullity, nullity_poly(m, n));
      if (!res.solvable) continue;
      Board presses(m, n);
      for (std::size_t i = 0; i < m * n; ++i)
        presses.set(i / n, i % n, res.presses.get(i / n, i % n) != 0);
      EXPECT_EQ(test_support::naive_effect(presses), lights);
      if (options.minimal && res.minimal_proven && poly.minimal_proven) {
        EXPECT_EQ(presses.popcount(), poly.presses.popcount()) << m << "x" << n;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Counts and the rest of the interface.

TEST(SolveRulesCount, BigCountsAreFactored) {
  // rowcol on 1 x 80 under 2 states: each press toggles the whole row, so the 80 buttons have
  // rank 1: 2^79 solutions of the dark board.
  const Rules rowcol = parse_rules("nbhd=rowcol");
  const Result res = solve_rules(rowcol, 1, 80, zeros(80));
  EXPECT_EQ(res.nullity, 79U);
  EXPECT_EQ(res.solutions.to_string(), "2^79");
  EXPECT_EQ(res.solutions.factors, (std::vector<std::pair<unsigned, std::uint64_t>>{{2, 79}}));
  const Result small = solve_rules(rowcol, 1, 63, zeros(63));
  EXPECT_EQ(small.solutions.to_string(), "4611686018427387904");  // 2^62, still decimal
  // 12 states: 1 x 40 rowcol has rank 1 mod 4 and mod 3: 4^39 * 3^39 solutions.
  const Result mixed = solve_rules(parse_rules("nbhd=rowcol,states=12"), 1, 40, zeros(40));
  EXPECT_EQ(mixed.solutions.to_string(), "2^78 * 3^39");
  EXPECT_EQ(mixed.nullity, 39U);
  EXPECT_EQ(mixed.solutions.factors,
            (std::vector<std::pair<unsigned, std::uint64_t>>{{2, 78}, {3, 39}}));
}

TEST(SolveRulesCount, AllHolesAndUnsolvable) {
  const FileLoader all_holes = [](const std::string&) { return std::string("##\n##\n"); };
  const Result res = solve_rules(parse_rules("holes=x,states=5", all_holes), 2, 2, {1, 2, 3, 4});
  EXPECT_TRUE(res.solvable);
  EXPECT_EQ(res.solutions.to_string(), "1");
  EXPECT_EQ(res.nullity, 0U);
  EXPECT_EQ(res.presses.to_values(), zeros(4));
  // 4 x 4 classic, one corner lit: unsolvable, count "0", but the kernel is still given.
  std::vector<std::uint8_t> lights = zeros(16);
  lights[0] = 1;
  const Result none = solve_rules(parse_rules(""), 4, 4, lights);
  EXPECT_FALSE(none.solvable);
  EXPECT_EQ(none.solutions.to_string(), "0");
  EXPECT_TRUE(none.solutions.factors.empty());
  EXPECT_EQ(none.nullity, 4U);
  EXPECT_EQ(none.kernel.size(), 4U);
  EXPECT_EQ(none.presses.to_values(), zeros(16));
}

TEST(SolveRulesOptions, KernelOffAndGreedyFallback) {
  Options options;
  options.minimal = true;
  // 2 states, nullity 79 > 64: greedy descent; the empty solution is proven by the bound of the
  // cells no quiet pattern touches... which is 0 here, and 0 presses reach it.
  const Result gf2 =
      test_support::solve_dense_values(parse_rules("nbhd=rowcol"), 1, 80, zeros(80), options);
  EXPECT_TRUE(gf2.kernel.empty());
  EXPECT_TRUE(gf2.kernel_orders.empty());
  EXPECT_TRUE(gf2.minimal);
  EXPECT_TRUE(gf2.minimal_proven);
  EXPECT_EQ(gf2.minimal_lower_bound, 0U);
  EXPECT_EQ(gf2.presses.total(), 0U);
  // 3 states, 3^39 solutions: the walk is cut short (a tenth of a second), after a greedy descent
  // over multiples of the generators; not proven, with a bound below the answer.
  options.minimal_seconds = 0.1;
  std::vector<std::uint8_t> lights(40, 1);
  const Result zk =
      test_support::solve_dense_values(parse_rules("nbhd=rowcol,states=3"), 1, 40, lights, options);
  ASSERT_TRUE(zk.solvable);
  EXPECT_TRUE(zk.minimal);
  EXPECT_LE(zk.presses.total(), 2U);  // one press twice (or two once) clears the row
  EXPECT_LE(zk.minimal_lower_bound, zk.presses.total());
  EXPECT_EQ(zk.minimal_proven, zk.minimal_lower_bound == zk.presses.total());
}

TEST(SolveRulesErrors, BadInputs) {
  const Rules rules = parse_rules("states=3");
  EXPECT_THROW(solve_rules(rules, 2, 2, zeros(3)), std::invalid_argument);
  try {
    solve_rules(rules, 2, 2, {0, 1, 2, 3});
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "solve_rules: light value 3 at cell 3 is not below the states 3");
  }
  try {
    solve_rules(rules, 2, 2, zeros(5));
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "solve_rules: 5 light values for a 2x2 board");
  }
  const FileLoader loader = [](const std::string&) { return std::string("010\n"); };
  EXPECT_THROW(solve_rules(parse_rules("holes=h", loader), 2, 3, zeros(6)), RulesError);
  EXPECT_THROW(solve_rules(rules, 0, 3, {}), std::invalid_argument);
  EXPECT_THROW(solve_rules(parse_rules("states=3"), 300, 300, zeros(90000)), std::length_error);
}

}  // namespace
}  // namespace lightsout
