// The facts of a rules set on a board size: nullity, how many boards are solvable, how many
// solutions each has, and the quiet patterns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// Largest side board_facts takes for the classic rules (keeps every power of two in the
// nullity's formula inside 64 bits).
inline constexpr std::uint64_t kMaxInfoSide = std::uint64_t{1} << 62;

// Limits of the classic rules' quiet patterns: the board, and all of its patterns together, in
// cells.
inline constexpr std::uint64_t kMaxKernelCells = std::uint64_t{1} << 32;
inline constexpr std::uint64_t kMaxKernelTotalCells = std::uint64_t{1} << 32;

// What a rules set decides on a board size, whatever the rules.
struct Facts {
  std::size_t rows = 0;
  std::size_t cols = 0;
  unsigned states = 2;
  std::uint64_t cells = 0;  // existing cells (holes excluded)
  // The minimal number of generators of the quiet patterns (for a prime K their dimension).
  std::size_t nullity = 0;
  // The number of quiet patterns, which is also the number of solutions of every solvable board.
  SolutionCount quiet_patterns;
  // K = 2: 2^solvable_log2 of the 2^cells boards are solvable (cells - nullity).
  std::optional<std::uint64_t> solvable_log2;
  bool all_solvable = false;  // quiet_patterns == 1
  // With want_kernel: a basis of the quiet patterns (orders as in Result::kernel_orders).
  std::vector<Grid> kernel;
  std::vector<unsigned> kernel_orders;
};

// The facts of `rules` on a rows x cols board. The classic rules take the nullity from the size
// alone (deg gcd(f_M(x + 1), f_N(x)) over GF(2), f_0 = 1, f_1 = x, f_{k+1} = x f_k + f_{k-1}, with
// NTL's GF2X: no board is built, any size up to kMaxInfoSide; about 0.5 s at 10^6 x 10^6) and
// the kernel from the polynomial method on the dark board (up to kMaxKernelCells cells and
// kMaxKernelTotalCells for all patterns, checked before any allocation). Without the kernel, the
// plus rules (with or without the button) on a torus or a cylinder, without holes, with a
// square-free K (2, 3, 5, 6, 7, 10, ...) take the nullity from polynomial gcds over each GF(p) of
// K (no board either; a torus's shorter side or a cylinder's columns, the side the polynomials
// run along, up to 2^23, the other side up to 2^62). Everything else
// (a kernel, K with a square factor such as 4 or 9, other rules, larger sides) solves the board
// already at its goal with a Solver, whose solutions are exactly the quiet patterns (the
// Solver's cell limits apply). Throws std::invalid_argument for a zero side or a side above
// kMaxInfoSide, std::length_error past the kernel limits, and as the Solver does.
Facts board_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool want_kernel = false);

// True when board_facts(rules, rows, cols) without the kernel builds no board: the classic rules,
// or the torus and cylinder rules above within their limits (then any number of cells).
bool facts_without_board(const Rules& rules, std::size_t rows, std::size_t cols);

}  // namespace lightsout
