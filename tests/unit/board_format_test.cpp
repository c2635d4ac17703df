// Tests for the board file formats: round trips, byte-exact files, chunking, hostile input.
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/solver.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/board_io.hpp"
#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::random_board;

constexpr std::size_t kDefaultChunk = std::size_t{1} << 20;

// A ReadFn over an in-memory string handing out at most `chunk` bytes per call.
ReadFn reader_for(std::string text, std::size_t chunk = kDefaultChunk) {
  auto data = std::make_shared<std::string>(std::move(text));
  auto pos = std::make_shared<std::size_t>(0);
  return [data, pos, chunk](char* buf, std::size_t cap) {
    const std::size_t n = std::min({cap, chunk, data->size() - *pos});
    data->copy(buf, n, *pos);
    *pos += n;
    return n;
  };
}

Board read_text(const std::string& text, std::optional<BoardFormat> format,
                std::size_t chunk = kDefaultChunk, const BoardReadLimits& limits = {}) {
  return read_board(reader_for(text, chunk), format, limits);
}

// The error a read raises, as "line:col: message", or "" when it succeeds.
std::string error_of(const std::string& text, std::optional<BoardFormat> format,
                     std::size_t chunk = kDefaultChunk, const BoardReadLimits& limits = {}) {
  try {
    read_text(text, format, chunk, limits);
  } catch (const BoardParseError& e) {
    return e.what();
  }
  return "";
}

std::string write_text(const Board& board, BoardFormat format) {
  std::string out;
  write_board(board, format, [&out](const char* data, std::size_t n) { out.append(data, n); });
  return out;
}

// Large random boards, filled a word at a time (random_board goes cell by cell).
Board random_words(std::size_t rows, std::size_t cols, std::mt19937_64& rng) {
  Board b(rows, cols);
  for (std::uint64_t& w : b.words()) w = rng();
  for (std::size_t r = 0; r < rows; ++r) b.row(r).back() &= b.last_word_mask();
  return b;
}

const BoardFormat kAllFormats[] = {BoardFormat::pbm_plain, BoardFormat::pbm_raw, BoardFormat::grid,
                                   BoardFormat::judge};

// ---- names ----

TEST(BoardFormatNames, ParseNameAndPath) {
  using Named = std::pair<std::string_view, std::optional<BoardFormat>>;
  const Named names[] = {{"p1", BoardFormat::pbm_plain}, {"P4", BoardFormat::pbm_raw},
                         {"pbm", BoardFormat::pbm_raw},  {"Grid", BoardFormat::grid},
                         {"judge", BoardFormat::judge},  {"txt", BoardFormat::judge},
                         {"png", std::nullopt},          {"", std::nullopt}};
  for (const auto& [name, format] : names) EXPECT_EQ(parse_board_format(name), format) << name;
  for (BoardFormat f : kAllFormats) EXPECT_EQ(parse_board_format(board_format_name(f)), f);

  // .txt holds grid or judge text: the format is detected.
  const Named paths[] = {{"x.pbm", BoardFormat::pbm_raw}, {"dir.d/X.PBM", BoardFormat::pbm_raw},
                         {"a/b.grid", BoardFormat::grid}, {"b.TxT", std::nullopt},
                         {"b.GRID", BoardFormat::grid},   {"pbm", std::nullopt},
                         {".pbm", std::nullopt},          {"dir.pbm/file", std::nullopt},
                         {"x.png", std::nullopt},         {"-", std::nullopt}};
  for (const auto& [path, format] : paths) EXPECT_EQ(board_format_for_path(path), format) << path;
}

TEST(BoardFormatNames, ErrorCarriesItsPlace) {
  const BoardParseError e(3, 14, "bad thing");
  EXPECT_STREQ(e.what(), "3:14: bad thing");
  EXPECT_EQ(e.line(), 3U);
  EXPECT_EQ(e.column(), 14U);
  EXPECT_EQ(e.message(), "bad thing");
}

// ---- round trips ----

