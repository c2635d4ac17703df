// WebServer: libmicrohttpd's epoll I/O threads, routes and checks, light requests answered
// inline, the others suspended while a WorkPool solves them; request read deadlines.
#include "server.hpp"

#include <microhttpd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <nlohmann/json.hpp>

#include "http_policy.hpp"
#include "web_assets.hpp"

namespace lightsout::server {

namespace {

using Clock = std::chrono::steady_clock;

// Read deadlines are checked this often.
constexpr int kSliceMs = 50;

// Each connection's buffer for the request line, the headers and the body as it arrives (bodies
// are copied out as they come). libmicrohttpd zeroes it between two requests of a kept-alive
// connection, so it is kept small: at 64 KiB that zeroing was a seventh of a 5x6 solve's time.
constexpr std::size_t kConnectionMemory = std::size_t{16} << 10;

// One connection: the request it is reading (or awaiting, on a kept-alive connection) must have
// fully arrived by `deadline`, else its socket is shut down (libmicrohttpd's own timeout restarts
// at every byte, so a client sending a byte a second would never hit it). Fields are guarded by
// Impl::connections_mutex (an I/O thread writes them, the sweeper reads them).
struct Connection {
  int fd = -1;
  Clock::time_point deadline;
  bool reading = true;
  bool cut = false;
};

enum class Route { solve, chase, info, healthz, asset, none };

// One request, from its first access-handler call to its completion.
// Every answer is queued once the whole request is in: libmicrohttpd closes a connection answered
// from the headers alone, and closing a socket with unread data can reset it before the client
// reads the answer. A refused request's body is read and dropped (within the read deadline).
struct Request {
  bool started = false;
  Route route = Route::none;
  int early_status = 0;  // a refusal decided from the headers
  std::string early_body;
  const char* allow = nullptr;
  MHD_Response* asset = nullptr;
  std::string body;
  bool too_large = false;
  bool suspended = false;
  // Set by a worker (release) before it resumes the connection; read on the I/O thread (acquire).
  std::atomic<bool> answered{false};
  ApiResponse answer;
  unsigned retry_after = 0;
};

std::string_view header(MHD_Connection* c, const char* name) {
  const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
  return v == nullptr ? std::string_view{} : std::string_view(v);
}

const char* query(MHD_Connection* c, const char* name) {
  return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

// Query keys and values: %HH and '+' decoded in place (libmicrohttpd's own decoder leaves '+').
std::size_t unescape(void* /*cls*/, MHD_Connection* /*c*/, char* s) {
  const std::string decoded = url_decode(s);
  std::memcpy(s, decoded.c_str(), decoded.size() + 1);
  return decoded.size();
}

// The I/O threads to start: `requested`, or half the cores (at least one) for 0.
unsigned io_threads(std::size_t requested) {
  if (requested != 0) return static_cast<unsigned>(requested);
  return std::max(1U, std::thread::hardware_concurrency() / 2);
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServerOptions o);
  ~Impl();
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // libmicrohttpd callbacks, on its I/O threads (one connection's always on the same thread).
  static MHD_Result on_request(void* cls, MHD_Connection* c, const char* url, const char* method,
                               const char* version, const char* data, std::size_t* size,
                               void** req_cls);
  static void on_completed(void* cls, MHD_Connection* c, void** req_cls,
                           MHD_RequestTerminationCode toe);
  static void on_connection(void* cls, MHD_Connection* c, void** socket_context,
                            MHD_ConnectionNotificationCode toe);

  MHD_Result handle(MHD_Connection* c, const char* url, const char* method, const char* data,
                    std::size_t* size, Request& req);
  // The route, and the checks that need no body (a refusal is kept in req.early_*).
  void screen(MHD_Connection* c, std::string_view url, std::string_view method, Request& req);
  MHD_Result dispatch(MHD_Connection* c, Request& req);
  ApiResponse compute(const Request& req) const;
  ApiResponse compute_info(const std::string& size, const std::string& rules) const;
  ApiResponse healthz() const;
  MHD_Result send(MHD_Connection* c, int status, std::string_view body,
                  const char* content_type = "application/json", unsigned retry_after = 0,
                  const char* allow = nullptr);
  MHD_Result send_error(MHD_Connection* c, int status, std::string_view message,
                        unsigned retry_after = 0, const char* allow = nullptr) {
    return send(c, status, api_error(status, message).body, "application/json", retry_after, allow);
  }
  void sweep_deadlines();
  void set_reading(MHD_Connection* c, bool reading);

  ServerOptions options;
  HostPolicy hosts;
  Clock::duration read_timeout;
  WorkPool pool;
  std::unordered_map<std::string_view, MHD_Response*> assets;
  mutable std::mutex connections_mutex;
  std::unordered_set<Connection*> connections;
  MHD_Daemon* daemon = nullptr;
  std::mutex stop_mutex;
  std::condition_variable stop_signal;
  bool stopping = false;
};

namespace {

PoolOptions pool_options(const ServerOptions& o) {
  PoolOptions p;
  p.workers = o.workers != 0 ? o.workers : std::max(1U, std::thread::hardware_concurrency());
  p.max_queue = o.max_queue;
  p.memory_budget = o.memory_mb << 20;
  return p;
}

void add_security_headers(MHD_Response* r) {
  for (const auto& [name, value] : security_headers()) MHD_add_response_header(r, name, value);
}

}  // namespace

WebServer::Impl::Impl(ServerOptions o)
    : options(std::move(o)),
      hosts(options.host, options.allow_hosts),
      read_timeout(std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(options.request_timeout_s))),
      pool(pool_options(options)) {
  for (const WebAsset& asset : web_assets()) {
    MHD_Response* r = MHD_create_response_from_buffer(
        asset.data.size(), const_cast<char*>(asset.data.data()), MHD_RESPMEM_PERSISTENT);
    if (r == nullptr) throw std::runtime_error("cannot create a response");
    MHD_add_response_header(r, "Content-Type", std::string(asset.mime).c_str());
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    add_security_headers(r);
    assets.emplace(asset.path, r);
    if (asset.path == "/index.html") assets.emplace("/", r);
  }
}

WebServer::Impl::~Impl() {
  pool.shutdown();  // resumes every suspended connection (libmicrohttpd requires it)
  if (daemon != nullptr) MHD_stop_daemon(daemon);
  for (const auto& [path, r] : assets) {
    if (path != "/") MHD_destroy_response(r);
  }
}

void WebServer::Impl::set_reading(MHD_Connection* c, bool reading) {
  const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  if (info == nullptr || info->socket_context == nullptr) return;
  auto* conn = static_cast<Connection*>(info->socket_context);
  const std::lock_guard lock(connections_mutex);
  conn->reading = reading;
  if (reading) conn->deadline = Clock::now() + read_timeout;
}

MHD_Result WebServer::Impl::send(MHD_Connection* c, int status, std::string_view body,
                                 const char* content_type, unsigned retry_after,
                                 const char* allow) {
  MHD_Response* r = MHD_create_response_from_buffer(body.size(), const_cast<char*>(body.data()),
                                                    MHD_RESPMEM_MUST_COPY);
  if (r == nullptr) return MHD_NO;
  MHD_add_response_header(r, "Content-Type", content_type);
  MHD_add_response_header(r, "Cache-Control", "no-store");
  add_security_headers(r);
  if (retry_after != 0) {
    MHD_add_response_header(r, "Retry-After", std::to_string(retry_after).c_str());
  }
  if (allow != nullptr) MHD_add_response_header(r, "Allow", allow);
  const MHD_Result result = MHD_queue_response(c, static_cast<unsigned>(status), r);
  MHD_destroy_response(r);
  return result;
}

void WebServer::Impl::screen(MHD_Connection* c, std::string_view url, std::string_view method,
                             Request& req) {
  const auto refuse = [&req](int status, std::string_view message, const char* allow = nullptr) {
    req.early_status = status;
    req.early_body = api_error(status, message).body;
    req.allow = allow;
  };
  const std::string_view host = header(c, "Host");
  if (!hosts.host_allowed(host)) return refuse(403, "host: not served here (see --allow-host)");
  const bool get = method == "GET" || method == "HEAD";
  const char* want = "GET, HEAD";
  if (url == "/api/solve") {
    req.route = Route::solve;
    want = "POST";
  } else if (url == "/api/chase") {
    req.route = Route::chase;
    want = "POST";
  } else if (url == "/api/info") {
    req.route = Route::info;
  } else if (url == "/healthz") {
    req.route = Route::healthz;
  } else if (const auto asset = assets.find(url); asset != assets.end()) {
    req.route = Route::asset;
    req.asset = asset->second;
  } else {
    return refuse(404, "no such path");
  }
  const bool post_route = want[0] == 'P';
  if (post_route ? method != "POST" : !get) {
    return refuse(405, std::string("method not allowed (use ") + want + ")", want);
  }
  if (!post_route) return;
  if (!hosts.origin_allowed(header(c, "Origin"), host)) {
    return refuse(403, "origin: requests from other sites are refused");
  }
  const std::string_view length = header(c, "Content-Length");
  const std::size_t declared =
      length.empty() ? 0 : std::strtoull(std::string(length).c_str(), nullptr, 10);
  req.too_large = declared > options.limits.max_body_bytes;
  // One allocation for the body (a growing string would copy a large one several times).
  if (!req.too_large) req.body.reserve(declared);
}

ApiResponse WebServer::Impl::healthz() const {
  const PoolStats s = pool.stats();
  nlohmann::json out;
  out["status"] = "ok";
  out["workers"] = s.workers;
  out["running"] = s.running;
  out["queued"] = s.queued;
  out["max_queue"] = s.max_queue;
  out["memory_reserved_mb"] = (s.memory_reserved + (std::size_t{1} << 20) - 1) >> 20;
  out["memory_budget_mb"] = s.memory_budget >> 20;
  {
    const std::lock_guard lock(connections_mutex);
    out["connections"] = connections.size();
  }
  out["solved"] = s.done;
  out["refused"] = s.refused;
  return {200, out.dump()};
}

ApiResponse WebServer::Impl::compute_info(const std::string& size, const std::string& rules) const {
  if (size.empty()) return api_error(400, "size: missing (expected RxC, e.g. 5x6)");
  return api_info(size, rules, options.limits);
}

ApiResponse WebServer::Impl::compute(const Request& req) const {
  switch (req.route) {
    case Route::solve:
      if (req.body.empty()) return api_error(400, "body: missing (expected a JSON object)");
      return api_solve(req.body, options.limits);
    case Route::chase:
      if (req.body.empty()) return api_error(400, "body: missing (expected a JSON object)");
      return api_chase(req.body, options.limits);
    default:
      return api_error(500, "internal error");
  }
}

MHD_Result WebServer::Impl::dispatch(MHD_Connection* c, Request& req) {
  WorkEstimate estimate;
  std::string info_size;
  std::string info_rules;
  if (req.route == Route::info) {
    const char* size = query(c, "size");
    const char* rules = query(c, "rules");
    info_size = size == nullptr ? "" : size;
    info_rules = rules == nullptr ? "" : rules;
    estimate = estimate_info(info_size, info_rules);
  } else {
    if (req.too_large) {
      return send_error(c, 413,
                        "body: larger than the limit of " +
                            std::to_string(options.limits.max_body_bytes) + " bytes");
    }
    if (req.route == Route::solve && !req.body.empty()) {
      if (const auto answer = api_solve_light(req.body, options.limits, estimate)) {
        return send(c, answer->status, answer->body);
      }
    } else {
      estimate = req.route == Route::solve ? estimate_solve(req.body, options.limits)
                                           : estimate_chase(req.body);
    }
  }
  const bool info = req.route == Route::info;
  if (estimate.light) {
    const ApiResponse a = info ? compute_info(info_size, info_rules) : compute(req);
    return send(c, a.status, a.body);
  }
  // Suspended before the job is queued: a worker may resume it at once.
  MHD_suspend_connection(c);
  req.suspended = true;
  Request* r = &req;
  auto job = [this, c, r, info, size = std::move(info_size),
              rules = std::move(info_rules)](bool run) {
    if (run) {
      r->answer = info ? compute_info(size, rules) : compute(*r);
    } else {
      r->answer = api_error(503, "server: busy, try again later");
      r->retry_after = pool.retry_after_s();
    }
    r->body = std::string();  // the large body goes before the answer is sent
    r->answered.store(true, std::memory_order_release);
    MHD_resume_connection(c);
  };
  switch (pool.submit(estimate.memory_bytes, std::move(job))) {
    case WorkPool::Admit::accepted:
      break;
    case WorkPool::Admit::busy:
      req.answer = api_error(503, "server: busy, try again later");
      req.retry_after = pool.retry_after_s();
      req.answered.store(true, std::memory_order_release);
      MHD_resume_connection(c);
      break;
    case WorkPool::Admit::too_big:
      req.answer = api_error(413, "board: needs more memory than the server's --memory budget");
      req.answered.store(true, std::memory_order_release);
      MHD_resume_connection(c);
      break;
  }
  return MHD_YES;
}

MHD_Result WebServer::Impl::handle(MHD_Connection* c, const char* url, const char* method,
                                   const char* data, std::size_t* size, Request& req) {
  if (req.suspended) {  // resumed: the answer is ready
    if (!req.answered.load(std::memory_order_acquire)) return MHD_YES;
    return send(c, req.answer.status, req.answer.body, "application/json", req.retry_after);
  }
  if (!req.started) {  // the first call: headers only
    req.started = true;
    screen(c, url, method, req);
    return MHD_YES;
  }
  if (*size > 0) {
    if (req.early_status != 0 || req.too_large ||
        req.body.size() + *size > options.limits.max_body_bytes) {
      req.too_large = req.early_status == 0;
      req.body = std::string();
    } else {
      req.body.append(data, *size);
    }
    *size = 0;
    return MHD_YES;
  }
  set_reading(c, false);  // the whole request is in
  if (req.early_status != 0) {
    return send(c, req.early_status, req.early_body, "application/json", 0, req.allow);
  }
  if (req.asset != nullptr) return MHD_queue_response(c, MHD_HTTP_OK, req.asset);
  if (req.route == Route::healthz) {
    const ApiResponse h = healthz();
    return send(c, h.status, h.body);
  }
  return dispatch(c, req);
}

MHD_Result WebServer::Impl::on_request(void* cls, MHD_Connection* c, const char* url,
                                       const char* method, const char* /*version*/,
                                       const char* data, std::size_t* size, void** req_cls) {
  auto* self = static_cast<Impl*>(cls);
  if (*req_cls == nullptr) *req_cls = new Request();
  try {
    return self->handle(c, url, method, data, size, *static_cast<Request*>(*req_cls));
  } catch (...) {  // std::bad_alloc: this connection ends, the server goes on
    return MHD_NO;
  }
}

void WebServer::Impl::on_completed(void* cls, MHD_Connection* c, void** req_cls,
                                   MHD_RequestTerminationCode /*toe*/) {
  delete static_cast<Request*>(*req_cls);
  *req_cls = nullptr;
  static_cast<Impl*>(cls)->set_reading(c, true);  // the next request has its own deadline
}

void WebServer::Impl::on_connection(void* cls, MHD_Connection* c, void** socket_context,
                                    MHD_ConnectionNotificationCode toe) {
  auto* self = static_cast<Impl*>(cls);
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    auto* conn = new Connection();
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    conn->fd = info == nullptr ? -1 : info->connect_fd;
    conn->deadline = Clock::now() + self->read_timeout;
    const std::lock_guard lock(self->connections_mutex);
    self->connections.insert(conn);
    *socket_context = conn;
  } else {
    auto* conn = static_cast<Connection*>(*socket_context);
    const std::lock_guard lock(self->connections_mutex);
    self->connections.erase(conn);
    delete conn;
    *socket_context = nullptr;
  }
}

