// The one JSON schema of board facts and solve results, shared by `info --json`, `solve --json`
// and the HTTP API (documented in docs/api.md).
#pragma once

#include <string>

#include "lightsout/info.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// A grid as JSON: an array of row strings of digits when K <= 10 ("0110"), else an array of rows,
// each an array of numbers ([[0, 12, 254], ...]).
std::string grid_json(const Grid& grid);

// {"rows":R,"cols":C,"nullity":d,"solvable_log2":k|null,"all_solvable":b,"rules":TEXT,
//  "states":K,"quiet_patterns":"N"} (the count exactly, as SolutionCount::to_string), then, when
// `kernel` is true, "kernel": [grid, ...] (facts.kernel) or null when `kernel_too_big`.
std::string facts_json(const Facts& facts, const Rules& rules, bool kernel,
                       bool kernel_too_big = false);

// {"solvable":b,"presses":grid|null,"press_count":n|null,"nullity":d,"solutions":"N",
//  "solutions_log2":d|null (K = 2 and solvable), "minimal":b,"minimal_proven":b,"method":NAME,
//  "rules":TEXT}
std::string result_json(const Result& result, const Rules& rules);

}  // namespace lightsout
