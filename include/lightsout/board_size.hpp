// Board sizes written "RxC", parsed once for the CLI, the HTTP API and the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lightsout {

struct BoardSize {
  std::uint64_t rows, cols;
};

// The judge and board-file subcommands: sides up to 2^32, at most 2^40 cells.
inline constexpr std::uint64_t kMaxBoardSide = std::uint64_t{1} << 32;
inline constexpr std::uint64_t kMaxBoardCells = std::uint64_t{1} << 40;

// "RxC" (or "RXC"), decimal digits only, 1 <= R, C <= max_side and R * C <= max_cells;
// nullopt otherwise (the caller words the error).
std::optional<BoardSize> parse_board_size(std::string_view text,
                                          std::uint64_t max_side = kMaxBoardSide,
                                          std::uint64_t max_cells = kMaxBoardCells);

}  // namespace lightsout
