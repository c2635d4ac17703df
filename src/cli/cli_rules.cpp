// --rules and --method on the command line: one-line errors, the Solver.
#include "cli_rules.hpp"

#include "lightsout/suggest.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "command_inputs.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/rules_text.hpp"
#include "solve_streamed.hpp"

namespace lightsout::cli {

namespace {

void print_rules_error(const std::exception& e) {
  std::string_view message = e.what();
  if (message.starts_with("rules: ")) message.remove_prefix(7);
  fmt::print(stderr, "lightsout: --rules: {}\n", message);
}

}  // namespace

std::optional<Rules> parse_cli_rules(const std::string& text) {
  std::vector<std::string> files;  // holes= and graph= files: the command's inputs too
  std::optional<Rules> rules;
  try {
    rules = rules_with_files(text, &files);
  } catch (const std::exception& e) {
    print_rules_error(e);
  }
  for (const std::string& file : files) add_input(file);
  return rules;
}

std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules) {
  if (rules.has_graph()) return std::pair<std::size_t, std::size_t>{rules.graph.size(), 1};
  if (rules.has_holes()) {
    return std::pair<std::size_t, std::size_t>{rules.holes.rows(), rules.holes.cols()};
  }
  return std::nullopt;
}

bool transpose_invariant(const Rules& rules) {
  if (rules.states != 2 || rules.has_holes() || rules.has_graph()) return false;
  if (rules.topology == Topology::cylinder) return false;
  std::vector<Offset> flipped;
  flipped.reserve(rules.offsets.size());
  for (const Offset& o : rules.offsets) flipped.push_back({o.dc, o.dr});
  std::sort(flipped.begin(), flipped.end());
  std::vector<Offset> offsets = rules.offsets;
  std::sort(offsets.begin(), offsets.end());
  return flipped == offsets;
}

void add_memory_option(CLI::App& cmd, std::uint64_t& memory, const std::string& help) {
  // 0 and negative sizes were taken in silence (0 as the default, -1 as 2^64 - 1). The check
  // sees the value in bytes, after the suffix was applied (CLI11 runs transforms first).
  const CLI::Validator positive(
      [](std::string& text) -> std::string {
        std::uint64_t bytes = 0;
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, bytes);
        if (ec != std::errc() || p != end || bytes == 0) {
          return fmt::format("expected 1 byte or more, below 2^64 (bytes, or K, M, G), got '{}'",
                             text);
        }
        return {};
      },
      "BYTES");
  cmd.add_option("--memory", memory, help)
      ->check(positive)
      ->transform(CLI::AsSizeValue(false))
      ->type_name("BYTES");
}

std::optional<std::string> budget_refusal(const SolvePlan& plan, const Rules& rules,
                                          std::size_t rows, std::size_t cols,
                                          const RulesBudget& budget) {
  const std::uint64_t memory = budget.memory != 0 ? budget.memory : default_memory_budget();
  const std::string shape =
      budget.transposed ? fmt::format("{}x{}", cols, rows) : fmt::format("{}x{}", rows, cols);
  const std::string board = budget.text.empty()
                                ? fmt::format("a {} board", shape)
                                : fmt::format("a {} board under {}", shape, budget.text);
  const PlanLimits limits{budget.force ? std::numeric_limits<double>::infinity() : budget.max_work,
                          static_cast<double>(memory)};
  std::optional<PlanRefusal> refusal = refuse_plan(plan, rules, rows, cols, limits, board);
  if (!refusal) return std::nullopt;
  refusal->text += refusal->limit == PlanLimit::bytes ? " (give a larger --memory to try it)"
                                                      : " (give --force to run it)";
  return std::move(refusal->text);
}

std::optional<Method> parse_cli_method(const std::string& name) {
  const std::optional<Method> m = parse_method(name);
  if (!m) {
    static constexpr std::string_view kMethods[] = {
        "auto", "tables", "enumerate", "chase", "poly", "dense", "banded", "gf2", "zk", "rowcol"};
    fmt::print(stderr,
               "lightsout: --method: unknown method '{}'{} (auto, tables, enumerate, chase, poly, "
               "dense, banded, gf2, zk, rowcol)\n",
               name, did_you_mean(name, kMethods));
  }
  return m;
}

std::optional<Solver> make_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                  Method method, const RulesBudget& budget) {
  try {
    check_board_size(rules, rows, cols);  // the estimate reads the holes and graph of this size
    if (is_classic(rules)) return Solver(rules, rows, cols, method);
    // The plan of the method that will run: the automatic choice, or the forced method's own.
    const SolvePlan plan = plan_solve(rules, rows, cols, method);
    if (const std::optional<std::string> refusal =
            budget_refusal(plan, rules, rows, cols, budget)) {
      fmt::print(stderr, "lightsout: --rules: {}\n", *refusal);
      return std::nullopt;
    }
    if (method == Method::automatic) return Solver(rules, rows, cols, plan);  // planned once
    return Solver(rules, rows, cols, method);
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
