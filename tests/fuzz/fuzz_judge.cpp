// libFuzzer target: JudgeReader over arbitrary bytes, every layout, a few board sizes and chunk
// sizes chosen by the first bytes, next(), next_packed(), and (mode bit 0x08) next_values() after
// set_states(K) for K in 2..255 chosen by a fourth byte: every value below K, and for K = 2 the
// same puzzles and the same error as next(); with mode bit 0x10 (packed sizes),
// next_packed_batch() against next_packed(): the same puzzles and the same error. The only
// acceptable failure is JudgeParseError; any other exception escapes and libFuzzer reports it as a
// crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "lightsout/board.hpp"
#include "lightsout/judge_format.hpp"

using lightsout::Board;
using lightsout::JudgeLayout;
using lightsout::JudgeParseError;
using lightsout::JudgeReader;
using namespace lightsout::fuzz;  // fuzz_support.hpp

namespace {

// Every puzzle as values, then the error text (if any): what a reader made of the whole input.
struct Reading {
  std::vector<std::vector<std::uint8_t>> puzzles;
  std::optional<std::string> error;
};

// set_states(states) and next_values() until the end or the first error.
Reading read_values(const std::uint8_t* data, std::size_t size, std::size_t piece, std::size_t rows,
                    std::size_t cols, JudgeLayout layout, std::size_t chunk, unsigned states) {
  ChunkedSource source(data, size, piece);
  JudgeReader reader(std::ref(source), rows, cols, layout, chunk);
  reader.set_states(states);
  if (reader.states() != states) finding("states() differs from set_states");
  Reading out;
  try {
    std::vector<std::uint8_t> values(rows * cols);
    while (reader.next_values(values)) {
      for (const std::uint8_t v : values) {
        if (v >= states) finding("next_values value past K - 1");
      }
      out.puzzles.push_back(values);
    }
    if (reader.layout() == JudgeLayout::detect) finding("layout not resolved");
    if (reader.puzzles_read() != out.puzzles.size()) finding("puzzles_read disagrees");
  } catch (const JudgeParseError& e) {
    if (e.line() == 0 || e.column() == 0 || e.puzzle() == 0) finding("0 in error position");
    out.error = e.what();
  }
  return out;
}

// The same input through next() (two states).
Reading read_boards(const std::uint8_t* data, std::size_t size, std::size_t piece, std::size_t rows,
                    std::size_t cols, JudgeLayout layout, std::size_t chunk) {
  ChunkedSource source(data, size, piece);
  JudgeReader reader(std::ref(source), rows, cols, layout, chunk);
  Reading out;
  try {
    Board lights(rows, cols);
    while (reader.next(lights)) {
      std::vector<std::uint8_t> values(rows * cols);
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = lights.get(i / cols, i % cols);
      out.puzzles.push_back(values);
    }
  } catch (const JudgeParseError& e) {
    out.error = e.what();
  }
  return out;
}

// next_packed() one by one (batch 0) or next_packed_batch() in batches of `batch`.
struct PackedReading {
  std::vector<std::uint64_t> puzzles;
  std::optional<std::string> error;
};
PackedReading read_packed(const std::uint8_t* data, std::size_t size, std::size_t piece,
                          std::size_t rows, std::size_t cols, JudgeLayout layout, std::size_t chunk,
                          std::size_t batch) {
  ChunkedSource source(data, size, piece);
  JudgeReader reader(std::ref(source), rows, cols, layout, chunk);
  PackedReading out;
  try {
    std::uint64_t lights = 0;
    std::vector<std::uint64_t> block(batch);
    for (;;) {
      if (batch == 0) {
        if (!reader.next_packed(lights)) break;
        out.puzzles.push_back(lights);
        continue;
      }
      const std::size_t n = reader.next_packed_batch(block);
      if (n == 0) break;
      out.puzzles.insert(out.puzzles.end(), block.begin(),
                         block.begin() + static_cast<std::ptrdiff_t>(n));
    }
  } catch (const JudgeParseError& e) {
    out.error = e.what();
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const auto [mode, size_byte, chunk_byte] = control.take<3>();
  // Sizes: 5x6 (the judge's) half of the time, else 1..8 x 1..9 (up to 72 cells: past the packed
  // limit, so next() alone is used there).
  std::size_t rows = 5;
  std::size_t cols = 6;
  if ((size_byte & 0x80) != 0) {
    rows = 1 + (size_byte & 0x07);
    cols = 1 + ((size_byte >> 3) & 0x0F) % 9;
  }
  const JudgeLayout layouts[] = {JudgeLayout::detect, JudgeLayout::count, JudgeLayout::single};
  const JudgeLayout layout = layouts[mode % 3];
  const bool packed = (mode & 0x04) != 0 && rows * cols <= 64;
  // Small reader chunks (1..32 bytes) and small source pieces exercise every refill boundary.
  const std::size_t chunk = 1 + (chunk_byte & 0x1F);
  const std::size_t piece = 1 + (chunk_byte >> 5) * 3;

  if ((mode & 0x08) != 0) {
    const unsigned states = 2 + control.take() % 254;
    const Reading values =
        read_values(control.data(), control.size(), piece, rows, cols, layout, chunk, states);
    if (states == 2) {
      const Reading boards =
          read_boards(control.data(), control.size(), piece, rows, cols, layout, chunk);
      if (values.puzzles != boards.puzzles) finding("next_values and next() read different boards");
      if (values.error != boards.error) {
        std::fprintf(stderr, "next_values: %s\nnext: %s\n", values.error.value_or("-").c_str(),
                     boards.error.value_or("-").c_str());
        finding("next_values and next() fail differently");
      }
    }
    return 0;
  }

  if (packed && (mode & 0x10) != 0) {
    // The batch reader's fast path needs whole puzzles in its chunk: a large one half the time.
    const std::size_t batch_chunk = (mode & 0x20) != 0 ? 4096 : chunk;
    const std::size_t batch = (mode & 0x40) != 0 ? 1 : 7;
    const PackedReading one =
        read_packed(control.data(), control.size(), piece, rows, cols, layout, chunk, 0);
    const PackedReading many =
        read_packed(control.data(), control.size(), piece, rows, cols, layout, batch_chunk, batch);
    if (one.puzzles != many.puzzles) finding("next_packed_batch and next_packed read differently");
    if (one.error != many.error) {
      std::fprintf(stderr, "next_packed: %s\nnext_packed_batch: %s\n",
                   one.error.value_or("-").c_str(), many.error.value_or("-").c_str());
      finding("next_packed_batch and next_packed fail differently");
    }
    return 0;
  }
  ChunkedSource source(control.data(), control.size(), piece);
  JudgeReader reader(std::ref(source), rows, cols, layout, chunk);
  std::size_t count = 0;
  try {
    if (packed) {
      std::uint64_t lights = 0;
      while (reader.next_packed(lights)) {
        if (rows * cols < 64 && (lights >> (rows * cols)) != 0) finding("packed bits past cells");
        ++count;
      }
    } else {
      Board lights(rows, cols);
      while (reader.next(lights)) {
        if (!lights.check_invariants()) finding("board invariants broken");
        ++count;
      }
    }
    if (reader.layout() == JudgeLayout::detect) finding("layout not resolved");
    if (reader.puzzles_read() != count) finding("puzzles_read disagrees");
  } catch (const JudgeParseError& e) {
    if (e.line() == 0 || e.column() == 0 || e.puzzle() == 0) finding("0 in error position");
  }
  return 0;
}
