// The stderr line that says a fewest-presses answer is not proven: no path prints one silently.
#pragma once

#include <cstddef>
#include <optional>

#include "lightsout/solver.hpp"

namespace lightsout::cli {

// When `result` answers --minimal without proof, prints on stderr
// "lightsout: puzzle N: P presses, fewest not proven, lower bound L" (without "puzzle N: " when
// `puzzle` is empty) and returns true; otherwise prints nothing and returns false.
bool report_unproven(const Result& result, std::optional<std::size_t> puzzle);

}  // namespace lightsout::cli
