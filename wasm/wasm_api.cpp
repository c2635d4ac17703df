// The WebAssembly entry point of the playground: the server's JSON API functions (src/api/api.cpp,
// the same validation and answers), called by web/core.js (through wasm/lightsout.mjs) and
// web/solver-worker.js.
#include <string>
#include <string_view>

#include "api/api.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define LIGHTSOUT_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define LIGHTSOUT_EXPORT
#endif

namespace {

// The page's limits: sides up to 1000 (the stand-ins for M4RI and NTL are schoolbook).
lightsout::api::Limits page_limits() {
  lightsout::api::Limits limits;
  limits.max_cells = 1000 * 1000;
  limits.max_info_side = 1000;
  return limits;
}

std::string answer;  // the last answer: "STATUS\nJSON"

}  // namespace

// endpoint: "solve", "chase", "rules", "press", "apply", "random", "fix" or "board" (a = the JSON
// body), or
// "info" (a = "RxC", b = the rules text).
// Returns "STATUS\nJSON", valid until the next call.
extern "C" LIGHTSOUT_EXPORT const char* lightsout_call(const char* endpoint, const char* a,
                                                       const char* b) {
  using namespace lightsout::api;
  const std::string_view which = endpoint;
  const Limits limits = page_limits();
  ApiResponse res;
  if (which == "solve") {
    res = api_solve(a, limits);
  } else if (which == "chase") {
    res = api_chase(a, limits);
  } else if (which == "info") {
    res = api_info(a, b, limits);
  } else if (which == "rules") {
    res = api_rules(a, limits);
  } else if (which == "press") {
    res = api_press(a, limits);
  } else if (which == "apply") {
    res = api_apply(a, limits);
  } else if (which == "random") {
    res = api_random(a, limits);
  } else if (which == "fix") {
    res = api_fix(a, limits);
  } else if (which == "board") {
    res = api_board(a, limits);
  } else {
    res = api_error(404, "path: unknown endpoint");
  }
  answer = std::to_string(res.status) + "\n" + res.body;
  return answer.c_str();
}
