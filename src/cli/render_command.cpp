// `lightsout render`: a PNG or SVG picture of a board, of a board with its presses, or of the
// quiet patterns of a board size.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "cli_rules.hpp"
#include "command_inputs.hpp"
#include "commands.hpp"
#include "fewest_report.hpp"
#include "file_io.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/info.hpp"
#include "lightsout/render.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::cli {

namespace {

struct RenderArgs {
  std::string board;           // a board file, or empty with --quiet-patterns
  std::string output;          // -o FILE
  std::string presses;         // --presses FILE
  bool solve = false;          // --solve
  bool minimal = false;        // --minimal (with --solve)
  double minimal_time = 10.0;  // --minimal-time: seconds for the proof
  std::string quiet;           // --quiet-patterns RxC
  std::string rules;           // --rules TEXT
  bool rules_given = false;
  std::string format;            // --format of the board and presses files
  std::string image_format;      // --image-format png|svg
  std::size_t cell = 0;          // --cell PX
  std::size_t max_side = 1024;   // --max-side PX
  std::size_t scale = 1;         // --scale N: N x N cells a pixel
  std::uint64_t max_pixels = 0;  // --max-pixels P: the smallest scale within P pixels
  std::uint64_t max_cells = 0;   // --max-cells
  std::uint64_t memory = 0;      // --memory (0: a quarter of physical memory)
  bool force = false;            // --force: rules past the work limit
};

void print_error(const std::string& message) {
  fmt::print(stderr, "lightsout: render: {}\n", message);
}

// A board file as read: `transposed` when `grid` holds the board's transpose.
struct ReadGrid {
  Grid grid;
  bool transposed = false;
};

// Reads a board file of K states as `solve` reads it: two states thin (read_board_file), so a
// thin board comes back by columns, a bit a cell (one past the cell limit, an endless pipe, is
// refused within 8 MiB). On a parse error prints "lightsout: FILE:LINE:COL: message" and returns
// nullopt. Unopenable files throw FileError (main prints it, exit 2).
std::optional<ReadGrid> read_grid_file(const std::string& path, std::optional<BoardFormat> format,
                                       unsigned states, std::uint64_t max_cells) {
  set_activity("reading '" + path + "'");
  try {
    BoardFile file = lightsout::read_board_file(path, {.format = format,
                                                       .states = states,
                                                       .thin = true,
                                                       .max_cells = max_cells,
                                                       .max_cells_option = "--max-cells"});
    return ReadGrid{std::move(file.grid), file.transposed};
  } catch (const BoardFileError& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return std::nullopt;
  }
}

// The board the right way round (for rules that differ on the transpose, and holes).
void untranspose(ReadGrid& g) {
  if (!g.transposed) return;
  g.grid = Grid(g.grid.bits().transposed());
  g.transposed = false;
}

// The picture of the quiet patterns of `rules` on a rows x cols board (a board size alone).
std::vector<Panel> quiet_panels(const Rules& rules, std::size_t rows, std::size_t cols) {
  const Facts facts = board_facts(rules, rows, cols, true);
  std::vector<Panel> panels;
  for (const Grid& g : facts.kernel) panels.push_back({g, std::nullopt, rules.holes});
  // No quiet pattern but pressing nothing: that one, the dark board, is drawn, and said.
  if (panels.empty()) {
    fmt::print(stderr,
               "lightsout: render: {}x{} has no quiet pattern (nullity 0: every board has exactly "
               "one solution); the picture shows the dark board\n",
               rows, cols);
    panels.push_back({Grid(rows, cols, rules.states), std::nullopt, rules.holes});
  }
  return panels;
}

int run_render(const RenderArgs& args) {
  std::optional<ImageFormat> image;
  if (!args.image_format.empty()) {
    image = parse_image_format(args.image_format);
    if (!image) {
      print_error(fmt::format("--image-format: unknown format '{}' (png, svg)", args.image_format));
      return kExitBadInput;
    }
  } else {
    image = image_format_for_path(args.output);
    if (!image) {
      print_error(fmt::format(
          "cannot tell the picture format of '{}': name it .png or .svg, or give --image-format",
          args.output));
      return kExitBadInput;
    }
  }
  if (*image == ImageFormat::png) {
    refuse_binary_to_terminal(
        args.output, "a PNG picture",
        "give -o FILE.png, --image-format svg (text), or redirect the output");
  }
  if (args.board.empty() == args.quiet.empty()) {
    print_error("give a board file or --quiet-patterns RxC (one of them)");
    return kExitBadInput;
  }
  if (!args.quiet.empty() && (args.solve || !args.presses.empty())) {
    print_error("--solve and --presses draw on a board file, not on --quiet-patterns");
    return kExitBadInput;
  }
  if (args.solve && !args.presses.empty()) {
    print_error("--solve and --presses: give one of them");
    return kExitBadInput;
  }
  std::optional<BoardFormat> format;
  if (!args.format.empty()) {
    format = parse_board_format(args.format);
    if (!format) {
      print_error(unknown_board_format("--format", args.format));
      return kExitBadInput;
    }
  }
  std::optional<Rules> rules = Rules::classic();
  if (args.rules_given) rules = parse_cli_rules(args.rules);
  if (!rules) return kExitBadInput;
  const unsigned k = rules->states;
  const RulesBudget budget{args.memory, args.force, args.rules};

  // Every input noted (the rules' files were, as they were read): no picture replaces one.
  add_input(args.board);
  add_input(args.presses);
  refuse_overwriting_inputs(args.output, "the picture");
  std::vector<Panel> panels;
  int status = kExitOk;
  if (!args.quiet.empty()) {
    const std::optional<BoardSize> size =
        parse_board_size(args.quiet, std::numeric_limits<std::uint32_t>::max(), kMaxPicturePixels);
    if (!size) {
      print_error(fmt::format(
          "--quiet-patterns: board size must be RxC (e.g. 5x5) of at most {} cells, got '{}'",
          kMaxPicturePixels, args.quiet));
      return kExitBadInput;
    }
    if (!is_classic(*rules) &&
        !make_solver(*rules, size->rows, size->cols, Method::automatic, budget)) {
      return kExitBadInput;
    }
    set_activity("finding the quiet patterns");
    panels = quiet_panels(*rules, size->rows, size->cols);
  } else {
    std::optional<ReadGrid> lights = read_grid_file(args.board, format, k, args.max_cells);
    if (!lights) return kExitBadInput;
    std::optional<ReadGrid> presses;
    if (!args.presses.empty()) {
      presses = read_grid_file(args.presses, format, k, args.max_cells);
      if (!presses) return kExitBadInput;
      const auto drawn = [](const ReadGrid& g) {
        return g.transposed ? std::pair{g.grid.cols(), g.grid.rows()}
                            : std::pair{g.grid.rows(), g.grid.cols()};
      };
      const auto [rows, cols] = drawn(*lights);
      const auto [press_rows, press_cols] = drawn(*presses);
      if (press_rows != rows || press_cols != cols) {
        print_error(fmt::format("the board is {}x{} but the presses are {}x{}", rows, cols,
                                press_rows, press_cols));
        return kExitBadInput;
      }
    }
    // A thin board stays transposed (a bit a cell) unless holes or a solve under rules that
    // differ on the transpose need it the right way round.
    if (rules->has_holes() || (args.solve && !is_classic(*rules) && !transpose_invariant(*rules))) {
      untranspose(*lights);
      if (presses) untranspose(*presses);
    }
    if (args.solve) {
      const Grid& board = lights->grid;
      const std::optional<Solver> solver =
          make_solver(*rules, board.rows(), board.cols(), Method::automatic,
                      {budget.memory, budget.force, budget.text, lights->transposed});
      if (!solver) return kExitBadInput;
      set_activity("solving the board");
      Result result =
          solver->solve(board, {.minimal = args.minimal, .minimal_seconds = args.minimal_time});
      // An unproven fewest answer is said, as solve says it (the picture is drawn all the same).
      report_unproven(result, std::nullopt);
      if (result.solvable) {
        presses = ReadGrid{std::move(result.presses), lights->transposed};
      } else {
        // The board is still drawn, without presses.
        print_error(fmt::format("no solution: the board is drawn without presses (nullity {})",
                                result.nullity));
        status = kExitUnsolvable;
      }
    }
    const bool transposed = lights->transposed;
    std::optional<Grid> press_grid;
    if (presses) press_grid = std::move(presses->grid);
    panels.push_back({std::move(lights->grid), std::move(press_grid), rules->holes, transposed});
  }

  set_activity("drawing the picture");
  const Picture picture(std::move(panels), {.cell = args.cell,
                                            .max_side = args.max_side,
                                            .scale = args.scale,
                                            .max_pixels = args.max_pixels});
  AtomicFile out(args.output);
  write_image(picture, *image,
              [&out](const char* data, std::size_t size) { out.write(data, size); });
  out.commit();
  return status;
}

}  // namespace

