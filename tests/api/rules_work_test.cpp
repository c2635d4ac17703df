// The API's cost-based limit for rules other than the classic: large plus-neighbourhood boards
// (256 x 256 torus, 255 states) are solved, boards whose estimated work is too large are refused.
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "api/api.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/rules_text.hpp"

namespace lightsout::api {
namespace {

using nlohmann::json;

// The torus plus press (the button and its four neighbours), written out here: the oracle.
std::vector<unsigned> torus_effect(const std::vector<unsigned>& presses, std::size_t n,
                                   unsigned k) {
  std::vector<unsigned> out(n * n, 0);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      const unsigned x = presses[r * n + c];
      // (dr, dc) as steps forward mod n: n - 1 is one back.
      for (const auto& [dr, dc] :
           {std::pair<std::size_t, std::size_t>{0, 0}, {1, 0}, {n - 1, 0}, {0, 1}, {0, n - 1}}) {
        const std::size_t rr = (r + dr) % n;
        const std::size_t cc = (c + dc) % n;
        out[rr * n + cc] = (out[rr * n + cc] + x) % k;
      }
    }
  }
  return out;
}

TEST(RulesWork, Torus256With255StatesIsSolved) {
  const std::size_t n = 256;
  const unsigned k = 255;
  std::vector<unsigned> hidden(n * n);
  std::uint32_t s = 12345;
  for (unsigned& v : hidden) {
    s = s * 1664525U + 1013904223U;
    v = (s >> 8) % k;
  }
  // lights = -(A hidden): solvable by construction.
  std::vector<unsigned> lights = torus_effect(hidden, n, k);
  for (unsigned& v : lights) v = (k - v) % k;
  json rows = json::array();
  for (std::size_t r = 0; r < n; ++r) {
    rows.push_back(
        std::vector<unsigned>(lights.begin() + static_cast<std::ptrdiff_t>(r * n),
                              lights.begin() + static_cast<std::ptrdiff_t>((r + 1) * n)));
  }
  const json body = {{"rows", n}, {"cols", n}, {"rules", "torus,states=255"}, {"lights", rows}};
  const ApiResponse res = api_solve(body.dump(), Limits{});
  ASSERT_EQ(res.status, 200) << res.body.substr(0, 300);
  const json doc = json::parse(res.body);
  ASSERT_TRUE(doc["solvable"].get<bool>());
  std::vector<unsigned> presses;
  for (const json& row : doc["presses"]) {
    for (const json& v : row) presses.push_back(v.get<unsigned>());
  }
  ASSERT_EQ(presses.size(), n * n);
  const std::vector<unsigned> effect = torus_effect(presses, n, k);
  for (std::size_t i = 0; i < n * n; ++i) {
    ASSERT_EQ((lights[i] + effect[i]) % k, 0U) << "cell " << i;
  }
}

// Rules with a holes grid of rows x cols without a hole: rowcol with one has neither the closed
// form nor a band, so it stays the example of dense elimination.
std::string with_grid(const std::string& rules, std::size_t rows, std::size_t cols) {
  std::string text = rules + ",holes=[";
  for (std::size_t r = 0; r < rows; ++r) text.append(r == 0 ? "" : "/").append(cols, '0');
  return text + "]";
}

