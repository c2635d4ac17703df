// JudgeReader: a streaming, never-trusting parser for the judge text formats.
#include <charconv>
#include <string>

#include "board_io.hpp"
#include "lightsout/judge_format.hpp"

namespace lightsout {

// Shared with the board-file readers: blanks, quoting of offending tokens in messages.
using detail::is_blank;
using detail::is_space;
using detail::kTokenKeep;
using detail::quote;

namespace {
// How far layout detection follows an over-long first token looking for its end.
constexpr std::size_t kDetectScanBytes = std::size_t{1} << 16;
}  // namespace

JudgeTextError::JudgeTextError(std::size_t line, std::size_t column, std::string_view unit,
                               std::size_t index, std::string message)
    : std::runtime_error(std::to_string(line) + ":" + std::to_string(column) + ": " + message +
                         " (" + std::string(unit) + " " + std::to_string(index) + ")"),
      line_(line),
      column_(column),
      index_(index),
      message_(std::move(message)) {}

JudgeReader::JudgeReader(ReadFn read, std::size_t rows, std::size_t cols, JudgeLayout layout,
                         std::size_t chunk_bytes)
    : JudgeInput(std::move(read), chunk_bytes == 0 ? 1 : chunk_bytes),
      rows_(rows),
      cols_(cols),
      layout_(layout) {
  if (rows == 0 || cols == 0) throw std::invalid_argument("JudgeReader: empty board size");
}

bool JudgeReader::refill() {
  if (eof_) return false;
  buffer_offset_ += static_cast<std::size_t>(end_ - buffer_.data());
  const std::size_t n = read_(buffer_.data(), buffer_.size());
  pos_ = buffer_.data();
  end_ = pos_ + n;
  if (n == 0) eof_ = true;
  return n != 0;
}

inline int JudgeReader::peek() {
  if (pos_ == end_ && !refill()) return -1;
  return static_cast<unsigned char>(*pos_);
}

inline int JudgeReader::skip_whitespace() {
  for (;;) {
    const int c =
        detail::skip_buffered_space(pos_, end_, buffer_.data(), buffer_offset_, line_, line_start_);
    if (c != -1 || !refill()) return c;
  }
}

void JudgeReader::fail(const std::string& message) const { fail_at(line_, column(), message); }

void JudgeReader::fail_at(std::size_t line, std::size_t column, const std::string& message) const {
  throw JudgeParseError(line, column, puzzles_read_ + 1, message);
}

// Stops after keep + 1 bytes: a longer token is already wrong (no value or count is that long),
// and the rest of it may never end (/dev/zero).
std::string JudgeReader::read_token(std::size_t keep) {
  std::string token;
  for (int c = peek(); c != -1 && !is_space(c) && token.size() <= keep; c = peek()) {
    token.push_back(static_cast<char>(c));
    ++pos_;
  }
  return token;
}

bool JudgeReader::skip_token_rest(std::size_t limit) {
  for (std::size_t n = 0; n < limit; ++n) {
    const int c = peek();
    if (c == -1 || is_space(c)) return true;
    ++pos_;
  }
  return false;
}

// One value 0/1 followed by whitespace or the end; anything else throws, naming the token.
bool JudgeReader::read_value() {
  const int c = skip_whitespace();
  if (c == '0' || c == '1') {
    ++pos_;
    const int next = peek();  // may refill; the absolute offset (and column) stays right
    if (next == -1 || is_space(next)) return c == '1';
    const std::size_t col = column() - 1;
    std::string token(1, static_cast<char>(c));
    token += read_token(kTokenKeep);
    fail_at(line_, col, "expected 0 or 1, found " + quote(token, token.size() > kTokenKeep));
  }
  if (c == -1) {
    fail("puzzle cut short: input ended before all " + std::to_string(rows_ * cols_) + " values");
  }
  const std::size_t line = line_, col = column();
  const std::string token = read_token(kTokenKeep);
  fail_at(line, col, "expected 0 or 1, found " + quote(token, token.size() > kTokenKeep));
}

bool JudgeReader::is_value_token(const std::string& token) const {
  if (states_ == 2) return token == "0" || token == "1";
  if (token.empty() || token.size() > 3 || (token.size() > 1 && token[0] == '0')) return false;
  unsigned v = 0;
  for (const char ch : token) {
    if (ch < '0' || ch > '9') return false;
    v = v * 10 + static_cast<unsigned>(ch - '0');
  }
  return v < states_;
}

std::string JudgeReader::value_error(const std::string& token) const {
  const std::string found = quote(token, token.size() > kTokenKeep);
  if (states_ == 2) return "expected 0 or 1, found " + found;
  return "expected a value 0.." + std::to_string(states_ - 1) + ", found " + found;
}

// One value 0..states-1 (canonical decimal) followed by whitespace or the end.
unsigned JudgeReader::read_value_k() {
  const int c = skip_whitespace();
  if (c == -1) {
    fail("puzzle cut short: input ended before all " + std::to_string(rows_ * cols_) + " values");
  }
  // Fast path: up to three digits, canonical, below the states, followed by a blank or newline
  // inside the buffer. Anything else takes the general path, which words the error.
  {
    const char* p = pos_;
    unsigned v = 0;
    std::size_t digits = 0;
    while (p < end_ && digits < 4 && *p >= '0' && *p <= '9') {
      v = v * 10 + static_cast<unsigned>(*p - '0');
      ++p;
      ++digits;
    }
    if (p < end_ && digits >= 1 && digits <= 3 && is_space(static_cast<unsigned char>(*p)) &&
        (digits == 1 || *pos_ != '0') && v < states_) {
      pos_ = p;
      return v;
    }
  }
  const std::size_t line = line_, col = column();
  const std::string token = read_token(kTokenKeep);
  if (!is_value_token(token)) fail_at(line, col, value_error(token));
  return static_cast<unsigned>(std::stoul(token));
}

void JudgeReader::set_states(unsigned states) {
  if (states < 2 || states > 255) throw std::invalid_argument("JudgeReader: states outside 2..255");
  if (started_) throw std::logic_error("JudgeReader::set_states after the first puzzle");
  states_ = states;
}

bool JudgeReader::next_values(std::span<std::uint8_t> values) {
  const std::size_t cells = rows_ * cols_;
  if (values.size() != cells) {
    throw std::invalid_argument("JudgeReader::next_values: wrong number of cells");
  }
  if (!start_puzzle()) return false;
  std::size_t i = 0;
  if (pending_first_value_) {
    values[0] = pending_value_;
    pending_first_value_ = false;
    i = 1;
  }
  for (; i < cells; ++i) {
    values[i] = static_cast<std::uint8_t>(states_ == 2 ? (read_value() ? 1 : 0) : read_value_k());
  }
  ++puzzles_read_;
  return true;
}

void JudgeReader::expect_end() {
  if (skip_whitespace() == -1) return;
  const std::size_t line = line_, col = column();
  const std::string token = read_token(kTokenKeep);
  throw JudgeParseError(
      line, col, puzzles_read_,
      "unexpected " + quote(token, token.size() > kTokenKeep) + " after the last puzzle");
}

bool JudgeReader::start_puzzle() {
  if (!started_) {
    started_ = true;
    if (skip_whitespace() == -1) fail("empty input: expected a puzzle");
    const std::size_t line = line_, col = column();
    const std::string token = read_token(kTokenKeep);
    // A token cut at kTokenKeep + 1 bytes is neither a value nor a count; with layout detection
    // the rest of its line only chooses the message, and is looked at for kDetectScanBytes at most.
    const bool ended = token.size() <= kTokenKeep || layout_ != JudgeLayout::detect ||
                       skip_token_rest(kDetectScanBytes);
    int c = ended ? peek() : 0;
    while (is_blank(c)) {
      ++pos_;
      c = peek();
    }
    const bool lone_on_line = ended && (c == '\n' || c == -1);
    const bool is_bit = is_value_token(token);
    if (layout_ == JudgeLayout::detect) {
      layout_ = lone_on_line && (cols_ > 1 || !is_bit) ? JudgeLayout::count : JudgeLayout::single;
    }
    if (layout_ == JudgeLayout::count) {
      std::uint64_t count = 0;
      const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), count);
      if (token.size() > kTokenKeep || ec != std::errc() || end != token.data() + token.size() ||
          count == 0) {
        fail_at(
            line, col,
            "count must be a positive integer, found " + quote(token, token.size() > kTokenKeep));
      }
      expected_puzzles_ = count;
    } else {
      if (!is_bit) fail_at(line, col, value_error(token));
      pending_first_value_ = true;
      pending_value_ = static_cast<std::uint8_t>(std::stoul(token));
    }
  }
  const std::uint64_t wanted = layout_ == JudgeLayout::count ? expected_puzzles_ : 1;
  if (puzzles_read_ >= wanted) {
    expect_end();
    return false;
  }
  if (!pending_first_value_ && skip_whitespace() == -1) {
    fail("input ended after " + std::to_string(puzzles_read_) +
         (puzzles_read_ == 1 ? " puzzle" : " puzzles") + ", the count said " +
         std::to_string(expected_puzzles_));
  }
  return true;
}

