// input_shape and judge_error_hint: what `solve` reads a file as when nothing says, and the hints.
#include "lightsout/input_shape.hpp"

#include <gtest/gtest.h>

namespace lightsout {
namespace {

using Size = std::pair<std::size_t, std::size_t>;

TEST(InputShape, GridRowsAreABoard) {
  EXPECT_TRUE(input_shape("101\n010\n111\n", true).board);
  EXPECT_TRUE(input_shape("#.#\n.#.\n", true).board);
  EXPECT_TRUE(input_shape("\n\n0110\r\n1001\r\n", true).board);
  EXPECT_TRUE(input_shape("10\n", true).board);        // one row of two cells, the whole file
  EXPECT_TRUE(input_shape("10\n01\n", false).board);   // two rows are enough in a prefix
  EXPECT_FALSE(input_shape("10\n", false).board);      // may be a count: the rest decides
  EXPECT_FALSE(input_shape("1\n0\n1\n", true).board);  // a lone 1 is a count
  EXPECT_FALSE(input_shape("10\n0 1 1 0 1 0\n", true).board);  // a count, then values
  EXPECT_FALSE(input_shape("101\n01\n", true).board);          // rows of unequal length
  EXPECT_TRUE(input_shape("P4\n3 3\n\x01\x02\x03", true).board);
  EXPECT_TRUE(input_shape("P1\n2 2\n1 0\n0 1\n", true).board);
}

TEST(InputShape, OnePuzzleWithoutACountHasTheSizeOfItsText) {
  EXPECT_EQ(input_shape("1 0 1\n0 1 1\n1 1 1\n", true).single, (Size{3, 3}));
  EXPECT_EQ(input_shape("0 2 1\n1 1 2\n", true).single, (Size{2, 3}));
  EXPECT_EQ(input_shape("1 0\t1 0\n\n0 1 0 1\n", true).single, (Size{2, 4}));
  EXPECT_EQ(input_shape("1 0 1\n0 1 1\n", false).single, std::nullopt);    // not all of it
  EXPECT_EQ(input_shape("1 0 1\n0 1\n", true).single, std::nullopt);       // ragged
  EXPECT_EQ(input_shape("2\n1 0 1\n0 1 1\n", true).single, std::nullopt);  // a count line
  EXPECT_EQ(input_shape("1 x 1\n", true).single, std::nullopt);
  EXPECT_FALSE(input_shape("", true).board);
  EXPECT_EQ(input_shape("", true).single, std::nullopt);
}

TEST(InputShape, ACountLineFirst) {
  EXPECT_TRUE(input_shape("2\n0 1 1\n", false).count_first);
  EXPECT_TRUE(input_shape("\n 1\n0 1\n1 1\n", true).count_first);
  EXPECT_TRUE(input_shape("3\n1\n0\n", true).count_first);    // one column, a count of 3
  EXPECT_FALSE(input_shape("101\n0x1\n", true).count_first);  // a grid's rows
  EXPECT_FALSE(input_shape("1 0\n0 1\n", true).count_first);
  EXPECT_FALSE(input_shape("2\n", true).count_first);
}

// The scan gives input_shape's answer for the whole text wherever the pieces are cut.
TEST(SinglePuzzleScan, AgreesWithTheWholeTextAtEveryCut) {
  const std::string texts[] = {"1 0 1\n0 1 1\n1 1 1\n",
                               "10 0\r\n\n7 4294967295",
                               "1 0 1\n0 1\n",
                               "2\n1 0 1\n0 1 1\n",
                               "1 x 1\n",
                               "1 4294967296\n",
                               "1 0\n1 0 1\n",
                               ""};
  for (const std::string& text : texts) {
    const auto whole = input_shape(text, true).single;
    for (std::size_t cut = 0; cut <= text.size(); ++cut) {
      SinglePuzzleScan scan;
      scan.feed(std::string_view(text).substr(0, cut));
      scan.feed(std::string_view(text).substr(cut));
      EXPECT_EQ(scan.size(), whole) << text << " cut at " << cut;
    }
  }
  EXPECT_EQ(input_shape("10 0\r\n\n7 4294967295", true).single, (Size{2, 2}));
  SinglePuzzleScan count_first;
  EXPECT_FALSE(count_first.feed("3\n1 0\n"));  // stops at the count line: nothing more to read
}

TEST(JudgeErrorHint, NamesTheOptionThatWouldReadTheInput) {
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '2'", 1, 3, 3, 3, false, false),
            "; values above 1 need --rules states=K (K >= 3, with the rules the puzzles were "
            "made for)");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '2'", 1, 3, 3, 3, false, true), "");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '2'", 2, 3, 3, 3, false, false), "");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '010'", 1, 1, 5, 6, false, false),
            "; rows like '010' are a board file: give --format grid");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '10'", 1, 3, 5, 6, false, false), "");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found '010'", 1, 1, 5, 6, false, false),
            "; rows like '010' are a board file: give --format grid");
  EXPECT_EQ(judge_error_hint("puzzle cut short: input ended before all 30 values", 1, 1, 5, 6,
                             false, false),
            "; for boards other than 5x6 give --size RxC");
  EXPECT_EQ(judge_error_hint("puzzle cut short: input ended before all 30 values", 3, 1, 5, 6,
                             false, false),
            "");
  EXPECT_EQ(
      judge_error_hint("input ended after 1 puzzle, the count said 3", 2, 1, 5, 6, false, false),
      "");
  EXPECT_EQ(judge_error_hint("puzzle cut short: input ended before all 30 values", 1, 1, 5, 6, true,
                             false),
            "");
  EXPECT_EQ(judge_error_hint("expected 0 or 1, found 'x'", 1, 1, 5, 6, false, false), "");
  // One column, the layout guessed: a first line of 1 was taken as a value, not a count.
  EXPECT_EQ(judge_error_hint("unexpected '1' after the last puzzle", 1, 1, 5, 1, true, false, true),
            "; if the first line is a count of puzzles, give --input count");
  EXPECT_EQ(judge_error_hint("unexpected '1' after the last puzzle", 1, 1, 5, 1, true, false), "");
  EXPECT_EQ(judge_error_hint("unexpected '1' after the last puzzle", 1, 1, 5, 6, true, false, true),
            "");
}

}  // namespace
}  // namespace lightsout
