// --rules and --method on the command line: reading holes=/graph= files, one-line errors, and the
// Solver for a rules set and size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <utility>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::cli {

// holes=FILE and graph=FILE files larger than this are refused.
inline constexpr std::uint64_t kMaxRulesFileBytes = std::uint64_t{64} << 20;

// The CLI's FileLoader: the whole file (a path relative to the working directory). Throws
// std::runtime_error "cannot open 'F': <reason>" or "'F' is larger than 64 MiB".
std::string load_rules_file(const std::string& path);

// The rules of --rules TEXT (classic rules when not given); on an error prints
// "lightsout: --rules: <message>" and returns nullopt.
std::optional<Rules> parse_cli_rules(const std::string& text);

// The size a rules description implies when none is given: N x 1 for a graph, the holes grid's
// size for holes; nullopt otherwise.
std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules);

// The Solver for the rules, size and --method text; on a problem prints one line
// ("lightsout: --rules: ..." for rules that do not fit, "lightsout: --method: ..." for a method
// that does not suit them) and returns nullopt.
std::optional<Solver> make_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                  const std::string& method);

}  // namespace lightsout::cli
