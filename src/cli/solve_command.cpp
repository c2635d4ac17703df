// `lightsout solve`: judge-format puzzles in, presses out, for any board size.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "cli_rules.hpp"
#include "command_inputs.hpp"
#include "commands.hpp"
#include "fewest_report.hpp"
#include "file_io.hpp"
#include "judge_family.hpp"
#include "judge_pipeline.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/input_shape.hpp"
#include "lightsout/judge_format.hpp"
#include "lightsout/plan.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

namespace {

struct SolveArgs {
  std::string input = "-";
  std::string layout = "auto";
  std::string size = "5x6";
  std::string method = "auto";
  bool minimal = false;
  double minimal_time = 10.0;  // --minimal-time: seconds per puzzle for the proof
  std::string minimal_method = "branch-and-bound";  // --minimal-method
  std::string tie_break = "any";  // --tie-break (with --minimal): any, lexicographic or lex
  bool trailing_space = false;
  std::string rules;            // --rules TEXT
  bool size_given = false;      // --size given
  std::uint64_t max_cells = 0;  // --max-cells (0: the default for the input)
  bool force = false;           // --force: rules past the work limit
  bool size_read = false;       // --size read off a lone puzzle's text
  std::string judge;            // --judge NAME
};

// Judge mode's default cell limit: what the input can hold (a value and a separator a cell, so
// (bytes + 1) / 2 of the bytes a regular file stores: a sparse file's holes do not count) between
// kMaxStreamCells and kMaxFileCells; a pipe gets kMaxStreamCells. A puzzle is allocated before its
// values arrive, so the limit comes first.
std::uint64_t judge_max_cells(std::optional<std::uint64_t> input_bytes) {
  if (!input_bytes) return kMaxStreamCells;
  return std::clamp((*input_bytes + 1) / 2, kMaxStreamCells, kMaxFileCells);
}

// The judge sibling a file's first 64 KiB look like (nullopt for standard input).
std::optional<JudgeProblem> guess_family(const std::string& path) {
  if (path == "-") return std::nullopt;
  try {
    InputFile file(path);
    std::string head(std::size_t{1} << 16, '\0');
    std::size_t got = 0;
    while (got < head.size()) {
      const std::size_t n = file.read(head.data() + got, head.size() - got);
      if (n == 0) break;
      got += n;
    }
    head.resize(got);
    return guess_judge_problem(head);
  } catch (const std::exception&) {
    return std::nullopt;  // only a hint: an unreadable file has had its own error
  }
}

// --tie-break's value, once checked.
TieBreak tie_break_of(const SolveArgs& args) {
  return args.tie_break == "any" ? TieBreak::any : TieBreak::lexicographic;
}

// Judge mode: many puzzles of one size, under any rules, through one Solver and one loop.
int run_judge_solve(const SolveArgs& args, const Rules& rules, Method method,
                    const RulesBudget& budget, bool stats) {
  const auto started = std::chrono::steady_clock::now();
  // `solve in.txt >> in.txt` would read its own answers back as puzzles; appended to a rules
  // file, they would spoil it.
  add_input(args.input);
  refuse_overwriting_inputs("-", "the answers");
  BoardSize size{};
  const auto implied = implied_size(rules);
  if (!args.size_given && implied) {
    size = {implied->first, implied->second};
  } else if (const std::optional<BoardSize> parsed = parse_board_size(args.size)) {
    size = *parsed;
  } else {
    fmt::print(stderr, "lightsout: --size: expected RxC with 1 <= R, C (e.g. 5x6), got '{}'\n",
               args.size);
    return kExitBadInput;
  }
  prompt_if_terminal(args.input, fmt::format("{}x{} puzzles", size.rows, size.cols));
  InputFile input(args.input);
  const std::uint64_t max_cells =
      args.max_cells != 0 ? args.max_cells : judge_max_cells(input.stored_bytes());
  if (size.rows * size.cols > max_cells && args.size_read) {
    fmt::print(stderr,
               "lightsout: {}: one {}x{} puzzle (its size read from the text) is {} cells, over "
               "the limit of {} cells (--max-cells)\n",
               input.name(), size.rows, size.cols, size.rows * size.cols, max_cells);
    return kExitBadInput;
  }
  if (size.rows * size.cols > max_cells) {  // parse_board_size keeps the product below 2^40
    fmt::print(stderr,
               "lightsout: --size: {}x{} is {} cells, over the limit of {} cells (--max-cells)\n",
               size.rows, size.cols, size.rows * size.cols, max_cells);
    return kExitBadInput;
  }
  set_activity(fmt::format("preparing the solver for {}x{} boards", size.rows, size.cols));
  // Thin puzzles under the classic rules (the same on the transpose) are read, solved and written
  // transposed: a bit a cell instead of a 64-bit word a row; so are two-state rules the same on
  // the transpose that light chasing takes. Dense elimination keeps the size it was asked for,
  // for its messages.
  // Not for --tie-break lexicographic, whose order is the board's rows, not its transpose's.
  const bool thin_shape = size.cols <= 64 && size.rows > size.cols && size.rows * size.cols > 64 &&
                          tie_break_of(args) == TieBreak::any;
  const bool thin =
      thin_shape &&
      (is_classic(rules) ? method != Method::dense
                         : transpose_invariant(rules) &&
                               plan_solve(rules, size.rows, size.cols).method == Method::chase);
  const std::optional<Solver> solver =
      thin ? make_solver(rules, size.cols, size.rows, method,
                         {budget.memory, budget.force, budget.text, true})
           : make_solver(rules, size.rows, size.cols, method, budget);
  if (!solver) return kExitBadInput;
  set_activity(fmt::format("reading and solving {}x{} puzzles", size.rows, size.cols));
  const JudgeLayout layout = args.layout == "count"    ? JudgeLayout::count
                             : args.layout == "single" ? JudgeLayout::single
                                                       : JudgeLayout::detect;
  const unsigned states = rules.states;

  JudgeReader reader([&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
                     size.rows, size.cols, layout, input.buffer_bytes());
  reader.set_states(states);
  // A pipe or a terminal: each puzzle is answered before the next bytes are waited for.
  const bool arriving = !input.regular_file_size();
  reader.set_batch_ends_with_input(arriving);
  std::optional<JudgeWriter> writer;
  Options options;
  options.minimal = args.minimal;
  options.minimal_seconds = args.minimal_time;
  options.minimal_exhaustive = args.minimal_method == "exhaustive";
  options.tie_break = tie_break_of(args);
  // The judge workload (the tables method): a few look-ups per puzzle on packed words, whose
  // fewest presses are exact (an enumeration of the quiet patterns) up to nullity 24; past that
  // the general path searches with a proof.
  const bool word = solver->word_sized() && (!args.minimal || solver->minimal_exact());
  std::vector<std::uint8_t> values(states > 2 ? size.rows * size.cols : 0);
  std::size_t unsolvable = 0;
  try {
    const auto open_writer = [&] {
      if (!writer) {
        writer.emplace(write_stdout, size.cols, reader.layout(), args.trailing_space,
                       input.buffer_bytes());
      }
    };
    if (word) {  // the judge workload: read and solve on one thread, write on this one
      const auto get_writer = [&]() -> JudgeWriter& {
        open_writer();
        return *writer;
      };
      unsolvable = solve_judge_pipeline(reader, *solver, args.minimal, tie_break_of(args),
                                        size.rows, get_writer, input.regular_file_size());
    }
    // Every other puzzle through the Solver, one at a time (a thin one read and written by
    // columns, at a bit a cell).
    const auto next_puzzle = [&](Grid& lights) {
      if (thin) {
        Board lights_t(size.cols, size.rows);
        if (!reader.next_transposed(lights_t)) return false;
        lights = Grid(std::move(lights_t));
        return true;
      }
      lights = Grid(size.rows, size.cols, states);
      if (!(states == 2 ? reader.next(lights.bits()) : reader.next_values(values))) return false;
      if (states > 2) lights = Grid::from_values(size.rows, size.cols, states, values);
      return true;
    };
    for (Grid lights; !word && next_puzzle(lights);) {
      open_writer();
      const Result result = solver->solve(std::move(lights), options);
      report_unproven(result, reader.puzzles_read());
      if (!result.solvable) {
        writer->write_no_solution(reader.puzzles_read());
        ++unsolvable;
      } else if (thin) {
        writer->write_board_transposed(reader.puzzles_read(), result.presses.bits());
      } else if (states == 2) {
        writer->write_board(reader.puzzles_read(), result.presses.bits());
      } else {
        writer->write_values(reader.puzzles_read(), result.presses.values());
      }
      if (arriving) writer->flush();
    }
  } catch (const JudgeParseError& e) {
    if (writer) writer->flush();  // what was solved before the error is still delivered
    // Read without --size or --rules, the error names the option that would read the input.
    std::string hint = judge_error_hint(
        e.message(), e.puzzle(), e.column(), size.rows, size.cols, args.size_given,
        !args.rules.empty(), args.layout == "auto" && reader.layout() == JudgeLayout::single);
    if (e.puzzle() == 1 && !args.size_given && args.rules.empty()) {
      if (const std::optional<JudgeProblem> family = guess_family(args.input)) {
        hint = fmt::format("; this looks like {}'s input: give --judge {}",
                           judge_problem_name(*family), judge_problem_name(*family));
      }
    }
    fmt::print(stderr, "lightsout: {}:{}{}\n", input.name(), e.what(), hint);
    return kExitBadInput;
  }
  if (writer) writer->flush();
  if (stats) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::size_t puzzles = reader.puzzles_read();
    fmt::print(stderr, "method: {}\npuzzles: {}\nsolvable: {}\ntime: {:.4f} s\n",
               method_name(solver->method()), puzzles, puzzles - unsolvable, seconds);
  }
  if (unsolvable > 0) {
    fmt::print(stderr, "lightsout: {} of {} puzzles have no solution\n", unsolvable,
               reader.puzzles_read());
    return kExitUnsolvable;
  }
  return kExitOk;
}

// Board-file mode: any file option given, or a .pbm / .grid input.
bool wants_board_file(const SolveArgs& args, const BoardSolveArgs& board) {
  if (!board.format.empty() || !board.output_format.empty() || board.output != "-") return true;
  const std::size_t dot = args.input.rfind('.');
  if (dot == std::string::npos) return false;
  std::string ext = args.input.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == "pbm" || ext == "grid";
}

// --judge's help: each name with its one-line description.
std::string judge_option_help() {
  std::string text =
      "A judge problem's exact input and output formats (sizes, letters, goal, question):";
  for (const JudgeProblemInfo& p : judge_problems()) {
    text += fmt::format("\n  {}: {}", p.name, p.summary);
  }
  return text;
}

std::vector<std::string> judge_option_names() {
  std::vector<std::string> names;
  for (const JudgeProblemInfo& p : judge_problems()) names.emplace_back(p.name);
  return names;
}

// --judge fixes the size, the rules, the layout and the output: the options that would change
// them are refused, naming the first one given.
std::optional<int> judge_conflict(const CLI::App& cmd) {
  for (const char* name : {"--size", "--rules", "--input", "--method", "--minimal",
                           "--minimal-time", "--minimal-method", "--tie-break", "--output",
                           "--format", "--output-format", "--max-cells", "--force"}) {
    if (cmd.get_option(name)->count() > 0) {
      fmt::print(stderr, "lightsout: --judge names the whole format; {} cannot be given with it\n",
                 name);
      return kExitBadInput;
    }
  }
  return std::nullopt;
}

}  // namespace

