// Whole-board files: PBM (P1 plain, P4 raw), plain grid text, and one judge-text board.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "lightsout/board.hpp"
#include "lightsout/grid.hpp"

namespace lightsout {

// In every format 1 = light on (or, for a press file, press this button); in PBM 1 = black.
enum class BoardFormat {
  pbm_plain,  // P1: "P1", width, height, then width*height ASCII 0/1 (whitespace optional)
  pbm_raw,    // P4: "P4", width, height, one whitespace byte, then rows of ceil(width/8) bytes,
              //     most significant bit first
  grid,       // one row per line, '0'/'1' or '.'/'#' per cell, no separators; CRLF accepted
  judge,      // R lines of C values 0/1 separated by whitespace (no count); size from the text
};
// Reading details, beyond the Netpbm and judge conventions:
//   - PBM: '#' comments run to the end of the line, in the header and (P1) between pixels; a
//     comment may end the P4 header in place of its whitespace byte. P4 padding bits are
//     ignored. Only whitespace may follow the pixels (one board per file). When reading,
//     pbm_plain and pbm_raw both accept either magic: a .pbm file may hold either.
//   - grid and judge: blank lines before the first row and after the last are skipped, an empty
//     line between rows is an error; blanks (and CR) around a row are ignored, and every row must
//     have as many cells as the first.
// Writing: P1 lines hold at most 64 characters, each board row starting a line; P4 is
// "P4\n<w> <h>\n" then the rows with zero padding bits; grid and judge end every row with '\n'
// (judge: values separated by single spaces).

// "p1", "p4", "pbm" (= p4 when writing), "grid", "judge"/"txt"; nullopt for anything else.
std::optional<BoardFormat> parse_board_format(std::string_view name);
// The one message for a name parse_board_format does not take, given to `option`:
// "OPTION: unknown format 'NAME' (p1, p4, pbm, grid, judge)".
std::string unknown_board_format(std::string_view option, std::string_view name);
// From a file name's extension: .pbm -> pbm_raw, .grid -> grid; nullopt otherwise (.txt may
// hold grid or judge text: let the reader detect it).
std::optional<BoardFormat> board_format_for_path(std::string_view path);
std::string_view board_format_name(BoardFormat format);

// Malformed board file. what() is "<line>:<column>: <message>" (1-based; for binary P4 data, and
// anything after it, the line is the header's last line and the column counts bytes from there:
// "2:37: P4 data cut short: expected 125000000000 bytes of pixels, got 20"). Messages quote the
// offending token, non-printable bytes as \xNN.
class BoardParseError : public std::runtime_error {
 public:
  BoardParseError(std::size_t line, std::size_t column, std::string message);
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  std::size_t line_, column_;
  std::string message_;
};

struct BoardReadLimits {
  // Refuse headers claiming more cells than this (exit-2 error, before any allocation), and text
  // boards once their rows pass it (while they arrive): "... exceeds the limit of N cells".
  std::uint64_t max_cells = std::uint64_t{1} << 40;
  // When known (a regular file), the input's size in bytes: a header whose data cannot fit in it
  // is rejected before allocating. nullopt (a pipe): memory grows only as the data arrives.
  std::optional<std::uint64_t> input_bytes;
  // When not empty, what raises max_cells, named after the limit: "... cells (--max-cells)".
  std::string max_cells_option;
};

// The cell limits the CLI reads boards with unless told otherwise (`--max-cells`): a regular file
// up to kMaxFileCells (2^34, 2 GiB packed; the file's size bounds it further), any other input
// (a pipe, a terminal, a device) up to kMaxStreamCells (2^26). read_board stores a board at a bit
// a cell for wide rows but a 64-bit word a row, so a one-column board from a pipe stops at
// 512 MiB there; read_board_thin (what the CLI uses for two states) keeps it at a bit a cell.
inline constexpr std::uint64_t kMaxFileCells = std::uint64_t{1} << 34;
inline constexpr std::uint64_t kMaxStreamCells = std::uint64_t{1} << 26;
// For a regular file of `stored_bytes` bytes (the smaller of its size and the bytes it really
// stores, so that a sparse file's holes are not trusted to hold cells): what they can hold at
// 8 cells a byte (P4), between kMaxStreamCells and kMaxFileCells. kMaxStreamCells for anything
// else (nullopt).
inline std::uint64_t default_max_cells(std::optional<std::uint64_t> stored_bytes) {
  if (!stored_bytes) return kMaxStreamCells;
  if (*stored_bytes >= kMaxFileCells / 8) return kMaxFileCells;
  return std::max(*stored_bytes * 8, kMaxStreamCells);
}

// Reads one board. `read` fills a buffer and returns the byte count (0 = end); it is asked for
// 1 MiB at a time and may return less. When `format` is nullopt the format is detected: PBM when
// the first byte is 'P'; else, on the first non-blank line, grid when its first token is longer
// than one byte or stands alone on the line, judge text otherwise. Never trusts a header: zero or
// negative sizes, wrong magic, truncated data, garbage after the data and oversized claims all
// throw BoardParseError, and memory grows only with the data that actually arrives. Linear time;
// P4 goes a machine word at a time.
using ReadFn = std::function<std::size_t(char* buf, std::size_t capacity)>;
// `detected`, when non-null, receives the format the data was read as (for PBM, by its magic).
Board read_board(const ReadFn& read, std::optional<BoardFormat> format,
                 const BoardReadLimits& limits = {}, BoardFormat* detected = nullptr);

// read_board for thin boards: a Board stores a row in whole 64-bit words, so a board of a few
// columns and many rows would cost 8 bytes a cell. A board of at most 64 columns and more rows
// than columns comes back transposed instead (a bit a cell) and *transposed is set; any other
// board comes back as read_board returns it (*transposed cleared). Same errors and limits.
Board read_board_thin(const ReadFn& read, std::optional<BoardFormat> format,
                      const BoardReadLimits& limits, BoardFormat* detected, bool* transposed);

// read_board without keeping the board, for boards larger than memory: sink.begin(cols), then
// every row handed to `sink` in order as soon as the reader has moved past it (memory: about
// 1 MiB of rows). Returns the number of rows. The same errors and limits as read_board; rows
// put before an error stay put.
std::size_t read_board_rows(const ReadFn& read, std::optional<BoardFormat> format,
                            const BoardReadLimits& limits, BoardFormat* detected, RowSink& sink);

// Writes a board in `format`, in blocks of about 1 MiB through `write`. The board must not be
// empty (std::invalid_argument).
using WriteFn = std::function<void(const char* data, std::size_t size)>;
void write_board(const Board& board, BoardFormat format, const WriteFn& write);
// Writes rows as they come (memory: one row), the same file write_board writes for the board they
// make up.
void write_rows(RowSource& rows, BoardFormat format, const WriteFn& write);
// A board file written as its rows arrive (a RowSink): the header when begin(cols) comes (PBM
// needs the row count up front: `rows`), then each row. finish() flushes the last block and
// throws std::logic_error unless exactly `rows` rows came. Memory: one 1 MiB block.
class BoardRowWriter final : public RowSink {
 public:
  BoardRowWriter(BoardFormat format, std::size_t rows, WriteFn write);
  ~BoardRowWriter() override;
  void finish();

