// chase_trace: light chasing replayed row by row, keeping the board after every row.
#include "lightsout/chase_trace.hpp"

#include <stdexcept>

#include "solve.hpp"

namespace lightsout {

ChaseTrace chase_trace(const Board& lights, bool minimal) {
  const std::size_t m = lights.rows();
  const std::size_t n = lights.cols();
  if (m == 0 || n == 0) throw std::invalid_argument("chase_trace: empty board");
  if (static_cast<double>(m) * static_cast<double>(m) * static_cast<double>(n) >
      static_cast<double>(kMaxChaseTraceBits)) {
    throw std::length_error("chase_trace: board too large for a step-by-step trace");
  }
  SolveOptions options;
  options.kernel = minimal;
  options.minimal = minimal;
  const SolveResult result = solve(lights, Method::automatic, options);

  ChaseTrace trace;
  trace.solvable = result.solvable;
  trace.minimal_proven = result.minimal_proven;
  trace.minimal_lower_bound = result.minimal_lower_bound;
  trace.presses = Board(m, n);
  trace.lights_after.reserve(m);
  Board board = lights;
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      // Row 0: the solution's first row. Below: press under every light still on above.
      const bool press =
          r == 0 ? (result.solvable && result.presses.get(0, c)) : board.get(r - 1, c);
      if (press) {
        trace.presses.set(r, c, true);
        board.press(r, c);
      }
    }
    trace.lights_after.push_back(board);
  }
  trace.dark = board.is_dark();
  if (trace.dark != result.solvable) {
    throw std::logic_error("chase_trace: the chase disagrees with the solver");
  }
  return trace;
}

}  // namespace lightsout
