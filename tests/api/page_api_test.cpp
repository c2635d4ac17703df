// The page's JSON calls (api_rules, api_press, api_apply, api_random, api_fix, api_board): their
// answers checked against the library (parse_rules, to_string, the readers' formats) and the
// cell-by-cell press model, and bad requests answered with one line naming the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api.hpp"
#include "lightsout/fix_solvable.hpp"
#include "lightsout/rules_text.hpp"
#include "page_oracle.hpp"

namespace lightsout::api {
namespace {

using nlohmann::json;

json answer(const ApiResponse& res, int status = 200) {
  EXPECT_EQ(res.status, status) << res.body;
  return json::parse(res.body);
}

Limits page_limits() {
  Limits limits;
  limits.max_cells = 1000 * 1000;
  limits.max_info_side = 1000;
  return limits;
}

TEST(PageApi, RulesAreParsedToTheirCanonicalTextAndParts) {
  for (const char* text : {"", "torus states=3", "cylinder,nbhd=010/111/000,self=0", "nbhd=rowcol",
                           "target=on,nbhd=knight", "holes=[010/000]"}) {
    const json out =
        answer(api_rules(json{{"rules", text}, {"rows", 2}, {"cols", 3}}.dump(), page_limits()));
    const Rules rules = parse_rules(text);
    EXPECT_EQ(out["rules"], to_string(rules)) << text;
    EXPECT_EQ(out["classic"], is_classic(rules));
    EXPECT_EQ(out["states"], rules.states);
    EXPECT_EQ(out["self"], rules.self);
    EXPECT_EQ(out["target"], rules.target_on);
    EXPECT_EQ(out["nbhd"], std::string(neighbourhood_name(rules.neighbourhood)));
    EXPECT_EQ(out["topology"], std::string(topology_name(rules.topology)));
    ASSERT_EQ(out["offsets"].size(), rules.offsets.size());
    for (std::size_t i = 0; i < rules.offsets.size(); ++i) {
      EXPECT_EQ(out["offsets"][i], json({rules.offsets[i].dr, rules.offsets[i].dc}));
    }
    EXPECT_EQ(out["rows"], 2);
    EXPECT_EQ(out["cols"], 3);
    EXPECT_TRUE(out["refusal"].is_null());
  }
  const json holes =
      answer(api_rules(R"({"rules":"holes=[0100/0000/0001]","rows":5,"cols":5})", page_limits()));
  EXPECT_EQ(holes["holes"], json({"0100", "0000", "0001"}));
  EXPECT_EQ(holes["rows"], 3) << "the holes fix the size";
  EXPECT_EQ(holes["cols"], 4);
  const json bare = answer(api_rules(R"({"rules":"torus"})", page_limits()));
  EXPECT_TRUE(bare["rows"].is_null());
  EXPECT_TRUE(bare["refusal"].is_null());
  EXPECT_TRUE(answer(api_rules(R"({"rules":"graph=[3:0-1/1-2]"})", page_limits()))["graph"]);
}

TEST(PageApi, RefusalsFollowTheLimitsAndTheWorkEstimate) {
  const Limits limits = page_limits();
  const auto refusal = [&](const char* rules, int rows, int cols) {
    return answer(api_rules(json{{"rules", rules}, {"rows", rows}, {"cols", cols}}.dump(),
                            limits))["refusal"];
  };
  EXPECT_TRUE(refusal("", 1000, 1000).is_null());
  EXPECT_EQ(refusal("", 1001, 6), "1001 x 6 has a side over the limit of 1000");
  EXPECT_TRUE(refusal("torus,states=255", 256, 256).is_null());
  // rowcol with a holes grid (without a hole) is dense elimination; the square neighbourhood has a
  // band (banded elimination per prime power) and is admitted.
  std::string grid = "nbhd=rowcol,states=255,holes=[";
  for (int r = 0; r < 60; ++r) grid.append(r == 0 ? "" : "/").append(60, '0');
  grid += ']';
  EXPECT_EQ(refusal(grid.c_str(), 60, 60),
            "60 x 60 with these rules is estimated at 1.4e+11 units of work for dense elimination "
            "(about 0.039 hours at a nanosecond a unit), over the limit of 3e+09");
  EXPECT_TRUE(refusal("nbhd=square,states=255", 60, 60).is_null());
  // The faster methods are admitted: 1000 x 1000 plus with 3 states, and 256 x 256 under the
  // named neighbourhoods and a mask with 3 states on the plane.
  EXPECT_TRUE(refusal("states=3", 1000, 1000).is_null());
  for (const char* rules : {"nbhd=x,states=3", "nbhd=square,states=3", "nbhd=knight,states=3",
                            "nbhd=11010/11011/11101/10001/01011,states=3"}) {
    EXPECT_TRUE(refusal(rules, 256, 256).is_null()) << rules;
  }
  // rowcol without holes has its closed form: admitted at any size the cell limit takes.
  EXPECT_TRUE(refusal("nbhd=rowcol,states=255", 1000, 1000).is_null());
  // The same words as a solve refused by the same limit.
  const ApiResponse solve =
      api_solve(json{{"rows", 60},
                     {"cols", 60},
                     {"rules", grid},
                     {"lights", std::vector<std::string>(60, std::string(60, '0'))}}
                    .dump(),
                limits);
  EXPECT_EQ(answer(solve, 413)["error"],
            "board: 60 x 60 with these rules is estimated at 1.4e+11 units of work for dense "
            "elimination (about 0.039 hours at a nanosecond a unit), over the limit of 3e+09");
}

TEST(PageApi, PressAndApplyFollowThePressModel) {
  const Limits limits = page_limits();
  for (const char* text :
       {"", "torus,states=3,nbhd=x", "nbhd=rowcol,self=0", "holes=[0010/0000/1000]"}) {
    const Rules rules = parse_rules(text);
    std::vector<std::string> presses(3, "0000");
    for (std::size_t r = 0; r < 3; ++r) {
      for (std::size_t c = 0; c < 4; ++c) {
        const json out = answer(api_press(
            json{{"rules", text}, {"rows", 3}, {"cols", 4}, {"row", r}, {"col", c}}.dump(),
            limits));
        std::vector<unsigned> got(12, 0);
        for (const json& cell : out["cells"]) got.at(cell[0].get<std::size_t>()) = cell[1];
        EXPECT_EQ(got, test::oracle_effect(rules, 3, 4, r, c)) << text;
      }
    }
    // Pressing (1, 2) once from a dark board is that press's effect.
    presses[1][2] = '1';
    const json applied = answer(api_apply(json{{"rules", text},
                                               {"rows", 3},
                                               {"cols", 4},
                                               {"lights", {"0000", "0000", "0000"}},
                                               {"presses", presses}}
                                              .dump(),
                                          limits));
    const std::vector<unsigned> effect = test::oracle_effect(rules, 3, 4, 1, 2);
    for (std::size_t i = 0; i < 12; ++i) {
      EXPECT_EQ(applied["lights"][i / 4].get<std::string>()[i % 4] - '0',
                static_cast<int>(effect[i]))
          << text;
    }
  }
  EXPECT_EQ(answer(api_press(R"({"rows":3,"cols":4,"row":3,"col":0})", limits), 400)["error"],
            "row: expected an integer from 0 to 2");
  EXPECT_EQ(answer(api_apply(R"({"rows":1,"cols":2,"lights":["00"],"presses":["02"]})", limits),
                   400)["error"],
            "presses[0]: character 2 is not 0 or 1");
}

TEST(PageApi, RandomBoardsAreSolvableAndFollowTheSeed) {
  const Limits limits = page_limits();
  for (const char* text : {"", "torus,states=3", "nbhd=x,holes=[000/010/000]"}) {
    const std::string body = json{{"rules", text}, {"rows", 3}, {"cols", 3}, {"seed", 11}}.dump();
    const json a = answer(api_random(body, limits));
    EXPECT_EQ(a, answer(api_random(body, limits))) << "the same seed, the same board";
    const json solved = answer(api_solve(
        json{{"rules", text}, {"rows", 3}, {"cols", 3}, {"lights", a["lights"]}}.dump(), limits));
    EXPECT_TRUE(solved["solvable"]) << text;
    EXPECT_GT(solved["press_count"].get<int>(), 0) << "not at the goal already: " << text;
  }
}

TEST(PageApi, FixMakesTheBoardSolvable) {
  const Limits limits = page_limits();
  // 4 x 4 classic: nullity 4; one lit corner is unsolvable and one change fixes it.
  const json fix =
      answer(api_fix(R"({"rows":4,"cols":4,"lights":["1000","0000","0000","0000"]})", limits));
  EXPECT_FALSE(fix["solvable"]);
  EXPECT_EQ(fix["count"], 1);
  EXPECT_TRUE(fix["exact"]);
  // The marked change applied: solvable now.
  std::vector<std::string> lights{"1000", "0000", "0000", "0000"};
  for (std::size_t r = 0; r < 4; ++r) {
    for (std::size_t c = 0; c < 4; ++c) {
      if (fix["changes"][r].get<std::string>()[c] == '1') lights[r][c] ^= 1;
    }
  }
  EXPECT_TRUE(answer(
      api_solve(json{{"rows", 4}, {"cols", 4}, {"lights", lights}}.dump(), limits))["solvable"]);
  const json fine = answer(api_fix(R"({"rows":2,"cols":2,"lights":["10","01"]})", limits));
  EXPECT_TRUE(fine["solvable"]);
  EXPECT_EQ(fine["count"], 0);
  EXPECT_EQ(answer(api_fix(json{{"rows", 51}, {"cols", 50}}.dump(), limits), 413)["error"],
            "board: the fewest lights to change are searched up to 2500 cells");
}

// Was (issue 40): /api/fix was admitted holding about 168 MiB whatever its board. Its estimate
// now follows the board, and the search asks for its own memory once it knows its size.
TEST(PageApi, FixAsksForTheMemoryOfItsSearch) {
  const Limits limits = page_limits();
  const std::string corner = R"({"rows":4,"cols":4,"lights":["1000","0000","0000","0000"]})";
  EXPECT_LT(estimate_fix(R"({"rows":1,"cols":1,"lights":["1"]})", limits).memory_bytes,
            std::size_t{2} << 20);
  EXPECT_LT(estimate_fix(corner, limits).memory_bytes, std::size_t{2} << 20);
  // The largest board (and a body not read on the I/O thread) within the smallest budget, 16M.
  const std::string shape = json{{"rows", 50}, {"cols", 50}}.dump();
  const std::size_t largest = estimate_fix(shape, limits).memory_bytes;
  EXPECT_GT(largest, std::size_t{8} << 20);
  EXPECT_EQ(estimate_fix(std::string(20000, ' '), limits).memory_bytes,
            largest - 4 * shape.size() + 4 * 20000);
  EXPECT_LT(largest, std::size_t{16} << 20);
  // 4 x 4 has 4 conditions: a search over 2^4 syndromes, asked for before it runs.
  std::vector<std::size_t> asked;
  const GrantMemory grant = [&asked](std::size_t bytes) {
    asked.push_back(bytes);
    return 0;
  };
  EXPECT_EQ(answer(api_fix(corner, limits, grant))["count"], 1);
  ASSERT_FALSE(asked.empty());
  std::size_t total = 0;
  for (const std::size_t b : asked) total += b;
  EXPECT_GE(total, fix_search_bytes(16));
  EXPECT_LT(total, std::size_t{1} << 20);
  // Refused: the status the grant names, and no answer computed.
  const json too_big = answer(api_fix(corner, limits, [](std::size_t) { return 413; }), 413);
  EXPECT_NE(too_big["error"].get<std::string>().find("over the server's --memory budget"),
            std::string::npos)
      << too_big;
  const json busy = answer(api_fix(corner, limits, [](std::size_t) { return 503; }), 503);
  EXPECT_NE(busy["error"].get<std::string>().find("busy"), std::string::npos) << busy;
  // A solvable board needs no search.
  asked.clear();
  EXPECT_TRUE(
      answer(api_fix(R"({"rows":2,"cols":2,"lights":["10","01"]})", limits, grant))["solvable"]);
  EXPECT_TRUE(asked.empty());
}

}  // namespace
}  // namespace lightsout::api

