// Board facts without a board: nullity, how many boards are solvable, and the quiet patterns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// What the size alone decides, for the classic rules on an m x n board.
struct BoardInfo {
  std::size_t rows = 0;
  std::size_t cols = 0;
  // Dimension of the quiet patterns (the kernel of the press matrix over GF(2)). Each solvable
  // board has 2^nullity solutions.
  std::size_t nullity = 0;
  // rows * cols - nullity: 2^solvable_log2 of the 2^(rows * cols) boards are solvable.
  std::uint64_t solvable_log2 = 0;
  // nullity == 0: every board is solvable, with exactly one solution.
  bool all_solvable = false;
};

// Largest side board_info accepts (keeps every power of two in its formula inside 64 bits).
inline constexpr std::uint64_t kMaxInfoSide = std::uint64_t{1} << 62;

// The facts of the rows x cols board, from its size alone: the nullity is
// deg gcd(f_M(x + 1), f_N(x)) over GF(2) (f_0 = 1, f_1 = x, f_{k+1} = x f_k + f_{k-1}), computed
// with NTL's GF2X (gf2x multiplication, half-gcd) on the square-free parts of those polynomials.
// Throws std::invalid_argument when a side is 0 or above kMaxInfoSide, or rows * cols does not fit
// in 64 bits.
// Cost: quasi-linear in d = (min(odd(rows + 1), odd(cols + 1)) - 1) / 2, odd(k) = k without its
// factors of 2 (d <= min side / 2): about 0.5 s at 10^6 x 10^6, 11 s at 10^7 x 10^7; memory a
// few times d / 8 bytes. Sizes with a side of the form 2^k - 1 cost nothing.
BoardInfo board_info(std::size_t rows, std::size_t cols);

// Limits of quiet_patterns: the board, and all of its patterns together, in cells.
inline constexpr std::uint64_t kMaxKernelCells = std::uint64_t{1} << 32;
inline constexpr std::uint64_t kMaxKernelTotalCells = std::uint64_t{1} << 32;

// A basis of the quiet patterns of the rows x cols board: board_info(rows, cols).nullity boards,
// each non-zero, independent, and flipping nothing when pressed (solve_poly on the dark board).
// Throws std::invalid_argument for a zero side, std::length_error when rows * cols exceeds
// kMaxKernelCells or nullity * rows * cols exceeds kMaxKernelTotalCells (checked before any
// allocation), std::logic_error if the pattern count disagrees with board_info (a self-check).
std::vector<Board> quiet_patterns(std::size_t rows, std::size_t cols);

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

// The facts of `rules` on a rows x cols board. The classic rules use board_info (no board is
// built: any size up to kMaxInfoSide) and quiet_patterns for the kernel. Without the kernel, the
// plus rules (with or without the button) on a torus or a cylinder, without holes, with a
// square-free K (2, 3, 5, 6, 7, 10, ...) take the nullity from polynomial gcds over each GF(p) of
// K (no board either; a torus's shorter side or a cylinder's columns, the side the polynomials
// run along, up to 2^23, the other side up to 2^62). Everything else
// (a kernel, K with a square factor such as 4 or 9, other rules, larger sides) solves the board
// already at its goal with a Solver, whose solutions are exactly the quiet patterns (the
// Solver's cell limits apply). Throws as board_info, quiet_patterns and Solver do.
Facts board_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool want_kernel = false);

// True when board_facts(rules, rows, cols) without the kernel builds no board: the classic rules,
// or the torus and cylinder rules above within their limits (then any number of cells).
bool facts_without_board(const Rules& rules, std::size_t rows, std::size_t cols);

}  // namespace lightsout
