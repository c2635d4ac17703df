// The library's entry point: a Solver built once per (rules, rows, cols), one Result for every
// rule set, and a one-call solve().
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"

namespace lightsout {

// An exact count of solutions: 0, or the product of primes^exponents (primes ascending, no
// zero exponents; an empty product is 1).
struct SolutionCount {
  bool zero = true;
  std::vector<std::pair<unsigned, std::uint64_t>> factors;

  static SolutionCount none() { return {}; }
  static SolutionCount power(unsigned prime, std::uint64_t exponent);
  // The value when it fits in 64 bits.
  std::optional<std::uint64_t> value() const;
  // "0", the decimal value below 2^64 ("1", "4", "20736"), else the factorisation "2^300 * 3^12".
  std::string to_string() const;
  bool operator==(const SolutionCount&) const = default;
};

// How a Solver works; `automatic` picks by rules and size (see Solver).
enum class Method {
  automatic,
  tables,     // K = 2, at most 64 cells, no holes: precomputed per-byte tables, a few look-ups
  enumerate,  // classic rules: all 2^n first rows chased (n = shorter side <= 20)
  chase,      // light chasing: classic rules, the n x n first-row system over GF(2); other rules
              // with the plus neighbourhood (any K, topology, goal; no holes), over Z_K with the
              // reduced system factored once per size
  poly,       // classic rules: the linear-time polynomial method
  dense,      // classic rules: Gauss-Jordan on all cells (the tests' oracle)
  banded,     // any rules whose press matrix has a band of at most 4096 in some row or column
              // order (folded where the board wraps): banded elimination, factored once, over
              // GF(2) for K = 2, per prime power of K > 2 (for p^e, e >= 2, while every pivot
              // can be a unit)
  gf2,        // any rules, K = 2: elimination of the press system with M4RI
  zk,         // any rules, K > 2: elimination over each prime power of K, then the CRT
  rowcol,     // the row-and-column rules without holes, any K: closed form, O(cells) a board
};
std::optional<Method> parse_method(std::string_view name);
std::string_view method_name(Method m);

// Progress of a long solve: a phase name and the fraction of it done (0 at the start of every
// phase, then now and then up to 1). The library never prints.
using ProgressFn = std::function<void(std::string_view phase, double fraction)>;

// Which of several lightest solutions Options::minimal returns. `any`: whichever the search
// meets first (the fastest). `lexicographic`: the least as a string of the presses read row by
// row, left to right ((0, 0) first; holes, always 0, skipped), a smaller value first at the first
// cell where two differ: POJ 3279's answer, exact whenever Result::minimal_proven.
enum class TieBreak { any, lexicographic };

struct Options {
  bool kernel = false;   // fill Result::kernel (a basis of the quiet patterns)
  bool minimal = false;  // the fewest presses (a value v counts as v presses)
  // Budget of the exact fewest-presses search: elementary steps and seconds of wall-clock time
  // (<= 0: no limit), whichever ends first. K = 2: a branch and bound over the classes of cells
  // with the same kernel column, exact for any nullity <= 64 given time; K > 2: the whole solution
  // set walked. When the budget ends first the result says so (minimal_proven false) and carries
  // a proven lower bound.
  std::uint64_t minimal_budget = std::numeric_limits<std::uint64_t>::max();
  double minimal_seconds = 10.0;
  // K = 2: weigh every solution (2^16 at a time, by one Walsh-Hadamard transform) instead of the
  // branch and bound. The same answer, slower; the yardstick the branch and bound is measured by.
  bool minimal_exhaustive = false;
  // With `minimal`: which lightest solution (see TieBreak). `lexicographic` searches without the
  // board's symmetries (slower from nullity 26 on) and, for K > 2, walks every tie; a search the
  // budget cut short is not proven even when its weight is (minimal_lower_bound equal to it).
  TieBreak tie_break = TieBreak::any;
  ProgressFn progress = nullptr;  // reported by the chase and poly methods
};

// Everything the tool can truthfully say about one board.
struct Result {
  bool solvable = false;
  // A solution (all zero when !solvable); with Options::minimal the fewest presses found. Holes
  // always hold 0.
  Grid presses;
  // The minimal number of generators of the quiet patterns (presses that change nothing): for a
  // prime K their dimension, cells - rank.
  std::size_t nullity = 0;
  // The exact number of solutions (zero when unsolvable).
  SolutionCount solutions;
  // With Options::kernel: a basis of the quiet patterns; kernel[j] has additive order
  // kernel_orders[j] (a divisor of K), and every solution is presses + sum_j c_j kernel[j] (mod K),
  // 0 <= c_j < kernel_orders[j], in exactly one way.
  std::vector<Grid> kernel;
  std::vector<unsigned> kernel_orders;
  // True when `presses` was chosen as the fewest presses, and whether that is proven.
  bool minimal = false;
  bool minimal_proven = false;
  // With `minimal`: a proven lower bound, no solution has fewer presses; equal to
  // presses.total() when minimal_proven (and only then, but for TieBreak::lexicographic, whose
  // search may prove the weight and be cut short among the ties).
  std::uint64_t minimal_lower_bound = 0;
  Method method = Method::automatic;  // the method that ran
};

// One rules set on one board size, prepared once, then any number of boards solved.
//
// `automatic` chooses, in this order: `tables` for K = 2 without holes on at most 64 cells;
// `rowcol` (the closed form) for the row-and-column rules without holes;
// for the classic rules `chase` when the shorter side is below 8, else `poly`; `chase` for other
// rules with the plus neighbourhood and no holes (reduced system up to 16384 unknowns for K = 2,
// 2048 for K > 2: the shorter side, twice it on a torus); for other rules `banded` when the
// press matrix has a band of at most 4096 (every neighbourhood but rowcol on a grid, holes
// included; graphs whose numbering keeps edges short), else `gf2` for K = 2 and `zk` for K > 2
// (also when K has a square prime factor p^e and a column over Z_{p^e} offers no unit pivot).
// A forced method must suit the rules and size.
// Throws RulesError when the rules do not fit the size (check_board_size), std::invalid_argument
// when a forced method does not suit them, std::length_error past the method's cell limit
// (max_cells()).
struct SolvePlan;  // lightsout/plan.hpp
class Solver {
 public:
  Solver(Rules rules, std::size_t rows, std::size_t cols, Method method = Method::automatic);
  // The automatic method, from a plan the caller already weighed (`plan` must be
  // plan_solve(rules, rows, cols)): the same Solver as above, without planning again.
  Solver(Rules rules, std::size_t rows, std::size_t cols, const SolvePlan& plan);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  const Rules& rules() const;
  std::size_t rows() const;
  std::size_t cols() const;
  unsigned states() const;
  Method method() const;  // never `automatic`

