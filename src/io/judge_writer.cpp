// JudgeWriter: judge-format output assembled in a large buffer from precomputed row text.
#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "board_io.hpp"
#include "lightsout/judge_format.hpp"

namespace lightsout {

JudgeWriter::JudgeWriter(WriteFn write, std::size_t cols, JudgeLayout layout, bool trailing_space,
                         std::size_t buffer_bytes)
    : write_(std::move(write)),
      cols_(cols),
      layout_(layout),
      trailing_space_(trailing_space),
      buffer_(buffer_bytes < 64 ? 64 : buffer_bytes) {}

JudgeWriter::~JudgeWriter() {
  try {
    flush();
  } catch (...) {  // a destructor must not throw; callers that care call flush() themselves
  }
}

void JudgeWriter::flush() {
  if (used_ == 0) return;
  const std::size_t n = used_;
  used_ = 0;
  write_(buffer_.data(), n);
}

char* JudgeWriter::reserve(std::size_t n) {
  if (used_ + n > buffer_.size()) flush();
  return buffer_.data() + used_;
}

void JudgeWriter::header(std::size_t puzzle) {
  if (layout_ != JudgeLayout::count) return;
  char* out = reserve(32);
  constexpr std::string_view kHeader = "PUZZLE #";
  std::memcpy(out, kHeader.data(), kHeader.size());
  char digits[24];
  char* d = digits + sizeof digits;
  do {
    *--d = static_cast<char>('0' + puzzle % 10);
    puzzle /= 10;
  } while (puzzle != 0);
  const std::size_t len = static_cast<std::size_t>(digits + sizeof digits - d);
  std::memcpy(out + 8, d, len);
  out[8 + len] = '\n';
  used_ += 9 + len;
}

// One row of `cols` values from packed words: each value then a space; the last space becomes the
// newline unless trailing spaces are wanted. Every chunk reserves room for the newline, so the
// last space is still in the buffer when it is replaced.
void JudgeWriter::row_bits(const std::uint64_t* words, std::size_t cols) {
  for (std::size_t c = 0; c < cols; c += 8) {
    const std::size_t k = cols - c < 8 ? cols - c : 8;
    char* out = reserve(17);
    const auto byte = static_cast<std::uint8_t>(words[c / 64] >> (c % 64));
    std::memcpy(out, detail::kSpacedBitChars[byte].data(), 16);
    used_ += 2 * k;
  }
  if (trailing_space_) {
    buffer_[used_++] = '\n';
  } else {
    buffer_[used_ - 1] = '\n';
  }
}

void JudgeWriter::write_packed(std::size_t puzzle, std::uint64_t presses, std::size_t rows) {
  header(puzzle);
  const std::uint64_t mask = cols_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cols_) - 1;
  for (std::size_t r = 0; r < rows; ++r) {
    const std::uint64_t row = (presses >> (r * cols_)) & mask;
    row_bits(&row, cols_);
  }
}

void JudgeWriter::write_board(std::size_t puzzle, const Board& presses) {
  header(puzzle);
  for (std::size_t r = 0; r < presses.rows(); ++r) row_bits(presses.row(r).data(), presses.cols());
}

void JudgeWriter::write_board_transposed(std::size_t puzzle, const Board& presses_t) {
  if (presses_t.rows() > 64) {
    throw std::invalid_argument("JudgeWriter::write_board_transposed: more than 64 columns");
  }
  header(puzzle);
  const std::size_t cols = presses_t.rows();
  const std::size_t stride = presses_t.stride();
  const std::uint64_t* words = presses_t.words().data();
  for (std::size_t r = 0; r < presses_t.cols(); ++r) {
    const std::uint64_t* column = words + r / 64;
    std::uint64_t row = 0;
    for (std::size_t c = 0; c < cols; ++c) row |= ((column[c * stride] >> (r % 64)) & 1U) << c;
    row_bits(&row, cols);
  }
}

void JudgeWriter::write_values(std::size_t puzzle, std::span<const std::uint8_t> values) {
  header(puzzle);
  for (std::size_t start = 0; start < values.size(); start += cols_) {
    for (std::size_t c = 0; c < cols_ && start + c < values.size(); ++c) {
      char* out = reserve(5);  // up to 3 digits and a space, plus room for the newline
      unsigned v = values[start + c];
      std::size_t n = 0;
      if (v >= 100) out[n++] = static_cast<char>('0' + v / 100);
      if (v >= 10) out[n++] = static_cast<char>('0' + v / 10 % 10);
      out[n++] = static_cast<char>('0' + v % 10);
      out[n++] = ' ';
      used_ += n;
    }
    if (trailing_space_) {
      buffer_[used_++] = '\n';
    } else {
      buffer_[used_ - 1] = '\n';
    }
  }
}

