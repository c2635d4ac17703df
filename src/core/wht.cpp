// The vectorised 16-bit Walsh-Hadamard transform of the fewest-presses searches (see wht.hpp).
#include "wht.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
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
// The groups of vectors whose last levels are bounded against a floor first hold 8 to 32
// vectors: in a 2^16 transform (the largest: bits <= 16) there are at most 256 of them.
constexpr std::size_t kMaxStride = std::size_t{1} << (16 - kLaneBits - 3);
using Lanes = std::int16_t __attribute__((vector_size(kLanes * 2), may_alias));
using Words = std::uint64_t __attribute__((vector_size(kLanes * 2), may_alias));

// The levels inside a vector come with the scatter: an entry at index w adds value * (-1)^|w & l|
// to lane l of vector w / 32, the transform over the lane bits of that one entry. kRows[r] holds
// -1 in the lanes l where |r & l| is odd, and (value ^ -1) - (-1) = -value there.
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

// The levels left over the N vectors at b (contiguous), whose bound has reached the floor: the
// top level, then each half again if its own bound (the sum of its magnitudes, lane by lane) still
// reaches it. A half left behind holds partial sums each below the floor. The finished vectors'
// maximum goes into top. A template, always inlined, so that the clone it is called from compiles
// all of it for its own instruction set.
template <std::size_t N>
[[gnu::always_inline]] inline void finish_group(Lanes* b, Lanes floor, Lanes& top) {
  if constexpr (N == 1) {
    top = larger(top, b[0]);
  } else {
    constexpr std::size_t h = N / 2;
    Lanes low{}, high{};
    for (std::size_t t = 0; t < h; ++t) {
      const Lanes x = b[t] + b[t + h], y = b[t] - b[t + h];
      b[t] = x;
      b[t + h] = y;
      low += magnitude(x);
      high += magnitude(y);
    }
    if (any_at_least(low, floor)) finish_group<h>(b, floor, top);
    if (any_at_least(high, floor)) finish_group<h>(b + h, floor, top);
  }
}

// The terms into the nv vectors at v, zeroed first, with the levels inside each vector done.
// Returns the sum of the squares of their values: by Parseval, the mean of out[z]^2 when no two
// share an index (near it otherwise), which sizes the pruned groups.
[[gnu::always_inline]] inline std::int64_t scatter(Lanes* v, std::size_t nv, const WhtTerm* terms,
                                                   std::size_t count, std::uint64_t h) {
  for (std::size_t t = 0; t < nv; ++t) v[t] = Lanes{};
  std::int64_t energy = 0;
  for (std::size_t e = 0; e < count; ++e) {
    // The term's sign folded into its row: -1 flips every lane once more.
    const auto odd = static_cast<std::int16_t>(-(std::popcount(terms[e].high & h) & 1));
    const Lanes row = kRows.row[terms[e].index & (kLanes - 1)] ^ odd;
    v[terms[e].index >> kLaneBits] += ((Lanes{} + terms[e].value) ^ row) - row;
    energy += std::int64_t{terms[e].value} * terms[e].value;
  }
  return energy;
}

// The largest lane. Through a copy: indexing the vector itself would keep it in memory, and the
// loops that build it would then store and reload it every step.
[[gnu::always_inline]] inline std::int16_t lane_max(Lanes top) {
  std::int16_t lanes[kLanes];
  std::memcpy(lanes, &top, sizeof top);
  return *std::max_element(lanes, lanes + kLanes);
}

// Every value: the levels over the nv vectors at v in L1-sized chunks, the rest across them, the
// maximum taken on the last level's way (or after, when no single level is left over).
[[gnu::always_inline]] inline void all_levels(Lanes* v, std::size_t nv, Lanes& top) {
  const std::size_t chunk = std::min(nv, std::size_t{1} << kChunkBits);
  for (std::size_t base = 0; base < nv; base += chunk) chunk_levels(v + base, chunk);
  const std::size_t half = radix4_levels(v, nv, chunk);
  if (half < nv) {
    for (std::size_t t = 0; t < half; ++t) {
      const Lanes a = v[t], c = v[t + half];
      v[t] = a + c;
      v[t + half] = a - c;
      top = larger(top, larger(a + c, a - c));
    }
  } else {
    for (std::size_t t = 0; t < nv; ++t) top = larger(top, v[t]);
  }
}