 protected:
  void on_begin(std::size_t cols) override;
  void on_rows(const std::uint64_t* rows, std::size_t count) override;

 private:
  struct Impl;
  BoardFormat format_;
  std::size_t rows_;
  WriteFn write_;
  std::unique_ptr<Impl> impl_;
};

// Writes the transpose of a board of at most 64 rows (what read_board_thin returned) without
// making it: the file is the one write_board(board.transposed(), ...) writes.
void write_board_transposed(const Board& board, BoardFormat format, const WriteFn& write);

// Boards of any number of states, as Grid (solver.hpp). Two states: read_board / write_board in
// any format. More states: judge text only (rows of values 0..K-1 separated by blanks, blank lines
// before and after skipped, every row as long as the first; at most kMaxStatesTextBytes of text
// and limits.max_cells cells): any other format is a BoardParseError at 1:1 when reading,
// std::invalid_argument when writing. A bad value reads "expected a value 0..K-1, found 'x'".
inline constexpr std::uint64_t kMaxStatesTextBytes = std::uint64_t{64} << 20;
Grid read_grid(const ReadFn& read, std::optional<BoardFormat> format, unsigned states,
               const BoardReadLimits& limits = {}, BoardFormat* detected = nullptr);
void write_grid(const Grid& grid, BoardFormat format, const WriteFn& write);

}  // namespace lightsout
