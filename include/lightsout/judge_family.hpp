// The judge problem's family (POJ 1222 and OpenJudge 2811, then POJ 3279, 1681, 1753, 3185 and
// 1830): the names, and a streaming reader of each sibling's input, case by case, that names the
// place of every error.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lightsout/judge_format.hpp"

namespace lightsout {

enum class JudgeProblem { poj1222, oj2811, poj3279, poj1681, poj1753, poj3185, poj1830 };

struct JudgeProblemInfo {
  JudgeProblem problem;
  std::string_view name;     // "poj3279"
  std::string_view summary;  // one line: the board, the question, the output
};
// Every problem, in the order above.
std::span<const JudgeProblemInfo> judge_problems();
std::optional<JudgeProblem> parse_judge_problem(std::string_view name);
std::string_view judge_problem_name(JudgeProblem problem);
// The sibling whose input the text's start looks like (its first lines: a Flip Game board, a
// Painter's or switch-problem case after a count, a Fliptile "M N" header and rows, one line of
// 20 bowls), for the hint of an error where --judge was not given; nullopt when none fits.
std::optional<JudgeProblem> guess_judge_problem(std::string_view head);

// Malformed input of a sibling: what() is "<line>:<column>: <message> (case <k>)".
class JudgeCaseError : public JudgeTextError {
 public:
  JudgeCaseError(std::size_t line, std::size_t column, std::size_t case_number, std::string message)
      : JudgeTextError(line, column, "case", case_number, std::move(message)) {}
  std::size_t case_number() const { return index(); }
};

// One board of a grid problem: rows x cols lights, a word a row, bit c the cell in column c.
// poj3279: the 0/1 tiles (1 = lit); poj1681: the 'w' bricks lit (the goal is all 'y');
// poj1753: the 'b' pieces lit (the goal is either colour); poj3185: the 20 bowls, 1 x 20.
struct GridCase {
  static constexpr std::size_t kMaxRows = 15;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::array<std::uint64_t, kMaxRows> lights{};
};

// One case of the switch problem (poj1830): n switches; pressing switch i flips the switches of
// presses[i] (bit j = switch j, itself always among them); the goal is to flip exactly the
// switches of `change` (start xor end). The columns are those of the directed graph rules
// `digraph=[n:I-1>J-1/...]` (graph_press_columns), ready for count_word_system.
struct SwitchCase {
  static constexpr std::size_t kMaxSwitches = 28;
  std::size_t n = 0;
  std::array<std::uint64_t, kMaxSwitches> presses{};
  std::uint64_t change = 0;
};

// Reads one problem's input from a byte stream in fixed-size chunks. Tokens may be separated by
// any blanks and line breaks (the judges read with scanf); letters of a row may stand together.
// The sizes and counts are checked against each problem's bounds (poj3279 1 <= M, N <= 15;
// poj1681 1 <= n <= 15; poj1830 1 <= N <= 28, 1 <= I, J <= N), and every malformation throws
// JudgeCaseError naming the line, the column and the case: a letter or value outside the format,
// a size out of range, a case cut short, a missing "0 0", text after the last case.
// poj1681 and poj1830 begin with their case count; poj3279, poj1753 and poj3185 hold one case,
// and the reader also takes several back to back (each answered in turn).
class JudgeCaseReader : private detail::JudgeInput {
 public:
  using detail::JudgeInput::ReadFn;

  // Where the bytes `read` gives stand in a larger input, so that a reader can begin at a case
  // boundary inside a file (each line start of the file is one) and name places as a reader from
  // the file's start would.
  struct Resume {
    std::size_t line = 1;          // the line of the first byte
    std::size_t cases_before = 0;  // the cases before it
    // The count of a counted format (poj1681, poj1830) when it was read before the first byte;
    // nullopt: the bytes begin with it.
    std::optional<std::uint64_t> count;
    // A segment: next() returns false at the end of the bytes, whatever the count says (the
    // caller adds up the segments' cases and checks them against the count).
    bool segment = false;
  };

  // Throws std::invalid_argument for poj1222 and oj2811 (JudgeReader reads those).
  JudgeCaseReader(JudgeProblem problem, ReadFn read, std::size_t chunk_bytes = 1 << 20)
      : JudgeCaseReader(problem, std::move(read), chunk_bytes, Resume{}) {}
  JudgeCaseReader(JudgeProblem problem, ReadFn read, std::size_t chunk_bytes, const Resume& from);
  // Over text already in memory (a mapped file's segment): the word-wide fast paths may load the
  // `readable` bytes from text.data() (at least text.size(); more lets them work to its end).
  JudgeCaseReader(JudgeProblem problem, std::string_view text, std::size_t readable,
                  const Resume& from);

  JudgeProblem problem() const { return problem_; }
  // The next case; false after the last (having checked that nothing else follows).
  bool next(GridCase& out);    // poj3279, poj1681, poj1753, poj3185
  bool next(SwitchCase& out);  // poj1830
  // The cases read, those before the Resume point included.
  std::size_t cases_read() const { return cases_read_; }
  // The count of a counted format once read (or given by Resume); nullopt before or without one.
  std::optional<std::uint64_t> count() const {
    return counted_ ? std::optional<std::uint64_t>(expected_) : std::nullopt;
  }

 private:
  void start_at(const Resume& from);
  bool ensure(std::size_t bytes);  // at least `bytes` buffered unless the input ends first
  int skip_space();                // past blanks and line breaks; the next byte or -1 at the end
  bool at_token();                 // skip_space() >= 0, without the call when at a token
  [[noreturn]] void fail(const std::string& message) const;
  // A whole decimal token in [low, high], named `what` in errors.
  std::uint32_t read_number(std::uint32_t low, std::uint32_t high, std::string_view what);
  bool read_bit(std::string_view what);
  // One of two letters, after any blanks: true for `one`.
  bool read_letter(char zero, char one, std::string_view what);
  std::uint64_t read_bit_row(std::size_t n, std::string_view what);
  std::uint64_t read_letter_row(std::size_t n, char zero, char one, std::string_view what);
  bool fast_bit_row(std::size_t n, std::uint64_t& row);
  bool fast_letter_row(std::size_t n, char zero, char one, std::uint64_t& row);
  bool fast_links(std::uint32_t high, std::uint64_t* presses);
  bool fast_letter_grid(std::size_t n, char zero, char one, std::uint64_t* rows);
  bool fast_number_line(std::size_t low, std::size_t high, std::size_t& value);
  bool start_case();  // the count first where there is one; false when no case remains
  std::string token_here();

  JudgeProblem problem_;
  bool segment_ = false;
  bool counted_ = false;
  std::uint64_t expected_ = 0;  // the count, where the format has one
  std::size_t cases_read_ = 0;
};

}  // namespace lightsout
