// The judge text formats (POJ 1222 count-first, OpenJudge 2811 single puzzle): streaming reader
// and buffered writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout {

enum class JudgeLayout {
  detect,  // count first when the first line holds a lone token (see JudgeReader)
  count,   // POJ 1222: N, then N puzzles
  single,  // OpenJudge 2811: one puzzle, no count
};

// Malformed judge text, at a place: what() is "<line>:<column>: <message> (<unit> <k>)", the
// fields 1-based; `unit` names what the text is made of ("puzzle", "case").
class JudgeTextError : public std::runtime_error {
 public:
  JudgeTextError(std::size_t line, std::size_t column, std::string_view unit, std::size_t index,
                 std::string message);
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& message() const { return message_; }

 protected:
  std::size_t index() const { return index_; }

 private:
  std::size_t line_, column_, index_;
  std::string message_;
};

// Malformed POJ 1222 / OpenJudge 2811 input: what() ends "(puzzle <k>)".
class JudgeParseError : public JudgeTextError {
 public:
  JudgeParseError(std::size_t line, std::size_t column, std::size_t puzzle, std::string message)
      : JudgeTextError(line, column, "puzzle", puzzle, std::move(message)) {}
  std::size_t puzzle() const { return index(); }
};

namespace detail {

// The input side of the judge readers (JudgeReader, JudgeCaseReader): `read_` pulled into
// `buffer_` a chunk at a time (or text already in memory), the read position in it, and the place
// of the next byte.
class JudgeInput {
 public:
  // Fills buf[0..capacity) with the next bytes, returns how many (0 = end of input).
  using ReadFn = std::function<std::size_t(char* buf, std::size_t capacity)>;

 protected:
  JudgeInput(ReadFn read, std::size_t buffer_bytes)
      : read_(std::move(read)), buffer_(buffer_bytes) {
    pos_ = end_ = base_ = buffer_.data();
    limit_ = base_ + buffer_.size();
  }
  // Over `size` bytes at `text`, all the input there is; the `readable` bytes from `text` (at
  // least size) may be loaded by the word-wide fast paths.
  JudgeInput(const char* text, std::size_t size, std::size_t readable)
      : pos_(text), end_(text + size), base_(text), limit_(text + readable), eof_(true) {}

  // The 1-based column of the byte at pos_.
  std::size_t column() const {
    return buffer_offset_ + static_cast<std::size_t>(pos_ - base_) - line_start_ + 1;
  }

  ReadFn read_;  // empty over text in memory
  std::vector<char> buffer_;
  const char* pos_ = nullptr;
  const char* end_ = nullptr;
  const char* base_ = nullptr;     // buffer_.data(), or the text's start
  const char* limit_ = nullptr;    // the end of the memory that may be loaded
  std::size_t buffer_offset_ = 0;  // absolute offset of base_[0]
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;  // absolute offset of the current line's first byte
  bool eof_ = false;
};

}  // namespace detail

// Reads puzzles of rows x cols values 0/1 one at a time from a byte stream, in fixed-size chunks
// (memory stays at the chunk size whatever the input). Values may be separated by any whitespace;
// line structure is not enforced. Every malformation throws JudgeParseError naming the place:
//   a value other than 0/1, a puzzle cut short, fewer puzzles than the count, a count that is not a
//   positive integer, text after the last puzzle.
// A token is judged within its first 21 bytes (no value or count is longer), so an endless one
// (/dev/zero) fails at once; layout detection follows an over-long first token at most 64 KiB to
// see whether it stands alone on its line (which only chooses between the two messages).
// Layout detection: the count form is chosen when the first non-blank line holds exactly one
// token and either cols > 1 or that token is not 0/1; otherwise the single form.
class JudgeReader : private detail::JudgeInput {
 public:
  using detail::JudgeInput::ReadFn;

  JudgeReader(ReadFn read, std::size_t rows, std::size_t cols,
              JudgeLayout layout = JudgeLayout::detect, std::size_t chunk_bytes = 1 << 20);

  // Next puzzle packed into one word, cell (r, c) = bit r * cols + c. Needs rows * cols <= 64.
  // Returns false after the last puzzle (having checked that nothing but whitespace follows).
  bool next_packed(std::uint64_t& lights);
  // Next puzzle into `lights`, which must be rows x cols.
  bool next(Board& lights);
  // The same into its transpose: `lights_t` must be cols x rows and gets cell (r, c) at (c, r).
  // For thin puzzles (few columns, many rows): a Board stores each row in whole 64-bit words,
  // so the transpose takes a bit a cell where the puzzle itself takes a word a row.
  bool next_transposed(Board& lights_t);
  // Up to out.size() puzzles as next_packed gives them; returns how many, 0 after the last one.
  // A puzzle laid out as rows of "v v ... v\n" (single spaces, LF, no trailing blank) that lies
  // whole in the buffered chunk is checked and packed 8 bytes at a time; any other puzzle goes
  // through next_packed, so values, line/column tracking and errors are exactly next_packed's.
  // An error (of any kind) met after some puzzles of a call is held back: the call returns those
  // puzzles, and the next call throws it.
  std::size_t next_packed_batch(std::span<std::uint64_t> out);

