// Shared unit-test helpers: seeded random boards, naive reference computations over GF(2) and a
// judge reader over a string.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/gf2_matrix.hpp"
#include "core/solve.hpp"
#include "lightsout/board.hpp"
#include "lightsout/judge_format.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// gtest prints a Board in failure messages through this (found by argument-dependent lookup).
inline void PrintTo(const Board& b, std::ostream* os) {
  *os << b.rows() << "x" << b.cols() << "\n" << b.to_string();
}

}  // namespace lightsout

namespace lightsout::test_support {

// Every test draws from its own generator with a fixed seed, so failures reproduce.
inline std::mt19937_64 make_rng(std::uint64_t salt) {
  return std::mt19937_64{0x9E3779B97F4A7C15ULL ^ (salt * 0x100000001B3ULL)};
}

// Each cell lit with probability `density`, using only get/set (no packed-word tricks).
inline Board random_board(std::size_t rows, std::size_t cols, std::mt19937_64& rng,
                          double density = 0.5) {
  Board b(rows, cols);
  std::bernoulli_distribution lit(density);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) b.set(r, c, lit(rng));
  }
  return b;
}

// The lights that `presses` flips, computed cell by cell from the rules (independent of
// Board::press and Board::apply).
inline Board naive_effect(const Board& presses) {
  const std::size_t m = presses.rows();
  const std::size_t n = presses.cols();
  Board out(m, n);
  for (std::size_t r = 0; r < m; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      bool v = presses.get(r, c);
      if (r > 0) v ^= presses.get(r - 1, c);
      if (r + 1 < m) v ^= presses.get(r + 1, c);
      if (c > 0) v ^= presses.get(r, c - 1);
      if (c + 1 < n) v ^= presses.get(r, c + 1);
      out.set(r, c, v);
    }
  }
  return out;
}

// A board that is solvable by construction: the effect of random presses.
inline Board random_solvable(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  return naive_effect(random_board(rows, cols, rng));
}

// Rank over GF(2) of a list of equal-length bit rows, by plain elimination on std::vector<bool>.
inline std::size_t naive_rank(std::vector<std::vector<bool>> rows) {
  std::size_t rank = 0;
  const std::size_t cols = rows.empty() ? 0 : rows.front().size();
  for (std::size_t c = 0; c < cols && rank < rows.size(); ++c) {
    std::size_t p = rank;
    while (p < rows.size() && !rows[p][c]) ++p;
    if (p == rows.size()) continue;
    std::swap(rows[p], rows[rank]);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (r == rank || !rows[r][c]) continue;
      for (std::size_t k = c; k < cols; ++k) rows[r][k] = rows[r][k] != rows[rank][k];
    }
    ++rank;
  }
  return rank;
}

// The cells of a board in row-major order.
inline std::vector<bool> to_bits(const Board& b) {
  std::vector<bool> bits;
  bits.reserve(b.cells());
  for (std::size_t r = 0; r < b.rows(); ++r) {
    for (std::size_t c = 0; c < b.cols(); ++c) bits.push_back(b.get(r, c));
  }
  return bits;
}

// Rank of a set of same-size boards, via Gf2Matrix (one row per board, one column per cell).
inline std::size_t board_rank(const std::vector<Board>& boards) {
  if (boards.empty()) return 0;
  const std::size_t cells = boards.front().cells();
  const std::size_t cols = boards.front().cols();
  Gf2Matrix m(boards.size(), cells);
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (std::size_t r = 0; r < boards[i].rows(); ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        if (boards[i].get(r, c)) m.set(i, r * cols + c, true);
      }
    }
  }
  return m.reduce(cells).size();
}

// Parity of the cells lit in both boards (the GF(2) dot product).
inline bool dot(const Board& a, const Board& b) {
  bool parity = false;
  for (std::size_t k = 0; k < a.words().size(); ++k) {
    parity ^= (std::popcount(a.words()[k] & b.words()[k]) & 1) != 0;
  }
  return parity;
}

// Cells as a word, cell (r, c) = bit r * cols + c (the SmallSolver layout); cells <= 64.
inline std::uint64_t to_word(const Board& b) {
  std::uint64_t w = 0;
  for (std::size_t r = 0; r < b.rows(); ++r) {
    for (std::size_t c = 0; c < b.cols(); ++c) {
      if (b.get(r, c)) w |= std::uint64_t{1} << (r * b.cols() + c);
    }
  }
  return w;
}

inline Board from_word(std::uint64_t w, std::size_t rows, std::size_t cols) {
  Board b(rows, cols);
  for (std::size_t i = 0; i < rows * cols; ++i) {
    if ((w >> i) & 1U) b.set(i / cols, i % cols, true);
  }
  return b;
}

// Every one of the 2^(rows*cols) press sets of a small board (cells <= 20), walked in Gray-code
// order: for each lights pattern, how many press sets produce it and the fewest presses doing so.
struct BruteForce {
  std::size_t rows;
  std::size_t cols;
  std::vector<std::uint32_t> count;       // indexed by the lights word
  std::vector<std::uint8_t> min_presses;  // 255 = unreachable

