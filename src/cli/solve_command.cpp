// `lightsout solve`: judge-format puzzles in, presses out, for any board size.
#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "board_size.hpp"
#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/judge_format.hpp"
#include "lightsout/small_solver.hpp"
#include "lightsout/solve.hpp"
#include "rules_cli.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

namespace {

struct SolveArgs {
  std::string input = "-";
  std::string layout = "auto";
  std::string size = "5x6";
  std::string method = "auto";
  bool minimal = false;
  bool trailing_space = false;
  std::string rules;         // --rules TEXT
  bool rules_given = false;  // --rules given (even empty)
  bool size_given = false;   // --size given
};

int run_judge_solve(const SolveArgs& args) {
  const std::optional<BoardSize> size = parse_board_size(args.size);
  if (!size) {
    fmt::print(stderr, "lightsout: --size: expected RxC with 1 <= R, C (e.g. 5x6), got '{}'\n",
               args.size);
    return kExitBadInput;
  }
  const std::optional<Method> method = parse_method(args.method);
  if (!method) {
    fmt::print(stderr, "lightsout: --method: unknown method '{}'\n", args.method);
    return kExitBadInput;
  }
  if (*method == Method::enumerate && std::min(size->rows, size->cols) > 20) {
    fmt::print(stderr, "lightsout: --method enumerate needs the shorter side <= 20\n");
    return kExitBadInput;
  }
  const JudgeLayout layout = args.layout == "count"    ? JudgeLayout::count
                             : args.layout == "single" ? JudgeLayout::single
                                                       : JudgeLayout::detect;

  InputFile input(args.input);
  JudgeReader reader([&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
                     size->rows, size->cols, layout, input.buffer_bytes());
  std::optional<JudgeWriter> writer;
  auto open_writer = [&] {
    if (!writer)
      writer.emplace(write_stdout, size->cols, reader.layout(), args.trailing_space,
                     input.buffer_bytes());
  };
  std::size_t unsolvable = 0;
  try {
    if (size->rows * size->cols <= 64 && *method == Method::automatic) {
      // The judge workload: one elimination up front, then a few look-ups per puzzle.
      const SmallSolver solver(size->rows, size->cols);
      const bool exact_minimal = args.minimal && solver.minimal_affordable();
      std::uint64_t lights = 0;
      while (reader.next_packed(lights)) {
        open_writer();
        const std::size_t k = reader.puzzles_read();
        if (!solver.solvable(lights)) {
          writer->write_no_solution(k);
          ++unsolvable;
        } else {
          writer->write_packed(
              k, exact_minimal ? solver.solve_minimal(lights) : solver.solve(lights), size->rows);
        }
      }
    } else {
      Board lights(size->rows, size->cols);
      SolveOptions options;
      options.kernel = false;
      options.minimal = args.minimal;
      while (reader.next(lights)) {
        open_writer();
        const std::size_t k = reader.puzzles_read();
        const SolveResult result = solve(lights, *method, options);
        if (!result.solvable) {
          writer->write_no_solution(k);
          ++unsolvable;
        } else {
          writer->write_board(k, result.presses);
        }
      }
    }
  } catch (const JudgeParseError& e) {
    if (writer) writer->flush();  // what was solved before the error is still delivered
    fmt::print(stderr, "lightsout: {}:{}\n", input.name(), e.what());
    return kExitBadInput;
  }
  if (writer) writer->flush();
  if (unsolvable > 0) {
    fmt::print(stderr, "lightsout: {} of {} puzzles have no solution\n", unsolvable,
               reader.puzzles_read());
    return kExitUnsolvable;
  }
  return kExitOk;
}

// `solve --rules` with non-classic rules (classic rules take the usual paths unchanged).
int run_rules_solve(const SolveArgs& args, const Rules& rules, bool board_file,
                    BoardSolveArgs board) {
  if (board_file) {
    board.input = args.input;
    board.method = args.method;
    board.minimal = args.minimal;
    return run_rules_board_solve(board, rules);
  }
  if (args.method != "auto") {
    fmt::print(stderr, "lightsout: --method applies to the classic rules only\n");
    return kExitBadInput;
  }
  RulesJudgeArgs judge;
  judge.input = args.input;
  judge.layout = args.layout;
  judge.minimal = args.minimal;
  judge.trailing_space = args.trailing_space;
  const auto implied = implied_size(rules);
  if (!args.size_given && implied) {
    judge.rows = implied->first;
    judge.cols = implied->second;
  } else {
    const std::optional<BoardSize> size = parse_board_size(args.size);
    if (!size) {
      fmt::print(stderr, "lightsout: --size: expected RxC with 1 <= R, C (e.g. 5x6), got '{}'\n",
                 args.size);
      return kExitBadInput;
    }
    judge.rows = size->rows;
    judge.cols = size->cols;
  }
  return run_rules_judge_solve(judge, rules);
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

}  // namespace

std::function<int()> add_solve_command(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  auto board = std::make_shared<BoardSolveArgs>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve puzzles in the judge text formats");
  cmd->add_option("file", args->input, "Input file, '-' or nothing for standard input");
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
                  "Solver: auto, enumerate, chase, dense, poly (auto: precomputed tables for "
                  "boards of <= 64 cells, chase for a shorter side < 8, poly otherwise)");
  cmd->add_flag("--minimal", args->minimal, "Print the fewest-presses solution");
  cmd->add_flag("--trailing-space", args->trailing_space,
                "Put a space after every value (reproduces the OpenJudge sample byte for byte)");
  cmd->add_option("-o,--output", board->output,
                  "Board-file mode: write the presses here (format from the extension)");
  cmd->add_option("--format", board->format,
                  "Board-file mode: input format p1, p4, pbm, grid or judge (else from the "
                  "extension, else detected)");
  cmd->add_option("--output-format", board->output_format,
                  "Board-file mode: presses format (else from -o's extension, else the input's)");
  cmd->add_flag("--quiet", board->quiet, "No progress bar");
  cmd->add_flag("--stats", board->stats, "Print the method and each phase's time on stderr");
  cmd->footer(
      "Two modes. Judge mode (default): many puzzles of --size in the judge text; output "
      "'PUZZLE #m' and the press rows per puzzle (count layout), the rows alone (single "
      "layout), or 'no solution'.\nBoard-file mode (a .pbm/.grid input, or -o, --format, "
      "--output-format): one board of any size, presses written to -o (default stdout); a "
      "progress bar on a terminal.\nExit status: 0 all solved, 1 some puzzle has no solution, "
      "2 bad input or usage.");
  return [args, board, size_opt, rules_opt] {
    args->size_given = size_opt->count() > 0;
    args->rules_given = rules_opt->count() > 0;
    if (args->rules_given) {
      const std::optional<Rules> rules = parse_cli_rules(args->rules);
      if (!rules) return kExitBadInput;
      if (!is_classic(*rules)) {
        return run_rules_solve(*args, *rules, wants_board_file(*args, *board), *board);
      }
    }
    if (!wants_board_file(*args, *board)) return run_judge_solve(*args);
    board->input = args->input;
    board->method = args->method;
    board->minimal = args->minimal;
    return run_board_solve(*board);
  };
}

}  // namespace lightsout::cli
