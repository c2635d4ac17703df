// Board: an m x n grid of lights (or of presses), rows bit-packed into 64-bit words.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lightsout {

// Bit layout (the same as M4RI's, written down so every loop can rely on it):
//   - row r occupies words [r * stride, (r + 1) * stride), stride = ceil(cols / 64);
//   - column c of a row is bit (c % 64) of word (c / 64): low bit = column 0;
//   - the bits past column cols-1 in the last word of every row are always zero.
// check_invariants() verifies the last rule; every mutating member keeps it.
// Memory for large boards: blocks of 4 MiB and more are 2 MiB aligned and, on Linux, marked for
// transparent huge pages before their first touch, which cuts the page faults of a fresh
// billion-cell board and the TLB misses of walking it across its rows (a wide board's chase).
void* allocate_board_words(std::size_t bytes);
void free_board_words(void* p, std::size_t bytes) noexcept;

template <class T>
struct BoardAllocator {
  using value_type = T;
  BoardAllocator() = default;
  template <class U>
  explicit BoardAllocator(const BoardAllocator<U>& /*other*/) {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_board_words(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { free_board_words(p, n * sizeof(T)); }
  bool operator==(const BoardAllocator& /*other*/) const { return true; }
};

class Board {
 public:
  Board() = default;
  // All lights off. Throws std::invalid_argument if rows or cols is 0, std::length_error if the
  // packed size would overflow size_t.
  Board(std::size_t rows, std::size_t cols);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t stride() const { return stride_; }  // words per row
  std::size_t cells() const { return rows_ * cols_; }
  // Mask of the valid bits in the last word of a row.
  std::uint64_t last_word_mask() const { return last_mask_; }

  bool get(std::size_t r, std::size_t c) const {
    return (words_[r * stride_ + c / 64] >> (c % 64)) & 1U;
  }
  void set(std::size_t r, std::size_t c, bool on) {
    std::uint64_t& w = words_[r * stride_ + c / 64];
    const std::uint64_t bit = std::uint64_t{1} << (c % 64);
    w = on ? (w | bit) : (w & ~bit);
  }
  void toggle(std::size_t r, std::size_t c) {
    words_[r * stride_ + c / 64] ^= std::uint64_t{1} << (c % 64);
  }

  // Press button (r, c) under the classic rules: flips it and its orthogonal neighbours.
  void press(std::size_t r, std::size_t c);
  // Apply every press set in `presses` (same size as this board). Linear time in words.
  void apply(const Board& presses);
  bool is_dark() const;
  std::size_t popcount() const;

  std::span<std::uint64_t> row(std::size_t r) { return {words_.data() + r * stride_, stride_}; }
  std::span<const std::uint64_t> row(std::size_t r) const {
    return {words_.data() + r * stride_, stride_};
  }
  std::span<std::uint64_t> words() { return words_; }
  std::span<const std::uint64_t> words() const { return words_; }

  // Xor another board of the same size into this one.
  Board& operator^=(const Board& other);
  bool operator==(const Board& other) const = default;

  Board transposed() const;
  // True when the padding bits are all zero; tests call it after every operation.
  bool check_invariants() const;

  // Rows of '0'/'1' separated by '\n' (no separators between cells); for tests and messages.
  std::string to_string() const;
  // Inverse of to_string: rows separated by '\n', cells '0'/'1' (or '.'/'#'). Throws
  // std::invalid_argument on ragged rows or other characters.
  static Board from_string(std::string_view text);

 private:
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  std::size_t stride_ = 0;
  std::uint64_t last_mask_ = 0;
  std::vector<std::uint64_t, BoardAllocator<std::uint64_t>> words_;
};

// In-place transpose of a 64 x 64 bit block: afterwards bit j of a[i] is what bit i of a[j] was.
// The block every transposition of a board goes through (Board::transposed, the thin readers).
void transpose_block(std::uint64_t a[64]);

// Rows of a board handed out one at a time, in order: what the board writers take, so a board can
// be written without being held whole (a generator's rows, the transpose of a thin board).
class RowSource {
 public:
  RowSource() = default;
  RowSource(const RowSource&) = delete;
  RowSource& operator=(const RowSource&) = delete;
  virtual ~RowSource() = default;
  virtual std::size_t rows() const = 0;
  virtual std::size_t cols() const = 0;
  std::size_t stride() const { return (cols() + 63) / 64; }
  // Row r: stride() words, padding bits zero, valid until the next call. Each call asks for the
  // same row as the previous one or the next (from 0).
  virtual const std::uint64_t* row(std::size_t r) = 0;
};

// Rows of a board taken as they come, in order, a block at a time: what a reader feeds when the
// board is too large to keep (read_board_rows), or what a solver produces row by row.
class RowSink {
 public:
  RowSink() = default;
  RowSink(const RowSink&) = delete;
  RowSink& operator=(const RowSink&) = delete;
  virtual ~RowSink() = default;
  // Called once, before any row.
  void begin(std::size_t cols) {
    cols_ = cols;
    on_begin(cols);
  }
  // `count` rows of ceil(cols / 64) words each, padding bits zero, after those already put.
  void put(const std::uint64_t* rows, std::size_t count) {
    rows_put_ += count;
    on_rows(rows, count);
  }
  std::size_t cols() const { return cols_; }
  std::size_t stride() const { return (cols_ + 63) / 64; }
  std::size_t rows_put() const { return rows_put_; }

 protected:
  virtual void on_begin(std::size_t /*cols*/) {}
  virtual void on_rows(const std::uint64_t* rows, std::size_t count) = 0;

 private:
  std::size_t cols_ = 0;
  std::size_t rows_put_ = 0;
};

}  // namespace lightsout
