// JSON parsing and validation for the web API, then one call into the core per request.
#include "api.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <iomanip>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_schema.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/chase_trace.hpp"
#include "lightsout/fix_solvable.hpp"
#include "lightsout/info.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/press_cells.hpp"
#include "lightsout/random_board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "solver_cache.hpp"

namespace lightsout::api {

namespace {

using nlohmann::json;

// A client error: status (400 or 413) and a message naming the field.
struct ClientError {
  int status;
  std::string message;
};

[[noreturn]] void fail(int status, std::string message) {
  throw ClientError{status, std::move(message)};
}

// "1 row", "2 rows": a count and its noun, singular for one.
std::string count_of(std::size_t n, std::string_view noun) {
  std::string out = std::to_string(n) + " " + std::string(noun);
  if (n != 1) out += 's';
  return out;
}

// Depth of [ and { nesting outside strings; stops counting past `limit`.
bool nesting_within(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (in_string) {
      if (ch == '\\') {
        ++i;
      } else if (ch == '"') {
        in_string = false;
      }
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > limit) return false;
    } else if (ch == ']' || ch == '}') {
      if (depth > 0) --depth;
    }
  }
  return true;
}

json parse_body(std::string_view body, const Limits& limits) {
  if (body.size() > limits.max_body_bytes) fail(413, "body: larger than the limit");
  if (!nesting_within(body, limits.max_json_depth)) fail(400, "body: JSON nested too deeply");
  // nlohmann::json ends its input at a NUL byte, so "{...}\0anything" would parse as "{...}";
  // JSON text holds none (in a string it is written \u0000).
  if (const std::size_t nul = body.find('\0'); nul != std::string_view::npos) {
    fail(400, "body: a NUL byte at offset " + std::to_string(nul) + " (JSON text has none)");
  }
  json doc;
  try {
    doc = json::parse(body.begin(), body.end());
  } catch (const json::exception& e) {  // parse_error, or out_of_range for a number like 1e400
    // e.what(): "[json.exception.parse_error.101] parse error at line 1, column 9: ..."
    std::string what = e.what();
    const std::size_t at = what.find("] ");
    fail(400, "body: malformed JSON: " + (at == std::string::npos ? what : what.substr(at + 2)));
  }
  if (!doc.is_object()) fail(400, "body: expected a JSON object");
  return doc;
}

// A positive integer field. Absent, negative, fractional, or not a number: 400. Above 2^32: 413,
// however large (from 2^64 on, JSON's integers reach nlohmann::json as floating point).
std::size_t size_field(const json& doc, const char* name) {
  const auto it = doc.find(name);
  if (it == doc.end()) fail(400, std::string(name) + ": missing");
  const auto too_large = [name] {
    fail(413, std::string(name) + ": too large (at most " + std::to_string(std::uint64_t{1} << 32) +
                  ")");
  };
  if (it->is_number_float() && std::isfinite(it->get<double>()) &&
      std::floor(it->get<double>()) == it->get<double>() &&
      it->get<double>() > static_cast<double>(std::uint64_t{1} << 32)) {
    too_large();
  }
  if (!it->is_number_integer()) fail(400, std::string(name) + ": expected a positive integer");
  if (it->is_number_unsigned()) {
    const std::uint64_t v = it->get<std::uint64_t>();
    if (v == 0) fail(400, std::string(name) + ": expected a positive integer");
    if (v > (std::uint64_t{1} << 32)) too_large();
    return static_cast<std::size_t>(v);
  }
  const std::int64_t v = it->get<std::int64_t>();
  if (v <= 0) fail(400, std::string(name) + ": expected a positive integer");
  if (static_cast<std::uint64_t>(v) > (std::uint64_t{1} << 32)) too_large();
  return static_cast<std::size_t>(v);
}

// rows * cols > limit, without overflow.
bool too_many_cells(std::size_t rows, std::size_t cols, std::size_t limit) {
  return rows > limit / cols || rows * cols > limit;
}

bool bool_field(const json& doc, const char* name, bool fallback) {
  const auto it = doc.find(name);
  if (it == doc.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) fail(400, std::string(name) + ": expected true or false");
  return it->get<bool>();
}

// The fewest-presses search's time budget: `minimal_time` seconds, in (0, kMaxMinimalSeconds].
constexpr double kDefaultMinimalSeconds = 2.0;
constexpr double kMaxMinimalSeconds = 10.0;
double minimal_time_field(const json& doc) {
  const auto it = doc.find("minimal_time");
  if (it == doc.end() || it->is_null()) return kDefaultMinimalSeconds;
  if (!it->is_number() || !(it->get<double>() > 0) || it->get<double>() > kMaxMinimalSeconds) {
    fail(400, "minimal_time: expected seconds, more than 0 and at most 10");
  }
  return it->get<double>();
}

std::string rules_field(const json& doc) {
  const auto it = doc.find("rules");
  if (it == doc.end() || it->is_null()) return {};
  if (!it->is_string()) fail(400, "rules: expected a string");
  // Refused here: the rules reader's messages would end at it (they pass through C strings).
  const std::string& text = it->get_ref<const std::string&>();
  if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
    fail(400, "rules: a NUL character (\\u0000) at offset " + std::to_string(nul));
  }
  return text;
}

// The value of lights[r][c] in a row given as text ("0120", K <= 10) or as numbers ([0, 12, 254]).
unsigned cell_value(const json& row, std::size_t c) {
  if (row.is_string()) return static_cast<unsigned>(row.get_ref<const std::string&>()[c] - '0');
  return row[c].get<unsigned>();
}

