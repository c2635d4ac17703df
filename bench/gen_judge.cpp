// gen_judge COUNT SEED [ROWS COLS]: random puzzles in the POJ 1222 format, identical bytes per
// seed.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// SplitMix64: tiny, fast, and fully specified here, so a seed means the same bytes everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// Hands out one random bit at a time, 64 per generator step.
class BitSource {
 public:
  explicit BitSource(std::uint64_t seed) : rng_(seed) {}
  unsigned next_bit() {
    if (left_ == 0) {
      pool_ = rng_.next();
      left_ = 64;
    }
    const unsigned bit = pool_ & 1U;
    pool_ >>= 1;
    --left_;
    return bit;
  }

 private:
  SplitMix64 rng_;
  std::uint64_t pool_ = 0;
  int left_ = 0;
};

// Buffered stdout: large fwrite blocks, no per-line calls into stdio.
class Output {
 public:
  Output() { buf_.reserve(kCapacity); }
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  void put(char ch) {
    buf_.push_back(ch);
    if (buf_.size() >= kCapacity) flush();
  }
  void put(const std::string& s) {
    for (char ch : s) put(ch);
  }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), stdout) != buf_.size()) {
      std::perror("gen_judge: write");
      std::exit(1);
    }
    buf_.clear();
  }

 private:
  static constexpr std::size_t kCapacity = std::size_t{1} << 20;
  std::vector<char> buf_;
};

bool parse_count(const char* text, std::uint64_t& out) {
  if (text[0] < '0' || text[0] > '9') return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtoull(text, &end, 10);
  return errno == 0 && *end == '\0';
}

int usage() {
  std::fputs(
      "usage: gen_judge COUNT SEED [ROWS COLS]\n"
      "  COUNT random puzzles (default 5 x 6) in the POJ 1222 format on stdout.\n",
      stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) return usage();
  std::uint64_t count = 0, seed = 0, rows = 5, cols = 6;
  if (!parse_count(argv[1], count) || !parse_count(argv[2], seed)) return usage();
  if (argc == 5 && (!parse_count(argv[3], rows) || !parse_count(argv[4], cols))) return usage();
  if (count == 0 || rows == 0 || cols == 0) return usage();

  BitSource bits(seed);
  Output out;
  out.put(std::to_string(count));
  out.put('\n');
  for (std::uint64_t p = 0; p < count; ++p) {
    for (std::uint64_t r = 0; r < rows; ++r) {
      for (std::uint64_t c = 0; c < cols; ++c) {
        if (c > 0) out.put(' ');
        out.put(static_cast<char>('0' + bits.next_bit()));
      }
      out.put('\n');
    }
  }
  out.flush();
  if (std::fflush(stdout) != 0) {
    std::perror("gen_judge: write");
    return 1;
  }
  return 0;
}
