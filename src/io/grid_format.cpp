// read_grid / write_grid: boards of any number of states (K = 2 in every board format, K > 2 as
// judge text of values 0..K-1).
#include <cstdint>
#include <string>
#include <vector>

#include "board_io.hpp"
#include "lightsout/board_format.hpp"

namespace lightsout {

namespace {

// One board of values 0..states-1 in judge text, at most max_cells values. Throws BoardParseError
// naming line and column.
std::vector<std::uint8_t> parse_values_board(std::string_view text, unsigned states,
                                             const BoardReadLimits& limits, std::size_t& rows,
                                             std::size_t& cols) {
  std::vector<std::uint8_t> values;
  rows = 0;
  cols = 0;
  std::size_t line_no = 0;
  std::size_t blank_line = 0;  // a blank line seen after the first row (an error if a row follows)
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    std::size_t count = 0;
    std::size_t i = 0;
    while (i < line.size()) {
      if (detail::is_blank(line[i])) {
        ++i;
        continue;
      }
      const std::size_t start = i;
      while (i < line.size() && !detail::is_blank(line[i])) ++i;
      const std::string_view token = line.substr(start, i - start);
      if (rows > 0 && count == 0 && blank_line != 0) {
        throw BoardParseError(blank_line, 1, "empty line between rows");
      }
      unsigned v = 0;
      bool ok = token.size() <= 3 && (token.size() == 1 || token[0] != '0');
      for (const char ch : token) {
        ok = ok && ch >= '0' && ch <= '9';
        if (ok) v = v * 10 + static_cast<unsigned>(ch - '0');
      }
      if (!ok || v >= states) {
        throw BoardParseError(line_no, start + 1,
                              "expected a value 0.." + std::to_string(states - 1) + ", found " +
                                  detail::quote(token.substr(0, detail::kTokenKeep),
                                                token.size() > detail::kTokenKeep));
      }
      if (values.size() >= limits.max_cells) {
        throw BoardParseError(line_no, start + 1,
                              "board exceeds " + detail::cells_limit_text(limits));
      }
      values.push_back(static_cast<std::uint8_t>(v));
      ++count;
    }
    if (count == 0) {
      if (rows > 0 && blank_line == 0) blank_line = line_no;
      continue;
    }
    if (rows == 0) {
      cols = count;
    } else if (count != cols) {
      throw BoardParseError(line_no, 1,
                            "row " + std::to_string(rows + 1) + " has " + std::to_string(count) +
                                " values, the first row has " + std::to_string(cols));
    }
    ++rows;
  }
  if (rows == 0) {
    throw BoardParseError(line_no == 0 ? 1 : line_no, 1, "empty input: expected a board");
  }
  return values;
}

}  // namespace

Grid read_grid(const ReadFn& read, std::optional<BoardFormat> format, unsigned states,
               const BoardReadLimits& limits, BoardFormat* detected) {
  if (states == 2) return Grid(read_board(read, format, limits, detected));
  if (format && *format != BoardFormat::judge) {
    throw BoardParseError(1, 1,
                          "boards of " + std::to_string(states) +
                              " states are judge text (values 0.." + std::to_string(states - 1) +
                              "), not " + std::string(board_format_name(*format)));
  }
  if (detected != nullptr) *detected = BoardFormat::judge;
  // Read whole, but judged as it arrives: at the first byte that cannot belong to a valid value
  // (not a digit or a blank, a fourth digit, a digit after a leading 0), reading stops once the
  // bad token's shown part is in, and the parser names it. An endless valid stream stops at
  // kMaxStatesTextBytes.
  std::string text;
  std::vector<char> buf(detail::kChunkBytes);
  std::size_t scanned = 0;
  std::size_t digits = 0;     // length of the digit run at `scanned`
  bool leading_zero = false;  // that run starts with 0
  std::size_t stop_at = SIZE_MAX;
  while (text.size() < stop_at) {
    const std::size_t n = read(buf.data(), buf.size());
    if (n == 0) break;
    if (text.size() + n > kMaxStatesTextBytes) {
      throw BoardParseError(1, 1,
                            "larger than " + std::to_string(kMaxStatesTextBytes >> 20) + " MiB");
    }
    text.append(buf.data(), n);
    for (; scanned < text.size() && stop_at == SIZE_MAX; ++scanned) {
      const char ch = text[scanned];
      if (detail::is_blank(ch) || ch == '\n') {
        digits = 0;
      } else if (ch >= '0' && ch <= '9' && digits < 3 && !(digits == 1 && leading_zero)) {
        leading_zero = digits == 0 ? ch == '0' : leading_zero;
        ++digits;
      } else {
        stop_at = scanned + detail::kTokenKeep + 1;
      }
    }
  }
  std::size_t rows = 0;
  std::size_t cols = 0;
  const std::vector<std::uint8_t> values = parse_values_board(text, states, limits, rows, cols);
  return Grid::from_values(rows, cols, states, values);
}

void write_grid(const Grid& grid, BoardFormat format, const WriteFn& write) {
  if (grid.packed()) {
    write_board(grid.bits(), format, write);
    return;
  }
  if (format != BoardFormat::judge) {
    throw std::invalid_argument("write_grid: boards of more than two states are judge text only");
  }
  std::string out;
  const std::span<const std::uint8_t> values = grid.values();
  for (std::size_t i = 0; i < values.size(); ++i) {
    out += std::to_string(values[i]);
    out.push_back((i + 1) % grid.cols() == 0 ? '\n' : ' ');
    if (out.size() >= detail::kChunkBytes) {
      write(out.data(), out.size());
      out.clear();
    }
  }
  if (!out.empty()) write(out.data(), out.size());
}

}  // namespace lightsout