TEST(RulesWork, EstimatesOrderTheBoards) {
  const auto work = [](const char* rules, std::size_t rows, std::size_t cols) {
    return plan_solve(parse_rules(rules), rows, cols).work;
  };
  const Limits limits;
  EXPECT_LT(work("torus,states=255", 256, 256), limits.max_rules_work);
  EXPECT_LT(work("nbhd=square,torus", 256, 256), limits.max_rules_work);
  EXPECT_LT(work("nbhd=knight,states=255", 30, 30), limits.max_rules_work);
  // The chase's reduced system over each odd prime of K by the blocked LU: 512 x 512 on the
  // torus with 255 states, and 1000 x 1000 with 3 states, are admitted; 3000 x 3000 on the torus
  // (past the chase's 4096 unknowns) is not.
  EXPECT_LT(work("torus,states=255", 512, 512), limits.max_rules_work);
  EXPECT_LT(work("states=3", 1000, 1000), limits.max_rules_work);
  EXPECT_GT(work("torus,states=255", 3000, 3000), limits.max_rules_work);
  // Light chasing with extra unknowns: x, square, knight on the plane at 1000 x 1000.
  EXPECT_LT(work("nbhd=x,states=3", 1000, 1000), limits.max_rules_work);
  EXPECT_LT(work("nbhd=square,states=5", 1000, 1000), limits.max_rules_work);
  EXPECT_LT(work("nbhd=knight,states=3", 1000, 1000), limits.max_rules_work);
  EXPECT_GT(work("nbhd=square,states=4,torus", 80, 80), limits.max_rules_work);
  EXPECT_GT(work(with_grid("nbhd=rowcol,states=255", 60, 60).c_str(), 60, 60),
            limits.max_rules_work);
  // The square neighbourhood on the torus has a band: banded elimination per prime power of 255.
  EXPECT_LT(work("nbhd=square,states=255,torus", 60, 60), limits.max_rules_work);
  // rowcol without holes: the closed form, linear in the cells.
  EXPECT_LT(work("nbhd=rowcol,states=255", 1000, 1000), limits.max_rules_work);
  EXPECT_GT(work("nbhd=rowcol,states=255,holes=[000/010/000]", 3, 3), 0.0);
  // More primes in K, more work; a prime power costs more than a prime (no blocked LU); holes
  // leave the chase.
  EXPECT_GT(work("torus,states=255", 64, 64), work("torus,states=3", 64, 64));
  EXPECT_GT(work("torus,states=128", 64, 64), work("torus,states=127", 64, 64));
  EXPECT_GT(work("holes=[000/010/000],states=3", 3, 3), 0.0);
  // K > 2 with a band (on the torus, where the chase with extra unknowns does not go): banded
  // elimination, far below dense elimination's n^2 w.
  EXPECT_LT(work("nbhd=x,states=3,torus", 256, 256), 1e11);
  EXPECT_GT(work(with_grid("nbhd=rowcol,states=3", 256, 256).c_str(), 256, 256), 1e13);
  EXPECT_EQ(lightsout::plan_solve(parse_rules("nbhd=x,states=5,torus"), 256, 256).method,
            Method::banded);
  EXPECT_EQ(lightsout::plan_solve(parse_rules("nbhd=x,states=5"), 256, 256).method, Method::chase);
  // K with a square factor: the Solver may fall back to dense elimination, so the estimate does.
  EXPECT_EQ(lightsout::plan_solve(parse_rules("nbhd=x,states=4,torus"), 64, 64).method, Method::zk);
}

// `res` is a 413 whose body holds `text`.
void expect_refused(const ApiResponse& res, const std::string& text) {
  EXPECT_EQ(res.status, 413) << res.body;
  EXPECT_NE(res.body.find(text), std::string::npos) << res.body;
}

TEST(RulesWork, TooMuchWorkIsRefusedWithTheEstimate) {
  json rows = json::array();
  for (int r = 0; r < 60; ++r) rows.push_back(std::string(60, '0'));
  const json body = {{"rows", 60},
                     {"cols", 60},
                     {"rules", with_grid("nbhd=rowcol,states=255", 60, 60)},
                     {"lights", rows}};
  ApiResponse res = api_solve(body.dump(), Limits{});
  expect_refused(res,
                 "units of work for dense elimination (about 0.039 hours at a nanosecond a unit), "
                 "over the limit of 3e+09");
  // 4 has a square factor: no polynomial facts, and a torus mask other than plus: elimination.
  res = api_info("512x512", "torus,nbhd=square,states=4", Limits{});
  // Dense elimination past its cell limit: the Solver's own refusal, as the CLI and Python say it.
  expect_refused(res,
                 "a 512x512 board has 262144 cells; the rules solver (dense elimination) takes "
                 "at most 65536 cells for 4 states");
  // The facts of the large torus, without the quiet patterns (past max_kernel_cells).
  res = api_info("256x256", "torus,states=252", Limits{});
  ASSERT_EQ(res.status, 200) << res.body;
  const json doc = json::parse(res.body);
  EXPECT_TRUE(doc["kernel"].is_null()) << res.body.substr(0, 300);
}

