#!/usr/bin/env python3
"""Times the Python module: Solver(5, 6).solve_many on 10^6 boards (target <= 0.2 s), and solve of
a 10000 x 10000 bool array against the C++ Solver on the same board (target <= 2x).

usage: PYTHONPATH=build-python/python python3 bench/python_bench.py [CPP_BUILD_DIR] [RUNS]
(CPP_BUILD_DIR holds bench/solve_file_time, default build/). Prints medians; asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import lightsout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rng = np.random.default_rng(2026)

    boards = rng.integers(0, 2, size=(1_000_000, 5, 6), dtype=np.uint8)
    solver = lightsout.Solver(5, 6)
    solver.solve_many(boards[:1000])
    t_many = median_time(lambda: solver.solve_many(boards), runs)
    print(f"solve_many 10^6 x 5x6 uint8: median {t_many:.4f} s "
          f"({t_many / 1e6 * 1e9:.0f} ns a board; target <= 0.2 s)")
    t_many_bool = median_time(lambda: solver.solve_many(boards.astype(bool)), runs)
    print(f"solve_many 10^6 x 5x6 bool (astype included): median {t_many_bool:.4f} s")

    n = 10_000
    lights = rng.integers(0, 2, size=(n, n), dtype=np.uint8).astype(bool)
    # A warm-up. solve() keeps only Solvers of up to 1024 cells (api::cached_solver): this one is
    # prepared on every call, which costs next to nothing for the classic rules.
    result = lightsout.solve(lights)
    print(f"10^4 x 10^4 bool board: method {result.method}, solvable {result.solvable}")
    tool = os.path.join(build, "bench", "solve_file_time")
    if not os.path.exists(tool):
        print(f"(no {tool}: build the target solve_file_time for the C++ time)")
        return 0
    # Python and C++ interleaved, round by round, so that a busy machine weighs on both alike.
    py_solve, py_array, cpp = [], [], []
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "board.pbm")
        lightsout.write_board(path, lights)
        for _ in range(runs):
            py_solve.append(median_time(lambda: lightsout.solve(lights), 3))
            py_array.append(median_time(lambda: lightsout.solve(lights).presses, 3))
            out = subprocess.run([tool, path, "3"], capture_output=True, text=True, check=True)
            cpp.append(float(out.stdout.split()[0]))
    t_solve, t_array, t_cpp = (statistics.median(x) for x in (py_solve, py_array, cpp))
    print(f"C++ Solver::solve (bit-packed in and out): median {t_cpp:.4f} s")
    print(f"Python solve (uint8/bool array in, presses kept packed): median {t_solve:.4f} s, "
          f"{t_solve / t_cpp:.2f}x C++ (target <= 2)")
    print(f"Python solve + .presses (the 10^8-byte array made): median {t_array:.4f} s, "
          f"{t_array / t_cpp:.2f}x C++")
    return 0


if __name__ == "__main__":
    sys.exit(main())
