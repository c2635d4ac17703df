// Grid: a rows x cols board of values 0..states-1 (lights or press counts), bit-packed for two
// states.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout {

// A rows x cols grid of values 0..states-1 (lights, or press counts). Two states are stored
// bit-packed as a Board (bits()); more states as one byte per cell, row-major (values()).
class Grid {
 public:
  Grid() = default;
  // All zero. Throws std::invalid_argument if a side is 0 or states is outside 2..255.
  Grid(std::size_t rows, std::size_t cols, unsigned states = 2);
  // Two states, taking the bits.
  explicit Grid(Board bits);
  // From one value per cell, row-major; throws std::invalid_argument on a wrong count or a value
  // >= states.
  static Grid from_values(std::size_t rows, std::size_t cols, unsigned states,
                          std::span<const std::uint8_t> values);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t cells() const { return rows_ * cols_; }
  unsigned states() const { return states_; }
  bool packed() const { return states_ == 2; }

  unsigned get(std::size_t r, std::size_t c) const {
    return packed() ? static_cast<unsigned>(bits_.get(r, c)) : values_[r * cols_ + c];
  }
  void set(std::size_t r, std::size_t c, unsigned v);

  // Two states only (std::logic_error otherwise).
  const Board& bits() const;
  Board& bits();
  Board take_bits() &&;
  // More than two states only (std::logic_error otherwise).
  std::span<const std::uint8_t> values() const;
  std::span<std::uint8_t> values();
  // One value per cell, row-major, whatever the states.
  std::vector<std::uint8_t> to_values() const;
  // The sum of all values: the number of presses when this grid holds press counts.
  std::uint64_t total() const;

  bool operator==(const Grid&) const = default;

 private:
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  unsigned states_ = 2;
  Board bits_;                        // states == 2
  std::vector<std::uint8_t> values_;  // states > 2
};

}  // namespace lightsout