std::function<int()> add_solve_command(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  auto board = std::make_shared<BoardSolveArgs>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve puzzles in the judge text formats");
  cmd->add_option("file", args->input, "Input file, '-' or nothing for standard input");
  cmd->add_option("--judge", args->judge, judge_option_help())
      ->check(CLI::IsMember(judge_option_names()))
      ->type_name("NAME");
  cmd->add_option("--input", args->layout,
                  "Input layout: count (POJ 1222, a count then puzzles), single (OpenJudge "
                  "2811, one puzzle), auto (detect)")
      ->check(CLI::IsMember({"auto", "count", "single"}));
  CLI::Option* size_opt =
      cmd->add_option("--size", args->size, "Board size RxC (rows x columns)")->default_str("5x6");
  CLI::Option* rules_opt =
      cmd->add_option("--rules", args->rules,
                      "Variant rules, e.g. torus,states=3 or nbhd=x,holes=FILE (see README): "
                      "judge mode reads values 0..K-1 and prints press counts 0..K-1 (a hole "
                      "prints 0); --size defaults to the graph=/holes= file's size")
          ->type_name("TEXT");
  cmd->add_option("--method", args->method,
                  "Solver: auto, tables, enumerate, chase, poly, dense (classic rules), gf2, zk "
                  "(auto: tables for two states on <= 64 cells, then chase for a shorter side "
                  "< 8, poly otherwise; gf2 / zk for other rules)");
  cmd->add_flag("--minimal", args->minimal,
                "Print the fewest-presses solution; one stderr line per puzzle whose minimum is "
                "not proven within --minimal-time, with a proven lower bound");
  cmd->add_option("--minimal-time", args->minimal_time,
                  "Seconds of search per puzzle for --minimal to prove its minimum (default 10; "
                  "0: no limit)")
      ->check(minimal_time_validator())
      ->type_name("SECONDS");
  cmd->add_option("--minimal-method", args->minimal_method,
                  "How --minimal searches two-state boards: branch-and-bound (default) or "
                  "exhaustive (every solution weighed; the same answer, the yardstick)")
      ->check(CLI::IsMember({"branch-and-bound", "exhaustive"}))
      ->type_name("METHOD");
  CLI::Option* tie_break_opt =
      cmd->add_option("--tie-break", args->tie_break,
                      "With --minimal, which of several lightest solutions: any (default, the "
                      "fastest) or lexicographic (lex: the least read row by row, POJ 3279's)")
          ->check(CLI::IsMember({"any", "lexicographic", "lex"}))
          ->type_name("ORDER");
  cmd->add_flag("--trailing-space", args->trailing_space,
                "Put a space after every value (reproduces the OpenJudge sample byte for byte)");
  cmd->add_option("-o,--output", board->output,
                  "Board-file mode: write the presses here (format from the extension)");
  cmd->add_option("--format", board->format,
                  "Board-file mode: input format p1, p4, pbm, grid or judge (else from the "
                  "extension, else detected)");
  cmd->add_option("--output-format", board->output_format,
                  "Board-file mode: presses format (else from -o's extension, else the input's)");
  add_max_cells_option(*cmd, args->max_cells);
  add_memory_option(*cmd, board->memory,
                    "Board-file mode: a board file larger than half of this (bytes; K, M, G "
                    "suffixes) is solved in two passes over the file with memory for a few rows "
                    "(boards at least as tall as wide); --rules: the most the solver's estimate "
                    "may reach (default: a quarter of physical memory)");
  cmd->add_flag("--force", args->force,
                "--rules: solve even when the work estimate is past 10^13 units (hours)");
  cmd->add_flag("--quiet", board->quiet, "No progress bar");
  cmd->add_flag("--stats", board->stats,
                "Print on stderr the method and each phase's time (a board file), or the method, "
                "the puzzles, how many were solvable and the time (judge mode)");
  cmd->footer(
      "Two modes. Judge mode (default): many puzzles of --size in the judge text; output "
      "'PUZZLE #m' and the press rows per puzzle (count layout), the rows alone (single "
      "layout), or 'no solution'.\nBoard-file mode (a .pbm/.grid input, or -o, --format, "
      "--output-format): one board of any size, presses written to -o (default stdout); a "
      "progress bar on a terminal.\nExit status: 0 all solved, 1 some puzzle has no solution, "
      "2 bad input or usage.");
  return [args, board, size_opt, rules_opt, tie_break_opt, cmd] {
    if (tie_break_opt->count() > 0 && !args->minimal) {
      fmt::print(stderr, "lightsout: --tie-break needs --minimal (it picks among the lightest)\n");
      return kExitBadInput;
    }
    args->size_given = size_opt->count() > 0;
    if (!args->judge.empty()) {
      const std::optional<int> refused = judge_conflict(*cmd);
      if (refused) return *refused;
      const JudgeProblem problem = *parse_judge_problem(args->judge);
      if (problem == JudgeProblem::poj1222 || problem == JudgeProblem::oj2811) {
        args->layout = problem == JudgeProblem::poj1222 ? "count" : "single";
        return run_judge_solve(*args, Rules::classic(), Method::automatic,
                               {board->memory, false, ""}, board->stats);
      }
      if (args->trailing_space) {
        fmt::print(stderr,
                   "lightsout: --trailing-space applies to --judge poj1222 and oj2811 only\n");
        return kExitBadInput;
      }
      return run_judge_family(problem, args->input, board->stats);
    }
    // Checked in both modes: a board file's size is its own, but a malformed --size beside one
    // was taken in silence.
    if (args->size_given && !parse_board_size(args->size)) {
      fmt::print(stderr, "lightsout: --size: expected RxC with 1 <= R, C (e.g. 5x6), got '{}'\n",
                 args->size);
      return kExitBadInput;
    }
    const std::optional<Rules> rules =
        rules_opt->count() > 0 ? parse_cli_rules(args->rules) : Rules::classic();
    if (!rules) return kExitBadInput;
    const std::optional<Method> method = parse_cli_method(args->method);
    if (!method) return kExitBadInput;
    const RulesBudget budget{board->memory, args->force, args->rules};
    bool board_file = wants_board_file(*args, *board);
    const std::optional<BoardFormat> in_ext = board_format_for_path(args->input);
    board->judge_text_hint =
        board_file && !in_ext &&
        (board->format.empty() || parse_board_format(board->format) == BoardFormat::judge);
    if (!board_file && !args->size_given && args->layout == "auto" && !implied_size(*rules)) {
      // Nothing says what the file holds: its text does (a grid board, one judge puzzle).
      const InputShape shape = shape_of_file(args->input);
      board_file = shape.board;
      if (shape.single) {
        args->size = fmt::format("{}x{}", shape.single->first, shape.single->second);
        args->layout = "single";
        args->size_read = true;
      }
    }
    if (!board_file) return run_judge_solve(*args, *rules, *method, budget, board->stats);
    board->input = args->input;
    board->method = *method;
    board->minimal = args->minimal;
    board->minimal_time = args->minimal_time;
    board->minimal_exhaustive = args->minimal_method == "exhaustive";
    board->tie_break = tie_break_of(*args);
    board->rules_text = rules_opt->count() > 0 ? args->rules : std::string();
    board->max_cells = args->max_cells;
    return run_board_solve(*board, *rules, budget);
  };
}

}  // namespace lightsout::cli
