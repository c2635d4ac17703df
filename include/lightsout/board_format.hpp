// Whole-board files: PBM (P1 plain, P4 raw), plain grid text, and one judge-text board.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "lightsout/board.hpp"

namespace lightsout {

// In every format 1 = light on (or, for a press file, press this button); in PBM 1 = black.
enum class BoardFormat {
  pbm_plain,  // P1: "P1", width, height, then width*height ASCII 0/1 (whitespace optional)
  pbm_raw,    // P4: "P4", width, height, one whitespace byte, then rows of ceil(width/8) bytes,
              //     most significant bit first
  grid,       // one row per line, '0'/'1' or '.'/'#' per cell, no separators; CRLF accepted
  judge,      // R lines of C values 0/1 separated by whitespace (no count); size from the text
};

// "p1", "p4", "pbm" (= p4 when writing), "grid", "judge"/"txt"; nullopt for anything else.
std::optional<BoardFormat> parse_board_format(std::string_view name);
// From a file name's extension: .pbm -> pbm_raw, .grid/.txt -> grid; nullopt otherwise.
std::optional<BoardFormat> board_format_for_path(std::string_view path);
std::string_view board_format_name(BoardFormat format);

// Malformed board file. what() is "<line>:<column>: <message>" (1-based; for binary P4 data the
// line is the header's last line and the column counts bytes from there: see message()).
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
  // Refuse headers claiming more cells than this (exit-2 error, before any allocation).
  std::uint64_t max_cells = std::uint64_t{1} << 40;
  // When known (a regular file), the input's size in bytes: a header whose data cannot fit in it
  // is rejected before allocating. nullopt (a pipe): memory grows only as the data arrives.
  std::optional<std::uint64_t> input_bytes;
};

// Reads one board. `read` fills a buffer and returns the byte count (0 = end). When `format` is
// nullopt the format is detected: "P1"/"P4" magic, else grid if the first line has no blanks
// between cells, else judge text. Never trusts a header: zero or negative sizes, wrong magic,
// truncated data, garbage after the data and oversized claims all throw BoardParseError.
using ReadFn = std::function<std::size_t(char* buf, std::size_t capacity)>;
Board read_board(const ReadFn& read, std::optional<BoardFormat> format,
                 const BoardReadLimits& limits = {});

// Writes a board in `format`, in large blocks through `write`.
using WriteFn = std::function<void(const char* data, std::size_t size)>;
void write_board(const Board& board, BoardFormat format, const WriteFn& write);

}  // namespace lightsout
