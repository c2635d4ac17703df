// Google Benchmark cases for solve_rules (the GF(2) M4RI path at scale, Z_K on mid-size boards) and
// the banded GF(2) and Z_K factorisations on 256 x 256 and 128 x 128 boards.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/banded_gf2.hpp"
#include "core/banded_zk.hpp"
#include "core/solve_rules.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"

namespace {

std::vector<std::uint8_t> random_lights(std::size_t cells, unsigned states, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> lights(cells);
  for (std::uint8_t& v : lights) v = static_cast<std::uint8_t>(rng() % states);
  return lights;
}

// solve_rules timed on a random n x n board of RULES_TEXT with STATES states (seeded by n); the
// cell count and the nullity as counters.
void time_solve_rules(benchmark::State& state, const std::string& rules_text, std::size_t n,
                      unsigned states) {
  const lightsout::Rules rules = lightsout::parse_rules(rules_text);
  const std::vector<std::uint8_t> lights = random_lights(n * n, states, n);
  lightsout::Result result;
  for (auto _ : state) {
    result = lightsout::solve_rules(rules, n, n, lights);
    benchmark::DoNotOptimize(result);
  }
  state.counters["cells"] = static_cast<double>(n * n);
  state.counters["nullity"] = static_cast<double>(result.nullity);
}

// n x n torus, 2 states: the acceptance case is n = 150 (22,500 cells), solved with its nullity
// and the kernel basis, in at most 5 s.
void BM_SolveRules_TorusGf2(benchmark::State& state) {
  time_solve_rules(state, "torus", static_cast<std::size_t>(state.range(0)), 2);
}
BENCHMARK(BM_SolveRules_TorusGf2)->Arg(50)->Arg(100)->Arg(150)->Unit(benchmark::kMillisecond);

// n x n plane with K states (prime and composite): the Z_{p^e} elimination and the CRT.
void BM_SolveRules_PlaneZk(benchmark::State& state) {
  const auto k = static_cast<unsigned>(state.range(1));
  time_solve_rules(state, "plane,states=" + std::to_string(k),
                   static_cast<std::size_t>(state.range(0)), k);
}
BENCHMARK(BM_SolveRules_PlaneZk)
    ->Args({20, 3})
    ->Args({20, 6})
    ->Args({30, 3})
    ->Args({30, 12})
    ->Unit(benchmark::kMillisecond);

// The banded solver on 256 x 256 boards (65,536 cells), one case per rules text below: the
// factorisation and one solve per iteration (the press system is built once, outside).
const std::vector<std::string> kBandedRules = {
    "plane,nbhd=x",
    "plane,nbhd=square",
    "plane,nbhd=knight",
    "plane,nbhd=01110/11111/11011/11111/01110",
    "cylinder,nbhd=knight",
    "torus,nbhd=x",
    "torus,nbhd=square",
    "torus,nbhd=knight",
    "torus,nbhd=01110/11111/11011/11111/01110",
};

// The factorisation of the n x n board of RULES_TEXT (STATES states) and one solve per iteration
// (the press system is built once, outside); its bandwidth, nullity and solvability as counters.
template <typename Banded>
void time_factor_solve(benchmark::State& state, const std::string& text, std::size_t n,
                       unsigned states) {
  const lightsout::PressSystem sys =
      lightsout::build_press_system(lightsout::parse_rules(text), n, n);
  const std::vector<std::uint8_t> rhs = random_lights(sys.size(), states, n);
  std::vector<std::uint8_t> x;
  std::size_t bandwidth = 0;
  std::size_t nullity = 0;
  bool solvable = false;
  for (auto _ : state) {
    const Banded banded(sys);
    solvable = banded.solve(rhs, x);
    bandwidth = banded.bandwidth();
    nullity = banded.nullity();
    benchmark::DoNotOptimize(x);
  }
  state.SetLabel(text);
  state.counters["bandwidth"] = static_cast<double>(bandwidth);
  state.counters["nullity"] = static_cast<double>(nullity);
  state.counters["solvable"] = solvable ? 1 : 0;
}

// One more right side on a factorisation of the n x n board of RULES_TEXT already made.
template <typename Banded>
void time_solve_only(benchmark::State& state, const std::string& text, std::size_t n,
                     unsigned states) {
  const lightsout::PressSystem sys =
      lightsout::build_press_system(lightsout::parse_rules(text), n, n);
  const Banded banded(sys);
  const std::vector<std::uint8_t> rhs = random_lights(sys.size(), states, 1);
  std::vector<std::uint8_t> x;
  for (auto _ : state) {
    benchmark::DoNotOptimize(banded.solve(rhs, x));
  }
}

void BM_Banded_FactorSolve(benchmark::State& state) {
  time_factor_solve<lightsout::detail::BandedGf2>(
      state, kBandedRules[static_cast<std::size_t>(state.range(0))],
      static_cast<std::size_t>(state.range(1)), 2);
}
BENCHMARK(BM_Banded_FactorSolve)
    ->ArgsProduct({benchmark::CreateDenseRange(0, 8, 1), {256}})
    ->Unit(benchmark::kMillisecond);

// 256 x 256 torus, knight.
void BM_Banded_SolveOnly(benchmark::State& state) {
  time_solve_only<lightsout::detail::BandedGf2>(state, "torus,nbhd=knight", 256, 2);
}
BENCHMARK(BM_Banded_SolveOnly)->Unit(benchmark::kMillisecond);

// The banded Z_K solver on 128 x 128 tori, square: K prime (3, 5) and composite (6).
void BM_BandedZk_FactorSolve(benchmark::State& state) {
  const auto k = static_cast<unsigned>(state.range(0));
  time_factor_solve<lightsout::detail::BandedZk>(state,
                                                 "torus,nbhd=square,states=" + std::to_string(k),
                                                 static_cast<std::size_t>(state.range(1)), k);
}
BENCHMARK(BM_BandedZk_FactorSolve)
    ->Args({3, 128})
    ->Args({5, 128})
    ->Args({6, 128})
    ->Unit(benchmark::kMillisecond);

// Z_6, 128 x 128 torus, square.
void BM_BandedZk_SolveOnly(benchmark::State& state) {
  time_solve_only<lightsout::detail::BandedZk>(state, "torus,nbhd=square,states=6", 128, 6);
}
BENCHMARK(BM_BandedZk_SolveOnly)->Unit(benchmark::kMillisecond);

}  // namespace
