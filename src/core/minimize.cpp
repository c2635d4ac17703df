// minimize_presses: the lightest solution in presses + span(kernel), with a proven lower bound.
#include <bit>
#include <stdexcept>
#include <vector>

#include "fewest_presses.hpp"
#include "solve.hpp"

namespace lightsout {

namespace {

std::size_t xor_popcount(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    n += static_cast<std::size_t>(std::popcount(a[k] ^ b[k]));
  return n;
}

// More than 64 quiet patterns: greedy descent, adding any kernel vector that lowers the weight
// until none does or the budget ends (each accepted step lowers the weight, so it stops). The
// bound: the presses on cells that no kernel vector touches are in every solution.
void minimize_greedy(SolveResult& result, const detail::SearchBudget& budget) {
  const std::uint64_t words = result.presses.words().size();
  std::size_t weight = result.presses.popcount();
  std::uint64_t spent = 0;
  bool improved = true;
  while (improved && spent < budget.work && std::chrono::steady_clock::now() < budget.deadline) {
    improved = false;
    for (const Board& k : result.kernel) {
      spent += words;
      const std::size_t w = xor_popcount(result.presses.words(), k.words());
      if (w < weight) {
        result.presses ^= k;
        weight = w;
        improved = true;
      }
    }
  }
  std::uint64_t bound = 0;
  const std::span<const std::uint64_t> x = result.presses.words();
  for (std::size_t t = 0; t < x.size(); ++t) {
    std::uint64_t touched = 0;
    for (const Board& k : result.kernel) touched |= k.words()[t];
    bound += static_cast<std::uint64_t>(std::popcount(x[t] & ~touched));
  }
  result.minimal_lower_bound = bound;
  result.minimal_proven = bound == weight;
}

}  // namespace

// Contract: result.solvable, result.kernel a basis of the quiet patterns. Afterwards
// result.presses is still a solution, result.minimal is true, result.minimal_lower_bound is a
// proven lower bound and result.minimal_proven says whether it is reached.
void minimize_presses(SolveResult& result, const SolveOptions& options) {
  result.minimal = true;
  const detail::SearchBudget budget =
      detail::SearchBudget::from_now(options.minimal_seconds, options.minimal_budget);
  const std::size_t d = result.kernel.size();
  if (d > 64) {
    minimize_greedy(result, budget);
    return;
  }
  const detail::FewestOutcome out =
      detail::Gf2Classes::from_boards(result.presses, result.kernel).minimize(budget);
  for (std::size_t j = 0; j < d; ++j) {
    if ((out.combination >> j) & 1U) result.presses ^= result.kernel[j];
  }
  if (result.presses.popcount() != out.weight) {
    throw std::logic_error("minimize_presses: the search's weight is not the solution's");
  }
  result.minimal_lower_bound = out.lower_bound;
  result.minimal_proven = out.proven;
}

}  // namespace lightsout
