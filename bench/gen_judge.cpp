// gen_judge COUNT SEED [ROWS COLS]: random puzzles in the POJ 1222 format, identical bytes per
// seed.
#include <cstdint>
#include <string>

#include "gen_support.hpp"

namespace {

using lightsout::bench::Output;
using lightsout::bench::parse_count;
using lightsout::bench::SplitMix64;
using lightsout::bench::usage_error;

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

int usage() {
  return usage_error(
      "usage: gen_judge COUNT SEED [ROWS COLS]\n"
      "  COUNT random puzzles (default 5 x 6) in the POJ 1222 format on stdout.\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) return usage();
  std::uint64_t count = 0, seed = 0, rows = 5, cols = 6;
  if (!parse_count(argv[1], count) || !parse_count(argv[2], seed)) return usage();
  if (argc == 5 && (!parse_count(argv[3], rows) || !parse_count(argv[4], cols))) return usage();
  if (count == 0 || rows == 0 || cols == 0) return usage();

  BitSource bits(seed);
  Output out("gen_judge");
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
  out.finish();
  return 0;
}
