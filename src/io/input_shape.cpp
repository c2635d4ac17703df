// input_shape: grid boards and lone judge puzzles told apart from the count layout by their text.
#include "lightsout/input_shape.hpp"

#include <sys/stat.h>

#include <charconv>
#include <exception>
#include <vector>

#include "board_io.hpp"
#include "lightsout/input_file.hpp"

namespace lightsout {

namespace {

bool is_blank(char c) { return detail::is_blank(static_cast<unsigned char>(c)); }

std::vector<std::string_view> tokens_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// A grid row: 0/1/./# only.
bool is_grid_row(std::string_view token) {
  for (const char c : token) {
    if (c != '0' && c != '1' && c != '.' && c != '#') return false;
  }
  return !token.empty();
}

}  // namespace

InputShape input_shape(std::string_view text, bool complete) {
  // The non-blank lines, split into tokens; a last line cut by the prefix's end is left out.
  if (!complete) {
    const std::size_t last = text.rfind('\n');
    text = last == std::string_view::npos ? std::string_view{} : text.substr(0, last + 1);
  }
  std::vector<std::vector<std::string_view>> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::vector<std::string_view> tokens = tokens_of(text.substr(start, end - start));
    if (!tokens.empty()) lines.push_back(std::move(tokens));
    start = end + 1;
  }
  InputShape shape;
  if (lines.empty()) return shape;
  const std::string_view first = lines[0][0];
  // A count, then values: not a grid's first two rows ("101\n0x1\n" is a grid with a typo).
  shape.count_first = lines.size() >= 2 && lines[0].size() == 1 &&
                      first.find_first_not_of("0123456789") == std::string_view::npos &&
                      (lines[1].size() >= 2 || !is_grid_row(first));
  if (first == "P1" || first == "P4" || first.starts_with("P1#") || first.starts_with("P4#")) {
    shape.board = true;
    return shape;
  }
  // Grid rows: one token a line, all of one length.
  const auto grid_line = [&](const std::vector<std::string_view>& line) {
    return line.size() == 1 && is_grid_row(line[0]) && line[0].size() == first.size();
  };
  bool all_grid = true;
  for (std::size_t i = 0; i < lines.size() && i < 64 && all_grid; ++i) {
    all_grid = grid_line(lines[i]);
  }
  const bool wide_or_marked = first.size() >= 2 || first == "." || first == "#";
  if (all_grid && wide_or_marked && (lines.size() >= 2 || complete)) {
    shape.board = true;
    return shape;
  }
  // One puzzle without a count: the same number of values on every line, two or more.
  if (complete) {
    SinglePuzzleScan scan;
    scan.feed(text);
    shape.single = scan.size();
  }
  return shape;
}

bool SinglePuzzleScan::feed(std::string_view bytes) {
  for (const char c : bytes) {
    if (failed_) return false;
    if (c >= '0' && c <= '9') {
      in_token_ = true;
      value_ = value_ * 10 + static_cast<unsigned>(c - '0');
      if (value_ > UINT32_MAX) failed_ = true;  // not a value any rules take
    } else if (c == '\n') {
      end_line();
    } else if (is_blank(c)) {
      end_token();
    } else {
      failed_ = true;
    }
  }
  return !failed_;
}

void SinglePuzzleScan::end_token() {
  if (!in_token_) return;
  in_token_ = false;
  value_ = 0;
  ++in_line_;
  // A line past the first one's width can be told at once; a shorter one at its end.
  if (cols_ != 0 && in_line_ > cols_) failed_ = true;
}

void SinglePuzzleScan::end_line() {
  end_token();
  if (in_line_ == 0) return;  // a blank line
  if (cols_ == 0) {
    cols_ = in_line_;
    if (cols_ < 2) failed_ = true;
  } else if (in_line_ != cols_) {
    failed_ = true;
  }
  ++rows_;
  in_line_ = 0;
}

std::optional<std::pair<std::size_t, std::size_t>> SinglePuzzleScan::size() {
  end_line();  // a last line without a newline
  if (failed_ || rows_ == 0) return std::nullopt;
  return std::pair{rows_, cols_};
}

std::string judge_error_hint(std::string_view message, std::size_t puzzle, std::size_t column,
                             std::size_t rows, std::size_t cols, bool size_given, bool rules_given,
                             bool single_guessed) {
  if (puzzle != 1) return {};
  // "1\n1\n0\n1\n0\n1\n" at 5x1: one puzzle from the first line on, or a count and a puzzle.
  if (single_guessed && cols == 1 && message.starts_with("unexpected ") &&
      message.ends_with(" after the last puzzle")) {
    return "; if the first line is a count of puzzles, give --input count";
  }
  constexpr std::string_view kFound = "expected 0 or 1, found '";
  if (message.starts_with(kFound)) {
    std::string_view token = message.substr(kFound.size());
    token = token.substr(0, token.find('\''));
    const bool cut = token.ends_with("...");  // the reader quotes a long token's start only
    if (column == 1 && !cut && token.size() >= 2 && is_grid_row(token)) {
      return "; rows like '" + std::string(token) + "' are a board file: give --format grid";
    }
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    // One digit: "10" in a puzzle is more likely "1 0" mistyped than a tenth state.
    if (!rules_given && ec == std::errc() && end == token.data() + token.size() && value >= 2 &&
        token.size() == 1) {
      return "; values above 1 need --rules states=K (K >= " + std::to_string(value + 1) +
             ", with the rules the puzzles were made for)";
    }
    return {};
  }
  if (message.starts_with("puzzle cut short") && !size_given) {
    return "; for boards other than " + std::to_string(rows) + "x" + std::to_string(cols) +
           " give --size RxC";
  }
  return {};
}

InputShape shape_of_file(const std::string& path) {
  if (path == "-") return {};
  // Only a regular file is looked at: opening a FIFO or a device would take bytes (or the
  // writer) from the solve that reads it next.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  try {
    InputFile input(path);
    if (!input.regular_file_size()) return {};
    constexpr std::size_t kFirst = std::size_t{64} << 10;
    const std::uint64_t size = *input.regular_file_size();
    std::string text(kFirst, '\0');
    const auto fill = [&] {  // the next bytes, up to kFirst; "" at the end
      std::size_t got = 0;
      while (got < kFirst) {
        const std::size_t n = input.read(text.data() + got, kFirst - got);
        if (n == 0) break;
        got += n;
      }
      return std::string_view(text.data(), got);
    };
    std::string_view piece = fill();
    InputShape shape = input_shape(piece, piece.size() == size);
    if (shape.board || shape.single || piece.size() == size) return shape;
    // A first line of two or more values may be a lone puzzle of any size: its rows are
    // counted through the whole file, a piece at a time. A count layout's first line (one
    // value) stops it at once, a row of another width at that row.
    SinglePuzzleScan scan;
    while (!piece.empty() && scan.feed(piece)) piece = fill();
    if (piece.empty()) shape.single = scan.size();
    return shape;
  } catch (const std::exception&) {
    return {};  // unreadable: the solve itself says why
  }
}

}  // namespace lightsout