// "lights": rows rows, each a string of cols digits 0..K-1 (K <= 10) or an array of cols integers
// 0..K-1 (any K): the schema of grid_json, so an answer's "presses" can be sent back as lights.
const json& lights_field(const json& doc, std::size_t rows, std::size_t cols, unsigned states,
                         const char* name = "lights") {
  const auto it = doc.find(name);
  if (it == doc.end()) fail(400, std::string(name) + ": missing");
  if (!it->is_array()) {
    fail(400, std::string(name) + ": expected an array of rows (strings or arrays)");
  }
  if (it->size() != rows) {
    fail(400, std::string(name) + ": expected " + count_of(rows, "row") + ", got " +
                  std::to_string(it->size()));
  }
  const std::string range =
      states == 2 ? std::string("0 or 1") : "a value 0.." + std::to_string(states - 1);
  // "lights[r]: character 3 is not 0 or 1" (a string's character, counted from 1), or
  // "lights[r][c] is 256, not 0 or 1" (an array's value at its JSON index, shown capped).
  const auto bad_value = [&range](const std::string& where, const char* kind, std::size_t c,
                                  const json* value = nullptr) {
    std::string message = where;
    if (value != nullptr) {
      std::string shown = value->dump(-1, ' ', false, json::error_handler_t::replace);
      if (shown.size() > 24) shown = shown.substr(0, 24) + "...";
      message += "[" + std::to_string(c) + "] is " + shown + ", not " + range;
    } else {
      message += kind + std::to_string(c + 1) + " is not " + range;
    }
    fail(400, std::move(message));
  };
  for (std::size_t r = 0; r < rows; ++r) {
    const json& row = (*it)[r];
    const std::string where = std::string(name) + "[" + std::to_string(r) + "]";
    if (row.is_string()) {
      const std::string& s = row.get_ref<const std::string&>();
      if (s.size() != cols) {
        fail(400, where + ": expected " + count_of(cols, "character") + ", got " +
                      std::to_string(s.size()));
      }
      for (std::size_t c = 0; c < cols; ++c) {
        if (s[c] < '0' || s[c] > '9' || static_cast<unsigned>(s[c] - '0') >= states) {
          bad_value(where, ": character ", c);
        }
      }
    } else if (row.is_array()) {
      if (row.size() != cols) {
        fail(400, where + ": expected " + count_of(cols, "value") + ", got " +
                      std::to_string(row.size()));
      }
      for (std::size_t c = 0; c < cols; ++c) {
        const json& v = row[c];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= states) {
          bad_value(where, ": value ", c, &v);
        }
      }
    } else {
      fail(400, where + ": expected a string or an array of numbers");
    }
  }
  return *it;
}

// The values of checked lights (lights_field), one a cell, row-major.
std::vector<std::uint8_t> cell_values(const json& rows_json, std::size_t rows, std::size_t cols) {
  std::vector<std::uint8_t> values(rows * cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      values[r * cols + c] = static_cast<std::uint8_t>(cell_value(rows_json[r], c));
    }
  }
  return values;
}

Board board_from_rows(const json& rows_json, std::size_t rows, std::size_t cols) {
  Board b(rows, cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      if (cell_value(rows_json[r], c) == 1) b.set(r, c, true);
    }
  }
  return b;
}

json board_rows(const Board& b) {
  json out = json::array();
  std::string line(b.cols(), '0');
  for (std::size_t r = 0; r < b.rows(); ++r) {
    for (std::size_t c = 0; c < b.cols(); ++c) line[c] = b.get(r, c) ? '1' : '0';
    out.push_back(line);
  }
  return out;
}