TEST(BoardFormatRoundTrip, EveryFormatEverySize) {
  const std::pair<std::size_t, std::size_t> sizes[] = {{1, 1},   {1, 7},   {7, 1},   {8, 8},
                                                       {9, 9},   {63, 65}, {64, 64}, {65, 63},
                                                       {3, 200}, {200, 3}, {2, 129}, {5, 1000}};
  auto rng = make_rng(1);
  for (const auto& [rows, cols] : sizes) {
    for (double density : {0.0, 0.5, 1.0}) {
      const Board board = random_board(rows, cols, rng, density);
      for (BoardFormat f : kAllFormats) {
        SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " " +
                     std::string(board_format_name(f)) + " density " + std::to_string(density));
        const std::string text = write_text(board, f);
        for (std::optional<BoardFormat> as :
             {std::optional<BoardFormat>(f), std::optional<BoardFormat>()}) {
          for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, kDefaultChunk}) {
            const Board back = read_text(text, as, chunk);
            EXPECT_TRUE(back.check_invariants());
            ASSERT_EQ(back, board);
          }
        }
      }
    }
  }
}

// Thin boards (at most 64 columns, more rows than columns) come back transposed from
// read_board_thin, in every format, chunking and input-size knowledge; anything else as read_board
// gives it. write_board_transposed writes exactly what write_board writes for the transpose.
TEST(BoardFormatThin, ReadTransposedAndWrittenBack) {
  const std::pair<std::size_t, std::size_t> sizes[] = {
      {2, 1},   {65, 1},  {64, 63}, {65, 64}, {200, 3}, {1000, 7}, {129, 64},
      {64, 64}, {3, 200}, {5, 5},   {1, 1},   {7, 65},  {130, 65}, {40, 3}};
  auto rng = make_rng(77);
  for (const auto& [rows, cols] : sizes) {
    const Board board = random_words(rows, cols, rng);
    const bool thin = cols <= 64 && rows > cols;
    for (BoardFormat f : kAllFormats) {
      SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " " +
                   std::string(board_format_name(f)));
      const std::string text = write_text(board, f);
      for (std::size_t chunk : {std::size_t{5}, kDefaultChunk}) {
        for (const bool sized : {false, true}) {
          BoardReadLimits limits;
          if (sized) limits.input_bytes = text.size();
          bool transposed = !thin;
          BoardFormat detected = BoardFormat::judge;
          const Board back = read_board_thin(reader_for(text, chunk), std::nullopt, limits,
                                             &detected, &transposed);
          EXPECT_TRUE(back.check_invariants());
          ASSERT_EQ(transposed, thin);
          ASSERT_EQ(back, thin ? board.transposed() : board);
          EXPECT_EQ(detected == BoardFormat::pbm_plain || detected == BoardFormat::pbm_raw,
                    f == BoardFormat::pbm_plain || f == BoardFormat::pbm_raw);
        }
      }
      if (thin) {
        std::string out;
        write_board_transposed(board.transposed(), f,
                               [&out](const char* data, std::size_t n) { out.append(data, n); });
        EXPECT_EQ(out, text);
      }
    }
  }
  EXPECT_THROW(
      write_board_transposed(Board(65, 2), BoardFormat::grid, [](const char*, std::size_t) {}),
      std::invalid_argument);
}

// Errors in a thin board are the ones read_board reports, at the same place.
TEST(BoardFormatThin, ErrorsAsReadBoard) {
  const std::string bad[] = {"1\n0\n1\n2\n", "P1 1 5\n1 0 1 0\n", "P4\n2 100\n\x40\x40",
                             "1 0\n0 1\n1\n"};
  for (const std::string& text : bad) {
    SCOPED_TRACE(text);
    const std::string expected = error_of(text, std::nullopt);
    ASSERT_FALSE(expected.empty());
    bool transposed = false;
    try {
      read_board_thin(reader_for(text), std::nullopt, {}, nullptr, &transposed);
      ADD_FAILURE() << "no error";
    } catch (const BoardParseError& e) {
      EXPECT_EQ(std::string(e.what()), expected);
    }
  }
}

