// Board files too large for memory, solved in two streaming passes (classic rules).
#pragma once

#include <cstdint>
#include <optional>

#include "api/streamed_files.hpp"
#include "lightsout/board_format.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

// The library's streamed solve (api/streamed_files.hpp) and its default --memory.
using api::default_memory_budget;
using api::kMaxStreamedCells;

// Contract: when the input is a regular file larger than half of --memory (default
// default_memory_budget()) and --minimal is not asked, solves the board (classic rules; the caller
// checks) by api::solve_board_file_streamed and prints what it found. Returns the exit status, or
// nullopt when the board is to be solved in memory (small enough, a pipe, --minimal, or wider
// than tall).
std::optional<int> try_streamed_solve(const BoardSolveArgs& args,
                                      std::optional<BoardFormat> in_format,
                                      std::optional<BoardFormat> out_format);

}  // namespace lightsout::cli
