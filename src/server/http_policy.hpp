// Who may use the server and what every answer carries: the Host allow-list (against DNS
// rebinding), the Origin and Sec-Fetch-Site checks on the API (against cross-site requests), the
// security headers; and the HTTP framing checks of RFC 9112 that libmicrohttpd leaves to us.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lightsout::server {

// The host names (no port) a request's Host header may name: the bound address, localhost's
// names, and the extra ones given (`--allow-host`; "*" allows any). Case-insensitive.
class HostPolicy {
 public:
  HostPolicy(std::string_view bound_host, const std::vector<std::string>& extra);
  // host_header: the Host header's value ("127.0.0.1:8080", "[::1]:80", "localhost"), or empty
  // when there was none (HTTP/1.0; HTTP/1.1 requires it, and the HTTP library refuses it then).
  bool host_allowed(std::string_view host_header) const;
  // origin: the Origin header's value, empty when absent (not a browser: allowed). A browser's
  // request is allowed only from the page's own origin: "http://" + the Host header, allowed.
  bool origin_allowed(std::string_view origin, std::string_view host_header) const;
  // sec_fetch_site: the Sec-Fetch-Site header's value, which browsers send on every request,
  // <img> and <script> ones included (these carry no Origin). Allowed: absent (not a browser),
  // "same-origin" and "none" (the user's own navigation).
  static bool fetch_site_allowed(std::string_view sec_fetch_site);
  // Whether a Host header's value is well formed (RFC 9110 7.2, RFC 3986 3.2): a name, or an IPv6
  // address in brackets, then at most ":" and a port of decimal digits up to 65535 (leading zeros
  // and an empty port, "localhost:", are what the grammar allows). "localhost:abc", "[::1]x" and
  // "a:1:2" are not.
  static bool host_well_formed(std::string_view host_header);

 private:
  std::vector<std::string> names_;
  bool any_ = false;
};

// Whether a listening address reaches this machine only (127.0.0.0/8, ::1, localhost).
bool is_loopback(std::string_view host);

// The headers of every answer: CSP (nothing but this server's own files, no framing), no
// referrer, no MIME sniffing.
const std::vector<std::pair<const char*, const char*>>& security_headers();

// Percent-decoding of a query key or value ('+' is a space); malformed escapes are kept as-is.
std::string url_decode(std::string_view text);

// A request-target that must be refused before it is routed: a control byte (0x00-0x1f, 0x7f)
// in the path or the query, raw or percent-encoded (libmicrohttpd's strings end at a NUL, so
// "/app.js%00.html" would be served as "/app.js"), or more than `max_params` query parameters.
struct TargetProblem {
  int status;           // 400, or 414 for too many parameters
  std::string message;  // one line, naming what is wrong
};
std::optional<TargetProblem> target_problem(std::string_view target, std::size_t max_params);

// RFC 9112 section 6 on a request's framing headers, given every Content-Length and every
// Transfer-Encoding field line received (in order; values as sent). An error (the request is
// then answered 400 and its connection closed, since where it ends is unknown) for: both
// headers; Content-Length values that differ or are not decimal digits; a Transfer-Encoding
// other than exactly "chunked". Otherwise the declared length (nullopt: none or chunked).
struct Framing {
  std::optional<std::uint64_t> content_length;
  std::string error;  // empty: well framed
};
// RFC 9112 5.1 on one header field's name as received: a token (RFC 9110 5.6.2), so no
// whitespace between the name and its colon ("Content-Length : 5", which libmicrohttpd keeps as a
// header named "Content-Length " and so frames no body by, leaving the body to be read as a next
// request). The error, or empty when the name is a token.
std::string field_name_problem(std::string_view name);

Framing request_framing(const std::vector<std::string_view>& content_lengths,
                        const std::vector<std::string_view>& transfer_encodings);

}  // namespace lightsout::server
