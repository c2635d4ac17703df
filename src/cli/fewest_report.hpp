// --minimal on every path: its --minimal-time check, and the stderr line for an unproven answer.
#pragma once

#include <cstddef>
#include <optional>

#include <CLI/CLI.hpp>

#include "lightsout/solver.hpp"

namespace lightsout::cli {

// When `result` answers --minimal without proof, prints on stderr
// "lightsout: puzzle N: P presses, fewest not proven, lower bound L" (without "puzzle N: " when
// `puzzle` is empty) and returns true; otherwise prints nothing and returns false.
bool report_unproven(const Result& result, std::optional<std::size_t> puzzle);

// --minimal-time SECONDS: a number from 0 (no limit) to 10^9. CLI::Range lets NaN through (every
// comparison with it is false), and NaN would mean no limit.
CLI::Validator minimal_time_validator();

}  // namespace lightsout::cli
