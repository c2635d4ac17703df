// report_unproven: one line per unproven fewest-presses answer.
#include "fewest_report.hpp"

#include <charconv>
#include <string>

#include <fmt/core.h>

namespace lightsout::cli {

bool report_unproven(const Result& result, std::optional<std::size_t> puzzle) {
  if (!result.solvable || !result.minimal || result.minimal_proven) return false;
  const std::string where = puzzle ? fmt::format("puzzle {}: ", *puzzle) : std::string();
  fmt::print(stderr, "lightsout: {}{} presses, fewest not proven, lower bound {}\n", where,
             result.presses.total(), result.minimal_lower_bound);
  return true;
}

CLI::Validator minimal_time_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, value);
        if (ec != std::errc() || p != end || !(value >= 0.0 && value <= 1e9)) {
          return fmt::format("expected seconds from 0 to 1e9 (0: no limit), got '{}'", text);
        }
        return {};
      },
      "SECONDS");
}

}  // namespace lightsout::cli
