// Google Benchmark: the fewest-presses search alone, by branch and bound and by the exhaustive
// mode, on board files given on the command line (bench/fewest_wht.sh passes its boards). What is
// timed is minimize_board (the classes, the symmetries and the search, on every core); the board
// is read, solved and its quiet patterns found once, outside the timing. So the two methods are
// compared without the process start, the parsing and the kernel that the CLI timings include.
//
// usage: fewest_bench [--benchmark_...] NAME=BOARD_FILE ...
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/fewest_presses.hpp"
#include "core/solve.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"

namespace {

using lightsout::Board;
using lightsout::detail::FewestMethod;

struct Case {
  std::string name;
  Board presses;  // a solution
  std::vector<Board> kernel;
};

Case load(const std::string& name, const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw std::runtime_error("cannot open '" + path + "'");
  std::FILE* raw = f.get();
  const Board lights = lightsout::read_board(
      [raw](char* buf, std::size_t cap) { return std::fread(buf, 1, cap, raw); }, std::nullopt);
  lightsout::SolveResult r = lightsout::solve(lights);
  if (!r.solvable) throw std::runtime_error("'" + path + "' has no solution");
  return {name, std::move(r.presses), std::move(r.kernel)};
}

// One search to the end (no budget): its time, and the weight it proves as a counter.
void search(benchmark::State& state, const Case& c, FewestMethod method) {
  std::uint64_t weight = 0;
  for (auto _ : state) {
    Board presses = c.presses;
    const auto out = lightsout::minimize_board(presses, c.kernel, {}, method);
    if (!out.proven) state.SkipWithError("the search stopped unproven");
    weight = out.weight;
    benchmark::DoNotOptimize(presses);
  }
  state.counters["nullity"] = static_cast<double>(c.kernel.size());
  state.counters["presses"] = static_cast<double>(weight);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<std::unique_ptr<Case>> cases;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto eq = arg.find('=');
      if (eq == std::string::npos || eq == 0) {
        std::fprintf(stderr, "fewest_bench: expected NAME=BOARD_FILE, not '%s'\n", argv[i]);
        return 2;
      }
      cases.push_back(std::make_unique<Case>(load(arg.substr(0, eq), arg.substr(eq + 1))));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fewest_bench: %s\n", e.what());
    return 2;
  }
  if (cases.empty()) {
    std::fputs("usage: fewest_bench [--benchmark_...] NAME=BOARD_FILE ...\n", stderr);
    return 2;
  }
  for (const auto& c : cases) {
    benchmark::RegisterBenchmark((c->name + "/branch-and-bound").c_str(), search, std::cref(*c),
                                 FewestMethod::branch_and_bound)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark((c->name + "/exhaustive").c_str(), search, std::cref(*c),
                                 FewestMethod::exhaustive)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
