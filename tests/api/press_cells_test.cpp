// press_cells and apply_presses against the cell-by-cell model of tests/api/page_oracle.hpp.
#include "lightsout/press_cells.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "lightsout/rules_text.hpp"
#include "page_oracle.hpp"

namespace lightsout {
namespace {

const char* const kRules[] = {
    "",
    "torus",
    "cylinder,states=3",
    "nbhd=x,self=0",
    "torus,nbhd=square,states=5",
    "nbhd=knight,states=4",
    "nbhd=rowcol",
    "torus,nbhd=rowcol,self=0,states=3",
    "torus,nbhd=0000000/0000000/0000000/0001000/0000000/0000000/1000001",
    "cylinder,nbhd=11111/00100/00000",
    "holes=[0100/0000/0010]",
    "torus,states=6,holes=[0000/0110/0000],nbhd=x",
};

TEST(PressCells, EveryButtonMatchesTheCellByCellModel) {
  for (const char* text : kRules) {
    const Rules rules = parse_rules(text);
    const std::vector<std::pair<std::size_t, std::size_t>> sizes =
        rules.has_holes() ? std::vector<std::pair<std::size_t, std::size_t>>{{3, 4}}
                          : std::vector<std::pair<std::size_t, std::size_t>>{
                                {1, 1}, {1, 5}, {2, 2}, {3, 4}, {5, 3}, {6, 6}};
    for (const auto& [rows, cols] : sizes) {
      for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < cols; ++c) {
          const std::vector<unsigned> want = test::oracle_effect(rules, rows, cols, r, c);
          std::vector<unsigned> got(rows * cols, 0);
          std::uint32_t last = 0;
          bool first = true;
          for (const PressedCell& t : press_cells(rules, rows, cols, r, c)) {
            EXPECT_TRUE(first || t.cell > last) << "sorted, each cell once";
            EXPECT_GT(t.amount, 0U);
            got.at(t.cell) = t.amount;
            last = t.cell;
            first = false;
          }
          EXPECT_EQ(got, want) << text << " " << rows << "x" << cols << " at " << r << "," << c;
        }
      }
    }
  }
}

TEST(PressCells, ApplyIsTheSumOfSinglePresses) {
  std::mt19937 rng(7);
  for (const char* text : kRules) {
    const Rules rules = parse_rules(text);
    const std::size_t rows = 3;
    const std::size_t cols = 4;
    for (int round = 0; round < 5; ++round) {
      std::vector<std::uint8_t> presses(rows * cols);
      std::vector<std::uint8_t> lights(rows * cols);
      for (auto& v : presses) v = static_cast<std::uint8_t>(rng() % rules.states);
      for (std::size_t i = 0; i < lights.size(); ++i) {
        lights[i] = test::oracle_hole(rules, i / cols, i % cols)
                        ? 0
                        : static_cast<std::uint8_t>(rng() % rules.states);
      }
      std::vector<unsigned> want(lights.begin(), lights.end());
      for (std::size_t b = 0; b < presses.size(); ++b) {
        const std::vector<unsigned> e = test::oracle_effect(rules, rows, cols, b / cols, b % cols);
        for (std::size_t i = 0; i < want.size(); ++i) {
          want[i] = (want[i] + presses[b] * e[i]) % rules.states;
        }
      }
      apply_presses(rules, rows, cols, presses, lights);
      EXPECT_EQ(std::vector<unsigned>(lights.begin(), lights.end()), want) << text;
    }
  }
}

TEST(PressCells, BadArgumentsThrow) {
  const Rules classic = Rules::classic();
  EXPECT_THROW(press_cells(classic, 3, 3, 3, 0), std::out_of_range);
  EXPECT_THROW(press_cells(parse_rules("holes=[00/00]"), 3, 3, 0, 0), RulesError);
  std::vector<std::uint8_t> small(8);
  std::vector<std::uint8_t> board(9);
  EXPECT_THROW(apply_presses(classic, 3, 3, small, board), std::invalid_argument);
}

}  // namespace
}  // namespace lightsout
