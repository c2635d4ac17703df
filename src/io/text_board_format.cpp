// Text boards whose size comes from the text: grid (one character per cell) and judge values.
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "board_io.hpp"

namespace lightsout::detail {

namespace {

std::string limit_message(const BoardReadLimits& limits) {
  return "board exceeds " + cells_limit_text(limits);
}

// The two text formats differ only in how one row's cells are read; this holds the rest.
// The first row fixes the width (its words are kept aside until then); the store takes the
// rows that follow. A row ends at '\n' or the end; an empty row ends the board, and only
// whitespace may follow it.
class TextBoardBuilder {
 public:
  // `transposed` as read_grid's.
  TextBoardBuilder(const BoardReadLimits& limits, ReadMode* mode) : limits_(limits), mode_(mode) {}

  std::size_t cols() const { return cols_; }  // 0 while reading the first row
  std::size_t rows() const { return rows_; }

  // Checks that cell `c` (0-based) of the current row may exist; `unit` names cells ("cells",
  // "values") and `what` the row ("grid row", "row") in messages.
  void check_cell(Input& in, std::size_t c, const char* what, const char* unit) {
    if (cols_ == 0) {
      if (c >= limits_.max_cells) in.fail(limit_message(limits_));
    } else if (c == cols_) {
      in.fail(std::string(what) + " too long: the first row has " + std::to_string(cols_) + " " +
              unit);
    } else if (c == 0 && rows_ + 1 > limits_.max_cells / cols_) {
      in.fail(limit_message(limits_));
    }
  }

  // Word `k` of the current row.
  void put_word(std::size_t k, std::uint64_t w) {
    if (cols_ == 0) {
      first_row_.push_back(w);
    } else {
      store_->word(rows_ * store_->stride() + k) = w;
    }
  }

  // Appends cell c (bit 0 or 1) to acc, the bits of the row's unfinished word; a full word goes
  // to put_word.
  void put_cell(std::size_t& c, std::uint64_t& acc, std::uint64_t bit) {
    acc |= bit << (c % 64);
    if (++c % 64 == 0) {
      put_word(c / 64 - 1, acc);
      acc = 0;
    }
  }

  // At the '\n' or end ending a row of `cells` cells. Returns false when the board is complete.
  bool end_row(Input& in, std::size_t cells, const char* what, const char* unit,
               const char* board_name) {
    if (cells == 0) {
      const std::size_t line = in.line();
      if (in.skip_space(false) != -1) {
        throw BoardParseError(line, 1, std::string("empty line inside the ") + board_name);
      }
      return false;
    }
    if (cols_ == 0) {
      cols_ = cells;
      store_.emplace(cols_, std::nullopt, false, mode_);
      for (std::size_t k = 0; k < first_row_.size(); ++k) store_->word(k) = first_row_[k];
      std::vector<std::uint64_t>().swap(first_row_);
    } else if (cells < cols_) {
      in.fail(std::string(what) + " cut short: " + std::to_string(cells) + " " + unit +
              ", the first row has " + std::to_string(cols_));
    }
    ++rows_;
    if (in.peek() == -1) return false;
    in.take_newline();
    return true;
  }

  Board take() { return store_->take(rows_); }

