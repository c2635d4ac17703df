// Tests for the judge text reader and writer: layouts, chunk boundaries, error places, output.
#include "lightsout/judge_format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::reader_for;

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

// An endless token (/dev/zero, a run of digits) fails within its first bytes, in every layout and
// state count; the reader asks for a bounded number of bytes.
TEST(JudgeReader, EndlessTokensFailAtOnce) {
  for (const char fill : {'\0', '1', 'x'}) {
    for (const JudgeLayout layout :
         {JudgeLayout::detect, JudgeLayout::count, JudgeLayout::single}) {
      for (const unsigned states : {2U, 3U}) {
        std::size_t served = 0;
        JudgeReader reader(
            [&served, fill](char* buf, std::size_t cap) {
              served += cap;
              if (served > (std::size_t{64} << 20)) throw std::runtime_error("still reading");
              std::fill_n(buf, cap, fill);
              return cap;
            },
            5, 6, layout, 4096);
        reader.set_states(states);
        std::vector<std::uint8_t> values(30);
        EXPECT_THROW(reader.next_values(values), JudgeParseError)
            << int{fill} << " " << static_cast<int>(layout) << " " << states;
        EXPECT_LE(served, std::size_t{1} << 17);
      }
    }
  }
  EXPECT_EQ(error_of(std::string(25, 'a') + "\n", 5, 6),
            "1:1: count must be a positive integer, found 'aaaaaaaaaaaaaaaaaaaa...' (puzzle 1)");
  EXPECT_EQ(error_of(std::string(25, 'a') + " 1\n", 5, 6),
            "1:1: expected 0 or 1, found 'aaaaaaaaaaaaaaaaaaaa...' (puzzle 1)");
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

// --- values 0..K-1 (--rules states=K) ---

std::vector<std::vector<std::uint8_t>> read_all_values(JudgeReader reader, unsigned states) {
  reader.set_states(states);
  std::vector<std::vector<std::uint8_t>> out;
  std::vector<std::uint8_t> v(std::size_t{2} * 3);
  while (reader.next_values(v)) out.push_back(v);
  return out;
}

std::string values_error_of(const std::string& text, unsigned states, std::size_t chunk = 1 << 20) {
  try {
    read_all_values(reader_for(text, 2, 3, JudgeLayout::detect, chunk), states);
  } catch (const JudgeParseError& e) {
    return e.what();
  }
  return "";
}

TEST(JudgeReaderStates, ReadsValuesInBothLayoutsAndChunks) {
  using V = std::vector<std::uint8_t>;
  for (std::size_t chunk : {1, 3, 1 << 20}) {
    const auto counted = read_all_values(
        reader_for("2\n0 1 2\n10 3 4\n4 4 4\n0 0 0\n", 2, 3, JudgeLayout::detect, chunk), 11);
    ASSERT_EQ(counted.size(), 2U);
    EXPECT_EQ(counted[0], (V{0, 1, 2, 10, 3, 4}));
    EXPECT_EQ(counted[1], (V{4, 4, 4, 0, 0, 0}));
    const auto single =
        read_all_values(reader_for("2 1 0\t1 2 2", 2, 3, JudgeLayout::detect, chunk), 3);
    ASSERT_EQ(single.size(), 1U);
    EXPECT_EQ(single[0], (V{2, 1, 0, 1, 2, 2}));
  }
  const auto k255 = read_all_values(reader_for("254 0 9 99 100 1", 2, 3), 255);
  EXPECT_EQ(k255.at(0), (V{254, 0, 9, 99, 100, 1}));
}

TEST(JudgeReaderStates, NamesBadValues) {
  EXPECT_EQ(values_error_of("1 2 0\n0 3 1\n", 3),
            "2:3: expected a value 0..2, found '3' (puzzle 1)");
  EXPECT_EQ(values_error_of("1 02 0\n0 1 1\n", 3),
            "1:3: expected a value 0..2, found '02' (puzzle 1)");
  EXPECT_EQ(values_error_of("1 -1 0\n0 1 1\n", 5, 2),
            "1:3: expected a value 0..4, found '-1' (puzzle 1)");
  EXPECT_EQ(values_error_of("1 255 0 0 1 1", 255),
            "1:3: expected a value 0..254, found '255' (puzzle 1)");
  EXPECT_EQ(values_error_of("1 1 0\n0 1", 3),
            "2:4: puzzle cut short: input ended before all 6 values (puzzle 1)");
  // Two states through next_values: the classic messages, byte for byte.
  EXPECT_EQ(values_error_of("1 2 0\n0 1 1\n", 2), "1:3: expected 0 or 1, found '2' (puzzle 1)");
  EXPECT_EQ(values_error_of("1 0 0\n0 1 1\nx", 2),
            "3:1: unexpected 'x' after the last puzzle (puzzle 1)");
}

TEST(JudgeWriterValues, MatchesWriteBoardForBitsAndPrintsWideValues) {
  const std::vector<std::uint8_t> bits = {0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1};
  Board b(2, 6);
  for (std::size_t i = 0; i < bits.size(); ++i) b.set(i / 6, i % 6, bits[i] != 0);
  for (bool trailing : {false, true}) {
    for (std::size_t buffer : {64, 1 << 20}) {
      std::string a, c;
      {
        JudgeWriter w([&a](const char* d, std::size_t n) { a.append(d, n); }, 6, JudgeLayout::count,
                      trailing, buffer);
        w.write_board(3, b);
      }
      {
        JudgeWriter w([&c](const char* d, std::size_t n) { c.append(d, n); }, 6, JudgeLayout::count,
                      trailing, buffer);
        w.write_values(3, bits);
      }
      EXPECT_EQ(a, c);
    }
  }
  std::string out;
  {
    JudgeWriter w([&out](const char* d, std::size_t n) { out.append(d, n); }, 2,
                  JudgeLayout::single, false, 64);
    const std::vector<std::uint8_t> v = {0, 254, 10, 7};
    for (int i = 0; i < 20; ++i) w.write_values(1, v);
  }
  std::string expected;
  for (int i = 0; i < 20; ++i) expected += "0 254\n10 7\n";
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace lightsout
