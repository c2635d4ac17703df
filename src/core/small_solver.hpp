// SmallSolver: many boards of one fixed size with at most 64 cells, a few table look-ups each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lightsout {

// A board of rows x cols <= 64 cells packed in one word: cell (r, c) is bit r * cols + c.
//
// The constructor eliminates the (rows*cols) x (rows*cols) press matrix A once and keeps
//   - a pseudo-inverse P (for every solvable b, A (P b) = b), and
//   - a syndrome map C (b is solvable iff C b = 0; one bit per independent check),
// both as per-byte tables, so solve() costs 2 * ceil(cells / 8) look-ups and xors.
class SmallSolver {
 public:
  // Throws std::invalid_argument unless 1 <= rows, cols and rows * cols <= 64.
  SmallSolver(std::size_t rows, std::size_t cols);
  // Any two-state rules: effects[j] = the cells pressing cell j flips (bit r * cols + c). Throws
  // std::invalid_argument on the same sizes, a wrong number of effects or bits past the board.
  SmallSolver(std::size_t rows, std::size_t cols, std::vector<std::uint64_t> effects);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t nullity() const { return kernel_.size(); }
  // Basis of the quiet patterns, one word each.
  const std::vector<std::uint64_t>& kernel() const { return kernel_; }

  bool solvable(std::uint64_t lights) const { return lookup(syndrome_, lights) == 0; }
  // A solution when solvable(lights); otherwise meaningless.
  std::uint64_t solve(std::uint64_t lights) const { return lookup(inverse_, lights); }
  // The fewest-presses solution: exact over all 2^nullity solutions (nullity <= 64 - 40 is not
  // checked: callers with large nullity should not ask; see minimal_affordable()).
  std::uint64_t solve_minimal(std::uint64_t lights) const;
  // The same, and of the lightest the lexicographically least: at the first cell (lowest bit)
  // where two differ, 0 (TieBreak::lexicographic).
  std::uint64_t solve_minimal_lexicographic(std::uint64_t lights) const;
  bool minimal_affordable() const { return kernel_.size() <= 24; }

  // The lights that pressing `presses` flips (A presses).
  std::uint64_t effect(std::uint64_t presses) const;

 private:
  using Table = std::vector<std::array<std::uint64_t, 256>>;
  static std::uint64_t lookup(const Table& table, std::uint64_t bits) {
    std::uint64_t out = 0;
    for (std::size_t k = 0; k < table.size(); ++k) out ^= table[k][(bits >> (8 * k)) & 0xFF];
    return out;
  }

  std::size_t rows_;
  std::size_t cols_;
  Table inverse_;   // per byte of lights: xor of P's columns
  Table syndrome_;  // per byte of lights: xor of C's columns
  std::vector<std::uint64_t> kernel_;
  std::vector<std::uint64_t> press_effect_;  // A's column per cell
};

}  // namespace lightsout
