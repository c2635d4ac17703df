// `lightsout solve --judge NAME` for the family's own formats (POJ 3279, 1681, 1753, 3185, 1830).
#pragma once

#include <string>

#include "commands.hpp"
#include "lightsout/judge_family.hpp"

namespace lightsout::cli {

// Reads `input_name` ("-": standard input) in `problem`'s format and writes its answers to
// standard output. Returns the exit status: 0, 2 for bad input (after the answers before it),
// 1 for a poj3185 case without a solution (which the problem rules out).
int run_judge_family(JudgeProblem problem, const std::string& input_name, bool stats);

}  // namespace lightsout::cli