// The plus rules on a torus or cylinder with a square-free K take their facts from polynomials:
// no cell limit applies, their work estimate is that of the polynomials (within the limit here),
// and admission reserves little.
TEST(RulesWork, TorusAndCylinderFactsAtAnySize) {
  for (const char* rules : {"torus", "cylinder", "torus,states=255", "cylinder,self=0"}) {
    const char* size =
        std::string(rules).find("255") == std::string::npos ? "1000000x1000000" : "4096x4096";
    const ApiResponse res = api_info(size, rules, Limits{});
    ASSERT_EQ(res.status, 200) << rules << ": " << res.body;
    const json doc = json::parse(res.body);
    EXPECT_TRUE(doc["kernel"].is_null()) << rules;
    const WorkEstimate e = estimate_info(size, rules);
    EXPECT_LE(e.memory_bytes, std::size_t{1} << 30) << rules;
    EXPECT_LT(e.memory_bytes, estimate_info(size, "torus,states=4").memory_bytes) << rules;
  }
  const json doc = json::parse(api_info("1000000x1000000", "torus", Limits{}).body);
  EXPECT_EQ(doc["nullity"].get<std::uint64_t>() + doc["solvable_log2"].get<std::uint64_t>(),
            std::uint64_t{1000000} * 1000000);
  // Small boards still get their quiet patterns (the Solver's kernel), as many as the nullity.
  const json small = json::parse(api_info("6x6", "torus", Limits{}).body);
  EXPECT_EQ(small["kernel"].size(), small["nullity"].get<std::size_t>());
}

// Every rules set goes through the work limit, by the estimate of what board_facts runs: the torus
// polynomials with K = 230 on 1000000 x 999999 (seconds over GF(5) and GF(23)) and the classic
// polynomials past a lower limit are refused at once, naming the method.
TEST(RulesWork, InfoWeighsThePolynomialsToo) {
  const auto start = std::chrono::steady_clock::now();
  ApiResponse res = api_info("1000000x999999", "torus,states=230", Limits{});
  expect_refused(res, "with these rules is estimated at");
  expect_refused(res,
                 "for the torus and cylinder polynomials (about 0.01 hours at a nanosecond a "
                 "unit), over the limit of 3e+09");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0.5);
  Limits low;
  low.max_rules_work = 1e8;
  res = api_info("1000000x1000000", "", low);
  expect_refused(res, "size: 1000000 x 1000000 is estimated at");
  expect_refused(res, "for the nullity polynomials");
  // The estimate grows with the smaller odd part of R + 1 and C + 1: 2^k - 1 sides cost nothing.
  Limits wide;
  wide.max_info_side = std::size_t{1} << 20;
  res = api_info("1048575x1048575", "", wide);
  EXPECT_EQ(res.status, 200) << res.body;
  EXPECT_LT(plan_facts(parse_rules(""), 1048575, 1048575, false).work,
            plan_facts(parse_rules(""), 1000000, 1000000, false).work / 1000);
  // info's own limit: the hour of 10^9 x 10^9 is past it, x on the plane at 8000 x 8000 (light
  // chasing, 25 s to a minute) within it.
  EXPECT_GT(plan_facts(parse_rules(""), 1000000000, 1000000000, false).work, kMaxInfoWork);
  EXPECT_LT(plan_facts(parse_rules("nbhd=x"), 8000, 8000, false).work, kMaxInfoWork);
  EXPECT_EQ(plan_facts(parse_rules("nbhd=x"), 8000, 8000, false).method, Method::chase);
  Limits small_memory;
  small_memory.max_rules_bytes = 1e6;
  res = api_info("1000x1000", "torus,states=23", small_memory);
  expect_refused(res,
                 "needs about 1.1M for the torus and cylinder polynomials, over the limit of 977K");
}

