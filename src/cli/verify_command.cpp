// `lightsout verify`: applies a press file to a board file and says whether the board goes dark.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/core.h>

#include "cli_rules.hpp"
#include "command_inputs.hpp"
#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_verify.hpp"
#include "verify_streamed.hpp"

namespace lightsout::cli {

namespace {

struct VerifyArgs {
  std::string board;
  std::string presses;
  std::string format;           // empty: from the extension, else detected
  std::string presses_format;   // likewise
  std::uint64_t max_cells = 0;  // --max-cells (0: default_max_cells of each input)
  std::uint64_t memory = 0;     // --memory (0: a quarter of physical memory)
  std::string rules;            // --rules (empty: the classic rules)
};

// A board as read: thin boards come transposed (read_board_thin), which changes nothing for the
// classic rules verify applies, as long as both files are read the same way.
struct ReadBoard {
  Board board;
  bool transposed = false;
  std::size_t rows() const { return transposed ? board.cols() : board.rows(); }
  std::size_t cols() const { return transposed ? board.rows() : board.cols(); }
};

// Reads one board file; on a parse error prints "lightsout: FILE:LINE:COL: message" and returns
// nullopt. Unopenable files throw FileError (main prints it, exit 2).
std::optional<ReadBoard> read_board_file(const std::string& path, std::optional<BoardFormat> format,
                                         std::uint64_t max_cells) {
  set_activity("reading '" + path + "'");
  try {
    BoardFile file = lightsout::read_board_file(path, {.format = format,
                                                       .states = 2,
                                                       .thin = true,
                                                       .max_cells = max_cells,
                                                       .max_cells_option = "--max-cells"});
    return ReadBoard{std::move(file.grid).take_bits(), file.transposed};
  } catch (const BoardFileError& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return std::nullopt;
  }
}

// Sets `format` from a name given to `option` (an empty name: not given, left unset). False
// after printing the error when the name is unknown.
bool named_format(const char* option, const std::string& name, std::optional<BoardFormat>& format) {
  if (name.empty()) return true;
  format = parse_board_format(name);
  if (!format) {
    fmt::print(stderr, "lightsout: verify: {}\n", unknown_board_format(option, name));
  }
  return format.has_value();
}

// Prints "ok" or "N lights left" (cells not at the goal) and returns the exit status.
int report_left(std::uint64_t left) {
  if (left == 0) {
    write_stdout("ok\n", 3);
    return kExitOk;
  }
  const std::string line = fmt::format("{} lights left\n", left);
  write_stdout(line.data(), line.size());
  return kExitUnsolvable;
}

// Contract: verify --rules for rules other than the classic: verify_rules_files, its errors
// as one line and exit 2 (a malformed file as "lightsout: F:LINE:COL: ...", sizes that differ as
// the classic verify says them, a size the holes or graph do not fit as "lightsout: --rules: ...").
int run_rules_verify(const VerifyArgs& args, const Rules& rules,
                     std::optional<BoardFormat> board_format,
                     std::optional<BoardFormat> presses_format) {
  set_activity("checking '" + args.presses + "' against '" + args.board + "'");
  RulesVerify checked;
  try {
    checked = verify_rules_files(args.board, args.presses, rules,
                                 {.board_format = board_format,
                                  .presses_format = presses_format,
                                  .max_cells = args.max_cells});
  } catch (const BoardFileError& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return kExitBadInput;
  } catch (const RulesError& e) {
    std::string_view message = e.what();
    if (message.starts_with("rules: ")) message.remove_prefix(7);
    fmt::print(stderr, "lightsout: --rules: {}\n", message);
    return kExitBadInput;
  }
  if (!checked.sizes_agree()) {
    fmt::print(stderr, "lightsout: verify: the board is {}x{} but the presses are {}x{}\n",
               checked.rows, checked.cols, checked.press_rows, checked.press_cols);
    return kExitBadInput;
  }
  return report_left(checked.off_goal);
}

int run_verify(const VerifyArgs& args) {
  if (args.board == "-" && args.presses == "-") {
    fmt::print(stderr, "lightsout: verify: only one of BOARD and PRESSES can be '-' (stdin)\n");
    return kExitBadInput;
  }
  std::optional<BoardFormat> board_format, presses_format;
  if (!named_format("--format", args.format, board_format) ||
      !named_format("--presses-format", args.presses_format, presses_format)) {
    return kExitBadInput;
  }
  std::optional<Rules> rules;
  if (!args.rules.empty()) {
    rules = parse_cli_rules(args.rules);
    if (!rules) return kExitBadInput;
  }
  // "ok" appended by the shell to an input would spoil it.
  add_input(args.board);
  add_input(args.presses);
  refuse_overwriting_inputs("-", "the verdict");
  if (rules && !is_classic(*rules)) {
    return run_rules_verify(args, *rules, board_format, presses_format);
  }
  StreamedVerifyArgs streamed{args.board,     args.presses,   board_format,
                              presses_format, args.max_cells, args.memory};
  if (const std::optional<int> status = try_streamed_verify(streamed)) return *status;
  std::optional<ReadBoard> lights = read_board_file(args.board, board_format, args.max_cells);
  if (!lights) return kExitBadInput;
  const std::optional<ReadBoard> presses =
      read_board_file(args.presses, presses_format, args.max_cells);
  if (!presses) return kExitBadInput;
  if (presses->rows() != lights->rows() || presses->cols() != lights->cols()) {
    fmt::print(stderr, "lightsout: verify: the board is {}x{} but the presses are {}x{}\n",
               lights->rows(), lights->cols(), presses->rows(), presses->cols());
    return kExitBadInput;
  }
  // Same size, so both were read the same way round.
  lights->board.apply(presses->board);
  return report_left(lights->board.popcount());
}

}  // namespace

std::function<int()> add_verify_command(CLI::App& app) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd =
      app.add_subcommand("verify", "Check that a press file darkens a board (any board format)");
  cmd->add_option("board", args->board, "Board file, '-' for standard input")
      ->required()
      ->type_name("BOARD");
  cmd->add_option("presses", args->presses,
                  "Press file (1 = press; with --rules states=K, how many times, 0..K-1), '-' for "
                  "standard input")
      ->required()
      ->type_name("PRESSES");
  cmd->add_option("--format", args->format,
                  "Board format: p1, p4 (= pbm), grid, judge. Default: from the extension "
                  "(.pbm, .grid), else detected from the content")
      ->type_name("F");
  cmd->add_option("--presses-format", args->presses_format,
                  "Press file format, chosen the same way")
      ->type_name("F");
  cmd->add_option("--rules", args->rules,
                  "The rules the presses are applied under, as `solve --rules` takes them "
                  "(default: the classic rules); states=K boards are judge text of values 0..K-1, "
                  "holes must hold no press")
      ->type_name("TEXT");
  add_max_cells_option(*cmd, args->max_cells);
  cmd->add_option("--memory", args->memory,
                  "A board file larger than half of this (bytes; K, M, G suffixes) is checked "
                  "as it is read, with the press file read alongside (default: a quarter of "
                  "physical memory; under --rules the files are always read row by row)")
      ->transform(CLI::AsSizeValue(false))
      ->type_name("BYTES");
  cmd->footer(
      "Prints 'ok' when the presses leave every light off (under --rules: every cell at the "
      "goal), else 'N lights left'.\nExit status: 0 "
      "ok, 1 lights left, 2 unreadable or malformed files, sizes that differ, bad rules, or "
      "usage.");
  return [args] { return run_verify(*args); };
}

}  // namespace lightsout::cli
