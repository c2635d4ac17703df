// Board files too large for memory, solved in two streaming passes (classic rules).
#pragma once

#include <cstdint>
#include <optional>

#include "lightsout/board_format.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

// The largest board read when streaming (memory does not depend on it): 2^40 cells.
inline constexpr std::uint64_t kMaxStreamedCells = std::uint64_t{1} << 40;

// A quarter of physical memory: the default of --memory.
std::uint64_t default_memory_budget();

// Contract: when the input is a regular file larger than half of --memory (default
// default_memory_budget()) and --minimal is not asked, solves the board (classic rules; the caller
// checks) by two passes over the file with O(cols) memory: the chase from a zero first row gives
// the phantom row, plan_first_row the first press row, and the second chase writes each press
// row as it goes, checking the phantom row at the end. Returns the exit status, or nullopt when
// the board is to be solved in memory (small enough, a pipe, --minimal, or wider than tall).
std::optional<int> try_streamed_solve(const BoardSolveArgs& args,
                                      std::optional<BoardFormat> in_format,
                                      std::optional<BoardFormat> out_format);

}  // namespace lightsout::cli