  // Values 0..states-1 instead of 0/1 (states in 2..255; set before the first next*). With
  // states > 2 a bad value reads "expected a value 0..K-1, found 'x'" (K-1 as a number) and layout
  // detection treats any such value as a value; states = 2 behaves exactly as before.
  void set_states(unsigned states);
  unsigned states() const { return states_; }
  // Next puzzle as one value per cell, row-major, into values[0 .. rows * cols) (the span must
  // have exactly that size). Works for any states.
  bool next_values(std::span<std::uint8_t> values);

  // For an input that arrives over time (a pipe, a FIFO, a terminal): a next_packed_batch that
  // holds a puzzle ends where the bytes read so far end (nothing but whitespace left), instead
  // of waiting for more input to fill the batch, so that the caller can answer every puzzle it
  // was given before it waits. Off by default (a file is read in whole batches).
  void set_batch_ends_with_input(bool on) { batch_ends_with_input_ = on; }

  // The layout in use; resolved by the first call to next*.
  JudgeLayout layout() const { return layout_; }
  // Puzzles returned so far.
  std::size_t puzzles_read() const { return puzzles_read_; }

 private:
  int peek();             // next byte, or -1 at end of input
  int skip_whitespace();  // skips blanks and newlines; returns peek()
  bool refill();
  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void fail_at(std::size_t line, std::size_t column, const std::string& message) const;
  bool start_puzzle();  // reads the header on first call; false when no puzzle remains
  // start_puzzle, then `words` cleared and the first value put when the layout detection has
  // read it: nullopt when no puzzle remains, else how many values are already in (0 or 1).
  std::optional<std::size_t> begin_board(std::span<std::uint64_t> words);
  bool read_value();        // one 0/1 value, or throws
  unsigned read_value_k();  // one value 0..states-1, or throws
  bool is_value_token(const std::string& token) const;
  std::string value_error(const std::string& token) const;
  // Consumes a token, at most its first keep + 1 bytes (a caller seeing more than `keep` has an
  // error to report and stops there).
  std::string read_token(std::size_t keep);
  // Consumes the rest of a token, at most `limit` bytes; false when it had not ended by then.
  bool skip_token_rest(std::size_t limit);
  void expect_end();
  // The regular-layout fast path of next_packed_batch: up to max whole puzzles in that layout
  // into out, returns how many (0: the next bytes are not one, or not the count layout).
  std::size_t next_packed_regular(std::uint64_t* out, std::size_t max);
  void build_regular_pattern();

  bool batch_ends_with_input_ = false;
  bool only_blanks_buffered() const;  // nothing but whitespace in [pos_, end_)

  std::size_t rows_, cols_;
  JudgeLayout layout_;
  bool started_ = false;
  bool pending_first_value_ = false;  // single layout: the detection already read value 1
  std::uint8_t pending_value_ = 0;
  unsigned states_ = 2;
  std::uint64_t expected_puzzles_ = 0;  // count layout
  std::size_t puzzles_read_ = 0;
  // next_packed_batch: per 8-byte word of a regular puzzle, which bits must match and their values.
  std::vector<std::uint64_t> regular_mask_, regular_bits_;
  std::exception_ptr held_error_;
};

// Output assembled in a large buffer and handed to `write` in big blocks (no per-line flush).
class JudgeWriter {
 public:
  using WriteFn = std::function<void(const char* data, std::size_t size)>;

  JudgeWriter(WriteFn write, std::size_t cols, JudgeLayout layout, bool trailing_space,
              std::size_t buffer_bytes = 1 << 20);
  ~JudgeWriter();
  JudgeWriter(const JudgeWriter&) = delete;
  JudgeWriter& operator=(const JudgeWriter&) = delete;

  // "PUZZLE #m" (count layout only) then the rows of presses.
  void write_packed(std::size_t puzzle, std::uint64_t presses, std::size_t rows);
  void write_board(std::size_t puzzle, const Board& presses);
  // write_board(puzzle, presses_t.transposed()) without making it: presses_t is cols x rows
  // (at most 64 rows, the puzzle's columns), as next_transposed read the puzzle.
  void write_board_transposed(std::size_t puzzle, const Board& presses_t);
  // The same layout from one value (0..255) per cell, row-major, `cols` per row: decimal values
  // separated by single spaces (for 0/1 values, byte-identical to write_board).
  void write_values(std::size_t puzzle, std::span<const std::uint8_t> values);
  // "PUZZLE #m" (count layout only) then "no solution".
  void write_no_solution(std::size_t puzzle);
  // Puzzles first, first + 1, ...: write_packed(presses[i]) where solved[i] != 0, else
  // write_no_solution (the same bytes). Rows of up to 8 values come from a table of row texts and
  // the puzzle numbers from a decimal counter.
  void write_packed_batch(std::size_t first, std::span<const std::uint64_t> presses,
                          std::span<const std::uint8_t> solved, std::size_t rows);
  void flush();

 private:
  void header(std::size_t puzzle);
  void row_bits(const std::uint64_t* words, std::size_t cols);
  char* reserve(std::size_t n);

  WriteFn write_;
  // write_packed_batch: the text of each row value (cols <= 8), kRowText bytes apart.
  static constexpr std::size_t kRowText = 24;
  std::vector<char> row_text_;
  std::size_t cols_;
  JudgeLayout layout_;
  bool trailing_space_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
};

}  // namespace lightsout
