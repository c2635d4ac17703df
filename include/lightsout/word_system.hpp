// count_word_system: a GF(2) system of at most 64 unknowns and equations, one 64-bit word a
// column, solved for reachability and nullity with no allocation (a judge's per-case hot path).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "lightsout/rules.hpp"

namespace lightsout {

inline constexpr std::size_t kMaxWordUnknowns = 64;

// What count_word_system finds: whether the target is reachable, and the nullity (unknowns minus
// the rank). When reachable there are exactly 2^nullity solutions (SolutionCount::power(2,
// nullity)); otherwise none.
struct WordSystemCount {
  bool reachable = false;
  std::size_t nullity = 0;
  bool operator==(const WordSystemCount&) const = default;
};

// Contract: columns[j] is the column of unknown j (at most kMaxWordUnknowns of them): bit i is set
// when pressing j changes light i. Returns whether some set S of unknowns has the xor of its
// columns equal to `target`, and columns.size() - rank. Throws std::invalid_argument past 64
// columns; never allocates.
// How: Gaussian elimination over GF(2) in words, on the columns in order, each reduced by the
// pivots before it without a branch on their bits, two at a time; the target reduced by each pivot
// as it is added. O(columns * rank) word operations: about 28^2 / 2 masked xors for a 28-switch
// case.
WordSystemCount count_word_system(std::span<const std::uint64_t> columns, std::uint64_t target);

// A system for count_small_word_systems: n <= 32 unknowns, columns[j] (j < n) the column of
// unknown j, with no bit at or past 32, and the target.
struct SmallWordSystem {
  std::size_t n = 0;
  const std::uint64_t* columns = nullptr;
  std::uint64_t target = 0;
};
inline constexpr std::size_t kMaxSmallWordUnknowns = 32;

// count_word_system for many small systems (a judge's batch of switch-problem cases): counts[i]
// = count_word_system(columns of systems[i], its target), the same elimination in the same
// order run on 16 systems at once, one 32-bit lane each, with no branch on any of them (a batch
// costs what its largest system costs). Throws std::invalid_argument when a system has more than
// 32 unknowns or a column or target bit at or past 32, or when the spans' sizes differ.
void count_small_word_systems(std::span<const SmallWordSystem> systems,
                              std::span<WordSystemCount> counts);

// The press columns of a graph rules set (Rules::graph, directed or not) of at most 64 nodes and
// two states: column u has bit u when rules.self, and bit v for every v in graph[u] (the nodes a
// press of u changes), the same matrix build_press_system gives. Entries past the node count are
// 0; count_word_system(std::span(columns).first(rules.graph.size()), lights ^ goal) then counts
// the press sets. Throws RulesError when the graph breaks its invariants (check_graph),
// std::invalid_argument when the rules are not a graph of 1..64 nodes or have other than 2 states.
std::array<std::uint64_t, kMaxWordUnknowns> graph_press_columns(const Rules& rules);

}  // namespace lightsout
