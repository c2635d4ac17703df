// `lightsout serve`: an HTTP server (cpp-httplib) for the JSON API (api.hpp) and the web page
// embedded in the binary (web_assets.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "api.hpp"

namespace lightsout::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (see WebServer::bind)
  std::size_t threads = 16;
  // Every request (its headers, its body, and the keep-alive wait before it) must arrive within
  // this many seconds, or the connection is closed: a client sending a byte a second is cut off.
  double request_timeout_s = 10.0;
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
  // Serves until stop(); call after bind(). Returns false if listening failed.
  bool run();
  // Thread-safe; makes run() return.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightsout::server
