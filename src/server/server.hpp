// `lightsout serve`: an HTTP server (libmicrohttpd, one I/O thread) for the JSON API (api.hpp)
// and the web page embedded in the binary (web_assets.hpp), with solving on a WorkPool.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "api.hpp"
#include "work_pool.hpp"

namespace lightsout::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;          // 0: any free port (see WebServer::bind)
  std::size_t workers = 0;  // solver threads; 0: one per core
  std::size_t max_queue = 16;
  std::size_t memory_mb = 1024;  // the budget admitted solves share
  // Each request (headers and body, with the keep-alive wait before it) must have arrived within
  // this many seconds of the previous answer (or of the connect), or the connection is closed. It
  // is also the longest a connection may stall while an answer is written to it.
  double request_timeout_s = 5.0;
  std::size_t max_connections = 1000;
  std::vector<std::string> allow_hosts;  // Host names served besides localhost and `host`
  Limits limits;
};

class WebServer {
 public:
  explicit WebServer(ServerOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the listening socket; returns the port (the chosen one when options.port is 0).
  // Throws std::runtime_error when the address cannot be bound.
  int bind();
  // Serves until stop(); call after bind(). Returns false if it was not bound.
  bool run();
  // Thread-safe; makes run() return (after the running solves finish; queued ones get 503).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightsout::server
