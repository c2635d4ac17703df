// --rules on the command line: parsing with a file loader, one-line errors, and `solve` under
// non-classic rules (judge mode and board-file mode).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/rules.hpp"
#include "solve_board_file.hpp"

namespace lightsout::cli {

// holes=FILE and graph=FILE files larger than this are refused.
inline constexpr std::uint64_t kMaxRulesFileBytes = std::uint64_t{64} << 20;

// The CLI's FileLoader: the whole file (a path relative to the working directory). Throws
// std::runtime_error "cannot open 'F': <reason>" or "'F' is larger than 64 MiB".
std::string load_rules_file(const std::string& path);

// Parses the --rules text; on an error prints "lightsout: --rules: <message>" and returns nullopt.
std::optional<Rules> parse_cli_rules(const std::string& text);
// Prints "lightsout: --rules: <message>" (a RulesError's leading "rules: " dropped) and returns
// kExitBadInput.
int rules_error(const std::exception& e);

// The cells that exist (holes removed) of a rows x cols board under `rules`.
std::size_t existing_cells(const Rules& rules, std::size_t rows, std::size_t cols);
// Checks the board size against the rules and the dense solver's limit; on a problem prints one
// line ("lightsout: --rules: ...") and returns false.
bool check_rules_board(const Rules& rules, std::size_t rows, std::size_t cols);

// "rules (M4RI)" for 2 states, "rules (Z_k)" otherwise.
const char* rules_method_name(const Rules& rules);

// The size a rules description implies when --size is not given: N x 1 for a graph, the holes
// grid's size for holes; nullopt otherwise.
std::optional<std::pair<std::size_t, std::size_t>> implied_size(const Rules& rules);

// Board values (one per cell, row-major) <-> Board, for 2 states.
std::vector<std::uint8_t> board_values(const Board& board);
Board values_board(const std::vector<std::uint8_t>& values, std::size_t rows, std::size_t cols);

// Judge text of values 0..K-1: rows of decimal values separated by single spaces, each ending
// with '\n'.
std::string values_text(const std::vector<std::uint8_t>& values, std::size_t cols);

struct RulesJudgeArgs {
  std::string input = "-";
  std::string layout = "auto";
  std::size_t rows = 0;
  std::size_t cols = 0;
  bool minimal = false;
  bool trailing_space = false;
};

// `solve --rules` in judge mode for non-classic rules: many puzzles of values 0..K-1, presses
// 0..K-1 out, holes printed as 0. Exit 0 / 1 (some unsolvable) / 2.
int run_rules_judge_solve(const RulesJudgeArgs& args, const Rules& rules);
// `solve --rules` in board-file mode for non-classic rules (K = 2: any board format; K > 2: judge
// text of values 0..K-1 only).
int run_rules_board_solve(const BoardSolveArgs& args, const Rules& rules);

}  // namespace lightsout::cli
