// count_word_system: reachability and nullity of a word-packed GF(2) system, and graph columns.
#include "lightsout/word_system.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "build_target.hpp"
#include "word_system_wide.hpp"

#if defined(__x86_64__) && !defined(__EMSCRIPTEN__) && (defined(__GNUC__) || defined(__clang__))
#define LIGHTSOUT_SMALL_AVX512 1
#include <immintrin.h>
#else
#define LIGHTSOUT_SMALL_AVX512 0
#endif

namespace lightsout {

WordSystemCount count_word_system(std::span<const std::uint64_t> columns, std::uint64_t target) {
  if (columns.size() > kMaxWordUnknowns) {
    throw std::invalid_argument("count_word_system: at most 64 columns");
  }
  // Gaussian elimination on the columns, in insertion order: each column is reduced by every
  // pivot column before it (the one with that pivot's bit), and what is left, when not 0, becomes
  // a pivot at its lowest bit; later columns have no earlier pivot bit, so reducing in the same
  // order clears every pivot bit. The target is reduced by each pivot as it is added (the same
  // order). No branch on a pivot bit (a random system mispredicts half of them), and two columns
  // reduced side by side: two independent chains of dependent xors.
  std::array<std::uint64_t, kMaxWordUnknowns> column{};
  std::array<std::uint64_t, kMaxWordUnknowns> pivot{};
  std::size_t rank = 0;
  const auto take = [](std::uint64_t v, std::uint64_t bit) {
    return std::uint64_t{0} - static_cast<std::uint64_t>((v & bit) != 0);
  };
  const auto add = [&](std::uint64_t v) {
    column[rank] = v;
    pivot[rank] = v & (~v + 1);
    target ^= v & take(target, pivot[rank]);
    ++rank;
  };
  const std::size_t n = columns.size();
  std::size_t next = 0;
  for (; next + 2 <= n; next += 2) {
    std::uint64_t a = columns[next];
    std::uint64_t b = columns[next + 1];
    for (std::size_t k = 0; k < rank; ++k) {
      a ^= column[k] & take(a, pivot[k]);
      b ^= column[k] & take(b, pivot[k]);
    }
    if (a != 0) {
      add(a);
      b ^= a & take(b, pivot[rank - 1]);
    }
    if (b != 0) add(b);
  }
  if (next < n) {
    std::uint64_t v = columns[next];
    for (std::size_t k = 0; k < rank; ++k) v ^= column[k] & take(v, pivot[k]);
    if (v != 0) add(v);
  }
  return {target == 0, n - rank};
}

namespace {

constexpr std::size_t kSmallBatch = 16;
// Sixteen 32-bit lanes: two registers with AVX2, four with the baseline's SSE2 (with AVX-512,
// count_small_batch_avx512 below runs instead).
using SmallLanes = std::uint32_t __attribute__((vector_size(64)));

// count_word_system's elimination on up to sixteen systems side by side, lane i the system i; the
// columns past a system's n are 0, which leave it as it is. A lane's pivot of an all-0 column is
// 0, which never matches, so no lane needs a branch of its own. Four columns are reduced side by
// side (four independent chains of dependent steps, so the lanes' latency overlaps), each by
// every earlier pivot in order, as count_word_system does.
LIGHTSOUT_TARGET_CLONES void count_small_batch(const SmallWordSystem* systems, std::size_t k,
                                               WordSystemCount* counts) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < k; ++i) n = std::max(n, systems[i].n);
  SmallLanes column[kMaxSmallWordUnknowns];
  SmallLanes pivot[kMaxSmallWordUnknowns];
  SmallLanes target{};
  SmallLanes input[kMaxSmallWordUnknowns];
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i < kSmallBatch; ++i) {
      input[j][i] =
          i < k && j < systems[i].n ? static_cast<std::uint32_t>(systems[i].columns[j]) : 0U;
    }
  }
  for (std::size_t i = 0; i < k; ++i) target[i] = static_cast<std::uint32_t>(systems[i].target);
  const SmallLanes zero{};
  const auto reduce = [&](SmallLanes& v, std::size_t q) {
    v ^= column[q] & reinterpret_cast<SmallLanes>((v & pivot[q]) != 0);
  };
  const auto add = [&](std::size_t j, const SmallLanes& v) {
    column[j] = v;
    pivot[j] = v & (zero - v);
    target ^= v & reinterpret_cast<SmallLanes>((target & pivot[j]) != 0);
  };
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    SmallLanes a = input[j];
    SmallLanes b = input[j + 1];
    SmallLanes c = input[j + 2];
    SmallLanes d = input[j + 3];
    for (std::size_t q = 0; q < j; ++q) {
      reduce(a, q);
      reduce(b, q);
      reduce(c, q);
      reduce(d, q);
    }
    add(j, a);
    reduce(b, j);
    reduce(c, j);
    reduce(d, j);
    add(j + 1, b);
    reduce(c, j + 1);
    reduce(d, j + 1);
    add(j + 2, c);
    reduce(d, j + 2);
    add(j + 3, d);
  }
  for (; j < n; ++j) {
    SmallLanes v = input[j];
    for (std::size_t q = 0; q < j; ++q) reduce(v, q);
    add(j, v);
  }
  SmallLanes rank{};
  for (std::size_t q = 0; q < n; ++q) rank -= reinterpret_cast<SmallLanes>(column[q] != 0);
  for (std::size_t i = 0; i < k; ++i) counts[i] = {target[i] == 0, systems[i].n - rank[i]};
}

