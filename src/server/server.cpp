// WebServer: routes, limits, a thread pool, and connections whose every request must arrive
// by a deadline (cpp-httplib 0.11 only times out each read, not the whole request).
#include "server.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <httplib.h>

#include "web_assets.hpp"

namespace lightsout::server {

namespace {

using Clock = std::chrono::steady_clock;

// The query of a request target ("/path?k=v&..."), each pair split at its FIRST '=' and decoded
// ('+' is a space); a key given twice keeps its first value. cpp-httplib 0.11 splits a pair at
// every '=' and keeps the last piece, so "rules=states=3" (an '=' inside a value is legal in a
// query) would read as "3".
std::map<std::string, std::string> query_params(const std::string& target) {
  std::map<std::string, std::string> params;
  const std::size_t mark = target.find('?');
  if (mark == std::string::npos) return params;
  std::string_view query = std::string_view(target).substr(mark + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    if (key.empty()) continue;
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    params.emplace(httplib::detail::decode_url(std::string(key), true),
                   httplib::detail::decode_url(std::string(value), true));
  }
  return params;
}

// The longest single poll(): a stopped server is noticed within this time.
constexpr auto kPollSlice = std::chrono::milliseconds(100);

// Waits until sock is ready for `events` (POLLIN or POLLOUT), `until` passes, or `stopped`
// turns true. True only when the socket is ready (or hung up: the next read then says so).
bool wait_ready(int sock, short events, Clock::time_point until, const std::atomic<bool>* stopped) {
  for (;;) {
    if (stopped != nullptr && stopped->load()) return false;
    const auto now = Clock::now();
    if (now >= until) return false;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(until - now);
    pollfd pfd{sock, events, 0};
    const int n = ::poll(
        &pfd, 1, static_cast<int>(std::min<std::chrono::milliseconds>(left, kPollSlice).count()));
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return false;
  }
}

void numeric_address(int sock, bool peer, std::string& ip, int& port) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  auto* sa = reinterpret_cast<sockaddr*>(&addr);
  if ((peer ? ::getpeername(sock, sa, &len) : ::getsockname(sock, sa, &len)) != 0) return;
  char host[NI_MAXHOST];
  char serv[NI_MAXSERV];
  if (::getnameinfo(sa, len, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host;
    port = std::atoi(serv);
  }
}

// One request on a connection: everything read must have arrived by the request's deadline, and
// what is written after the last read (the response; or "100 Continue") must be sent within
// write_timeout of its first byte, so a client that stops reading is cut off too (the handler's
// own time is not counted). Reads are buffered like httplib's own SocketStream (the request line
// and headers are read a byte at a time).
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int sock, Clock::time_point read_deadline, Clock::duration write_timeout,
                 const std::atomic<bool>& stopped)
      : sock_(sock),
        read_deadline_(read_deadline),
        write_timeout_(write_timeout),
        stopped_(stopped) {}

  bool is_readable() const override { return wait_ready(sock_, POLLIN, read_deadline_, &stopped_); }
  bool is_writable() const override {
    if (write_deadline_ == Clock::time_point{}) write_deadline_ = Clock::now() + write_timeout_;
    return wait_ready(sock_, POLLOUT, write_deadline_, nullptr);
  }
  ssize_t read(char* ptr, std::size_t size) override {
    if (begin_ < end_) {
      const std::size_t n = std::min(size, end_ - begin_);
      std::memcpy(ptr, buffer_ + begin_, n);
      begin_ += n;
      return static_cast<ssize_t>(n);
    }
    if (!is_readable()) return -1;
    write_deadline_ = {};  // a write after this read starts a new deadline
    if (size >= sizeof buffer_) return recv_some(ptr, size);
    const ssize_t got = recv_some(buffer_, sizeof buffer_);
    if (got <= 0) return got;
    begin_ = 0;
    end_ = static_cast<std::size_t>(got);
    return read(ptr, size);
  }
  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    ssize_t n;
    do {
      n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    numeric_address(sock_, true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    numeric_address(sock_, false, ip, port);
  }
  int socket() const override { return sock_; }

 private:
  ssize_t recv_some(char* ptr, std::size_t size) {
    ssize_t n;
    do {
      n = ::recv(sock_, ptr, size, 0);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  int sock_;
  Clock::time_point read_deadline_;
  Clock::duration write_timeout_;
  mutable Clock::time_point write_deadline_{};
  const std::atomic<bool>& stopped_;
  char buffer_[4096];
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

// httplib::Server with its own connection loop (the library's per-connection entry point is a
// virtual member): each request, with the keep-alive wait before it, must arrive within
// request_timeout, so a client sending a byte a second is cut off. No libc function is replaced.
class DeadlineServer final : public httplib::Server {
 public:
  explicit DeadlineServer(Clock::duration request_timeout) : request_timeout_(request_timeout) {}
  // Makes every connection loop return at its next wait, and httplib's listen loop with them.
  void stop_all() {
    stopped_ = true;
    stop();
  }

 private:
  bool process_and_close_socket(int sock) override {
    bool ok = false;
    const auto keep_alive = std::chrono::seconds(keep_alive_timeout_sec_);
    const auto write_timeout =
        std::chrono::seconds(write_timeout_sec_) + std::chrono::microseconds(write_timeout_usec_);
    for (std::size_t left = keep_alive_max_count_; left > 0 && !stopped_; --left) {
      const auto start = Clock::now();
      const auto deadline = start + request_timeout_;
      // Wait for the next request no longer than the keep-alive timeout nor past its deadline.
      if (!wait_ready(sock, POLLIN, std::min(deadline, start + keep_alive), &stopped_)) break;
      DeadlineStream stream(sock, deadline, write_timeout, stopped_);
      bool closed = false;
      try {
        ok = process_request(stream, left == 1, closed, nullptr);
      } catch (...) {  // a worker must outlive any one connection
        ok = false;
      }
      if (!ok || closed) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  Clock::duration request_timeout_;
  std::atomic<bool> stopped_{false};
};

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
        http(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(options.request_timeout_s))) {}
  ServerOptions options;
  DeadlineServer http;
  bool bound = false;
};

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  const ServerOptions& o = impl_->options;
  const Limits limits = o.limits;
  httplib::Server& http = impl_->http;
  const std::size_t threads = std::max<std::size_t>(o.threads, 1);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(limits.max_body_bytes);
  const auto timeout_s = static_cast<time_t>(std::max(1.0, o.request_timeout_s));
  http.set_read_timeout(timeout_s, 0);
  http.set_write_timeout(timeout_s, 0);
  http.set_keep_alive_timeout(std::min<time_t>(5, timeout_s));
  http.set_keep_alive_max_count(10000);
  // Headers and body go out in separate writes: without TCP_NODELAY the body waits for the
  // client's delayed ACK (40 ms a request on Linux).
  http.set_tcp_nodelay(true);

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
    const std::map<std::string, std::string> params = query_params(req.target);
    const auto size = params.find("size");
    if (size == params.end()) return send_error(res, 400, "size: missing (expected RxC, e.g. 5x6)");
    const auto rules = params.find("rules");
    send_json(
        res, api_info(size->second, rules == params.end() ? std::string() : rules->second, limits));
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

void WebServer::stop() { impl_->http.stop_all(); }

}  // namespace lightsout::server
