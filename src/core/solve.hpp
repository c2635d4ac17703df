// The method-level solvers of the classic rules on any m x n board, behind Solver (solver.hpp):
// callers outside the library use Solver; tests and benchmarks call these directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// What a classic-rules method returns (Solver turns it into a Result).
struct SolveResult {
  bool solvable = false;
  // A solution (all zero when !solvable). With SolveOptions::minimal, the fewest presses found.
  Board presses;
  // Dimension of the space of quiet patterns (presses that change nothing); the solvable boards
  // are 2^(cells - nullity) and each has 2^nullity solutions.
  std::size_t nullity = 0;
  // A basis of the quiet patterns, nullity boards (filled when SolveOptions::kernel or ::minimal).
  std::vector<Board> kernel;
  // True when `presses` was chosen as the fewest presses, and whether that is proven.
  bool minimal = false;
  bool minimal_proven = false;
  // With `minimal`: no solution has fewer presses (equal to the count of `presses` when proven).
  std::uint64_t minimal_lower_bound = 0;
};

struct SolveOptions {
  bool kernel = true;    // fill SolveResult::kernel
  bool minimal = false;  // search the solution coset for the fewest presses
  // Budget of the exact fewest-presses search: elementary steps (term updates and transform
  // butterflies) and seconds of wall-clock time (<= 0: none); whichever ends first. When it ends
  // first, the result says so (minimal_proven false) and carries a proven lower bound.
  std::uint64_t minimal_budget = std::numeric_limits<std::uint64_t>::max();
  double minimal_seconds = 10.0;
  // K = 2: weigh every solution instead of the branch and bound (the same answer; a yardstick).
  bool minimal_exhaustive = false;
  // Which lightest solution (see TieBreak); enumeration and minimize_presses honour it.
  TieBreak tie_break = TieBreak::any;
  // Optional; see ProgressFn. Reported by solve_poly and solve_chase.
  ProgressFn progress = nullptr;
};

// The textbook method: try all 2^n first rows of presses (n = the shorter side, n <= 20), chase
// the lights down, keep the rows that leave the last row dark. It sees every solution, so its
// fewest-presses answer is always proven. Throws std::invalid_argument when min(m, n) > 20.
SolveResult solve_enumerate(const Board& lights, const SolveOptions& options = {});

// Light chasing reduced to the n x n first-row system F y = r (n = the shorter side; a wide board
// is chased along its columns by way of chases down its own rows, never copied), solved by packed
// GF(2) elimination.
// Cost O(m n^2 / 64 + n^3 / 64) word operations. Every solution is re-chased and self-checked.
SolveResult solve_chase(const Board& lights, const SolveOptions& options = {});
// The same, taking the board: it is released as soon as the presses are known, so no more than
// two full boards (the lights and the presses) are alive at once.
SolveResult solve_chase(Board&& lights, const SolveOptions& options = {});

// The linear-time method: F y = r read as H Y = R in F2[x]/(f_n) (n = the shorter side), with
// H = f_m(x + 1) mod f_n, solved by one extended gcd; the quiet first rows are phi(x^j f_n / g),
// g = gcd(H, f_n). Same answers as solve_chase (solvable, nullity; presses may differ) for any
// board. Cost O(m n / 64 + n^2 / 64) word operations plus one chase per kernel pattern; the
// presses and every kernel pattern are self-checked by chasing (std::logic_error if not).
SolveResult solve_poly(const Board& lights, const SolveOptions& options = {});
// The same, taking the board (see solve_chase(Board&&)): peak memory two boards.
SolveResult solve_poly(Board&& lights, const SolveOptions& options = {});

// Nullity of the m x n board without building it: deg gcd(f_M(x + 1), f_N), N = min(m, n),
// M = max(m, n). O(M N / 64). Throws std::invalid_argument when m or n is 0.
std::size_t nullity_poly(std::size_t m, std::size_t n);

// Gauss-Jordan over all m*n cells: O((mn)^3 / 64). The oracle for tests; keep boards small.
SolveResult solve_dense(const Board& lights, const SolveOptions& options = {});

// The method `automatic` resolves to: chase when the shorter side is below kPolyMinSide, else poly.
inline constexpr std::size_t kPolyMinSide = 8;
Method choose_method(std::size_t rows, std::size_t cols);

// Picks a method by size (see choose_method) when asked for `automatic`, and runs it; `method`
// must be automatic, enumerate, chase, dense or poly (std::invalid_argument otherwise).
SolveResult solve(const Board& lights, Method method = Method::automatic,
                  const SolveOptions& options = {});
// The same, taking the board: chase and poly may release it early (lower peak memory).
SolveResult solve(Board&& lights, Method method = Method::automatic,
                  const SolveOptions& options = {});

// Replace result.presses by the lightest element of presses + span(kernel) and set
// minimal_proven and minimal_lower_bound: the class branch and bound of fewest_presses.hpp
// (nullity <= 64) within the options' budget; past 64, greedy descent over the kernel vectors with
// the bound of the cells no quiet pattern touches. Requires result.kernel to be a basis of the
// quiet patterns.
void minimize_presses(SolveResult& result, const SolveOptions& options);

// Light chasing. Given the lights and the first press row `first_row` (stride words), fill every
// press row of `presses` (same size as lights) and return whether the phantom row after the last
// row is zero, i.e. whether the presses darken the board. `phantom`, when non-null, receives that
// row (stride words). Throws std::invalid_argument on size mismatch or padding bits set in
// first_row.
bool chase(const Board& lights, std::span<const std::uint64_t> first_row, Board& presses,
           std::uint64_t* phantom = nullptr);

}  // namespace lightsout
