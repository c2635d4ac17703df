// solve(): method names and the choice of solver by board size.
#include "lightsout/solve.hpp"

namespace lightsout {

std::optional<Method> parse_method(std::string_view name) {
  if (name == "auto") return Method::automatic;
  if (name == "enumerate") return Method::enumerate;
  if (name == "chase") return Method::chase;
  if (name == "dense") return Method::dense;
  if (name == "poly") return Method::poly;
  return std::nullopt;
}

std::string_view method_name(Method m) {
  switch (m) {
    case Method::automatic: return "auto";
    case Method::enumerate: return "enumerate";
    case Method::chase: return "chase";
    case Method::dense: return "dense";
    case Method::poly: return "poly";
  }
  return "?";
}

SolveResult solve(const Board& lights, Method method, const SolveOptions& options) {
  switch (method) {
    case Method::enumerate: return solve_enumerate(lights, options);
    case Method::dense: return solve_dense(lights, options);
    case Method::poly: return solve_poly(lights, options);
    case Method::automatic:
    case Method::chase: break;
  }
  return solve_chase(lights, options);
}

}  // namespace lightsout
