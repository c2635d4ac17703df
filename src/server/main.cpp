// lightsout-server: `lightsout serve` (which execs this program), the web playground and its JSON
// API over HTTP until Ctrl-C; kept out of `lightsout` so that its other commands do not load the
// HTTP, TLS and compression libraries.
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <fmt/core.h>

#include "server/http_policy.hpp"
#include "server/server.hpp"
#include "tool/command_line.hpp"

namespace lightsout::server {
namespace {

using tool::kExitBadInput;
using tool::kExitOk;

struct ServeArgs {
  ServerOptions options;
};

// An option that takes values from `low` to `high` and shows its default in --help.
template <class T, class Bound>
CLI::Option* ranged_option(CLI::App* cmd, const std::string& name, T& value,
                           const std::string& help, Bound low, Bound high) {
  return cmd->add_option(name, value, help)->check(CLI::Range(low, high))->capture_default_str();
}

// Process-wide memory and descriptor policy of the server: blocks of 256 KiB or more are mapped
// and unmapped (glibc would otherwise raise that threshold after the first large free and keep
// a 1 GB board's buffers on its heap), and as many open connections as the hard limit allows.
void set_process_limits() {
  ::mallopt(M_MMAP_THRESHOLD, 256 << 10);
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
  }
}

int run_serve(const ServeArgs& args) {
  set_process_limits();
  // SIGINT/SIGTERM are taken by one thread with sigwait (every other thread inherits the block),
  // which stops the server; SIGUSR1 wakes that thread when the server stops on its own.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  WebServer web(args.options);
  int port = 0;
  try {
    port = web.bind();
  } catch (const std::exception& e) {
    fmt::print(stderr, "lightsout: serve: {}\n", e.what());
    return kExitBadInput;
  }
  std::thread waiter([&web, signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    if (sig != SIGUSR1) {
      fmt::print(stderr, "lightsout: serve: stopping\n");
      web.stop();
    }
  });
  const std::string host = args.options.host.find(':') != std::string::npos
                               ? "[" + args.options.host + "]"
                               : args.options.host;
  if (!is_loopback(args.options.host)) {
    fmt::print(stderr,
               "lightsout: serve: warning: listening on {}, which other machines may reach; the "
               "API has no authentication (requests must name an --allow-host host)\n",
               host);
  }
  fmt::print("lightsout: serving on http://{}:{}/ (Ctrl-C stops)\n", host, port);
  std::fflush(stdout);
  const bool ok = web.run();
  pthread_kill(waiter.native_handle(), SIGUSR1);
  waiter.join();
  return ok ? kExitOk : kExitBadInput;
}

std::function<int()> add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* cmd =
      app.add_subcommand("serve", "Serve the web playground and its JSON API over HTTP");
  ServerOptions& o = args->options;
  cmd->add_option("--host", o.host, "Address to listen on")->capture_default_str();
  ranged_option(cmd, "--port", o.port, "Port (0: any free port)", 0, 65535);
  ranged_option(cmd, "--max-cells", o.limits.max_cells, "Largest board /api/solve takes, in cells",
                std::size_t{1}, std::size_t{1} << 32);
  ranged_option(cmd, "--io-threads", o.io_threads,
                "Threads that read and write every connection and answer light requests (0: "
                "half the cores, at least one)",
                0, 64);
  ranged_option(cmd, "--workers", o.workers, "Solver threads (0: one per core)", 0, 256);
  // At least 1: every solve waits in the queue for a worker, even an idle one, so with 0 every
  // solve but the lightest would be answered 503.
  ranged_option(cmd, "--max-queue", o.max_queue,
                "Solves that may wait for a worker (at least 1); more are answered 503 with "
                "Retry-After",
                1, 100000);
  // Bytes with K, M, G suffixes, as `solve --memory` takes them; at least 16 MiB, so that a
  // bare number once meant as MiB ("--memory 64") is refused rather than read as 64 bytes.
  cmd->add_option_function<std::uint64_t>(
         "--memory",
         [&o](std::uint64_t bytes) { o.memory_mb = static_cast<std::size_t>(bytes >> 20); },
         "Memory budget of the solves running and waiting, the open connections and the "
         "request bodies being read (bytes; K, M, G suffixes, e.g. 512M; default 1G; a solve "
         "that needs more is refused)")
      // Converted and checked in one step, so that the hint to write "M" is given for a bare
      // number (once read as MiB) only: "15M" was hinted "write 15728640M".
      ->transform(CLI::Validator(
          [](std::string& text) -> std::string {
            std::string bytes_text = text;
            if (std::string error = CLI::AsSizeValue(false)(bytes_text); !error.empty()) {
              return error;
            }
            const std::uint64_t bytes = std::strtoull(bytes_text.c_str(), nullptr, 10);
            if (bytes < (std::uint64_t{16} << 20) || bytes > (std::uint64_t{1} << 40)) {
              if (bytes_text != text) {  // a unit was given
                return fmt::format("{} is {} bytes: the budget is 16M to 1T", text, bytes_text);
              }
              // The hint only where that many MiB is itself a budget.
              const bool as_mib = text.find_first_not_of("0123456789") == std::string::npos &&
                                  bytes >= 16 && bytes <= (std::uint64_t{1} << 20);
              return fmt::format("{} bytes: the budget is 16M to 1T (bytes, or K, M, G{})", text,
                                 as_mib ? fmt::format("; for {} MiB write {}M", text, text) : "");
            }
            text = bytes_text;
            return {};
          },
          "BYTES"))
      ->type_name("BYTES");
  ranged_option(cmd, "--request-timeout", o.request_timeout_s,
                "Seconds a request may take to arrive (from the previous answer or the connect) "
                "before the connection is closed",
                0.1, 3600.0);
  ranged_option(cmd, "--max-connections", o.max_connections,
                "Open connections at most; past it, a new one closes the connection that has "
                "waited longest for its request",
                1, 100000);
  cmd->add_option(
      "--allow-host", o.allow_hosts,
      "A host name clients may use besides localhost and --host (repeatable; '*': any)");
  return [args] {
    // The body must hold the largest board in any shape (api::body_limit_for).
    args->options.limits.max_body_bytes = api::body_limit_for(args->options.limits.max_cells);
    return run_serve(*args);
  };
}

// The same command line as `lightsout serve`: `lightsout` execs this program with its own argv[0]
// and `serve` in front of the rest, so that usage, help and errors read exactly as before.
int run_cli(int argc, char** argv) {
  CLI::App app{"lightsout: exact Lights Out solving, from the judge formats to huge boards"};
  app.set_version_flag("--version", std::string("lightsout ") + LIGHTSOUT_VERSION);
  app.require_subcommand(1);
  const std::function<int()> serve = add_serve_command(app);
  if (const std::optional<int> status = tool::parse_command_line(app, argc, argv)) {
    return *status;
  }
  try {
    return serve();
  } catch (const std::exception& e) {
    fmt::print(stderr, "lightsout: {}\n", e.what());
    return kExitBadInput;
  }
}

}  // namespace
}  // namespace lightsout::server

// Nothing escapes main: building the command line can throw too (CLI11, std::bad_alloc).
int main(int argc, char** argv) {
  try {
    return lightsout::server::run_cli(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lightsout: %s\n", e.what());
  } catch (...) {
    std::fputs("lightsout: unexpected error\n", stderr);
  }
  return lightsout::tool::kExitBadInput;
}