// The levels below the top G bits chunk by chunk, each chunk's magnitudes added to the bounds of
// its groups while it is in the L1 cache (group g: the 2^G vectors g + m * stride, which differ
// only in the top bits); then each group that may reach the floor is finished, in a contiguous
// copy. Contract: nv >= 2^G, nv / 2^G <= kMaxStride.
template <unsigned G>
[[gnu::always_inline]] inline void pruned_levels(Lanes* v, std::size_t nv, Lanes floor,
                                                 Lanes& top) {
  constexpr std::size_t members = std::size_t{1} << G;
  const std::size_t stride = nv / members;
  Lanes bounds[kMaxStride] = {};
  for (std::size_t m = 0; m < members; ++m) {
    Lanes* b = v + m * stride;
    chunk_levels(b, stride);
    for (std::size_t g = 0; g < stride; ++g) bounds[g] += magnitude(b[g]);
  }
  for (std::size_t g = 0; g < stride; ++g) {
    if (!any_at_least(bounds[g], floor)) continue;
    Lanes group[members];
    for (std::size_t m = 0; m < members; ++m) group[m] = v[g + m * stride];
    finish_group<members>(group, floor, top);
    for (std::size_t m = 0; m < members; ++m) v[g + m * stride] = group[m];
  }
}

// The transform of 2^bits values (contract: bits >= kLaneBits, v 64-byte aligned). With a floor,
// the pruned groups are as large as their bounds allow: the bound of a group of 2^G values is
// about 0.8 * 2^(G/2) * sigma (sigma^2 the energy, the mean of out^2), spread by about 0.6 sigma,
// so G is the largest of 5, 4 and 3 that leaves two of those spreads below the floor; a group
// that still reaches it is split level by level (finish_group). With none, every value is
// computed. The choice changes the work only, never a value that reaches the floor.
LIGHTSOUT_WHT_CLONES
std::int32_t transform(std::int16_t* data, unsigned bits, const WhtTerm* terms, std::size_t count,
                       std::uint64_t h, std::int32_t floor) {
  Lanes* v = reinterpret_cast<Lanes*>(data);
  const unsigned vector_bits = bits - kLaneBits;
  const std::size_t nv = std::size_t{1} << vector_bits;
  const double sigma = std::sqrt(static_cast<double>(scatter(v, nv, terms, count, h)));
  Lanes top = Lanes{} + std::numeric_limits<std::int16_t>::min();
  const auto reach = [sigma, floor, vector_bits](unsigned g) {
    return vector_bits >= g && (0.8 * std::exp2(g / 2.0) + 1.2) * sigma < floor;
  };
  const Lanes at_least = Lanes{} + static_cast<std::int16_t>(std::clamp<std::int32_t>(
                                       floor, std::numeric_limits<std::int16_t>::min(),
                                       std::numeric_limits<std::int16_t>::max()));
  if (reach(5)) {
    pruned_levels<5>(v, nv, at_least, top);
  } else if (reach(4)) {
    pruned_levels<4>(v, nv, at_least, top);
  } else if (reach(3)) {
    pruned_levels<3>(v, nv, at_least, top);
  } else {
    all_levels(v, nv, top);
  }
  return lane_max(top);
}

}  // namespace

std::int32_t wht16_sparse_max(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms,
                              std::uint64_t h, std::int32_t floor) {
  if (bits > 16) throw std::invalid_argument("wht16_sparse_max: more than 2^16 values");
  if (bits >= kLaneBits) return transform(v, bits, terms.data(), terms.size(), h, floor);
  const std::size_t n = std::size_t{1} << bits;
  std::fill(v, v + n, std::int16_t{0});
  for (const WhtTerm& t : terms) {
    const bool odd = (std::popcount(t.high & h) & 1) != 0;
    v[t.index] = static_cast<std::int16_t>(odd ? v[t.index] - t.value : v[t.index] + t.value);
  }
  walsh_hadamard(v, n);
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
