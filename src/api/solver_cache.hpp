// cached_solver: each thread keeps its few most recent small Solvers, so that repeated requests
// of one size and rules skip building the solver (for a 5x6 board, most of a request's work).
#pragma once

#include <cstddef>
#include <memory>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::api {

// Boards of at most this many cells are cached (a solver of that size holds at most a few MB: the
// dense Z_K system of 1024 cells is 1 MB); at most this many per thread, the least recently used
// dropped first. These stay outside the --memory budget: a few tens of MB for all threads at most.
inline constexpr std::size_t kCachedSolverCells = 1024;
inline constexpr std::size_t kCachedSolversPerThread = 8;

// The Solver for `rules` on rows x cols (automatic method): the calling thread's cached one when
// it has one for exactly these rules and size, else a new one (kept when the board is small).
// `plan`, when given, is plan_solve(rules, rows, cols), already weighed by the caller: a new
// Solver chooses from it. Throws what Solver's constructor throws; nothing is cached then.
std::shared_ptr<const Solver> cached_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                            const SolvePlan* plan = nullptr);

}  // namespace lightsout::api
