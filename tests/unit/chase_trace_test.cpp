#include "lightsout/chase_trace.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

#include "lightsout/board.hpp"

namespace lightsout {
namespace {

TEST(ChaseTrace, JudgeSampleEndsDarkAndMatchesPresses) {
  const Board lights = Board::from_string("011010\n100111\n001001\n100101\n011100\n");
  const ChaseTrace trace = chase_trace(lights);
  ASSERT_TRUE(trace.solvable);
  EXPECT_TRUE(trace.dark);
  ASSERT_EQ(trace.lights_after.size(), 5U);
  EXPECT_TRUE(trace.lights_after.back().is_dark());
  Board check = lights;
  check.apply(trace.presses);
  EXPECT_TRUE(check.is_dark());
  // Each row after the first presses exactly under the lights left in the row above.
  for (std::size_t r = 1; r < 5; ++r) {
    for (std::size_t c = 0; c < 6; ++c) {
      EXPECT_EQ(trace.presses.get(r, c), trace.lights_after[r - 1].get(r - 1, c));
    }
    for (std::size_t c = 0; c < 6; ++c) EXPECT_FALSE(trace.lights_after[r].get(r - 1, c));
  }
}

TEST(ChaseTrace, UnsolvableBoardLeavesLightsInTheLastRow) {
  Board lights(4, 4);
  lights.set(0, 0, true);  // 4x4 has nullity 4; one corner light is unsolvable
  const ChaseTrace trace = chase_trace(lights);
  EXPECT_FALSE(trace.solvable);
  EXPECT_FALSE(trace.dark);
  for (std::size_t c = 0; c < 4; ++c) EXPECT_FALSE(trace.presses.get(0, c));
}

TEST(ChaseTrace, MinimalUsesFewestPresses) {
  Board lights(5, 5);
  lights.press(2, 2);
  const ChaseTrace trace = chase_trace(lights, true);
  ASSERT_TRUE(trace.dark);
  EXPECT_EQ(trace.presses.popcount(), 1U);
}

TEST(ChaseTrace, RejectsHugeBoards) {
  EXPECT_THROW(chase_trace(Board(5000, 5000)), std::length_error);
}

}  // namespace
}  // namespace lightsout
