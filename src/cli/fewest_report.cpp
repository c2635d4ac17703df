// report_unproven: one line per unproven fewest-presses answer.
#include "fewest_report.hpp"

#include <fmt/core.h>

namespace lightsout::cli {

bool report_unproven(const Result& result, std::optional<std::size_t> puzzle) {
  if (!result.solvable || !result.minimal || result.minimal_proven) return false;
  const std::string where = puzzle ? fmt::format("puzzle {}: ", *puzzle) : std::string();
  fmt::print(stderr, "lightsout: {}{} presses, fewest not proven, lower bound {}\n", where,
             result.presses.total(), result.minimal_lower_bound);
  return true;
}

}  // namespace lightsout::cli
