// The classic rules' facts from the size alone, behind board_facts (lightsout/info.hpp, the
// public fact API): the nullity by polynomial gcds, and the quiet patterns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/info.hpp"

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

// The facts of the rows x cols board, from its size alone: the nullity is
// deg gcd(f_M(x + 1), f_N(x)) over GF(2) (f_0 = 1, f_1 = x, f_{k+1} = x f_k + f_{k-1}), computed
// with NTL's GF2X (gf2x multiplication, half-gcd) on the square-free parts of those polynomials.
// Throws std::invalid_argument when a side is 0 or above kMaxInfoSide, or rows * cols does not fit
// in 64 bits.
// Cost: quasi-linear in d = (min(odd(rows + 1), odd(cols + 1)) - 1) / 2, odd(k) = k without its
// factors of 2 (d <= min side / 2): about 0.5 s at 10^6 x 10^6, 11 s at 10^7 x 10^7; memory a
// few times d / 8 bytes. Sizes with a side of the form 2^k - 1 cost nothing.
BoardInfo board_info(std::size_t rows, std::size_t cols);

// A basis of the quiet patterns of the rows x cols board: board_info(rows, cols).nullity boards,
// each non-zero, independent, and flipping nothing when pressed (solve_poly on the dark board).
// Throws std::invalid_argument for a zero side, std::length_error when rows * cols exceeds
// kMaxKernelCells or nullity * rows * cols exceeds kMaxKernelTotalCells (checked before any
// allocation), std::logic_error if the pattern count disagrees with board_info (a self-check).
std::vector<Board> quiet_patterns(std::size_t rows, std::size_t cols);

}  // namespace lightsout
