// WebServer: routes, limits, a thread pool, and a watchdog that closes connections whose
// request does not arrive in time (cpp-httplib only times out each read, not the whole request).
#include "server.hpp"

#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include <httplib.h>

#include "web_assets.hpp"

namespace lightsout::server {

namespace {

using Clock = std::chrono::steady_clock;

// Connections being served, each with the time its current request must be complete by.
class Watchdog {
 public:
  explicit Watchdog(Clock::duration timeout) : timeout_(timeout), thread_([this] { loop(); }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Registers a connection; the watchdog keeps its own duplicate of the descriptor, so shutting
  // it down can never hit a later connection that reuses the number.
  std::uint64_t add(int sock) {
    const int dup_fd = ::dup(sock);
    std::lock_guard lock(mutex_);
    const std::uint64_t id = next_id_++;
    entries_[id] = {dup_fd, Clock::now() + timeout_};
    return id;
  }
  void remove(std::uint64_t id) {
    int fd = -1;
    {
      std::lock_guard lock(mutex_);
      const auto it = entries_.find(id);
      if (it == entries_.end()) return;
      fd = it->second.fd;
      entries_.erase(it);
    }
    if (fd >= 0) ::close(fd);
  }
  // A request was answered: the next one gets a fresh deadline.
  void renew(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(id);
    if (it != entries_.end()) it->second.deadline = Clock::now() + timeout_;
  }

 private:
  struct Entry {
    int fd;
    Clock::time_point deadline;
  };
  void loop() {
    std::unique_lock lock(mutex_);
    while (!done_) {
      wake_.wait_for(lock, std::chrono::milliseconds(200));
      const auto now = Clock::now();
      for (auto& [id, entry] : entries_) {
        if (entry.fd >= 0 && entry.deadline < now) {
          ::shutdown(entry.fd, SHUT_RDWR);  // the worker's blocked read returns, it closes
          entry.deadline = Clock::time_point::max();
        }
      }
    }
  }

  Clock::duration timeout_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, Entry> entries_;
  std::thread thread_;
};

thread_local std::uint64_t current_connection = 0;
thread_local int last_accepted = -1;

// httplib's ThreadPool, with every connection registered with the watchdog for as long as a
// worker serves it. enqueue runs on the accepting thread right after accept(), so the socket is
// the one `accept` below just recorded, and it is still open.
class GuardedPool : public httplib::TaskQueue {
 public:
  GuardedPool(std::size_t threads, Watchdog& watchdog) : pool_(threads), watchdog_(watchdog) {}
  void enqueue(std::function<void()> fn) override {
    const int sock = last_accepted;
    last_accepted = -1;
    const std::uint64_t id = sock >= 0 ? watchdog_.add(sock) : 0;
    pool_.enqueue([this, id, fn = std::move(fn)] {
      current_connection = id;
      try {
        fn();
      } catch (...) {  // a worker must outlive any one connection
      }
      current_connection = 0;
      if (id != 0) watchdog_.remove(id);
    });
  }
  void shutdown() override { pool_.shutdown(); }

 private:
  httplib::ThreadPool pool_;
  Watchdog& watchdog_;
};

}  // namespace
}  // namespace lightsout::server

// cpp-httplib 0.11 times out each read but not a whole request, and hands no socket to user code
// before the request is parsed. This definition takes precedence over libc's for the library's
// accept() calls: it records the socket on the accepting thread (thread-local), nothing else.
extern "C" int accept(int fd, sockaddr* __restrict addr, socklen_t* __restrict len) {
  const int sock = static_cast<int>(::syscall(SYS_accept, fd, addr, len));
  lightsout::server::last_accepted = sock;
  return sock;
}

namespace lightsout::server {
namespace {

void send_json(httplib::Response& res, const ApiResponse& api) {
  res.status = api.status;
  res.set_content(api.body, "application/json");
}

void send_error(httplib::Response& res, int status, std::string_view message) {
  send_json(res, api_error(status, message));
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        watchdog(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(options.request_timeout_s))) {}
  ServerOptions options;
  Watchdog watchdog;
  httplib::Server http;
  bool bound = false;
};

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  const ServerOptions& o = impl_->options;
  const Limits limits = o.limits;
  httplib::Server& http = impl_->http;
  const std::size_t threads = std::max<std::size_t>(o.threads, 1);
  http.new_task_queue = [this, threads] { return new GuardedPool(threads, impl_->watchdog); };
  http.set_payload_max_length(limits.max_body_bytes);
  const auto timeout_s = static_cast<time_t>(std::max(1.0, o.request_timeout_s));
  http.set_read_timeout(timeout_s, 0);
  http.set_write_timeout(timeout_s, 0);
  http.set_keep_alive_timeout(std::min<time_t>(5, timeout_s));
  http.set_keep_alive_max_count(10000);
  // Headers and body go out in separate writes: without TCP_NODELAY the body waits for the
  // client's delayed ACK (40 ms a request on Linux).
  http.set_tcp_nodelay(true);
  http.set_logger([this](const httplib::Request&, const httplib::Response&) {
    impl_->watchdog.renew(current_connection);
  });

  // Known paths answer 405 (with Allow) for other methods; anything under /api/ answers JSON.
  http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    static const std::map<std::string, std::string> allowed = {
        {"/api/solve", "POST"}, {"/api/chase", "POST"}, {"/api/info", "GET"}};
    const auto it = allowed.find(req.path);
    if (it != allowed.end() && req.method != it->second &&
        !(req.method == "HEAD" && it->second == "GET")) {
      res.set_header("Allow", it->second);
      send_error(
          res, 405,
          "method " + req.method + " not allowed on " + req.path + " (use " + it->second + ")");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    switch (res.status) {
      case 404:
        send_error(res, 404, "no such path: " + req.path);
        break;
      case 413:
        send_error(res, 413, "body: larger than the limit");
        break;
      case 400:
        send_error(res, 400, "malformed request");
        break;
      default:
        send_error(res, res.status, "error " + std::to_string(res.status));
        break;
    }
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, const std::exception_ptr&) {
        send_error(res, 500, "internal error");
      });

  http.Post("/api/solve", [limits](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api_solve(req.body, limits));
  });
  http.Post("/api/chase", [limits](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api_chase(req.body, limits));
  });
  http.Get("/api/info", [limits](const httplib::Request& req, httplib::Response& res) {
    if (!req.has_param("size"))
      return send_error(res, 400, "size: missing (expected RxC, e.g. 5x6)");
    send_json(res, api_info(req.get_param_value("size"), req.get_param_value("rules"), limits));
  });
  for (const WebAsset& asset : web_assets()) {
    auto serve = [&asset](const httplib::Request&, httplib::Response& res) {
      res.set_content(asset.data.data(), asset.data.size(), std::string(asset.mime));
      res.set_header("Cache-Control", "no-cache");
      res.set_header("X-Content-Type-Options", "nosniff");
    };
    http.Get(std::string(asset.path), serve);
    if (asset.path == "/index.html") http.Get("/", serve);
  }
}

WebServer::~WebServer() { stop(); }

int WebServer::bind() {
  const ServerOptions& o = impl_->options;
  int port = o.port;
  if (o.port == 0) {
    port = impl_->http.bind_to_any_port(o.host);
  } else if (!impl_->http.bind_to_port(o.host, o.port)) {
    port = -1;
  }
  if (port < 0) {
    throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port));
  }
  impl_->bound = true;
  return port;
}

bool WebServer::run() { return impl_->bound && impl_->http.listen_after_bind(); }

void WebServer::stop() { impl_->http.stop(); }

}  // namespace lightsout::server
