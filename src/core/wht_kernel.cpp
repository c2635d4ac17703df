// The vector kernels of the 16-bit Walsh-Hadamard transform (wht_kernels.hpp), compiled once per
// instruction set and kernel: the build compiles this file several times, with
// LIGHTSOUT_WHT_ISA naming the instruction set's namespace (its flags, such as -mavx2, on the
// command line), LIGHTSOUT_WHT_PART choosing the kernel (0: the scatter, the unpruned levels and
// the set's table; 3 to 6: the transform pruned by groups of 2^PART vectors) and
// LIGHTSOUT_WHT_LAST_GROUP the set's largest group. Without
// LIGHTSOUT_WHT_PART it defines every kernel at once, in namespace wht_generic (the WebAssembly
// build). One kernel a file keeps each compile short: the pruned transforms are templates unrolled
// for 1 to 3 last levels and always inlined, several thousand lines of vector code each.
#include <algorithm>
#include <bit>
#include <cstring>

#include "wht_kernels.hpp"

#ifndef LIGHTSOUT_WHT_ISA
#define LIGHTSOUT_WHT_ISA wht_generic
#endif
// The largest pruned group, 2^LIGHTSOUT_WHT_LAST_GROUP vectors: 6 for the AVX2 and AVX-512 sets,
// 5 for the baseline, whose vectors are four SSE registers each (or scalars in WebAssembly): its
// kernel for groups of 2^6 alone took 50 to 80 s to compile, for a set only machines without AVX2
// and the browser run.
#ifndef LIGHTSOUT_WHT_LAST_GROUP
#define LIGHTSOUT_WHT_LAST_GROUP 5
#endif
#ifdef LIGHTSOUT_WHT_PART
#define LIGHTSOUT_WHT_HAS_PART(p) (LIGHTSOUT_WHT_PART == (p))
#else
#define LIGHTSOUT_WHT_HAS_PART(p) 1
#endif

// The helpers below pass 64-byte vectors by value; all are internal and inlined into the kernels,
// so GCC's note that such arguments change the ABI across instruction sets does not apply (the
// build passes -Wno-psabi: GCC's back end, which notes it, does not heed the pragma).
#pragma GCC diagnostic ignored "-Wpsabi"

