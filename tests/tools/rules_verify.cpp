// rules_verify: re-checks `lightsout solve --rules` and `info --rules` output for the CLI tests.
//
// It takes the rules from parse_rules but presses buttons with its own code (the offsets,
// topology, holes and graph of the Rules fields applied to a plain int grid), not with the
// library's PressSystem or solvers.
//
//   rules_verify check RULES ROWS COLS INPUT OUTPUT [--minimal]
//     INPUT: a count-layout judge file (N, then N puzzles of values 0..K-1); OUTPUT: the solve
//     output. Every press block must bring the board to the target (holes pressed 0); a
//     "no solution" block, and with --minimal the press count (sum of values), is proven by brute
//     force over all K^cells press vectors when that is at most 2^16. Prints
//     "ok: N puzzles, U without solution, B brute-forced" (exit 0) or names the bad puzzle (exit
//     1).
//   rules_verify info RULES ROWS COLS
//     The `info --rules R RxC --json` line expected, from the quiet patterns counted by brute force
//     (K^cells at most 2^24): nullity = the largest p-rank over the primes p of K.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"

namespace {

using lightsout::Rules;

struct System {
  unsigned k = 2;
  std::size_t rows = 0, cols = 0;
  std::vector<std::size_t> cells;             // existing cells (board indices)
  std::vector<std::vector<unsigned>> column;  // column[j][i]: what pressing cells[j] adds to cell i
  std::vector<bool> hole;
};

System make_system(const Rules& rules, std::size_t rows, std::size_t cols) {
  System s;
  s.k = rules.states;
  s.rows = rows;
  s.cols = cols;
  s.hole.assign(rows * cols, false);
  for (std::size_t i = 0; i < rows * cols; ++i) {
    if (rules.has_holes() && rules.holes.get(i / cols, i % cols)) {
      s.hole[i] = true;
    } else {
      s.cells.push_back(i);
    }
  }
  const long R = static_cast<long>(rows), C = static_cast<long>(cols);
  for (std::size_t b : s.cells) {
    std::vector<unsigned> add(rows * cols, 0);
    const long r = static_cast<long>(b / cols), c = static_cast<long>(b % cols);
    if (rules.has_graph()) {
      if (rules.self) add[b] += 1;
      for (auto v : rules.graph[b]) add[v] += 1;
    } else if (rules.neighbourhood == lightsout::Neighbourhood::rowcol) {
      for (long x = 0; x < C; ++x) {
        if (x != c || rules.self) add[r * C + x] += 1;
      }
      for (long y = 0; y < R; ++y) {
        if (y != r) add[y * C + c] += 1;
      }
    } else {
      for (const auto& o : rules.offsets) {
        long y = r + o.dr, x = c + o.dc;
        if (rules.topology == lightsout::Topology::torus) {
          y = ((y % R) + R) % R;
        } else if (y < 0 || y >= R) {
          continue;
        }
        if (rules.topology != lightsout::Topology::plane) {
          x = ((x % C) + C) % C;
        } else if (x < 0 || x >= C) {
          continue;
        }
        add[y * C + x] += 1;
      }
    }
    std::vector<unsigned> col;
    for (std::size_t i : s.cells) col.push_back(add[i] % s.k);
    s.column.push_back(col);
  }
  return s;
}

// Calls visit(presses over existing cells, effect over existing cells) for all K^n press vectors;
// returns false (visiting nothing) when K^n > limit.
template <typename Visit>
bool enumerate(const System& s, std::uint64_t limit, Visit visit) {
  const std::size_t n = s.cells.size();
  std::uint64_t total = 1;
  for (std::size_t i = 0; i < n; ++i) {
    total *= s.k;
    if (total > limit) return false;
  }
  std::vector<unsigned> x(n, 0), effect(n, 0);
  for (;;) {
    visit(x, effect);
    std::size_t i = 0;
    for (; i < n; ++i) {  // odometer: digit i goes up by 1 (mod K), so does its column's effect
      for (std::size_t t = 0; t < n; ++t) effect[t] = (effect[t] + s.column[i][t]) % s.k;
      x[i] = (x[i] + 1) % s.k;
      if (x[i] != 0) break;
    }
    if (i == n) return true;
  }
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

[[noreturn]] void bad(long puzzle, const std::string& why) {
  std::fprintf(stderr, "rules_verify: puzzle %ld: %s\n", puzzle, why.c_str());
  std::exit(1);
}

int check(const Rules& rules, std::size_t rows, std::size_t cols, const std::string& in_path,
          const std::string& out_path, bool minimal) {
  const System s = make_system(rules, rows, cols);
  const unsigned target = rules.target_on ? s.k - 1 : 0;
  std::istringstream in(read_file(in_path)), out(read_file(out_path));
  long count = 0;
  in >> count;
  long unsolvable = 0, brute = 0;
  const std::size_t n = rows * cols;
  for (long p = 1; p <= count; ++p) {
    std::vector<unsigned> lights(n);
    for (auto& v : lights) {
      if (!(in >> v) || v >= s.k) bad(p, "bad input value");
    }
    std::string word, num;
    std::string want = "#";
    want += std::to_string(p);
    if (!(out >> word >> num) || word != "PUZZLE" || num != want) {
      bad(p, "expected 'PUZZLE " + want + "'");
    }
    // Brute force: is there a solution, and the fewest presses.
    long fewest = -1;
    const bool brute_ok = enumerate(s, std::uint64_t{1} << 16, [&](const auto& x, const auto& e) {
      for (std::size_t t = 0; t < s.cells.size(); ++t) {
        if ((lights[s.cells[t]] + e[t]) % s.k != target) return;
      }
      long presses = 0;
      for (unsigned v : x) presses += v;
      if (fewest < 0 || presses < fewest) fewest = presses;
    });
    if (brute_ok) ++brute;
    const auto pos = out.tellg();
    std::string first;
    out >> first;
    if (first == "no") {
      std::string second;
      out >> second;
      if (second != "solution") bad(p, "expected 'no solution'");
      ++unsolvable;
      if (brute_ok && fewest >= 0) bad(p, "'no solution' but brute force found one");
      continue;
    }
    out.seekg(pos);
    std::vector<unsigned> presses(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (!(out >> presses[i]) || presses[i] >= s.k) bad(p, "bad press value");
      if (s.hole[i] && presses[i] != 0) bad(p, "a hole is pressed");
    }
    long total = 0;
    for (std::size_t j = 0; j < s.cells.size(); ++j) {
      total += presses[s.cells[j]];
      for (std::size_t t = 0; t < s.cells.size(); ++t) {
        lights[s.cells[t]] = (lights[s.cells[t]] + presses[s.cells[j]] * s.column[j][t]) % s.k;
      }
    }
    for (std::size_t t : s.cells) {
      if (lights[t] != target) bad(p, "cell " + std::to_string(t) + " is not at the target");
    }
    if (minimal && brute_ok && total != fewest) {
      bad(p, std::to_string(total) + " presses, brute force needs " + std::to_string(fewest));
    }
  }
  std::string extra;
  if (out >> extra) bad(count, "extra output '" + extra + "'");
  std::printf("ok: %ld puzzles, %ld without solution, %ld brute-forced\n", count, unsolvable,
              brute);
  return 0;
}

int info(const Rules& rules, std::size_t rows, std::size_t cols) {
  const System s = make_system(rules, rows, cols);
  std::vector<unsigned> primes;
  for (unsigned k = s.k, d = 2; k > 1; ++d) {
    if (k % d == 0) primes.push_back(d);
    while (k % d == 0) k /= d;
  }
  std::uint64_t quiet = 0;
  std::vector<std::uint64_t> p_torsion(primes.size(), 0);
  const bool ok = enumerate(s, std::uint64_t{1} << 24, [&](const auto& x, const auto& e) {
    for (unsigned v : e) {
      if (v != 0) return;
    }
    ++quiet;
    for (std::size_t q = 0; q < primes.size(); ++q) {
      bool killed = true;
      for (unsigned v : x) killed = killed && (v * primes[q]) % s.k == 0;
      if (killed) ++p_torsion[q];
    }
  });
  if (!ok) {
    std::fprintf(stderr, "rules_verify: board too large to enumerate\n");
    return 2;
  }
  std::size_t nullity = 0;
  for (std::size_t q = 0; q < primes.size(); ++q) {
    std::size_t r = 0;
    for (std::uint64_t m = p_torsion[q]; m > 1; m /= primes[q]) ++r;
    if (r > nullity) nullity = r;
  }
  const std::string log2 =
      s.k == 2 ? std::to_string(s.cells.size() - nullity) : std::string("null");
  std::printf(
      "{\"rows\":%zu,\"cols\":%zu,\"nullity\":%zu,\"solvable_log2\":%s,\"all_solvable\":%s,"
      "\"rules\":\"%s\",\"states\":%u,\"quiet_patterns\":\"%llu\"}\n",
      rows, cols, nullity, log2.c_str(), quiet == 1 ? "true" : "false",
      lightsout::to_string(rules).c_str(), s.k, static_cast<unsigned long long>(quiet));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 4 || (args[0] == "check" && args.size() < 6)) {
    std::fprintf(stderr,
                 "usage: rules_verify check RULES ROWS COLS INPUT OUTPUT [--minimal]\n"
                 "       rules_verify info RULES ROWS COLS\n");
    return 2;
  }
  try {
    const Rules rules = lightsout::parse_rules(args[1], read_file);
    const std::size_t rows = std::stoul(args[2]), cols = std::stoul(args[3]);
    if (args[0] == "check") {
      return check(rules, rows, cols, args[4], args[5], args.size() > 6 && args[6] == "--minimal");
    }
    return info(rules, rows, cols);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rules_verify: %s\n", e.what());
    return 2;
  }
}
