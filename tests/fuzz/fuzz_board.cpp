// libFuzzer target: read_board and read_grid over arbitrary bytes. The only acceptable failure is
// BoardParseError.
//   - Two states: read_board with each forced format and with detection, small cell limits (so no
//     input can make it allocate much) and sometimes input_bytes set. On success: write_board (in
//     the format read, and in one more), then read_board (forced format, and detection) must give
//     back the same board.
//   - K = 3..255 states: read_grid (judge text of values 0..K-1; any other forced format must be
//     refused at 1:1). On success: the grid is within the limits and holds values below K;
//     write_grid then read_grid (judge, and detection) gives it back, write_grid refuses the other
//     formats, and when every value is 0/1, read_board reads the same text as the same board.
//
// Input: a mode byte (format, limits), a piece byte (source piece size, second output format), a
// states byte (0..2: two states through read_board, else K), then the board text.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "fuzz_support.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/solver.hpp"

using lightsout::Board;
using lightsout::BoardFormat;
using lightsout::BoardParseError;
using lightsout::BoardReadLimits;
using lightsout::Grid;
using namespace lightsout::fuzz;  // fuzz_support.hpp

namespace {

constexpr BoardFormat kFormats[] = {BoardFormat::pbm_plain, BoardFormat::pbm_raw, BoardFormat::grid,
                                    BoardFormat::judge};

Board read_text(const std::string& text, std::optional<BoardFormat> format) {
  ChunkedSource source(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), 1 << 20);
  return lightsout::read_board(std::ref(source), format);
}

Grid read_grid_text(const std::string& text, std::optional<BoardFormat> format, unsigned states) {
  ChunkedSource source(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), 1 << 20);
  return lightsout::read_grid(std::ref(source), format, states);
}

// K > 2 states: read_grid on the input, then the checks listed at the top.
void fuzz_states(const std::uint8_t* data, std::size_t size, unsigned states,
                 std::optional<BoardFormat> format, const BoardReadLimits& limits,
                 std::size_t piece) {
  ChunkedSource source(data, size, piece);
  Grid grid;
  BoardFormat detected{};
  try {
    grid = lightsout::read_grid(std::ref(source), format, states, limits, &detected);
  } catch (const BoardParseError& e) {
    if (e.line() == 0 || e.column() == 0) finding("0 in error position");
    if (format && *format != BoardFormat::judge && (e.line() != 1 || e.column() != 1)) {
      finding("a non-judge format for K > 2 not refused at 1:1");
    }
    return;
  }
  if (format && *format != BoardFormat::judge) finding("a non-judge format read for K > 2");
  if (detected != BoardFormat::judge) finding("K > 2 board not read as judge text");
  if (grid.states() != states || grid.packed()) finding("grid states differ from K");
  if (grid.rows() == 0 || grid.cols() == 0) finding("empty grid read");
  if (grid.cells() > limits.max_cells) finding("grid past max_cells");
  bool binary = true;
  for (const std::uint8_t v : grid.values()) {
    if (v >= states) finding("grid value past K - 1");
    binary = binary && v <= 1;
  }

  std::string text;
  lightsout::write_grid(grid, BoardFormat::judge,
                        [&text](const char* p, std::size_t n) { text.append(p, n); });
  if (read_grid_text(text, BoardFormat::judge, states) != grid) {
    finding("write_grid then read_grid (judge) differs");
  }
  if (read_grid_text(text, std::nullopt, states) != grid) {
    finding("write_grid then read_grid (detected) differs");
  }
  for (const BoardFormat other : kFormats) {
    if (other == BoardFormat::judge) continue;
    try {
      lightsout::write_grid(grid, other, [](const char*, std::size_t) {});
      finding("write_grid wrote K > 2 in a format other than judge");
    } catch (const std::invalid_argument&) {
    }
  }

  // Values 0/1 only: the two-state judge reader must read the input as the same board.
  if (binary && (!format || *format == BoardFormat::judge)) {
    ChunkedSource again(data, size, piece);
    Board board;
    try {
      board = lightsout::read_board(std::ref(again), BoardFormat::judge, limits);
    } catch (const BoardParseError& e) {
      std::fprintf(stderr, "read_board (judge): %s\n", e.what());
      finding("read_grid read 0/1 values that read_board refuses");
    }
    if (Grid(board).to_values() != grid.to_values()) {
      finding("read_grid and read_board read 0/1 values differently");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const auto [mode, piece_byte, states_byte] = control.take<3>();
  std::optional<BoardFormat> format;
  if (mode % 5 != 4) format = kFormats[mode % 5];
  BoardReadLimits limits;
  // At most 2^20 cells (or 2^(10..17) to hit the limit more often): a 2^20-cell board is 128 KiB.
  limits.max_cells =
      (mode & 0x08) != 0 ? std::uint64_t{1} << 20 : std::uint64_t{1} << (10 + ((mode >> 4) & 0x07));
  if ((mode & 0x80) != 0) limits.input_bytes = control.size();
  const std::size_t piece = (piece_byte & 0x80) != 0 ? std::size_t{1} << 20 : 1 + piece_byte;

  if (states_byte > 2) {
    fuzz_states(control.data(), control.size(), states_byte, format, limits, piece);
    return 0;
  }

  ChunkedSource source(control.data(), control.size(), piece);
  Board board;
  BoardFormat detected{};
  try {
    board = lightsout::read_board(std::ref(source), format, limits, &detected);
  } catch (const BoardParseError& e) {
    if (e.line() == 0 || e.column() == 0) finding("0 in error position");
    return 0;
  }
  if (board.rows() == 0 || board.cols() == 0) finding("empty board read");
  if (board.cells() > limits.max_cells) finding("board past max_cells");
  if (!board.check_invariants()) finding("board invariants broken");
  if (format && *format != detected &&
      !((*format == BoardFormat::pbm_plain || *format == BoardFormat::pbm_raw) &&
        (detected == BoardFormat::pbm_plain || detected == BoardFormat::pbm_raw))) {
    finding("detected format differs from the forced one");
  }

  // Round trip through the format it was read as and one more chosen by the input (each read and
  // write costs a 1 MiB buffer: all four every time would halve the execution rate).
  for (const BoardFormat out : {detected, kFormats[(piece_byte >> 2) % 4]}) {
    std::string text;
    lightsout::write_board(board, out,
                           [&text](const char* p, std::size_t n) { text.append(p, n); });
    if (read_text(text, out) != board) finding("write_board then read_board (forced) differs");
    if (read_text(text, std::nullopt) != board) {
      finding("write_board then read_board (detected) differs");
    }
  }
  return 0;
}
