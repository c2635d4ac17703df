// HostPolicy, the loopback test, the security headers and query decoding.
#include "http_policy.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>

namespace lightsout::server {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "[::1]:8080" -> "::1", "Example.org:80" -> "example.org", "127.0.0.1" -> "127.0.0.1".
std::string host_name(std::string_view host_header) {
  if (!host_header.empty() && host_header.front() == '[') {
    const std::size_t close = host_header.find(']');
    if (close == std::string_view::npos) return {};
    return lower(host_header.substr(1, close - 1));
  }
  return lower(host_header.substr(0, host_header.find(':')));
}

// A name as given on the command line: an IPv6 address may come without its brackets.
std::string option_name(std::string_view name) {
  if (name.find(':') == std::string_view::npos || name.front() == '[') return host_name(name);
  return lower(name);
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

HostPolicy::HostPolicy(std::string_view bound_host, const std::vector<std::string>& extra)
    : names_{"localhost", "127.0.0.1", "::1", "localhost.localdomain"} {
  const std::string bound = bound_host.empty() ? std::string() : option_name(bound_host);
  // A wildcard address is no name a client uses: only the names given are added then.
  if (!bound.empty() && bound != "0.0.0.0" && bound != "::") names_.push_back(bound);
  for (const std::string& name : extra) {
    if (name == "*") any_ = true;
    if (!name.empty()) names_.push_back(option_name(name));
  }
}

bool HostPolicy::host_allowed(std::string_view host_header) const {
  if (any_ || host_header.empty()) return true;
  const std::string name = host_name(host_header);
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

bool HostPolicy::origin_allowed(std::string_view origin, std::string_view host_header) const {
  if (origin.empty()) return true;
  constexpr std::string_view kScheme = "http://";
  if (origin.substr(0, kScheme.size()) != kScheme) return false;
  const std::string_view rest = origin.substr(kScheme.size());
  return lower(rest) == lower(host_header) && host_allowed(rest);
}

bool is_loopback(std::string_view host) {
  const std::string h = lower(host);
  if (h == "localhost" || h == "::1" || h == "[::1]") return true;
  in_addr v4{};
  if (::inet_pton(AF_INET, h.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  return false;
}

const std::vector<std::pair<const char*, const char*>>& security_headers() {
  static const std::vector<std::pair<const char*, const char*>> headers = {
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"Referrer-Policy", "no-referrer"},
      {"X-Content-Type-Options", "nosniff"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
  };
  return headers;
}

std::string url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
               hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace lightsout::server