// A graph is never classic: its N x 1 board is bounded by the rules-cell limit (`max_nodes`), and
// a larger one is refused before its adjacency lists are allocated.
Rules parse_rules_or_fail(const std::string& text, std::size_t max_nodes) {
  try {
    // holes=/graph= files are refused: the server reads none.
    return parse_rules(text, nullptr, std::min(max_nodes, kMaxGraphNodes));
  } catch (const RulesTooLarge& e) {
    fail(413, e.what());
  } catch (const RulesError& e) {
    fail(400, e.what());
  }
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Invalid UTF-8 (echoed from a bad request in a message) is replaced, never thrown on.
std::string dump(const json& doc) {
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

ApiResponse ok(const json& doc) { return {200, dump(doc)}; }

template <typename F>
ApiResponse guarded(F&& f) {
  try {
    return f();
  } catch (const ClientError& e) {
    return api_error(e.status, e.message);
  } catch (const RulesError& e) {
    return api_error(400, e.what());
  } catch (const std::length_error& e) {
    return api_error(413, e.what());
  } catch (const std::invalid_argument& e) {
    return api_error(400, e.what());
  } catch (const std::bad_alloc&) {
    return api_error(413, "board: out of memory");
  } catch (const std::exception& e) {
    return api_error(500, std::string("internal error: ") + e.what());
  }
}

// "4.7e+10": an estimate in two significant digits.
std::string short_number(double v) {
  std::ostringstream text;
  text << std::setprecision(2) << v;
  return text.str();
}

// Why the plan of other rules is refused under the limits (refuse_plan), or nothing.
std::optional<std::string> plan_refusal(const SolvePlan& plan, const Rules& rules, std::size_t rows,
                                        std::size_t cols, const Limits& limits) {
  const std::string board = std::to_string(rows) + " x " + std::to_string(cols);
  std::optional<PlanRefusal> refusal =
      refuse_plan(plan, rules, rows, cols, {limits.max_rules_work, limits.max_rules_bytes},
                  board + " with these rules");
  if (!refusal) return std::nullopt;
  return std::move(refusal->text);
}

// Any rules: the lights checked, one Solver, the shared result schema plus the time taken.
// `plan`: plan_solve(rules, rows, cols) when the caller made it already (other rules only).
ApiResponse solve_board(const json& doc, const Rules& rules, std::size_t rows, std::size_t cols,
                        bool minimal, const Limits& limits, const SolvePlan* plan) {
  const bool classic = is_classic(rules);
  const std::size_t limit = classic ? limits.max_cells : limits.max_rules_cells;
  if (too_many_cells(rows, cols, limit)) {
    fail(413, "board: " + std::to_string(rows) + " x " + std::to_string(cols) +
                  " is over the limit of " + count_of(limit, "cell") +
                  (classic ? "" : " with these rules"));
  }
  // Other rules past the work or memory limit: a 413 naming the estimate. The plan is made once
  // and the Solver chooses from it.
  std::optional<SolvePlan> own_plan;
  if (!classic) {
    if (plan == nullptr) plan = &own_plan.emplace(plan_solve(rules, rows, cols));
    if (std::optional<std::string> why = plan_refusal(*plan, rules, rows, cols, limits)) {
      fail(413, "board: " + *why);
    }
  }
  const std::vector<std::uint8_t> values =
      cell_values(lights_field(doc, rows, cols, rules.states), rows, cols);
  Options options;
  options.minimal = minimal;
  options.minimal_seconds = minimal_time_field(doc);
  // "ms" counts preparing the solver too: for other rules that is most of the work (light
  // chasing's reduced system factored, 0.2 s of 0.2 s on a 256 x 256 torus with 255 states).
  // Small boards reuse the thread's solver for the same size and rules (cached_solver).
  const auto start = std::chrono::steady_clock::now();
  const std::shared_ptr<const Solver> solver = cached_solver(rules, rows, cols, plan);
  const Result result = solver->solve(Grid::from_values(rows, cols, rules.states, values), options);
  const double ms = ms_since(start);
  // The shared schema's object with "ms" appended (not parsed and printed again: on a 5 x 6 board
  // that would cost more than the solve).
  std::string out = result_json(result, rules);
  out.pop_back();
  out += ",\"ms\":" + json(ms).dump() + "}";
  return {200, std::move(out)};
}

// Bytes a solve of `cells` cells holds at its peak (board, presses, the solver's work and the JSON
// in and out): measured on a random 1024 x 1024 board, 61 bytes a cell for the fewest presses
// and 3 otherwise (peak resident size less idle), rounded up.
std::size_t solve_memory(std::size_t cells, bool minimal) { return cells * (minimal ? 64 : 16); }

// Bytes finding the quiet patterns of an n-cell board holds at its peak (board_facts with its
// kernel, for /api/fix): the dense n x n matrix and the kernel's up to n patterns of n cells, a
// byte a value, the solver's rows, and 1 MiB for the rest.
std::size_t fix_facts_bytes(std::size_t n) { return 2 * n * n + 256 * n + (std::size_t{1} << 20); }

// rows, cols and minimal of a small body, or nothing when it is not even a JSON object with them
// (the request then fails cheaply, which is light work).
struct Shape {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t cells = 0;
  bool minimal = false;
  std::string rules_text;  // empty: the classic rules
};
std::optional<Shape> shape_of(const json& doc) {
  if (!doc.is_object()) return std::nullopt;
  const auto rows = doc.find("rows");
  const auto cols = doc.find("cols");
  if (rows == doc.end() || cols == doc.end() || !rows->is_number_unsigned() ||
      !cols->is_number_unsigned()) {
    return std::nullopt;
  }
  const std::uint64_t r = rows->get<std::uint64_t>();
  const std::uint64_t c = cols->get<std::uint64_t>();
  if (r == 0 || c == 0 || r > (std::uint64_t{1} << 32) || c > (std::uint64_t{1} << 32)) {
    return std::nullopt;
  }
  Shape shape;
  shape.rows = static_cast<std::size_t>(r);
  shape.cols = static_cast<std::size_t>(c);
  shape.cells = r > std::numeric_limits<std::size_t>::max() / c
                    ? std::numeric_limits<std::size_t>::max()
                    : static_cast<std::size_t>(r * c);
  const auto minimal = doc.find("minimal");
  shape.minimal = minimal != doc.end() && minimal->is_boolean() && minimal->get<bool>();
  const auto rules = doc.find("rules");
  if (rules != doc.end() && rules->is_string()) shape.rules_text = rules->get<std::string>();
  return shape;
}

std::optional<Shape> peek_shape(std::string_view body) {
  return shape_of(json::parse(body.begin(), body.end(), nullptr, false));
}

// A body too large to parse on the I/O thread: its board has at most body.size() cells. When it
// names rules (judged by the key's presence alone), the solve may hold a matrix up to the rules
// memory limit on top.
WorkEstimate large_solve(std::string_view body, const Limits& limits) {
  std::size_t bytes = body.size() * 4 + solve_memory(body.size(), true);
  if (body.find("\"rules\"") != std::string_view::npos) {
    bytes += static_cast<std::size_t>(limits.max_rules_bytes);
  }
  return {false, bytes};
}

}  // namespace

// A /api/solve body parsed once on the I/O thread (admit_solve), with the rules admission read
// from it and their plan, all kept for the worker that solves it.
struct ParsedSolve {
  ParsedSolve() noexcept(false) = default;   // json's constructor asserts its invariant
  ParsedSolve(const ParsedSolve&) = delete;  // made in place and shared: never copied or moved
  ParsedSolve& operator=(const ParsedSolve&) = delete;
  ~ParsedSolve() = default;

  json doc;
  std::optional<Rules> rules;     // the rules named, when they parse and fit the size
  std::optional<SolvePlan> plan;  // plan_solve of other rules than the classic on that size
};

namespace {

// The rules named by `shape` read into `parsed`, and planned when they are not the classic rules
// (nothing kept for rules that do not parse or fit: such a request fails before solving, saying
// why).
void plan_rules(const Shape& shape, const Limits& limits, ParsedSolve& parsed) {
  if (shape.rules_text.empty()) return;
  try {
    Rules rules = parse_rules_or_fail(shape.rules_text, limits.max_rules_cells);
    check_board_size(rules, shape.rows, shape.cols);
    if (!is_classic(rules)) parsed.plan = plan_solve(rules, shape.rows, shape.cols);
    parsed.rules = std::move(rules);
  } catch (const ClientError&) {
  } catch (const RulesError&) {
  }
}

// The matrices a solve under other rules holds (the plan's bytes, at most the rules memory limit:
// beyond it the solve is refused), or 0 without a plan.
std::size_t rules_memory(const ParsedSolve& parsed, const Limits& limits) {
  return parsed.plan
             ? static_cast<std::size_t>(std::min(parsed.plan->bytes, limits.max_rules_bytes))
             : 0;
}

// Whether a rules text names the classic game ("" or "plane", say); a graph never does, so one
// node is enough to tell (nothing large is built here, on the I/O thread).
bool names_classic(std::string_view text) {
  if (text.empty()) return true;
  try {
    return is_classic(parse_rules(std::string(text), nullptr, 1));
  } catch (const std::exception&) {
    return false;
  }
}

// Whether a rules text gets its facts on rows x cols from polynomials (a torus or cylinder with
// the plus rules, board_facts's fast path); nothing large is parsed here either.
bool names_wrap_facts(std::string_view text, std::size_t rows, std::size_t cols) {
  if (text.empty()) return false;
  try {
    const Rules rules = parse_rules(std::string(text), nullptr, 1);
    return !is_classic(rules) && facts_without_board(rules, rows, cols);
  } catch (const std::exception&) {
    return false;
  }
}

// Classic solves up to 64 x 64 take microseconds; the fewest-presses search can take its whole
// time budget on a 19 x 19 board (its quiet patterns), and over Z_K on smaller ones, so only tiny
// classic boards search on the I/O thread.
WorkEstimate solve_estimate(const Shape& shape, std::size_t body_bytes, const ParsedSolve& parsed,
                            const Limits& limits) {
  const bool light = shape.cells <= (shape.minimal ? 64 : 4096) && shape.rules_text.empty();
  return {light,
          solve_memory(shape.cells, shape.minimal) + body_bytes * 4 + rules_memory(parsed, limits)};
}

// The fields checked in order (rows, cols, minimal, rules), then the solve; the rules and plan
// admission kept are used as they are.
ApiResponse solve_parsed(const ParsedSolve& parsed, const Limits& limits) {
  const json& doc = parsed.doc;
  const std::size_t rows = size_field(doc, "rows");
  const std::size_t cols = size_field(doc, "cols");
  const bool minimal = bool_field(doc, "minimal", false);
  std::optional<Rules> read_here;  // a body admission did not read the rules of (too long, or
                                   // rules that failed: their error is thrown here, in its turn)
  const Rules& rules =
      parsed.rules
          ? *parsed.rules
          : read_here.emplace(parse_rules_or_fail(rules_field(doc), limits.max_rules_cells));
  return solve_board(doc, rules, rows, cols, minimal, limits,
                     parsed.plan ? &*parsed.plan : nullptr);
}

// The page's calls (api_rules and after) name the same rules with every press: the last text a
// thread parsed is kept.
const Rules& request_rules(const json& doc, const Limits& limits) {
  thread_local std::string last_text;
  thread_local std::optional<Rules> last;  // empty until a text parsed, and after one that failed
  std::string text = rules_field(doc);
  if (!last || text != last_text) {
    last.reset();
    last = parse_rules_or_fail(text, limits.max_rules_cells);
    last_text = std::move(text);
  }
  return *last;
}

// rows and cols of a page call, refused (413) past the page's limits and checked against the
// rules (a holes grid or a graph fixes the size).
std::pair<std::size_t, std::size_t> board_shape(const json& doc, const Rules& rules,
                                                const Limits& limits) {
  const std::size_t rows = size_field(doc, "rows");
  const std::size_t cols = size_field(doc, "cols");
  if (std::optional<std::string> why = board_refusal(rules, rows, cols, limits)) {
    fail(413, "board: " + *why);
  }
  check_board_size(rules, rows, cols);
  return {rows, cols};
}

// A page call on one board (api_press, api_apply, api_random, api_fix): the body parsed, its rules
// (request_rules) and size (board_shape) read, then `answer(doc, rules, rows, cols)`; any error
// is the one-line answer every call gives (guarded).
template <typename F>
ApiResponse page_call(std::string_view body, const Limits& limits, F&& answer) {
  return guarded([&] {
    const json doc = parse_body(body, limits);
    const Rules& rules = request_rules(doc, limits);
    const auto [rows, cols] = board_shape(doc, rules, limits);
    return answer(doc, rules, rows, cols);
  });
}

// A non-negative integer field below `bound`.
std::size_t index_field(const json& doc, const char* name, std::size_t bound) {
  const auto it = doc.find(name);
  if (it == doc.end()) fail(400, std::string(name) + ": missing");
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() >= bound) {
    fail(400, std::string(name) + ": expected an integer from 0 to " + std::to_string(bound - 1));
  }
  return static_cast<std::size_t>(it->get<std::uint64_t>());
}

// One board of `states` states from text, in any format the CLI reads (lightsout/board_format.hpp:
// rows of 0/1 or ./#, plain or raw PBM, judge rows of values), at most max_cells cells.
Grid grid_from_text(std::string_view text, unsigned states, std::size_t max_cells) {
  std::size_t at = 0;
  const ReadFn read = [&](char* buf, std::size_t capacity) {
    const std::size_t n = std::min(capacity, text.size() - at);
    std::memcpy(buf, text.data() + at, n);
    at += n;
    return n;
  };
  BoardReadLimits read_limits;
  read_limits.max_cells = max_cells;
  read_limits.input_bytes = text.size();
  return read_grid(read, std::nullopt, states, read_limits);
}

// Count-first judge text (a lone count N on the first line, then N puzzles of one size, as POJ
// 1222 gives them): N and the rows of the first puzzle, or nothing when the text does not start
// with a count.
std::optional<std::pair<std::size_t, std::string>> first_of_count(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.remove_suffix(1);
    }
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (!line.empty()) lines.push_back(line);
    start = end + 1;
  }
  if (lines.size() < 2 || lines[0].size() > 9 ||
      !std::all_of(lines[0].begin(), lines[0].end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  // A row's width: its blank-separated values, or the characters of a lone token. A lone number
  // as wide as the next row is a row, not a count.
  const auto width = [](std::string_view line) {
    std::size_t tokens = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] != ' ' && line[i] != '\t' &&
          (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
        ++tokens;
      }
    }
    return tokens == 1 ? line.size() : tokens;
  };
  if (width(lines[0]) == width(lines[1])) return std::nullopt;
  const std::size_t count = std::stoul(std::string(lines[0]));
  const std::size_t rows = lines.size() - 1;
  if (count == 0 || rows % count != 0) {
    fail(400, "text: count-first text says " + count_of(count, "puzzle") + " but has " +
                  count_of(rows, "row") + ", not a multiple of it");
  }
  std::string first;
  for (std::size_t r = 1; r <= rows / count; ++r) {
    first.append(lines[r]);
    first += '\n';
  }
  return std::make_pair(count, std::move(first));
}

