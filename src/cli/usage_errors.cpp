// unknown_name_message: the command line's first unknown name against the real ones.
#include "usage_errors.hpp"

#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "lightsout/suggest.hpp"

namespace lightsout::cli {

namespace {

// Every spelling of the options of `cmd` ("--size", "-o"), help included.
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* opt : cmd.get_options()) {
    for (const std::string& n : opt->get_lnames()) names.push_back("--" + n);
    for (const std::string& n : opt->get_snames()) names.push_back("-" + n);
  }
  return names;
}

}  // namespace

std::optional<std::string> unknown_option(const CLI::App& cmd, std::string_view arg,
                                          const std::string& command) {
  const std::string_view name = arg.substr(0, arg.find('='));
  const std::vector<std::string> names = option_names(cmd);
  for (const std::string& n : names) {
    if (n == name) return std::nullopt;
  }
  // "-abc" may be short flags run together, or a value such as -1: left to CLI11.
  if (!name.starts_with("--")) return std::nullopt;
  const std::vector<std::string_view> views(names.begin(), names.end());
  const std::string where = command.empty() ? "" : command + ": ";
  const std::string help =
      command.empty() ? "lightsout --help" : "lightsout " + command + " --help";
  return fmt::format("{}unknown option '{}'{}; see '{}'", where, name, did_you_mean(name, views),
                     help);
}

std::optional<std::string> unknown_name_message(const CLI::App& app, int argc,
                                                const char* const* argv) {
  const std::vector<const CLI::App*> commands =
      app.get_subcommands([](const CLI::App*) { return true; });
  const CLI::App* command = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return std::nullopt;  // what follows is not options
    if (command == nullptr) {
      if (arg.starts_with("-")) {
        if (auto message = unknown_option(app, arg, {})) return message;
        continue;
      }
      for (const CLI::App* c : commands) {
        if (c->get_name() == arg) command = c;
      }
      if (command != nullptr) continue;
      std::vector<std::string_view> names;
      std::string list;
      for (const CLI::App* c : commands) {
        names.emplace_back(c->get_name());
        list += (list.empty() ? "" : ", ") + c->get_name();
      }
      return fmt::format("unknown command '{}'{}; the commands are {}", arg,
                         did_you_mean(arg, names), list);
    }
    if (arg.starts_with("--")) {
      if (auto message = unknown_option(*command, arg, command->get_name())) {
        return message;
      }
    }
  }
  return std::nullopt;
}

}  // namespace lightsout::cli
