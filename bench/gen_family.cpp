// gen_family NAME COUNT SEED: random cases of a judge sibling at its largest size, identical bytes
// per seed: poj1681 (15 x 15 Painter's boards of w/y) or poj1830 (N = 28 switches, 28..84 links).
#include <cstdint>
#include <cstring>
#include <string>

#include "gen_support.hpp"

namespace {

using lightsout::bench::Output;
using lightsout::bench::parse_count;
using lightsout::bench::SplitMix64;
using lightsout::bench::usage_error;

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

int usage() {
  return usage_error(
      "usage: gen_family NAME COUNT SEED\n"
      "  COUNT random cases on stdout, with the count first: poj1681 (15 x 15 boards) or\n"
      "  poj1830 (28 switches, 28..84 links a case).\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return usage();
  const bool painter = std::strcmp(argv[1], "poj1681") == 0;
  if (!painter && std::strcmp(argv[1], "poj1830") != 0) return usage();
  std::uint64_t count = 0, seed = 0;
  if (!parse_count(argv[2], count) || !parse_count(argv[3], seed) || count == 0) return usage();

  SplitMix64 rng(seed);
  Output out("gen_family");
  out.put(std::to_string(count) + "\n");
  for (std::uint64_t k = 0; k < count; ++k) {
    if (painter) {
      painter_case(rng, out);
    } else {
      switch_case(rng, out);
    }
  }
  out.finish();
  return 0;
}
