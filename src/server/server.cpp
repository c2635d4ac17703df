// WebServer: libmicrohttpd's epoll I/O threads, routes and checks, light requests answered
// inline, the others suspended while a WorkPool solves them; request read deadlines; the memory
// of connections and bodies counted in the pool's budget; the longest-waiting connection shed
// at the connection cap.
#include "server.hpp"

#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

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
// What an open connection holds in the budget, counted as if its buffer were full: that buffer,
// libmicrohttpd's connection and ours (990 idle connections, each with 100 bytes of a request,
// raised the resident size by 5 KiB each: the buffer's pages are touched as it fills).
constexpr std::size_t kConnectionHeld = std::size_t{24} << 10;
// A large body is read into a buffer that doubles from this size up to its Content-Length; the
// budget holds the buffer's whole capacity. At 256 KiB every such buffer is mapped (main.cpp's
// M_MMAP_THRESHOLD) and unmapped when freed: from 64 KiB, the freed small buffers stayed on the
// heap (150 unfinished 8 MiB bodies under --memory 64: 75 MB anonymous resident memory, and
// 60 MB, the reservation itself, from 256 KiB).
constexpr std::size_t kFirstBodyBuffer = std::size_t{256} << 10;
// How long a request whose body is over the limit may take to start sending it (see screen).
constexpr auto kBodyProbe = std::chrono::milliseconds(100);
// libmicrohttpd stores each query parameter in the connection's buffer: a few hundred fill it,
// and it then closes the connection with no answer. The API needs two.
constexpr std::size_t kMaxQueryParams = 32;
// Connections libmicrohttpd accepts beyond --max-connections: each new one past the cap closes the
// connection that has waited longest for its request (see on_connection), so the cap holds once
// those closes are seen; past this margin too, libmicrohttpd refuses new ones itself.
constexpr unsigned kShedMargin = 64;

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

enum class Route { solve, chase, info, rules, fix, healthz, asset, none };

// The fixed paths, their routes and the methods they take (the Allow header of a 405).
struct NamedRoute {
  std::string_view url;
  Route route;
  const char* methods;
};
constexpr NamedRoute kNamedRoutes[] = {
    {"/api/solve", Route::solve, "POST"},    {"/api/chase", Route::chase, "POST"},
    {"/api/info", Route::info, "GET, HEAD"}, {"/api/rules", Route::rules, "POST"},
    {"/api/fix", Route::fix, "POST"},        {"/healthz", Route::healthz, "GET, HEAD"},
};

// One request, from its first access-handler call to its completion.
// Every answer is queued once the whole request is in: libmicrohttpd closes a connection answered
// from the headers alone, and closing a socket with unread data can reset it before the client
// reads the answer. A refused request's body is read and dropped (within the read deadline).
struct Request {
  bool started = false;
  Route route = Route::none;
  int early_status = 0;  // a refusal decided from the headers
  std::string early_body;
  bool early_close = false;  // answered from the headers at once, and the connection closed
  bool close_after = false;  // the early answer closes the connection (its body was refused)
  std::optional<TargetProblem> target;  // found in the raw request-target (on_uri)
  const char* allow = nullptr;
  MHD_Response* asset = nullptr;
  std::string body;
  std::size_t body_held = 0;   // of the budget, for body's buffer (on the I/O thread only)
  std::uint64_t declared = 0;  // Content-Length (0 for chunked)
  bool suspended = false;
  // A body over the limit that had not begun to arrive: suspended until probe_bodies decides
  // whether it is coming (then read and dropped) or not (then answered at once).
  bool probe = false;
  bool probed = false;
  bool answer_now = false;
  // Set by a worker (release) before it resumes the connection; read on the I/O thread (acquire).
  std::atomic<bool> answered{false};
  api::ApiResponse answer;
  unsigned retry_after = 0;
  // A /api/solve body as the I/O thread parsed it (admit_solve), for the worker: empty for a body
  // too long to parse there.
  std::shared_ptr<const api::ParsedSolve> parsed_solve;
};

std::string_view header(MHD_Connection* c, const char* name) {
  const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
  return v == nullptr ? std::string_view{} : std::string_view(v);
}

