// The subcommands of the lightsout executable: each registers its options and returns its runner.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "tool/command_line.hpp"

namespace lightsout::cli {

// Exit statuses shared by every subcommand (and by lightsout-server).
using tool::kExitBadInput;
using tool::kExitOk;
using tool::kExitUnsolvable;

// What the running command is doing ("reading the board", ...): main names it when memory runs
// out ("lightsout: out of memory while reading the board", exit 2).
void set_activity(std::string text);
const std::string& activity();

// `--max-cells N` on `solve` and `verify`: 0 when not given (the defaults of board_format.hpp).
void add_max_cells_option(CLI::App& cmd, std::uint64_t& max_cells);

// Adds `solve` to app; the returned function runs it after parsing and returns the exit status.
std::function<int()> add_solve_command(CLI::App& app);
// Adds `info` (nullity and solvable counts of a board size, optionally its quiet patterns).
std::function<int()> add_info_command(CLI::App& app);
// Adds `generate` (reproducible random boards, optionally solvable, in any board format).
std::function<int()> add_generate_command(CLI::App& app);
// Adds `verify` (applies a press file to a board file: exit 0 dark, 1 lights left).
std::function<int()> add_verify_command(CLI::App& app);
// Adds `render` (a PNG or SVG picture of a board, its presses, or the quiet patterns of a size).
std::function<int()> add_render_command(CLI::App& app);
// Adds `serve` (the web playground and its JSON API over HTTP, until Ctrl-C).
std::function<int()> add_serve_command(CLI::App& app);

}  // namespace lightsout::cli