// Large boards in odd chunk sizes, with the input size known or not; past the store's eager size
// (4 MiB) a board read from a pipe goes through staged blocks first.
TEST(BoardFormatRoundTrip, LargeBoardsThroughAPipe) {
  auto rng = make_rng(2);
  const Board board = random_words(700, 9000, rng);  // 700 * 141 words = 790 KB
  for (BoardFormat f : kAllFormats) {
    SCOPED_TRACE(std::string(board_format_name(f)));
    const std::string text = write_text(board, f);
    EXPECT_EQ(read_text(text, f, 777'777), board);
    BoardReadLimits known;
    known.input_bytes = text.size();
    EXPECT_EQ(read_text(text, std::nullopt, kDefaultChunk, known), board);
  }
  const Board big = random_words(6000, 6000, rng);  // 4.5 MB packed: staged, then promoted
  const std::string p4 = write_text(big, BoardFormat::pbm_raw);
  ASSERT_EQ(p4.size(), std::string("P4\n6000 6000\n").size() + 6000U * 750U);
  const Board back = read_text(p4, std::nullopt, 999'999);
  EXPECT_TRUE(back.check_invariants());
  EXPECT_EQ(back, big);
}

// Text as people write it (mixed cell characters, separators, CRLF), against Board::from_string
// and hand-built boards, read whole and byte by byte.
TEST(BoardFormatRoundTrip, IrregularTextAgainstAnOracle) {
  auto rng = make_rng(4);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t rows = 1 + rng() % 9, cols = 1 + rng() % 150;
    std::string grid, canonical, judge;
    Board expected(rows, cols);
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) {
        const bool on = rng() % 2 != 0;
        expected.set(r, c, on);
        grid += rng() % 16 == 0 ? (on ? '#' : '.') : (on ? '1' : '0');
        canonical += on ? '1' : '0';
        judge += on ? '1' : '0';
        if (c + 1 < cols) judge += rng() % 12 == 0 ? "\t " : " ";
      }
      grid += rng() % 4 == 0 ? "\r\n" : "\n";
      judge += rng() % 4 == 0 ? " \r\n" : "\n";
      canonical += '\n';
    }
    canonical.pop_back();
    SCOPED_TRACE(grid);
    ASSERT_EQ(Board::from_string(canonical), expected);
    for (std::size_t chunk : {std::size_t{1}, kDefaultChunk}) {
      EXPECT_EQ(read_text(grid, std::nullopt, chunk), expected);
      EXPECT_EQ(
          read_text(judge, cols == 1 ? std::optional(BoardFormat::judge) : std::nullopt, chunk),
          expected);
      EXPECT_EQ(
          read_text("P1\n" + std::to_string(cols) + " " + std::to_string(rows) + "\n" + canonical,
                    std::nullopt, chunk),
          expected);
    }
  }
}

TEST(BoardFormatRoundTrip, ReadsInLargeChunks) {
  auto rng = make_rng(5);
  const Board board = random_words(1500, 16000, rng);  // 3 MB of P4
  const std::string p4 = write_text(board, BoardFormat::pbm_raw);
  std::size_t calls = 0, pos = 0, max_capacity = 0;
  const Board back = read_board(
      [&](char* buf, std::size_t cap) {
        ++calls;
        max_capacity = std::max(max_capacity, cap);
        const std::size_t n = std::min(cap, p4.size() - pos);
        p4.copy(buf, n, pos);
        pos += n;
        return n;
      },
      std::nullopt);
  EXPECT_EQ(back, board);
  EXPECT_EQ(max_capacity, kDefaultChunk);
  EXPECT_LE(calls, p4.size() / kDefaultChunk + 3);
}

TEST(BoardFormatRoundTrip, WritesInLargeBlocks) {
  auto rng = make_rng(3);
  const Board board = random_words(4000, 4000, rng);  // 2 MB of P4, 16 MB of grid text
  for (BoardFormat f : kAllFormats) {
    std::vector<std::size_t> blocks;
    std::size_t total = 0;
    write_board(board, f, [&](const char*, std::size_t n) {
      blocks.push_back(n);
      total += n;
    });
    SCOPED_TRACE(std::string(board_format_name(f)));
    ASSERT_GE(blocks.size(), 2U);
    for (std::size_t k = 0; k < blocks.size(); ++k) {
      EXPECT_LE(blocks[k], kDefaultChunk);
      if (k + 1 < blocks.size()) {
        EXPECT_GE(blocks[k], kDefaultChunk - 64);
      }
    }
    EXPECT_EQ(total, write_text(board, f).size());
  }
}

// ---- byte-exact files ----

// The 3 x 10 board used by the hand-written files below.
Board three_by_ten() { return Board::from_string("1000000001\n0111111110\n1010101010"); }

TEST(BoardFormatExact, P4ByHand) {
  // Rows of 2 bytes, most significant bit = leftmost column, 6 padding bits per row.
  const std::string p4("P4\n10 3\n\x80\x40\x7f\x80\xaa\x80", 14);
  EXPECT_EQ(write_text(three_by_ten(), BoardFormat::pbm_raw), p4);
  EXPECT_EQ(read_text(p4, BoardFormat::pbm_raw), three_by_ten());
  // Padding bits are undefined in P4: set ones are ignored and cleared.
  const std::string dirty("P4\n10 3\n\x80\x7f\x7f\xbf\xaa\x80", 14);
  const Board back = read_text(dirty, std::nullopt);
  EXPECT_TRUE(back.check_invariants());
  EXPECT_EQ(back, three_by_ten());
}