// Every value of one request header (case-insensitive name), each field line apart.
std::vector<std::string_view> header_values(MHD_Connection* c, const char* name) {
  struct Wanted {
    const char* name;
    std::vector<std::string_view> values;
  } wanted{name, {}};
  MHD_get_connection_values(
      c, MHD_HEADER_KIND,
      [](void* cls, MHD_ValueKind /*kind*/, const char* key, const char* value) {
        auto* w = static_cast<Wanted*>(cls);
        if (key != nullptr && ::strcasecmp(key, w->name) == 0) {
          w->values.emplace_back(value == nullptr ? "" : value);
        }
        return MHD_YES;
      },
      &wanted);
  return std::move(wanted.values);
}

// The first problem with a header field's name (see field_name_problem), or empty.
std::string header_names_problem(MHD_Connection* c) {
  std::string problem;
  MHD_get_connection_values(
      c, MHD_HEADER_KIND,
      [](void* cls, MHD_ValueKind /*kind*/, const char* key, const char* /*value*/) {
        auto* found = static_cast<std::string*>(cls);
        *found = field_name_problem(key == nullptr ? "" : key);
        return found->empty() ? MHD_YES : MHD_NO;
      },
      &problem);
  return problem;
}

// Frees a body's buffer. Assigning an empty string would not: libstdc++ copies a short string
// into the buffer it has and keeps it, so a dropped 8 MiB body stayed allocated (and resident).
void free_body(std::string& body) { std::string().swap(body); }

// Frees what a request holds of its body: the text, and the /api/solve request parsed from it.
void free_request_body(Request& req) {
  free_body(req.body);
  req.parsed_solve.reset();
}

