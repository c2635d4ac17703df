// ValueRowReader: judge text of values 0..K-1 read a row at a time, for boards too large to hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lightsout/board_format.hpp"

namespace lightsout {

// Pulls the rows of one board of values 0..states-1 in judge text (the text read_grid takes for
// more than two states) from `read`, one row at a time, in 1 MiB reads: memory is the read
// buffer and one row. The same text is accepted and refused as by read_grid, with the same
// messages: a bad value "expected a value 0..K-1, found 'x'" at its line and column, an empty
// line between rows, a row of another length than the first ("row R has N values, the first row
// has M", reported at the row's line, column 1), an empty input, past limits.max_cells cells
// ("board exceeds ..."); read_grid's 64 MiB cap on the whole text does not apply. Every error is
// a BoardParseError.
class ValueRowReader {
 public:
  ValueRowReader(ReadFn read, unsigned states, BoardReadLimits limits);
  // The next row (cols() values), valid until the next call; nullptr after the last row, once
  // the rest of the input has been checked to be blank.
  const std::uint8_t* next();
  std::size_t cols() const { return cols_; }
  std::size_t rows() const { return rows_; }

 private:
  const std::uint8_t* next_plain();
  int get();  // the next byte, -1 at the end of the input
  [[noreturn]] void fail_token(std::size_t column, const std::string& token, bool truncated) const;

  ReadFn read_;
  unsigned states_;
  BoardReadLimits limits_;
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;
  bool eof_ = false;
  std::size_t line_ = 1, column_ = 0;  // of the byte get() returned last
  std::size_t blank_line_ = 0;         // an empty line seen after the first row
  std::size_t rows_ = 0, cols_ = 0;
  std::uint64_t cells_ = 0;
  std::vector<std::uint8_t> row_;
};

}  // namespace lightsout
