// Usage errors that name the fix: an unknown subcommand or option, with the nearest real name.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace lightsout::cli {

// After CLI11 refused the command line: a one-line message for the first word that names no
// subcommand or option of `app`, with the nearest real one when one is near ("unknown command
// 'slove' (did you mean 'solve'?)", "solve: unknown option '--sise' (did you mean '--size'?)").
// nullopt when every name is known (CLI11's own message is then the right one).
std::optional<std::string> unknown_name_message(const CLI::App& app, int argc,
                                                const char* const* argv);

// For a "--name[=value]" argument that `cmd` (called `command`, "" for the top level) has no
// option for: "COMMAND: unknown option '--name' (did you mean '--nearest'?); see 'lightsout
// COMMAND --help'". nullopt when cmd has it, or `arg` is not a long option.
std::optional<std::string> unknown_option(const CLI::App& cmd, std::string_view arg,
                                          const std::string& command);

}  // namespace lightsout::cli
