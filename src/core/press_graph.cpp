// press_graph_nullity: Gaussian elimination of a small press system, one word a column.
#include "lightsout/press_graph.hpp"

#include <stdexcept>

namespace lightsout {

std::optional<std::size_t> press_graph_nullity(std::span<const std::uint32_t> presses,
                                               std::uint32_t change) {
  if (presses.size() > 32) throw std::invalid_argument("press_graph_nullity: over 32 nodes");
  // The columns reduced in turn: each keeps the lowest bit no earlier column holds as its pivot;
  // a column that reduces to nothing is a quiet combination. The change is reachable iff it
  // reduces to nothing against the pivots, taken in the same order.
  std::uint32_t column[32];
  std::uint32_t pivot[32];
  std::size_t rank = 0;
  for (std::uint32_t v : presses) {
    for (std::size_t k = 0; k < rank; ++k) {
      if (v & pivot[k]) v ^= column[k];
    }
    if (v != 0) {
      column[rank] = v;
      pivot[rank] = v & (~v + 1);
      ++rank;
    }
  }
  for (std::size_t k = 0; k < rank; ++k) {
    if (change & pivot[k]) change ^= column[k];
  }
  if (change != 0) return std::nullopt;
  return presses.size() - rank;
}

}  // namespace lightsout
