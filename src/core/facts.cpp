// board_facts: nullity, solvable boards and quiet patterns of any rules on one size.
#include <stdexcept>

#include "lightsout/info.hpp"

#include "classic_info.hpp"
#include "wrap_facts.hpp"

namespace lightsout {

bool facts_without_board(const Rules& rules, std::size_t rows, std::size_t cols) {
  return is_classic(rules) || detail::wrap_facts_fit(rules, rows, cols);
}

Facts board_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool want_kernel) {
  Facts facts;
  facts.rows = rows;
  facts.cols = cols;
  facts.states = rules.states;
  if (is_classic(rules)) {
    const BoardInfo info = board_info(rows, cols);
    facts.cells = static_cast<std::uint64_t>(rows) * cols;
    facts.nullity = info.nullity;
    facts.quiet_patterns = SolutionCount::power(2, info.nullity);
    facts.solvable_log2 = info.solvable_log2;
    facts.all_solvable = info.all_solvable;
    if (want_kernel) {
      for (Board& b : quiet_patterns(rows, cols)) facts.kernel.emplace_back(std::move(b));
      facts.kernel_orders.assign(facts.kernel.size(), 2);
    }
    return facts;
  }
  if (!want_kernel) {
    if (const auto wrap = detail::wrap_facts(rules, rows, cols)) {
      facts.cells = static_cast<std::uint64_t>(rows) * cols;
      facts.nullity = static_cast<std::size_t>(wrap->nullity);
      facts.quiet_patterns = wrap->quiet_patterns;
      if (rules.states == 2) facts.solvable_log2 = facts.cells - wrap->nullity;
      facts.all_solvable = wrap->nullity == 0;
      return facts;
    }
  }
  // The quiet patterns do not depend on the goal: solve the dark board with the goal off.
  Rules quiet = rules;
  quiet.target_on = false;
  const Solver solver(quiet, rows, cols);
  Options options;
  options.kernel = want_kernel;
  Result r = solver.solve(Grid(rows, cols, rules.states), options);
  if (!r.solvable) throw std::logic_error("board_facts: the dark board has no solution");
  facts.cells = existing_cells(rules, rows, cols);
  facts.nullity = r.nullity;
  facts.quiet_patterns = r.solutions;
  if (rules.states == 2) facts.solvable_log2 = facts.cells - r.nullity;
  facts.all_solvable = r.solutions.factors.empty();
  facts.kernel = std::move(r.kernel);
  facts.kernel_orders = std::move(r.kernel_orders);
  return facts;
}

}  // namespace lightsout