// The rules as the page draws them: the canonical text and its parts.
json rules_json(const Rules& rules) {
  json out;
  out["rules"] = to_string(rules);
  out["classic"] = is_classic(rules);
  out["graph"] = rules.has_graph();
  out["topology"] = std::string(topology_name(rules.topology));
  out["states"] = rules.states;
  out["nbhd"] = std::string(neighbourhood_name(rules.neighbourhood));
  out["self"] = rules.self;
  out["target"] = rules.target_on;
  json offsets = json::array();
  for (const Offset& o : rules.offsets) offsets.push_back({o.dr, o.dc});
  out["offsets"] = std::move(offsets);
  out["holes"] = rules.has_holes() ? board_rows(rules.holes) : json(nullptr);
  return out;
}

}  // namespace

std::optional<std::string> rules_work_refusal(const Rules& rules, std::size_t rows,
                                              std::size_t cols, const Limits& limits) {
  if (is_classic(rules)) return std::nullopt;
  return plan_refusal(plan_solve(rules, rows, cols), rules, rows, cols, limits);
}

std::optional<std::string> board_refusal(const Rules& rules, std::size_t rows, std::size_t cols,
                                         const Limits& limits) {
  const std::string size = std::to_string(rows) + " x " + std::to_string(cols);
  if (rows > limits.max_info_side || cols > limits.max_info_side) {
    return size + " has a side over the limit of " + std::to_string(limits.max_info_side);
  }
  const bool classic = is_classic(rules);
  const std::size_t limit = classic ? limits.max_cells : limits.max_rules_cells;
  if (too_many_cells(rows, cols, limit)) {
    return size + " is over the limit of " + count_of(limit, "cell") +
           (classic ? "" : " with these rules");
  }
  return rules_work_refusal(rules, rows, cols, limits);
}

