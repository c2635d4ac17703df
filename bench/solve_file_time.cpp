// solve_file_time: the in-memory time of Solver::solve on one board file (median of runs), the
// C++ side of bench/python_bench.py's comparison.
//
// usage: solve_file_time BOARD.pbm [RUNS]   prints "median_seconds solvable method"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lightsout/board_format.hpp"
#include "lightsout/solver.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs("usage: solve_file_time BOARD [RUNS]\n", stderr);
    return 2;
  }
  try {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(argv[1], "rb"), &std::fclose);
    if (!f) {
      std::fprintf(stderr, "solve_file_time: cannot open '%s'\n", argv[1]);
      return 2;
    }
    std::FILE* raw = f.get();
    const lightsout::Board board = lightsout::read_board(
        [raw](char* buf, std::size_t cap) { return std::fread(buf, 1, cap, raw); }, std::nullopt);
    const int runs = argc > 2 ? std::atoi(argv[2]) : 7;
    const lightsout::Grid lights(board);
    const lightsout::Solver solver(lightsout::Rules::classic(), board.rows(), board.cols());
    std::vector<double> times;
    bool solvable = false;
    for (int i = 0; i < runs; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      const lightsout::Result r = solver.solve(lights);
      const auto t1 = std::chrono::steady_clock::now();
      solvable = r.solvable;
      times.push_back(std::chrono::duration<double>(t1 - t0).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("%.6f %d %s\n", times[times.size() / 2], solvable ? 1 : 0,
                std::string(lightsout::method_name(solver.method())).c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "solve_file_time: %s\n", e.what());
    return 2;
  }
  return 0;
}