// Whether bytes past the headers wait on the connection's socket (peeked, not taken).
bool body_arriving(MHD_Connection* c) {
  const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
  char byte = 0;
  return info != nullptr && ::recv(info->connect_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
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
  static void* on_uri(void* cls, const char* uri, MHD_Connection* c);

  MHD_Result handle(MHD_Connection* c, const char* url, const char* method, const char* data,
                    std::size_t* size, Request& req);
  // The route, and the checks that need no body (a refusal is kept in req.early_*).
  void screen(MHD_Connection* c, std::string_view url, std::string_view method, Request& req);
  MHD_Result dispatch(MHD_Connection* c, Request& req);
  // `grant`: more memory for a running job (/api/fix's search), see run_job.
  api::ApiResponse compute(const Request& req, const api::GrantMemory& grant = {}) const;
  // compute on a worker for a job that holds `memory` of the budget: what the job asks for on
  // top (api::GrantMemory) is held while it runs, within the budget, and released after.
  api::ApiResponse run_job(const Request& req, std::size_t memory, unsigned& retry_after);
  api::ApiResponse compute_info(const std::string& size, const std::string& rules) const;
  api::ApiResponse healthz() const;
  MHD_Result send(MHD_Connection* c, int status, std::string_view body,
                  const char* content_type = "application/json", unsigned retry_after = 0,
                  const char* allow = nullptr, bool close = false);
  // Takes one chunk of the body into req.body, growing its buffer (and the budget it holds);
  // false when the budget cannot hold it: the body is dropped, and the caller refuses.
  bool take_body(Request& req, const char* data, std::size_t size);
  void drop_body(Request& req);
  // The connection that has waited longest for its request (idle or slow), other than `keep`, is
  // shut down; nullptr when every other one is being answered. Under connections_mutex.
  Connection* shed_one(const Connection* keep);
  void sweep_deadlines();
  void set_reading(MHD_Connection* c, bool reading);

  ServerOptions options;
  HostPolicy hosts;
  Clock::duration read_timeout;
  WorkPool pool;
  std::unordered_map<std::string_view, MHD_Response*> assets;
  mutable std::mutex connections_mutex;
  std::unordered_set<Connection*> connections;
  std::size_t open_connections = 0;  // of `connections`, those not cut
  MHD_Daemon* daemon = nullptr;
  struct Probe {
    MHD_Connection* connection;
    Request* request;
    int fd;
    Clock::time_point since;
  };
  std::mutex probes_mutex;
  std::vector<Probe> probes;
  void probe_bodies(bool all);
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
  probe_bodies(true);
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
                                 const char* content_type, unsigned retry_after, const char* allow,
                                 bool close) {
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
  if (close) MHD_add_response_header(r, "Connection", "close");
  const MHD_Result result = MHD_queue_response(c, static_cast<unsigned>(status), r);
  MHD_destroy_response(r);
  return result;
}

void WebServer::Impl::screen(MHD_Connection* c, std::string_view url, std::string_view method,
                             Request& req) {
  const auto refuse = [&req](int status, std::string_view message, const char* allow = nullptr) {
    req.early_status = status;
    req.early_body = api::api_error(status, message).body;
    req.allow = allow;
  };
  // A request that cannot be framed or placed: answered at once and its connection closed (what
  // follows on it cannot be told apart from a next request, RFC 9112 6.3 and 3.2).
  const auto refuse_now = [&](int status, std::string_view message) {
    refuse(status, message);
    req.early_close = true;
  };
  if (req.target) return refuse_now(req.target->status, req.target->message);
  // Before the framing: "Transfer-Encoding : chunked" is a header libmicrohttpd does not frame by.
  if (const std::string problem = header_names_problem(c); !problem.empty()) {
    return refuse_now(400, problem);
  }
  const Framing framing =
      request_framing(header_values(c, "Content-Length"), header_values(c, "Transfer-Encoding"));
  if (!framing.error.empty()) return refuse_now(400, framing.error);
  const std::vector<std::string_view> hosts_named = header_values(c, "Host");
  if (hosts_named.size() > 1) return refuse_now(400, "host: more than one Host header");
  if (hosts_named.empty() || hosts_named.front().empty()) {
    return refuse_now(400, "host: the Host header is required");
  }
  const std::string_view host = hosts_named.front();
  if (!HostPolicy::host_well_formed(host)) {
    return refuse_now(400, "host: expected a name and at most a numeric port, e.g. localhost:8080");
  }
  // The checks below read one value of each: a second one is refused rather than left unchecked.
  for (const char* name : {"Origin", "Sec-Fetch-Site"}) {
    if (header_values(c, name).size() > 1) {
      return refuse_now(400, std::string("request: more than one ") + name + " header");
    }
  }
  if (!hosts.host_allowed(host)) return refuse(403, "host: not served here (see --allow-host)");
  const bool get = method == "GET" || method == "HEAD";
  const char* want = "GET, HEAD";
  const auto* named = std::find_if(std::begin(kNamedRoutes), std::end(kNamedRoutes),
                                   [url](const NamedRoute& r) { return r.url == url; });
  if (named != std::end(kNamedRoutes)) {
    req.route = named->route;
    want = named->methods;
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
  // The API's work is for the page's own origin: another site's page (fetch, or an <img> with
  // no Origin) is refused before any of it is done.
  if (req.route != Route::healthz && req.route != Route::asset) {
    if (!hosts.origin_allowed(header(c, "Origin"), host) ||
        !HostPolicy::fetch_site_allowed(header(c, "Sec-Fetch-Site"))) {
      return refuse(403, "origin: requests from other sites are refused");
    }
  }
  if (!post_route) return;
  req.declared = framing.content_length.value_or(0);
  if (req.declared > options.limits.max_body_bytes) {
    const std::string message = "body: larger than the limit of " +
                                std::to_string(options.limits.max_body_bytes) + " bytes";
    // A body on its way is read and dropped first, answered at its end (within the read
    // deadline): closing on unread bytes resets the connection, and a client still writing its
    // body would never read the answer. With nothing of it here yet, the connection waits
    // suspended for kBodyProbe (see probe_bodies): still nothing, and the answer goes at once.
    refuse(413, message);
    req.close_after = true;
    req.probe = !body_arriving(c);
  }
}

bool WebServer::Impl::take_body(Request& req, const char* data, std::size_t size) {
  const std::size_t need = req.body.size() + size;
  if (need > req.body_held) {
    // The buffer doubles (from kFirstBodyBuffer, up to the declared length), and the budget holds
    // its whole capacity: a buffer of the declared length at once would be resident far beyond
    // the bytes in (transparent huge pages fault 2 MiB at the first byte). While it is copied the
    // old buffer and the new one are held together.
    std::size_t want = std::max({need, kFirstBodyBuffer, 2 * req.body_held});
    if (req.declared >= need) want = std::min<std::size_t>(want, req.declared);
    want = std::max(need, std::min(want, options.limits.max_body_bytes));
    if (!pool.try_hold(want)) {
      drop_body(req);
      return false;
    }
    req.body.reserve(want);
    pool.release(req.body_held);
    req.body_held = want;
  }
  req.body.append(data, size);
  return true;
}

void WebServer::Impl::drop_body(Request& req) {
  free_body(req.body);
  pool.release(req.body_held);
  req.body_held = 0;
}

api::ApiResponse WebServer::Impl::healthz() const {
  const PoolStats s = pool.stats();
  nlohmann::json out;
  out["status"] = "ok";
  out["workers"] = s.workers;
  out["running"] = s.running;
  out["queued"] = s.queued;
  out["max_queue"] = s.max_queue;
  out["memory_reserved_mb"] = (s.memory_reserved + (std::size_t{1} << 20) - 1) >> 20;
  out["memory_requests_mb"] = (s.memory_held + (std::size_t{1} << 20) - 1) >> 20;
  out["memory_budget_mb"] = s.memory_budget >> 20;
  {
    const std::lock_guard lock(connections_mutex);
    out["connections"] = connections.size();
  }
  out["solved"] = s.done;
  out["refused"] = s.refused;
  return {200, out.dump()};
}

api::ApiResponse WebServer::Impl::compute_info(const std::string& size,
                                               const std::string& rules) const {
  if (size.empty()) return api::api_error(400, "size: missing (expected RxC, e.g. 5x6)");
  return api::api_info(size, rules, options.limits);
}

api::ApiResponse WebServer::Impl::run_job(const Request& req, std::size_t memory,
                                          unsigned& retry_after) {
  std::size_t extra = 0;
  const api::GrantMemory grant = [&](std::size_t bytes) {
    if (memory + extra + bytes > pool.stats().memory_budget) return 413;
    if (!pool.try_hold(bytes)) return 503;
    extra += bytes;
    return 0;
  };
  api::ApiResponse answer;
  try {
    answer = compute(req, grant);
  } catch (...) {
    pool.release(extra);
    throw;
  }
  pool.release(extra);
  if (answer.status == 503) retry_after = pool.retry_after_s();
  return answer;
}

api::ApiResponse WebServer::Impl::compute(const Request& req, const api::GrantMemory& grant) const {
  switch (req.route) {
    case Route::solve:
      if (req.parsed_solve) return api::api_solve(*req.parsed_solve, options.limits);
      if (req.body.empty()) return api::api_error(400, "body: missing (expected a JSON object)");
      return api::api_solve(req.body, options.limits);
    case Route::chase:
      if (req.body.empty()) return api::api_error(400, "body: missing (expected a JSON object)");
      return api::api_chase(req.body, options.limits);
    case Route::rules:
      if (req.body.empty()) return api::api_error(400, "body: missing (expected a JSON object)");
      return api::api_rules(req.body, options.limits);
    case Route::fix:
      if (req.body.empty()) return api::api_error(400, "body: missing (expected a JSON object)");
      return api::api_fix(req.body, options.limits, grant);
    default:
      return api::api_error(500, "internal error");
  }
}

MHD_Result WebServer::Impl::dispatch(MHD_Connection* c, Request& req) {
  api::WorkEstimate estimate;
  std::string info_size;
  std::string info_rules;
  if (req.route == Route::info) {
    const char* size = query(c, "size");
    const char* rules = query(c, "rules");
    info_size = size == nullptr ? "" : size;
    info_rules = rules == nullptr ? "" : rules;
    estimate = api::estimate_info(info_size, info_rules);
  } else {
    if (req.route == Route::solve && !req.body.empty()) {
      api::SolveAdmission admitted = api::admit_solve(req.body, options.limits);
      if (admitted.answer) return send(c, admitted.answer->status, admitted.answer->body);
      estimate = admitted.estimate;
      req.parsed_solve = std::move(admitted.parsed);
    } else {
      switch (req.route) {
        case Route::solve:
          break;  // no body: light, refused at once
        case Route::rules:
          estimate = api::estimate_rules(req.body);
          break;
        case Route::fix:
          estimate = api::estimate_fix(req.body, options.limits);
          break;
        default:
          estimate = api::estimate_chase(req.body);
          break;
      }
    }
  }
  const bool info = req.route == Route::info;
  if (estimate.light) {
    const api::ApiResponse a = info ? compute_info(info_size, info_rules) : compute(req);
    return send(c, a.status, a.body);
  }
  // The job's estimate counts the body (four times: parsed, it is larger), so the body's own hold
  // ends here; refused, the body goes at once.
  pool.release(req.body_held);
  req.body_held = 0;
  // Suspended before the job is queued: a worker may resume it at once.
  MHD_suspend_connection(c);
  req.suspended = true;
  Request* r = &req;
  auto job = [this, r, info, memory = estimate.memory_bytes, size = std::move(info_size),
              rules = std::move(info_rules)](bool run) {
    if (run) {
      r->answer = info ? compute_info(size, rules) : run_job(*r, memory, r->retry_after);
    } else {
      r->answer = api::api_error(503, "server: busy, try again later");
      r->retry_after = pool.retry_after_s();
    }
    free_request_body(*r);  // the large body (or the parsed one) goes before the answer is sent
  };
  // After the job's memory is released: the next request of the same client finds it free.
  auto deliver = [c, r] {
    r->answered.store(true, std::memory_order_release);
    MHD_resume_connection(c);
  };
  switch (pool.submit(estimate.memory_bytes, std::move(job), std::move(deliver))) {
    case WorkPool::Admit::accepted:
      break;
    case WorkPool::Admit::busy:
      free_request_body(req);
      req.answer = api::api_error(503, "server: busy, try again later");
      req.retry_after = pool.retry_after_s();
      req.answered.store(true, std::memory_order_release);
      MHD_resume_connection(c);
      break;
    case WorkPool::Admit::too_big:
      free_request_body(req);
      req.answer =
          api::api_error(413, "board: needs more memory than the server's --memory budget");
      req.answered.store(true, std::memory_order_release);
      MHD_resume_connection(c);
      break;
  }
  return MHD_YES;
}

MHD_Result WebServer::Impl::handle(MHD_Connection* c, const char* url, const char* method,
                                   const char* data, std::size_t* size, Request& req) {
  // Resumed by probe_bodies, libmicrohttpd calls again before reading any body.
  if (req.probe && !req.probed && *size == 0) {
    req.probed = true;
    if (!req.answer_now) return MHD_YES;
    set_reading(c, false);
    return send(c, req.early_status, req.early_body, "application/json", 0, nullptr, true);
  }
  if (req.suspended) {  // resumed: the answer is ready
    if (!req.answered.load(std::memory_order_acquire)) return MHD_YES;
    return send(c, req.answer.status, req.answer.body, "application/json", req.retry_after);
  }
  if (!req.started) {  // the first call: headers only
    req.started = true;
    screen(c, url, method, req);
    if (req.probe) {
      const MHD_ConnectionInfo* info =
          MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
      if (info == nullptr) {
        req.probe = false;  // the body, if any, is read and dropped
        return MHD_YES;
      }
      MHD_suspend_connection(c);
      const std::lock_guard lock(probes_mutex);
      probes.push_back(Probe{c, &req, info->connect_fd, Clock::now()});
      return MHD_YES;
    }
    if (!req.early_close) return MHD_YES;
    set_reading(c, false);
    return send(c, req.early_status, req.early_body, "application/json", 0, req.allow, true);
  }
  if (*size > 0) {
    const std::size_t n = *size;
    *size = 0;
    // Only the POST routes keep a body; another request's is read and dropped.
    if (req.early_status != 0 || req.route == Route::info || req.route == Route::healthz ||
        req.route == Route::asset) {
      return MHD_YES;
    }
    // Refused mid-body: what is held goes now, the rest is read and dropped, and the answer
    // (then the close) comes at the body's end, or the connection is cut at its read deadline.
    if (req.body.size() + n > options.limits.max_body_bytes) {  // a chunked body past the limit
      drop_body(req);
      req.early_status = 413;
      req.early_body =
          api::api_error(413, "body: larger than the limit of " +
                                  std::to_string(options.limits.max_body_bytes) + " bytes")
              .body;
      req.close_after = true;
    } else if (!take_body(req, data, n)) {
      req.early_status = 503;
      req.early_body =
          api::api_error(503, "server: busy (no memory for the request body), try again later")
              .body;
      req.retry_after = pool.retry_after_s();
      req.close_after = true;
    }
    return MHD_YES;
  }
  set_reading(c, false);  // the whole request is in
  if (req.early_status != 0) {
    return send(c, req.early_status, req.early_body, "application/json", req.retry_after, req.allow,
                req.close_after);
  }
  if (req.asset != nullptr) return MHD_queue_response(c, MHD_HTTP_OK, req.asset);
  if (req.route == Route::healthz) {
    const api::ApiResponse h = healthz();
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
  auto* self = static_cast<Impl*>(cls);
  auto* req = static_cast<Request*>(*req_cls);
  if (req != nullptr) self->drop_body(*req);
  delete req;
  *req_cls = nullptr;
  self->set_reading(c, true);  // the next request has its own deadline
}

// Called with the raw request-target before libmicrohttpd splits and decodes it; what it returns
// becomes the request's *req_cls. Past kMaxQueryParams parameters the query is cut to nothing in
// libmicrohttpd's own (writable) line buffer, so that it does not exhaust the connection's memory
// parsing them, and the request is answered 414.
void* WebServer::Impl::on_uri(void* /*cls*/, const char* uri, MHD_Connection* /*c*/) {
  try {
    auto req = std::make_unique<Request>();
    req->target = target_problem(uri, kMaxQueryParams);
    const char* query_start = std::strchr(uri, '?');
    if (query_start != nullptr &&
        static_cast<std::size_t>(std::count(query_start, query_start + std::strlen(query_start),
                                            '&')) >= kMaxQueryParams) {
      // NOLINTNEXTLINE(cppcoreguidelines-pro-type-const-cast): libmicrohttpd's buffer, see above
      char* query = std::strchr(const_cast<char*>(uri), '?');
      if (query != nullptr) query[1] = '\0';
    }
    return req.release();
  } catch (...) {  // std::bad_alloc: on_request makes one later, or the connection ends
    return nullptr;
  }
}

void WebServer::Impl::on_connection(void* cls, MHD_Connection* c, void** socket_context,
                                    MHD_ConnectionNotificationCode toe) {
  auto* self = static_cast<Impl*>(cls);
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    auto* conn = new Connection();
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    conn->fd = info == nullptr ? -1 : info->connect_fd;
    conn->deadline = Clock::now() + self->read_timeout;
    self->pool.hold(kConnectionHeld);
    const std::lock_guard lock(self->connections_mutex);
    self->connections.insert(conn);
    ++self->open_connections;
    *socket_context = conn;
    // Past the cap, the longest wait for a request gives way; when every other connection is
    // being answered, this one does.
    if (self->open_connections > self->options.max_connections && self->shed_one(conn) == nullptr &&
        conn->fd >= 0) {
      ::shutdown(conn->fd, SHUT_RDWR);
      conn->cut = true;
      --self->open_connections;
    }
  } else {
    auto* conn = static_cast<Connection*>(*socket_context);
    if (conn == nullptr) return;
    {
      const std::lock_guard lock(self->connections_mutex);
      self->connections.erase(conn);
      if (!conn->cut) --self->open_connections;
    }
    delete conn;
    *socket_context = nullptr;
    self->pool.release(kConnectionHeld);
  }
}

Connection* WebServer::Impl::shed_one(const Connection* keep) {
  Connection* oldest = nullptr;
  for (Connection* conn : connections) {
    if (conn == keep || !conn->reading || conn->cut || conn->fd < 0) continue;
    if (oldest == nullptr || conn->deadline < oldest->deadline) oldest = conn;
  }
  if (oldest != nullptr) {
    ::shutdown(oldest->fd, SHUT_RDWR);
    oldest->cut = true;
    --open_connections;
  }
  return oldest;
}

// Shuts down the sockets of requests past their deadline, and of those whose client has closed its
// side for 200 ms or more with the request unfinished (libmicrohttpd 0.9.75 keeps such a
// connection, and the body it holds, until its own timeout); libmicrohttpd then sees the end of the
// stream and closes the connection itself. Under `connections_mutex`: the descriptor is closed only
// after the connection has left `connections` (libmicrohttpd notifies before it closes).
void WebServer::Impl::sweep_deadlines() {
  const auto now = Clock::now();
  const auto grace = std::chrono::milliseconds(200);
  const std::lock_guard lock(connections_mutex);
  std::vector<pollfd> ends;
  std::vector<Connection*> owners;
  for (Connection* conn : connections) {
    if (!conn->reading || conn->cut || conn->fd < 0) continue;
    if (now > conn->deadline) {
      ::shutdown(conn->fd, SHUT_RDWR);
      conn->cut = true;
      --open_connections;
    } else if (now - (conn->deadline - read_timeout) > grace) {
      ends.push_back(pollfd{conn->fd, POLLRDHUP, 0});
      owners.push_back(conn);
    }
  }
  if (ends.empty() || ::poll(ends.data(), ends.size(), 0) <= 0) return;
  for (std::size_t i = 0; i < ends.size(); ++i) {
    if ((ends[i].revents & (POLLRDHUP | POLLHUP | POLLERR)) == 0) continue;
    ::shutdown(owners[i]->fd, SHUT_RDWR);
    owners[i]->cut = true;
    --open_connections;
  }
}

// Resumes the connections suspended in `probes` for kBodyProbe (all of them when `all`): those
// whose body has begun to arrive read it (and drop it), the others are answered at once.
void WebServer::Impl::probe_bodies(bool all) {
  const auto now = Clock::now();
  std::vector<Probe> due;
  {
    const std::lock_guard lock(probes_mutex);
    const auto split = std::stable_partition(probes.begin(), probes.end(), [&](const Probe& p) {
      return !all && now - p.since < kBodyProbe;
    });
    due.assign(split, probes.end());
    probes.erase(split, probes.end());
  }
  for (const Probe& p : due) {
    char byte = 0;
    p.request->answer_now = ::recv(p.fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) <= 0;
    MHD_resume_connection(p.connection);
  }
}

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

WebServer::~WebServer() { stop(); }

namespace {

// Why a listening socket on `addr` cannot be had, from a bind(2) of our own with the options
// libmicrohttpd uses (SO_REUSEADDR): "address already in use", "permission denied", or "" when
// that bind works (the failure was elsewhere).
std::string listen_failure(const sockaddr_storage& addr, bool v6) {
  const int fd = ::socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::strerror(errno);
  const int on = 1;
  (void)::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  const socklen_t len = v6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in);
  std::string why;
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&addr), len) != 0 || ::listen(fd, 1) != 0) {
    why = std::strerror(errno);
    for (char& c : why) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  ::close(fd);
  return why;
}

}  // namespace

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
      static_cast<unsigned>(o.max_connections) + kShedMargin, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024U,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemory, MHD_OPTION_NOTIFY_COMPLETED,
      &Impl::on_completed, &s, MHD_OPTION_NOTIFY_CONNECTION, &Impl::on_connection, &s,
      MHD_OPTION_UNESCAPE_CALLBACK, &unescape, &s, MHD_OPTION_URI_LOG_CALLBACK, &Impl::on_uri, &s,
      MHD_OPTION_END);
  if (s.daemon == nullptr) {
    // libmicrohttpd reports no reason; a bind of our own says it (address in use, no permission).
    const std::string why = listen_failure(addr, v6);
    throw std::runtime_error("cannot listen on " + where + (why.empty() ? "" : ": " + why));
  }
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
    s.probe_bodies(false);
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
