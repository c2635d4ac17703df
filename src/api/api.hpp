// The JSON API of `lightsout serve`, as plain functions of the request body (no sockets here, so
// tests can call them directly). Every function returns a status and a JSON body; a client error
// is {"error": "..."} naming the field. The solving itself is the core library's.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "lightsout/rules.hpp"

namespace lightsout::api {

// The largest body that must be taken for a board of `max_cells` cells in compact JSON: its worst
// shape is one column ("0", per row: 4 bytes a cell), with room for the other fields and spaces.
constexpr std::size_t body_limit_for(std::size_t max_cells) {
  return max_cells * 8 + (std::size_t{64} << 10);
}

struct Limits {
  std::size_t max_cells = std::size_t{1} << 20;        // /api/solve, classic rules
  std::size_t max_rules_cells = std::size_t{1} << 20;  // /api/solve and /api/info, other rules
  // Other rules are weighed by plan_solve (lightsout/plan.hpp, about a
  // nanosecond a unit natively) and the dense elimination's bytes: 256 x 256 torus K = 255 is
  // 1.6e9, 60 x 60 square K = 255 is 4.8e9 (refused); rowcol without holes is linear.
  double max_rules_work = 3e9;
  double max_rules_bytes = 256.0 * 1024 * 1024;
  std::size_t max_kernel_cells = 2500;    // /api/info sends the quiet patterns up to this
  std::size_t max_chase_cells = 2500;     // /api/chase
  std::size_t max_info_side = 1'000'000;  // /api/info
  std::size_t max_json_depth = 16;        // deeper nesting is rejected before parsing
  std::size_t max_body_bytes = body_limit_for(std::size_t{1} << 20);
};

struct ApiResponse {
  int status = 200;
  std::string body;  // JSON
};

ApiResponse api_solve(std::string_view body, const Limits& limits);
// A /api/solve body parsed once on the server's I/O thread (admit_solve), with its rules and
// their plan, kept for the worker that solves it.
struct ParsedSolve;
ApiResponse api_solve(const ParsedSolve& parsed, const Limits& limits);
ApiResponse api_chase(std::string_view body, const Limits& limits);
// size = "RxC", rules = the rules text ("" = classic).
ApiResponse api_info(std::string_view size, std::string_view rules, const Limits& limits);
// What a request will cost, judged cheaply before any solving (a body above kParseInline bytes
// is not even parsed): `light` ones are answered at once on the I/O thread (microseconds), the
// others go through admission to the worker pool holding `memory_bytes` of the budget.
struct WorkEstimate {
  bool light = true;
  std::size_t memory_bytes = 0;
};
inline constexpr std::size_t kParseInline = std::size_t{16} << 10;
// A /api/solve body judged on the I/O thread: its `answer` when that was light work (or the
// request failed), else the `estimate` to admit it by and, for a body of at most kParseInline
// bytes, the body as parsed here (`parsed`, for api_solve: nothing is parsed or planned twice);
// a longer body is not parsed here (`parsed` empty: the worker parses it).
struct SolveAdmission {
  std::optional<ApiResponse> answer;
  WorkEstimate estimate;
  std::shared_ptr<const ParsedSolve> parsed;
};
SolveAdmission admit_solve(std::string_view body, const Limits& limits);
WorkEstimate estimate_chase(std::string_view body);
WorkEstimate estimate_info(std::string_view size, std::string_view rules);
// /api/rules: light while the body is short (a long one is a large holes grid or graph);
// /api/fix: never light (it finds the quiet patterns of a board of up to max_kernel_cells); its
// estimate holds the quiet patterns of the board's cells (all max_kernel_cells of them when the
// body is too long to read here), and its search asks for its own memory (GrantMemory).
WorkEstimate estimate_rules(std::string_view body);
WorkEstimate estimate_fix(std::string_view body, const Limits& limits);

// More memory for a request that is running, asked for once its size is known (the search of
// /api/fix, which is known only with the board's quiet patterns): 0 when granted, else the
// status to refuse the request with, 413 (more than the whole budget) or 503 (not free now).
using GrantMemory = std::function<int(std::size_t bytes)>;

// The page's calls (the playground runs them in WebAssembly; the server answers /api/rules and
// /api/fix of them, the others only in the page's module), each a JSON object with "rules" (the
// rules text, "" = classic) and, but for api_rules, "rows" and "cols" (see docs/api.md):
//   api_rules: the rules parsed (canonical text, parts, offsets, holes) and, for a size (the
//     request's rows and cols, or the holes' or graph's), whether the board is refused
//   api_press: the cells one press of "row", "col" changes and by how much
//   api_apply: "lights" after the presses of "presses" (both grids)
//   api_random: a random solvable board from "seed"
//   api_fix: the fewest lights to change to make "lights" solvable
//   api_board (no "rules"): one board read from "text" with "states" (default 2) in any format
//     the CLI reads, or the first puzzle of count-first judge text ("puzzles": the count)
ApiResponse api_rules(std::string_view body, const Limits& limits);
ApiResponse api_press(std::string_view body, const Limits& limits);
ApiResponse api_apply(std::string_view body, const Limits& limits);
ApiResponse api_random(std::string_view body, const Limits& limits);
// api_fix asks `grant` (when set) for its search's memory; the caller gives back what it granted
// once the call returns.
ApiResponse api_fix(std::string_view body, const Limits& limits, const GrantMemory& grant = {});
ApiResponse api_board(std::string_view body, const Limits& limits);

// Why a rows x cols board under `rules` is refused, in words ("50 x 50 with these rules is
// estimated at 4.7e+10 units of work for dense elimination (about 0.013 hours at a nanosecond a
// unit), over the limit of 3e+09"), or nothing: other rules whose plan refuse_plan refuses
// (lightsout/plan.hpp, the CLI's and Python's rule too; rules_work_refusal), and also sides above
// max_info_side or cells above the limit (board_refusal).
std::optional<std::string> rules_work_refusal(const Rules& rules, std::size_t rows,
                                              std::size_t cols, const Limits& limits);
std::optional<std::string> board_refusal(const Rules& rules, std::size_t rows, std::size_t cols,
                                         const Limits& limits);

// {"error": error_text(message)} with the given status.
ApiResponse api_error(int status, std::string_view message);
// An error message as sent: control bytes shown as \xHH (a message may quote the request), at
// most kMaxErrorBytes bytes with "..." after a cut (never inside a UTF-8 sequence), and counts
// of one singular.
inline constexpr std::size_t kMaxErrorBytes = 200;
std::string error_text(std::string_view message);

}  // namespace lightsout::api
