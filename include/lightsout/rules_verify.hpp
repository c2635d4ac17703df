// Presses checked against a board under any rules, reading the two files row by row where the
// rules allow it: what `lightsout verify --rules` runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "lightsout/board_format.hpp"
#include "lightsout/rules.hpp"

namespace lightsout {

struct RulesVerifyOptions {
  std::optional<BoardFormat> board_format;    // nullopt: by the path's extension, else detected
  std::optional<BoardFormat> presses_format;  // likewise
  std::uint64_t max_cells = 0;  // 0: kMaxStreamedCells (a graph: read_board_file's default)
};

struct RulesVerify {
  std::size_t rows = 0, cols = 0;              // the board's size
  std::size_t press_rows = 0, press_cols = 0;  // the press file's size
  std::uint64_t off_goal = 0;  // when the sizes agree: existing cells not at the goal
  bool sizes_agree() const { return rows == press_rows && cols == press_cols; }
};

// Contract: applies the presses in `presses` (one value 0..K-1 a cell, the count of presses of
// that button) to the board in `board` ("-" = standard input for one of them) under `rules`, and
// counts the existing cells not at the goal (0, or K-1 with target=on). Holes hold no light (their
// values are ignored) and take no press: a press file with a value other than 0 at a hole is
// refused. K = 2 boards come in any board format, K > 2 in judge text. Memory:
//   - a grid neighbourhood (named or mask): both files read side by side, the presses applied in
//     a window of rows as tall as the mask (PressRows), so a few rows beyond the readers' 1 MiB
//     buffers; a torus keeps the first rows until the last one is in;
//   - rowcol: the press file read twice (column sums, then side by side with the board): O(rows +
//     cols); a press file from standard input is read whole instead;
//   - a graph: both files read whole (N x 1).
// Throws FileError, BoardFileError "F:LINE:COL: message" for a malformed file (or "F: ..." for a
// press on a hole, naming its row and column, or K > 2 in another format than judge text), and
// RulesError (check_board_size) when the sizes agree but do not fit the holes or the graph.
RulesVerify verify_rules_files(const std::string& board, const std::string& presses,
                               const Rules& rules, const RulesVerifyOptions& options);

}  // namespace lightsout
