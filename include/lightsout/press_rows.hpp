// PressRows: presses applied to a grid board a row at a time, in a window as tall as the mask.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout {

// Counts the cells a press board leaves away from the goal under `rules` (a grid neighbourhood:
// not rowcol, not a graph), fed light row i and press row i together, one value 0..K-1 a cell.
// A press at (r, c) adds 1 (mod K) to (r + dr, c + dc) for every offset, wrapped as the topology
// says; holes are neither counted nor pressed (their presses are skipped, as PressSystem::apply
// does). Memory: as many rows as the mask is tall (R_up + R_down + 1, R_up the rows a press
// reaches above itself, R_down below), twice that while the first rows are buffered, plus, on a
// torus, the first R_down rows' sums and R_up rows of presses that wrap above row 0, kept until
// the last row is in.
class PressRows {
 public:
  // rules.holes, when present, must be the board's size (check_board_size); cols >= 1.
  PressRows(const Rules& rules, std::size_t cols);
  // Row rows_put() of the lights and of the presses, cols values each, all < K.
  void put(const std::uint8_t* lights, const std::uint8_t* presses);
  // After the last row: the existing cells not at the goal (0, or K-1 with target=on).
  std::uint64_t finish();
  std::size_t rows_put() const { return rows_; }

 private:
  void add_shifted(std::uint8_t* to, const std::uint8_t* from, int dc) const;
  void stream_row(std::size_t r, const std::uint8_t* lights, const std::uint8_t* presses);
  std::uint64_t count_off_goal(const std::uint8_t* row, std::size_t r) const;
  std::uint8_t* slot(std::size_t r) { return ring_.data() + (r % height_) * cols_; }

  const Rules& rules_;
  std::size_t cols_;
  unsigned k_;
  bool wrap_rows_, wrap_cols_;
  std::size_t up_ = 0, down_ = 0, height_ = 1;  // R_up, R_down, R_up + R_down + 1
  std::size_t rows_ = 0;
  bool streaming_ = false;
  std::uint64_t off_goal_ = 0;
  std::vector<std::uint8_t> first_lights_, first_presses_;  // the first height_ rows, buffered
  std::vector<std::uint8_t> ring_;     // light rows r - R_up .. r + R_down, slot r % height_
  std::vector<std::uint8_t> above_;    // torus: rows -R_up .. -1, wrapping to m - R_up .. m - 1
  std::vector<std::uint8_t> head_;     // torus: rows 0 .. R_down - 1, finished at the end
  std::vector<std::uint8_t> scratch_;  // one press row with its holes cleared
};

}  // namespace lightsout
