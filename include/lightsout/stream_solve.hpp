// Solving a board too large to hold, in two passes over its rows: light chasing needs only the
// rows around the current one, and the polynomial step only the phantom row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout {

// Light chasing fed one light row at a time (a RowSink), with the presses of the row above
// chosen: x_(i+1) = b_i + T x_i + x_(i-1) from x_1 = `first_row` (empty: zero). Each press row
// x_i is handed to `out` (when not null) before light row i is used, so the presses leave in
// order with the lights. Memory: three rows.
class StreamChase final : public RowSink {
 public:
  StreamChase(std::vector<std::uint64_t> first_row, RowSink* out);
  // After the last row: x_(m+1), zero exactly when the presses darken the board.
  const std::vector<std::uint64_t>& phantom() const { return cur_; }
  bool phantom_is_zero() const;
  // Presses handed out so far.
  std::uint64_t presses() const { return presses_; }

 protected:
  void on_begin(std::size_t cols) override;
  void on_rows(const std::uint64_t* rows, std::size_t count) override;

 private:
  std::vector<std::uint64_t> first_, prev_, cur_, next_;
  RowSink* out_;
  std::uint64_t mask_ = 0;
  std::uint64_t presses_ = 0;
};

// Counts the lights a press file leaves on, fed the board's rows (a RowSink) while the press rows
// (same width) are pulled from `next_press`, which returns nullptr when there are none left: light
// row i ends as b_i + T x_i + x_(i-1) + x_(i+1). Memory: three press rows. The caller compares
// the row counts (press_rows() against rows_put()).
class StreamVerify final : public RowSink {
 public:
  using PullRow = std::function<const std::uint64_t*()>;
  explicit StreamVerify(PullRow next_press) : next_press_(std::move(next_press)) {}
  std::uint64_t lights_left() const { return lights_left_; }
  std::size_t press_rows() const { return press_rows_; }

 protected:
  void on_begin(std::size_t cols) override;
  void on_rows(const std::uint64_t* rows, std::size_t count) override;

 private:
  void pull(std::vector<std::uint64_t>& into);

  PullRow next_press_;
  std::vector<std::uint64_t> prev_, cur_, next_, lit_;
  std::uint64_t mask_ = 0;
  std::uint64_t lights_left_ = 0;
  std::size_t press_rows_ = 0;
};

struct FirstRowPlan {
  bool solvable = false;
  std::size_t nullity = 0;
  std::vector<std::uint64_t> first_row;  // when solvable: the first press row (ceil(n/64) words)
};

// Contract: from the phantom row of the chase from x_1 = 0 over an m x n board (n = the row
// width), the first press row that darkens it, by solve_poly's polynomial step (F y = r as
// H Y = R modulo f_n). Same solvable flag and nullity as solving the board; O(n^2 / 64) word
// operations plus O(m n / 64) or O(log m) products modulo f_n (see shifted_path_polynomial_mod).
FirstRowPlan plan_first_row(std::size_t m, std::size_t n, std::span<const std::uint64_t> phantom);

}  // namespace lightsout