bool JudgeReader::next_packed(std::uint64_t& lights) {
  const std::size_t cells = rows_ * cols_;
  if (cells > 64) throw std::logic_error("JudgeReader::next_packed: board over 64 cells");
  if (!start_puzzle()) return false;
  std::uint64_t bits = 0;
  std::size_t i = 0;
  if (pending_first_value_) {
    bits = pending_value_ ? 1 : 0;
    pending_first_value_ = false;
    i = 1;
  }
  for (; i < cells; ++i) {
    // Fast path for the usual layout, a value and one separator; anything else goes the slow way.
    if (end_ - pos_ >= 2) {
      const unsigned digit = static_cast<unsigned char>(pos_[0]) - unsigned{'0'};
      const char sep = pos_[1];
      if (digit <= 1 && (sep == ' ' || sep == '\n')) {
        bits |= static_cast<std::uint64_t>(digit) << i;
        pos_ += 2;
        if (sep == '\n') {
          ++line_;
          line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - buffer_.data());
        }
        continue;
      }
    }
    bits |= static_cast<std::uint64_t>(read_value()) << i;
  }
  lights = bits;
  ++puzzles_read_;
  return true;
}

// Byte j of a regular puzzle: a digit ('0' or '1', so 0x30 with its low bit free) at even j, then
// a space, or a newline after the last value of a row.
void JudgeReader::build_regular_pattern() {
  const std::size_t bytes = 2 * rows_ * cols_;
  regular_mask_.assign((bytes + 7) / 8, 0);
  regular_bits_.assign((bytes + 7) / 8, 0);
  for (std::size_t j = 0; j < bytes; ++j) {
    const bool digit = j % 2 == 0;
    const std::uint64_t mask = digit ? 0xFE : 0xFF;
    const std::uint64_t value =
        digit ? 0x30U : ((j + 1) % (2 * cols_) == 0 ? 0x0AU : 0x20U);  // '0', LF, ' '
    regular_mask_[j / 8] |= mask << (8 * (j % 8));
    regular_bits_[j / 8] |= value << (8 * (j % 8));
  }
}

