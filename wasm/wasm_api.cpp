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

// The endpoints called with a JSON body alone (info takes a size and a rules text).
using BodyCall = lightsout::api::ApiResponse (*)(std::string_view, const lightsout::api::Limits&);
struct BodyEndpoint {
  std::string_view name;
  BodyCall call;
};
constexpr BodyEndpoint kBodyEndpoints[] = {
    {"solve", &lightsout::api::api_solve},
    {"chase", &lightsout::api::api_chase},
    {"rules", &lightsout::api::api_rules},
    {"press", &lightsout::api::api_press},
    {"apply", &lightsout::api::api_apply},
    {"random", &lightsout::api::api_random},
    // api_fix's memory grant is left out: the page has no shared budget.
    {"fix",
     [](std::string_view body, const lightsout::api::Limits& limits) {
       return lightsout::api::api_fix(body, limits);
     }},
    {"board", &lightsout::api::api_board},
};

lightsout::api::ApiResponse call(std::string_view which, const char* a, const char* b) {
  using namespace lightsout::api;
  const Limits limits = page_limits();
  if (which == "info") return api_info(a, b, limits);
  for (const BodyEndpoint& endpoint : kBodyEndpoints) {
    if (which == endpoint.name) return endpoint.call(a, limits);
  }
  return api_error(404, "path: unknown endpoint");
}

}  // namespace

// endpoint: a name of kBodyEndpoints (a = the JSON body), or "info" (a = "RxC", b = the rules
// text); another name is answered 404.
// Returns "STATUS\nJSON", valid until the next call.
extern "C" LIGHTSOUT_EXPORT const char* lightsout_call(const char* endpoint, const char* a,
                                                       const char* b) {
  const lightsout::api::ApiResponse res = call(endpoint, a, b);
  answer = std::to_string(res.status) + "\n" + res.body;
  return answer.c_str();
}
