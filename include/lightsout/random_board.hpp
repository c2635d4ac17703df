// Deterministic pseudo-random boards: the same arguments give the same board on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "lightsout/board.hpp"
#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"

namespace lightsout {

// The random stream behind every board here: xoshiro256** 1.0 (Blackman and Vigna, 2018) whose
// 256-bit state is the first four outputs of SplitMix64 started at `seed` (the seeding its
// authors recommend). Not cryptographic; fast (about a nanosecond per 64-bit word) and
// reproducible, which is all a puzzle generator needs.
class Xoshiro256StarStar {
 public:
  explicit Xoshiro256StarStar(std::uint64_t seed);
  std::uint64_t operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

// A rows x cols board, each cell lit independently with probability `density` (in [0, 1]),
// from the stream Xoshiro256StarStar(seed). The contract that fixes every bit:
//   - the board's words are filled in storage order (row 0 word 0, row 0 word 1, ..., row 1 word
//     0, ...; see the layout in board.hpp), the padding bits of each row's last word cleared;
//   - density is rounded to q / 2^32, q an integer in [0, 2^32]; q = 0 gives a dark board and
//     q = 2^32 an all-lit one, both without touching the stream;
//   - otherwise each word is built from the stream words x_lo, ..., x_31 drawn in that order, one
//     per binary digit of q from its lowest set digit lo up to digit 31: w = 0, then for each
//     digit d, w = (digit d of q set) ? (w | x_d) : (w & x_d). Each bit of w is then 1 with
//     probability exactly q / 2^32, independently of the others.
// So density 0.5 (q = 2^31) is one raw stream word per 64 cells, 0.25 and 0.75 two, and a density
// such as 0.1 up to 32: the cost is 1 to 32 stream words per 64 cells, never one call per cell.
// Throws std::invalid_argument when density is outside [0, 1] (or NaN) or a side is 0.
Board random_board(std::size_t rows, std::size_t cols, std::uint64_t seed, double density = 0.5);

// A board that is solvable by construction: the lights flipped by the press pattern
// random_board(rows, cols, seed, density), i.e. a dark board to which Board::apply applied those
// presses. `density` is the density of the presses, not of the resulting lights. Built row by row
// in one pass (memory: the board plus three press rows). Same exceptions as random_board.
Board random_solvable_board(std::size_t rows, std::size_t cols, std::uint64_t seed,
                            double density = 0.5);

// The rows of random_solvable_board (`solvable`) or random_board (not), one at a time, without
// the board: memory is a few rows whatever the height, so `generate` writes boards of any size.
// Row r is bit for bit row r of the board those functions return. Same exceptions.
std::unique_ptr<RowSource> random_rows(std::size_t rows, std::size_t cols, std::uint64_t seed,
                                       double density, bool solvable);

// A random board under any rules, reproducible from the seed; holes are 0.
//   - classic rules: random_board, or random_solvable_board when `solvable`;
//   - other rules, K = 2: random_board's bits;
//   - K > 2: per cell one Xoshiro256StarStar(seed) word x: lit when its high 32 bits are below
//     density * 2^32, then 1 + (low 32 bits mod K-1).
// Other rules with `solvable`: those values are taken as presses and applied, under the rules, to
// the board at its goal (all 0, or K-1 with target=on). Throws as check_board_size does.
Grid random_grid(const Rules& rules, std::size_t rows, std::size_t cols, std::uint64_t seed,
                 double density = 0.5, bool solvable = false);

}  // namespace lightsout