std::function<int()> add_render_command(CLI::App& app) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* cmd = app.add_subcommand(
      "render", "Draw a board, its presses, or the quiet patterns of a size, as PNG or SVG");
  cmd->add_option("board", args->board, "Board file (any board format; '-' for standard input)");
  cmd->add_option("-o,--output", args->output, "Picture file, .png or .svg ('-': standard output)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--presses", args->presses, "Overlay these presses (a board file of the size)")
      ->type_name("FILE");
  cmd->add_flag("--solve", args->solve, "Solve the board and overlay the presses");
  cmd->add_flag("--minimal", args->minimal,
                "With --solve: the fewest presses (one stderr line when not proven within "
                "--minimal-time, with a proven lower bound)");
  cmd->add_option("--minimal-time", args->minimal_time,
                  "Seconds of search for --minimal to prove its minimum (default 10; 0: no limit)")
      ->check(minimal_time_validator())
      ->type_name("SECONDS");
  cmd->add_option("--quiet-patterns", args->quiet,
                  "Draw a gallery of the quiet patterns of a board size RxC instead of a board")
      ->type_name("RxC");
  CLI::Option* rules_opt =
      cmd->add_option("--rules", args->rules, "Variant rules (e.g. torus,states=3)")
          ->type_name("TEXT");
  cmd->add_option("--format", args->format, "Format of the board files: p1, p4, pbm, grid, judge");
  cmd->add_option("--image-format", args->image_format, "png or svg (default: -o's extension)");
  cmd->add_option("--cell", args->cell, "Pixels per cell (default: fit in --max-side, 1..32)")
      ->check(CLI::Range(std::size_t{1}, kMaxCell));
  cmd->add_option("--max-side", args->max_side,
                  "With the automatic cell size: the picture's longest side in pixels (default "
                  "1024; boards larger than that get a pixel a cell)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  cmd->add_option("--scale", args->scale,
                  "Draw N x N cells as one pixel (PNG), by their average light; presses where "
                  "half of them are pressed (default 1)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
      ->type_name("N");
  cmd->add_option("--max-pixels", args->max_pixels,
                  "Scale the picture down (PNG) to at most P pixels in all, a pixel a block of "
                  "cells (e.g. 4000000 for 2000 x 2000)")
      ->check(CLI::Range(std::uint64_t{1}, kMaxPicturePixels))
      ->type_name("P");
  add_max_cells_option(*cmd, args->max_cells);
  add_memory_option(*cmd, args->memory,
                    "--rules with --solve or --quiet-patterns: the most the solver's estimate may "
                    "reach (bytes; K, M, G suffixes; default: a quarter of physical memory)");
  cmd->add_flag("--force", args->force,
                "--rules: solve even when the work estimate is past 10^13 units (hours)");
  cmd->footer(
      "Lights off are dark, lights on amber (K > 2: shades between), holes grey, presses red "
      "dots (red cells below 5 pixels).\nExit status: 0 drawn, 1 --solve found no solution (the "
      "board is drawn alone), 2 bad input or usage.");
  return runner_noting_rules(args, rules_opt, run_render);
}

}  // namespace lightsout::cli