#if LIGHTSOUT_SMALL_AVX512
#define LIGHTSOUT_AVX512 __attribute__((target("avx512f")))

// fit_in_lanes with AVX-512: eight columns a load.
LIGHTSOUT_AVX512 bool small_systems_fit(const SmallWordSystem* systems, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const SmallWordSystem& s = systems[i];
    if (s.n > kMaxSmallWordUnknowns) return false;
    __m512i bits = _mm512_set1_epi64(static_cast<long long>(s.target));
    for (std::size_t j = 0; j < s.n; j += 8) {
      const auto lanes = static_cast<__mmask8>(s.n - j >= 8 ? 0xFF : (1U << (s.n - j)) - 1);
      bits = _mm512_or_si512(bits, _mm512_maskz_loadu_epi64(lanes, s.columns + j));
    }
    if (_mm512_test_epi64_mask(bits, _mm512_set1_epi64(~0xFFFFFFFFLL)) != 0) return false;
  }
  return true;
}

// Lane i of the result: the word at row_start[i] (in words) from `at`.
LIGHTSOUT_AVX512 inline __m512i gather_column(const __m512i& row_starts, const std::uint32_t* at) {
  return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), 0xFFFF, row_starts, at, 4);
}

// In each lane where v has the pivot's bit, v ^= column.
LIGHTSOUT_AVX512 inline void reduce_lanes(__m512i& v, const __m512i& column, const __m512i& pivot) {
  v = _mm512_mask_xor_epi32(v, _mm512_test_epi32_mask(v, pivot), v, column);
}

// Each lane's lowest set bit (0 for 0).
LIGHTSOUT_AVX512 inline __m512i lowest_bits(const __m512i& v) {
  return _mm512_and_si512(v, _mm512_sub_epi32(_mm512_setzero_si512(), v));
}

// v becomes a pivot column: its lowest bit its pivot, the target reduced by it.
LIGHTSOUT_AVX512 inline void add_pivot(const __m512i& v, __m512i& column, __m512i& pivot,
                                       __m512i& target) {
  column = v;
  pivot = lowest_bits(v);
  reduce_lanes(target, v, pivot);
}

// count_small_batch with AVX-512 written out: a reduction step is one test into a mask and one
// masked xor; the columns gathered into lanes from each system's row of 32.
LIGHTSOUT_AVX512 void count_small_batch_avx512(const SmallWordSystem* systems, std::size_t k,
                                               WordSystemCount* counts) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < k; ++i) n = std::max(n, systems[i].n);
  alignas(64) std::uint32_t rows[kSmallBatch][kMaxSmallWordUnknowns];
  alignas(64) std::uint32_t targets[kSmallBatch] = {};
  for (std::size_t i = 0; i < kSmallBatch; ++i) {
    const std::size_t ni = i < k ? systems[i].n : 0;
    for (std::size_t j = 0; j < kMaxSmallWordUnknowns; j += 8) {
      __m512i wide = _mm512_setzero_si512();
      if (j < ni) {
        const auto lanes = static_cast<__mmask8>(ni - j >= 8 ? 0xFF : (1U << (ni - j)) - 1);
        wide = _mm512_maskz_loadu_epi64(lanes, systems[i].columns + j);
      }
      _mm256_store_si256(reinterpret_cast<__m256i*>(&rows[i][j]),
                         _mm512_maskz_cvtepi64_epi32(0xFF, wide));
    }
    if (i < k) targets[i] = static_cast<std::uint32_t>(systems[i].target);
  }
  const __m512i row_starts =
      _mm512_mullo_epi32(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                         _mm512_set1_epi32(static_cast<int>(kMaxSmallWordUnknowns)));
  __m512i column[kMaxSmallWordUnknowns];
  __m512i pivot[kMaxSmallWordUnknowns];
  __m512i target = _mm512_load_si512(targets);
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    __m512i a = gather_column(row_starts, &rows[0][j]);
    __m512i b = gather_column(row_starts, &rows[0][j + 1]);
    __m512i c = gather_column(row_starts, &rows[0][j + 2]);
    __m512i d = gather_column(row_starts, &rows[0][j + 3]);
    for (std::size_t q = 0; q < j; ++q) {
      reduce_lanes(a, column[q], pivot[q]);
      reduce_lanes(b, column[q], pivot[q]);
      reduce_lanes(c, column[q], pivot[q]);
      reduce_lanes(d, column[q], pivot[q]);
    }
    add_pivot(a, column[j], pivot[j], target);
    reduce_lanes(b, column[j], pivot[j]);
    reduce_lanes(c, column[j], pivot[j]);
    reduce_lanes(d, column[j], pivot[j]);
    add_pivot(b, column[j + 1], pivot[j + 1], target);
    reduce_lanes(c, column[j + 1], pivot[j + 1]);
    reduce_lanes(d, column[j + 1], pivot[j + 1]);
    add_pivot(c, column[j + 2], pivot[j + 2], target);
    reduce_lanes(d, column[j + 2], pivot[j + 2]);
    add_pivot(d, column[j + 3], pivot[j + 3], target);
  }
  for (; j < n; ++j) {
    __m512i v = gather_column(row_starts, &rows[0][j]);
    for (std::size_t q = 0; q < j; ++q) reduce_lanes(v, column[q], pivot[q]);
    add_pivot(v, column[j], pivot[j], target);
  }
  __m512i rank = _mm512_setzero_si512();
  for (std::size_t q = 0; q < n; ++q) {
    rank = _mm512_mask_sub_epi32(rank, _mm512_test_epi32_mask(column[q], column[q]), rank,
                                 _mm512_set1_epi32(-1));
  }
  alignas(64) std::uint32_t ranks[kSmallBatch];
  _mm512_store_si512(ranks, rank);
  const std::uint32_t missed = _mm512_test_epi32_mask(target, target);
  for (std::size_t i = 0; i < k; ++i) {
    counts[i] = {((missed >> i) & 1U) == 0, systems[i].n - ranks[i]};
  }
}

