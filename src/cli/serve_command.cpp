// `lightsout serve`: execs lightsout-server from the directory of this executable (a build tree),
// else from the libexec directory beside it (an installed prefix: bin/../libexec/lightsout), so
// that the other commands never load the HTTP server, TLS and compression libraries.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "commands.hpp"

namespace lightsout::cli {

namespace {

constexpr const char* kServerProgram = "lightsout-server";
// The installed lightsout-server's directory relative to the bin directory (from CMake).
constexpr const char* kLibexecFromBin = LIGHTSOUT_LIBEXEC_FROM_BIN;

// The directory of the running executable (with its final '/'), or "" if unknown.
std::string own_directory() {
  std::string path(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size());
  if (n <= 0 || static_cast<std::size_t>(n) >= path.size()) return {};
  path.resize(static_cast<std::size_t>(n));
  return path.substr(0, path.rfind('/') + 1);
}

// Replaces this process with `lightsout-server serve ARGS...`, argv[0] kept so that its usage
// lines name the program the user ran. Returns only on failure.
int exec_server(const char* argv0, const std::vector<std::string>& args) {
  const std::string dir = own_directory();
  if (dir.empty()) {
    fmt::print(stderr, "lightsout: serve: cannot find this program's directory\n");
    return kExitBadInput;
  }
  std::string server = dir + kServerProgram;
  if (::access(server.c_str(), X_OK) != 0) {
    const std::string installed = dir + kLibexecFromBin + "/" + kServerProgram;
    if (::access(installed.c_str(), X_OK) == 0) server = installed;
  }
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(argv0));
  argv.push_back(const_cast<char*>("serve"));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr);
  ::execv(server.c_str(), argv.data());
  // A build tree holds the server only once something asked for it: the CLI is built alone.
  const char* hint = errno == ENOENT ? " (not built: ./lightsout serve in the source tree builds "
                                       "it, or build the target lightsout-server)"
                                     : "";
  fmt::print(stderr, "lightsout: serve: cannot run {}: {}{}\n", server, std::strerror(errno), hint);
  return kExitBadInput;
}

}  // namespace

std::function<int()> add_serve_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("serve", "Serve the web playground and its JSON API over HTTP");
  // Every argument, --help included, goes to lightsout-server, which owns the options.
  cmd->set_help_flag();
  cmd->allow_extras();
  cmd->prefix_command();
  return [cmd, &app] { return exec_server(app.get_name().c_str(), cmd->remaining()); };
}

}  // namespace lightsout::cli