TEST(BoardFormatExact, P4WordBoundaries) {
  // 65 columns: 9 bytes a row, the 9th holding column 64 in its top bit.
  Board b(2, 65);
  b.set(0, 0, true);
  b.set(0, 63, true);
  b.set(0, 64, true);
  b.set(1, 7, true);
  b.set(1, 8, true);
  const std::string p4 = write_text(b, BoardFormat::pbm_raw);
  const std::string expected = std::string("P4\n65 2\n") +
                               std::string("\x80\0\0\0\0\0\0\x01\x80", 9) +
                               std::string("\x01\x80\0\0\0\0\0\0\0", 9);
  EXPECT_EQ(p4, expected);
  EXPECT_EQ(read_text(expected, std::nullopt), b);
}

TEST(BoardFormatExact, P1Files) {
  EXPECT_EQ(write_text(three_by_ten(), BoardFormat::pbm_plain),
            "P1\n10 3\n1000000001\n0111111110\n1010101010\n");
  const std::string commented =
      "P1\n# made by hand\n10 # the width\n 3\n"
      "1 0 0 0 0 0 0 0 0 1 # row 1\n0111111110\r\n\t1010101\n010\n";
  EXPECT_EQ(read_text(commented, std::nullopt), three_by_ten());
  EXPECT_EQ(read_text("P1#c\n10#c\n3#c\n100000000101111111101010101010", std::nullopt),
            three_by_ten());
  // Long rows wrap at 64 characters, each row starting a new line.
  Board wide(2, 130);
  wide.set(0, 129, true);
  wide.set(1, 64, true);
  const std::string z64(64, '0');
  EXPECT_EQ(write_text(wide, BoardFormat::pbm_plain),
            "P1\n130 2\n" + z64 + "\n" + z64 + "\n01\n" + z64 + "\n1" + z64.substr(1) + "\n00\n");
}

TEST(BoardFormatExact, GridAndJudgeFiles) {
  const Board b = Board::from_string("011\n100");
  EXPECT_EQ(write_text(b, BoardFormat::grid), "011\n100\n");
  EXPECT_EQ(write_text(b, BoardFormat::judge), "0 1 1\n1 0 0\n");
  EXPECT_EQ(write_text(Board::from_string("1"), BoardFormat::judge), "1\n");
  EXPECT_EQ(read_text(".##\r\n#..\r\n", BoardFormat::grid), b);
  EXPECT_EQ(read_text("\n\n  011  \n\t100\n\n \n", BoardFormat::grid), b);
  EXPECT_EQ(read_text("0 1\t1\r\n 1  0 0 \n\n", BoardFormat::judge), b);
  EXPECT_EQ(read_text("011\n100", BoardFormat::grid), b);  // no final newline
  EXPECT_EQ(read_text("0 1 1\n1 0 0", BoardFormat::judge), b);
}

TEST(BoardFormatExact, Detection) {
  const Board b = Board::from_string("011\n100");
  EXPECT_EQ(read_text("P1 3 2 011100", std::nullopt), b);
  EXPECT_EQ(read_text("011\n100\n", std::nullopt), b);
  EXPECT_EQ(read_text("\n  0 1 1\n1 0 0\n", std::nullopt), b);
  EXPECT_EQ(read_text(".##\n#..\n", std::nullopt), b);
  // One column: one character per line is a grid (and would read the same as judge text).
  EXPECT_EQ(read_text("1\n0\n1\n", std::nullopt), Board::from_string("1\n0\n1"));
  EXPECT_EQ(read_text("1 \n0\n", std::nullopt), Board::from_string("1\n0"));
  // A single character followed by another on its line is judge text: grid rules then fail.
  EXPECT_EQ(error_of("1 0\n01\n", std::nullopt), "2:1: expected 0 or 1, found '01'");
  EXPECT_EQ(error_of("10\n1 0\n", std::nullopt), "2:2: expected '0', '1', '.' or '#', found ' '");
}

// ---- hostile input ----

struct Hostile {
  std::string text;
  std::optional<BoardFormat> format;
  std::string error;
};

