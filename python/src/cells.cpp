// Bytes <-> Grid: validation, eight bytes packed with one multiplication, bits spread by table.
#include "cells.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <span>
#include <thread>
#include <utility>

#include <fmt/core.h>

namespace lightsout::python {

namespace {

constexpr std::uint64_t kLowBits = 0x0101010101010101ULL;
// Byte i of x (each 0 or 1) -> bit i of the top byte of the product (no two partial products
// meet, so no carries).
constexpr std::uint64_t kGather = 0x0102040810204080ULL;

std::uint64_t load8(const std::uint8_t* p) {
  std::uint64_t x = 0;
  std::memcpy(&x, p, 8);
  return x;
}

// Bit pattern b (8 bits) -> 8 bytes 0/1, byte i = bit i.
constexpr std::array<std::uint64_t, 256> make_spread() {
  std::array<std::uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    std::uint64_t x = 0;
    for (unsigned i = 0; i < 8; ++i) x |= static_cast<std::uint64_t>((b >> i) & 1U) << (8 * i);
    t[b] = x;
  }
  return t;
}
constexpr std::array<std::uint64_t, 256> kSpread = make_spread();

// Packs n <= 64 bytes 0/1 into a word; `bad` collects the bits above bit 0 of every byte.
std::uint64_t pack_run(const std::uint8_t* p, std::size_t n, std::uint64_t& bad) {
  std::uint64_t word = 0;
  std::size_t k = 0;
  for (; k + 8 <= n; k += 8) {
    const std::uint64_t x = load8(p + k);
    bad |= x & ~kLowBits;
    word |= ((x * kGather) >> 56) << k;
  }
  for (; k < n; ++k) {
    bad |= p[k] & ~1U;
    word |= static_cast<std::uint64_t>(p[k] & 1U) << k;
  }
  return word;
}

void unpack_run(std::uint64_t word, std::size_t n, std::uint8_t* out) {
  std::size_t k = 0;
  for (; k + 8 <= n; k += 8) {
    const std::uint64_t x = kSpread[(word >> k) & 0xFFU];
    std::memcpy(out + k, &x, 8);
  }
  for (; k < n; ++k) out[k] = static_cast<std::uint8_t>((word >> k) & 1U);
}

// Runs f(first_row, end_row) over [0, rows), split between two threads when the board has at
// least kThreadCells cells (converting 10^8 cells is memory-bound: two cores go faster).
constexpr std::size_t kThreadCells = std::size_t{1} << 22;

template <typename F>
void split_rows(std::size_t rows, std::size_t cols, F f) {
  if (rows < 2 || rows * cols < kThreadCells || std::thread::hardware_concurrency() < 2) {
    f(std::size_t{0}, rows);
    return;
  }
  const std::size_t half = rows / 2;
  std::jthread other([&f, half, rows] { f(half, rows); });
  f(std::size_t{0}, half);
}

[[noreturn]] void throw_first_bad(const std::uint8_t* data, std::size_t rows, std::size_t cols,
                                  unsigned states) {
  for (std::size_t i = 0; i < rows * cols; ++i) {
    if (data[i] >= states) {
      throw ValueOutOfRange(out_of_range_message(states, data[i], i / cols, i % cols));
    }
  }
  throw std::logic_error("grid_from_bytes: no bad value found");
}

}  // namespace

std::string out_of_range_message(unsigned states, unsigned value, std::size_t row,
                                 std::size_t col) {
  // Counted from 1 in the message, as the CLI and the page count.
  ++row;
  ++col;
  if (states == 2)
    return fmt::format("expected 0 or 1, found {} (row {}, column {})", value, row, col);
  return fmt::format("expected a value 0..{}, found {} (row {}, column {})", states - 1, value, row,
                     col);
}

Grid grid_from_bytes(const std::uint8_t* data, std::size_t rows, std::size_t cols,
                     unsigned states) {
  if (states != 2) {
    for (std::size_t i = 0; i < rows * cols; ++i) {
      if (data[i] >= states) throw_first_bad(data, rows, cols, states);
    }
    return Grid::from_values(rows, cols, states, {data, rows * cols});
  }
  Board board(rows, cols);
  std::atomic<std::uint64_t> bad_rows{0};
  split_rows(rows, cols, [&](std::size_t first, std::size_t end) {
    std::uint64_t bad = 0;
    for (std::size_t r = first; r < end; ++r) {
      const std::uint8_t* src = data + r * cols;
      const std::span<std::uint64_t> words = board.row(r);
      for (std::size_t w = 0; w < words.size(); ++w) {
        const std::size_t c0 = w * 64;
        words[w] = pack_run(src + c0, std::min<std::size_t>(64, cols - c0), bad);
      }
    }
    bad_rows.fetch_or(bad, std::memory_order_relaxed);
  });
  if (bad_rows.load() != 0) throw_first_bad(data, rows, cols, states);
  return Grid(std::move(board));
}

void grid_to_bytes(const Grid& grid, std::uint8_t* out) {
  const std::size_t rows = grid.rows();
  const std::size_t cols = grid.cols();
  if (!grid.packed()) {
    const auto values = grid.values();
    std::memcpy(out, values.data(), values.size());
    return;
  }
  const Board& board = grid.bits();
  split_rows(rows, cols, [&](std::size_t first, std::size_t end) {
    for (std::size_t r = first; r < end; ++r) {
      const auto words = board.row(r);
      std::uint8_t* dst = out + r * cols;
      for (std::size_t w = 0; w < words.size(); ++w) {
        const std::size_t c0 = w * 64;
        unpack_run(words[w], std::min<std::size_t>(64, cols - c0), dst + c0);
      }
    }
  });
}

bool pack_word(const std::uint8_t* data, std::size_t cells, std::uint64_t& word) {
  std::uint64_t bad = 0;
  word = pack_run(data, cells, bad);
  return bad == 0;
}

void unpack_word(std::uint64_t word, std::size_t cells, std::uint8_t* out) {
  unpack_run(word, cells, out);
}

}  // namespace lightsout::python