bool cpu_has_avx512() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0;
}

std::atomic<bool>& wide_choice() {
  static std::atomic<bool> choice{cpu_has_avx512()};
  return choice;
}
#endif

}  // namespace

namespace {

// Whether count_small_word_systems runs its AVX-512 kernel.
bool wide_kernel() {
#if LIGHTSOUT_SMALL_AVX512
  return wide_choice().load(std::memory_order_relaxed);
#else
  return false;
#endif
}

// Whether every system fits in 32-bit lanes: n <= 32, no column or target bit at or past 32.
bool fit_in_lanes(std::span<const SmallWordSystem> systems, bool wide) {
#if LIGHTSOUT_SMALL_AVX512
  if (wide) return small_systems_fit(systems.data(), systems.size());
#endif
  constexpr std::uint64_t kHigh = ~std::uint64_t{0xFFFFFFFF};
  for (const SmallWordSystem& s : systems) {
    bool fits = s.n <= kMaxSmallWordUnknowns && (s.target & kHigh) == 0;
    for (std::size_t j = 0; j < s.n && fits; ++j) fits = (s.columns[j] & kHigh) == 0;
    if (!fits) return false;
  }
  return true;
}

// Up to kSmallBatch systems counted by the kernel chosen.
void count_batch(const SmallWordSystem* systems, std::size_t k, WordSystemCount* counts,
                 bool wide) {
#if LIGHTSOUT_SMALL_AVX512
  if (wide) {
    count_small_batch_avx512(systems, k, counts);
    return;
  }
#endif
  count_small_batch(systems, k, counts);
}

}  // namespace

void count_small_word_systems(std::span<const SmallWordSystem> systems,
                              std::span<WordSystemCount> counts) {
  if (systems.size() != counts.size()) {
    throw std::invalid_argument("count_small_word_systems: as many counts as systems");
  }
  const bool wide = wide_kernel();
  if (!fit_in_lanes(systems, wide)) {
    throw std::invalid_argument("count_small_word_systems: at most 32 unknowns and equations");
  }
  for (std::size_t at = 0; at < systems.size(); at += kSmallBatch) {
    count_batch(systems.data() + at, std::min(kSmallBatch, systems.size() - at), counts.data() + at,
                wide);
  }
}

namespace detail {

bool use_wide_small_systems(bool on) {
#if LIGHTSOUT_SMALL_AVX512
  return wide_choice().exchange(on && cpu_has_avx512());
#else
  (void)on;
  return false;
#endif
}

}  // namespace detail

std::array<std::uint64_t, kMaxWordUnknowns> graph_press_columns(const Rules& rules) {
  const std::size_t n = rules.graph.size();
  if (n == 0 || n > kMaxWordUnknowns || rules.states != 2) {
    throw std::invalid_argument("graph_press_columns: needs a graph of 1..64 nodes, 2 states");
  }
  check_graph(rules);
  std::array<std::uint64_t, kMaxWordUnknowns> columns{};
  for (std::size_t u = 0; u < n; ++u) {
    std::uint64_t c = rules.self ? std::uint64_t{1} << u : 0;
    for (const std::uint32_t v : rules.graph[u]) c |= std::uint64_t{1} << v;
    columns[u] = c;
  }
  return columns;
}

}  // namespace lightsout
