// PBM boards: the P1 (plain) and P4 (raw) headers and pixels, streamed straight into packed words.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <string>

#include "board_io.hpp"

namespace lightsout::detail {

namespace {

// P4 bytes are most significant bit first, Board words least significant bit first: a byte's
// bits reverse on the way in and out, while bytes keep their order (byte j of a row is bits
// 8j..8j+7 of the row, that is byte j % 8 of word j / 8 in little-endian order).
std::uint64_t reverse_bits_in_bytes(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

constexpr std::array<std::uint8_t, 256> make_reverse_table() {
  std::array<std::uint8_t, 256> table{};
  for (unsigned v = 0; v < 256; ++v) {
    unsigned r = 0;
    for (unsigned j = 0; j < 8; ++j) r |= ((v >> j) & 1U) << (7 - j);
    table[v] = static_cast<std::uint8_t>(r);
  }
  return table;
}
constexpr auto kReverse = make_reverse_table();

void store_le64(char* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

struct Dimension {
  std::uint64_t value;
  std::size_t line, column;
};

// Reads the width or the height: whitespace and comments, then decimal digits ending at
// whitespace, '#' or the end of the input (which is left unread). Throws on anything else.
Dimension read_dimension(Input& in, const char* what) {
  if (in.skip_space(true) == -1) in.fail(std::string("PBM header cut short: expected the ") + what);
  Dimension d{0, in.line(), in.column()};
  int c = in.peek();
  if (c < '0' || c > '9') {
    throw BoardParseError(
        d.line, d.column,
        std::string(what) + " must be a positive integer, found " + in.take_quoted_token({}, true));
  }
  std::string digits;
  bool overflow = false;
  for (; c >= '0' && c <= '9'; c = in.peek()) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    overflow = overflow || __builtin_mul_overflow(d.value, std::uint64_t{10}, &d.value) ||
               __builtin_add_overflow(d.value, digit, &d.value);
    if (digits.size() <= kTokenKeep) digits.push_back(static_cast<char>(c));
    in.advance();
  }
  const bool cut = digits.size() > kTokenKeep;
  if (overflow) {
    throw BoardParseError(d.line, d.column,
                          std::string(what) + " is too large: " + quote(digits, cut));
  }
  if (d.value == 0) {
    throw BoardParseError(
        d.line, d.column,
        std::string(what) + " must be a positive integer, found " + quote(digits, cut));
  }
  if (c != -1 && c != '#' && !is_space(c)) {
    in.fail(std::string("expected whitespace after the ") + what + " " + digits + ", found " +
            quote(std::string(1, static_cast<char>(c))));
  }
  return d;
}

std::string p4_short_message(std::uint64_t expected, std::uint64_t got) {
  return "P4 data cut short: expected " + std::to_string(expected) + " bytes of pixels, got " +
         std::to_string(got);
}

// Only whitespace may follow the pixels (Netpbm allows several images per file; a board file
// holds one). `comments`: also '#' comments (P1). `lines`: count lines (text data).
void expect_only_whitespace(Input& in, bool comments, bool lines) {
  for (int c = in.peek(); c != -1; c = in.peek()) {
    if (c == '\n' && lines) {
      in.take_newline();
    } else if (is_space(c)) {
      in.advance();
    } else if (c == '#' && comments) {
      in.skip_space(true);
    } else {
      const std::size_t line = in.line(), column = in.column();
      throw BoardParseError(
          line, column,
          "unexpected " + in.take_quoted_token() + " after the pixel data (one board per file)");
    }
  }
}

// Pixel bytes [k, k + n) of the row whose first word is `row_word` go into the store, k being
// the byte offset within the row. Whole words are converted 8 bytes at a time; the words are
// zero on entry, so partial words are or-ed in byte by byte.
void decode_p4_bytes(BoardStore& store, std::size_t row_word, std::size_t k,
                     const unsigned char* src, std::size_t n) {
  while (n > 0) {
    std::size_t run = 0;
    std::uint64_t* dst = store.words_at(row_word + k / 8, (k % 8 + n + 7) / 8, &run);
    const std::size_t m = std::min(n, run * 8 - k % 8);  // bytes landing in these `run` words
    std::size_t j = 0;
    for (; j < m && k % 8 != 0; ++j, ++k) {
      *dst |= std::uint64_t{kReverse[src[j]]} << (8 * (k % 8));
      if (k % 8 == 7) ++dst;
    }
    for (; m - j >= 8; j += 8, k += 8) *dst++ = reverse_bits_in_bytes(load_le64(src + j));
    for (; j < m; ++j, ++k) *dst |= std::uint64_t{kReverse[src[j]]} << (8 * (k % 8));
    src += m;
    n -= m;
  }
}

// P4 pixels: rows of ceil(width / 8) bytes, straight from the input buffer into the words.
// Pre: the input is at the first pixel byte; width * height fits the limits and memory.
// Post: the board, padding bits cleared (P4 leaves them undefined), and only whitespace after.
Board read_p4_pixels(Input& in, std::uint64_t width, std::uint64_t height, std::uint64_t data_bytes,
                     const BoardReadLimits& limits, ReadMode* mode) {
  const std::uint64_t data_start = in.offset();
  bool eager = false;
  if (limits.input_bytes) {
    const std::uint64_t end = std::max(*limits.input_bytes, data_start);
    if (end - data_start < data_bytes) {
      throw BoardParseError(in.line(), in.column_at(end),
                            p4_short_message(data_bytes, end - data_start));
    }
    eager = true;  // the input holds the pixels: allocate the board at once
  }
  const auto cols = static_cast<std::size_t>(width);
  const auto rows = static_cast<std::size_t>(height);
  BoardStore store(cols, rows, eager, mode);
  const std::size_t stride = store.stride();
  const std::size_t row_bytes = (cols + 7) / 8;
  const std::uint64_t last_mask =
      cols % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (cols % 64)) - 1;
  std::size_t r = 0;
  std::size_t k = 0;  // bytes of row r already decoded
  while (r < rows) {
    if (in.pos() == in.end() && !in.refill()) {
      in.fail(p4_short_message(data_bytes, in.offset() - data_start));
    }
    const std::size_t n = std::min(static_cast<std::size_t>(in.end() - in.pos()), row_bytes - k);
    decode_p4_bytes(store, r * stride, k, in.pos(), n);
    in.skip(n);
    k += n;
    if (k == row_bytes) {
      store.word(r * stride + stride - 1) &= last_mask;
      ++r;
      k = 0;
    }
  }
  expect_only_whitespace(in, false, false);
  return store.take(rows);
}

// P1 pixels: width * height characters 0/1, whitespace and comments anywhere between them.
Board read_p1_pixels(Input& in, std::uint64_t width, std::uint64_t height, std::uint64_t cells,
                     const BoardReadLimits& limits, ReadMode* mode) {
  const bool eager = limits.input_bytes && *limits.input_bytes >= in.offset() &&
                     *limits.input_bytes - in.offset() >= cells;  // one byte per value at least
  const auto cols = static_cast<std::size_t>(width);
  const auto rows = static_cast<std::size_t>(height);
  BoardStore store(cols, rows, eager, mode);
  const std::size_t stride = store.stride();
  std::uint64_t got = 0;
  std::size_t r = 0, c = 0;
  std::uint64_t acc = 0;
  auto put = [&](std::size_t k, std::uint64_t w) { store.word(r * stride + k) = w; };
  while (got < cells) {
    if (in.end() - in.pos() >= 8) {
      const std::size_t before = c;
      in.skip(take_digit_run(in.pos(), in.end(), cols - c, c, acc, put));
      got += c - before;
      if (c == cols) {
        if (c % 64 != 0) put(c / 64, acc);
        acc = 0;
        c = 0;
        ++r;
        continue;
      }
    }
    const int ch = in.peek();
    if (ch == '0' || ch == '1') {
      acc |= static_cast<std::uint64_t>(ch - '0') << (c % 64);
      in.advance();
      ++got;
      ++c;
      if (c % 64 == 0 || c == cols) {
        store.word(r * stride + (c - 1) / 64) = acc;
        acc = 0;
        if (c == cols) {
          c = 0;
          ++r;
        }
      }
    } else if (ch == '\n') {
      in.take_newline();
    } else if (is_blank(ch)) {
      in.advance();
    } else if (ch == '#') {
      in.skip_space(true);
    } else if (ch == -1) {
      in.fail("P1 data cut short: expected " + std::to_string(cells) + " values, got " +
              std::to_string(got));
    } else {
      in.fail("expected 0 or 1 in the P1 data, found " +
              quote(std::string(1, static_cast<char>(ch))));
    }
  }
  expect_only_whitespace(in, true, true);
  return store.take(rows);
}

void put_number(BlockWriter& out, std::uint64_t v) { out.put(std::to_string(v)); }

}  // namespace

// Pre: the input is at its first byte. Either magic is accepted whatever PBM format was asked
// for (a .pbm file may hold either). The header's sizes are checked against the limits, and for
// P4 against the input's size when known, before anything is allocated.
Board read_pbm(Input& in, const BoardReadLimits& limits, ReadMode* mode) {
  if (in.peek() == -1) in.fail("empty input: expected a board");
  const std::size_t avail = in.lookahead(3);
  const unsigned char* p = in.pos();
  const bool magic_ok = avail >= 2 && p[0] == 'P' && (p[1] == '1' || p[1] == '4') &&
                        (avail == 2 || is_space(p[2]) || p[2] == '#');
  if (!magic_ok) {
    const std::string found =
        is_space(p[0]) ? quote(std::string(1, static_cast<char>(p[0]))) : in.take_quoted_token();
    throw BoardParseError(1, 1, "expected PBM magic P1 or P4, found " + found);
  }
  const bool plain = p[1] == '1';
  in.skip(2);
  const Dimension width = read_dimension(in, "width");
  const Dimension height = read_dimension(in, "height");
  const std::string size_text =
      "width " + std::to_string(width.value) + " x height " + std::to_string(height.value);
  std::uint64_t cells = 0;
  if (__builtin_mul_overflow(width.value, height.value, &cells) || cells > limits.max_cells) {
    throw BoardParseError(width.line, width.column,
                          size_text + " exceeds " + cells_limit_text(limits));
  }
  // The packed board and the P4 pixel bytes must be addressable (only with absurd max_cells).
  const std::uint64_t stride = width.value / 64 + (width.value % 64 != 0 ? 1 : 0);
  const std::uint64_t row_bytes = width.value / 8 + (width.value % 8 != 0 ? 1 : 0);
  std::uint64_t board_bytes = 0, data_bytes = 0;
  if (width.value > (std::uint64_t{1} << 62) ||
      __builtin_mul_overflow(stride * 8, height.value, &board_bytes) ||
      __builtin_mul_overflow(row_bytes, height.value, &data_bytes) ||
      board_bytes > static_cast<std::uint64_t>(PTRDIFF_MAX)) {
    throw BoardParseError(width.line, width.column, size_text + " is too large to hold");
  }
  if (plain) return read_p1_pixels(in, width.value, height.value, cells, limits, mode);
  // Exactly one whitespace byte (or a comment through its newline) ends the header.
  if (in.peek() == '#') {
    for (int c = in.peek(); c != -1 && c != '\n'; c = in.peek()) in.advance();
  }
  if (in.peek() != -1) in.advance();
  return read_p4_pixels(in, width.value, height.value, data_bytes, limits, mode);
}

void put_pbm_header(bool plain, std::size_t rows, std::size_t cols, BlockWriter& out) {
  out.put(plain ? "P1\n" : "P4\n");
  put_number(out, cols);
  out.put(" ");
  put_number(out, rows);
  out.put("\n");
}

void put_pbm_raw_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out) {
  const std::size_t stride = (cols + 63) / 64;
  const std::size_t row_bytes = (cols + 7) / 8;
  const std::size_t full_words = row_bytes / 8;
  const std::size_t tail = row_bytes % 8;
  std::size_t k = 0;
  while (k < full_words) {
    if (out.room() < 8) out.flush();
    const std::size_t m = std::min(out.room() / 8, full_words - k);
    char* dst = out.reserve(8 * m);
    for (std::size_t j = 0; j < m; ++j) {
      store_le64(dst + 8 * j, reverse_bits_in_bytes(row[k + j]));
    }
    out.commit(8 * m);
    k += m;
  }
  if (tail != 0) {
    store_le64(out.reserve(8), reverse_bits_in_bytes(row[stride - 1]));
    out.commit(tail);
  }
}

// Each board row starts a line; long rows wrap every 64 characters (PBM asks for at most 70).
void put_pbm_plain_row(const std::uint64_t* row, std::size_t cols, BlockWriter& out) {
  for (std::size_t c = 0; c < cols; c += 64) {
    char* dst = out.reserve(65);
    put_word_bits(dst, row[c / 64]);
    const std::size_t n = std::min<std::size_t>(64, cols - c);
    dst[n] = '\n';
    out.commit(n + 1);
  }
}

}  // namespace lightsout::detail
