// `lightsout solve` on a board file larger than --memory: two passes over the file, O(cols) memory.
#include "solve_streamed.hpp"

#include <unistd.h>

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/stream_solve.hpp"

namespace lightsout::cli {

std::uint64_t default_memory_budget() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{4} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 4;
}

std::optional<int> try_streamed_solve(const BoardSolveArgs& args,
                                      std::optional<BoardFormat> in_format,
                                      std::optional<BoardFormat> out_format) {
  if (args.input == "-" || args.minimal) return std::nullopt;
  const std::uint64_t budget = args.memory != 0 ? args.memory : default_memory_budget();
  std::uint64_t file_bytes = 0;
  {
    const InputFile probe(args.input);
    if (!probe.regular_file_size()) return std::nullopt;  // a second pass needs a file
    file_bytes = *probe.regular_file_size();
  }
  // In memory the lights and the presses take two bits a cell; P4 holds one bit a cell and the
  // text formats one byte or more, so this streams every board that would not fit, and some
  // text boards that would.
  if (file_bytes <= budget / 2) return std::nullopt;

  BoardReadLimits limits;
  limits.input_bytes = file_bytes;
  // Memory no longer grows with the board: only what the file holds bounds it.
  limits.max_cells = args.max_cells != 0 ? args.max_cells : kMaxStreamedCells;
  limits.max_cells_option = "--max-cells";
  BoardFormat detected = BoardFormat::grid;

  // Pass 1: the chase from a zero first row, for the phantom row.
  InputFile first_pass(args.input);
  StreamChase probe_chase({}, nullptr);
  std::size_t rows = 0;
  set_activity("reading the board (first of two passes)");
  try {
    rows = read_board_rows([&](char* buf, std::size_t cap) { return first_pass.read(buf, cap); },
                           in_format, limits, &detected, probe_chase);
  } catch (const BoardParseError& e) {
    fmt::print(stderr, "lightsout: {}:{}\n", first_pass.name(), e.what());
    return kExitBadInput;
  }
  const std::size_t cols = probe_chase.cols();
  if (rows < cols) {
    // Chasing down a wide board's rows would need an n x n system over the long side; its
    // columns are reached only with the board in memory.
    fmt::print(stderr,
               "lightsout: note: {}x{} is wider than tall, which does not stream: solving it in "
               "memory (about {} MB)\n",
               rows, cols, (std::uint64_t{rows} * cols / 4 >> 20) + 1);
    return std::nullopt;
  }
  set_activity(fmt::format("solving the first-row system of a {}x{} board", rows, cols));
  const FirstRowPlan plan = plan_first_row(rows, cols, probe_chase.phantom());
  if (!plan.solvable) {
    fmt::print(stderr,
               "lightsout: no solution: this {}x{} board is not solvable (nullity {}: 2^{} of the "
               "2^{} boards of this size are solvable)\n",
               rows, cols, plan.nullity, rows * cols - plan.nullity, rows * cols);
    return kExitUnsolvable;
  }

  // Pass 2: the chase from the planned first row, each press row written as it is found.
  if (args.output_format.empty() && out_format == BoardFormat::pbm_raw &&
      detected == BoardFormat::pbm_plain) {
    out_format = BoardFormat::pbm_plain;
  }
  refuse_p4_to_terminal(args.output, out_format.value_or(detected));
  AtomicFile output(args.output);
  BoardRowWriter writer(
      out_format.value_or(detected), rows,
      [&output](const char* data, std::size_t size) { output.write(data, size); });
  StreamChase chase(plan.first_row, &writer);
  InputFile second_pass(args.input);
  set_activity("reading the board again and writing the presses");
  try {
    read_board_rows([&](char* buf, std::size_t cap) { return second_pass.read(buf, cap); },
                    in_format, limits, nullptr, chase);
  } catch (const BoardParseError& e) {  // the file changed between the passes
    fmt::print(stderr, "lightsout: {}:{} (second pass)\n", second_pass.name(), e.what());
    return kExitBadInput;
  }
  if (chase.rows_put() != rows || chase.cols() != cols || !chase.phantom_is_zero()) {
    fmt::print(stderr, "lightsout: {}: the file changed between the two passes\n",
               second_pass.name());
    return kExitBadInput;
  }
  writer.finish();
  output.commit();
  if (args.stats) {
    fmt::print(stderr, "method: poly (streamed, two passes)\nnullity: {}\npresses: {}\n",
               plan.nullity, chase.presses());
  }
  return kExitOk;
}

}  // namespace lightsout::cli