  BruteForce(std::size_t m, std::size_t n) : rows(m), cols(n) {
    const std::size_t cells = m * n;
    std::vector<std::uint32_t> effect(cells);
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        std::uint32_t e = std::uint32_t{1} << (r * n + c);
        if (r > 0) e |= std::uint32_t{1} << ((r - 1) * n + c);
        if (r + 1 < m) e |= std::uint32_t{1} << ((r + 1) * n + c);
        if (c > 0) e |= std::uint32_t{1} << (r * n + c - 1);
        if (c + 1 < n) e |= std::uint32_t{1} << (r * n + c + 1);
        effect[r * n + c] = e;
      }
    }
    const std::uint32_t total = std::uint32_t{1} << cells;
    count.assign(total, 0);
    min_presses.assign(total, 255);
    std::uint32_t lights = 0;
    std::uint32_t presses = 0;
    count[0] = 1;
    min_presses[0] = 0;
    for (std::uint32_t i = 1; i < total; ++i) {
      const int flip = std::countr_zero(i);
      presses ^= std::uint32_t{1} << flip;
      lights ^= effect[static_cast<std::size_t>(flip)];
      ++count[lights];
      const auto weight = static_cast<std::uint8_t>(std::popcount(presses));
      if (weight < min_presses[lights]) min_presses[lights] = weight;
    }
  }
};

// The fewest presses in presses + span(kernel), by a plain walk over every subset (d <= ~20).
inline std::size_t coset_min_weight(const Board& presses, const std::vector<Board>& kernel) {
  std::size_t best = presses.popcount();
  for (std::uint64_t s = 1; s < (std::uint64_t{1} << kernel.size()); ++s) {
    Board x = presses;
    for (std::size_t j = 0; j < kernel.size(); ++j) {
      if ((s >> j) & 1U) x ^= kernel[j];
    }
    if (x.popcount() < best) best = x.popcount();
  }
  return best;
}

// Everything a SolveResult must satisfy on its own, whatever solver produced it:
//   - every board has the right size and clean padding;
//   - solvable: the presses darken the board; not solvable: presses all zero;
//   - with a kernel: exactly nullity boards, each non-zero and quiet, jointly independent, and
//     the board is solvable iff it is orthogonal to every one of them (the press matrix is
//     symmetric, so its image is the orthogonal complement of its kernel).
inline void expect_self_consistent(const Board& lights, const SolveResult& res,
                                   bool kernel_filled = true) {
  ASSERT_EQ(res.presses.rows(), lights.rows());
  ASSERT_EQ(res.presses.cols(), lights.cols());
  EXPECT_TRUE(res.presses.check_invariants());
  Board after = lights;
  after.apply(res.presses);
  EXPECT_TRUE(after.check_invariants());
  if (res.solvable) {
    EXPECT_TRUE(after.is_dark()) << "presses do not darken the board";
    EXPECT_EQ(after, naive_effect(res.presses) ^= lights) << "apply disagrees with the rules";
  } else {
    EXPECT_TRUE(res.presses.is_dark()) << "unsolvable result carries presses";
  }
  if (!kernel_filled) {
    EXPECT_TRUE(res.kernel.empty());
    return;
  }
  ASSERT_EQ(res.kernel.size(), res.nullity);
  bool some_odd = false;
  for (const Board& k : res.kernel) {
    ASSERT_EQ(k.rows(), lights.rows());
    ASSERT_EQ(k.cols(), lights.cols());
    EXPECT_TRUE(k.check_invariants());
    EXPECT_FALSE(k.is_dark()) << "zero kernel vector";
    Board dark(lights.rows(), lights.cols());
    dark.apply(k);
    EXPECT_TRUE(dark.is_dark()) << "kernel vector is not quiet:\n" << k.to_string();
    some_odd = some_odd || dot(k, lights);
  }
  EXPECT_EQ(board_rank(res.kernel), res.nullity) << "kernel vectors are dependent";
  EXPECT_EQ(res.solvable, !some_odd) << "solvability contradicts the kernel certificate";
}

// A result agrees with the oracle on everything that is unique about the answer.
inline void expect_agrees(const SolveResult& res, const SolveResult& oracle) {
  EXPECT_EQ(res.solvable, oracle.solvable);
  EXPECT_EQ(res.nullity, oracle.nullity);
}

// A Result's grids as one value a cell (row-major), the form the brute-force oracles compare.
struct ResultValues {
  std::vector<std::uint8_t> presses;
  std::vector<std::vector<std::uint8_t>> kernel;
};
inline ResultValues values_of(const Result& r) {
  ResultValues v;
  v.presses = r.presses.to_values();
  for (const Grid& pattern : r.kernel) v.kernel.push_back(pattern.to_values());
  return v;
}

// The dense elimination (method gf2 for two states, zk for more) through the Solver, with its
// finishing step (the fewest presses), on one value a cell.
inline Result solve_dense_values(const Rules& rules, std::size_t rows, std::size_t cols,
                                 std::span<const std::uint8_t> lights, const Options& options) {
  const Solver solver(rules, rows, cols, rules.states == 2 ? Method::gf2 : Method::zk);
  return solver.solve(Grid::from_values(rows, cols, rules.states, lights), options);
}

// A judge reader over an in-memory string, handing out at most `chunk` bytes per read.
inline JudgeReader reader_for(const std::string& text, std::size_t rows, std::size_t cols,
                              JudgeLayout layout = JudgeLayout::detect,
                              std::size_t chunk = 1 << 20) {
  auto pos = std::make_shared<std::size_t>(0);
  return JudgeReader(
      [text, pos](char* buf, std::size_t cap) {
        const std::size_t n = std::min(cap, text.size() - *pos);
        text.copy(buf, n, *pos);
        *pos += n;
        return n;
      },
      rows, cols, layout, chunk);
}

}  // namespace lightsout::test_support