std::vector<Hostile> hostile_cases() {
  const auto p4 = std::optional<BoardFormat>(BoardFormat::pbm_raw);
  const auto p1 = std::optional<BoardFormat>(BoardFormat::pbm_plain);
  const auto grid = std::optional<BoardFormat>(BoardFormat::grid);
  const auto judge = std::optional<BoardFormat>(BoardFormat::judge);
  const auto detect = std::optional<BoardFormat>();
  return {
      // empty
      {"", detect, "1:1: empty input: expected a board"},
      {"", p4, "1:1: empty input: expected a board"},
      {"", grid, "1:1: empty input: expected a board"},
      {"", judge, "1:1: empty input: expected a board"},
      {"\n \r\n\t", detect, "3:2: empty input: expected a board"},
      // magic
      {"P5\n1 1\n\xff", detect, "1:1: expected PBM magic P1 or P4, found 'P5'"},
      {"P4x 1 1\n", detect, "1:1: expected PBM magic P1 or P4, found 'P4x'"},
      {"P", detect, "1:1: expected PBM magic P1 or P4, found 'P'"},
      {"hello world", p4, "1:1: expected PBM magic P1 or P4, found 'hello'"},
      {" P4 1 1\n\x80", p4, "1:1: expected PBM magic P1 or P4, found ' '"},
      {std::string("\x89PNG\r\n", 6), p1, "1:1: expected PBM magic P1 or P4, found '\\x89PNG'"},
      // sizes
      {"P4", detect, "1:3: PBM header cut short: expected the width"},
      {"P4 10 # no height", detect, "1:18: PBM header cut short: expected the height"},
      {"P4\n-3 2\n", detect, "2:1: width must be a positive integer, found '-3'"},
      {"P4 0 5\n", detect, "1:4: width must be a positive integer, found '0'"},
      {"P1 5 000\n", detect, "1:6: height must be a positive integer, found '000'"},
      {"P4 abc 3\n", detect, "1:4: width must be a positive integer, found 'abc'"},
      {"P4 +3 3\n", detect, "1:4: width must be a positive integer, found '+3'"},
      {"P4 3 x#c\n", detect, "1:6: height must be a positive integer, found 'x'"},
      {"P4 12x 3\n", detect, "1:6: expected whitespace after the width 12, found 'x'"},
      {"P4 18446744073709551616 1\n", detect, "1:4: width is too large: '18446744073709551616'"},
      {"P4 1 184467440737095516160000\n", detect,
       "1:6: height is too large: '18446744073709551616...'"},
      {"P4 18446744073709551615 1\n", detect,
       "1:4: width 18446744073709551615 x height 1 exceeds the limit of 1099511627776 cells"},
      {"P4 4294967296 4294967296\n", detect,
       "1:4: width 4294967296 x height 4294967296 exceeds the limit of 1099511627776 cells"},
      {"P1\n2000000 2000000\n", detect,
       "2:1: width 2000000 x height 2000000 exceeds the limit of 1099511627776 cells"},
      // P4 data
      {std::string("P4\n3 2\xff\x00", 8), detect,
       "2:4: expected whitespace after the height 2, found '\\xff'"},
      {"P4\n10 3\n\x80", detect, "2:7: P4 data cut short: expected 6 bytes of pixels, got 1"},
      {"P4\n10 3\n", detect, "2:6: P4 data cut short: expected 6 bytes of pixels, got 0"},
      {"P4\n10 3", detect, "2:5: P4 data cut short: expected 6 bytes of pixels, got 0"},
      {"P4 10 3#comment", detect, "1:16: P4 data cut short: expected 6 bytes of pixels, got 0"},
      {"P4\n8 1\n\xffP4\n8 1\n\x00", p4,
       "2:6: unexpected 'P4' after the pixel data (one board per file)"},
      {"P4\n8 1\n\xff \n\n\x01", p4,
       "2:9: unexpected '\\x01' after the pixel data (one board per file)"},
      // P1 data
      {"P1\n2 2\n0 1\n1 2\n", detect, "4:3: expected 0 or 1 in the P1 data, found '2'"},
      {"P1\n2 2\n0 1\n1", p1, "4:2: P1 data cut short: expected 4 values, got 3"},
      {"P1\n2 2\n0 1\n1 0\n1\n", detect,
       "5:1: unexpected '1' after the pixel data (one board per file)"},
      {"P1\n2 2\n0110 # ok\nP1 ...", detect,
       "4:1: unexpected 'P1' after the pixel data (one board per file)"},
      // grid
      {"0101\n010\n", detect, "2:4: grid row cut short: 3 cells, the first row has 4"},
      {"0101\n010", grid, "2:4: grid row cut short: 3 cells, the first row has 4"},
      {"0101\n01010\n", detect, "2:5: grid row too long: the first row has 4 cells"},
      {"01x1\n", detect, "1:3: expected '0', '1', '.' or '#', found 'x'"},
      {"0101\n01\x01", detect, "2:3: expected '0', '1', '.' or '#', found '\\x01'"},
      {"01 1\n", grid, "1:3: expected '0', '1', '.' or '#', found ' '"},
      {"01\n\n10\n", detect, "2:1: empty line inside the grid"},
      {"01\n  \n\n10\n", detect, "2:1: empty line inside the grid"},
      {"2\n", detect, "1:1: expected '0', '1', '.' or '#', found '2'"},
      // judge
      {"0 1 1\n1 0\n", detect, "2:4: row cut short: 2 values, the first row has 3"},
      {"0 1\n1 0 1\n", detect, "2:5: row too long: the first row has 2 values"},
      {"0 1\n1 2\n", detect, "2:3: expected 0 or 1, found '2'"},
      {"0 1\n10 1\n", judge, "2:1: expected 0 or 1, found '10'"},
      {"0101\n", judge, "1:1: expected 0 or 1, found '0101'"},
      {"1 0\n\n1 1\n", detect, "2:1: empty line inside the board"},
      {"1 0\n1 #\n", detect, "2:3: expected 0 or 1, found '#'"},
      // long rows, where whole groups of cells are taken at once until something breaks them
      {std::string(20, '1') + "\n" + std::string(21, '0') + "\n", detect,
       "2:21: grid row too long: the first row has 20 cells"},
      {std::string(20, '1') + "\n" + std::string(12, '0') + "x" + std::string(7, '0'), detect,
       "2:13: expected '0', '1', '.' or '#', found 'x'"},
      {std::string(20, '1') + "\n" + std::string(19, '0') + "\n", detect,
       "2:20: grid row cut short: 19 cells, the first row has 20"},
      {"0 1 0 1 0 1 0 1 0 1 0 1\n1 1 1 1 1 1 1 1 1 1 1 1 1\n", detect,
       "2:25: row too long: the first row has 12 values"},
      {"0 1 0 1 0 1 0 1 0 1 0 1\n1 1 1 1 1 1 1 1 2 1 1 1\n", detect,
       "2:17: expected 0 or 1, found '2'"},
      {"0 1 0 1 0 1 0 1 0 1 0 1\n1 1 1 1 1 10 1 1 1 1 1 1\n", detect,
       "2:11: expected 0 or 1, found '10'"},
      {"P1 20 2\n" + std::string(20, '1') + std::string(9, '0') + "x" + std::string(10, '0'),
       detect, "2:30: expected 0 or 1 in the P1 data, found 'x'"},
      {"P1 20 2\n" + std::string(41, '1'), detect,
       "2:41: unexpected '1' after the pixel data (one board per file)"},
      {"P1 20 2\n" + std::string(39, '1'), detect,
       "2:40: P1 data cut short: expected 40 values, got 39"},
  };
}