 private:
  const BoardReadLimits& limits_;
  ReadMode* mode_;
  std::size_t cols_ = 0;
  std::size_t rows_ = 0;
  std::vector<std::uint64_t> first_row_;
  std::optional<BoardStore> store_;
};

// Contract: the loop both text formats share. Fails on an empty input; then, row by row,
// read_row(board, c, acc) reads one row from its first character up to its '\n' or the end (not
// consumed), counting its cells in c and handing them to board.put_cell (or whole words to
// board.put_word); the unfinished last word is stored and the row ended (`what`, `unit` and
// `board_name` name them in messages), until the board is complete.
template <typename ReadRow>
Board read_text_rows(Input& in, const BoardReadLimits& limits, ReadMode* mode, const char* what,
                     const char* unit, const char* board_name, const ReadRow& read_row) {
  if (in.skip_space(false) == -1) in.fail("empty input: expected a board");
  TextBoardBuilder board(limits, mode);
  for (;;) {
    std::size_t c = 0;
    std::uint64_t acc = 0;
    read_row(board, c, acc);
    if (c % 64 != 0) board.put_word(c / 64, acc);
    if (!board.end_row(in, c, what, unit, board_name)) break;
  }
  return board.take();
}

// 0 for '0'/'.', 1 for '1'/'#', -1 otherwise.
int grid_cell(int ch) {
  if (ch == '0' || ch == '.') return 0;
  if (ch == '1' || ch == '#') return 1;
  return -1;
}

}  // namespace

// Rows of '0'/'1' (or '.'/'#') without separators; blanks (and so CR) are allowed around a row
// but not between its cells. Blank lines before the first row and after the last are skipped.
Board read_grid(Input& in, const BoardReadLimits& limits, ReadMode* mode) {
  const auto read_row = [&](TextBoardBuilder& board, std::size_t& c, std::uint64_t& acc) {
    auto put = [&board](std::size_t k, std::uint64_t w) { board.put_word(k, w); };
    for (;;) {
      // Past the first cell (whose checks cover the row), runs of 0/1 go 8 at a time.
      const std::size_t limit = board.cols() != 0 ? board.cols() : limits.max_cells;
      if (c > 0 && c < limit && in.end() - in.pos() >= 8) {
        in.skip(take_digit_run(in.pos(), in.end(), limit - c, c, acc, put));
      }
      int ch = in.peek();
      const int bit = grid_cell(ch);
      if (bit >= 0) {
        board.check_cell(in, c, "grid row", "cells");
        in.advance();
        board.put_cell(c, acc, static_cast<std::uint64_t>(bit));
      } else if (is_blank(ch)) {
        if (c == 0) {
          in.advance();
          continue;
        }
        // Trailing blanks end the row; blanks between cells are an error, reported at the blank.
        const std::size_t line = in.line(), col = in.column();
        const auto blank = static_cast<char>(ch);
        while (is_blank(ch)) {
          in.advance();
          ch = in.peek();
        }
        if (ch != '\n' && ch != -1) {
          throw BoardParseError(
              line, col, "expected '0', '1', '.' or '#', found " + quote(std::string(1, blank)));
        }
        return;
      } else if (ch == '\n' || ch == -1) {
        return;
      } else {
        in.fail("expected '0', '1', '.' or '#', found " +
                quote(std::string(1, static_cast<char>(ch))));
      }
    }
  };
  return read_text_rows(in, limits, mode, "grid row", "cells", "grid", read_row);
}

// Rows of values 0/1 separated by blanks, one row per line, every row as long as the first.
Board read_judge_board(Input& in, const BoardReadLimits& limits, ReadMode* mode) {
  const auto read_row = [&](TextBoardBuilder& board, std::size_t& c, std::uint64_t& acc) {
    auto put = [&board](std::size_t k, std::uint64_t w) { board.put_word(k, w); };
    for (int ch = in.peek(); ch != '\n' && ch != -1; ch = in.peek()) {
      // Past the first value, "v v v v " groups go 4 values at a time.
      const std::size_t limit = board.cols() != 0 ? board.cols() : limits.max_cells;
      if (c > 0 && c < limit && in.end() - in.pos() >= 8 && !is_blank(ch)) {
        const std::size_t used = take_spaced_run(in.pos(), in.end(), limit - c, c, acc, put);
        if (used != 0) {
          in.skip(used);
          continue;
        }
      }
      if (is_blank(ch)) {
        in.advance();
        continue;
      }
      const std::size_t line = in.line(), col = in.column();
      in.advance();
      const int next = in.peek();
      if ((ch != '0' && ch != '1') || (next != -1 && !is_space(next))) {
        throw BoardParseError(line, col,
                              "expected 0 or 1, found " +
                                  in.take_quoted_token(std::string(1, static_cast<char>(ch))));
      }
      if (c == board.cols() && c != 0) {
        throw BoardParseError(
            line, col,
            "row too long: the first row has " + std::to_string(board.cols()) + " values");
      }
      if (board.cols() == 0 ? c >= limits.max_cells
                            : c == 0 && board.rows() + 1 > limits.max_cells / board.cols()) {
        throw BoardParseError(line, col, limit_message(limits));
      }
      board.put_cell(c, acc, static_cast<std::uint64_t>(ch - '0'));
    }
  };
  return read_text_rows(in, limits, mode, "row", "values", "board", read_row);
}

void put_grid_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out) {
  for (std::size_t c = 0; c < cols; c += 64) {
    put_word_bits(out.reserve(64), row[c / 64]);
    out.commit(std::min<std::size_t>(64, cols - c));
  }
  *out.reserve(1) = '\n';
  out.commit(1);
}

// Values with one space between them: each chunk of 8 is written with a space after every value,
// and the row's last space becomes the newline (it is still in the buffer: nothing was flushed
// since the chunk holding it was committed).
void put_judge_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out) {
  for (std::size_t c = 0; c < cols; c += 8) {
    const auto byte = static_cast<std::uint8_t>(row[c / 64] >> (c % 64));
    std::memcpy(out.reserve(16), kSpacedBitChars[byte].data(), 16);
    out.commit(2 * std::min<std::size_t>(8, cols - c));
  }
  out.last() = '\n';
}

}  // namespace lightsout::detail
