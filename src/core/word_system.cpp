// count_word_system: reachability and nullity of a word-packed GF(2) system, and graph columns.
#include "lightsout/word_system.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "build_target.hpp"

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

constexpr std::size_t kSmallBatch = 8;
// Eight 32-bit lanes: one register with AVX2, two with the baseline's SSE2.
using SmallLanes = std::uint32_t __attribute__((vector_size(32)));

// count_word_system's elimination on up to eight systems side by side, lane i the system i; the
// columns past a system's n are 0, which leave it as it is. A lane's pivot of an all-0 column is
// 0, which never matches, so no lane needs a branch of its own.
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
  const auto add = [&](std::size_t j, const SmallLanes& v) {
    column[j] = v;
    pivot[j] = v & (zero - v);
    target ^= v & reinterpret_cast<SmallLanes>((target & pivot[j]) != 0);
  };
  std::size_t j = 0;
  for (; j + 2 <= n; j += 2) {
    SmallLanes a = input[j];
    SmallLanes b = input[j + 1];
    for (std::size_t q = 0; q < j; ++q) {
      a ^= column[q] & reinterpret_cast<SmallLanes>((a & pivot[q]) != 0);
      b ^= column[q] & reinterpret_cast<SmallLanes>((b & pivot[q]) != 0);
    }
    add(j, a);
    b ^= a & reinterpret_cast<SmallLanes>((b & pivot[j]) != 0);
    add(j + 1, b);
  }
  if (j < n) {
    SmallLanes v = input[j];
    for (std::size_t q = 0; q < j; ++q) {
      v ^= column[q] & reinterpret_cast<SmallLanes>((v & pivot[q]) != 0);
    }
    add(j, v);
  }
  SmallLanes rank{};
  for (std::size_t q = 0; q < n; ++q) rank -= reinterpret_cast<SmallLanes>(column[q] != 0);
  for (std::size_t i = 0; i < k; ++i) counts[i] = {target[i] == 0, systems[i].n - rank[i]};
}

}  // namespace

void count_small_word_systems(std::span<const SmallWordSystem> systems,
                              std::span<WordSystemCount> counts) {
  if (systems.size() != counts.size()) {
    throw std::invalid_argument("count_small_word_systems: as many counts as systems");
  }
  constexpr std::uint64_t kHigh = ~std::uint64_t{0xFFFFFFFF};
  for (const SmallWordSystem& s : systems) {
    bool fits = s.n <= kMaxSmallWordUnknowns && (s.target & kHigh) == 0;
    for (std::size_t j = 0; j < s.n && fits; ++j) fits = (s.columns[j] & kHigh) == 0;
    if (!fits) {
      throw std::invalid_argument("count_small_word_systems: at most 32 unknowns and equations");
    }
  }
  for (std::size_t at = 0; at < systems.size(); at += kSmallBatch) {
    count_small_batch(systems.data() + at, std::min(kSmallBatch, systems.size() - at),
                      counts.data() + at);
  }
}

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
