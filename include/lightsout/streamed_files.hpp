// Board files too large for memory, classic rules: solved in two passes over the file, or presses
// checked against a board with both files read once side by side, in memory that does not grow
// with the board.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "lightsout/board_format.hpp"

namespace lightsout {

// The largest board read when streaming (memory does not depend on it): 2^40 cells.
inline constexpr std::uint64_t kMaxStreamedCells = std::uint64_t{1} << 40;

// A quarter of physical memory (4 GiB when it cannot be read): the CLI's default --memory.
std::uint64_t default_memory_budget();

struct StreamedSolveOptions {
  std::optional<BoardFormat> in_format;   // nullopt: detected from the data
  std::optional<BoardFormat> out_format;  // nullopt: the input's format
  // With out_format pbm_raw (a .pbm name): a plain P1 input is answered in P1 too.
  bool plain_answer_to_plain_input = false;
  std::uint64_t max_cells = 0;  // 0: kMaxStreamedCells
  // Only a regular file larger than this many bytes is streamed (0: any file); a smaller one, or
  // a pipe, is left to a solve in memory (Outcome::in_memory).
  std::uint64_t stream_above = 0;
  // What is being done, for messages ("reading the board (first of two passes)", ...).
  std::function<void(std::string_view)> activity;
  // Called with the answer's format before the output is opened (it may throw to refuse it).
  std::function<void(BoardFormat)> before_writing;
};

struct StreamedSolve {
  enum class Outcome {
    solved,      // the presses were written to the output
    unsolvable,  // nothing written
    wide,        // fewer rows than columns: not streamed, nothing written (solve it in memory)
    in_memory,   // not a regular file larger than stream_above: nothing read or written
  };
  Outcome outcome = Outcome::solved;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t nullity = 0;
  std::uint64_t presses = 0;  // solved: the number of presses written
};

// Contract: solves the board in the regular file `input` under the classic rules with O(cols)
// memory. Pass 1 chases from a zero first row for the phantom row; plan_first_row turns it into
// the first press row; pass 2 chases from that row, writing each press row to `output` (an
// AtomicFile: committed only when the whole answer is written and the phantom row came out zero)
// as it is found; an output that is the input file itself is refused before anything is read
// (FileWriteError, as refuse_output_over_input). Throws FileError (the files), BoardFileError
// "F:LINE:COL: message" for a malformed board (" (second pass)" appended when the file changed
// under pass 2), or BoardFileError "F: the file changed between the two passes".
StreamedSolve solve_board_file_streamed(const std::string& input, const std::string& output,
                                        const StreamedSolveOptions& options);

struct StreamedVerify {
  std::size_t rows = 0, cols = 0;              // the board's size
  std::size_t press_rows = 0, press_cols = 0;  // the press file's size
  std::uint64_t lights_left = 0;               // when the sizes agree
  bool sizes_agree() const { return rows == press_rows && cols == press_cols; }
};

// Contract: applies the presses in `presses` ("-" = standard input) to the board in `board`
// under the classic rules without holding either: the press file is read on a second thread
// into a queue of a few 1 MiB blocks, the board on this one. Formats as in StreamedSolveOptions
// (nullopt: by the path's extension, else detected); max_cells 0: kMaxStreamedCells. Throws
// FileError, or BoardFileError "F:LINE:COL: message" for the first malformed file.
StreamedVerify verify_board_files_streamed(const std::string& board, const std::string& presses,
                                           std::optional<BoardFormat> board_format,
                                           std::optional<BoardFormat> presses_format,
                                           std::uint64_t max_cells);

}  // namespace lightsout
