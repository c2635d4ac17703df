// cached_solver: a thread-local list of recent small Solvers, most recent first.
#include "solver_cache.hpp"

#include <algorithm>
#include <vector>

#include "lightsout/plan.hpp"

namespace lightsout::api {

std::shared_ptr<const Solver> cached_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                            const SolvePlan* plan) {
  const auto make = [&] {
    return plan != nullptr ? std::make_shared<const Solver>(rules, rows, cols, *plan)
                           : std::make_shared<const Solver>(rules, rows, cols);
  };
  if (rows == 0 || cols == 0 || rows > kCachedSolverCells / cols) return make();
  thread_local std::vector<std::shared_ptr<const Solver>> recent;
  const auto hit = std::find_if(recent.begin(), recent.end(), [&](const auto& s) {
    return s->rows() == rows && s->cols() == cols && s->rules() == rules;
  });
  if (hit != recent.end()) {
    std::rotate(recent.begin(), hit, hit + 1);
    return recent.front();
  }
  auto made = make();
  if (recent.size() == kCachedSolversPerThread) recent.pop_back();
  recent.insert(recent.begin(), made);
  return made;
}

}  // namespace lightsout::api
