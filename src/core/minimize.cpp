// minimize_presses: the lightest solution in presses + span(kernel), with a proven lower bound.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "fewest_presses.hpp"
#include "solution_symmetry.hpp"
#include "solve.hpp"

namespace lightsout {

namespace {

constexpr std::size_t kSymmetrySearchCells = std::size_t{1} << 22;

std::size_t xor_popcount(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    n += static_cast<std::size_t>(std::popcount(a[k] ^ b[k]));
  return n;
}

// More than 64 quiet patterns: greedy descent, adding any kernel vector that lowers the weight
// until none does or the budget ends (each accepted step lowers the weight, so it stops). The
// bound: the presses on cells that no kernel vector touches are in every solution.
detail::FewestOutcome minimize_greedy(Board& presses, std::span<const Board> kernel,
                                      const detail::SearchBudget& budget) {
  const std::uint64_t words = presses.words().size();
  std::size_t weight = presses.popcount();
  std::uint64_t spent = 0;
  bool improved = true;
  while (improved && spent < budget.work && std::chrono::steady_clock::now() < budget.deadline) {
    improved = false;
    for (const Board& k : kernel) {
      spent += words;
      const std::size_t w = xor_popcount(presses.words(), k.words());
      if (w < weight) {
        presses ^= k;
        weight = w;
        improved = true;
      }
    }
  }
  std::uint64_t bound = 0;
  const std::span<const std::uint64_t> x = presses.words();
  for (std::size_t t = 0; t < x.size(); ++t) {
    std::uint64_t touched = 0;
    for (const Board& k : kernel) touched |= k.words()[t];
    bound += static_cast<std::uint64_t>(std::popcount(x[t] & ~touched));
  }
  detail::FewestOutcome out;
  out.weight = weight;
  out.lower_bound = bound;
  out.proven = bound == weight;
  return out;
}

// The first set cell of `b` at or past word `from` (as word * 64 + bit), or SIZE_MAX.
std::size_t first_cell(const Board& b, std::size_t from) {
  const std::span<const std::uint64_t> w = b.words();
  for (std::size_t t = from; t < w.size(); ++t) {
    if (w[t] != 0) return 64 * t + static_cast<std::size_t>(std::countr_zero(w[t]));
  }
  return SIZE_MAX;
}

// TieBreak::lexicographic: the kernel in reduced row echelon form with its pivots in cell order
// (vector j has a 1 at its pivot p_j, 0 at every other pivot and at every cell before p_j), x0
// cleared at every pivot, and the vectors returned in descending pivot order. A solution
// x0 + sum c_j k_j then holds c_j at p_j, and two solutions first differ at the earliest pivot
// where their coefficients do: the row-major order of solutions is the order of their
// combinations as numbers, the earliest pivot the highest bit. Contract: `kernel` independent
// (std::logic_error if not); O(d^2) passes over a board.
std::vector<Board> lexicographic_basis(Board& presses, std::span<const Board> kernel) {
  std::vector<Board> basis(kernel.begin(), kernel.end());
  const std::size_t d = basis.size();
  std::size_t from = 0;  // every vector past the pivots found is zero before this word
  for (std::size_t r = 0; r < d; ++r) {
    std::size_t pick = r;
    std::size_t pivot = SIZE_MAX;
    for (std::size_t j = r; j < d; ++j) {
      const std::size_t cell = first_cell(basis[j], from);
      if (cell < pivot) {
        pivot = cell;
        pick = j;
      }
    }
    if (pivot == SIZE_MAX) throw std::logic_error("minimize_board: a dependent kernel");
    std::swap(basis[r], basis[pick]);
    from = pivot / 64;
    const std::uint64_t bit = std::uint64_t{1} << (pivot % 64);
    for (std::size_t j = 0; j < d; ++j) {
      if (j != r && (basis[j].words()[from] & bit) != 0) basis[j] ^= basis[r];
    }
    if ((presses.words()[from] & bit) != 0) presses ^= basis[r];
  }
  // x0 was cleared at p_r by vector r; later vectors are 0 there, so it stays cleared.
  std::reverse(basis.begin(), basis.end());
  return basis;
}

}  // namespace

detail::FewestOutcome minimize_board(Board& presses, std::span<const Board> kernel,
                                     const detail::SearchBudget& budget,
                                     detail::FewestMethod method, bool lexicographic) {
  const std::size_t d = kernel.size();
  // Greedy descent is proven only when its solution is 0 on every cell a kernel vector touches:
  // then every other solution is heavier, and the lightest, being unique, is the least too.
  if (d > 64) return minimize_greedy(presses, kernel, budget);
  // Lexicographic: the search's first lightest (the smallest combination) in the echelon basis.
  std::vector<Board> echelon;
  if (lexicographic) {
    echelon = lexicographic_basis(presses, kernel);
    kernel = echelon;
  }
  detail::Gf2Classes classes = detail::Gf2Classes::from_boards(presses, kernel);
  // The board's reflections and rotations that keep the solution set: worth finding only where
  // the branch and bound would search long (each check costs a pass over the kernel boards). Not
  // with the lexicographic tie-break, whose order they do not keep.
  if (!lexicographic && method == detail::FewestMethod::branch_and_bound &&
      d >= detail::kSymmetricNullity && presses.cells() <= kSymmetrySearchCells) {
    classes.set_symmetries(detail::board_symmetries(presses, kernel));
  }
  detail::FewestOutcome out =
      classes.minimize(budget, std::numeric_limits<std::uint64_t>::max(), method);
  // A subtree left open may hold a lesser combination of the same weight.
  if (lexicographic) out.proven = out.proven && out.complete;
  for (std::size_t j = 0; j < d; ++j) {
    if ((out.combination >> j) & 1U) presses ^= kernel[j];
  }
  if (presses.popcount() != out.weight) {
    throw std::logic_error("minimize_board: the search's weight is not the solution's");
  }
  return out;
}

void minimize_presses(SolveResult& result, const SolveOptions& options) {
  const detail::FewestOutcome out = minimize_board(
      result.presses, result.kernel,
      detail::SearchBudget::from_now(options.minimal_seconds, options.minimal_budget),
      options.minimal_exhaustive ? detail::FewestMethod::exhaustive
                                 : detail::FewestMethod::branch_and_bound,
      options.tie_break == TieBreak::lexicographic);
  result.minimal = true;
  result.minimal_lower_bound = out.lower_bound;
  result.minimal_proven = out.proven;
}

}  // namespace lightsout