namespace {

// Packs regular puzzles from [p, end) into out[0 .. max) while they match; returns how many.
// Each puzzle is `bytes` bytes, checked and packed as `words` 8-byte words (all inside the range).
// Words > 0 fixes the word count at compile time (the 5 x 6 case), 0 takes it from `words`.
template <std::size_t Words>
std::size_t pack_regular(const unsigned char* p, const unsigned char* end, std::size_t bytes,
                         std::size_t words, const std::uint64_t* mask, const std::uint64_t* want,
                         std::uint64_t cell_mask, std::uint64_t* out, std::size_t max) {
  constexpr std::uint64_t kLowBits = 0x0001000100010001ULL;
  constexpr std::uint64_t kGather = (1ULL << 48) | (1ULL << 33) | (1ULL << 18) | (1ULL << 3);
  if constexpr (Words > 0) words = Words;
  std::size_t n = 0;
  while (n < max && static_cast<std::size_t>(end - p) >= 8 * words) {
    std::uint64_t bits = 0;
    std::uint64_t mismatch = 0;
    for (std::size_t k = 0; k < words; ++k) {
      const std::uint64_t w = detail::load_le64(p + 8 * k);
      mismatch |= (w & mask[k]) ^ want[k];
      bits |= (((w & kLowBits) * kGather) >> 48 & 0xF) << (4 * k);
    }
    if (mismatch != 0) break;
    out[n++] = bits & cell_mask;
    p += bytes;
  }
  return n;
}

}  // namespace

