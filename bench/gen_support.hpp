// The input generators' shared pieces (gen_judge, gen_family): a fully specified random source, so
// that a seed means the same bytes everywhere, buffered stdout, the usage error and the count
// arguments.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace lightsout::bench {

// SplitMix64: tiny, fast, and fully specified here.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, n) for a benchmark's input.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }

 private:
  std::uint64_t state_;
};

// Buffered stdout: 1 MiB fwrite blocks, no per-line calls into stdio. `program` names the
// generator in its one error line; a failed write exits 1.
class Output {
 public:
  explicit Output(const char* program) : program_(program) { buf_.reserve(kCapacity + 64); }
  ~Output() { finish(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  void put(char ch) {
    buf_.push_back(ch);
    if (buf_.size() >= kCapacity) flush();
  }
  void put(std::string_view s) {
    buf_.append(s);
    if (buf_.size() >= kCapacity) flush();
  }
  // Everything written out and stdout flushed.
  void finish() {
    flush();
    if (std::fflush(stdout) != 0) fail();
  }

 private:
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), stdout) != buf_.size()) fail();
    buf_.clear();
  }
  [[noreturn]] void fail() const {
    std::fprintf(stderr, "%s: write: %s\n", program_, std::strerror(errno));
    std::exit(1);
  }

  static constexpr std::size_t kCapacity = std::size_t{1} << 20;
  const char* program_;
  std::string buf_;
};

// A usage error: `text` on stderr, and the status the generators exit with for it (2).
inline int usage_error(const char* text) {
  std::fputs(text, stderr);
  return 2;
}

// A decimal count argument, digits only.
inline bool parse_count(const char* text, std::uint64_t& out) {
  if (text[0] < '0' || text[0] > '9') return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtoull(text, &end, 10);
  return errno == 0 && *end == '\0';
}

}  // namespace lightsout::bench
