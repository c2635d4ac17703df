// `lightsout solve --judge NAME` for the judge problem's siblings: each judge's input in, its
// answers out byte for byte (a regular file read in segments on the machine's cores).
#include "judge_family.hpp"

#include <algorithm>
#include <string>
#include <thread>

#include <fmt/core.h>

#include "command_inputs.hpp"
#include "file_io.hpp"
#include "lightsout/judge_family_answers.hpp"

namespace lightsout::cli {

int run_judge_family(JudgeProblem problem, const std::string& input_name, bool stats) {
  add_input(input_name);
  refuse_overwriting_inputs("-", "the answers");
  prompt_if_terminal(input_name, fmt::format("{} cases", judge_problem_name(problem)));
  InputFile input(input_name);
  const JudgeAnswerWrite write = [](const char* bytes, std::size_t n) { write_stdout(bytes, n); };
  JudgeFamilyTally tally;
  try {
    if (input.regular_file_size()) {
      JudgeFileSplit split;
      split.threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
      tally = answer_judge_file(problem, input, write, split);
    } else {
      // A pipe or a terminal gets each answer as its case is read.
      JudgeCaseReader reader(
          problem, [&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
          input.buffer_bytes());
      tally = answer_judge_cases(reader, write, 0);
    }
  } catch (const JudgeCaseError& e) {
    // The answers before the error were written.
    fmt::print(stderr, "lightsout: {}:{} (--judge {})\n", input.name(), e.what(),
               judge_problem_name(problem));
    return kExitBadInput;
  }
  if (stats) fmt::print(stderr, "cases: {}\nwithout a solution: {}\n", tally.cases, tally.without);
  if (problem == JudgeProblem::poj3185 && tally.without > 0) {
    fmt::print(stderr,
               "lightsout: {}: {} of {} cases cannot turn every bowl to 0 (the problem "
               "promises they can)\n",
               input.name(), tally.without, tally.cases);
    return kExitUnsolvable;
  }
  return kExitOk;
}

}  // namespace lightsout::cli
