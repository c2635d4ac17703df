// libFuzzer target: JudgeReader over arbitrary bytes, every layout, a few board sizes and chunk
// sizes chosen by the first bytes, both next() and next_packed(). The only acceptable failure is
// JudgeParseError; any other exception escapes and libFuzzer reports it as a crash.
#include <cstddef>
#include <cstdint>
#include <functional>

#include "fuzz_support.hpp"
#include "lightsout/board.hpp"
#include "lightsout/judge_format.hpp"

using lightsout::Board;
using lightsout::JudgeLayout;
using lightsout::JudgeParseError;
using lightsout::JudgeReader;
using lightsout::fuzz::Bytes;
using lightsout::fuzz::ChunkedSource;
using lightsout::fuzz::finding;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const std::uint8_t mode = control.take();
  const std::uint8_t size_byte = control.take();
  const std::uint8_t chunk_byte = control.take();
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