SolveAdmission admit_solve(std::string_view body, const Limits& limits) {
  SolveAdmission out;
  // A large body is a large board: parsing it alone takes milliseconds, so it is not parsed here.
  if (body.size() > kParseInline) {
    out.estimate = large_solve(body, limits);
    return out;
  }
  auto parsed = std::make_shared<ParsedSolve>();  // parsed in place, kept for the worker
  ApiResponse answer = guarded([&] {
    parsed->doc = parse_body(body, limits);
    if (const std::optional<Shape> shape = shape_of(parsed->doc)) {
      plan_rules(*shape, limits, *parsed);
      out.estimate = solve_estimate(*shape, body.size(), *parsed, limits);
    }
    return out.estimate.light ? solve_parsed(*parsed, limits) : ApiResponse{0, {}};
  });
  if (answer.status != 0) {
    out.answer = std::move(answer);
  } else {
    out.parsed = std::move(parsed);
  }
  return out;
}

WorkEstimate estimate_chase(std::string_view body) {
  if (body.size() > kParseInline) return {false, body.size() * 4};
  const std::optional<Shape> shape = peek_shape(body);
  if (!shape) return {};
  return {shape->cells <= 64 || (!shape->minimal && shape->cells <= 1024),
          solve_memory(shape->cells, shape->minimal) * 4};
}

