// cached_solver: a hit only for the same size and the same rules (holes and states included), at
// most kCachedSolversPerThread per thread, none for large boards, none shared across threads.
#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "api/solver_cache.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::api {
namespace {

TEST(SolverCache, SameSizeAndRulesGiveTheSameSolver) {
  const Rules classic = Rules::classic();
  const auto a = cached_solver(classic, 5, 6);
  const auto b = cached_solver(parse_rules("plane"), 5, 6);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(a->rows(), 5U);
  EXPECT_EQ(a->cols(), 6U);
}

TEST(SolverCache, AnyDifferenceGivesAnotherSolver) {
  const std::vector<std::string> texts = {"plane",
                                          "torus",
                                          "cylinder",
                                          "states=3",
                                          "target=on",
                                          "nbhd=x",
                                          "holes=[000000/000000/001000/000000/000000]",
                                          "holes=[000000/000000/000100/000000/000000]"};
  std::vector<std::shared_ptr<const Solver>> got;
  for (const std::string& t : texts) {
    const Rules rules = parse_rules(t);
    got.push_back(cached_solver(rules, 5, 6));
    EXPECT_TRUE(got.back()->rules() == rules) << t;
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    for (std::size_t j = i + 1; j < got.size(); ++j) {
      EXPECT_NE(got[i].get(), got[j].get()) << texts[i] << " and " << texts[j];
    }
  }
  // Another size with the same rules is another solver too.
  EXPECT_NE(cached_solver(Rules::classic(), 6, 5).get(), got[0].get());
}

TEST(SolverCache, KeepsTheMostRecentOnly) {
  const Rules classic = Rules::classic();
  const auto first = cached_solver(classic, 1, 1);
  EXPECT_EQ(cached_solver(classic, 1, 1).get(), first.get());
  // kCachedSolversPerThread other sizes push the 1 x 1 out.
  for (std::size_t n = 2; n < 2 + kCachedSolversPerThread; ++n) cached_solver(classic, n, 1);
  EXPECT_NE(cached_solver(classic, 1, 1).get(), first.get());
  // A hit moves to the front: 2 x 1, used again, survives the next newcomer.
  const auto two = cached_solver(classic, 2, 2);
  EXPECT_EQ(cached_solver(classic, 2, 2).get(), two.get());
  cached_solver(classic, 3, 3);
  EXPECT_EQ(cached_solver(classic, 2, 2).get(), two.get());
}

TEST(SolverCache, LargeBoardsAreNotKept) {
  const Rules classic = Rules::classic();
  const std::size_t side = 40;  // 1600 cells > kCachedSolverCells
  ASSERT_GT(side * side, kCachedSolverCells);
  const auto a = cached_solver(classic, side, side);
  const auto b = cached_solver(classic, side, side);
  EXPECT_NE(a.get(), b.get());
  EXPECT_EQ(a->rows(), side);
}

TEST(SolverCache, EachThreadHasItsOwn) {
  const auto here = cached_solver(Rules::classic(), 4, 4);
  std::shared_ptr<const Solver> there;
  std::thread t([&there] { there = cached_solver(Rules::classic(), 4, 4); });
  t.join();
  EXPECT_NE(here.get(), there.get());
  EXPECT_EQ(cached_solver(Rules::classic(), 4, 4).get(), here.get());
}

TEST(SolverCache, RulesThatDoNotFitTheSizeThrowEveryTime) {
  // Holes drawn for 3 x 3 do not fit 5 x 6: the Solver refuses, and nothing is kept for it.
  const Rules holes = parse_rules("holes=[000/010/000]");
  EXPECT_THROW(cached_solver(holes, 5, 6), RulesError);
  EXPECT_THROW(cached_solver(holes, 5, 6), RulesError);
  EXPECT_EQ(cached_solver(holes, 3, 3)->rows(), 3U);
}

}  // namespace
}  // namespace lightsout::api
