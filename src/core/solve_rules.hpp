// solve_rules: the method-level solver of any Lights Out variant (see rules.hpp), by elimination
// over Z_K, behind Solver's gf2 and zk methods (solver.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout {

struct RulesSolveOptions {
  bool kernel = true;    // fill RulesResult::kernel (and kernel_orders)
  bool minimal = false;  // search the solution set for the fewest presses
  // Budget of the exact fewest-presses search, as in SolveOptions: steps (K > 2: cell operations
  // of the walk over the whole solution set) and seconds (<= 0: none).
  std::uint64_t minimal_budget = std::numeric_limits<std::uint64_t>::max();
  double minimal_seconds = 10.0;
};

// The most existing cells solve_rules takes: K = 2, an 8 GiB bit matrix; K > 2, 4 GiB of bytes
// per prime power (and O(cells^3) time long before that).
inline constexpr std::size_t kMaxDenseCellsGf2 = std::size_t{1} << 18;
inline constexpr std::size_t kMaxDenseCellsZk = std::size_t{1} << 16;

// Everything the tool can truthfully say about one board under some rules. Vectors of cells hold
// one value per board cell, row-major (a graph: one per node), in 0..K-1, holes 0.
struct RulesResult {
  bool solvable = false;
  // A solution (all 0 when !solvable): presses[i] = how many times to press cell i. With
  // RulesSolveOptions::minimal, the fewest presses found (a value v counts as v presses).
  std::vector<std::uint8_t> presses;
  // The minimal number of generators of the quiet patterns {x : A x = 0 mod K} (the size of
  // `kernel` when it is filled).
  // K prime (2 included): their dimension over GF(K), cells - rank. K composite: the largest, over
  // the primes p of K, of (free columns + pivots of positive p-valuation) mod p^e.
  std::size_t nullity = 0;
  // The exact number of solutions: "0" when unsolvable; otherwise the decimal number when it is
  // below 2^64 ("1", "4", "20736"), else its factorisation, primes ascending: "2^300 * 3^12".
  std::string solution_count;
  // The same count as (prime, exponent) pairs, primes ascending; empty when it is 0 or 1.
  std::vector<std::pair<unsigned, std::size_t>> solution_count_factors;
  // A basis of the quiet patterns (filled with RulesSolveOptions::kernel): kernel[j] has additive
  // order kernel_orders[j] (a divisor of K; all 2 when K = 2), and every solution is
  // presses + sum_j c_j kernel[j] (mod K), 0 <= c_j < kernel_orders[j], in exactly one way.
  std::vector<std::vector<std::uint8_t>> kernel;
  std::vector<unsigned> kernel_orders;
  // True when `presses` was chosen as the fewest presses, and whether that is proven.
  bool minimal = false;
  bool minimal_proven = false;
  // With `minimal`: no solution has fewer presses (the sum of `presses` when proven).
  std::uint64_t minimal_lower_bound = 0;
};

// Solves `lights` (rows * cols values in 0..K-1, row-major; a hole's value is ignored) under
// `rules`: finds presses that bring every existing cell to the target (0, or K-1 with target=on).
//   - K = 2: dense elimination over GF(2) on the cells with M4RI (row echelon form, then one
//     bit-sliced back-substitution for the solution and the whole kernel). Tens of thousands of
//     cells: a 150 x 150 torus (22,500 cells) takes about 0.2 s, its kernel included; a dense
//     neighbourhood such as rowcol about 2 s. Memory cells^2 / 8 bytes.
//   - K > 2: for each prime power p^e of K, elimination over Z_{p^e} with pivots of least
//     p-valuation (GF(p) elimination when e = 1), combined by the CRT. O(cells^3) byte operations
//     and cells^2 bytes per prime power: meant for boards of up to a few thousand cells.
// The presses and every kernel vector are re-applied to the press system and checked
// (std::logic_error if one fails). Always the general method, whatever the rules (Solver picks
// the fast paths).
// Throws RulesError when the rules do not fit the board (see check_board_size),
// std::invalid_argument on a wrong number of lights or a value >= K, std::length_error past
// kMaxDenseCellsGf2 (K = 2) or kMaxDenseCellsZk (K > 2) existing cells.
RulesResult solve_rules(const Rules& rules, std::size_t rows, std::size_t cols,
                        const std::vector<std::uint8_t>& lights,
                        const RulesSolveOptions& options = {});
// The same on a press system built once (build_press_system(rules, rows, cols)) for many boards.
RulesResult solve_rules(const Rules& rules, const PressSystem& sys,
                        std::span<const std::uint8_t> lights,
                        const RulesSolveOptions& options = {});

namespace detail {
// The fewest presses (a value v counts as v) in solution + span(kernel) over Z_k, in place; the
// values are rows * cols board cells and kernel[j] has order orders[j] (as in RulesResult).
// Returns the proven lower bound and whether the minimum is proven (within `budget` steps and
// `seconds`), as SolveOptions / RulesSolveOptions describe.
struct FewestProof {
  bool proven = false;
  std::uint64_t lower_bound = 0;
};
FewestProof minimize_values(std::vector<std::uint8_t>& solution,
                            const std::vector<std::vector<std::uint8_t>>& kernel,
                            const std::vector<unsigned>& orders, unsigned k, std::size_t rows,
                            std::size_t cols, std::uint64_t budget, double seconds);
}  // namespace detail

}  // namespace lightsout