WorkEstimate estimate_info(std::string_view size, std::string_view rules) {
  BoardSizeError error{};
  const std::optional<BoardSize> parsed =
      parse_board_size(size, 1'000'000, std::numeric_limits<std::uint64_t>::max(), &error);
  if (!parsed) return {};
  // The facts of a classic board are polynomial arithmetic on its sides: light while they are
  // short. Other rules eliminate a matrix of cells x cells: light while it is tiny.
  const bool classic = names_classic(rules);
  const bool wrap = !classic && names_wrap_facts(rules, parsed->rows, parsed->cols);
  const bool light = classic || wrap ? parsed->rows <= 256 && parsed->cols <= 256
                                     : parsed->rows * parsed->cols <= 400;
  // Sides are at most 10^6 here, so the estimate fits a 32-bit size_t (the WebAssembly build).
  const auto sides = static_cast<std::size_t>(parsed->rows + parsed->cols);
  // Classic: a few polynomials of degree about the sides; `lightsout info` peaked 0.8 MB above
  // its idle size on 1000000x1000000 (0.4 bytes per unit of side), so 8 bytes a unit and 1 MiB.
  if (classic) return {light, sides * 8 + (std::size_t{1} << 20)};
  // Torus and cylinder by polynomials: over GF(p) coefficients of 8 bytes and NTL's FFT
  // buffers; `lightsout info` peaked at 150 MB on 1000000x1000000 with 3 states (75 bytes per
  // unit of side), so 128 bytes a unit and 1 MiB.
  if (wrap) return {light, sides * 128 + (std::size_t{1} << 20)};
  return {light, sides * 4096};
}

WorkEstimate estimate_rules(std::string_view body) {
  return {body.size() <= kParseInline, body.size() * 4};
}

// The quiet patterns of the board's n cells (at most max_kernel_cells; all of them when the body
// is not read here): the elimination's dense n x n matrix and the n x n kernel, a byte a value,
// with room for the solver's own rows. The search asks for its memory when it knows its size.
WorkEstimate estimate_fix(std::string_view body, const Limits& limits) {
  std::size_t cells = limits.max_kernel_cells;
  if (body.size() <= kParseInline) {
    if (const std::optional<Shape> shape = peek_shape(body)) {
      cells = std::min(cells, shape->cells);
    }
  }
  return {false, body.size() * 4 + fix_facts_bytes(cells)};
}

std::string error_text(std::string_view message) {
  constexpr std::string_view kEllipsis = "...";
  std::string out;
  out.reserve(std::min(message.size(), kMaxErrorBytes) + kEllipsis.size());
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto c = static_cast<unsigned char>(message[i]);
    std::string piece;
    if (c < 0x20 || c == 0x7f) {
      constexpr const char* kHex = "0123456789abcdef";
      piece = {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    } else {
      piece = static_cast<char>(c);
      // A UTF-8 sequence is kept whole (cut, it would read as U+FFFD).
      while (i + 1 < message.size() &&
             (static_cast<unsigned char>(message[i + 1]) & 0xc0) == 0x80 && piece.size() < 4) {
        piece += message[++i];
      }
    }
    if (out.size() + piece.size() > kMaxErrorBytes) {
      out += kEllipsis;
      break;
    }
    out += piece;
  }
  return out;
}

ApiResponse api_error(int status, std::string_view message) {
  json out;
  out["error"] = error_text(message);
  return {status, dump(out)};
}

ApiResponse api_solve(std::string_view body, const Limits& limits) {
  return guarded([&] {
    ParsedSolve parsed;
    parsed.doc = parse_body(body, limits);
    return solve_parsed(parsed, limits);
  });
}

ApiResponse api_solve(const ParsedSolve& parsed, const Limits& limits) {
  return guarded([&] { return solve_parsed(parsed, limits); });
}

ApiResponse api_chase(std::string_view body, const Limits& limits) {
  return guarded([&] {
    const json doc = parse_body(body, limits);
    const std::size_t rows = size_field(doc, "rows");
    const std::size_t cols = size_field(doc, "cols");
    const bool minimal = bool_field(doc, "minimal", false);
    const std::string rules_text = rules_field(doc);
    if (!rules_text.empty() &&
        !is_classic(parse_rules_or_fail(rules_text, limits.max_chase_cells))) {
      fail(400, "rules: light chasing is shown for the classic rules only");
    }
    if (too_many_cells(rows, cols, limits.max_chase_cells)) {
      fail(413, "board: " + std::to_string(rows) + " x " + std::to_string(cols) +
                    " is over the chase limit of " + count_of(limits.max_chase_cells, "cell"));
    }
    const Board lights = board_from_rows(lights_field(doc, rows, cols, 2), rows, cols);
    const ChaseTrace trace = chase_trace(lights, minimal);
    json steps = json::array();
    std::string line(cols, '0');
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < cols; ++c) line[c] = trace.presses.get(r, c) ? '1' : '0';
      json step;
      step["row"] = r;
      step["presses"] = line;
      step["lights"] = board_rows(trace.lights_after[r]);
      steps.push_back(std::move(step));
    }
    json out;
    out["solvable"] = trace.solvable;
    out["steps"] = std::move(steps);
    const Board& last = trace.lights_after.back();
    for (std::size_t c = 0; c < cols; ++c) line[c] = last.get(rows - 1, c) ? '1' : '0';
    out["last_row"] = line;
    out["dark"] = trace.dark;
    out["minimal"] = minimal && trace.solvable;
    out["minimal_proven"] = minimal && trace.solvable && trace.minimal_proven;
    out["minimal_lower_bound"] =
        minimal && trace.solvable ? json(trace.minimal_lower_bound) : json(nullptr);
    return ok(out);
  });
}

