// What a solve input looks like from its first bytes: a board file, or one judge puzzle's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace lightsout {

// The shape of an input read without --size, --input or --format, judged from its start.
struct InputShape {
  // A PBM file (P1/P4), or rows of 0/1 or ./# without separators (grid text, as `generate`
  // writes it): to be read as one board of the size the text has.
  bool board = false;
  // One judge puzzle with no count line (every line the same number of values, at least two on
  // the first line): its rows and columns.
  std::optional<std::pair<std::size_t, std::size_t>> single;
  // The first non-blank line is one decimal token, then a line of two or more tokens (or the
  // token has a digit past 1): judge puzzles after a count (POJ 1222).
  bool count_first = false;
};

// Judges `text`, the first bytes of an input (`complete`: all of it). A grid needs two rows of
// one token of equal length, or one such row of at least two cells when complete ("1\n0\n" stays
// judge text, where a lone 1 is a count); a single puzzle's size needs the whole input. Anything
// else is left to the judge reader as before ({}).
InputShape input_shape(std::string_view text, bool complete);

// The shape of a regular file from its first bytes (input_shape): 64 KiB, and when its first line
// holds two or more values, the whole file 64 KiB at a time (SinglePuzzleScan), so that one judge
// puzzle is read as one at any size while a count layout is told from its first line. {} for
// "-", a pipe or a file that cannot be read (the solve then reports it).
InputShape shape_of_file(const std::string& path);

// Whether a text read piece by piece is one judge puzzle without a count (input_shape's
// `single`), in constant memory: every non-blank line holds the same number of decimal values
// (at most 2^32 - 1), two or more. feed() the bytes in order, then ask size(); a piece may end
// anywhere, even inside a value. Once feed() returns false the text is not one puzzle, and the
// rest need not be read.
class SinglePuzzleScan {
 public:
  bool feed(std::string_view bytes);
  // The puzzle's rows and columns, once all the text was fed; {} when it is not one puzzle.
  std::optional<std::pair<std::size_t, std::size_t>> size();

 private:
  void end_token();
  void end_line();

  bool failed_ = false;
  std::size_t cols_ = 0;     // values on the first non-blank line (0: none yet)
  std::size_t rows_ = 0;     // non-blank lines ended so far
  std::size_t in_line_ = 0;  // values ended on the current line
  bool in_token_ = false;
  std::uint64_t value_ = 0;  // the current value so far
};

// A hint to append to a judge-text error in the first puzzle, where the input is more likely
// read with the wrong options than mistyped, naming the option that would read it instead
// ("; for boards other than 5x6 give --size RxC"), or "". `message`, `puzzle` and `column` are
// the reader's (JudgeParseError); `size_given`, `rules_given` say what the command line set, and
// `single_guessed` that the layout was detected as single (a one-column board's first line of
// 0/1 may as well be a count of 1). Later puzzles get no hint: the first one was read, so the
// options fit.
std::string judge_error_hint(std::string_view message, std::size_t puzzle, std::size_t column,
                             std::size_t rows, std::size_t cols, bool size_given, bool rules_given,
                             bool single_guessed = false);

}  // namespace lightsout
