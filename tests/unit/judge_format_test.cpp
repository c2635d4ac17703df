// Tests for the judge text reader and writer: layouts, chunk boundaries, error places, output.
#include "lightsout/judge_format.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace lightsout {
namespace {

// A reader over an in-memory string, handing out at most `chunk` bytes per read.
JudgeReader reader_for(const std::string& text, std::size_t rows, std::size_t cols,
                       JudgeLayout layout = JudgeLayout::detect, std::size_t chunk = 1 << 20) {
  auto pos = std::make_shared<std::size_t>(0);
  return JudgeReader(
      [text, pos](char* buf, std::size_t cap) {
        const std::size_t n = std::min(cap, text.size() - *pos);
        text.copy(buf, n, *pos);
        *pos += n;
        return n;
      },
      rows, cols, layout, chunk);
}

std::vector<std::uint64_t> read_all_packed(JudgeReader reader) {
  std::vector<std::uint64_t> out;
  std::uint64_t bits = 0;
  while (reader.next_packed(bits)) out.push_back(bits);
  return out;
}

// The error a whole read raises, as "line:col: message (puzzle k)", or "" when none.
std::string error_of(const std::string& text, std::size_t rows, std::size_t cols,
                     std::size_t chunk = 1 << 20, JudgeLayout layout = JudgeLayout::detect) {
  try {
    read_all_packed(reader_for(text, rows, cols, layout, chunk));
  } catch (const JudgeParseError& e) {
    return e.what();
  }
  return "";
}

const std::string kPuzzle1 = "0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n";

std::uint64_t packed_of(const std::string& values) {
  std::uint64_t bits = 0;
  std::size_t i = 0;
  for (char c : values) {
    if (c == '0' || c == '1') bits |= static_cast<std::uint64_t>(c == '1') << i++;
  }
  return bits;
}

TEST(JudgeReader, ReadsCountLayout) {
  const auto puzzles = read_all_packed(reader_for("2\n" + kPuzzle1 + kPuzzle1, 5, 6));
  ASSERT_EQ(puzzles.size(), 2U);
  EXPECT_EQ(puzzles[0], packed_of(kPuzzle1));
  EXPECT_EQ(puzzles[1], packed_of(kPuzzle1));
}

TEST(JudgeReader, DetectsSingleLayout) {
  JudgeReader r = reader_for(kPuzzle1, 5, 6);
  std::uint64_t bits = 0;
  ASSERT_TRUE(r.next_packed(bits));
  EXPECT_EQ(r.layout(), JudgeLayout::single);
  EXPECT_EQ(bits, packed_of(kPuzzle1));
  EXPECT_FALSE(r.next_packed(bits));
}

TEST(JudgeReader, SameResultForEveryChunkSize) {
  std::mt19937_64 rng(42);
  std::string text = "40\r\n";
  std::vector<std::uint64_t> expected;
  for (int p = 0; p < 40; ++p) {
    std::uint64_t bits = rng() & ((std::uint64_t{1} << 30) - 1);
    expected.push_back(bits);
    for (int i = 0; i < 30; ++i) {
      text += ((bits >> i) & 1U) != 0 ? '1' : '0';
      text += (i % 6 == 5) ? (rng() % 2 != 0 ? "\r\n" : "\n\n") : (rng() % 3 != 0 ? " " : "\t ");
    }
  }
  for (std::size_t chunk : {1, 2, 3, 7, 64, 4096}) {
    EXPECT_EQ(read_all_packed(reader_for(text, 5, 6, JudgeLayout::detect, chunk)), expected)
        << "chunk " << chunk;
  }
}

TEST(JudgeReader, ErrorPlacesDoNotDependOnChunkSize) {
  const std::string bad = "2\n" + kPuzzle1 + "0 0 1 0 1 0\n1 0 2 0 1 1\n";
  for (std::size_t chunk : {1, 2, 5, 1 << 20}) {
    EXPECT_EQ(error_of(bad, 5, 6, chunk), "8:5: expected 0 or 1, found '2' (puzzle 2)");
    EXPECT_EQ(error_of("1\n0 1 10", 5, 6, chunk), "2:5: expected 0 or 1, found '10' (puzzle 1)");
  }
}

TEST(JudgeReader, EveryErrorClass) {
  EXPECT_EQ(error_of("1\n0 1\n", 5, 6),
            "3:1: puzzle cut short: input ended before all 30 values (puzzle 1)");
  EXPECT_EQ(error_of("3\n" + kPuzzle1, 5, 6),
            "7:1: input ended after 1 puzzle, the count said 3 (puzzle 2)");
  EXPECT_EQ(error_of("0\n", 5, 6), "1:1: count must be a positive integer, found '0' (puzzle 1)");
  EXPECT_EQ(error_of("+5\n", 5, 6), "1:1: count must be a positive integer, found '+5' (puzzle 1)");
  EXPECT_EQ(error_of("18446744073709551616\n", 5, 6),
            "1:1: count must be a positive integer, found '18446744073709551616' (puzzle 1)");
  EXPECT_EQ(error_of("1\n" + kPuzzle1 + " 0", 5, 6),
            "7:2: unexpected '0' after the last puzzle (puzzle 1)");
  EXPECT_EQ(error_of("", 5, 6), "1:1: empty input: expected a puzzle (puzzle 1)");
  EXPECT_EQ(error_of("2 1 0\n", 5, 6), "1:1: expected 0 or 1, found '2' (puzzle 1)");
  EXPECT_EQ(error_of("1\n", 5, 6, 1 << 20, JudgeLayout::single),
            "2:1: puzzle cut short: input ended before all 30 values (puzzle 1)");
}

TEST(JudgeReader, HugeCountWithNoDataFailsFast) {
  EXPECT_EQ(error_of("18446744073709551615\n", 5, 6),
            "2:1: input ended after 0 puzzles, the count said 18446744073709551615 (puzzle 1)");
}

TEST(JudgeReader, OneColumnBoardsNeedNoCountToBeLone) {
  // cols == 1: a lone 0/1 on the first line is a value (single layout), a lone 7 is a count.
  JudgeReader single = reader_for("1\n0\n1\n", 3, 1);
  std::uint64_t bits = 0;
  ASSERT_TRUE(single.next_packed(bits));
  EXPECT_EQ(single.layout(), JudgeLayout::single);
  EXPECT_EQ(bits, 0b101U);
  EXPECT_EQ(read_all_packed(reader_for("2\n1\n0\n0\n1\n", 2, 1)).size(), 2U);
  EXPECT_EQ(read_all_packed(reader_for("1\n1\n0\n", 2, 1, JudgeLayout::count)).size(), 1U);
}

TEST(JudgeReader, WideBoardsIntoBoard) {
  std::mt19937_64 rng(7);
  Board want(3, 130);
  std::string text = "1\n";
  for (std::size_t r = 0; r < 3; ++r) {
    for (std::size_t c = 0; c < 130; ++c) {
      const bool on = (rng() & 1U) != 0;
      want.set(r, c, on);
      text += on ? "1 " : "0 ";
    }
    text += "\n";
  }
  for (std::size_t chunk : {3, 1 << 20}) {
    JudgeReader r = reader_for(text, 3, 130, JudgeLayout::detect, chunk);
    Board got(3, 130);
    ASSERT_TRUE(r.next(got));
    EXPECT_EQ(got, want);
    EXPECT_TRUE(got.check_invariants());
    EXPECT_FALSE(r.next(got));
  }
}

std::string write_with(std::size_t buffer, JudgeLayout layout, bool trailing,
                       const std::function<void(JudgeWriter&)>& body) {
  std::string out;
  {
    JudgeWriter w([&out](const char* d, std::size_t n) { out.append(d, n); }, 6, layout, trailing,
                  buffer);
    body(w);
  }
  return out;
}

TEST(JudgeWriter, FormatsAndBufferSizesAgree) {
  const std::uint64_t presses = packed_of(kPuzzle1);
  const std::string expected = "PUZZLE #1\n" + kPuzzle1 + "PUZZLE #12\nno solution\n";
  for (std::size_t buffer : {64, 100, 1 << 20}) {
    EXPECT_EQ(write_with(buffer, JudgeLayout::count, false,
                         [&](JudgeWriter& w) {
                           w.write_packed(1, presses, 5);
                           w.write_no_solution(12);
                         }),
              expected);
  }
  EXPECT_EQ(write_with(64, JudgeLayout::single, true,
                       [&](JudgeWriter& w) { w.write_packed(1, presses, 1); }),
            "0 1 1 0 1 0 \n");
}

TEST(JudgeWriter, WideRowsAcrossFlushes) {
  Board b(2, 200);
  for (std::size_t c = 0; c < 200; c += 3) b.set(1, c, true);
  std::string out;
  {
    JudgeWriter w([&out](const char* d, std::size_t n) { out.append(d, n); }, 200,
                  JudgeLayout::single, false, 64);
    w.write_board(1, b);
  }
  std::string expected;
  for (std::size_t r = 0; r < 2; ++r) {
    for (std::size_t c = 0; c < 200; ++c) {
      expected += b.get(r, c) ? '1' : '0';
      expected += c + 1 < 200 ? ' ' : '\n';
    }
  }
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace lightsout
