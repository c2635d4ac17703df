// Who may use the server and what every answer carries: the Host allow-list (against DNS
// rebinding), the Origin check on POST (against cross-site requests), the security headers.
#pragma once

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

}  // namespace lightsout::server
