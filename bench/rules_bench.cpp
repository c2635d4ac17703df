// Google Benchmark cases for solve_rules: the GF(2) M4RI path at scale and Z_K on mid-size boards.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solve_rules.hpp"

namespace {

std::vector<std::uint8_t> random_lights(std::size_t cells, unsigned states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> lights(cells);
  for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() % states);
  return lights;
}

// n x n torus, 2 states: the acceptance case is n = 150 (22,500 cells), solved with its nullity
// and the kernel basis, in at most 5 s.
void BM_SolveRules_TorusGf2(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const lightsout::Rules rules = lightsout::parse_rules("torus");
  const std::vector<std::uint8_t> lights = random_lights(n * n, 2, n);
  lightsout::RulesResult result;
  for (auto _ : state) {
    result = lightsout::solve_rules(rules, n, n, lights);
    benchmark::DoNotOptimize(result);
  }
  state.counters["cells"] = static_cast<double>(n * n);
  state.counters["nullity"] = static_cast<double>(result.nullity);
}
BENCHMARK(BM_SolveRules_TorusGf2)->Arg(50)->Arg(100)->Arg(150)->Unit(benchmark::kMillisecond);

// n x n plane with K states (prime and composite): the Z_{p^e} elimination and the CRT.
void BM_SolveRules_PlaneZk(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto k = static_cast<unsigned>(state.range(1));
  const lightsout::Rules rules = lightsout::parse_rules("plane,states=" + std::to_string(k));
  const std::vector<std::uint8_t> lights = random_lights(n * n, k, n);
  lightsout::RulesResult result;
  for (auto _ : state) {
    result = lightsout::solve_rules(rules, n, n, lights);
    benchmark::DoNotOptimize(result);
  }
  state.counters["cells"] = static_cast<double>(n * n);
  state.counters["nullity"] = static_cast<double>(result.nullity);
}
BENCHMARK(BM_SolveRules_PlaneZk)
    ->Args({20, 3})
    ->Args({20, 6})
    ->Args({30, 3})
    ->Args({30, 12})
    ->Unit(benchmark::kMillisecond);

}  // namespace