// Admission reserves what the solve will hold: the core's estimate of the method's matrices for
// other rules, the rules memory limit for a body too large to parse on the I/O thread.
TEST(RulesWork, AdmissionReservesTheMatricesOfOtherRules) {
  const Limits limits;
  const auto body = [](std::size_t n, const char* rules) {
    json rows = json::array();
    for (std::size_t r = 0; r < n; ++r) rows.push_back(std::string(n, '0'));
    json b = {{"rows", n}, {"cols", n}, {"lights", rows}};
    if (rules != nullptr) b["rules"] = rules;
    return b.dump();
  };
  // 40 x 40, rowcol with a holes grid, 3 states: dense elimination over Z_3, 1600 x 1600 bytes
  // (x has a band: banded elimination, light).
  const std::string dense = body(40, with_grid("nbhd=rowcol,states=3", 40, 40).c_str());
  ASSERT_LE(dense.size(), kParseInline);
  const SolveAdmission e = admit_solve(dense, limits);
  EXPECT_FALSE(e.answer.has_value());
  EXPECT_FALSE(e.estimate.light);
  EXPECT_GE(e.estimate.memory_bytes, std::size_t{1600} * 1600);
  // Parsed once: the worker's solve of what admission kept answers as the body itself does, here
  // the same refusal (past the work limit), and on a smaller board the same presses.
  ASSERT_NE(e.parsed, nullptr);
  const ApiResponse refused = api_solve(*e.parsed, limits);
  EXPECT_EQ(refused.status, 413);
  EXPECT_EQ(refused.body, api_solve(dense, limits).body);
  const std::string small = body(12, with_grid("nbhd=rowcol,states=3", 12, 12).c_str());
  const SolveAdmission kept = admit_solve(small, limits);
  ASSERT_FALSE(kept.answer.has_value());
  ASSERT_NE(kept.parsed, nullptr);
  const ApiResponse from_parsed = api_solve(*kept.parsed, limits);
  const ApiResponse from_body = api_solve(small, limits);
  ASSERT_EQ(from_parsed.status, 200) << from_parsed.body;
  ASSERT_EQ(from_body.status, 200) << from_body.body;
  EXPECT_EQ(json::parse(from_parsed.body).at("presses"), json::parse(from_body.body).at("presses"));
  // The same board under the classic rules is light, answered at once, and holds little.
  const SolveAdmission classic = admit_solve(body(40, nullptr), limits);
  EXPECT_TRUE(classic.estimate.light);
  ASSERT_TRUE(classic.answer.has_value());
  EXPECT_EQ(classic.answer->status, 200) << classic.answer->body;
  EXPECT_EQ(classic.parsed, nullptr);
  EXPECT_LT(classic.estimate.memory_bytes, std::size_t{1600} * 1600 / 10);
  // Too large to parse here: naming rules at all reserves the rules memory limit, and the body
  // is left for the worker to parse.
  const std::string big = body(200, "torus");
  ASSERT_GT(big.size(), kParseInline);
  const SolveAdmission big_admitted = admit_solve(big, limits);
  EXPECT_FALSE(big_admitted.answer.has_value());
  EXPECT_EQ(big_admitted.parsed, nullptr);
  EXPECT_GE(static_cast<double>(big_admitted.estimate.memory_bytes), limits.max_rules_bytes);
  EXPECT_LT(static_cast<double>(admit_solve(body(200, nullptr), limits).estimate.memory_bytes),
            limits.max_rules_bytes);
  // Two states, banded elimination: the band of the press matrix in bits, at least n w / 8 bytes
  // (square neighbourhood on the 100 x 100 torus: w at least 2 rows of 100 and 3 more).
  EXPECT_GE(plan_solve(parse_rules("nbhd=square,torus"), 100, 100).bytes, 10000.0 * 203 / 8);
}

