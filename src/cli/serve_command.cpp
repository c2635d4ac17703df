// `lightsout serve`: the web playground and its JSON API over HTTP, until Ctrl-C.
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <thread>

#include <fmt/core.h>

#include "commands.hpp"
#include "server/server.hpp"

namespace lightsout::cli {

namespace {

struct ServeArgs {
  server::ServerOptions options;
};

int run_serve(const ServeArgs& args) {
  // SIGINT/SIGTERM are taken by one thread with sigwait (every other thread inherits the block),
  // which stops the server; SIGUSR1 wakes that thread when the server stops on its own.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  server::WebServer web(args.options);
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
  fmt::print("lightsout: serving on http://{}:{}/ (Ctrl-C stops)\n", host, port);
  std::fflush(stdout);
  const bool ok = web.run();
  pthread_kill(waiter.native_handle(), SIGUSR1);
  waiter.join();
  return ok ? kExitOk : kExitBadInput;
}

}  // namespace

std::function<int()> add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  CLI::App* cmd =
      app.add_subcommand("serve", "Serve the web playground and its JSON API over HTTP");
  server::ServerOptions& o = args->options;
  cmd->add_option("--host", o.host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", o.port, "Port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--max-cells", o.limits.max_cells, "Largest board /api/solve takes, in cells")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 32))
      ->capture_default_str();
  cmd->add_option("--threads", o.threads, "Worker threads (one per open connection)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd->add_option("--request-timeout", o.request_timeout_s,
                  "Seconds a request may take to arrive before the connection is closed")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  return [args] {
    // The body must hold the largest board: one character a cell plus JSON around each row.
    const std::size_t cells = args->options.limits.max_cells;
    args->options.limits.max_body_bytes =
        std::max<std::size_t>(std::size_t{1} << 20, cells * 2 + (std::size_t{1} << 20));
    return run_serve(*args);
  };
}

}  // namespace lightsout::cli
