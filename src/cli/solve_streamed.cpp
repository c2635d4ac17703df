// `lightsout solve` on a board file larger than --memory: the library's two-pass solve, with the
// CLI's messages.
#include "solve_streamed.hpp"

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board_files.hpp"

namespace lightsout::cli {

std::optional<int> try_streamed_solve(const BoardSolveArgs& args,
                                      std::optional<BoardFormat> in_format,
                                      std::optional<BoardFormat> out_format) {
  if (args.input == "-" || args.minimal) return std::nullopt;
  const std::uint64_t budget = args.memory != 0 ? args.memory : default_memory_budget();
  StreamedSolveOptions options;
  // In memory the lights and the presses take two bits a cell; P4 holds one bit a cell and the
  // text formats one byte or more, so this streams every board that would not fit, and some
  // text boards that would.
  options.stream_above = budget / 2;
  options.in_format = in_format;
  options.out_format = out_format;
  options.plain_answer_to_plain_input = args.output_format.empty();
  options.max_cells = args.max_cells;
  options.activity = [](std::string_view text) { set_activity(std::string(text)); };
  options.before_writing = [&output = args.output](BoardFormat format) {
    refuse_p4_to_terminal(output, format);
  };
  StreamedSolve solved;
  try {
    solved = solve_board_file_streamed(args.input, args.output, options);
  } catch (const BoardFileError& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return kExitBadInput;
  }
  switch (solved.outcome) {
    case StreamedSolve::Outcome::in_memory:
      return std::nullopt;
    case StreamedSolve::Outcome::wide:
      fmt::print(stderr,
                 "lightsout: note: {}x{} is wider than tall, which does not stream: solving it in "
                 "memory (about {} MB)\n",
                 solved.rows, solved.cols,
                 (std::uint64_t{solved.rows} * solved.cols / 4 >> 20) + 1);
      return std::nullopt;
    case StreamedSolve::Outcome::unsolvable:
      fmt::print(stderr,
                 "lightsout: no solution: this {}x{} board is not solvable (nullity {}: 2^{} of "
                 "the 2^{} boards of this size are solvable)\n",
                 solved.rows, solved.cols, solved.nullity,
                 solved.rows * solved.cols - solved.nullity, solved.rows * solved.cols);
      return kExitUnsolvable;
    case StreamedSolve::Outcome::solved:
      break;
  }
  if (args.stats) {
    fmt::print(stderr, "method: poly (streamed, two passes)\nnullity: {}\npresses: {}\n",
               solved.nullity, solved.presses);
  }
  return kExitOk;
}

}  // namespace lightsout::cli
