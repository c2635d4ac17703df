// Grid: construction from values, access, and the conversions between packed bits and values.
#include "lightsout/grid.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "lightsout/rules.hpp"

namespace lightsout {

Grid::Grid(std::size_t rows, std::size_t cols, unsigned states)
    : rows_(rows), cols_(cols), states_(states) {
  if (states < kMinStates || states > kMaxStates) {
    throw std::invalid_argument("Grid: states must be in 2..255, got " + std::to_string(states));
  }
  if (states == 2) {
    bits_ = Board(rows, cols);
  } else {
    if (rows == 0 || cols == 0) throw std::invalid_argument("Grid: a side is 0");
    if (rows > std::numeric_limits<std::size_t>::max() / cols) {
      throw std::length_error("Grid: too many cells");
    }
    values_.assign(rows * cols, 0);
  }
}

Grid::Grid(Board bits) : rows_(bits.rows()), cols_(bits.cols()), bits_(std::move(bits)) {}

Grid Grid::from_values(std::size_t rows, std::size_t cols, unsigned states,
                       std::span<const std::uint8_t> values) {
  Grid grid(rows, cols, states);
  if (values.size() != rows * cols) {
    throw std::invalid_argument("Grid: " + std::to_string(values.size()) + " values for " +
                                std::to_string(rows * cols) + " cells");
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] >= states) {
      throw std::invalid_argument("Grid: value " + std::to_string(values[i]) + " at cell " +
                                  std::to_string(i) + " is not below the states " +
                                  std::to_string(states));
    }
  }
  if (states == 2) {
    for (std::size_t r = 0; r < rows; ++r) {
      std::uint64_t* row = grid.bits_.row(r).data();
      const std::uint8_t* src = values.data() + r * cols;
      for (std::size_t c = 0; c < cols; ++c) row[c / 64] |= std::uint64_t{src[c]} << (c % 64);
    }
  } else {
    std::copy(values.begin(), values.end(), grid.values_.begin());
  }
  return grid;
}

void Grid::set(std::size_t r, std::size_t c, unsigned v) {
  if (v >= states_) throw std::invalid_argument("Grid::set: value past the states");
  if (packed()) {
    bits_.set(r, c, v != 0);
  } else {
    values_[r * cols_ + c] = static_cast<std::uint8_t>(v);
  }
}

const Board& Grid::bits() const {
  if (!packed()) throw std::logic_error("Grid::bits: the grid has more than two states");
  return bits_;
}
Board& Grid::bits() {
  if (!packed()) throw std::logic_error("Grid::bits: the grid has more than two states");
  return bits_;
}
Board Grid::take_bits() && {
  if (!packed()) throw std::logic_error("Grid::take_bits: the grid has more than two states");
  return std::move(bits_);
}
std::span<const std::uint8_t> Grid::values() const {
  if (packed()) throw std::logic_error("Grid::values: the grid is bit-packed (two states)");
  return values_;
}
std::span<std::uint8_t> Grid::values() {
  if (packed()) throw std::logic_error("Grid::values: the grid is bit-packed (two states)");
  return values_;
}

std::vector<std::uint8_t> Grid::to_values() const {
  if (!packed()) return values_;
  std::vector<std::uint8_t> out(cells());
  for (std::size_t r = 0; r < rows_; ++r) {
    const std::uint64_t* row = bits_.row(r).data();
    for (std::size_t c = 0; c < cols_; ++c) out[r * cols_ + c] = (row[c / 64] >> (c % 64)) & 1U;
  }
  return out;
}

std::uint64_t Grid::total() const {
  if (packed()) return bits_.popcount();
  return std::accumulate(values_.begin(), values_.end(), std::uint64_t{0});
}

}  // namespace lightsout
