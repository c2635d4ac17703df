// `lightsout solve` on one board file (PBM, grid or judge text) of any size.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cli_rules.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::cli {

struct BoardSolveArgs {
  std::string input = "-";
  std::string output = "-";
  std::string format;                 // empty: from the extension, else detected
  std::string output_format;          // empty: from -o's extension, else the input's
  Method method = Method::automatic;  // --method, checked
  bool minimal = false;
  double minimal_time = 10.0;          // seconds for --minimal's proof (0: no limit)
  bool minimal_exhaustive = false;     // --minimal-method exhaustive
  TieBreak tie_break = TieBreak::any;  // --tie-break
  bool quiet = false;
  bool stats = false;
  std::string rules_text;       // --rules as given (empty: none), for messages
  std::uint64_t max_cells = 0;  // --max-cells (0: default_max_cells of the input)
  std::uint64_t memory = 0;     // --memory in bytes (0: a quarter of physical memory)
  // Board-file mode came from -o, --output-format or --format judge, not from the input's name:
  // a judge-text error then says what the two modes read when the input has a count line.
  bool judge_text_hint = false;
};

// P4 presses are binary: refused (std::runtime_error) when `output` is "-" on a terminal and
// `format` is P4; both solve paths call it before the work, once the format is known.
void refuse_p4_to_terminal(const std::string& output, std::optional<BoardFormat> format);

// Reads the board, solves it under `rules` (weighed against `budget` once its size is known),
// writes the presses (two states: any board format; more: judge text only). Exit 0 solved, 1 no
// solution (stderr says so with the nullity), 2 bad input or usage.
int run_board_solve(const BoardSolveArgs& args, const Rules& rules, const RulesBudget& budget);

}  // namespace lightsout::cli