// Contract: rows * cols_ <= 64 and presses.size() == solved.size(). The header "PUZZLE #n\n" is
// kept in `head` and its number incremented in place, so each header is one fixed-size copy; each
// row is one fixed-size copy of its text from row_text_ (2 * cols_ bytes, one more with trailing
// spaces), the output pointer advancing by the text's length. The buffer is checked once per
// puzzle against the most a puzzle can take (and grown to hold that much, once).
void JudgeWriter::write_packed_batch(std::size_t first, std::span<const std::uint64_t> presses,
                                     std::span<const std::uint8_t> solved, std::size_t rows) {
  if (presses.size() != solved.size()) {
    throw std::invalid_argument("JudgeWriter::write_packed_batch: spans of different sizes");
  }
  if (cols_ > 8) {
    for (std::size_t i = 0; i < presses.size(); ++i) {
      if (solved[i] != 0) {
        write_packed(first + i, presses[i], rows);
      } else {
        write_no_solution(first + i);
      }
    }
    return;
  }
  const std::size_t row_len = 2 * cols_ + (trailing_space_ ? 1 : 0);
  if (row_text_.empty()) {
    row_text_.assign(kRowText << cols_, ' ');
    for (std::size_t v = 0; v < (std::size_t{1} << cols_); ++v) {
      char* text = row_text_.data() + v * kRowText;
      for (std::size_t c = 0; c < cols_; ++c) text[2 * c] = static_cast<char>('0' + (v >> c & 1));
      text[row_len - 1] = '\n';
    }
  }
  constexpr std::string_view kHeader = "PUZZLE #";
  constexpr std::string_view kNoSolution = "no solution\n";
  constexpr std::size_t kHead = 32;  // "PUZZLE #", at most 20 digits, '\n', padding
  std::array<char, kHead> head{};
  std::memcpy(head.data(), kHeader.data(), kHeader.size());
  std::size_t digits = 0;  // head[8 .. 8 + digits) is the current number
  for (std::size_t k = first; digits == 0 || k != 0; k /= 10) ++digits;
  for (std::size_t k = first, d = digits; d > 0; k /= 10)
    head[8 + --d] = static_cast<char>('0' + k % 10);
  head[8 + digits] = '\n';
  const bool headers = layout_ == JudgeLayout::count;
  const std::uint64_t row_mask = (std::uint64_t{1} << cols_) - 1;
  const std::size_t most = kHead + std::max(rows * kRowText, kNoSolution.size());
  if (buffer_.size() < most) buffer_.resize(most);
  char* const base = buffer_.data();
  char* const limit = base + buffer_.size() - most;  // room for one more puzzle below this
  char* out = base + used_;
  const char* const text = row_text_.data();
  for (std::size_t i = 0; i < presses.size(); ++i) {
    if (out > limit) {
      used_ = static_cast<std::size_t>(out - base);
      flush();
      out = base;
    }
    if (headers) {
      std::memcpy(out, head.data(), kHead);
      out += kHeader.size() + digits + 1;
      std::size_t d = 8 + digits;  // the next number: carry from the last digit
      while (d > 8 && head[d - 1] == '9') head[--d] = '0';
      if (d > 8) {
        ++head[d - 1];
      } else {  // 99..9 -> 100..0
        head[8] = '1';
        head[8 + digits] = '0';
        head[8 + ++digits] = '\n';
      }
    }
    if (solved[i] == 0) {
      std::memcpy(out, kNoSolution.data(), kNoSolution.size());
      out += kNoSolution.size();
      continue;
    }
    const std::uint64_t p = presses[i];
    for (std::size_t r = 0; r < rows; ++r) {
      std::memcpy(out, text + ((p >> (r * cols_)) & row_mask) * kRowText, kRowText);
      out += row_len;
    }
  }
  used_ = static_cast<std::size_t>(out - base);
}

void JudgeWriter::write_no_solution(std::size_t puzzle) {
  header(puzzle);
  char* out = reserve(16);
  constexpr std::string_view kNoSolution = "no solution\n";
  std::memcpy(out, kNoSolution.data(), kNoSolution.size());
  used_ += kNoSolution.size();
}

}  // namespace lightsout
