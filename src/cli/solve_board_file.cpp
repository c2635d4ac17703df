// `lightsout solve` on one board file: read, solve (with progress and phase times), write.
#include "solve_board_file.hpp"

#include <optional>

#include <fmt/core.h>

#include "commands.hpp"
#include "file_io.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/solve.hpp"
#include "progress.hpp"

namespace lightsout::cli {

namespace {

// A format named on the command line, or nullopt after printing the error.
std::optional<BoardFormat> named_format(const std::string& option, const std::string& name) {
  const std::optional<BoardFormat> f = parse_board_format(name);
  if (!f) {
    fmt::print(stderr, "lightsout: {}: unknown format '{}' (p1, p4, pbm, grid, judge)\n", option,
               name);
  }
  return f;
}

}  // namespace

int run_board_solve(const BoardSolveArgs& args) {
  std::optional<BoardFormat> in_format;
  if (!args.format.empty()) {
    in_format = named_format("--format", args.format);
    if (!in_format) return kExitBadInput;
  } else if (args.input != "-") {
    in_format = board_format_for_path(args.input);
  }
  std::optional<BoardFormat> out_format;
  if (!args.output_format.empty()) {
    out_format = named_format("--output-format", args.output_format);
    if (!out_format) return kExitBadInput;
  } else if (args.output != "-") {
    out_format = board_format_for_path(args.output);
  }
  const std::optional<Method> method = parse_method(args.method);
  if (!method) {
    fmt::print(stderr, "lightsout: --method: unknown method '{}'\n", args.method);
    return kExitBadInput;
  }

  PhaseClock clock(!args.quiet && stderr_is_terminal());
  InputFile input(args.input);
  Board lights;
  BoardFormat detected = BoardFormat::grid;
  try {
    clock.report("read", 0.0);
    BoardReadLimits limits;
    limits.input_bytes = input.regular_file_size();
    lights = read_board([&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
                        in_format, limits, &detected);
  } catch (const BoardParseError& e) {
    clock.finish();
    fmt::print(stderr, "lightsout: {}:{}\n", input.name(), e.what());
    return kExitBadInput;
  }
  if (*method == Method::enumerate && std::min(lights.rows(), lights.cols()) > 20) {
    clock.finish();
    fmt::print(stderr, "lightsout: --method enumerate needs the shorter side <= 20\n");
    return kExitBadInput;
  }
  const Method chosen =
      *method == Method::automatic ? choose_method(lights.rows(), lights.cols()) : *method;

  SolveOptions options;
  options.kernel = false;
  options.minimal = args.minimal;
  options.progress = [&clock](std::string_view phase, double fraction) {
    clock.report(phase, fraction);
  };
  // The board is handed over: a wide one is released once transposed (peak: two boards).
  const SolveResult result = solve(std::move(lights), chosen, options);

  if (!result.solvable) {
    clock.finish();
    const std::size_t cells = result.presses.cells();
    fmt::print(stderr,
               "lightsout: no solution: this {}x{} board is not solvable (nullity {}: 2^{} of "
               "the 2^{} boards of this size are solvable)\n",
               result.presses.rows(), result.presses.cols(), result.nullity, cells - result.nullity,
               cells);
    if (args.stats) fmt::print(stderr, "method: {}\n{}", method_name(chosen), clock.summary());
    return kExitUnsolvable;
  }
  clock.report("write", 0.0);
  OutputFile output(args.output);
  // A .pbm name says PBM but not which flavour: keep the input's when it was PBM too.
  if (args.output_format.empty() && out_format == BoardFormat::pbm_raw &&
      detected == BoardFormat::pbm_plain) {
    out_format = BoardFormat::pbm_plain;
  }
  write_board(result.presses, out_format.value_or(detected),
              [&output](const char* data, std::size_t size) { output.write(data, size); });
  clock.finish();
  if (args.stats) {
    fmt::print(stderr, "method: {}\nnullity: {}\npresses: {}{}\n{}", method_name(chosen),
               result.nullity, result.presses.popcount(),
               result.minimal
                   ? (result.minimal_proven ? " (fewest, proven)" : " (fewest found, not proven)")
                   : "",
               clock.summary());
  }
  return kExitOk;
}

}  // namespace lightsout::cli
