// verify_rules_files: board and press rows pulled side by side into PressRows, the row and column
// sums of rowcol, or a graph's press system.
#include "lightsout/rules_verify.hpp"

#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "io/value_rows.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/input_file.hpp"
#include "lightsout/press_rows.hpp"
#include "streamed_rows.hpp"

namespace lightsout {

namespace {

// A board file's rows as values 0..K-1, one at a time.
class RowPull {
 public:
  RowPull() = default;
  RowPull(const RowPull&) = delete;
  RowPull& operator=(const RowPull&) = delete;
  virtual ~RowPull() = default;
  // The next row (cols() values), nullptr after the last; throws BoardFileError.
  virtual const std::uint8_t* next() = 0;
  // Once next() has returned a row.
  virtual std::size_t cols() const = 0;
};

// Two states, any format: read_board_rows on a thread of its own into a RowQueue, each row
// unpacked to a byte a cell.
class BitRowPull final : public RowPull {
 public:
  BitRowPull(const std::string& path, std::optional<BoardFormat> format, std::uint64_t max_cells)
      : input_(path) {
    if (!format && path != "-") format = board_format_for_path(path);
    reader_ = read_rows_on_thread(input_, format, max_cells, queue_);
  }
  BitRowPull(const BitRowPull&) = delete;
  BitRowPull& operator=(const BitRowPull&) = delete;
  ~BitRowPull() override {
    queue_.cancel();
    if (reader_.joinable()) reader_.join();
  }
  const std::uint8_t* next() override {
    const std::uint64_t* words = queue_.pull();
    if (words == nullptr) {
      if (reader_.joinable()) reader_.join();
      if (!queue_.error().empty()) throw BoardFileError(queue_.error());
      return nullptr;
    }
    row_.resize(queue_.cols_seen());
    for (std::size_t c = 0; c < row_.size(); ++c) {
      row_[c] = static_cast<std::uint8_t>((words[c / 64] >> (c % 64)) & 1U);
    }
    return row_.data();
  }
  std::size_t cols() const override { return row_.size(); }

 private:
  InputFile input_;
  RowQueue queue_;
  std::thread reader_;
  std::vector<std::uint8_t> row_;
};

// More states: judge text through ValueRowReader, on this thread.
class ValueRowPull final : public RowPull {
 public:
  ValueRowPull(const std::string& path, std::optional<BoardFormat> format, unsigned states,
               std::uint64_t max_cells)
      : input_(path),
        reader_([this](char* buf, std::size_t cap) { return input_.read(buf, cap); }, states,
                limits_for(input_, max_cells)) {
    if (!format && path != "-") format = board_format_for_path(path);
    if (format && *format != BoardFormat::judge) {
      throw BoardFileError(
          fmt::format("{}: boards of {} states are judge text (values 0..{}), not {}",
                      input_.name(), states, states - 1, board_format_name(*format)));
    }
  }
  const std::uint8_t* next() override {
    try {
      return reader_.next();
    } catch (const BoardParseError& e) {
      throw BoardFileError(fmt::format("{}:{}", input_.name(), e.what()));
    }
  }
  std::size_t cols() const override { return reader_.cols(); }

 private:
  InputFile input_;
  ValueRowReader reader_;
};

// A board already read whole (rowcol's press file from standard input).
class MemoryRowPull final : public RowPull {
 public:
  MemoryRowPull(std::vector<std::uint8_t> values, std::size_t cols)
      : values_(std::move(values)), cols_(cols) {}
  const std::uint8_t* next() override {
    if (at_ >= values_.size()) return nullptr;
    at_ += cols_;
    return values_.data() + (at_ - cols_);
  }
  std::size_t cols() const override { return cols_; }

