// solve_dense: Gauss-Jordan over all m*n cells; the slow, obviously-correct oracle.
#include <stdexcept>
#include <utility>

#include "gf2_matrix.hpp"
#include "solve.hpp"

namespace lightsout {

SolveResult solve_dense(const Board& lights, const SolveOptions& options) {
  const std::size_t m = lights.rows();
  const std::size_t n = lights.cols();
  if (m == 0 || n == 0) throw std::invalid_argument("solve_dense: empty board");
  const std::size_t cells = m * n;
  // Row i: the equation of cell i, sum over the buttons that flip it = its light. The press
  // matrix is symmetric, so the buttons that flip cell i are the cells button i flips.
  Gf2Matrix a(cells, cells + 1);
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      const std::size_t i = r * n + c;
      a.set(i, i, true);
      if (r > 0) a.set(i, i - n, true);
      if (r + 1 < m) a.set(i, i + n, true);
      if (c > 0) a.set(i, i - 1, true);
      if (c + 1 < n) a.set(i, i + 1, true);
      a.set(i, cells, lights.get(r, c));
    }
  }
  const std::vector<std::size_t> pivots = a.reduce(cells);
  SolveResult result;
  result.nullity = cells - pivots.size();
  result.solvable = true;
  for (std::size_t i = pivots.size(); i < cells; ++i) {
    if (a.get(i, cells)) result.solvable = false;
  }
  result.presses = Board(m, n);
  if (result.solvable) {
    for (std::size_t i = 0; i < pivots.size(); ++i) {
      if (a.get(i, cells)) result.presses.set(pivots[i] / n, pivots[i] % n, true);
    }
  }
  if (options.kernel || options.minimal) {
    for (const auto& v : kernel_from_rref(a, pivots, cells)) {
      Board q(m, n);
      for (std::size_t i = 0; i < cells; ++i) {
        if ((v[i / 64] >> (i % 64)) & 1U) q.set(i / n, i % n, true);
      }
      result.kernel.push_back(std::move(q));
    }
  }
  if (options.minimal && result.solvable) minimize_presses(result, options);
  if (!options.kernel) result.kernel.clear();
  return result;
}

}  // namespace lightsout