namespace lightsout::detail::LIGHTSOUT_WHT_ISA {

namespace {

constexpr unsigned kLaneBits = kWhtLaneBits;
constexpr std::size_t kLanes = std::size_t{1} << kLaneBits;
// Vectors whose levels run in the L1 cache: 256 (16 KiB) when every level is computed.
constexpr unsigned kChunkBits = 8;
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

// Zero, which the compiler cannot see is zero: a loop that stores it stays a loop of vector stores
// instead of becoming calls to memset, which for runs of 1 or 2 KiB cost several times the stores.
[[gnu::always_inline]] inline Lanes opaque_zero() {
  Lanes z{};
#if defined(__GNUC__) && defined(__x86_64__)
  __asm__("" : "+m"(z));
#endif
  return z;
}

// A term's contribution to its vector: its value times the Hadamard row of its lane bits, signed
// by (-1)^|high & h|. The sign is folded into the row: -1 flips every lane once more.
[[gnu::always_inline]] inline Lanes contribution(const WhtTerm& t, std::uint64_t h) {
  const auto odd = static_cast<std::int16_t>(-(std::popcount(t.high & h) & 1));
  const Lanes row = kRows.row[t.index & (kLanes - 1)] ^ odd;
  return ((Lanes{} + t.value) ^ row) - row;
}

// The terms added into the vectors at v (zero before), with the levels inside each vector done.
// Returns the sum of the squares of their values: by Parseval, the mean of out[z]^2 when no two
// share an index (near it otherwise), which sizes the pruned groups.
[[gnu::always_inline]] inline std::int64_t scatter(Lanes* v, const WhtTerm* terms,
                                                   std::size_t count, std::uint64_t h) {
  std::int64_t energy = 0;
  for (std::size_t e = 0; e < count; ++e) {
    v[terms[e].index >> kLaneBits] += contribution(terms[e], h);
    energy += std::int64_t{terms[e].value} * terms[e].value;
  }
  return energy;
}

// K levels in registers: the 2^K vectors at x, transformed among themselves.
template <unsigned K>
[[gnu::always_inline]] inline void butterflies(Lanes* x) {
  constexpr std::size_t r = std::size_t{1} << K;
#pragma GCC unroll 8
  for (std::size_t s = 1; s < r; s <<= 1) {
#pragma GCC unroll 8
    for (std::size_t i = 0; i < r; i += 2 * s) {
#pragma GCC unroll 8
      for (std::size_t t = i; t < i + s; ++t) {
        const Lanes a = x[t], b = x[t + s];
        x[t] = a + b;
        x[t + s] = a - b;
      }
    }
  }
}

// The 2^K vectors at p, h apart, after a pass's K levels over them, into x (nothing stored).
template <unsigned K>
[[gnu::always_inline]] inline void after_pass(const Lanes* p, std::size_t h, Lanes* x) {
#pragma GCC unroll 8
  for (std::size_t k = 0; k < (std::size_t{1} << K); ++k) x[k] = p[k * h];
  butterflies<K>(x);
}

// One pass of K levels at distance h over the n vectors at v: each 2^K vectors h apart loaded,
// transformed in registers, handed to out(p, x) (x: the value that belongs at p).
template <unsigned K, typename Out>
[[gnu::always_inline]] inline void pass(Lanes* v, std::size_t n, std::size_t h, const Out& out) {
  constexpr std::size_t r = std::size_t{1} << K;
  for (std::size_t i = 0; i < n; i += r * h) {
    for (std::size_t t = i; t < i + h; ++t) {
      Lanes x[r];
      after_pass<K>(v + t, h, x);
#pragma GCC unroll 8
      for (std::size_t k = 0; k < r; ++k) out(v + t + k * h, x[k]);
    }
  }
}

// The levels from distance h up over the n vectors at v (h and n powers of two, h <= n), three a
// pass (eight vectors in registers at a time: a pass loads and stores every vector once); the last
// pass (of one to three levels, or none when h == n) hands each finished vector to out(p, x)
// instead of storing it: x is the value that belongs at p.
template <typename Out>
[[gnu::always_inline]] inline void levels(Lanes* v, std::size_t n, std::size_t h, const Out& out) {
  const auto store = [](Lanes* p, const Lanes& x) { *p = x; };
  for (; h * 16 <= n; h *= 8) pass<3>(v, n, h, store);
  if (h * 8 == n) {
    pass<3>(v, n, h, out);
  } else if (h * 4 == n) {
    pass<2>(v, n, h, out);
  } else if (h * 2 == n) {
    pass<1>(v, n, h, out);
  } else {
    pass<0>(v, n, h, out);
  }
}

// Every level over the nv vectors at v: in L1-sized chunks, then across them; the last pass hands
// the values to out (see levels).
template <typename Out>
[[gnu::always_inline]] inline void all_levels(Lanes* v, std::size_t nv, const Out& out) {
  const std::size_t chunk = std::min(nv, std::size_t{1} << kChunkBits);
  if (chunk < nv) {
    const auto store = [](Lanes* p, const Lanes& x) { *p = x; };
    for (std::size_t base = 0; base < nv; base += chunk) levels(v + base, chunk, 1, store);
  }
  levels(v, nv, chunk < nv ? chunk : 1, out);
}

// The signed bound of a group: its values out[k] = sum_m (-1)^|m & k| x[m], over its 2^G members
// x[m], are at most x[0] + sum over m > 0 of |x[m]|, lane by lane, since every out[k] takes x[0]
// with a plus. Tighter than the sum of all magnitudes by 2 |x[0]| where x[0] < 0, at no cost.

// The levels left over the N vectors at b (contiguous), whose bound has reached the floor: the
// top level, then each half again if its own signed bound, lane by lane, still reaches it. A half
// left behind holds values each below the floor. The finished vectors' maximum goes into top.
// Groups larger than this are finished by a call: the recursion stays inlined below it, where the
// halves fit in registers. Inlined whole, a group of 2^6 AVX2 vectors took 25 s to compile, for a
// path only the groups that reach the floor take.
constexpr std::size_t kInlinedGroup = 16;

template <std::size_t N>
[[gnu::always_inline]] inline void finish_group(Lanes* b, Lanes floor, Lanes& top);

template <std::size_t N>
[[gnu::always_inline]] inline void finish_group_inline(Lanes* b, Lanes floor, Lanes& top) {
  if constexpr (N == 1) {
    top = larger(top, b[0]);
  } else {
    constexpr std::size_t h = N / 2;
    // Each half's signed bound: its first value as it is, the others' magnitudes.
    Lanes low = b[0] + b[h], high = b[0] - b[h];
    b[0] = low;
    b[h] = high;
    for (std::size_t t = 1; t < h; ++t) {
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

template <std::size_t N>
[[gnu::noinline]] void finish_group_call(Lanes* b, Lanes floor, Lanes& top) {
  finish_group_inline<N>(b, floor, top);
}

template <std::size_t N>
[[gnu::always_inline]] inline void finish_group(Lanes* b, Lanes floor, Lanes& top) {
  if constexpr (N > kInlinedGroup) {
    finish_group_call<N>(b, floor, top);
  } else {
    finish_group_inline<N>(b, floor, top);
  }
}

// The last pass of K levels at distance h over the n vectors at v, the G lowest bits of a vector's
// index left untransformed (h a multiple of 2^G): each run of 2^G consecutive t, the members of
// 2^K groups (one a value k of the pass's output bits), is transformed in registers without a
// store, and summed lane by lane into its groups' signed bounds; a group whose bound reaches
// the floor is transformed again from the pass's inputs and finished (finish_group); then those
// inputs are cleared. What this pass skips: the G levels over the members of every group below
// the floor, the store of every value.
template <unsigned K, unsigned G>
[[gnu::always_inline]] inline void bounded_last_pass(Lanes* v, std::size_t n, std::size_t h,
                                                     Lanes floor, Lanes& top) {
  constexpr std::size_t r = std::size_t{1} << K;
  constexpr std::size_t members = std::size_t{1} << G;
  for (std::size_t i = 0; i < n; i += r * h) {
    for (std::size_t base = i; base < i + h; base += members) {
      // The signed bounds: the first member as it is, then the others' magnitudes.
      Lanes bound[r];
      after_pass<K>(v + base, h, bound);
      for (std::size_t m = 1; m < members; ++m) {
        Lanes x[r];
        after_pass<K>(v + base + m, h, x);
#pragma GCC unroll 8
        for (std::size_t k = 0; k < r; ++k) bound[k] += magnitude(x[k]);
      }
      // The groups that reach, as bits: bound[] stays in registers (indexed by constants only).
      unsigned reaching = 0;
#pragma GCC unroll 8
      for (std::size_t k = 0; k < r; ++k) reaching |= any_at_least(bound[k], floor) ? 1U << k : 0;
      for (; reaching != 0; reaching &= reaching - 1) {
        const auto k = static_cast<std::size_t>(std::countr_zero(reaching));
        Lanes group[members];
        for (std::size_t m = 0; m < members; ++m) {
          Lanes x[r];
          after_pass<K>(v + base + m, h, x);
          group[m] = x[k];
        }
        finish_group<members>(group, floor, top);
      }
      const Lanes zero = opaque_zero();
      for (std::size_t m = 0; m < members; ++m) {
#pragma GCC unroll 8
        for (std::size_t k = 0; k < r; ++k) v[base + m + k * h] = zero;
      }
    }
  }
}

// The transform of the nv vectors at v pruned by groups of 2^G consecutive vectors (those that
// differ in the G lowest bits of their index): every level above those bits, three a pass, the
// last pass bounding the groups (bounded_last_pass). Leaves v zero. Contract: v zero on entry,
// then the scatter's terms added; nv >= 2^G.
template <unsigned G>
[[gnu::always_inline]] inline void pruned_levels(Lanes* v, std::size_t nv, Lanes floor,
                                                 Lanes& top) {
  const auto store = [](Lanes* p, const Lanes& x) { *p = x; };
  std::size_t h = std::size_t{1} << G;
  for (; h * 16 <= nv; h *= 8) pass<3>(v, nv, h, store);
  if (h * 8 == nv) {
    bounded_last_pass<3, G>(v, nv, h, floor, top);
  } else if (h * 4 == nv) {
    bounded_last_pass<2, G>(v, nv, h, floor, top);
  } else if (h * 2 == nv) {
    bounded_last_pass<1, G>(v, nv, h, floor, top);
  } else {
    bounded_last_pass<0, G>(v, nv, h, floor, top);
  }
}

// The largest lane. Through a copy: indexing the vector itself would keep it in memory, and the
// loops that build it would then store and reload it every step.
[[gnu::always_inline]] inline std::int16_t lane_max(Lanes top) {
  std::int16_t lanes[kLanes];
  std::memcpy(lanes, &top, sizeof top);
  return *std::max_element(lanes, lanes + kLanes);
}

}  // namespace

#if LIGHTSOUT_WHT_HAS_PART(0)
std::int64_t scatter_terms(std::int16_t* data, const WhtTerm* terms, std::size_t count,
                           std::uint64_t h) {
  return scatter(reinterpret_cast<Lanes*>(data), terms, count, h);
}

void every_level(std::int16_t* data, std::size_t nv) {
  all_levels(reinterpret_cast<Lanes*>(data), nv, [](Lanes* p, const Lanes& x) { *p = x; });
}

std::int16_t every_level_max(std::int16_t* data, std::size_t nv) {
  Lanes top = Lanes{} + std::numeric_limits<std::int16_t>::min();
  all_levels(reinterpret_cast<Lanes*>(data), nv, [&top](Lanes* p, const Lanes& x) {
    top = larger(top, x);
    *p = Lanes{};
  });
  return lane_max(top);
}
#endif

// The transform pruned by groups of 2^G vectors (pruned_levels), its largest value.
template <unsigned G>
std::int16_t pruned_max(std::int16_t* data, std::size_t nv, std::int16_t floor);

#define LIGHTSOUT_WHT_PRUNED(g)                                                         \
  template <>                                                                           \
  std::int16_t pruned_max<g>(std::int16_t * data, std::size_t nv, std::int16_t floor) { \
    Lanes top = Lanes{} + std::numeric_limits<std::int16_t>::min();                     \
    pruned_levels<g>(reinterpret_cast<Lanes*>(data), nv, Lanes{} + floor, top);         \
    return lane_max(top);                                                               \
  }
#if LIGHTSOUT_WHT_HAS_PART(3)
LIGHTSOUT_WHT_PRUNED(3)
#endif
#if LIGHTSOUT_WHT_HAS_PART(4)
LIGHTSOUT_WHT_PRUNED(4)
#endif
#if LIGHTSOUT_WHT_HAS_PART(5)
LIGHTSOUT_WHT_PRUNED(5)
#endif
#if LIGHTSOUT_WHT_HAS_PART(6) && LIGHTSOUT_WHT_LAST_GROUP >= 6
LIGHTSOUT_WHT_PRUNED(6)
#endif

#if LIGHTSOUT_WHT_HAS_PART(0)
// The set's table; the pruned kernels may be in other object files of the same set.
template <>
std::int16_t pruned_max<3>(std::int16_t* data, std::size_t nv, std::int16_t floor);
template <>
std::int16_t pruned_max<4>(std::int16_t* data, std::size_t nv, std::int16_t floor);
template <>
std::int16_t pruned_max<5>(std::int16_t* data, std::size_t nv, std::int16_t floor);
#if LIGHTSOUT_WHT_LAST_GROUP >= 6
template <>
std::int16_t pruned_max<6>(std::int16_t* data, std::size_t nv, std::int16_t floor);
#endif
static_assert(kWhtFirstGroupBits == 3 && kWhtLastGroupBits == 6, "one kernel per group size");
extern const WhtKernels kernels;
const WhtKernels kernels = {&scatter_terms,
                            &every_level,
                            &every_level_max,
                            LIGHTSOUT_WHT_LAST_GROUP,
                            {&pruned_max<3>, &pruned_max<4>, &pruned_max<5>,
#if LIGHTSOUT_WHT_LAST_GROUP >= 6
                             &pruned_max<6>
#else
                             nullptr
#endif
                            }};
#endif

}  // namespace lightsout::detail::LIGHTSOUT_WHT_ISA