  // The most cells (existing cells, holes excluded) `method` takes under `rules`.
  static std::uint64_t max_cells(const Rules& rules, Method method);

  // Solves `lights` (rows x cols, values 0..K-1; a hole's value is ignored). Throws
  // std::invalid_argument when the grid's size or states differ from the solver's. Every
  // solution and kernel pattern is re-applied and checked (std::logic_error if one fails).
  Result solve(const Grid& lights, const Options& options = {}) const;
  // The same, taking the board: the chase and poly methods release it early (peak two boards).
  Result solve(Grid&& lights, const Options& options = {}) const;

  // The judge's hot path, for method() == tables: cell (r, c) is bit r * cols + c. Returns
  // whether `lights` is solvable and, when it is, writes a solution (the fewest presses when
  // `minimal` and minimal_exact(); of those the lexicographically least, bit 0 first, with
  // TieBreak::lexicographic) to `presses`.
  bool word_sized() const;
  bool minimal_exact() const;  // with tables: whether minimal word solutions are exact
  bool solve_word(std::uint64_t lights, std::uint64_t& presses, bool minimal = false) const;
  bool solve_word(std::uint64_t lights, std::uint64_t& presses, bool minimal,
                  TieBreak tie_break) const;

 private:
  // `planned`: the automatic choice's plan, when already made.
  Solver(Rules rules, std::size_t rows, std::size_t cols, Method method,
         std::optional<Method> planned);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One board, one call: Solver(rules, lights.rows(), lights.cols()).solve(lights, options).
Result solve(const Rules& rules, const Grid& lights, const Options& options = {});
Result solve(const Rules& rules, Grid&& lights, const Options& options = {});

}  // namespace lightsout
