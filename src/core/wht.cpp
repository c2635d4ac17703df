// The vectorised 16-bit Walsh-Hadamard transform of the fewest-presses searches (see wht.hpp).
#include "wht.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "build_target.hpp"

// As LIGHTSOUT_TARGET_CLONES, with an AVX-512 clone too: the transform is all 16-bit adds, and
// 32 lanes a register halve its instructions where the machine has them.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define LIGHTSOUT_WHT_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define LIGHTSOUT_WHT_CLONES
#endif

// The helpers below pass 64-byte vectors by value; all are internal and inlined into the clones,
// so GCC's note that such arguments change the ABI across instruction sets does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace lightsout::detail {

namespace {

constexpr unsigned kLaneBits = 5;  // 32 lanes of 16 bits: one AVX-512 register, two AVX2 ones
constexpr std::size_t kLanes = std::size_t{1} << kLaneBits;
// Vectors whose levels run in the L1 cache: 256 (16 KiB) when every level is computed.
constexpr unsigned kChunkBits = 8;
// The last levels, over groups of 32 vectors, each group first bounded against the floor; the
// groups of a 2^16 transform (the largest: bits <= 16) are 64.
constexpr unsigned kGroupBits = 5;
constexpr std::size_t kMaxStride = std::size_t{1} << (16 - kLaneBits - kGroupBits);
using Lanes = std::int16_t __attribute__((vector_size(kLanes * 2), may_alias));
using Words = std::uint64_t __attribute__((vector_size(kLanes * 2), may_alias));

// The levels inside a vector come with the scatter: an entry at index w adds value * (-1)^|w & l|
// to lane l of vector w / 32, the transform over the lane bits of that one entry. kRows[r] holds
// -1 in the lanes l where |r & l| is odd (value ^ -1) - (-1) = -value there.
struct HadamardRows {
  Lanes row[kLanes];
};
HadamardRows hadamard_rows() {
  HadamardRows rows{};
  for (unsigned r = 0; r < kLanes; ++r) {
    for (unsigned l = 0; l < kLanes; ++l) {
      rows.row[r][l] = static_cast<std::int16_t>((__builtin_popcount(r & l) & 1) != 0 ? -1 : 0);
    }
  }
  return rows;
}
const HadamardRows kRows = hadamard_rows();

[[gnu::always_inline]] inline Lanes magnitude(Lanes x) {
  const Lanes negated = -x;
  return x > negated ? x : negated;
}

[[gnu::always_inline]] inline bool any_at_least(Lanes x, Lanes floor) {
  const Words m = reinterpret_cast<Words>(x >= floor);
  return ((m[0] | m[1]) | (m[2] | m[3]) | (m[4] | m[5]) | (m[6] | m[7])) != 0;
}

[[gnu::always_inline]] inline Lanes larger(Lanes x, Lanes y) { return x > y ? x : y; }

// Pairs of levels (radix 4: one pass does two) from level h up, while 4h <= n, over the n vectors
// at v; returns the first level left.
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

// The levels below `chunk` (a power of two) over the chunk of vectors at b, in the L1 cache.
[[gnu::always_inline]] inline void chunk_levels(Lanes* b, std::size_t chunk) {
  const std::size_t h = radix4_levels(b, chunk, 1);
  if (h < chunk) {
    for (std::size_t t = 0; t < h; ++t) {
      const Lanes a = b[t], c = b[t + h];
      b[t] = a + c;
      b[t + h] = a - c;
    }
  }
}

// The levels left over the n vectors at b (contiguous), whose bound has reached the floor: the
// top level, then each half again if its own bound (the sum of its magnitudes, lane by lane) still
// reaches it. A half left behind holds partial sums each below the floor. The finished vectors'
// maximum goes into top.
void finish_group(Lanes* b, std::size_t n, Lanes floor, Lanes& top) {
  if (n == 1) {
    top = larger(top, b[0]);
    return;
  }
  const std::size_t h = n / 2;
  Lanes low{}, high{};
  for (std::size_t t = 0; t < h; ++t) {
    const Lanes x = b[t] + b[t + h], y = b[t] - b[t + h];
    b[t] = x;
    b[t + h] = y;
    low += magnitude(x);
    high += magnitude(y);
  }
  if (any_at_least(low, floor)) finish_group(b, h, floor, top);
  if (any_at_least(high, floor)) finish_group(b + h, h, floor, top);
}

// Contract: bits >= kLaneBits, v 64-byte aligned. Its helpers are inlined (finish_group is not,
// being recursive: it runs only for the few groups that reach the floor), so that every clone
// compiles the loops for its own instruction set.
LIGHTSOUT_WHT_CLONES
std::int32_t sparse_max_lanes(std::int16_t* data, unsigned bits, const WhtTerm* terms,
                              std::size_t count, std::uint64_t h, std::int32_t floor) {
  Lanes* v = reinterpret_cast<Lanes*>(data);
  const unsigned vector_bits = bits - kLaneBits;
  const std::size_t nv = std::size_t{1} << vector_bits;
  for (std::size_t t = 0; t < nv; ++t) v[t] = Lanes{};
  for (std::size_t e = 0; e < count; ++e) {
    // The term's sign folded into its row: -1 flips every lane once more.
    const auto odd = static_cast<std::int16_t>(-(std::popcount(terms[e].high & h) & 1));
    const Lanes row = kRows.row[terms[e].index & (kLanes - 1)] ^ odd;
    v[terms[e].index >> kLaneBits] += ((Lanes{} + terms[e].value) ^ row) - row;
  }
  Lanes top = Lanes{} + std::numeric_limits<std::int16_t>::min();
  if (floor <= std::numeric_limits<std::int16_t>::min()) {
    // Every value: the levels in L1-sized chunks, the rest across them, the maximum taken on the
    // last level's way (or after, when no single level is left over).
    const std::size_t chunk = std::size_t{1} << std::min(vector_bits, kChunkBits);
    for (std::size_t base = 0; base < nv; base += chunk) chunk_levels(v + base, chunk);
    const std::size_t h = radix4_levels(v, nv, chunk);
    if (h < nv) {
      for (std::size_t t = 0; t < h; ++t) {
        const Lanes a = v[t], c = v[t + h];
        v[t] = a + c;
        v[t + h] = a - c;
        top = larger(top, larger(a + c, a - c));
      }
    } else {
      for (std::size_t t = 0; t < nv; ++t) top = larger(top, v[t]);
    }
  } else {
    // The levels below the top kGroupBits chunk by chunk, each chunk's magnitudes added to the
    // bounds of its groups while it is in the L1 cache (group g: the vectors g + m * stride, which
    // differ only in the top bits); then each group that may reach the floor is finished, in a
    // contiguous copy.
    const Lanes at_least = Lanes{} + static_cast<std::int16_t>(std::min<std::int32_t>(
                                         floor, std::numeric_limits<std::int16_t>::max()));
    const unsigned group_bits = std::min(vector_bits, kGroupBits);
    const std::size_t stride = std::size_t{1} << (vector_bits - group_bits);
    const std::size_t members = std::size_t{1} << group_bits;
    Lanes bounds[kMaxStride] = {};
    for (std::size_t m = 0; m < members; ++m) {
      Lanes* b = v + m * stride;
      chunk_levels(b, stride);
      for (std::size_t g = 0; g < stride; ++g) bounds[g] += magnitude(b[g]);
    }
    for (std::size_t g = 0; g < stride; ++g) {
      if (!any_at_least(bounds[g], at_least)) continue;
      Lanes group[std::size_t{1} << kGroupBits];
      for (std::size_t m = 0; m < members; ++m) group[m] = v[g + m * stride];
      finish_group(group, members, at_least, top);
      for (std::size_t m = 0; m < members; ++m) v[g + m * stride] = group[m];
    }
  }
  std::int16_t best = top[0];
  for (std::size_t l = 1; l < kLanes; ++l) best = std::max(best, top[l]);
  return best;
}

}  // namespace

std::int32_t wht16_sparse_max(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms,
                              std::uint64_t h, std::int32_t floor) {
  if (bits > 16) throw std::invalid_argument("wht16_sparse_max: more than 2^16 values");
  if (bits >= kLaneBits) return sparse_max_lanes(v, bits, terms.data(), terms.size(), h, floor);
  const std::size_t n = std::size_t{1} << bits;
  std::fill(v, v + n, std::int16_t{0});
  for (const WhtTerm& t : terms) {
    const bool odd = (std::popcount(t.high & h) & 1) != 0;
    v[t.index] = static_cast<std::int16_t>(odd ? v[t.index] - t.value : v[t.index] + t.value);
  }
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
