// libFuzzer target: read_board over arbitrary bytes, with each forced format and with detection,
// small cell limits (so no input can make it allocate much) and sometimes input_bytes set. The only
// acceptable failure is BoardParseError. On success: write_board (in the format read, and in one
// more), then read_board (forced format, and detection) must give back the same board.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "fuzz_support.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"

using lightsout::Board;
using lightsout::BoardFormat;
using lightsout::BoardParseError;
using lightsout::BoardReadLimits;
using lightsout::fuzz::Bytes;
using lightsout::fuzz::ChunkedSource;
using lightsout::fuzz::finding;

namespace {

constexpr BoardFormat kFormats[] = {BoardFormat::pbm_plain, BoardFormat::pbm_raw, BoardFormat::grid,
                                    BoardFormat::judge};

Board read_text(const std::string& text, std::optional<BoardFormat> format) {
  ChunkedSource source(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), 1 << 20);
  return lightsout::read_board(std::ref(source), format);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const std::uint8_t mode = control.take();
  const std::uint8_t piece_byte = control.take();
  std::optional<BoardFormat> format;
  if (mode % 5 != 4) format = kFormats[mode % 5];
  BoardReadLimits limits;
  // At most 2^20 cells (or 2^(10..17) to hit the limit more often): a 2^20-cell board is 128 KiB.
  limits.max_cells =
      (mode & 0x08) != 0 ? std::uint64_t{1} << 20 : std::uint64_t{1} << (10 + ((mode >> 4) & 0x07));
  if ((mode & 0x80) != 0) limits.input_bytes = control.size();
  const std::size_t piece = (piece_byte & 0x80) != 0 ? std::size_t{1} << 20 : 1 + piece_byte;

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