ApiResponse api_info(std::string_view size, std::string_view rules_text, const Limits& limits) {
  return guarded([&] {
    if (size.empty()) fail(400, "size: missing (expected RxC, e.g. 5x6)");
    // Any number of cells: the classic facts need no board; other rules are bounded below.
    BoardSizeError error{};
    const std::optional<BoardSize> parsed = parse_board_size(
        size, limits.max_info_side, std::numeric_limits<std::uint64_t>::max(), &error);
    if (!parsed && error == BoardSizeError::too_large) {
      fail(413, "size: sides above " + std::to_string(limits.max_info_side) + " are refused");
    }
    if (!parsed) fail(400, "size: expected RxC with positive integers, e.g. 5x6");
    const std::size_t rows = parsed->rows;
    const std::size_t cols = parsed->cols;
    const std::size_t cells = rows * cols;
    const Rules rules = parse_rules_or_fail(std::string(rules_text), limits.max_rules_cells);
    const bool classic = is_classic(rules);
    // The kernel is sent while the patterns stay small; the facts themselves at any size.
    const bool kernel_too_big = cells > limits.max_kernel_cells;
    // Without the kernel a torus or cylinder with the plus rules needs no board either.
    const bool by_polynomials = kernel_too_big && facts_without_board(rules, rows, cols);
    if (!classic && !by_polynomials && cells > limits.max_rules_cells) {
      fail(413, "size: " + count_of(cells, "cell") + ", the limit with these rules is " +
                    std::to_string(limits.max_rules_cells));
    }
    // Every rules set is weighed by what board_facts will run (polynomials or a Solver), before
    // it starts: the classic and torus polynomials too (a torus with 230 states on
    // 1000000 x 999999 held a worker for seconds).
    const SolvePlan cost = plan_facts(rules, rows, cols, !kernel_too_big);
    const std::string board = std::to_string(rows) + " x " + std::to_string(cols);
    if (const std::optional<PlanRefusal> refusal =
            refuse_plan(cost, rules, rows, cols, {limits.max_rules_work, limits.max_rules_bytes},
                        classic ? board : board + " with these rules")) {
      fail(413, "size: " + refusal->text);
    }
    const Facts facts = board_facts(rules, rows, cols, !kernel_too_big);
    return ApiResponse{200, facts_json(facts, rules, true, kernel_too_big)};
  });
}

ApiResponse api_rules(std::string_view body, const Limits& limits) {
  return guarded([&] {
    const json doc = parse_body(body, limits);
    const Rules& rules = request_rules(doc, limits);
    json out = rules_json(rules);
    // The size the rules fix (a holes grid, a graph), else the request's, if it names one.
    std::optional<std::pair<std::size_t, std::size_t>> size;
    if (rules.has_holes()) {
      size.emplace(rules.holes.rows(), rules.holes.cols());
    } else if (rules.has_graph()) {
      size.emplace(rules.graph.size(), 1);
    } else if (doc.contains("rows") || doc.contains("cols")) {
      size.emplace(size_field(doc, "rows"), size_field(doc, "cols"));
    }
    out["rows"] = size ? json(size->first) : json(nullptr);
    out["cols"] = size ? json(size->second) : json(nullptr);
    std::optional<std::string> why;
    if (size) why = board_refusal(rules, size->first, size->second, limits);
    out["refusal"] = why ? json(*why) : json(nullptr);
    // What the other calls take: light chasing and the fewest changes up to these cells.
    out["limits"] = {{"max_side", limits.max_info_side},
                     {"max_chase_cells", limits.max_chase_cells},
                     {"max_fix_cells", limits.max_kernel_cells}};
    return ok(out);
  });
}

ApiResponse api_press(std::string_view body, const Limits& limits) {
  return page_call(body, limits,
                   [&](const json& doc, const Rules& rules, std::size_t rows, std::size_t cols) {
                     const std::size_t r = index_field(doc, "row", rows);
                     const std::size_t c = index_field(doc, "col", cols);
                     json cells = json::array();
                     for (const PressedCell& t : press_cells(rules, rows, cols, r, c)) {
                       cells.push_back({t.cell, t.amount});
                     }
                     json out;
                     out["cells"] = std::move(cells);
                     return ok(out);
                   });
}

ApiResponse api_apply(std::string_view body, const Limits& limits) {
  return page_call(
      body, limits, [&](const json& doc, const Rules& rules, std::size_t rows, std::size_t cols) {
        std::vector<std::uint8_t> lights =
            cell_values(lights_field(doc, rows, cols, rules.states), rows, cols);
        const std::vector<std::uint8_t> presses =
            cell_values(lights_field(doc, rows, cols, rules.states, "presses"), rows, cols);
        apply_presses(rules, rows, cols, presses, lights);
        return ApiResponse{
            200,
            "{\"lights\":" + grid_json(Grid::from_values(rows, cols, rules.states, lights)) + "}"};
      });
}

