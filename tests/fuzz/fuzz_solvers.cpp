// libFuzzer target, differential: one small board decoded from the bytes goes through every
// solver -- solve_enumerate, solve_chase, solve_poly, solve_dense, SmallSolver and solve_rules with
// the classic rules -- and they must agree: the same solvable flag and nullity, presses that
// darken the board (checked with Board::apply), quiet kernel patterns, and, asked for the fewest
// presses, the same popcount. Any disagreement aborts.
//
// Input: rows byte, cols byte, a flags byte, then the lights row-major, one bit per cell (missing
// bits are 0). Sides 1..12; solve_dense and SmallSolver only up to 64 cells, solve_enumerate only
// when the shorter side is at most 8. Flag bit 2 stops the fewest-presses search after a few
// steps: the answer and its lower bound must still be true (no bound above a proven minimum).
//
// With flag bit 1 set, a variant instead: a rules byte picks the topology, the neighbourhood, the
// states K, self and the goal (and bit 2 of the second byte a random 3 x 3 mask instead); then one
// byte per cell (mod K). Every Solver method that takes those rules (the automatic choice, tables,
// chase over Z_K -- the plus neighbourhood's and, for other plane masks, the chase with extra
// unknowns --, banded over GF(2) and Z_K, rowcol's closed form, and the dense gf2 / zk elimination)
// must agree on solvable, nullity and the exact count, and every presses must bring the board to
// the goal under PressSystem::apply.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/small_solver.hpp"
#include "core/solve.hpp"
#include "core/solve_rules.hpp"
#include "fuzz_support.hpp"
#include "lightsout/board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

using lightsout::Board;
using lightsout::SolveOptions;
using lightsout::SolveResult;
using namespace lightsout::fuzz;  // fuzz_support.hpp

