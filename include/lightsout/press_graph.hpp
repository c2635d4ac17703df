// Small press systems over GF(2) in machine words: whether a change can be pressed, and how many
// ways (the switch problem's hot path).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace lightsout {

// presses[j] = the nodes (bit i = node i) that pressing node j flips, for at most 32 nodes.
// Returns the nullity of the press system when some set of presses flips exactly `change` (then
// 2^nullity sets do), nullopt when none does. O(n^2) word operations, no allocation.
std::optional<std::size_t> press_graph_nullity(std::span<const std::uint32_t> presses,
                                               std::uint32_t change);

}  // namespace lightsout
