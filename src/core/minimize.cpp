// minimize_presses: the lightest solution in presses + span(kernel), with a proven lower bound.
#include <bit>
#include <limits>
#include <stdexcept>
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

}  // namespace

detail::FewestOutcome minimize_board(Board& presses, std::span<const Board> kernel,
                                     const detail::SearchBudget& budget,
                                     detail::FewestMethod method) {
  const std::size_t d = kernel.size();
  if (d > 64) return minimize_greedy(presses, kernel, budget);
  detail::Gf2Classes classes = detail::Gf2Classes::from_boards(presses, kernel);
  // The board's reflections and rotations that keep the solution set: worth finding only where
  // the branch and bound would search long (each check costs a pass over the kernel boards).
  if (method == detail::FewestMethod::branch_and_bound && d >= detail::kSymmetricNullity &&
      presses.cells() <= kSymmetrySearchCells) {
    classes.set_symmetries(detail::board_symmetries(presses, kernel));
  }
  const detail::FewestOutcome out =
      classes.minimize(budget, std::numeric_limits<std::uint64_t>::max(), method);
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
                                 : detail::FewestMethod::branch_and_bound);
  result.minimal = true;
  result.minimal_lower_bound = out.lower_bound;
  result.minimal_proven = out.proven;
}

}  // namespace lightsout
