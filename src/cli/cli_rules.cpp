// --rules and --method on the command line: the file loader, one-line errors, the Solver.
#include "cli_rules.hpp"

#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "file_io.hpp"
#include "lightsout/rules_text.hpp"

namespace lightsout::cli {

namespace {

void print_rules_error(const std::exception& e) {
  std::string_view message = e.what();
  if (message.starts_with("rules: ")) message.remove_prefix(7);
  fmt::print(stderr, "lightsout: --rules: {}\n", message);
}

}  // namespace

std::string load_rules_file(const std::string& path) {
  InputFile file(path);
  const auto size = file.regular_file_size();
  const std::string too_big =
      fmt::format("'{}' is larger than {} MiB", path, kMaxRulesFileBytes >> 20);
  if (size && *size > kMaxRulesFileBytes) throw std::runtime_error(too_big);
  std::string text;
  std::vector<char> buf(std::size_t{1} << 20);
  for (;;) {
    const std::size_t n = file.read(buf.data(), buf.size());
    if (n == 0) break;
    if (text.size() + n > kMaxRulesFileBytes) throw std::runtime_error(too_big);
    text.append(buf.data(), n);
  }
  return text;
}

std::optional<Rules> parse_cli_rules(const std::string& text) {
  try {
    return parse_rules(text, load_rules_file);
  } catch (const std::exception& e) {
    print_rules_error(e);
    return std::nullopt;
  }
}

std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules) {
  if (rules.has_graph()) return std::pair<std::size_t, std::size_t>{rules.graph.size(), 1};
  if (rules.has_holes()) {
    return std::pair<std::size_t, std::size_t>{rules.holes.rows(), rules.holes.cols()};
  }
  return std::nullopt;
}

std::optional<Solver> make_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                  const std::string& method) {
  const std::optional<Method> m = parse_method(method);
  if (!m) {
    fmt::print(stderr, "lightsout: --method: unknown method '{}'\n", method);
    return std::nullopt;
  }
  try {
    return Solver(rules, rows, cols, *m);
  } catch (const RulesError& e) {
    print_rules_error(e);
  } catch (const std::length_error& e) {
    print_rules_error(e);
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "lightsout: --method: {}\n", e.what());
  }
  return std::nullopt;
}

}  // namespace lightsout::cli
