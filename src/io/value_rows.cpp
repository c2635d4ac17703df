// ValueRowReader: the judge text of read_grid's values boards, parsed a byte at a time into rows.
#include "value_rows.hpp"

#include <utility>

#include "board_io.hpp"

namespace lightsout {

ValueRowReader::ValueRowReader(ReadFn read, unsigned states, BoardReadLimits limits)
    : read_(std::move(read)),
      states_(states),
      limits_(std::move(limits)),
      buf_(detail::kChunkBytes) {}

int ValueRowReader::get() {
  if (pos_ == end_) {
    if (eof_) return -1;
    end_ = read_(buf_.data(), buf_.size());
    pos_ = 0;
    if (end_ == 0) {
      eof_ = true;
      return -1;
    }
  }
  return static_cast<unsigned char>(buf_[pos_++]);
}

void ValueRowReader::fail_token(std::size_t column, const std::string& token,
                                bool truncated) const {
  throw BoardParseError(line_, column,
                        "expected a value 0.." + std::to_string(states_ - 1) + ", found " +
                            detail::quote(token, truncated));
}

// Contract: the fast path of next() for a row after the first that lies whole in the buffer as
// "d d ... d\n" (one digit < K per value, single spaces, LF) at the start of a line: checked
// and converted 2 bytes a value with no branch per value, nullptr (nothing consumed) for anything
// else, which next() then reads byte by byte with its messages.
const std::uint8_t* ValueRowReader::next_plain() {
  const std::size_t bytes = 2 * cols_;
  if (rows_ == 0 || states_ > 10 || column_ != 0 || blank_line_ != 0 || end_ - pos_ < bytes ||
      cells_ + cols_ > limits_.max_cells) {
    return nullptr;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(buf_.data() + pos_);
  if (p[bytes - 1] != '\n') return nullptr;
  row_.resize(cols_);
  const auto k = static_cast<unsigned char>(states_);
  unsigned bad = 0;
  for (std::size_t c = 0; c < cols_; ++c) {
    const auto v = static_cast<unsigned char>(p[2 * c] - '0');
    bad |= static_cast<unsigned>(v >= k);
    row_[c] = v;
  }
  // The separator after the last value is the newline, checked above.
  for (std::size_t c = 0; c + 1 < cols_; ++c) bad |= static_cast<unsigned>(p[2 * c + 1] != ' ');
  if (bad != 0) return nullptr;
  pos_ += bytes;
  cells_ += cols_;
  ++rows_;
  ++line_;
  return row_.data();
}

// Contract: reads up to the end of the next line holding a value (or of the input), checking
// every token as read_grid's parser does; the row's values land in row_ (at most cols_ of them
// after the first row: a longer row is only counted, then refused). Returns nullptr at the end of
// the input, after a last check that some row came.
const std::uint8_t* ValueRowReader::next() {
  if (const std::uint8_t* row = next_plain()) return row;
  std::size_t count = 0;
  std::size_t row_line = 0;
  row_.clear();
  int c = get();
  ++column_;
  for (;;) {
    if (c == -1 || c == '\n') {
      if (count > 0) {
        if (rows_ == 0) {
          cols_ = count;
        } else if (count != cols_) {
          throw BoardParseError(row_line, 1,
                                "row " + std::to_string(rows_ + 1) + " has " +
                                    std::to_string(count) + " values, the first row has " +
                                    std::to_string(cols_));
        }
        ++rows_;
        if (c == '\n') {
          ++line_;
          column_ = 0;
        }
        return row_.data();
      }
      if (c == -1) {
        // read_grid counts the lines that hold a byte: none after a final newline.
        if (rows_ == 0) {
          throw BoardParseError(column_ == 1 && line_ > 1 ? line_ - 1 : line_, 1,
                                "empty input: expected a board");
        }
        return nullptr;
      }
      if (rows_ > 0 && blank_line_ == 0) blank_line_ = line_;
      ++line_;
      column_ = 0;
      c = get();
      ++column_;
      continue;
    }
    if (detail::is_blank(c)) {
      c = get();
      ++column_;
      continue;
    }
    // A token: the bytes up to the next blank, newline or end.
    const std::size_t start = column_;
    if (rows_ > 0 && count == 0 && blank_line_ != 0) {
      throw BoardParseError(blank_line_, 1, "empty line between rows");
    }
    std::string token;
    unsigned v = 0;
    bool ok = true;
    while (c != -1 && c != '\n' && !detail::is_blank(c)) {
      const auto ch = static_cast<char>(c);
      if (token.size() <= detail::kTokenKeep) token.push_back(ch);
      ok = ok && ch >= '0' && ch <= '9' && token.size() <= 3 && !(token.size() == 2 && v == 0);
      if (ok) v = v * 10 + static_cast<unsigned>(ch - '0');
      // A bad token's quoted part is in: no need to read the rest of it.
      if (!ok && token.size() > detail::kTokenKeep) {
        fail_token(start, token.substr(0, detail::kTokenKeep), true);
      }
      c = get();
      ++column_;
    }
    if (!ok || v >= states_) fail_token(start, token, false);
    if (cells_ >= limits_.max_cells) {
      throw BoardParseError(line_, start, "board exceeds " + detail::cells_limit_text(limits_));
    }
    ++cells_;
    if (count == 0) row_line = line_;
    if (rows_ == 0 || count < cols_) row_.push_back(static_cast<std::uint8_t>(v));
    ++count;
  }
}

}  // namespace lightsout
