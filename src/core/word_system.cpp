// count_word_system: reachability and nullity of a word-packed GF(2) system, and graph columns.
#include "lightsout/word_system.hpp"

#include <bit>
#include <stdexcept>

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
