// SmallSolver: one elimination of the press matrix, then table-driven solving of tiny boards.
#include "small_solver.hpp"

#include <bit>
#include <stdexcept>
#include <utility>

#include "gf2_matrix.hpp"
#include "lex_order.hpp"

namespace lightsout {

namespace {

// Per-byte xor tables of 64 column words: table[k][v] = xor of columns 8k + j for set bits j of v.
std::vector<std::array<std::uint64_t, 256>> byte_tables(const std::vector<std::uint64_t>& columns) {
  std::vector<std::array<std::uint64_t, 256>> tables((columns.size() + 7) / 8);
  for (std::size_t k = 0; k < tables.size(); ++k) {
    for (std::size_t v = 0; v < 256; ++v) {
      std::uint64_t acc = 0;
      for (std::size_t j = 0; j < 8 && 8 * k + j < columns.size(); ++j) {
        if ((v >> j) & 1U) acc ^= columns[8 * k + j];
      }
      tables[k][v] = acc;
    }
  }
  return tables;
}

// The best of the 2^d solutions `solution` + span(kernel), walked in Gray-code order (one xor
// each); better(a, b) says whether a beats the best b so far.
template <class Better>
std::uint64_t best_solution(std::uint64_t solution, const std::vector<std::uint64_t>& kernel,
                            const Better& better) {
  std::uint64_t current = solution;
  std::uint64_t best = current;
  const std::size_t d = kernel.size();
  for (std::uint64_t i = 1; i < (std::uint64_t{1} << d); ++i) {
    current ^= kernel[static_cast<std::size_t>(std::countr_zero(i))];
    if (better(current, best)) best = current;
  }
  return best;
}

}  // namespace

namespace {

std::vector<std::uint64_t> classic_effects(std::size_t rows, std::size_t cols) {
  if (rows == 0 || cols == 0 || rows > 64 || cols > 64 || rows * cols > 64) {
    throw std::invalid_argument("SmallSolver: needs 1 <= rows * cols <= 64");
  }
  std::vector<std::uint64_t> effects(rows * cols, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      std::uint64_t e = std::uint64_t{1} << (r * cols + c);
      if (r > 0) e |= std::uint64_t{1} << ((r - 1) * cols + c);
      if (r + 1 < rows) e |= std::uint64_t{1} << ((r + 1) * cols + c);
      if (c > 0) e |= std::uint64_t{1} << (r * cols + c - 1);
      if (c + 1 < cols) e |= std::uint64_t{1} << (r * cols + c + 1);
      effects[r * cols + c] = e;
    }
  }
  return effects;
}

}  // namespace

SmallSolver::SmallSolver(std::size_t rows, std::size_t cols)
    : SmallSolver(rows, cols, classic_effects(rows, cols)) {}

SmallSolver::SmallSolver(std::size_t rows, std::size_t cols, std::vector<std::uint64_t> effects)
    : rows_(rows), cols_(cols), press_effect_(std::move(effects)) {
  if (rows == 0 || cols == 0 || rows > 64 || cols > 64 || rows * cols > 64 ||
      press_effect_.size() != rows * cols) {
    throw std::invalid_argument("SmallSolver: needs 1 <= rows * cols <= 64, one effect per cell");
  }
  const std::size_t n = rows * cols;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (const std::uint64_t e : press_effect_) {
    if ((e & ~all) != 0) throw std::invalid_argument("SmallSolver: an effect leaves the board");
  }
  // Eliminate [A | I]: the right half records the row operations E with E A = R (RREF).
  Gf2Matrix m(n, 2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) m.set(i, j, (press_effect_[j] >> i) & 1U);
    m.set(i, n + i, true);
  }
  const std::vector<std::size_t> pivots = m.reduce(n);
  const std::size_t rank = pivots.size();
  // A x = b  <=>  R x = E b. Solvable iff rows rank.. of E b vanish (the syndrome); then
  // x_{pivot_i} = (E b)_i with the free variables zero. Column j of P and C: b = e_j.
  std::vector<std::uint64_t> inverse_cols(n, 0), syndrome_cols(n, 0);
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!m.get(i, n + j)) continue;
      if (i < rank) {
        inverse_cols[j] |= std::uint64_t{1} << pivots[i];
      } else {
        syndrome_cols[j] |= std::uint64_t{1} << (i - rank);
      }
    }
  }
  inverse_ = byte_tables(inverse_cols);
  syndrome_ = byte_tables(syndrome_cols);
  for (const auto& v : kernel_from_rref(m, pivots, n)) kernel_.push_back(v[0]);
}

std::uint64_t SmallSolver::effect(std::uint64_t presses) const {
  std::uint64_t out = 0;
  while (presses != 0) {
    out ^= press_effect_[static_cast<std::size_t>(std::countr_zero(presses))];
    presses &= presses - 1;
  }
  return out;
}

std::uint64_t SmallSolver::solve_minimal(std::uint64_t lights) const {
  return best_solution(solve(lights), kernel_, [](std::uint64_t current, std::uint64_t best) {
    return std::popcount(current) < std::popcount(best);
  });
}

std::uint64_t SmallSolver::solve_minimal_lexicographic(std::uint64_t lights) const {
  return best_solution(solve(lights), kernel_, [](std::uint64_t current, std::uint64_t best) {
    const int weight = std::popcount(current);
    const int least = std::popcount(best);
    return weight < least || (weight == least && detail::lex_less(current, best));
  });
}

}  // namespace lightsout
