// Internals shared by the board file formats: chunked input with line:column tracking, memory
// that grows only as data arrives, and block output.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"

namespace lightsout::detail {

inline constexpr std::size_t kChunkBytes = std::size_t{1} << 20;  // reads and writes
inline constexpr std::size_t kTokenKeep = 20;  // bytes of an offending token quoted in messages

inline bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
inline bool is_space(int c) { return c == '\n' || is_blank(c); }

// Contract: the buffered part of the judge readers' whitespace skip. Moves pos past blanks and
// newlines in [pos, end) and returns the first other byte (pos at it), or -1 when pos reaches end
// (the caller refills and calls again). Each newline adds one to line and sets line_start to the
// absolute offset just past it; `begin` is the buffer's first byte, at absolute offset `offset`.
inline int skip_buffered_space(const char*& pos, const char* end, const char* begin,
                               std::size_t offset, std::size_t& line, std::size_t& line_start) {
  for (; pos != end; ++pos) {
    const int c = static_cast<unsigned char>(*pos);
    if (c == '\n') {
      ++line;
      line_start = offset + static_cast<std::size_t>(pos - begin) + 1;
    } else if (!is_blank(c)) {
      return c;
    }
  }
  return -1;
}

// A token for an error message: printable ASCII kept, other bytes as \xNN, "..." when cut.
std::string quote(std::string_view token, bool truncated = false);

// "the limit of N cells", then " (OPTION)" when limits.max_cells_option is set.
std::string cells_limit_text(const BoardReadLimits& limits);

// For each byte value: its 8 bits as '0'/'1', low bit first (column order).
constexpr std::array<std::array<char, 8>, 256> make_bit_chars() {
  std::array<std::array<char, 8>, 256> table{};
  for (std::size_t v = 0; v < 256; ++v) {
    for (std::size_t j = 0; j < 8; ++j) table[v][j] = ((v >> j) & 1U) != 0 ? '1' : '0';
  }
  return table;
}
inline constexpr auto kBitChars = make_bit_chars();

// The 64 bits of `w` as '0'/'1', low bit first (columns c .. c + 63 of a row), into dst[0..64):
// the cells of a grid row and of a plain PBM line.
inline void put_word_bits(char* dst, std::uint64_t w) {
  for (std::size_t j = 0; j < 8; ++j) {
    std::memcpy(dst + 8 * j, kBitChars[(w >> (8 * j)) & 0xFF].data(), 8);
  }
}

// For each byte value: its 8 bits as "b0 b1 ... b7 " (low bit first, a space after each): the
// judge text of 8 cells, shared by the judge writer and the judge board format.
constexpr std::array<std::array<char, 16>, 256> make_spaced_bit_chars() {
  std::array<std::array<char, 16>, 256> table{};
  for (std::size_t v = 0; v < 256; ++v) {
    for (std::size_t j = 0; j < 8; ++j) {
      table[v][2 * j] = ((v >> j) & 1U) != 0 ? '1' : '0';
      table[v][2 * j + 1] = ' ';
    }
  }
  return table;
}
inline constexpr auto kSpacedBitChars = make_spaced_bit_chars();

inline std::uint64_t load_le64(const unsigned char* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

// Appends `n` <= 8 bits to a row being assembled: cell c goes to bit c % 64 of `acc`; each word
// filled is handed to put(word index in the row, word) and `acc` restarts with the overflow.
template <class Put>
inline void append_bits(std::uint64_t bits, std::size_t n, std::size_t& c, std::uint64_t& acc,
                        Put& put) {
  const std::size_t s = c % 64;
  acc |= bits << s;
  if (s + n >= 64) {
    put(c / 64, acc);
    acc = bits >> (64 - s);  // 64 - s <= n <= 8: defined, and 0 when the word ended exactly
  }
  c += n;
}

// Fast path for runs of '0'/'1' bytes without separators (grid rows, P1 as written): consumes
// them 8 at a time from [p, e), at most `max` cells, stopping before any group holding another
// byte (the caller's byte-by-byte loop handles it). Returns the bytes consumed.
template <class Put>
inline std::size_t take_digit_run(const unsigned char* p, const unsigned char* e, std::size_t max,
                                  std::size_t& c, std::uint64_t& acc, Put&& put) {
  std::size_t used = 0;
  while (static_cast<std::size_t>(e - p) - used >= 8 && max - used >= 8) {
    const std::uint64_t x = load_le64(p + used);
    if ((x & 0xFEFEFEFEFEFEFEFEULL) != 0x3030303030303030ULL) break;
    // Bit 0 of byte i lands on bit 56 + i: the 8 cells in column order.
    append_bits(((x & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56, 8, c, acc, put);
    used += 8;
  }
  return used;
}

// Fast path for judge text written with single spaces: groups of "v v v v " (v = '0'/'1'),
// 4 cells per 8 bytes, at most `max` cells. Returns the bytes consumed.
template <class Put>
inline std::size_t take_spaced_run(const unsigned char* p, const unsigned char* e, std::size_t max,
                                   std::size_t& c, std::uint64_t& acc, Put&& put) {
  std::size_t used = 0, cells = 0;
  while (static_cast<std::size_t>(e - p) - used >= 8 && max - cells >= 4) {
    const std::uint64_t x = load_le64(p + used);
    if ((x & 0xFFFEFFFEFFFEFFFEULL) != 0x2030203020302030ULL) break;
    const std::uint64_t bits = (x & 1) | ((x >> 15) & 2) | ((x >> 30) & 4) | ((x >> 45) & 8);
    append_bits(bits, 4, c, acc, put);
    used += 8;
    cells += 4;
  }
  return used;
}

// The input seen through 1 MiB chunks of `read`, with the absolute offset, line and column of
// the next byte. Lines advance only through take_newline(), so binary data (P4 pixels) stays on
// the header's last line and its column counts bytes from there.
class Input {
 public:
  explicit Input(const ReadFn& read);

  // The next byte, or -1 at the end of the input.
  int peek() {
    if (pos_ == end_ && !refill()) return -1;
    return *pos_;
  }
  void advance() { ++pos_; }
  // Consumes the '\n' at the current position and starts a new line.
  void take_newline() {
    ++pos_;
    ++line_;
    line_start_ = offset();
  }

  // Raw access for the binary path: bytes [pos(), end()) are buffered; skip(n) consumes n.
  const unsigned char* pos() const { return pos_; }
  const unsigned char* end() const { return end_; }
  void skip(std::size_t n) { pos_ += n; }
  // Replaces the (consumed) buffer with the next chunk; false at the end of the input.
  bool refill();
  // Buffers at least min(n, kChunkBytes) bytes from pos() unless the input ends first; returns
  // how many are buffered.
  std::size_t lookahead(std::size_t n);

  std::uint64_t offset() const { return base_ + static_cast<std::uint64_t>(pos_ - data()); }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_at(offset()); }
  // The column of absolute offset `off` on the current line.
  std::size_t column_at(std::uint64_t off) const {
    return static_cast<std::size_t>(off - line_start_ + 1);
  }

  // Skips whitespace, counting lines, and with `comments` also '#' to the end of the line.
  // Returns peek().
  int skip_space(bool comments);
  // Consumes the token at the current position (a run of non-whitespace bytes, ending before '#'
  // when `stop_at_hash`) and returns `prefix` + it, quoted; keeps at most kTokenKeep + 1 bytes.
  std::string take_quoted_token(std::string prefix = {}, bool stop_at_hash = false);

  [[noreturn]] void fail(std::string message) const;

 private:
  const unsigned char* data() const { return reinterpret_cast<const unsigned char*>(buf_.get()); }

  const ReadFn& read_;
  std::size_t capacity_ = kChunkBytes;
  std::unique_ptr<char[]> buf_;  // not zero-filled: a small input touches few pages
  const unsigned char* pos_;
  const unsigned char* end_;
  std::uint64_t base_ = 0;  // absolute offset of buf_[0]
  std::uint64_t line_start_ = 0;
  std::size_t line_ = 1;
  bool eof_ = false;
};

// How a reader keeps the board: see BoardStore.
struct ReadMode {
  bool thin_ok = false;
  bool transposed = false;  // set by take(): the board returned is the transpose
  RowSink* sink = nullptr;
};

// The words of a board under construction, in row-major order (Board's layout), zero-filled.
// Until the data proves the board exists, memory comes in blocks that double with the words
// already written, so a lying header on a short stream costs at most about twice what arrived;
// the Board itself is allocated once half its words are needed (or at once when `eager`).
// Words must be requested in non-decreasing order of `first`, except re-requests of the latest
// block.
class BoardStore {
 public:
  // rows = nullopt: unknown until take() (text formats, which count rows as they come).
  // `mode` (may be null): with thin_ok, a board of at most 64 columns (one word a row) is kept by
  // columns, a bit a cell, and take() returns it transposed when it has more rows than columns
  // (mode->transposed says so). With a sink, no board is kept: rows go to the sink as soon as
  // the reader moves past them (a window of about 1 MiB), and take() returns an empty Board.
  BoardStore(std::size_t cols, std::optional<std::size_t> rows, bool eager,
             ReadMode* mode = nullptr);

  std::size_t stride() const { return stride_; }
  // Storage for words [first, first + *run), 1 <= *run <= want.
  std::uint64_t* words_at(std::size_t first, std::size_t want, std::size_t* run) {
    if (sink_ != nullptr) {
      if (first < window_first_ || first - window_first_ >= window_.size()) slide(first);
      const std::size_t avail = window_first_ + window_.size() - first;
      *run = want < avail ? want : avail;
      return window_.data() + (first - window_first_);
    }
    if (thin_) {
      if (first < stage_begin_ || first - stage_begin_ >= 64) restage(first);
      const std::size_t avail = stage_begin_ + 64 - first;
      *run = want < avail ? want : avail;
      return stage_.data() + (first - stage_begin_);
    }
    if (first < seg_begin_ || first >= seg_end_) locate(first, want);
    const std::size_t avail = seg_end_ - first;
    *run = want < avail ? want : avail;
    return seg_ptr_ + (first - seg_begin_);
  }
  std::uint64_t& word(std::size_t index) {
    std::size_t run = 0;
    return *words_at(index, 1, &run);
  }
  // The finished board of `rows` rows (every word written so far is kept); its transpose when
  // mode->transposed says so afterwards.
  Board take(std::size_t rows);

 private:
  void locate(std::size_t first, std::size_t want);
  void allocate_board(std::size_t rows);
  // Thin mode: moves the 64 staged rows into the columns, then stages the rows holding `first`.
  void restage(std::size_t first);
  void flush_stage();
  Board take_thin(std::size_t rows);
  // Sink mode: hands the window's rows to the sink and moves it on until it holds `first`.
  void slide(std::size_t first);

  std::size_t cols_;
  std::size_t stride_;
  std::optional<std::size_t> rows_;
  std::optional<std::size_t> total_words_;
  Board board_;
  bool have_board_ = false;
  std::vector<std::vector<std::uint64_t>> blocks_;
  std::vector<std::size_t> block_begin_;  // first word index of each block
  std::size_t staged_words_ = 0;          // words held in blocks_
  std::uint64_t* seg_ptr_ = nullptr;      // the contiguous segment last located
  std::size_t seg_begin_ = 0;
  std::size_t seg_end_ = 0;
  // Thin mode: rows stage_begin_ .. +63 (one word each) wait in stage_; columns_[c] holds bit r
  // of column c at bit r % 64 of word r / 64 for the rows before them.
  bool thin_ = false;
  ReadMode* mode_ = nullptr;
  // Sink mode: words window_first_ .. + window_.size() (whole rows) wait in window_.
  RowSink* sink_ = nullptr;
  std::vector<std::uint64_t> window_;
  std::size_t window_first_ = 0;
  std::array<std::uint64_t, 64> stage_{};
  std::size_t stage_begin_ = 0;
  std::vector<std::vector<std::uint64_t>> columns_;
};

// Output assembled in a 1 MiB buffer and handed to `write` in full blocks.
class BlockWriter {
 public:
  explicit BlockWriter(const WriteFn& write) : write_(write), buf_(new char[kChunkBytes]) {}
  // Room for n <= kChunkBytes bytes at the returned pointer; commit() what was used.
  char* reserve(std::size_t n) {
    if (kChunkBytes - used_ < n) flush();
    return buf_.get() + used_;
  }
  void commit(std::size_t n) { used_ += n; }
  std::size_t room() const { return kChunkBytes - used_; }
  void put(std::string_view text);
  void flush();
  // The last byte committed (the buffer is never empty right after a commit).
  char& last() { return buf_[used_ - 1]; }

 private:
  const WriteFn& write_;
  std::unique_ptr<char[]> buf_;
  std::size_t used_ = 0;
};

// One board per format; the input is at its first byte (read_board dispatches on the format).
// `mode` (nullptr: a plain read) as BoardStore takes it.
Board read_pbm(Input& in, const BoardReadLimits& limits, ReadMode* mode = nullptr);
Board read_grid(Input& in, const BoardReadLimits& limits, ReadMode* mode = nullptr);
Board read_judge_board(Input& in, const BoardReadLimits& limits, ReadMode* mode = nullptr);

// The rows of a Board, or those of its transpose (a board of at most 64 rows, each of whose
// columns becomes a one-word row; 64 of them at a time come from one 64 x 64 bit transpose), so a
// thin board read transposed is written back without a transposed copy.
class BoardRows final : public RowSource {
 public:
  BoardRows(const Board& board, bool transpose) : board_(board), transpose_(transpose) {}
  std::size_t rows() const override { return transpose_ ? board_.cols() : board_.rows(); }
  std::size_t cols() const override { return transpose_ ? board_.rows() : board_.cols(); }
  const std::uint64_t* row(std::size_t r) override {
    if (!transpose_) return board_.row(r).data();
    if (r / 64 != block_word_) load(r / 64);
    return &block_[r % 64];
  }

 private:
  void load(std::size_t word);

  const Board& board_;
  bool transpose_;
  std::size_t block_word_ = ~std::size_t{0};
  std::array<std::uint64_t, 64> block_{};
};

// A board's file a row at a time: the PBM header (the text formats have none), then each row
// (stride words, padding bits zero) in order.
void put_pbm_header(bool plain, std::size_t rows, std::size_t cols, BlockWriter& out);
void put_pbm_plain_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out);
void put_pbm_raw_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out);
void put_grid_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out);
void put_judge_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out);

// put_pbm_header when the format has a header, then put_*_row of `format`, row by row.
class RowFormatter {
 public:
  RowFormatter(BoardFormat format, std::size_t rows, std::size_t cols, BlockWriter& out);
  void put(const std::uint64_t* row);

 private:
  BoardFormat format_;
  std::size_t cols_;
  BlockWriter& out_;
};

}  // namespace lightsout::detail
