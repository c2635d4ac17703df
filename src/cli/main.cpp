// lightsout: entry point; parses the command line and hands over to one subcommand.
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "tool/command_line.hpp"
#include "usage_errors.hpp"

namespace lightsout::cli {

namespace {
std::string& current_activity() {
  static std::string text;
  return text;
}
}  // namespace

void set_activity(std::string text) { current_activity() = std::move(text); }
const std::string& activity() { return current_activity(); }

void add_max_cells_option(CLI::App& cmd, std::uint64_t& max_cells) {
  cmd.add_option("--max-cells", max_cells,
                 "Largest board read, in cells (default: 2^34 from a regular file, 2^26 from a "
                 "pipe or device; judge mode: 2^26, or what the file's size can hold, up to 2^34)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->type_name("N");
}

}  // namespace lightsout::cli

namespace {

// One line for memory running out, naming what was being done when known.
int out_of_memory() {
  const std::string& doing = lightsout::cli::activity();
  if (doing.empty()) {
    std::fputs("lightsout: out of memory\n", stderr);
  } else {
    std::fprintf(stderr, "lightsout: out of memory while %s\n", doing.c_str());
  }
  return lightsout::cli::kExitBadInput;
}

int run_cli(int argc, char** argv) {
  CLI::App app{"lightsout: exact Lights Out solving, from the judge formats to huge boards"};
  app.set_version_flag("--version", std::string("lightsout ") + LIGHTSOUT_VERSION);
  app.require_subcommand(1);
  // Each subcommand registers itself and hands back its runner.
  const std::vector<std::pair<std::string, std::function<int()>>> commands = {
      {"solve", lightsout::cli::add_solve_command(app)},
      {"info", lightsout::cli::add_info_command(app)},
      {"generate", lightsout::cli::add_generate_command(app)},
      {"verify", lightsout::cli::add_verify_command(app)},
      {"render", lightsout::cli::add_render_command(app)},
      {"serve", lightsout::cli::add_serve_command(app)},
  };
  // A mistyped name gets the nearest real one; other errors keep CLI11's words.
  if (const std::optional<int> status = lightsout::tool::parse_command_line(
          app, argc, argv, [&] { return lightsout::cli::unknown_name_message(app, argc, argv); })) {
    return *status;
  }
  try {
    for (const auto& [name, run] : commands) {
      if (app.got_subcommand(name)) return run();
    }
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::exception& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return lightsout::cli::kExitBadInput;
  }
  return lightsout::cli::kExitBadInput;
}

}  // namespace

// Nothing escapes main: building the command line can throw too (CLI11, std::bad_alloc); memory
// running out anywhere is one line and exit 2, never a bare std::bad_alloc.
int main(int argc, char** argv) {
  try {
    return run_cli(argc, argv);
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lightsout: %s\n", e.what());
  } catch (...) {
    std::fputs("lightsout: unexpected error\n", stderr);
  }
  return lightsout::cli::kExitBadInput;
}
