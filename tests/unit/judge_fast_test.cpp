// The judge fast paths against the general ones: next_packed_batch vs next_packed (odd whitespace
// mid-block, errors mid-block, puzzles across chunk ends), write_packed_batch vs write_packed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "lightsout/judge_format.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::reader_for;

// Every puzzle read, then the error ("" when none) and the puzzle count the reader reports.
struct ReadOutcome {
  std::vector<std::uint64_t> puzzles;
  std::string error;
  std::size_t puzzles_read = 0;
};

ReadOutcome read_general(const std::string& text, std::size_t rows, std::size_t cols,
                         std::size_t chunk) {
  ReadOutcome out;
  JudgeReader reader = reader_for(text, rows, cols, JudgeLayout::detect, chunk);
  try {
    std::uint64_t bits = 0;
    while (reader.next_packed(bits)) out.puzzles.push_back(bits);
  } catch (const JudgeParseError& e) {
    out.error = e.what();
  }
  out.puzzles_read = reader.puzzles_read();
  return out;
}

ReadOutcome read_batched(const std::string& text, std::size_t rows, std::size_t cols,
                         std::size_t chunk, std::size_t batch) {
  ReadOutcome out;
  JudgeReader reader = reader_for(text, rows, cols, JudgeLayout::detect, chunk);
  std::vector<std::uint64_t> block(batch);
  try {
    for (;;) {
      const std::size_t n = reader.next_packed_batch(block);
      if (n == 0) break;
      out.puzzles.insert(out.puzzles.end(), block.begin(), block.begin() + static_cast<long>(n));
    }
  } catch (const JudgeParseError& e) {
    out.error = e.what();
  }
  out.puzzles_read = reader.puzzles_read();
  return out;
}

// `count` random puzzles in the regular layout; with `odd`, about one separator in `odd` replaced
// by other whitespace (tabs, CRLF, blank lines, trailing or doubled blanks).
std::string judge_text(std::mt19937_64& rng, std::size_t count, std::size_t rows, std::size_t cols,
                       unsigned odd) {
  static const char* const kOdd[] = {"\t", "  ", " \n", "\r\n", "\n\n", " \t ", "\n"};
  std::string text = std::to_string(count) + "\n";
  for (std::size_t p = 0; p < count; ++p) {
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        text += static_cast<char>('0' + (rng() & 1));
        const bool last = c + 1 == cols;
        if (odd != 0 && rng() % odd == 0) {
          text += kOdd[rng() % 7];
        } else {
          text += last ? '\n' : ' ';
        }
      }
    }
  }
  return text;
}

struct Size {
  std::size_t rows, cols;
};
constexpr Size kSizes[] = {{5, 6}, {3, 3}, {8, 8}, {1, 7}, {4, 16}, {2, 32}, {1, 1}, {7, 9}};

TEST(JudgeFastReader, MatchesNextPackedOnRegularAndOddWhitespace) {
  std::mt19937_64 rng(14);
  for (const Size s : kSizes) {
    for (const unsigned odd : {0U, 3U, 40U, 500U}) {
      const std::string text = judge_text(rng, 300, s.rows, s.cols, odd);
      for (const std::size_t chunk : {std::size_t{7}, std::size_t{61}, std::size_t{1000}}) {
        const ReadOutcome general = read_general(text, s.rows, s.cols, chunk);
        ASSERT_EQ(general.error, "");
        for (const std::size_t batch : {std::size_t{1}, std::size_t{13}, std::size_t{4096}}) {
          const ReadOutcome fast = read_batched(text, s.rows, s.cols, chunk, batch);
          EXPECT_EQ(fast.error, "") << s.rows << "x" << s.cols << " odd " << odd;
          EXPECT_EQ(fast.puzzles, general.puzzles)
              << s.rows << "x" << s.cols << " odd " << odd << " chunk " << chunk;
        }
      }
    }
  }
}

