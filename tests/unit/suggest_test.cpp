// edit_distance and closest_name: the "did you mean" of every usage and rules error.
#include "lightsout/suggest.hpp"

#include <string_view>

#include <gtest/gtest.h>

namespace lightsout {
namespace {

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(edit_distance("", ""), 0U);
  EXPECT_EQ(edit_distance("solve", "solve"), 0U);
  EXPECT_EQ(edit_distance("Solve", "solve"), 0U);  // case is ignored
  EXPECT_EQ(edit_distance("slove", "solve"), 1U);  // one swap
  EXPECT_EQ(edit_distance("sise", "size"), 1U);
  EXPECT_EQ(edit_distance("minmal", "minimal"), 1U);
  EXPECT_EQ(edit_distance("staets", "states"), 1U);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("abc", ""), 3U);
  EXPECT_EQ(edit_distance("ca", "abc"), 3U);  // optimal string alignment: no edit of a swap
}

TEST(ClosestName, SuggestsOnlyNearNames) {
  constexpr std::string_view kCommands[] = {"solve", "info", "generate", "verify", "render"};
  EXPECT_EQ(closest_name("slove", kCommands), "solve");
  EXPECT_EQ(closest_name("genrate", kCommands), "generate");
  EXPECT_EQ(closest_name("inof", kCommands), "info");
  EXPECT_EQ(closest_name("frobnicate", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("xyz", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("", kCommands), std::nullopt);
  // Short words allow one edit: "x" is no "plus".
  constexpr std::string_view kNbhd[] = {"plus", "x", "square", "knight", "rowcol"};
  EXPECT_EQ(closest_name("knigth", kNbhd), "knight");
  EXPECT_EQ(closest_name("y", kNbhd), std::nullopt);
  EXPECT_EQ(closest_name("pls", kNbhd), "plus");
  EXPECT_EQ(did_you_mean("sqare", kNbhd, "nbhd="), " (did you mean 'nbhd=square'?)");
  EXPECT_EQ(did_you_mean("zzzzzz", kNbhd), "");
}

}  // namespace
}  // namespace lightsout
