// --rules and --method on the command line: reading holes=/graph= files, one-line errors, and the
// Solver for a rules set and size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "lightsout/plan.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::cli {

// The rules of --rules TEXT (classic rules when not given), as rules_with_files reads them;
// on an error prints "lightsout: --rules: <message>" and returns nullopt.
std::optional<Rules> parse_cli_rules(const std::string& text);

// The size a rules description implies when none is given: N x 1 for a graph, the holes grid's
// size for holes; nullopt otherwise.
std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules);

// True when the rules are the same on the transposed board (two states): no holes or graph, the
// plane or the torus (a cylinder wraps one way), and a neighbourhood equal to its transpose
// (plus, x, square, knight, rowcol, symmetric masks). Thin boards of such rules are read, solved
// and written transposed, at a bit a cell.
bool transpose_invariant(const Rules& rules);

// Work past this (plan_solve: about a nanosecond a unit, so some 3 hours) is
// refused unless --force is given.
inline constexpr double kMaxRulesWork = 1e13;

// What a rules solve may cost: --memory (0: default_memory_budget(), a quarter of physical
// memory) and --force (past kMaxRulesWork); `text` is --rules as given, for messages.
struct RulesBudget {
  std::uint64_t memory = 0;
  bool force = false;
  std::string text;
  bool transposed = false;  // the size given is the board's transpose (messages name the board)
  double max_work = kMaxRulesWork;  // the work limit --force lifts
};

// The runner of a command with a --rules option: notes whether --rules was given (even empty,
// which names the classic rules) in args.rules_given, then runs the command on its arguments.
template <typename Args>
std::function<int()> runner_noting_rules(std::shared_ptr<Args> args,
                                         const CLI::Option* rules_option, int (*run)(const Args&)) {
  return [args = std::move(args), rules_option, run] {
    args->rules_given = rules_option->count() > 0;
    return run(*args);
  };
}

// The `--memory BYTES` option (K, M, G suffixes) with its help text.
void add_memory_option(CLI::App& cmd, std::uint64_t& memory, const std::string& help);

// Why `plan` (of plan_solve or plan_facts for these rules and size) is refused under `budget`
// (refuse_plan with --memory, and budget.max_work unless --force), in one line naming the method
// and how to lift the limit, or nullopt. Throws the Solver's refusal past the dense elimination's
// cell limit (see refuse_plan).
std::optional<std::string> budget_refusal(const SolvePlan& plan, const Rules& rules,
                                          std::size_t rows, std::size_t cols,
                                          const RulesBudget& budget);

// The method --method names; on an unknown name prints "lightsout: --method: unknown method
// 'NAME' (did you mean ...?) (auto, ...)" and returns nullopt. Commands check it before they
// read their input.
std::optional<Method> parse_cli_method(const std::string& name);

// Contract: the Solver for the rules, size and method; on a problem prints one line and
// returns nullopt: "lightsout: --method: ..." for a method that does not suit the rules,
// "lightsout: --rules: ..." for rules that do not fit the size, and, before anything is built,
// for rules other than the classic whose plan (plan_solve of the method that will run, the
// automatic one or --method's, refused by refuse_plan as the server refuses it: it reads only the
// rules, a graph's edges, and the size) is past the budget:
// "a RxC board under TEXT needs about N for METHOD, over the limit of M (give a larger --memory
// ...)" or "... is estimated at W units of work ... (give --force ...)". When that plan is dense
// elimination past its cell limit, the Solver's own refusal (naming each method's limit) is
// printed instead.
std::optional<Solver> make_solver(const Rules& rules, std::size_t rows, std::size_t cols,
                                  Method method, const RulesBudget& budget);

}  // namespace lightsout::cli
