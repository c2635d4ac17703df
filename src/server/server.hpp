// `lightsout serve`: an HTTP server (libmicrohttpd, epoll I/O threads) for the JSON API (api.hpp)
// and the web page embedded in the binary (web_assets.hpp), with solving on a WorkPool.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "api/api.hpp"
#include "work_pool.hpp"

namespace lightsout::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (see WebServer::bind)
  // libmicrohttpd's epoll threads: they read, write, answer light work; 0: half the cores (at
  // least one), the other half left to the solver workers and to clients on the same machine.
  std::size_t io_threads = 0;
  std::size_t workers = 0;  // solver threads; 0: one per core
  std::size_t max_queue = 16;
  // The budget that admitted solves, open connections and request bodies being read share.
  std::size_t memory_mb = 1024;
  // Each request (headers and body, with the keep-alive wait before it) must have arrived within
  // this many seconds of the previous answer (or of the connect), or the connection is closed. It
  // is also the longest a connection may stall while an answer is written to it.
  double request_timeout_s = 5.0;
  // Past it, a new connection closes the one that has waited longest for its request.
  std::size_t max_connections = 1000;
  std::vector<std::string> allow_hosts;  // Host names served besides localhost and `host`
  api::Limits limits;
};

class WebServer {
 public:
  explicit WebServer(ServerOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the listening socket and starts serving on the I/O threads; returns the port (the
  // chosen one when options.port is 0). Throws std::runtime_error when it cannot be bound.
  int bind();
  // Enforces the read deadlines until stop(); call after bind(). Returns false if it was not
  // bound. The server stops serving when destroyed (after the running solves finish; the
  // queued ones are answered 503).
  bool run();
  // Thread-safe; makes run() return.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightsout::server
