// HostPolicy, the loopback test, the security headers, query decoding, and the checks of a
// request's target and framing.
#include "http_policy.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

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

bool HostPolicy::fetch_site_allowed(std::string_view sec_fetch_site) {
  const std::string site = lower(sec_fetch_site);
  return site.empty() || site == "same-origin" || site == "none";
}

bool HostPolicy::host_well_formed(std::string_view host_header) {
  std::string_view rest = host_header;
  if (!rest.empty() && rest.front() == '[') {
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return false;
    rest.remove_prefix(close + 1);
  } else {
    rest.remove_prefix(std::min(rest.find(':'), rest.size()));
  }
  if (rest.empty()) return true;
  if (rest.front() != ':') return false;
  std::string_view port = rest.substr(1);
  if (!std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  port.remove_prefix(std::min(port.find_first_not_of('0'), port.size()));  // port = *DIGIT
  return port.size() < 5 || (port.size() == 5 && port <= "65535");
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
       // 'wasm-unsafe-eval': the page compiles its WebAssembly core (and no other code);
       // worker-src and manifest-src: the solver's worker, the offline service worker (sw.js) and
       // the web app manifest, from the site only.
       "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "manifest-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
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

namespace {

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

// Whether `text` holds a control byte as sent or once %HH-decoded.
bool has_control(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_control(static_cast<unsigned char>(text[i]))) return true;
    if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
        hex_digit(text[i + 2]) >= 0 &&
        is_control(
            static_cast<unsigned char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2])))) {
      return true;
    }
  }
  return false;
}

std::string trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace

std::optional<TargetProblem> target_problem(std::string_view target, std::size_t max_params) {
  const std::size_t q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string_view query =
      q == std::string_view::npos ? std::string_view{} : target.substr(q + 1);
  if (has_control(path)) return TargetProblem{400, "path: control characters are refused"};
  if (has_control(query)) return TargetProblem{400, "query: control characters are refused"};
  if (!query.empty() &&
      static_cast<std::size_t>(std::count(query.begin(), query.end(), '&')) >= max_params) {
    return TargetProblem{414, "query: more than " + std::to_string(max_params) + " parameters"};
  }
  return std::nullopt;
}

std::string field_name_problem(std::string_view name) {
  constexpr std::string_view kTokenMarks = "!#$%&'*+-.^_`|~";
  const auto token_char = [&](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           kTokenMarks.find(c) != std::string_view::npos;
  };
  if (!name.empty() && std::all_of(name.begin(), name.end(), token_char)) return {};
  if (name.find_first_of(" \t") != std::string_view::npos) {
    return "request: whitespace in a header name or before its colon (refused, RFC 9112 5.1)";
  }
  return "request: a header name that is not a token (refused, RFC 9110 5.6.2)";
}

Framing request_framing(const std::vector<std::string_view>& content_lengths,
                        const std::vector<std::string_view>& transfer_encodings) {
  Framing out;
  if (!content_lengths.empty() && !transfer_encodings.empty()) {
    out.error = "request: both Content-Length and Transfer-Encoding (refused, RFC 9112 6.3)";
    return out;
  }
  if (!transfer_encodings.empty()) {
    if (transfer_encodings.size() != 1 || lower(trim(transfer_encodings.front())) != "chunked") {
      out.error = "request: Transfer-Encoding other than chunked";
    }
    return out;
  }
  // Each field line may itself be a list ("5, 5"): every member must be the same number.
  for (const std::string_view line : content_lengths) {
    std::size_t start = 0;
    while (start <= line.size()) {
      const std::size_t comma = std::min(line.find(',', start), line.size());
      const std::string member = trim(line.substr(start, comma - start));
      const bool digits =
          !member.empty() && member.size() <= 19 &&
          std::all_of(member.begin(), member.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!digits) {
        out.error = "request: Content-Length is not a number";
        return out;
      }
      const std::uint64_t value = std::stoull(member);
      if (out.content_length && *out.content_length != value) {
        out.error = "request: Content-Length values differ";
        return out;
      }
      out.content_length = value;
      start = comma + 1;
    }
  }
  return out;
}

}  // namespace lightsout::server