namespace lightsout::api {
namespace {

json board_of(const std::string& text, unsigned states = 2, int status = 200) {
  return answer(api_board(json{{"text", text}, {"states", states}}.dump(), page_limits()), status);
}

TEST(PageApi, RulesAreLightWhileShortAndFixNever) {
  EXPECT_TRUE(estimate_rules(R"({"rules":"torus"})").light);
  const std::string holes =
      json{{"rules", "holes=[" + std::string(kParseInline, '0') + "]"}}.dump();
  EXPECT_FALSE(estimate_rules(holes).light);
  EXPECT_GE(estimate_rules(holes).memory_bytes, holes.size());
  const std::string small = R"({"rows":2,"cols":2,"lights":["10","01"]})";
  const WorkEstimate fix = estimate_fix(small, Limits{});
  EXPECT_FALSE(fix.light);
  EXPECT_GE(fix.memory_bytes, small.size() * 4);  // and the board's own (FixAsksForTheMemory...)
}

TEST(PageApi, BoardTextInTheFormatsTheCliReads) {
  const json grid = board_of(".#.\n###\n.#.\n");
  EXPECT_EQ(grid["lights"], json({"010", "111", "010"}));
  EXPECT_EQ(grid["puzzles"], 1);
  EXPECT_EQ(board_of("P1\n2 2\n1 0\n0 1\n")["lights"], json({"10", "01"}));
  EXPECT_EQ(board_of("0 1 1\n1 0 0\n")["lights"], json({"011", "100"}));
  EXPECT_EQ(board_of("0 2 1\n1 0 2\n", 3)["lights"], json({"021", "102"}));
  // Count-first judge text: the first of its puzzles.
  const json counted = board_of("2\n1 0\n0 0\n0 1\n1 1\n");
  EXPECT_EQ(counted["puzzles"], 2);
  EXPECT_EQ(counted["rows"], 2);
  EXPECT_EQ(counted["lights"], json({"10", "00"}));
  EXPECT_EQ(board_of("1\n0\n")["lights"], json({"1", "0"})) << "a board of one column, no count";
}

TEST(PageApi, BadBoardTextIsOneLineNamingWhere) {
  const std::string bad = board_of("0 1\n0 2\n", 2, 400)["error"];
  EXPECT_EQ(bad.rfind("text: 2:3: ", 0), 0U) << bad;
  EXPECT_EQ(bad.find('\n'), std::string::npos);
  EXPECT_EQ(board_of("01\n02\n", 2, 400)["error"],
            "text: 2:2: expected '0', '1', '.' or '#', found '2'")
      << "a lone number as wide as the next row is a row, not a count";
  EXPECT_EQ(board_of("3\n1 0\n0 0\n", 2, 400)["error"],
            "text: count-first text says 3 puzzles but has 2 rows, not a multiple of it");
  EXPECT_EQ(board_of(" \n", 2, 400)["error"],
            "text: empty (expected rows of 0 and 1, one row per line)");
  EXPECT_EQ(board_of(std::string(1001, '0'), 2, 413)["error"],
            "text: 1 x 1001 has a side over the limit of 1000");
}

}  // namespace
}  // namespace lightsout::api
