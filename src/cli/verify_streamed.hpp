// `lightsout verify` on board files larger than --memory: both files read once, side by side.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lightsout/board_format.hpp"

namespace lightsout::cli {

struct StreamedVerifyArgs {
  std::string board, presses;
  std::optional<BoardFormat> board_format, presses_format;
  std::uint64_t max_cells = 0;  // 0: kMaxStreamedCells
  std::uint64_t memory = 0;     // 0: default_memory_budget()
};

// Contract: when the board is a regular file larger than half of --memory, checks the presses
// without holding either board (verify_board_files_streamed). Prints "ok" or
// "N lights left" and returns 0 or 1; 2 with the reader's message for a malformed file, or the
// two sizes when they differ. nullopt when the boards are small enough to verify in memory.
std::optional<int> try_streamed_verify(const StreamedVerifyArgs& args);

}  // namespace lightsout::cli
