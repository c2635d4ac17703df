// libFuzzer target: the web API's request validation (api_solve, api_chase, api_info on arbitrary
// bodies and queries) and parse_board_size, the size parser api_info and the CLI share.
//   - api_*: small Limits chosen by the input, so that every accepted request is cheap. The status
//     must be 200, 400 or 413 (500 is an internal error: a finding) and the body valid JSON (UTF-8
//     included): an error is {"error": "<non-empty text>"}; an answer is an object within the
//     limits (the board it describes no larger than they allow) with the keys of its schema.
//   - parse_board_size: any text, any limits. A size it returns satisfies 1 <= R, C <= max_side
//     and R * C <= max_cells and prints back to itself; it agrees with a plain reference parser on
//     whether the text is "RxC" at all and whether it is too large.
//
// Input: a mode byte (0: solve, 1: chase, 2: info, 3: parse_board_size; bit 0x80: a 64-byte body
// limit), two limit bytes, then the body; for info, the size query, '\0', then the rules text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "api/api.hpp"
#include "fuzz_support.hpp"
#include "lightsout/board_size.hpp"

using lightsout::BoardSize;
using lightsout::BoardSizeError;
using namespace lightsout::fuzz;  // fuzz_support.hpp
using lightsout::api::ApiResponse;
using lightsout::api::Limits;
using nlohmann::json;