TEST(BoardFormatHostile, ExactMessagesWhateverTheChunking) {
  for (const Hostile& h : hostile_cases()) {
    SCOPED_TRACE(::testing::PrintToString(h.text));
    EXPECT_EQ(error_of(h.text, h.format), h.error);
    for (std::size_t chunk : {1, 3, 7}) EXPECT_EQ(error_of(h.text, h.format, chunk), h.error);
  }
}

// With the input's size known, a P4 header whose pixels cannot fit is refused up front, with the
// same message a stream would give when it ends.
TEST(BoardFormatHostile, KnownInputSizeRefusesShortP4) {
  const std::string text = "P4\n10000 10000\n" + std::string(19, '\0');
  BoardReadLimits limits;
  limits.input_bytes = text.size();
  const std::string expected = "2:32: P4 data cut short: expected 12500000 bytes of pixels, got 19";
  EXPECT_EQ(error_of(text, std::nullopt, kDefaultChunk, limits), expected);
  EXPECT_EQ(error_of(text, std::nullopt), expected);
  // An input size claiming more than arrives: the stream still decides.
  limits.input_bytes = text.size() + 12'500'000;
  EXPECT_EQ(error_of(text, std::nullopt, 3, limits), expected);
}

long peak_rss_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// A header claiming 10^12 cells followed by 20 bytes, from a pipe: memory grows with the data,
// so this fails fast and small instead of allocating 125 GB.
TEST(BoardFormatHostile, LyingHeaderOnAPipeAllocatesLittle) {
  const std::string text = "P4\n1000000 1000000\n" + std::string(20, '\x55');
  const long before = peak_rss_kb();
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t chunk : {std::size_t{1}, kDefaultChunk}) {
    EXPECT_EQ(error_of(text, std::nullopt, chunk),
              "2:37: P4 data cut short: expected 125000000000 bytes of pixels, got 20");
  }
  // 1.25 GB claimed: small enough that allocating it up front would succeed, and show.
  EXPECT_EQ(error_of("P4\n100000 100000\n" + std::string(20, '\x55'), std::nullopt),
            "2:35: P4 data cut short: expected 1250000000 bytes of pixels, got 20");
  const std::string p1 = "P1\n1000000 1000000\n" + std::string(20, '1');
  EXPECT_EQ(error_of(p1, std::nullopt),
            "3:21: P1 data cut short: expected 1000000000000 values, got 20");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 2.0);
  EXPECT_LT(peak_rss_kb() - before, 100 * 1024) << "peak RSS grew by more than 100 MB";
}

