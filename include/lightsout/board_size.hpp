// Board sizes written "RxC", parsed once for the CLI, the HTTP API and the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lightsout {

struct BoardSize {
  std::uint64_t rows, cols;
};

// The defaults below suit the judge and board-file subcommands: sides up to 2^32, at most 2^40
// cells.
inline constexpr std::uint64_t kMaxBoardSide = std::uint64_t{1} << 32;
inline constexpr std::uint64_t kMaxBoardCells = std::uint64_t{1} << 40;

// The limits each caller passes, and why:
//   - `solve --size` (judge text) and `generate`: the defaults. 2^32 sides keep every index in
//     64 bits; 2^40 cells (128 GiB packed) is past any real board but refuses absurd claims
//     before anything is allocated. Board files (PBM, grid, judge) have the same cell limit in
//     BoardReadLimits::max_cells (board_format.hpp).
//   - `info`: sides up to 10^9 and no cell limit. The facts of the classic rules need no board of
//     the size (10^18 cells still fit in 64 bits); other rules are then bounded by the Solver.
//   - the HTTP API's /api/info: sides up to Limits::max_info_side (10^6), no cell limit, so that
//     one request stays cheap; kernels only up to max_rules_cells (2500) cells. /api/solve and
//     /api/chase take "rows"/"cols" as JSON numbers instead (sides up to 2^32, then
//     `serve --max-cells`, default 2^20, or 2500 cells for other rules and for chasing).
enum class BoardSizeError {
  malformed,  // not "RxC" with R, C positive decimal integers below 2^64
  too_large,  // well-formed, but a side is above max_side or R * C above max_cells
};

// "RxC" (or "RXC"), decimal digits only, 1 <= R, C <= max_side and R * C <= max_cells;
// nullopt otherwise (the caller words the error; `error`, when non-null, receives why).
std::optional<BoardSize> parse_board_size(std::string_view text,
                                          std::uint64_t max_side = kMaxBoardSide,
                                          std::uint64_t max_cells = kMaxBoardCells,
                                          BoardSizeError* error = nullptr);

}  // namespace lightsout