namespace {

struct Outcome {
  const char* name;
  bool solvable;
  std::size_t nullity;
  Board presses;
  bool proven;                  // presses are the proven fewest
  std::size_t lower_bound = 0;  // with minimal: no solution has fewer presses
};

void check_darkens(const Board& lights, const Board& presses, const char* name) {
  Board end = lights;
  end.apply(presses);
  if (!end.is_dark()) {
    std::fprintf(stderr, "solver %s\n", name);
    finding("presses do not darken the board");
  }
}

void check_kernel(const SolveResult& r, const char* name) {
  if (r.kernel.size() != r.nullity) {
    std::fprintf(stderr, "solver %s\n", name);
    finding("kernel size differs from nullity");
  }
  for (const Board& k : r.kernel) {
    Board end(k.rows(), k.cols());
    end.apply(k);
    if (!end.is_dark() || k.popcount() == 0) {
      std::fprintf(stderr, "solver %s\n", name);
      finding("kernel pattern is not a non-zero quiet pattern");
    }
  }
}

const lightsout::SmallSolver& small_solver(std::size_t rows, std::size_t cols) {
  static std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<lightsout::SmallSolver>>
      cache;
  auto& slot = cache[{rows, cols}];
  if (!slot) slot = std::make_unique<lightsout::SmallSolver>(rows, cols);
  return *slot;
}

// The variant mode (flag bit 1).
int variant_case(Bytes& control, std::size_t rows, std::size_t cols) {
  static const char* const kTopologies[] = {"plane", "torus", "cylinder", "torus"};
  static const char* const kNeighbourhoods[] = {
      "plus",   "rowcol", "x",           "square",
      "knight", "plus",   "010/101/010", "00100/01110/11111/01110/00100"};
  static const unsigned kStates[] = {2, 3, 4, 5, 6, 8, 9, 255};
  const std::uint8_t pick = control.take();
  const std::uint8_t more = control.take();
  std::string nbhd = kNeighbourhoods[(pick >> 2) & 7U];
  if ((more & 4U) != 0) {  // a lopsided 3 x 3 mask from the next two bytes (light chasing with
                           // extra unknowns turns the board to fit it)
    const unsigned bits = control.take() | (unsigned{control.take()} << 8U);
    nbhd.clear();
    for (unsigned i = 0; i < 9; ++i) {
      if (i > 0 && i % 3 == 0) nbhd += '/';
      nbhd += ((bits >> i) & 1U) != 0 || i == 4 ? '1' : '0';
    }
  }
  std::string text = std::string(kTopologies[pick & 3U]) + ",nbhd=" + nbhd +
                     ",states=" + std::to_string(kStates[(pick >> 5) & 7U]);
  if ((more & 1U) != 0) text += ",self=0";
  if ((more & 2U) != 0) text += ",target=on";
  lightsout::Rules rules;
  try {
    rules = lightsout::parse_rules(text);
  } catch (const lightsout::RulesError&) {
    return 0;
  }
  const unsigned k = rules.states;
  std::vector<std::uint8_t> values(rows * cols);
  for (auto& v : values) v = static_cast<std::uint8_t>(control.take() % k);
  const lightsout::Grid lights = lightsout::Grid::from_values(rows, cols, k, values);
  const lightsout::PressSystem sys = lightsout::build_press_system(rules, rows, cols);
  const std::uint8_t goal = rules.target_on ? static_cast<std::uint8_t>(k - 1) : 0;
  struct Seen {
    lightsout::Method method;
    bool solvable;
    std::size_t nullity;
    std::string count;
  };
  std::vector<Seen> seen;
  for (const lightsout::Method m :
       {lightsout::Method::automatic, lightsout::Method::tables, lightsout::Method::chase,
        lightsout::Method::banded, lightsout::Method::gf2, lightsout::Method::zk,
        lightsout::Method::rowcol}) {
    std::optional<lightsout::Solver> solver;
    try {
      solver.emplace(rules, rows, cols, m);
    } catch (const std::invalid_argument&) {
      continue;
    } catch (const std::length_error&) {
      continue;
    }
    lightsout::Options options;
    options.kernel = true;
    const lightsout::Result r = solver->solve(lights, options);
    if (r.solvable) {
      std::vector<std::uint8_t> after = values;
      sys.apply(r.presses.to_values(), after);
      for (const std::uint32_t cell : sys.cells) {
        if (after[cell] != goal) {
          std::fprintf(stderr, "%s %zux%zu, method %s\n", text.c_str(), rows, cols,
                       std::string(lightsout::method_name(r.method)).c_str());
          finding("Solver presses do not reach the goal");
        }
      }
    }
    if (r.kernel.size() != r.nullity) finding("Solver kernel size differs from nullity");
    seen.push_back({r.method, r.solvable, r.nullity, r.solutions.to_string()});
  }
  for (const Seen& x : seen) {
    if (x.solvable != seen.front().solvable || x.nullity != seen.front().nullity ||
        x.count != seen.front().count) {
      std::fprintf(stderr, "%s %zux%zu: %s (%d, %zu, %s) vs %s (%d, %zu, %s)\n", text.c_str(), rows,
                   cols, std::string(lightsout::method_name(seen.front().method)).c_str(),
                   seen.front().solvable, seen.front().nullity, seen.front().count.c_str(),
                   std::string(lightsout::method_name(x.method)).c_str(), x.solvable, x.nullity,
                   x.count.c_str());
      finding("Solver methods disagree");
    }
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const std::size_t rows = 1 + control.take() % 12;
  const std::size_t cols = 1 + control.take() % 12;
  const std::uint8_t flags = control.take();
  if ((flags & 2U) != 0) return variant_case(control, rows, cols);
  Board lights(rows, cols);
  {
    std::uint8_t byte = 0;
    for (std::size_t i = 0; i < rows * cols; ++i) {
      if (i % 8 == 0) byte = control.take();
      if (((byte >> (i % 8)) & 1U) != 0) lights.set(i / cols, i % cols, true);
    }
  }
  const bool minimal = (flags & 1U) != 0;
  SolveOptions options;
  options.kernel = true;
  options.minimal = minimal;
  // Sometimes a search stopped after a few steps: its answer and bound must still be true.
  if ((flags & 4U) != 0) options.minimal_budget = control.take();
  const std::size_t cells = rows * cols;

  std::vector<Outcome> outcomes;
  auto add = [&](const char* name, const SolveResult& r) {
    if (!r.solvable && r.presses.popcount() != 0) finding("unsolvable but presses set");
    if (r.presses.rows() != rows || r.presses.cols() != cols) finding("presses size");
    if (r.solvable) check_darkens(lights, r.presses, name);
    check_kernel(r, name);
    if (minimal && r.solvable && !r.minimal) {
      std::fprintf(stderr, "solver %s\n", name);
      finding("minimal asked but not reported");
    }
    if (r.minimal && (r.minimal_lower_bound > r.presses.popcount() ||
                      r.minimal_proven != (r.minimal_lower_bound == r.presses.popcount()))) {
      std::fprintf(stderr, "solver %s: bound %llu, presses %zu, proven %d\n", name,
                   static_cast<unsigned long long>(r.minimal_lower_bound), r.presses.popcount(),
                   r.minimal_proven);
      finding("fewest-presses bound inconsistent with the answer");
    }
    outcomes.push_back({name, r.solvable, r.nullity, r.presses, r.minimal && r.minimal_proven,
                        r.minimal ? r.minimal_lower_bound : 0});
  };
  if (std::min(rows, cols) <= 8) add("enumerate", lightsout::solve_enumerate(lights, options));
  add("chase", lightsout::solve_chase(lights, options));
  add("poly", lightsout::solve_poly(lights, options));
  if (cells <= 64) add("dense", lightsout::solve_dense(lights, options));

  if (cells <= 64) {
    const lightsout::SmallSolver& small = small_solver(rows, cols);
    std::uint64_t packed = 0;
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        if (lights.get(r, c)) packed |= std::uint64_t{1} << (r * cols + c);
      }
    }
    const bool solvable = small.solvable(packed);
    std::uint64_t presses = 0;
    if (solvable) presses = minimal ? small.solve_minimal(packed) : small.solve(packed);
    if (solvable && small.effect(presses) != packed) finding("SmallSolver presses wrong");
    Board press_board(rows, cols);
    for (std::size_t i = 0; i < cells; ++i) {
      if (((presses >> i) & 1U) != 0) press_board.set(i / cols, i % cols, true);
    }
    if (solvable) check_darkens(lights, press_board, "small");
    for (const std::uint64_t k : small.kernel()) {
      if (k == 0 || small.effect(k) != 0) finding("SmallSolver kernel pattern not quiet");
    }
    outcomes.push_back({"small", solvable, small.nullity(), press_board, minimal && solvable});
  }

