// gen_family NAME COUNT SEED: random cases of a judge sibling at its largest size, identical bytes
// per seed: poj1681 (15 x 15 Painter's boards of w/y) or poj1830 (N = 28 switches, 28..84 links).
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// SplitMix64, as gen_judge: a seed means the same bytes everywhere.
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

// Buffered stdout in 1 MiB fwrite blocks.
class Output {
 public:
  Output() { buf_.reserve(kCapacity + 64); }
  void put(char ch) { buf_.push_back(ch); }
  void put(const std::string& s) { buf_.append(s); }
  void end_case() {
    if (buf_.size() >= kCapacity) flush();
  }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), stdout) != buf_.size()) {
      std::perror("gen_family: write");
      std::exit(1);
    }
    buf_.clear();
  }

 private:
  static constexpr std::size_t kCapacity = std::size_t{1} << 20;
  std::string buf_;
};

void painter_case(SplitMix64& rng, Output& out) {
  constexpr int kSide = 15;
  out.put("15\n");
  for (int r = 0; r < kSide; ++r) {
    const std::uint64_t bits = rng.next();
    for (int c = 0; c < kSide; ++c) out.put(((bits >> c) & 1U) != 0 ? 'w' : 'y');
    out.put('\n');
  }
}

void switch_case(SplitMix64& rng, Output& out) {
  constexpr std::uint32_t kSwitches = 28;
  out.put("28\n");
  for (int row = 0; row < 2; ++row) {  // the start, then the end
    const std::uint64_t bits = rng.next();
    for (std::uint32_t i = 0; i < kSwitches; ++i) {
      if (i != 0) out.put(' ');
      out.put(((bits >> i) & 1U) != 0 ? '1' : '0');
    }
    out.put('\n');
  }
  const std::uint32_t links = kSwitches + rng.below(2 * kSwitches + 1);  // 28..84
  for (std::uint32_t k = 0; k < links; ++k) {
    out.put(std::to_string(1 + rng.below(kSwitches)) + " " +
            std::to_string(1 + rng.below(kSwitches)) + "\n");
  }
  out.put("0 0\n");
}

bool parse_count(const char* text, std::uint64_t& out) {
  if (text[0] < '0' || text[0] > '9') return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtoull(text, &end, 10);
  return errno == 0 && *end == '\0';
}

int usage() {
  std::fputs(
      "usage: gen_family NAME COUNT SEED\n"
      "  COUNT random cases on stdout, with the count first: poj1681 (15 x 15 boards) or\n"
      "  poj1830 (28 switches, 28..84 links a case).\n",
      stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return usage();
  const bool painter = std::strcmp(argv[1], "poj1681") == 0;
  if (!painter && std::strcmp(argv[1], "poj1830") != 0) return usage();
  std::uint64_t count = 0, seed = 0;
  if (!parse_count(argv[2], count) || !parse_count(argv[3], seed) || count == 0) return usage();

  SplitMix64 rng(seed);
  Output out;
  out.put(std::to_string(count) + "\n");
  for (std::uint64_t k = 0; k < count; ++k) {
    if (painter) {
      painter_case(rng, out);
    } else {
      switch_case(rng, out);
    }
    out.end_case();
  }
  out.flush();
  if (std::fflush(stdout) != 0) {
    std::perror("gen_family: write");
    return 1;
  }
  return 0;
}