#ifdef LIGHTSOUT_BINARY
// The built CLI's one line on standard error for `solve --size RxC --rules TEXT ARGS`, without
// its "lightsout: --rules: " prefix.
std::string cli_refusal(const std::string& size, const std::string& rules,
                        const std::string& args) {
  const std::string command = std::string(LIGHTSOUT_BINARY) + " solve --size " + size +
                              " --rules '" + rules + "' " + args + " </dev/null 2>&1 >/dev/null";
  const std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string out;
  std::array<char, 512> chunk{};
  while (pipe && std::fgets(chunk.data(), static_cast<int>(chunk.size()), pipe.get()) != nullptr) {
    out += chunk.data();
  }
  const std::string prefix = "lightsout: --rules: ";
  EXPECT_EQ(out.rfind(prefix, 0), 0U) << out;
  if (out.rfind(prefix, 0) == 0) out.erase(0, prefix.size());
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// What follows the board's words (the CLI says "a RxC board under TEXT", the server "R x C with
// these rules"), up to the CLI's hint in parentheses at the end.
std::string after(const std::string& text, const std::string& board) {
  EXPECT_EQ(text.rfind(board, 0), 0U) << text;
  std::string rest = text.substr(std::min(board.size(), text.size()));
  const std::size_t hint = rest.rfind(" (give ");
  if (hint != std::string::npos) rest.erase(hint);
  return rest;
}

// The CLI and the server refuse through one function (refuse_plan): for the same rules, size and
// limits both give the same method, figures and limit, past memory, past the work limit, and
// past the dense elimination's cell limit (the Solver's own refusal, word for word).
TEST(RulesWork, TheCliAndTheServerRefuseAlike) {
  Limits limits;
  limits.max_rules_work = 1e13;  // the CLI's limit without --force

  limits.max_rules_bytes = 256.0 * 1024 * 1024;  // --memory 256M
  const std::optional<std::string> memory =
      rules_work_refusal(rules_with_files("nbhd=x"), 8000, 8000, limits);
  ASSERT_TRUE(memory);
  const std::string cli_memory = cli_refusal("8000x8000", "nbhd=x", "--memory 256M");
  EXPECT_EQ(after(*memory, "8000 x 8000 with these rules"),
            after(cli_memory, "a 8000x8000 board under nbhd=x"));
  EXPECT_NE(cli_memory.find(" needs about 1.0G for light chasing, over the limit of 256M"),
            std::string::npos)
      << cli_memory;

  // rowcol with a holes grid (no hole in it): dense elimination, past 1e13 units of work.
  const std::string holes = testing::TempDir() + "refuse_alike_z256.grid";
  {
    std::ofstream grid(holes);
    for (int r = 0; r < 256; ++r) grid << std::string(256, '0') << '\n';
  }
  const std::string rowcol = "nbhd=rowcol,states=3,holes=" + holes;
  limits.max_rules_bytes = 64.0 * 1024 * 1024 * 1024;  // --memory 64G
  const std::optional<std::string> work =
      rules_work_refusal(rules_with_files(rowcol), 256, 256, limits);
  ASSERT_TRUE(work);
  const std::string cli_work = cli_refusal("256x256", rowcol, "--memory 64G");
  EXPECT_EQ(after(*work, "256 x 256 with these rules"),
            after(cli_work, "a 256x256 board under " + rowcol));
  EXPECT_NE(cli_work.find(" units of work for dense elimination ("), std::string::npos) << cli_work;
  EXPECT_NE(cli_work.find("), over the limit of 1e+13 (give --force to run it)"), std::string::npos)
      << cli_work;

  // Dense elimination past its cell limit: the Solver's refusal, the same words from both.
  std::string solver_refusal;
  try {
    rules_work_refusal(rules_with_files("torus,nbhd=square,states=4"), 512, 512, limits);
  } catch (const std::length_error& e) {
    solver_refusal = e.what();
  }
  EXPECT_EQ(solver_refusal, cli_refusal("512x512", "torus,nbhd=square,states=4", ""));
  EXPECT_NE(solver_refusal.find("takes at most 65536 cells for 4 states"), std::string::npos)
      << solver_refusal;
}

// A forced --method is weighed by its own plan: the square neighbourhood on a 300 x 300 torus is
// banded elimination when chosen (well within the limits), but dense elimination when gf2 is
// forced (n^3 / 64 units, past the work limit): refused, naming dense elimination.
TEST(RulesWork, AForcedMethodIsWeighedByItsOwnPlan) {
  const Rules torus = parse_rules("torus,nbhd=square");
  const SolvePlan chosen = plan_solve(torus, 300, 300);
  EXPECT_EQ(chosen.method, Method::banded);
  EXPECT_LT(chosen.work, 1e13);
  const SolvePlan forced = plan_solve(torus, 300, 300, Method::gf2);
  EXPECT_EQ(forced.method, Method::gf2);
  EXPECT_EQ(forced.method_text, "dense elimination");
  EXPECT_GE(forced.work, 90000.0 * 90000 * 90000 / 64);
  // The automatic method planned by name is the plan itself, and a forced banded one the chosen
  // plan here (its band fits).
  const SolvePlan by_name = plan_solve(torus, 300, 300, Method::automatic);
  EXPECT_EQ(by_name.method, chosen.method);
  EXPECT_EQ(by_name.work, chosen.work);
  EXPECT_EQ(by_name.bytes, chosen.bytes);
  EXPECT_EQ(plan_solve(torus, 300, 300, Method::banded).work, chosen.work);
  // On the plane light chasing is chosen; banded elimination forced is planned as itself.
  const Rules plane = parse_rules("nbhd=square");
  EXPECT_EQ(plan_solve(plane, 300, 300).method, Method::chase);
  const SolvePlan banded = plan_solve(plane, 300, 300, Method::banded);
  EXPECT_EQ(banded.method, Method::banded);
  EXPECT_EQ(banded.method_text, "banded elimination");
  const std::string cli = cli_refusal("300x300", "torus,nbhd=square", "--method gf2");
  EXPECT_NE(cli.find("a 300x300 board under torus,nbhd=square is estimated at "), std::string::npos)
      << cli;
  EXPECT_NE(cli.find(" units of work for dense elimination ("), std::string::npos) << cli;
  EXPECT_NE(cli.find("(give --force to run it)"), std::string::npos) << cli;
}
#endif

}  // namespace
}  // namespace lightsout::api
