// What the two executables (lightsout and lightsout-server) share: their exit statuses and the
// parse step of a CLI11 command line, with its one-line errors.
#pragma once

#include <cstdio>
#include <functional>
#include <optional>
#include <string>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

namespace lightsout::tool {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolvable = 1;
inline constexpr int kExitBadInput = 2;

// Parses argv into `app`. Returns nullopt when a command is to run; otherwise the exit status,
// having printed the help or the version (status 0), or "lightsout: MESSAGE" for a malformed
// command line (kExitBadInput). MESSAGE is what `explain` returns when it returns a text (a
// nearest-name hint), else CLI11's words followed by where to find the usage.
inline std::optional<int> parse_command_line(
    CLI::App& app, int argc, char** argv,
    const std::function<std::optional<std::string>()>& explain = nullptr) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (const std::optional<std::string> message = explain ? explain() : std::nullopt) {
      fmt::print(stderr, "lightsout: {}\n", *message);
    } else {
      fmt::print(stderr, "lightsout: {}\nRun 'lightsout --help' for usage.\n", e.what());
    }
    return kExitBadInput;
  }
  return std::nullopt;
}

}  // namespace lightsout::tool