// Contract: called only between puzzles; consumes whole puzzles only, and returns 0 (nothing
// consumed) when the next bytes are not a regular puzzle or the reader is not in the count
// layout. A puzzle's 2 * cells bytes are compared 8 at a time against the pattern (the words are
// read whole, so the chunk must hold every word's 8 bytes); the values are the low bits of the
// even bytes, gathered four per word by one multiplication (bytes 0, 2, 4, 6 -> bits 48..51, no
// carries). Lines and the line start advance as next_packed would advance them.
std::size_t JudgeReader::next_packed_regular(std::uint64_t* out, std::size_t max) {
  const std::size_t cells = rows_ * cols_;
  if (!started_ || layout_ != JudgeLayout::count || pending_first_value_ || states_ != 2 ||
      cells > 64 || puzzles_read_ >= expected_puzzles_) {
    return 0;
  }
  if (regular_mask_.empty()) build_regular_pattern();
  const std::uint64_t left = expected_puzzles_ - puzzles_read_;
  if (left < max) max = static_cast<std::size_t>(left);
  const std::uint64_t cell_mask = cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells) - 1;
  const auto* p = reinterpret_cast<const unsigned char*>(pos_);
  const auto* end = reinterpret_cast<const unsigned char*>(end_);
  const std::size_t words = regular_mask_.size();
  const std::size_t n = words == 8 ? pack_regular<8>(p, end, 2 * cells, words, regular_mask_.data(),
                                                     regular_bits_.data(), cell_mask, out, max)
                                   : pack_regular<0>(p, end, 2 * cells, words, regular_mask_.data(),
                                                     regular_bits_.data(), cell_mask, out, max);
  if (n == 0) return 0;
  pos_ += 2 * cells * n;
  line_ += rows_ * n;
  line_start_ = buffer_offset_ + static_cast<std::size_t>(pos_ - buffer_.data());
  puzzles_read_ += n;
  return n;
}

bool JudgeReader::only_blanks_buffered() const {
  for (const char* p = pos_; p != end_; ++p) {
    const int c = static_cast<unsigned char>(*p);
    if (c != '\n' && !is_blank(c)) return false;
  }
  return true;
}

std::size_t JudgeReader::next_packed_batch(std::span<std::uint64_t> out) {
  if (held_error_) {
    const std::exception_ptr error = held_error_;
    held_error_ = nullptr;
    std::rethrow_exception(error);
  }
  std::size_t n = 0;
  try {
    while (n < out.size()) {
      // The next puzzle (or the end check after the last) would wait for input: answer first.
      if (batch_ends_with_input_ && n > 0 && only_blanks_buffered()) break;
      const std::size_t fast = next_packed_regular(out.data() + n, out.size() - n);
      if (fast > 0) {
        n += fast;
        continue;
      }
      if (!next_packed(out[n])) break;
      ++n;
    }
  } catch (...) {
    if (n == 0) throw;
    held_error_ = std::current_exception();
  }
  return n;
}

std::optional<std::size_t> JudgeReader::begin_board(std::span<std::uint64_t> words) {
  if (!start_puzzle()) return std::nullopt;
  std::fill(words.begin(), words.end(), 0);
  if (!pending_first_value_) return 0;
  // Cell (0, 0) is bit 0 of word 0 in both orientations.
  words[0] = pending_value_ ? 1 : 0;
  pending_first_value_ = false;
  return 1;
}

bool JudgeReader::next(Board& lights) {
  if (lights.rows() != rows_ || lights.cols() != cols_) {
    throw std::invalid_argument("JudgeReader::next: board size differs from the reader's");
  }
  const auto words = lights.words();
  const std::optional<std::size_t> first_col = begin_board(words);
  if (!first_col) return false;
  const std::size_t stride = lights.stride();
  for (std::size_t r = 0; r < rows_; ++r) {
    std::uint64_t* row = words.data() + r * stride;
    for (std::size_t c = r == 0 ? *first_col : 0; c < cols_; ++c) {
      row[c / 64] |= static_cast<std::uint64_t>(read_value()) << (c % 64);
    }
  }
  ++puzzles_read_;
  return true;
}

bool JudgeReader::next_transposed(Board& lights_t) {
  if (lights_t.rows() != cols_ || lights_t.cols() != rows_) {
    throw std::invalid_argument(
        "JudgeReader::next_transposed: board size differs from the reader's transpose");
  }
  const auto words = lights_t.words();
  const std::optional<std::size_t> first_col = begin_board(words);
  if (!first_col) return false;
  const std::size_t stride = lights_t.stride();
  for (std::size_t r = 0; r < rows_; ++r) {
    const std::uint64_t bit = std::uint64_t{1} << (r % 64);
    std::uint64_t* column = words.data() + r / 64;  // word r / 64 of each transposed row
    for (std::size_t c = r == 0 ? *first_col : 0; c < cols_; ++c) {
      if (read_value()) column[c * stride] |= bit;
    }
  }
  ++puzzles_read_;
  return true;
}

}  // namespace lightsout
