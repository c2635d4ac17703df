// Bytes <-> Grid for the Python module: one byte a cell (numpy uint8/bool), packed to bits for
// two states; no Python here, so that it runs with the GIL released.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "lightsout/solver.hpp"

namespace lightsout::python {

// A cell value outside 0..K-1: the message names it and its place, as the CLI's readers do
// ("expected 0 or 1, found 2 (row 3, column 1)"; rows and columns counted from 1, as the CLI
// counts).
class ValueOutOfRange : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// "expected 0 or 1, found V (row R, column C)": row and col are 0-based indices, the message
// counts from 1 as the CLI does.
std::string out_of_range_message(unsigned states, unsigned value, std::size_t row, std::size_t col);

// rows * cols bytes, row-major, each 0..states-1 (else ValueOutOfRange naming the first bad
// cell) -> a Grid. Two states are packed eight bytes at a time.
Grid grid_from_bytes(const std::uint8_t* data, std::size_t rows, std::size_t cols, unsigned states);

// A Grid -> rows * cols bytes at out (0..K-1 each).
void grid_to_bytes(const Grid& grid, std::uint8_t* out);

// The first `cells` bytes (0/1 each, cells <= 64) as a word, byte i -> bit i. Returns false when
// some byte is above 1.
bool pack_word(const std::uint8_t* data, std::size_t cells, std::uint64_t& word);
// The low `cells` bits of `word` as bytes 0/1.
void unpack_word(std::uint64_t word, std::size_t cells, std::uint8_t* out);

}  // namespace lightsout::python
