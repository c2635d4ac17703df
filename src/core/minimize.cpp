// minimize_presses: the lightest solution in presses + span(kernel), exact while affordable.
#include <bit>
#include <limits>
#include <vector>

#include "lightsout/solve.hpp"

namespace lightsout {

namespace {

std::size_t xor_popcount(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    n += static_cast<std::size_t>(std::popcount(a[k] ^ b[k]));
  return n;
}

}  // namespace

// Contract: result.solvable, result.kernel a basis of the quiet patterns. Afterwards
// result.presses is still a solution, result.minimal is true, and result.minimal_proven says
// whether every one of the 2^nullity solutions was examined.
void minimize_presses(SolveResult& result, const SolveOptions& options) {
  const std::size_t d = result.kernel.size();
  result.minimal = true;
  if (d == 0) {
    result.minimal_proven = true;
    return;
  }
  const std::uint64_t words = result.presses.words().size();
  const bool exact = d <= 24 && (std::uint64_t{1} << d) <= options.minimal_budget / words;
  if (exact) {
    // Gray-code walk: step i flips kernel vector ctz(i), so each step is one xor pass that also
    // counts the weight.
    Board current = result.presses;
    std::size_t best = current.popcount();
    std::uint64_t best_code = 0;
    for (std::uint64_t i = 1; i < (std::uint64_t{1} << d); ++i) {
      const auto& k = result.kernel[static_cast<std::size_t>(std::countr_zero(i))].words();
      auto cur = current.words();
      std::size_t weight = 0;
      for (std::size_t t = 0; t < cur.size(); ++t) {
        cur[t] ^= k[t];
        weight += static_cast<std::size_t>(std::popcount(cur[t]));
      }
      if (weight < best) {
        best = weight;
        best_code = i ^ (i >> 1);
      }
    }
    for (std::size_t j = 0; j < d; ++j) {
      if ((best_code >> j) & 1U) result.presses ^= result.kernel[j];
    }
    result.minimal_proven = true;
    return;
  }
  // Too many combinations: greedy descent, adding any kernel vector that lowers the weight, until
  // none does or the budget is spent. Each accepted step lowers the weight, so it terminates.
  std::size_t weight = result.presses.popcount();
  std::uint64_t spent = 0;
  bool improved = true;
  while (improved && spent < options.minimal_budget) {
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
  result.minimal_proven = false;
}

}  // namespace lightsout
