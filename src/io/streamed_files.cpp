// The streamed solve and verify of streamed_files.hpp: two passes of StreamChase over one file,
// or StreamVerify fed by a press file read on a second thread.
#include "lightsout/streamed_files.hpp"

#include <unistd.h>

#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "lightsout/atomic_file.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/input_file.hpp"
#include "lightsout/stream_solve.hpp"
#include "streamed_rows.hpp"

namespace lightsout {

std::uint64_t default_memory_budget() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{4} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 4;
}

StreamedSolve solve_board_file_streamed(const std::string& input, const std::string& output,
                                        const StreamedSolveOptions& options) {
  const auto activity = [&options](std::string_view text) {
    if (options.activity) options.activity(text);
  };
  StreamedSolve out;
  if (options.stream_above != 0) {
    // A second pass needs a file, and one that fits in memory is solved there.
    const InputFile probe(input);
    if (!probe.regular_file_size() || *probe.regular_file_size() <= options.stream_above) {
      out.outcome = StreamedSolve::Outcome::in_memory;
      return out;
    }
  }
  // The presses never replace the board they are read from (any path form: same file).
  const std::string inputs[] = {input};
  refuse_output_over_input(output, inputs, "the presses");
  BoardFormat detected = BoardFormat::grid;

  // Pass 1: the chase from a zero first row, for the phantom row.
  InputFile first_pass(input);
  const BoardReadLimits limits = limits_for(first_pass, options.max_cells);
  StreamChase probe({}, nullptr);
  activity("reading the board (first of two passes)");
  out.rows = read_rows(first_pass, options.in_format, limits, &detected, probe);
  out.cols = probe.cols();
  // Chasing down a wide board's rows would need an n x n system over the long side; its columns
  // are reached only with the board in memory.
  if (out.rows < out.cols) {
    out.outcome = StreamedSolve::Outcome::wide;
    return out;
  }
  activity(fmt::format("solving the first-row system of a {}x{} board", out.rows, out.cols));
  const FirstRowPlan plan = plan_first_row(out.rows, out.cols, probe.phantom());
  out.nullity = plan.nullity;
  if (!plan.solvable) {
    out.outcome = StreamedSolve::Outcome::unsolvable;
    return out;
  }

  // Pass 2: the chase from the planned first row, each press row written as it is found.
  BoardFormat format = options.out_format.value_or(detected);
  if (options.plain_answer_to_plain_input && format == BoardFormat::pbm_raw &&
      detected == BoardFormat::pbm_plain) {
    format = BoardFormat::pbm_plain;
  }
  if (options.before_writing) options.before_writing(format);
  AtomicFile file(output);
  BoardRowWriter writer(format, out.rows,
                        [&file](const char* data, std::size_t size) { file.write(data, size); });
  StreamChase chase(plan.first_row, &writer);
  InputFile second_pass(input);
  activity("reading the board again and writing the presses");
  read_rows(second_pass, options.in_format, limits, nullptr, chase, " (second pass)");
  if (chase.rows_put() != out.rows || chase.cols() != out.cols || !chase.phantom_is_zero()) {
    throw BoardFileError(second_pass.name() + ": the file changed between the two passes");
  }
  writer.finish();
  file.commit();
  out.presses = chase.presses();
  return out;
}

StreamedVerify verify_board_files_streamed(const std::string& board, const std::string& presses,
                                           std::optional<BoardFormat> board_format,
                                           std::optional<BoardFormat> presses_format,
                                           std::uint64_t max_cells) {
  if (!board_format) board_format = board_format_for_path(board);
  if (!presses_format && presses != "-") presses_format = board_format_for_path(presses);
  InputFile board_file(board);
  InputFile press_file(presses);
  RowQueue queue;
  std::thread reader = read_rows_on_thread(press_file, presses_format, max_cells, queue);

  StreamVerify check([&queue] { return queue.pull(); });
  std::string board_error;
  std::size_t rows = 0;
  try {
    rows = read_rows(board_file, board_format, limits_for(board_file, max_cells), nullptr, check);
  } catch (const std::exception& e) {
    board_error = e.what();
  }
  // Let the reader finish (reading the rest of the press file, to learn its size) or stop it.
  if (!board_error.empty()) queue.cancel();
  while (board_error.empty() && queue.pull() != nullptr) {
  }
  reader.join();
  if (!board_error.empty()) throw BoardFileError(board_error);
  if (!queue.error().empty()) throw BoardFileError(queue.error());
  StreamedVerify out;
  out.rows = rows;
  out.cols = check.cols();
  out.press_rows = queue.rows_put();
  out.press_cols = queue.cols();
  if (out.sizes_agree()) out.lights_left = check.lights_left();
  return out;
}

}  // namespace lightsout
