// fix_solvable: the fewest lights to change so that a board becomes solvable under its rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "lightsout/board.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// The rules of the transposed press matrix: a mask turned half a turn, a directed graph with every
// arc reversed (every other neighbourhood, the undirected graphs and rowcol are symmetric and
// come back unchanged). Its quiet patterns are the
// conditions a solvable board meets: b is solvable exactly when q . (target - b) = 0 (mod K) for
// every quiet pattern q of the transposed rules (Z_K is a Frobenius ring, so the image of the
// press matrix is the annihilator of the transposed kernel, and generators of it suffice).
Rules transposed_rules(const Rules& rules);

// One light to change: its board index r * cols + c and the amount added to it, 1..K-1 (mod K).
struct LightChange {
  std::uint32_t cell = 0;
  std::uint8_t amount = 0;
  bool operator==(const LightChange&) const = default;
};

struct SolvableFix {
  std::vector<LightChange> changes;  // sorted by cell; empty when the board is solvable already
  bool exact = true;                 // the fewest possible; false: at most d, by elimination
};

// The breadth-first search covers K^d syndromes times its moves: it runs while that is at most
// this much work (about 0.1 s natively), else elimination (prime K) or no answer.
inline constexpr double kFixSearchWork = 4e7;

// Asked for the bytes a step of the search is about to hold, before it allocates them (the
// search's size is known only once the quiet patterns are): it may throw to stop the search, as
// a server does when its memory budget cannot hold them. Unset: no limit.
using ReserveMemory = std::function<void(std::size_t bytes)>;

// Upper estimates of what the search holds (see fewest_changes_to_solvable): `entries` distinct
// change vectors of d values, each a move and an index entry; the breadth-first search over
// `size` syndromes, its table of where each came from and its queue (4 bytes each).
std::size_t fix_moves_bytes(std::size_t entries, std::size_t d);
std::size_t fix_search_bytes(std::uint64_t size);

// The fewest changes that make `lights` solvable, given `conditions`, a generating set of the
// quiet patterns of transposed_rules(rules) on its board (each with the board's size and K
// states; holes are 0 there), the holes of the rules (0 x 0 for none), the goal value `target`
// and K = `states`. The changes e must meet q . e = q . (target - lights) for every condition q:
// the fewest cells whose columns (the q_j at that cell), times some 1..K-1, add up to the
// board's syndrome. Exact, by breadth-first search over the K^d syndromes, while that is at most
// kFixSearchWork; past it, for a prime K, at most d changes by Gaussian elimination (exact =
// false); for a composite K (zero divisors: no elimination) nothing. Throws
// std::invalid_argument when a grid's size or states do not match. `reserve` is asked before each
// large step: the distinct moves (fix_moves_bytes) and the search (fix_search_bytes); what it
// throws passes through.
std::optional<SolvableFix> fewest_changes_to_solvable(std::span<const Grid> conditions,
                                                      const Grid& lights, const Board& holes,
                                                      unsigned target, unsigned states,
                                                      const ReserveMemory& reserve = {});

// The same from the rules alone: the conditions are board_facts(transposed_rules(rules), ...)'s
// kernel. Throws as board_facts does (cell limits of the Solver) and as above.
std::optional<SolvableFix> fewest_changes_to_solvable(const Rules& rules, const Grid& lights,
                                                      const ReserveMemory& reserve = {});

}  // namespace lightsout
