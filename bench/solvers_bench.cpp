// Google Benchmark cases for the solvers and Board::apply, on random boards with fixed seeds.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "core/small_solver.hpp"
#include "core/solve.hpp"
#include "lightsout/board.hpp"

namespace {

using lightsout::Board;

// A uniformly random rows x cols board; the padding bits stay zero (the Board invariant).
Board random_board(std::size_t rows, std::size_t cols, std::uint64_t seed) {
  Board b(rows, cols);
  std::mt19937_64 rng(seed);
  for (std::size_t r = 0; r < rows; ++r) {
    auto row = b.row(r);
    for (std::uint64_t& w : row) w = rng();
    row.back() &= b.last_word_mask();
  }
  return b;
}

// Solving only: the quiet-pattern basis is a separate question and is not built here.
lightsout::SolveOptions solve_only() {
  lightsout::SolveOptions options;
  options.kernel = false;
  return options;
}

// One solver (its const Board& overload) timed on LIGHTS, solving only; cells per second, the cell
// count and the nullity of the last result as counters.
using Solver = lightsout::SolveResult (*)(const Board&, const lightsout::SolveOptions&);
void time_solver(benchmark::State& state, const Board& lights, Solver solver) {
  const auto options = solve_only();
  lightsout::SolveResult result;
  for (auto _ : state) {
    result = solver(lights, options);
    benchmark::DoNotOptimize(result.presses.words().data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * lights.cells()));
  state.counters["cells"] = static_cast<double>(lights.cells());
  state.counters["nullity"] = static_cast<double>(result.nullity);
}

// The board of a case with the arguments (n): n x n, seeded by n.
Board square_case(const benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  return random_board(n, n, n);
}

// The board of a case with the arguments (rows, cols), seeded by rows * SCALE + cols.
Board rectangle_case(const benchmark::State& state, std::size_t scale) {
  const auto rows = static_cast<std::size_t>(state.range(0));
  const auto cols = static_cast<std::size_t>(state.range(1));
  return random_board(rows, cols, rows * scale + cols);
}

// The judge workload: one table-driven solve per 5 x 6 puzzle packed in a word.
void BM_SmallSolver_5x6(benchmark::State& state) {
  const lightsout::SmallSolver solver(5, 6);
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> puzzles(4096);
  for (std::uint64_t& p : puzzles) p = rng() & ((std::uint64_t{1} << 30) - 1);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(solver.solve(puzzles[i]));
    i = (i + 1) & (puzzles.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());  // puzzles
  state.counters["cells"] = 30;
}
BENCHMARK(BM_SmallSolver_5x6);

void BM_SolveChase(benchmark::State& state) {
  time_solver(state, square_case(state), lightsout::solve_chase);
}
// Squares from 8 to 2000 (1024 has nullity 484), the range docs/scaling.svg compares with poly.
BENCHMARK(BM_SolveChase)
    ->ArgName("n")
    ->RangeMultiplier(2)
    ->Range(8, 1024)
    ->Arg(2000)
    ->Unit(benchmark::kMicrosecond);

// The linear-time polynomial method (the default for large boards). The 10^4 x 10^4 case is the
// issue's in-memory target (<= 0.3 s); rectangles show that cost follows the cell count.
void BM_SolvePoly(benchmark::State& state) {
  time_solver(state, rectangle_case(state, 31), lightsout::solve_poly);
}
// The same squares as chase, then on to 31623 x 31623 (10^9 cells); the rectangles hold 10^8
// cells each, like 10^4 x 10^4.
void poly_sizes(benchmark::internal::Benchmark* b) {
  for (std::int64_t n = 8; n <= 1024; n *= 2) b->Args({n, n});
  for (const std::int64_t n : {2000, 4096, 10000, 31623}) b->Args({n, n});
  b->Args({100000, 1000})->Args({1000, 100000})->Args({1000000, 100});
}
BENCHMARK(BM_SolvePoly)
    ->ArgNames({"rows", "cols"})
    ->Apply(poly_sizes)
    ->Unit(benchmark::kMicrosecond);

void BM_SolveEnumerate(benchmark::State& state) {
  time_solver(state, rectangle_case(state, 1000), lightsout::solve_enumerate);
}
BENCHMARK(BM_SolveEnumerate)
    ->ArgNames({"rows", "cols"})
    ->Args({5, 6})
    ->Args({20, 20})
    ->Unit(benchmark::kMicrosecond);

void BM_SolveDense(benchmark::State& state) {
  time_solver(state, square_case(state), lightsout::solve_dense);
}
BENCHMARK(BM_SolveDense)->ArgName("n")->Arg(10)->Arg(20)->Arg(40)->Unit(benchmark::kMicrosecond);

// Pressing a whole press pattern at once: the check every solver's answer goes through.
void BM_BoardApply(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  Board lights = random_board(n, n, 1);
  const Board presses = random_board(n, n, 2);
  for (auto _ : state) {
    lights.apply(presses);
    benchmark::DoNotOptimize(lights.words().data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * lights.cells()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * lights.words().size() *
                                                    sizeof(std::uint64_t)));
  state.counters["cells"] = static_cast<double>(lights.cells());
}
BENCHMARK(BM_BoardApply)->ArgName("n")->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
