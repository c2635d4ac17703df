// Board files: format names, detection and dispatch, and the shared input, storage and output.
#include "lightsout/board_format.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "board_io.hpp"

namespace lightsout {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Each format's name (board_format_name), then the other names parse_board_format takes for it.
constexpr std::array<std::pair<BoardFormat, std::string_view>, 6> kFormatNames{{
    {BoardFormat::pbm_plain, "p1"},
    {BoardFormat::pbm_raw, "p4"},
    {BoardFormat::pbm_raw, "pbm"},
    {BoardFormat::grid, "grid"},
    {BoardFormat::judge, "judge"},
    {BoardFormat::judge, "txt"},
}};

// Bytes the detector may look ahead on the first non-blank line.
constexpr std::size_t kDetectWindow = 4096;

// Grid when the first non-blank line has no blank between cells, judge text otherwise. Only the
// first token and the blanks after it matter: a token of two or more bytes is a grid row (as
// judge text it would be an error anyway); a lone byte is a grid row unless another token
// follows it on the same line. The input is at the first non-whitespace byte.
BoardFormat detect_text_format(detail::Input& in) {
  const std::size_t n = in.lookahead(kDetectWindow);
  const unsigned char* p = in.pos();
  if (n >= 2 && !detail::is_space(p[1])) return BoardFormat::grid;
  std::size_t i = 1;
  while (i < n && detail::is_blank(p[i])) ++i;
  if (i == n) return n < kDetectWindow ? BoardFormat::grid : BoardFormat::judge;
  return p[i] == '\n' ? BoardFormat::grid : BoardFormat::judge;
}

}  // namespace

std::optional<BoardFormat> parse_board_format(std::string_view name) {
  const std::string n = lower(name);
  for (const auto& [format, format_name] : kFormatNames) {
    if (format_name == n) return format;
  }
  return std::nullopt;
}