namespace {

constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();

// The reference: "R x C" split at the first x/X, both parts non-empty decimal digits whose values
// fit in 64 bits and are positive; then the limits. Written plainly, without from_chars.
std::optional<BoardSize> reference_size(std::string_view text, std::uint64_t max_side,
                                        std::uint64_t max_cells, BoardSizeError& error) {
  const std::size_t x = text.find_first_of("xX");
  error = BoardSizeError::malformed;
  if (x == std::string_view::npos) return std::nullopt;
  std::uint64_t sides[2] = {0, 0};
  const std::string_view parts[2] = {text.substr(0, x), text.substr(x + 1)};
  for (int i = 0; i < 2; ++i) {
    if (parts[i].empty()) return std::nullopt;
    for (const char ch : parts[i]) {
      if (ch < '0' || ch > '9') return std::nullopt;
      const auto digit = static_cast<std::uint64_t>(ch - '0');
      if (sides[i] > (kMax64 - digit) / 10) return std::nullopt;  // past 2^64 - 1
      sides[i] = sides[i] * 10 + digit;
    }
    if (sides[i] == 0) return std::nullopt;
  }
  error = BoardSizeError::too_large;
  if (sides[0] > max_side || sides[1] > max_side) return std::nullopt;
  if (sides[0] > max_cells / sides[1]) return std::nullopt;
  return BoardSize{sides[0], sides[1]};
}

// A limit from one byte: small values most of the time, else 2^64 - 1 shifted right.
std::uint64_t limit_from(std::uint8_t byte) {
  return (byte & 0x80) != 0 ? kMax64 >> (byte & 0x3F) : byte;
}

void fuzz_board_size(std::string_view text, std::uint8_t side_byte, std::uint8_t cells_byte) {
  const std::uint64_t max_side = limit_from(side_byte);
  const std::uint64_t max_cells = (cells_byte & 0x40) != 0 ? max_side * max_side  // may wrap
                                                           : limit_from(cells_byte);
  BoardSizeError error{};
  const std::optional<BoardSize> size =
      lightsout::parse_board_size(text, max_side, max_cells, &error);
  BoardSizeError reference_error{};
  const std::optional<BoardSize> reference =
      reference_size(text, max_side, max_cells, reference_error);
  if (size.has_value() != reference.has_value()) {
    std::fprintf(stderr, "parse_board_size %s, the reference %s\n", size ? "accepts" : "refuses",
                 reference ? "accepts" : "refuses");
    finding("parse_board_size disagrees with the reference parser");
  }
  if (!size) {
    if (error != reference_error) {
      finding("parse_board_size gives another reason than the reference");
    }
    return;
  }
  if (size->rows != reference->rows || size->cols != reference->cols) {
    finding("parse_board_size reads other numbers than the reference");
  }
  if (size->rows == 0 || size->cols == 0) finding("a side of 0 accepted");
  if (size->rows > max_side || size->cols > max_side) finding("a side past max_side accepted");
  std::uint64_t cells = 0;
  if (__builtin_mul_overflow(size->rows, size->cols, &cells) || cells > max_cells) {
    finding("cells past max_cells accepted");
  }
  const std::string again = std::to_string(size->rows) + "x" + std::to_string(size->cols);
  const std::optional<BoardSize> back = lightsout::parse_board_size(again, max_side, max_cells);
  if (!back || back->rows != size->rows || back->cols != size->cols) {
    finding("a size does not print back to itself");
  }
}

// The request's positive integer field, when it is one (to check the answer against the limits).
std::uint64_t request_size(const json& request, const char* name) {
  const auto it = request.find(name);
  return it != request.end() && it->is_number_unsigned() ? it->get<std::uint64_t>() : 0;
}

void check_response(const ApiResponse& response, int mode, std::string_view body,
                    std::string_view size, const Limits& limits) {
  if (response.status != 200 && response.status != 400 && response.status != 413) {
    std::fprintf(stderr, "status %d: %s\n", response.status, response.body.c_str());
    finding("status other than 200, 400 or 413");
  }
  json doc;
  try {
    doc = json::parse(response.body);
  } catch (const json::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    finding("response body is not valid JSON");
  }
  if (!doc.is_object()) finding("response body is not a JSON object");
  if (response.status != 200) {
    const auto it = doc.find("error");
    if (doc.size() != 1 || it == doc.end() || !it->is_string() ||
        it->get_ref<const std::string&>().empty()) {
      finding("an error body other than {\"error\": \"...\"}");
    }
    return;
  }
  if (mode == 2) {
    if (!doc["rows"].is_number_unsigned() || !doc["cols"].is_number_unsigned()) {
      finding("info answer without rows and cols");
    }
    const auto rows = doc["rows"].get<std::uint64_t>();
    const auto cols = doc["cols"].get<std::uint64_t>();
    if (rows > limits.max_info_side || cols > limits.max_info_side) {
      finding("info answered past max_info_side");
    }
    const std::optional<BoardSize> parsed =
        lightsout::parse_board_size(size, limits.max_info_side, kMax64);
    if (!parsed || parsed->rows != rows || parsed->cols != cols) {
      finding("info answered for another size than the query");
    }
    if (!doc.contains("nullity") || !doc.contains("kernel")) finding("info answer keys");
    return;
  }
  // solve and chase answered: the request was an object with positive rows and cols.
  const json request = json::parse(body.begin(), body.end());
  const std::uint64_t rows = request_size(request, "rows");
  const std::uint64_t cols = request_size(request, "cols");
  if (rows == 0 || cols == 0) finding("answered a request without positive rows and cols");
  const std::uint64_t limit =
      mode == 1 ? limits.max_chase_cells : std::max(limits.max_cells, limits.max_rules_cells);
  if (rows > limit / cols) finding("answered a board past the cell limit");
  if (!doc["solvable"].is_boolean()) finding("answer without solvable");
  if (mode == 0) {
    if (!doc.contains("presses") || !doc.contains("nullity") || !doc.contains("method")) {
      finding("solve answer keys");
    }
  } else {
    if (!doc["steps"].is_array() || doc["steps"].size() != rows) finding("chase steps");
    if (doc["dark"] != doc["solvable"]) finding("chase: dark differs from solvable");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const auto [mode_byte, a, b] = control.take<3>();
  const std::string_view rest(reinterpret_cast<const char*>(control.data()), control.size());
  const int mode = mode_byte % 4;
  if (mode == 3) {
    fuzz_board_size(rest, a, b);
    return 0;
  }

  // Small limits: classic boards up to 256 cells (nullity at most 16: a cheap fewest-presses
  // search), other rules and chasing up to 32 cells, info sides up to 32.
  Limits limits;
  limits.max_cells = 1 + a;
  limits.max_chase_cells = 1 + (b & 0x1F);
  limits.max_rules_cells = 1 + ((a ^ b) & 0x1F);
  limits.max_info_side = 1 + (a & 0x1F);
  limits.max_json_depth = 1 + (b >> 5) * 2;
  limits.max_body_bytes = (mode_byte & 0x80) != 0 ? 64 : std::size_t{1} << 16;

  if (mode == 2) {
    const std::size_t nul = rest.find('\0');
    const std::string_view query = rest.substr(0, nul);
    const std::string_view rules = nul == std::string_view::npos ? "" : rest.substr(nul + 1);
    check_response(lightsout::api::api_info(query, rules, limits), mode, {}, query, limits);
  } else {
    const ApiResponse response = mode == 0 ? lightsout::api::api_solve(rest, limits)
                                           : lightsout::api::api_chase(rest, limits);
    check_response(response, mode, rest, {}, limits);
  }
  return 0;
}
