// Board files too large for memory, solved in two streaming passes (classic rules).
#pragma once

#include <cstdint>
#include <optional>

#include "lightsout/board_format.hpp"
#include "lightsout/streamed_files.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

// Contract: when the input is a regular file larger than half of --memory (default
// default_memory_budget()) and --minimal is not asked, solves the board (classic rules; the caller
// checks) by solve_board_file_streamed and prints what it found. Returns the exit status, or
// nullopt when the board is to be solved in memory (small enough, a pipe, --minimal, or wider
// than tall).
std::optional<int> try_streamed_solve(const BoardSolveArgs& args,
                                      std::optional<BoardFormat> in_format,
                                      std::optional<BoardFormat> out_format);

}  // namespace lightsout::cli
