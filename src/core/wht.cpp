// The vectorised 16-bit Walsh-Hadamard transform of the fewest-presses searches (see wht.hpp).
#include "wht.hpp"

#include <algorithm>
#include <array>

#include "build_target.hpp"

// As LIGHTSOUT_TARGET_CLONES, with an AVX-512 clone too: the transform is all 16-bit adds, and
// 32 lanes a register halve its instructions where the machine has them.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define LIGHTSOUT_WHT_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define LIGHTSOUT_WHT_CLONES
#endif

namespace lightsout::detail {

namespace {

constexpr unsigned kLaneBits = 5;  // 32 lanes of 16 bits: one AVX-512 register, two AVX2 ones
constexpr std::size_t kLanes = std::size_t{1} << kLaneBits;
constexpr unsigned kBlockBits = 13;  // 16 KiB: the levels below it run in the L1 cache
using Lanes = std::int16_t __attribute__((vector_size(kLanes * 2), may_alias));

// The butterflies of one level h (h = 1, 2, 4, 8, 16) inside a vector: lane i and lane i ^ h
// become x + y (the lower lane) and x - y (the upper). partner[i] = i ^ h; flip[i] = -1 in the
// upper lanes, where -x = (x ^ -1) + 1.
struct InLane {
  Lanes partner;
  Lanes flip;
};
std::array<InLane, kLaneBits> in_lane_masks() {
  std::array<InLane, kLaneBits> masks{};
  for (unsigned b = 0; b < kLaneBits; ++b) {
    const unsigned h = 1U << b;
    for (unsigned i = 0; i < kLanes; ++i) {
      masks[b].partner[i] = static_cast<std::int16_t>(i ^ h);
      masks[b].flip[i] = static_cast<std::int16_t>((i & h) != 0 ? -1 : 0);
    }
  }
  return masks;
}
const std::array<InLane, kLaneBits> kMasks = in_lane_masks();

// Pairs of levels (radix 4: one pass does two) from level h up, while 4h <= n, over the n vectors
// at v; returns the first level left. Always inlined, so that each clone of wht16_max_lanes
// compiles it for its own instruction set.
[[gnu::always_inline]] inline std::size_t radix4_levels(Lanes* v, std::size_t n, std::size_t h) {
  for (; h * 4 <= n; h *= 4) {
    for (std::size_t i = 0; i < n; i += 4 * h) {
      for (std::size_t t = i; t < i + h; ++t) {
        const Lanes a = v[t], c = v[t + h], e = v[t + 2 * h], g = v[t + 3 * h];
        const Lanes s0 = a + c, d0 = a - c, s1 = e + g, d1 = e - g;
        v[t] = s0 + s1;
        v[t + 2 * h] = s0 - s1;
        v[t + h] = d0 + d1;
        v[t + 3 * h] = d0 - d1;
      }
    }
  }
  return h;
}

// Contract: bits >= kLaneBits, v 64-byte aligned. Its helpers are inlined, so that every clone
// compiles all of it for its own instruction set.
LIGHTSOUT_WHT_CLONES
std::int32_t wht16_max_lanes(std::int16_t* data, unsigned bits) {
  Lanes* v = reinterpret_cast<Lanes*>(data);
  const std::size_t nv = std::size_t{1} << (bits - kLaneBits);
  const unsigned block_bits = std::min(bits, kBlockBits) - kLaneBits;
  const std::size_t block = std::size_t{1} << block_bits;  // vectors per L1 block
  // Levels below the block size, one block at a time: the in-lane levels, then pairs of levels
  // (radix 4: one pass does two), then a last single level if their number is odd.
  for (std::size_t base = 0; base < nv; base += block) {
    Lanes* b = v + base;
    for (std::size_t t = 0; t < block; ++t) {
      Lanes x = b[t];
      for (const InLane& m : kMasks) {
#if defined(__clang__)  // no __builtin_shuffle (clang checks and WebAssembly: not the hot path)
        Lanes p;
        for (std::size_t l = 0; l < kLanes; ++l) p[l] = x[m.partner[l]];
#else
        const Lanes p = __builtin_shuffle(x, m.partner);
#endif
        x = p + ((x ^ m.flip) - m.flip);
      }
      b[t] = x;
    }
    const std::size_t h = radix4_levels(b, block, 1);
    if (h < block) {
      for (std::size_t i = 0; i < block; i += 2 * h) {
        for (std::size_t t = i; t < i + h; ++t) {
          const Lanes a = b[t], c = b[t + h];
          b[t] = a + c;
          b[t + h] = a - c;
        }
      }
    }
  }
  // The levels across blocks, over the whole array.
  const std::size_t h = radix4_levels(v, nv, block);
  Lanes top = Lanes{} + static_cast<std::int16_t>(-32768);
  if (h < nv) {  // the last level, with the maximum taken on the way
    for (std::size_t t = 0; t < h; ++t) {
      const Lanes a = v[t], c = v[t + h];
      const Lanes s = a + c, d = a - c;
      v[t] = s;
      v[t + h] = d;
      top = top > s ? top : s;
      top = top > d ? top : d;
    }
  } else {
    for (std::size_t t = 0; t < nv; ++t) top = top > v[t] ? top : v[t];
  }
  std::int16_t best = top[0];
  for (std::size_t l = 1; l < kLanes; ++l) best = std::max(best, top[l]);
  return best;
}

}  // namespace

std::int32_t wht16_max(std::int16_t* v, unsigned bits) {
  if (bits >= kLaneBits) return wht16_max_lanes(v, bits);
  const std::size_t n = std::size_t{1} << bits;
  for (std::size_t h = 1; h < n; h <<= 1) {
    for (std::size_t i = 0; i < n; i += h << 1) {
      for (std::size_t t = i; t < i + h; ++t) {
        const std::int16_t x = v[t];
        const std::int16_t y = v[t + h];
        v[t] = static_cast<std::int16_t>(x + y);
        v[t + h] = static_cast<std::int16_t>(x - y);
      }
    }
  }
  return *std::max_element(v, v + n);
}

std::size_t wht16_find(const std::int16_t* v, unsigned bits, std::int32_t value) {
  const std::size_t n = std::size_t{1} << bits;
  for (std::size_t z = 0; z < n; ++z) {
    if (v[z] == value) return z;
  }
  return n;
}

}  // namespace lightsout::detail