ApiResponse api_random(std::string_view body, const Limits& limits) {
  return page_call(
      body, limits, [&](const json& doc, const Rules& rules, std::size_t rows, std::size_t cols) {
        const auto seed_it = doc.find("seed");
        std::uint64_t seed = 1;
        if (seed_it != doc.end() && !seed_it->is_null()) {
          if (!seed_it->is_number_unsigned()) fail(400, "seed: expected a non-negative integer");
          seed = seed_it->get<std::uint64_t>();
        }
        // Solvable by construction (random presses from the goal); a board already at its goal is
        // drawn again from the next seed, a few times (a 1 x 1 board without self has no other).
        const unsigned goal = rules.target_on ? rules.states - 1 : 0;
        Grid grid;
        for (int attempt = 0; attempt < 20; ++attempt) {
          grid =
              random_grid(rules, rows, cols, seed + static_cast<std::uint64_t>(attempt), 0.5, true);
          bool at_goal = true;
          for (std::size_t r = 0; r < rows && at_goal; ++r) {
            for (std::size_t c = 0; c < cols; ++c) {
              if (rules.has_holes() && rules.holes.get(r, c)) continue;
              if (grid.get(r, c) != goal) {
                at_goal = false;
                break;
              }
            }
          }
          if (!at_goal) break;
        }
        return ApiResponse{200, "{\"lights\":" + grid_json(grid) + "}"};
      });
}

ApiResponse api_fix(std::string_view body, const Limits& limits, const GrantMemory& grant) {
  return page_call(
      body, limits, [&](const json& doc, const Rules& rules, std::size_t rows, std::size_t cols) {
        if (too_many_cells(rows, cols, limits.max_kernel_cells)) {
          fail(413, "board: the fewest lights to change are searched up to " +
                        count_of(limits.max_kernel_cells, "cell"));
        }
        const Grid lights =
            Grid::from_values(rows, cols, rules.states,
                              cell_values(lights_field(doc, rows, cols, rules.states), rows, cols));
        ReserveMemory reserve;
        if (grant) {
          reserve = [&grant](std::size_t bytes) {
            const int refused = grant(bytes);
            if (refused == 413) {
              fail(413, "board: the search for the fewest changes needs " +
                            short_number(static_cast<double>(bytes)) +
                            " bytes more, over the server's --memory budget");
            }
            if (refused != 0) fail(503, "server: busy (no memory for the search), try again later");
          };
        }
        const std::optional<SolvableFix> fix = fewest_changes_to_solvable(rules, lights, reserve);
        json out;
        out["solvable"] = fix && fix->changes.empty();
        if (fix) {
          std::vector<std::uint8_t> marks(rows * cols, 0);
          for (const LightChange& ch : fix->changes) marks[ch.cell] = ch.amount;
          out["changes"] =
              json::parse(grid_json(Grid::from_values(rows, cols, rules.states, marks)));
          out["count"] = fix->changes.size();
          out["exact"] = fix->exact;
          out["reason"] = nullptr;
        } else {
          out["changes"] = nullptr;
          out["count"] = nullptr;
          out["exact"] = false;
          out["reason"] = "too many independent conditions to search";
        }
        return ok(out);
      });
}

ApiResponse api_board(std::string_view body, const Limits& limits) {
  return guarded([&] {
    const json doc = parse_body(body, limits);
    const auto text_it = doc.find("text");
    if (text_it == doc.end() || !text_it->is_string()) fail(400, "text: expected a string");
    const std::string& text = text_it->get_ref<const std::string&>();
    const auto states_it = doc.find("states");
    unsigned states = 2;
    if (states_it != doc.end() && !states_it->is_null()) {
      if (!states_it->is_number_unsigned() || states_it->get<std::uint64_t>() < kMinStates ||
          states_it->get<std::uint64_t>() > kMaxStates) {
        fail(400, "states: expected an integer in 2..255");
      }
      states = static_cast<unsigned>(states_it->get<std::uint64_t>());
    }
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      fail(400, "text: empty (expected rows of 0 and 1, one row per line)");
    }
    Grid grid;
    std::size_t puzzles = 1;
    try {
      grid = grid_from_text(text, states, limits.max_cells);
    } catch (const BoardParseError& e) {
      // Not one board: count-first judge text, whose first puzzle is taken, or the error.
      const auto first = first_of_count(text);
      if (!first) fail(400, std::string("text: ") + e.what());
      puzzles = first->first;
      try {
        grid = grid_from_text(first->second, states, limits.max_cells);
      } catch (const BoardParseError& inner) {
        fail(400, std::string("text: puzzle 1: ") + inner.what());
      }
    }
    if (grid.rows() > limits.max_info_side || grid.cols() > limits.max_info_side) {
      fail(413, "text: " + std::to_string(grid.rows()) + " x " + std::to_string(grid.cols()) +
                    " has a side over the limit of " + std::to_string(limits.max_info_side));
    }
    return ApiResponse{200, "{\"rows\":" + std::to_string(grid.rows()) +
                                ",\"cols\":" + std::to_string(grid.cols()) + ",\"puzzles\":" +
                                std::to_string(puzzles) + ",\"lights\":" + grid_json(grid) + "}"};
  });
}

}  // namespace lightsout::api
