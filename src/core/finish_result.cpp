// finish_result: the fewest presses over the kernel a method found, for every method alike.
#include "finish_result.hpp"

#include <utility>
#include <vector>

#include "fewest_presses.hpp"

namespace lightsout {

namespace {

// K = 2 on the bit-packed boards; the kernel's boards are moved out and back, not copied.
detail::FewestOutcome fewest_bits(Result& result, const detail::SearchBudget& budget,
                                  detail::FewestMethod method, bool lexicographic) {
  std::vector<Board> kernel;
  kernel.reserve(result.kernel.size());
  for (Grid& pattern : result.kernel) kernel.push_back(std::move(pattern).take_bits());
  const detail::FewestOutcome out =
      minimize_board(result.presses.bits(), kernel, budget, method, lexicographic);
  for (std::size_t j = 0; j < kernel.size(); ++j) result.kernel[j] = Grid(std::move(kernel[j]));
  return out;
}

// K > 2 on one byte a cell.
detail::FewestOutcome fewest_values(Result& result, const detail::SearchBudget& budget,
                                    bool lexicographic) {
  std::vector<std::uint8_t> presses = result.presses.to_values();
  std::vector<std::vector<std::uint8_t>> kernel;
  kernel.reserve(result.kernel.size());
  for (const Grid& pattern : result.kernel) kernel.push_back(pattern.to_values());
  const unsigned k = result.presses.states();
  const detail::FewestOutcome out =
      detail::fewest_zk(presses, kernel, result.kernel_orders, k, budget, lexicographic);
  result.presses = Grid::from_values(result.presses.rows(), result.presses.cols(), k, presses);
  return out;
}

}  // namespace

void finish_result(Result& result, const Options& options) {
  // A method that proved the minimum itself (enumeration, which sees every solution) has set it.
  if (options.minimal && result.solvable && !result.minimal) {
    const detail::SearchBudget budget =
        detail::SearchBudget::from_now(options.minimal_seconds, options.minimal_budget);
    const bool lexicographic = options.tie_break == TieBreak::lexicographic;
    const detail::FewestOutcome out =
        result.presses.packed()
            ? fewest_bits(result, budget,
                          options.minimal_exhaustive ? detail::FewestMethod::exhaustive
                                                     : detail::FewestMethod::branch_and_bound,
                          lexicographic)
            : fewest_values(result, budget, lexicographic);
    result.minimal = true;
    result.minimal_proven = out.proven;
    result.minimal_lower_bound = out.lower_bound;
  }
  if (!options.kernel) {
    result.kernel.clear();
    result.kernel_orders.clear();
  }
}

}  // namespace lightsout