// Shuts down the sockets of requests past their deadline; libmicrohttpd then sees the end of the
// stream and closes the connection itself. Under `connections_mutex`: the descriptor is closed only
// after the connection has left `connections` (libmicrohttpd notifies before it closes).
void WebServer::Impl::sweep_deadlines() {
  const auto now = Clock::now();
  const std::lock_guard lock(connections_mutex);
  for (Connection* conn : connections) {
    if (conn->reading && !conn->cut && conn->fd >= 0 && now > conn->deadline) {
      ::shutdown(conn->fd, SHUT_RDWR);
      conn->cut = true;
    }
  }
}

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

WebServer::~WebServer() { stop(); }

int WebServer::bind() {
  Impl& s = *impl_;
  const ServerOptions& o = s.options;
  const std::string where = o.host + ":" + std::to_string(o.port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (::getaddrinfo(o.host.c_str(), std::to_string(o.port).c_str(), &hints, &found) != 0 ||
      found == nullptr) {
    throw std::runtime_error("cannot listen on " + where + ": unknown address");
  }
  sockaddr_storage addr{};
  std::memcpy(&addr, found->ai_addr, std::min<std::size_t>(found->ai_addrlen, sizeof addr));
  const bool v6 = found->ai_family == AF_INET6;
  ::freeaddrinfo(found);
  unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO;
  if (v6) flags |= MHD_USE_IPv6;
  const auto idle_s = static_cast<unsigned>(std::max(1.0, std::ceil(o.request_timeout_s)));
  // NOLINTNEXTLINE(cppcoreguidelines-pro-type-vararg): libmicrohttpd's options are varargs
  s.daemon = MHD_start_daemon(
      flags, static_cast<std::uint16_t>(o.port), nullptr, nullptr, &Impl::on_request, &s,
      MHD_OPTION_SOCK_ADDR, reinterpret_cast<sockaddr*>(&addr), MHD_OPTION_THREAD_POOL_SIZE,
      io_threads(o.io_threads), MHD_OPTION_CONNECTION_TIMEOUT, idle_s, MHD_OPTION_CONNECTION_LIMIT,
      static_cast<unsigned>(o.max_connections), MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024U,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemory, MHD_OPTION_NOTIFY_COMPLETED,
      &Impl::on_completed, &s, MHD_OPTION_NOTIFY_CONNECTION, &Impl::on_connection, &s,
      MHD_OPTION_UNESCAPE_CALLBACK, &unescape, &s, MHD_OPTION_END);
  if (s.daemon == nullptr) throw std::runtime_error("cannot listen on " + where);
  const MHD_DaemonInfo* info = MHD_get_daemon_info(s.daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == nullptr ? o.port : info->port;
}

bool WebServer::run() {
  Impl& s = *impl_;
  if (s.daemon == nullptr) return false;
  std::unique_lock lock(s.stop_mutex);
  while (!s.stopping) {
    s.stop_signal.wait_for(lock, std::chrono::milliseconds(kSliceMs));
    s.sweep_deadlines();
  }
  return true;
}

void WebServer::stop() {
  {
    const std::lock_guard lock(impl_->stop_mutex);
    impl_->stopping = true;
  }
  impl_->stop_signal.notify_all();
}

}  // namespace lightsout::server
