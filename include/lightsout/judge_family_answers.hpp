// The judge family's answers (POJ 3279, 1681, 1753, 3185, 1830) in each judge's bytes: case by
// case from a JudgeCaseReader, or a whole regular file read in segments on several threads.
#pragma once

#include <cstddef>
#include <functional>

#include "lightsout/input_file.hpp"
#include "lightsout/judge_family.hpp"

namespace lightsout {

struct JudgeFamilyTally {
  std::size_t cases = 0;
  std::size_t without = 0;  // cases with no answer (the problem's own words for that written)
};

// Where answer text goes, in order, a block at a time.
using JudgeAnswerWrite = std::function<void(const char* bytes, std::size_t size)>;

// Answers every case `reader` gives until it ends, each as its judge prints it: Fliptile's press
// rows (the fewest presses, the lexicographically least of them) or IMPOSSIBLE; Painter's fewest
// paints or inf; Flip Game's fewest flips to either colour or Impossible; the water bowls' fewest
// flips or impossible; the switch problem's count of press sets or "Oh,it's impossible~!!".
// Text is handed to `write` in blocks of about `block_bytes` (0: every case at once, for a pipe).
// On malformed input, writes the answers of the cases before it, then throws JudgeCaseError.
JudgeFamilyTally answer_judge_cases(JudgeCaseReader& reader, const JudgeAnswerWrite& write,
                                    std::size_t block_bytes);

// How answer_judge_file splits its work.
struct JudgeFileSplit {
  std::size_t threads = 2;
  // The bytes of a segment; 0: a file of 1 MiB or more shared evenly by the threads, in segments
  // of at most 8 MiB (the answers of the segments in flight, at most about twice their text for
  // the shortest cases, are held in memory until written).
  std::size_t segment_bytes = 0;
};

// The same answers, the same bytes and the same JudgeCaseError as answer_judge_cases over a reader
// of the whole file, for a regular file: poj1681 and poj1830 inputs of 1 MiB or more are cut at
// case boundaries into segments answered side by side, `split.threads` at a time, and written in
// order (any size with split.segment_bytes given); other problems and files are read in one pass.
// How a segment's start is trusted: a segment's answers are used only when every segment before it
// was read whole without error and its own reading ends exactly where the next begins; the first
// segment starts at the file's start, so each one used starts at a case. Anywhere else (an error,
// a cut that was not a case boundary, a case count that does not add up) the rest of the file is
// read in one pass from the last trusted segment's start, so the errors and their places are
// those of the one-pass reading.
JudgeFamilyTally answer_judge_file(JudgeProblem problem, const InputFile& file,
                                   const JudgeAnswerWrite& write, const JudgeFileSplit& split = {});

}  // namespace lightsout