  {
    const lightsout::Rules classic = lightsout::parse_rules("");
    std::vector<std::uint8_t> values(cells);
    for (std::size_t i = 0; i < cells; ++i) values[i] = lights.get(i / cols, i % cols) ? 1 : 0;
    lightsout::Options rules_options;
    rules_options.kernel = true;
    rules_options.minimal = minimal;
    rules_options.minimal_budget = options.minimal_budget;
    // The dense GF(2) method through the Solver (its finishing step searches the fewest presses).
    const lightsout::Result r =
        lightsout::Solver(classic, rows, cols, lightsout::Method::gf2)
            .solve(lightsout::Grid::from_values(rows, cols, 2, values), rules_options);
    const std::vector<std::uint8_t> press_values = r.presses.to_values();
    Board press_board(rows, cols);
    for (std::size_t i = 0; i < cells; ++i) {
      if (press_values.at(i) > 1) finding("solve_rules press value past K - 1");
      if (press_values[i] != 0) press_board.set(i / cols, i % cols, true);
    }
    if (r.solvable) check_darkens(lights, press_board, "rules");
    if (r.kernel.size() != r.nullity) finding("solve_rules kernel size differs from nullity");
    outcomes.push_back({"rules", r.solvable, r.nullity, press_board, r.minimal && r.minimal_proven,
                        r.minimal ? r.minimal_lower_bound : 0});
  }

  const Outcome& first = outcomes.front();
  for (const Outcome& o : outcomes) {
    if (o.solvable != first.solvable || o.nullity != first.nullity) {
      std::fprintf(stderr, "%zux%zu: %s solvable=%d nullity=%zu, %s solvable=%d nullity=%zu\n",
                   rows, cols, first.name, first.solvable, first.nullity, o.name, o.solvable,
                   o.nullity);
      finding("solvers disagree on solvable or nullity");
    }
  }
  if (minimal && first.solvable) {
    // Every solver that proves its answer minimal must have the same popcount; none may beat it.
    std::size_t best = cells + 1;
    std::size_t fewest_seen = cells;
    for (const Outcome& o : outcomes) {
      fewest_seen = std::min(fewest_seen, o.presses.popcount());
      if (o.proven) best = std::min(best, o.presses.popcount());
    }
    for (const Outcome& o : outcomes) {
      // best is cells + 1 when no search finished (a budget of a few steps); every answer
      // darkens the board, so no lower bound may still exceed the fewest presses seen.
      if ((best <= cells &&
           ((o.proven && o.presses.popcount() != best) || o.presses.popcount() < best)) ||
          o.lower_bound > fewest_seen) {
        std::fprintf(stderr,
                     "%zux%zu: %s has %zu presses (bound %zu); fewest seen %zu, proven fewest %s\n",
                     rows, cols, o.name, o.presses.popcount(), o.lower_bound, fewest_seen,
                     best <= cells ? std::to_string(best).c_str() : "none");
        finding("fewest-presses popcounts differ");
      }
    }
  }
  return 0;
}