// An error placed anywhere (a bad token, a cut, text after the end, a short count) gives the same
// puzzles before it and the same message as next_packed, whatever the chunk and batch sizes.
TEST(JudgeFastReader, ErrorsMidBlockMatchNextPacked) {
  std::mt19937_64 rng(1222);
  static const char* const kBad[] = {"2", "01", "x", "1 0", "\n\n", "-"};
  for (const Size s : kSizes) {
    for (int trial = 0; trial < 40; ++trial) {
      std::string text = judge_text(rng, 200, s.rows, s.cols, trial % 2 == 0 ? 0 : 50);
      switch (trial % 4) {
        case 0:
        case 1: {  // a bad or extra token somewhere after the count
          const std::size_t at = text.find('\n') + 1 + rng() % (text.size() - text.find('\n') - 1);
          text.insert(at, kBad[rng() % 6]);
          break;
        }
        case 2:  // cut short anywhere
          text.resize(text.find('\n') + 1 + rng() % (text.size() - text.find('\n') - 1));
          break;
        default:  // more puzzles than the count, or a count larger than the puzzles
          text = (rng() % 2 == 0 ? "199" : "201") + text.substr(3);
          break;
      }
      for (const std::size_t chunk : {std::size_t{5}, std::size_t{997}, std::size_t{1} << 20}) {
        const ReadOutcome general = read_general(text, s.rows, s.cols, chunk);
        for (const std::size_t batch : {std::size_t{1}, std::size_t{64}, std::size_t{1000}}) {
          const ReadOutcome fast = read_batched(text, s.rows, s.cols, chunk, batch);
          EXPECT_EQ(fast.error, general.error) << s.rows << "x" << s.cols << " trial " << trial;
          EXPECT_EQ(fast.puzzles, general.puzzles) << s.rows << "x" << s.cols << " trial " << trial;
          EXPECT_EQ(fast.puzzles_read, general.puzzles_read);
        }
      }
    }
  }
}

std::string write_with(std::size_t cols, JudgeLayout layout, bool trailing, std::size_t buffer,
                       const std::function<void(JudgeWriter&)>& body) {
  std::string out;
  {
    JudgeWriter w([&out](const char* d, std::size_t n) { out.append(d, n); }, cols, layout,
                  trailing, buffer);
    body(w);
  }
  return out;
}

TEST(JudgeFastWriter, BatchMatchesWritePacked) {
  std::mt19937_64 rng(2811);
  for (const Size s : kSizes) {
    const std::size_t cells = s.rows * s.cols;
    const std::uint64_t mask = cells == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells) - 1;
    std::vector<std::uint64_t> presses(1200);
    std::vector<std::uint8_t> solved(presses.size());
    for (std::size_t i = 0; i < presses.size(); ++i) {
      presses[i] = rng() & mask;
      solved[i] = rng() % 5 == 0 ? 0 : 1;
    }
    for (const JudgeLayout layout : {JudgeLayout::count, JudgeLayout::single}) {
      for (const bool trailing : {false, true}) {
        // First numbers across digit-count changes (9 -> 10, 999 -> 1000, ...).
        for (const std::size_t first : {std::size_t{1}, std::size_t{95}, std::size_t{99990}}) {
          const std::string general =
              write_with(s.cols, layout, trailing, 1 << 16, [&](JudgeWriter& w) {
                for (std::size_t i = 0; i < presses.size(); ++i) {
                  if (solved[i] != 0) {
                    w.write_packed(first + i, presses[i], s.rows);
                  } else {
                    w.write_no_solution(first + i);
                  }
                }
              });
          for (const std::size_t buffer : {std::size_t{64}, std::size_t{1} << 20}) {
            const std::string fast =
                write_with(s.cols, layout, trailing, buffer, [&](JudgeWriter& w) {
                  // In two calls, as the pipeline's blocks come.
                  const std::size_t half = presses.size() / 3;
                  w.write_packed_batch(first, std::span(presses).first(half),
                                       std::span(solved).first(half), s.rows);
                  w.write_packed_batch(first + half, std::span(presses).subspan(half),
                                       std::span(solved).subspan(half), s.rows);
                });
            EXPECT_TRUE(fast == general) << s.rows << "x" << s.cols << " first " << first
                                         << " buffer " << buffer << " trailing " << trailing;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace lightsout