TEST(BoardFormatHostile, MaxCellsEnforced) {
  struct Case {
    std::uint64_t max_cells;
    std::string text;
    std::string error;
  };
  std::string values;
  for (int i = 0; i < 100; ++i) values += "1 ";
  const Case cases[] = {
      {8, "P4 3 3\n\0\0\0", "1:4: width 3 x height 3 exceeds the limit of 8 cells"},
      {8, "P1 9 1 000000000", "1:4: width 9 x height 1 exceeds the limit of 8 cells"},
      {8, "000\n000\n000\n", "3:1: board exceeds the limit of 8 cells"},
      {8, "000000001\n", "1:9: board exceeds the limit of 8 cells"},
      {8, "0 0 0\n0 0 0\n0 0 0\n", "3:1: board exceeds the limit of 8 cells"},
      {8, "0 0 0 0 0 0 0 0 1\n", "1:17: board exceeds the limit of 8 cells"},
      {70, std::string(100, '1'), "1:71: board exceeds the limit of 70 cells"},
      {70, values, "1:141: board exceeds the limit of 70 cells"},
      {70, std::string(35, '1') + "\n" + std::string(35, '1') + "\n1",
       "3:1: board exceeds the limit of 70 cells"},
  };
  BoardReadLimits limits;
  for (const Case& c : cases) {
    limits.max_cells = c.max_cells;
    EXPECT_EQ(error_of(c.text, std::nullopt, kDefaultChunk, limits), c.error)
        << ::testing::PrintToString(c.text);
  }
  limits.max_cells = 8;
  // At the limit is fine.
  EXPECT_EQ(read_text("0000\n0000\n", std::nullopt, kDefaultChunk, limits), Board(2, 4));
  EXPECT_EQ(read_text("P1 2 4 00000000", std::nullopt, kDefaultChunk, limits), Board(4, 2));
}

