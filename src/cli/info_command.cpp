// `lightsout info RxC`: nullity and solvable counts of a board size, and its quiet patterns.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "api/json_schema.hpp"
#include "cli_rules.hpp"
#include "command_inputs.hpp"
#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/info.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/render.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "progress.hpp"
#include "usage_errors.hpp"

namespace lightsout::cli {

namespace {

// Largest side `info` accepts; the product (10^18 cells) still fits in 64 bits.
constexpr std::uint64_t kMaxSide = 1'000'000'000;

struct InfoArgs {
  std::string size;
  bool json = false;
  std::string kernel_path;
  bool kernel = false;  // --kernel given (even with an empty FILE)
  std::string rules;
  bool rules_given = false;  // --rules given (even empty)
  std::uint64_t memory = 0;  // --memory (0: a quarter of physical memory)
  bool force = false;        // --force: past the work limit (kMaxInfoWork)
};

// Work past this (about a second at a nanosecond a unit) has its estimate shown on a terminal.
constexpr double kAboutASecond = 1e9;

// "40 s", "3 min", "2.5 h".
std::string duration_text(double seconds) {
  if (seconds < 90) return fmt::format("{:.0f} s", seconds);
  if (seconds < 5400) return fmt::format("{:.0f} min", seconds / 60);
  return fmt::format("{:.2g} h", seconds / 3600);
}

void print_error(const std::string& message) {
  fmt::print(stderr, "lightsout: info: {}\n", message);
}

// "1" for 2^0, "2^d (N)" while N fits in 64 bits, "2^d" beyond.
std::string power_of_two(std::uint64_t d) {
  if (d == 0) return "1";
  if (d < 64) return fmt::format("2^{} ({})", d, std::uint64_t{1} << d);
  return fmt::format("2^{}", d);
}

// Writes the patterns as text, patterns separated by one blank line (no patterns give an empty
// file): two states as grid rows of '0'/'1', more as judge text (rows of values 0..K-1
// separated by single spaces), as `solve` reads and writes such boards. Throws naming the file.
void write_patterns(const std::string& path, const std::vector<Grid>& patterns, unsigned states) {
  const BoardFormat format = states == 2 ? BoardFormat::grid : BoardFormat::judge;
  AtomicFile file(path);
  const WriteFn write = [&file](const char* data, std::size_t size) { file.write(data, size); };
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (i > 0) write("\n", std::size_t{1});
    write_grid(patterns[i], format, write);
  }
  file.commit();
}

// A .png or .svg --kernel FILE: a gallery of the patterns (render.hpp); no pattern draws the
// dark board, the only quiet pattern there is then.
void write_pattern_picture(const std::string& path, ImageFormat format, const Facts& facts) {
  std::vector<Panel> panels;
  for (const Grid& g : facts.kernel) panels.push_back({g, std::nullopt, Board()});
  if (panels.empty()) panels.push_back({Grid(facts.rows, facts.cols), std::nullopt, Board()});
  const Picture picture(std::move(panels));
  AtomicFile out(path);
  write_image(picture, format,
              [&out](const char* data, std::size_t size) { out.write(data, size); });
  out.commit();
}

// The facts as text: the classic rules keep their historical lines; --rules adds the rules and
// the exact number of quiet patterns.
void print_facts(const Facts& facts, const InfoArgs& args, const std::optional<Rules>& rules) {
  const unsigned k = facts.states;
  const std::string quiet = facts.quiet_patterns.to_string();
  fmt::print("board {}x{}: nullity {}\n", facts.rows, facts.cols, facts.nullity);
  if (facts.solvable_log2) {
    fmt::print("solvable configurations: 2^{} of 2^{}\n", *facts.solvable_log2, facts.cells);
  } else if (facts.quiet_patterns.factors.size() == 1 &&
             facts.quiet_patterns.factors[0].first == k) {
    fmt::print("solvable configurations: {}^{} of {}^{}\n", k,
               facts.cells - facts.quiet_patterns.factors[0].second, k, facts.cells);
  } else if (facts.all_solvable) {
    fmt::print("solvable configurations: {}^{} of {}^{}\n", k, facts.cells, k, facts.cells);
  } else {
    fmt::print("solvable configurations: {}^{} / {} of {}^{}\n", k, facts.cells, quiet, k,
               facts.cells);
  }
  fmt::print("every board solvable: {}\n", facts.all_solvable ? "yes" : "no");
  fmt::print("solutions per solvable board: {}\n", k == 2 ? power_of_two(facts.nullity) : quiet);
  if (args.kernel) {
    fmt::print("quiet patterns: {} written to {}\n", facts.nullity, args.kernel_path);
  }
  if (rules) {
    fmt::print("rules: {} ({} states, {} cells)\n", to_string(*rules), k, facts.cells);
    fmt::print("quiet patterns: {}\n", quiet);
  }
}

int run_info(const InfoArgs& args, const std::vector<std::string>& extras) {
  // CLI11 takes "-3x4" for an option: it reaches here as an extra, and is reported as a size.
  std::string size_text = args.size;
  for (const std::string& extra : extras) {
    if (extra == "--") continue;  // kept by allow_extras; what follows it is positional
    const bool looks_like_size = extra.size() > 1 && extra[0] == '-' && extra[1] >= '0' &&
                                 extra[1] <= '9' && size_text.empty();
    if (!looks_like_size) {
      fmt::print(stderr,
                 "lightsout: info: unexpected argument '{}'\n"
                 "Run 'lightsout info --help' for usage.\n",
                 extra);
      return kExitBadInput;
    }
    size_text = extra;
  }
  std::optional<Rules> rules;
  if (args.rules_given) {
    rules = parse_cli_rules(args.rules);
    if (!rules) return kExitBadInput;
    const auto implied = implied_size(*rules);
    if (size_text.empty() && implied) {
      size_text = fmt::format("{}x{}", implied->first, implied->second);
    }
  }
  if (size_text.empty()) {
    print_error("expected a board size RxC (e.g. 5x5)");
    return kExitBadInput;
  }
  const std::optional<BoardSize> size =
      parse_board_size(size_text, kMaxSide, std::numeric_limits<std::uint64_t>::max());
  if (!size) {
    print_error(fmt::format("board size must be RxC with 1 <= R, C <= {} (e.g. 5x5), got '{}'",
                            kMaxSide, size_text));
    return kExitBadInput;
  }

  // Its only inputs are the rules' files: neither the quiet patterns nor the facts (standard
  // output, which the shell may append to a file) may replace or spoil one.
  if (args.kernel) refuse_overwriting_inputs(args.kernel_path, "the quiet patterns");
  refuse_overwriting_inputs("-", "the facts");
  const Rules chosen = rules.value_or(Rules::classic());
  const std::size_t rows = size->rows;
  const std::size_t cols = size->cols;
  // "--rules: " for what the rules decide, "info: " for the classic facts.
  auto print_refusal = [&](std::string_view message) {
    if (message.starts_with("rules: ")) message.remove_prefix(7);
    fmt::print(stderr, "lightsout: {}: {}\n", rules ? "--rules" : "info", message);
  };
  Facts facts;
  try {
    if (!is_classic(chosen)) check_board_size(chosen, rows, cols);  // the estimate reads them
    // Weighed before anything is built, whatever the rules and method: --memory, and the work
    // limit --force lifts.
    const SolvePlan cost = plan_facts(chosen, rows, cols, args.kernel);
    const RulesBudget budget{args.memory, args.force, args.rules, false, kMaxInfoWork};
    // Past the dense elimination's cell limit the Solver's own refusal names each method's real
    // limit (light chasing's unknowns too): refuse_plan throws it.
    if (const std::optional<std::string> refusal =
            budget_refusal(cost, chosen, rows, cols, budget)) {
      print_refusal(*refusal);
      return kExitBadInput;
    }
    if (cost.work > kAboutASecond && stderr_is_terminal()) {
      // NTL's gcds and the Solver's set-up report no progress: the estimate is what can be said.
      fmt::print(stderr, "lightsout: info: {}x{} takes about {} for {} (up to {} of memory)\n",
                 rows, cols, duration_text(cost.work * 1e-9), cost.method_text,
                 format_bytes(cost.bytes));
    }
    set_activity(is_classic(chosen) || facts_without_board(chosen, rows, cols)
                     ? fmt::format("computing the facts of a {}x{} board", rows, cols)
                     : fmt::format("solving the dark {}x{} board", rows, cols));
    try {
      facts = board_facts(chosen, rows, cols, args.kernel);
    } catch (const std::length_error& e) {
      if (!args.kernel || !is_classic(chosen)) throw;
      print_error(fmt::format("--kernel: {}", e.what()));
      return kExitBadInput;
    }
    if (args.kernel) {
      if (const auto image = image_format_for_path(args.kernel_path)) {
        write_pattern_picture(args.kernel_path, *image, facts);
      } else {
        write_patterns(args.kernel_path, facts.kernel, chosen.states);
      }
    }
  } catch (const std::bad_alloc&) {
    throw;  // main's one line: "lightsout: out of memory while ..."
  } catch (const RulesError& e) {
    print_refusal(e.what());
    return kExitBadInput;
  } catch (const std::length_error& e) {
    print_refusal(e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    print_error(e.what());
    return kExitBadInput;
  }
  if (args.json) {
    fmt::print("{}\n", facts_json(facts, chosen, false));
  } else {
    print_facts(facts, args, rules);
  }
  std::fflush(stdout);
  if (std::ferror(stdout)) {
    print_error("cannot write to standard output");
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace

std::function<int()> add_info_command(CLI::App& app) {
  auto args = std::make_shared<InfoArgs>();
  CLI::App* cmd = app.add_subcommand(
      "info", "What a board size decides: nullity, solvable boards, solutions per board");
  cmd->add_option("size", args->size, "Board size RxC (rows x columns), 1 <= R, C <= 10^9");
  cmd->add_flag("--json", args->json,
                "One JSON line (the schema of docs/api.md): "
                "{\"rows\":R,\"cols\":C,\"nullity\":d,\"solvable_log2\":k,\"all_solvable\":b,"
                "\"rules\":TEXT,\"states\":K,\"quiet_patterns\":\"N\"}");
  CLI::Option* kernel =
      cmd->add_option(
             "--kernel", args->kernel_path,
             "Write a basis of the quiet patterns (presses that change nothing) to FILE: "
             "rows of 0/1 (K > 2 states: rows of values 0..K-1), a blank line between patterns "
             "(boards up to 2^32 cells); a .png or .svg FILE gets a picture of them")
          ->type_name("FILE");
  CLI::Option* rules_opt =
      cmd->add_option("--rules", args->rules,
                      "Variant rules (e.g. torus,states=3): the nullity and the number of quiet "
                      "patterns under them. Exact from the size alone, at any number of cells, "
                      "for the plus rules (self=0 too) on a torus or cylinder with K = 2, a "
                      "prime or a square-free product of primes (6, 10, 15, ...), without "
                      "--kernel, while the torus's shorter side or the cylinder's columns are at "
                      "most 8388608; otherwise (K with a square factor such as 4 or 9, other "
                      "rules, --kernel) by elimination, up to the solver's limits; graph= and "
                      "holes= imply the size")
          ->type_name("TEXT");
  add_memory_option(*cmd, args->memory,
                    "The most the estimate of the facts may reach (bytes; K, M, G suffixes; "
                    "default: a quarter of physical memory)");
  cmd->add_flag(
      "--force", args->force,
      "Compute even when the work estimate is past 10^12 units (about a quarter of an hour; "
      "10^9x10^9 is estimated at 2.9*10^12)");
  cmd->allow_extras();
  cmd->footer(
      "The nullity d is the number of independent quiet patterns: 2^(R*C - d) boards are "
      "solvable, each in 2^d ways.\nIt is computed from the size alone, in about 1 s for "
      "10^6x10^6 and 17 s for 10^7x10^7 (the time grows with the smaller odd part of R + 1 "
      "and C + 1).\nThe work and memory are estimated first: past --memory, or past 10^12 units "
      "without --force, the size is refused; on a terminal the estimate of anything over a "
      "second is shown.\nExit status: 0 done, 2 bad input or usage.");
  return [args, cmd, kernel, rules_opt] {
    for (const std::string& extra : cmd->remaining()) {  // allow_extras lets typos through
      if (extra == "--") break;
      if (const auto message = unknown_option(*cmd, extra, "info")) {
        fmt::print(stderr, "lightsout: {}\n", *message);
        return kExitBadInput;
      }
    }
    args->kernel = kernel->count() > 0;
    args->rules_given = rules_opt->count() > 0;
    return run_info(*args, cmd->remaining());
  };
}

}  // namespace lightsout::cli
