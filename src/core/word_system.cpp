// count_word_system: reachability and nullity of a word-packed GF(2) system, and graph columns.
#include "lightsout/word_system.hpp"

#include <bit>
#include <stdexcept>

namespace lightsout {

WordSystemCount count_word_system(std::span<const std::uint64_t> columns, std::uint64_t target) {
  if (columns.size() > kMaxWordUnknowns) {
    throw std::invalid_argument("count_word_system: at most 64 columns");
  }
  // Gauss-Jordan on the columns: basis[b], for each pivot bit b in `pivots`, is a combination of
  // columns with bit b and no other pivot bit. A column is reduced by one xor per pivot bit it
  // has (independent xors, no chain through leading bits); what is left, when not 0, becomes a
  // pivot at its lowest bit, cleared from the others.
  std::array<std::uint64_t, 64> basis{};
  std::uint64_t pivots = 0;
  std::size_t rank = 0;
  const auto reduce = [&basis, &pivots](std::uint64_t w) {
    for (std::uint64_t m = w & pivots; m != 0; m &= m - 1) {
      w ^= basis[static_cast<std::size_t>(std::countr_zero(m))];
    }
    return w;
  };
  for (const std::uint64_t column : columns) {
    const std::uint64_t c = reduce(column);
    if (c == 0) continue;
    const auto b = static_cast<unsigned>(std::countr_zero(c));
    for (std::uint64_t m = pivots; m != 0; m &= m - 1) {
      std::uint64_t& row = basis[static_cast<std::size_t>(std::countr_zero(m))];
      row ^= c & (0 - ((row >> b) & 1U));
    }
    basis[b] = c;
    pivots |= std::uint64_t{1} << b;
    ++rank;
  }
  target = reduce(target);
  return {target == 0, columns.size() - rank};
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