// The files in tests/data/boards: expected.txt lists each with its message, a tab between.
TEST(BoardFormatHostile, DataFiles) {
  const std::string dir = LIGHTSOUT_TEST_DATA_DIR "/boards/";  // tests/data, from CMake
  std::ifstream index(dir + "expected.txt");
  ASSERT_TRUE(index) << "missing " << dir << "expected.txt";
  std::string line;
  std::size_t checked = 0;
  while (std::getline(index, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    std::ifstream file(dir + line.substr(0, tab), std::ios::binary);
    ASSERT_TRUE(file) << line.substr(0, tab);
    std::ostringstream content;
    content << file.rdbuf();
    EXPECT_EQ(error_of(content.str(), std::nullopt), line.substr(tab + 1)) << line;
    ++checked;
  }
  EXPECT_GE(checked, 5U);
}

// ---- the staging store ----

TEST(BoardStore, StagesThenPromotesKeepingEveryWord) {
  const std::size_t rows = 600, cols = 64 * 1000;  // 4.9 MB: past the eager size
  detail::BoardStore store(cols, rows, false);
  const std::size_t stride = store.stride();
  ASSERT_EQ(stride, 1000U);
  for (std::size_t i = 0; i < rows * stride;) {
    std::size_t run = 0;
    std::uint64_t* w = store.words_at(i, 3000, &run);
    ASSERT_GE(run, 1U);
    ASSERT_LE(run, 3000U);
    for (std::size_t k = 0; k < run; ++k) w[k] = (i + k) * 0x9E3779B97F4A7C15ULL;
    i += run;
  }
  const Board b = store.take(rows);
  ASSERT_EQ(b.rows(), rows);
  for (std::size_t i = 0; i < rows * stride; ++i) {
    ASSERT_EQ(b.words()[i], i * 0x9E3779B97F4A7C15ULL) << i;
  }
}

TEST(BoardStore, UnknownRowCount) {
  detail::BoardStore store(100, std::nullopt, false);
  for (std::size_t i = 0; i < 2 * 300'000; ++i) store.word(i) = i | 1;
  const Board b = store.take(300'000);
  EXPECT_EQ(b.rows(), 300'000U);
  EXPECT_EQ(b.words()[0], 1U);
  EXPECT_EQ(b.words()[599'999], 599'999U);
  EXPECT_EQ(b.words()[444'444], 444'445U);
}

// K > 2 states: judge text of values 0..K-1, the round trip, the errors, and the cell limit.
TEST(BoardFormatStates, ReadGridJudgeText) {
  const auto read = [](const std::string& text, unsigned states,
                       std::optional<BoardFormat> format = std::nullopt,
                       const BoardReadLimits& limits = {}) {
    return read_grid(reader_for(text, kDefaultChunk), format, states, limits);
  };
  const auto error = [&read](const std::string& text, unsigned states,
                             std::optional<BoardFormat> format = std::nullopt,
                             const BoardReadLimits& limits = {}) {
    try {
      read(text, states, format, limits);
    } catch (const BoardParseError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::vector<std::uint8_t> values = {0, 1, 2, 2, 1, 0};
  const Grid grid = Grid::from_values(2, 3, 3, values);
  EXPECT_EQ(read("\n0 1 2\r\n 2 1 0 \n\n", 3), grid);
  std::string text;
  write_grid(grid, BoardFormat::judge,
             [&text](const char* p, std::size_t n) { text.append(p, n); });
  EXPECT_EQ(text, "0 1 2\n2 1 0\n");
  EXPECT_EQ(read(text, 3, BoardFormat::judge), grid);
  EXPECT_THROW(write_grid(grid, BoardFormat::grid, [](const char*, std::size_t) {}),
               std::invalid_argument);
  EXPECT_EQ(error("0 1 3\n", 3), "1:5: expected a value 0..2, found '3'");
  EXPECT_EQ(error("0 01\n", 3), "1:3: expected a value 0..2, found '01'");
  EXPECT_EQ(error("012\n", 3, BoardFormat::grid),
            "1:1: boards of 3 states are judge text (values 0..2), not grid");
  BoardReadLimits limits;
  limits.max_cells = 5;
  EXPECT_EQ(error(text, 3, std::nullopt, limits), "2:5: board exceeds the limit of 5 cells");
  limits.max_cells = 6;
  EXPECT_EQ(read(text, 3, std::nullopt, limits), grid);  // at the limit is fine
}

// "RxC": the sizes, the limits, and why a text is refused.
TEST(BoardSizeParse, SizesLimitsAndReasons) {
  const auto why = [](std::string_view text, std::uint64_t side, std::uint64_t cells) {
    BoardSizeError error{};
    EXPECT_FALSE(parse_board_size(text, side, cells, &error)) << text;
    return error;
  };
  const std::optional<BoardSize> s = parse_board_size("5x6");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->rows, 5U);
  EXPECT_EQ(s->cols, 6U);
  EXPECT_TRUE(parse_board_size("007X1"));
  EXPECT_TRUE(parse_board_size("4294967296x256"));
  for (const char* bad : {"", "5", "x", "5x", "x6", "0x5", "5x0", "-1x5", "+1x5", " 5x6", "5x6 ",
                          "5x6x7", "5xx6", "5.0x6", "99999999999999999999999x5"}) {
    EXPECT_EQ(why(bad, kMaxBoardSide, kMaxBoardCells), BoardSizeError::malformed) << bad;
  }
  EXPECT_EQ(why("4294967297x1", kMaxBoardSide, kMaxBoardCells), BoardSizeError::too_large);
  EXPECT_EQ(why("4294967296x257", kMaxBoardSide, kMaxBoardCells), BoardSizeError::too_large);
  EXPECT_EQ(why("5x6", 5, 100), BoardSizeError::too_large);
  EXPECT_EQ(why("5x6", 6, 29), BoardSizeError::too_large);
  EXPECT_TRUE(parse_board_size("5x6", 6, 30));
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(why("4294967296x4294967296", max, max), BoardSizeError::too_large);  // 2^64 cells
  EXPECT_TRUE(parse_board_size("18446744073709551615x1", max, max));
}

}  // namespace
}  // namespace lightsout