std::optional<BoardFormat> board_format_for_path(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  const std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::size_t dot = base.find_last_of('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  const std::string ext = lower(base.substr(dot + 1));
  if (ext == "pbm") return BoardFormat::pbm_raw;
  if (ext == "grid") return BoardFormat::grid;  // .txt may hold grid or judge text: detect
  return std::nullopt;
}

std::string unknown_board_format(std::string_view option, std::string_view name) {
  return std::string(option) + ": unknown format '" + std::string(name) +
         "' (p1, p4, pbm, grid, judge)";
}

std::string_view board_format_name(BoardFormat format) {
  for (const auto& [f, format_name] : kFormatNames) {
    if (f == format) return format_name;
  }
  return "unknown";
}

BoardParseError::BoardParseError(std::size_t line, std::size_t column, std::string message)
    : std::runtime_error(std::to_string(line) + ":" + std::to_string(column) + ": " + message),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

namespace {

// read_board, with `mode` as detail::read_pbm's.
Board read_board_impl(const ReadFn& read, std::optional<BoardFormat> format,
                      const BoardReadLimits& limits, BoardFormat* detected,
                      detail::ReadMode* mode) {
  detail::Input in(read);
  // PBM starts with its magic at byte 0; no grid or judge text starts with 'P'.
  const bool pbm_magic = in.peek() == 'P';
  if ((!format && pbm_magic) || format == BoardFormat::pbm_plain ||
      format == BoardFormat::pbm_raw) {
    if (detected != nullptr) {
      const bool plain = pbm_magic && in.lookahead(2) >= 2 && in.pos()[1] == '1';
      *detected = plain ? BoardFormat::pbm_plain : BoardFormat::pbm_raw;
    }
    return detail::read_pbm(in, limits, mode);
  }
  if (!format) {
    if (in.skip_space(false) == -1) in.fail("empty input: expected a board");
    format = detect_text_format(in);
  }
  if (detected != nullptr) *detected = *format;
  switch (*format) {
    case BoardFormat::pbm_plain:
    case BoardFormat::pbm_raw:
      return detail::read_pbm(in, limits, mode);
    case BoardFormat::grid:
      return detail::read_grid(in, limits, mode);
    case BoardFormat::judge:
      return detail::read_judge_board(in, limits, mode);
  }
  throw std::invalid_argument("read_board: unknown format");
}

}  // namespace

Board read_board(const ReadFn& read, std::optional<BoardFormat> format,
                 const BoardReadLimits& limits, BoardFormat* detected) {
  return read_board_impl(read, format, limits, detected, nullptr);
}

void write_rows(RowSource& rows, BoardFormat format, const WriteFn& write) {
  if (rows.rows() == 0 || rows.cols() == 0) {
    throw std::invalid_argument("write_board: the board is empty");
  }
  detail::BlockWriter out(write);
  detail::RowFormatter formatter(format, rows.rows(), rows.cols(), out);
  for (std::size_t r = 0; r < rows.rows(); ++r) formatter.put(rows.row(r));
  out.flush();
}

void write_board(const Board& board, BoardFormat format, const WriteFn& write) {
  if (board.rows() == 0 || board.cols() == 0) {
    throw std::invalid_argument("write_board: the board is empty");
  }
  detail::BoardRows rows(board, false);
  write_rows(rows, format, write);
}

void write_board_transposed(const Board& board, BoardFormat format, const WriteFn& write) {
  if (board.rows() == 0 || board.cols() == 0) {
    throw std::invalid_argument("write_board: the board is empty");
  }
  if (board.rows() > 64) {
    throw std::invalid_argument("write_board_transposed: more than 64 rows");
  }
  detail::BoardRows rows(board, true);
  write_rows(rows, format, write);
}

struct BoardRowWriter::Impl {
  Impl(const WriteFn& write, BoardFormat format, std::size_t rows, std::size_t cols)
      : out(write), formatter(format, rows, cols, out) {}
  detail::BlockWriter out;
  detail::RowFormatter formatter;
};

BoardRowWriter::BoardRowWriter(BoardFormat format, std::size_t rows, WriteFn write)
    : format_(format), rows_(rows), write_(std::move(write)) {}

BoardRowWriter::~BoardRowWriter() = default;

void BoardRowWriter::on_begin(std::size_t cols) {
  if (rows_ == 0 || cols == 0) throw std::invalid_argument("write_board: the board is empty");
  impl_ = std::make_unique<Impl>(write_, format_, rows_, cols);
}

void BoardRowWriter::on_rows(const std::uint64_t* rows, std::size_t count) {
  if (rows_put() > rows_) throw std::logic_error("BoardRowWriter: more rows than announced");
  for (std::size_t i = 0; i < count; ++i) impl_->formatter.put(rows + i * stride());
}

void BoardRowWriter::finish() {
  if (!impl_ || rows_put() != rows_) {
    throw std::logic_error("BoardRowWriter: " + std::to_string(rows_put()) + " rows of " +
                           std::to_string(rows_));
  }
  impl_->out.flush();
}

Board read_board_thin(const ReadFn& read, std::optional<BoardFormat> format,
                      const BoardReadLimits& limits, BoardFormat* detected, bool* transposed) {
  detail::ReadMode mode;
  mode.thin_ok = true;
  Board board = read_board_impl(read, format, limits, detected, &mode);
  if (transposed != nullptr) *transposed = mode.transposed;
  return board;
}

std::size_t read_board_rows(const ReadFn& read, std::optional<BoardFormat> format,
                            const BoardReadLimits& limits, BoardFormat* detected, RowSink& sink) {
  detail::ReadMode mode;
  mode.sink = &sink;
  read_board_impl(read, format, limits, detected, &mode);
  return sink.rows_put();
}

namespace detail {

std::string quote(std::string_view token, bool truncated) {
  std::string out = "'";
  for (unsigned char ch : token.substr(0, truncated ? kTokenKeep : token.size())) {
    if (ch >= 0x20 && ch < 0x7F) {
      out.push_back(static_cast<char>(ch));
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out.push_back(hex[ch >> 4]);
      out.push_back(hex[ch & 15]);
    }
  }
  if (truncated) out += "...";
  return out + "'";
}

std::string cells_limit_text(const BoardReadLimits& limits) {
  std::string text = "the limit of " + std::to_string(limits.max_cells) + " cells";
  if (!limits.max_cells_option.empty()) text += " (" + limits.max_cells_option + ")";
  return text;
}

// ---- Input ----

Input::Input(const ReadFn& read) : read_(read), buf_(new char[kChunkBytes]) {
  pos_ = end_ = data();
}

bool Input::refill() {
  if (eof_) return false;
  base_ += static_cast<std::uint64_t>(end_ - data());
  const std::size_t n = read_(buf_.get(), capacity_);
  if (n > capacity_) throw std::logic_error("read_board: ReadFn returned more than asked");
  pos_ = data();
  end_ = pos_ + n;
  eof_ = n == 0;
  return n != 0;
}

std::size_t Input::lookahead(std::size_t n) {
  n = std::min(n, capacity_);
  std::size_t have = static_cast<std::size_t>(end_ - pos_);
  if (have >= n || eof_) return have;
  // Slide the unread bytes to the front, then read behind them.
  base_ += static_cast<std::uint64_t>(pos_ - data());
  std::memmove(buf_.get(), pos_, have);
  while (have < n) {
    const std::size_t got = read_(buf_.get() + have, capacity_ - have);
    if (got > capacity_ - have) throw std::logic_error("read_board: ReadFn returned too much");
    if (got == 0) {
      eof_ = true;
      break;
    }
    have += got;
  }
  pos_ = data();
  end_ = pos_ + have;
  return have;
}

int Input::skip_space(bool comments) {
  for (;;) {
    const int c = peek();
    if (c == '\n') {
      take_newline();
    } else if (is_blank(c)) {
      advance();
    } else if (c == '#' && comments) {
      int d = c;
      while (d != -1 && d != '\n') {
        advance();
        d = peek();
      }
    } else {
      return c;
    }
  }
}

std::string Input::take_quoted_token(std::string prefix, bool stop_at_hash) {
  std::string token = std::move(prefix);
  for (int c = peek(); c != -1 && !is_space(c) && !(stop_at_hash && c == '#'); c = peek()) {
    if (token.size() > kTokenKeep) break;
    token.push_back(static_cast<char>(c));
    advance();
  }
  return quote(token, token.size() > kTokenKeep);
}

void Input::fail(std::string message) const {
  throw BoardParseError(line_, column(), std::move(message));
}

// ---- BoardStore ----

namespace {
constexpr std::size_t kMinBlockWords = kChunkBytes / 8;
// Boards up to this size are allocated at once: cheaper than staging, and harmless.
constexpr std::size_t kEagerWords = (std::size_t{4} << 20) / 8;
}  // namespace

BoardStore::BoardStore(std::size_t cols, std::optional<std::size_t> rows, bool eager,
                       ReadMode* mode)
    : cols_(cols), stride_((cols + 63) / 64), rows_(rows), mode_(mode) {
  if (mode != nullptr && mode->sink != nullptr) {
    sink_ = mode->sink;
    sink_->begin(cols);
    const std::size_t window_rows = std::max<std::size_t>(1, kChunkBytes / 8 / stride_);
    window_.assign(window_rows * stride_, 0);
    return;
  }
  thin_ = mode != nullptr && mode->thin_ok && cols <= 64 && (!rows || *rows > cols);
  if (thin_) {
    columns_.resize(cols);
    if (rows && eager) {
      for (auto& column : columns_) column.reserve((*rows + 63) / 64);
    }
    return;
  }
  if (rows_) {
    total_words_ = *rows_ * stride_;
    if (eager || *total_words_ <= kEagerWords) allocate_board(*rows_);
  }
}

void BoardStore::locate(std::size_t first, std::size_t want) {
  if (have_board_) throw std::logic_error("BoardStore: word past the end of the board");
  const std::size_t need = first + want;
  if (need > staged_words_) {
    if (total_words_ && need >= *total_words_ - need) {  // half the board is arriving: commit
      allocate_board(*rows_);
      if (first >= seg_end_) throw std::logic_error("BoardStore: word past the end of the board");
      return;
    }
    while (staged_words_ < need) {
      std::size_t size = std::max(kMinBlockWords, staged_words_);
      if (total_words_) size = std::min(size, *total_words_ - staged_words_);
      blocks_.emplace_back(size, 0);
      block_begin_.push_back(staged_words_);
      staged_words_ += size;
    }
  }
  const auto it = std::upper_bound(block_begin_.begin(), block_begin_.end(), first);
  const std::size_t b = static_cast<std::size_t>(it - block_begin_.begin()) - 1;
  seg_ptr_ = blocks_[b].data();
  seg_begin_ = block_begin_[b];
  seg_end_ = seg_begin_ + blocks_[b].size();
}

void BoardStore::allocate_board(std::size_t rows) {
  board_ = Board(rows, cols_);
  auto words = board_.words();
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    const std::size_t begin = block_begin_[b];
    if (begin < words.size()) {
      const std::size_t n = std::min(blocks_[b].size(), words.size() - begin);
      std::copy_n(blocks_[b].begin(), n, words.begin() + static_cast<std::ptrdiff_t>(begin));
    }
    std::vector<std::uint64_t>().swap(blocks_[b]);  // give the memory back as we go
  }
  blocks_.clear();
  block_begin_.clear();
  staged_words_ = 0;
  have_board_ = true;
  seg_ptr_ = words.data();
  seg_begin_ = 0;
  seg_end_ = words.size();
}

void BoardStore::flush_stage() {
  transpose_block(stage_.data());
  for (std::size_t c = 0; c < cols_; ++c) columns_[c].push_back(stage_[c]);
  stage_.fill(0);
}

void BoardStore::restage(std::size_t first) {
  if (first < stage_begin_) throw std::logic_error("BoardStore: rows requested out of order");
  const std::size_t target = first - first % 64;
  while (stage_begin_ < target) {  // rows never written stay zero
    flush_stage();
    stage_begin_ += 64;
  }
}

void BoardStore::slide(std::size_t first) {
  if (first < window_first_) throw std::logic_error("BoardStore: rows requested out of order");
  const std::size_t window_rows = window_.size() / stride_;
  while (first - window_first_ >= window_.size()) {  // rows never written are zero
    sink_->put(window_.data(), window_rows);
    std::fill(window_.begin(), window_.end(), std::uint64_t{0});
    window_first_ += window_.size();
  }
}

Board BoardStore::take_thin(std::size_t rows) {
  if (stage_begin_ < rows) flush_stage();
  const std::size_t words = (rows + 63) / 64;
  for (auto& column : columns_) column.resize(words, 0);
  if (rows > cols_) {  // the transpose: row c of it is column c, already packed
    mode_->transposed = true;
    Board t(cols_, rows);
    for (std::size_t c = 0; c < cols_; ++c) {
      std::copy_n(columns_[c].begin(), words, t.row(c).begin());
      std::vector<std::uint64_t>().swap(columns_[c]);  // give the memory back as we go
    }
    return t;
  }
  Board b(rows, cols_);  // at most 64 x 64
  for (std::size_t c = 0; c < cols_; ++c) {
    for (std::size_t r = 0; r < rows; ++r) b.set(r, c, ((columns_[c][0] >> r) & 1U) != 0);
  }
  return b;
}

Board BoardStore::take(std::size_t rows) {
  if (sink_ != nullptr) {
    std::size_t done = window_first_ / stride_;
    const std::size_t window_rows = window_.size() / stride_;
    while (done < rows) {
      const std::size_t n = std::min(window_rows, rows - done);
      sink_->put(window_.data(), n);
      std::fill(window_.begin(), window_.end(), std::uint64_t{0});
      done += n;
    }
    window_first_ = done * stride_;
    return {};
  }
  if (thin_) return take_thin(rows);
  if (!have_board_) allocate_board(rows);
  if (board_.rows() != rows) throw std::logic_error("BoardStore: row count changed");
  have_board_ = false;
  seg_ptr_ = nullptr;
  seg_begin_ = seg_end_ = 0;
  return std::move(board_);
}

// ---- RowFormatter ----

RowFormatter::RowFormatter(BoardFormat format, std::size_t rows, std::size_t cols, BlockWriter& out)
    : format_(format), cols_(cols), out_(out) {
  if (format == BoardFormat::pbm_plain || format == BoardFormat::pbm_raw) {
    put_pbm_header(format == BoardFormat::pbm_plain, rows, cols, out);
  }
}

void RowFormatter::put(const std::uint64_t* row) {
  switch (format_) {
    case BoardFormat::pbm_plain:
      put_pbm_plain_row(row, cols_, out_);
      return;
    case BoardFormat::pbm_raw:
      put_pbm_raw_row(row, cols_, out_);
      return;
    case BoardFormat::grid:
      put_grid_row(row, cols_, out_);
      return;
    case BoardFormat::judge:
      put_judge_row(row, cols_, out_);
      return;
  }
}

// ---- BoardRows ----

void BoardRows::load(std::size_t word) {
  block_.fill(0);
  for (std::size_t r = 0; r < board_.rows(); ++r) block_[r] = board_.row(r)[word];
  transpose_block(block_.data());
  block_word_ = word;
}

// ---- BlockWriter ----

void BlockWriter::put(std::string_view text) {
  while (!text.empty()) {
    if (room() == 0) flush();
    const std::size_t n = std::min(room(), text.size());
    std::memcpy(buf_.get() + used_, text.data(), n);
    used_ += n;
    text.remove_prefix(n);
  }
}

void BlockWriter::flush() {
  if (used_ == 0) return;
  const std::size_t n = used_;
  used_ = 0;
  write_(buf_.get(), n);
}

}  // namespace detail

}  // namespace lightsout