 private:
  std::vector<std::uint8_t> values_;
  std::size_t cols_;
  std::size_t at_ = 0;
};

std::unique_ptr<RowPull> open_rows(const std::string& path, std::optional<BoardFormat> format,
                                   unsigned states, std::uint64_t max_cells) {
  if (states == 2) return std::make_unique<BitRowPull>(path, format, max_cells);
  return std::make_unique<ValueRowPull>(path, format, states, max_cells);
}

// A board file read whole, one value a cell.
std::vector<std::uint8_t> read_values(const std::string& path, std::optional<BoardFormat> format,
                                      unsigned states, std::uint64_t max_cells, std::size_t& rows,
                                      std::size_t& cols) {
  BoardFile file = read_board_file(path, {.format = format,
                                          .states = states,
                                          .max_cells = max_cells,
                                          .max_cells_option = "--max-cells"});
  rows = file.grid.rows();
  cols = file.grid.cols();
  return file.grid.to_values();
}

// Refuses a press on a hole of row r.
void check_hole_presses(const Rules& rules, const std::string& presses, std::size_t r,
                        const std::uint8_t* row, std::size_t cols) {
  if (!rules.has_holes()) return;
  for (std::size_t c = 0; c < cols; ++c) {
    if (row[c] != 0 && rules.holes.get(r, c)) {
      throw BoardFileError(
          fmt::format("{}: row {}, column {} is a hole ({}) but its press count is {}, not 0",
                      presses == "-" ? "<stdin>" : presses, r + 1, c + 1,
                      rules.holes_label.empty() ? "holes" : rules.holes_label, row[c]));
    }
  }
}

// The rows left in a file after a size mismatch, counted.
void count_rest(RowPull& rows, const std::uint8_t* row, std::size_t& count) {
  while (row != nullptr) {
    ++count;
    row = rows.next();
  }
}

// Whether a rows x cols board fits the holes grid so far (the rest is check_board_size's).
bool fits_holes(const Rules& rules, std::size_t rows, std::size_t cols) {
  return !rules.has_holes() || (rows <= rules.holes.rows() && cols == rules.holes.cols());
}

// Contract: the rows of both files side by side. `apply(l, p, r)` takes light row r and press row r
// while the sizes agree so far (the same width, within the holes grid), after the presses on holes
// were refused; once they differ nothing more is applied and the rest of both files is only
// counted. Fills the sizes in `out`; returns whether they agree (then check_board_size passed).
template <typename Apply>
bool walk_row_pairs(RowPull& lights, RowPull& pressed, const Rules& rules,
                    const std::string& presses, RulesVerify& out, const Apply& apply) {
  const std::uint8_t* l = lights.next();
  const std::uint8_t* p = pressed.next();
  out.cols = lights.cols();
  out.press_cols = pressed.cols();
  bool applying = out.cols == out.press_cols;
  while (l != nullptr && p != nullptr) {
    applying = applying && fits_holes(rules, out.rows + 1, out.cols);
    if (applying) {
      check_hole_presses(rules, presses, out.rows, p, out.cols);
      apply(l, p, out.rows);
    }
    ++out.rows;
    ++out.press_rows;
    l = lights.next();
    p = pressed.next();
  }
  count_rest(lights, l, out.rows);
  count_rest(pressed, p, out.press_rows);
  if (!out.sizes_agree()) return false;
  check_board_size(rules, out.rows, out.cols);
  return true;
}

// Contract: the grid neighbourhoods: one row of each file at a time into PressRows. Once the sizes
// differ (or pass the holes grid) nothing more is applied and the rest of both files is only
// counted.
RulesVerify verify_grid(const std::string& board, const std::string& presses, const Rules& rules,
                        const RulesVerifyOptions& options) {
  const std::unique_ptr<RowPull> lights =
      open_rows(board, options.board_format, rules.states, options.max_cells);
  const std::unique_ptr<RowPull> pressed =
      open_rows(presses, options.presses_format, rules.states, options.max_cells);
  RulesVerify out;
  std::optional<PressRows> apply;
  const bool agree =
      walk_row_pairs(*lights, *pressed, rules, presses, out,
                     [&](const std::uint8_t* l, const std::uint8_t* p, std::size_t /*row*/) {
                       if (!apply) apply.emplace(rules, out.cols);
                       apply->put(l, p);
                     });
  if (agree) out.off_goal = apply ? apply->finish() : 0;
  return out;
}

// Contract: rowcol: a press at (r, c) adds 1 to every cell of row r and column c, (r, c) itself
// only with self. Cell (r, c) ends at light + rowsum(r) + colsum(c) - (self ? 1 : 2) * p(r, c)
// (mod K): the column sums from a first pass over the press file, the rest side by side.
RulesVerify verify_rowcol(const std::string& board, const std::string& presses, const Rules& rules,
                          const RulesVerifyOptions& options) {
  const unsigned k = rules.states;
  RulesVerify out;
  std::vector<std::uint32_t> colsum;
  std::unique_ptr<RowPull> pressed;
  {
    // Pass 1 (or the whole file, from standard input).
    std::unique_ptr<RowPull> first;
    if (presses == "-") {
      std::size_t rows = 0, cols = 0;
      std::vector<std::uint8_t> values =
          read_values(presses, options.presses_format, k, options.max_cells, rows, cols);
      pressed = std::make_unique<MemoryRowPull>(values, cols);
      first = std::make_unique<MemoryRowPull>(std::move(values), cols);
    } else {
      first = open_rows(presses, options.presses_format, k, options.max_cells);
    }
    for (const std::uint8_t* p = first->next(); p != nullptr; p = first->next()) {
      colsum.resize(first->cols(), 0);
      for (std::size_t c = 0; c < colsum.size(); ++c) {
        const std::uint32_t sum = colsum[c] + p[c];
        colsum[c] = sum >= k ? sum - k : sum;
      }
    }
  }
  if (!pressed) pressed = open_rows(presses, options.presses_format, k, options.max_cells);
  const std::unique_ptr<RowPull> lights =
      open_rows(board, options.board_format, k, options.max_cells);
  const unsigned goal = rules.target_on ? k - 1 : 0;
  // own[v] = -(self ? 1 : 2) * v mod K: what a button's own count takes back from its row and
  // column sums. Every term is below K, so a sum is below 4K: two conditional subtractions.
  std::vector<std::uint16_t> own(k);
  for (unsigned v = 0; v < k; ++v)
    own[v] = static_cast<std::uint16_t>((v * (rules.self ? k - 1 : k - 2)) % k);
  std::vector<std::uint16_t> row_end;
  const auto apply = [&](const std::uint8_t* l, const std::uint8_t* p, std::size_t r) {
    row_end.resize(out.cols);
    std::uint64_t rowsum = 0;
    for (std::size_t c = 0; c < out.cols; ++c) rowsum += p[c];
    const auto row = static_cast<unsigned>(rowsum % k);
    for (std::size_t c = 0; c < out.cols; ++c) {
      unsigned v = l[c] + row + colsum[c] + own[p[c]];
      v = v >= 2 * k ? v - 2 * k : v;
      row_end[c] = static_cast<std::uint16_t>(v >= k ? v - k : v);
    }
    for (std::size_t c = 0; c < out.cols; ++c) {
      const bool counted = !(rules.has_holes() && rules.holes.get(r, c));
      out.off_goal += row_end[c] != goal && counted ? 1 : 0;
    }
  };
  if (!walk_row_pairs(*lights, *pressed, rules, presses, out, apply)) out.off_goal = 0;
  return out;
}

// Contract: a graph board (N x 1) read whole; its press system applied as the solver builds it.
RulesVerify verify_graph(const std::string& board, const std::string& presses, const Rules& rules,
                         const RulesVerifyOptions& options) {
  RulesVerify out;
  std::vector<std::uint8_t> lights =
      read_values(board, options.board_format, rules.states, options.max_cells, out.rows, out.cols);
  const std::vector<std::uint8_t> pressed =
      read_values(presses, options.presses_format, rules.states, options.max_cells, out.press_rows,
                  out.press_cols);
  if (!out.sizes_agree()) return out;
  check_board_size(rules, out.rows, out.cols);
  build_press_system(rules, out.rows, out.cols).apply(pressed, lights);
  const auto goal = static_cast<std::uint8_t>(rules.target_on ? rules.states - 1 : 0);
  for (const std::uint8_t v : lights) out.off_goal += v != goal ? 1 : 0;
  return out;
}

}  // namespace

RulesVerify verify_rules_files(const std::string& board, const std::string& presses,
                               const Rules& rules, const RulesVerifyOptions& options) {
  if (rules.has_graph()) return verify_graph(board, presses, rules, options);
  if (rules.neighbourhood == Neighbourhood::rowcol) {
    return verify_rowcol(board, presses, rules, options);
  }
  return verify_grid(board, presses, rules, options);
}

}  // namespace lightsout
