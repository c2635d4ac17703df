// `lightsout solve` on one board file: read, solve (with progress and phase times), write.
#include "solve_board_file.hpp"

#include <optional>
#include <utility>

#include <fmt/core.h>

#include "cli_rules.hpp"
#include "command_inputs.hpp"
#include "commands.hpp"
#include "fewest_report.hpp"
#include "file_io.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/solver.hpp"
#include "progress.hpp"
#include "solve_streamed.hpp"

namespace lightsout::cli {

namespace {

const char* fewest_note(const Result& result) {
  if (!result.minimal) return "";
  return result.minimal_proven ? " (fewest, proven)" : " (fewest found, not proven)";
}

}  // namespace

void refuse_p4_to_terminal(const std::string& output, std::optional<BoardFormat> format) {
  if (format == BoardFormat::pbm_raw) {
    refuse_binary_to_terminal(output, "binary P4 presses",
                              "give -o FILE, --output-format grid (text), or redirect the output");
  }
}

int run_board_solve(const BoardSolveArgs& args, const Rules& rules, const RulesBudget& budget) {
  // Refused before the board is read (an output over an input: the two-pass solve reads the input
  // again while it writes; the rules' files were noted when the rules were read).
  add_input(args.input);
  const BoardFileFormats formats = board_file_formats(
      {args.input, args.output, args.format, args.output_format, command_inputs()}, "the presses");
  const std::optional<BoardFormat> in_format = formats.input;
  std::optional<BoardFormat> out_format = formats.output;
  const unsigned k = rules.states;
  if (k > 2) {
    for (const auto& [what, f] : {std::pair{"input", in_format}, std::pair{"output", out_format}}) {
      if (f && *f != BoardFormat::judge) {
        fmt::print(stderr,
                   "lightsout: --rules: boards of {} states are judge text (values 0..{}), "
                   "not {} ({})\n",
                   k, k - 1, board_format_name(*f), what);
        return kExitBadInput;
      }
    }
  }

  refuse_p4_to_terminal(args.output, out_format ? out_format : in_format);
  prompt_if_terminal(args.input, "a board");
  if (is_classic(rules)) {
    if (const std::optional<int> streamed = try_streamed_solve(args, in_format, out_format)) {
      return *streamed;
    }
  }

  PhaseClock clock(!args.quiet && stderr_is_terminal());
  Grid lights;
  BoardFormat detected = BoardFormat::grid;
  bool transposed = false;  // lights (and so the presses) hold the transpose of the board
  try {
    clock.report("read", 0.0);
    set_activity("reading the board");
    // The classic rules are the same on the transpose: a thin board is read, solved and written
    // transposed, at a bit a cell instead of a word a row. So are other two-state rules of a
    // symmetric neighbourhood on the plane or torus, kept transposed when light chasing takes
    // them (it runs along the longer side either way). Not for the lexicographic tie-break, whose
    // order is the board's own rows.
    BoardFile file = lightsout::read_board_file(
        args.input, {.format = in_format,
                     .states = k,
                     .thin = (is_classic(rules) || transpose_invariant(rules)) &&
                             args.tie_break == TieBreak::any,
                     .max_cells = args.max_cells,
                     .max_cells_option = "--max-cells"});
    lights = std::move(file.grid);
    detected = file.detected;
    transposed = file.transposed;
    if (transposed && !is_classic(rules) &&
        plan_solve(rules, lights.cols(), lights.rows()).method != Method::chase) {
      lights = Grid(lights.bits().transposed());
      transposed = false;
    }
  } catch (const BoardFileError& e) {
    clock.finish();
    // `solve poj.in -o out.txt`: judge puzzles after a count, read as one board.
    const bool puzzles = args.judge_text_hint && shape_of_file(args.input).count_first;
    fmt::print(stderr, "lightsout: {}{}\n", e.what(),
               puzzles ? "; -o (like --format and --output-format) means board-file mode, one "
                         "board of any size; puzzles after a count line are judge mode, which "
                         "writes to standard output: drop -o and redirect (> FILE)"
                       : "");
    return kExitBadInput;
  }
  const std::size_t rows = transposed ? lights.cols() : lights.rows();
  const std::size_t cols = transposed ? lights.rows() : lights.cols();
  clock.report("prepare", 0.0);  // the Solver's set-up: tables, symbolic chase, factorisation
  set_activity(fmt::format("preparing the solver for a {}x{} board", rows, cols));
  const std::optional<Solver> solver =
      make_solver(rules, lights.rows(), lights.cols(), args.method,
                  {budget.memory, budget.force, budget.text, transposed});
  if (!solver) {
    clock.finish();
    return kExitBadInput;
  }

  Options options;
  options.minimal = args.minimal;
  options.minimal_seconds = args.minimal_time;
  options.minimal_exhaustive = args.minimal_exhaustive;
  options.tie_break = args.tie_break;
  options.progress = [&clock](std::string_view phase, double fraction) {
    clock.report(phase, fraction);
  };
  clock.report("solve", 0.0);
  set_activity(fmt::format("solving a {}x{} board", rows, cols));
  // The board is handed over: a wide one is released once transposed (peak: two boards).
  const Result result = solver->solve(std::move(lights), options);
  auto stats = [&] {
    if (!args.stats) return;
    fmt::print(stderr, "method: {}\nnullity: {}\nsolutions: {}\n", method_name(result.method),
               result.nullity, result.solutions.to_string());
    if (result.solvable) {
      fmt::print(stderr, "presses: {}{}\n", result.presses.total(), fewest_note(result));
    }
    fmt::print(stderr, "{}", clock.summary());
  };

  if (!result.solvable) {
    clock.finish();
    if (is_classic(rules)) {
      const std::size_t cells = rows * cols;
      fmt::print(stderr,
                 "lightsout: no solution: this {}x{} board is not solvable (nullity {}: 2^{} of "
                 "the 2^{} boards of this size are solvable)\n",
                 rows, cols, result.nullity, cells - result.nullity, cells);
    } else {
      fmt::print(stderr,
                 "lightsout: no solution: this {}x{} board is not solvable under --rules {}\n",
                 rows, cols, args.rules_text);
    }
    stats();
    return kExitUnsolvable;
  }
  clock.report("write", 0.0);
  set_activity("writing the presses");
  refuse_p4_to_terminal(args.output, out_format.value_or(detected));
  AtomicFile output(args.output);
  // A .pbm name says PBM but not which flavour: keep the input's when it was PBM too.
  if (args.output_format.empty() && out_format == BoardFormat::pbm_raw &&
      detected == BoardFormat::pbm_plain) {
    out_format = BoardFormat::pbm_plain;
  }
  const WriteFn write = [&output](const char* data, std::size_t size) { output.write(data, size); };
  if (transposed) {
    write_board_transposed(result.presses.bits(), out_format.value_or(detected), write);
  } else {
    write_grid(result.presses, out_format.value_or(detected), write);
  }
  output.commit();
  clock.finish();
  report_unproven(result, std::nullopt);
  stats();
  return kExitOk;
}

}  // namespace lightsout::cli
