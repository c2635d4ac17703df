// Light chasing, step by step: the trace the web page animates (which presses each row gets, and
// the board after each row), computed here so that the server holds no solver logic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout {

// Largest rows * cells a trace holds (one board per row): 2^26 bits, 8 MiB.
inline constexpr std::uint64_t kMaxChaseTraceBits = std::uint64_t{1} << 26;

struct ChaseTrace {
  bool solvable = false;
  // The first press row: the first row of a solution (the fewest-presses one when asked) when the
  // board is solvable, all zero otherwise (the chase then shows which lights are left).
  // presses row r = the presses of step r; rows 1.. press under every light left in the row above.
  Board presses;
  // lights_after[r]: the whole board after steps 0..r (rows() boards).
  std::vector<Board> lights_after;
  // The last-row check: the bottom row is dark after the last step (true iff solvable).
  bool dark = false;
  // When the fewest presses were asked for: whether they are proven, and a proven lower bound.
  bool minimal_proven = false;
  std::uint64_t minimal_lower_bound = 0;
};

// Chases `lights` top-down, one row per step. Solves the board first (solve(), minimal when
// asked) to pick the first row. Throws std::length_error when rows * rows * cols exceeds
// kMaxChaseTraceBits, std::invalid_argument for an empty board.
ChaseTrace chase_trace(const Board& lights, bool minimal = false);

}  // namespace lightsout
