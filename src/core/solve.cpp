// solve(): the choice among the classic-rules methods by board size.
#include "solve.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace lightsout {

Method choose_method(std::size_t rows, std::size_t cols) {
  // Measured (Release, random square boards, kernel off): chase 0.48 us vs poly 0.55 us at 5x5,
  // 0.78 vs 0.61 at 8x8, 13.7 vs 1.1 at 64x64, 127 vs 2.9 at 128x128. Poly wins from a shorter
  // side of 8 on and is asymptotically linear; chase keeps the tiny boards.
  return std::min(rows, cols) < kPolyMinSide ? Method::chase : Method::poly;
}

SolveResult solve(const Board& lights, Method method, const SolveOptions& options) {
  if (method == Method::automatic) method = choose_method(lights.rows(), lights.cols());
  switch (method) {
    case Method::enumerate:
      return solve_enumerate(lights, options);
    case Method::dense:
      return solve_dense(lights, options);
    case Method::poly:
      return solve_poly(lights, options);
    case Method::automatic:
    case Method::chase:
      return solve_chase(lights, options);
    case Method::tables:
    case Method::banded:
    case Method::gf2:
    case Method::zk:
    case Method::rowcol:
      break;
  }
  throw std::invalid_argument("solve: " + std::string(method_name(method)) +
                              " is not a classic-rules method");
}

SolveResult solve(Board&& lights, Method method, const SolveOptions& options) {
  if (method == Method::automatic) method = choose_method(lights.rows(), lights.cols());
  if (method == Method::poly) return solve_poly(std::move(lights), options);
  if (method == Method::chase) return solve_chase(std::move(lights), options);
  return solve(static_cast<const Board&>(lights), method, options);
}

}  // namespace lightsout
