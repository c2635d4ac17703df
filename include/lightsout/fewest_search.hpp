// FewestSearch: one two-state board's fewest-presses search split into independent subtrees of its
// kernel coordinates, each searched on its own (the unit of work of a distributed search).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>

#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// What the search of one subtree proves. A combination names the solution x0 + sum of the kernel
// vectors j whose bit j is set, in the FewestSearch's coordinates and over the whole board (the
// subtree's prefix included).
struct SubtreeOutcome {
  // False only when no solution lighter than `below` was found: then weight is `below` and
  // combination 0, and lower_bound (>= below when proven) is still proven.
  bool found = true;
  std::uint64_t weight = 0;  // the number of presses of the solution found
  std::uint64_t combination = 0;
  // Proven: no solution of the subtree has fewer presses. proven == (lower_bound == weight).
  std::uint64_t lower_bound = 0;
  bool proven = false;
  // The budget left nothing open: every solution of the subtree was weighed or pruned.
  bool complete = true;
};

// The least cheap bound over the subtrees at one depth (FewestSearch::least_bound).
struct LeastBound {
  std::int64_t bound = 0;   // proven: no solution of the board has fewer presses
  bool complete = true;     // false when cut short by the time given
  std::uint64_t nodes = 0;  // nodes of the coordinates' tree visited
};

// One solvable two-state board with at most 64 quiet patterns: a solution x0 and a kernel basis,
// and the classes of cells (cells with the same kernel column) built from them once. The search
// space is the 2^nullity() combinations of the basis; a subtree (depth, prefix) is the
// combinations whose top `depth` coordinates are `prefix` (bit i of prefix: coordinate
// nullity() - depth + i). Every call only reads the board, so one object serves any number of
// calls, from any number of threads.
//
// When reflections or rotations of the board keep its solution set (looked for from nullity 16
// on, boards up to 2^22 cells), the basis is chosen so that its low kept() coordinates span a
// subspace they keep: at any depth of at least nullity() - kept() they permute the subtrees, and
// canonical() says which one of each orbit to search (the others weigh the same).
class FewestSearch {
 public:
  // No bound: every solution is looked for.
  static constexpr std::uint64_t kNoBound = std::numeric_limits<std::uint64_t>::max();

  // The Solver a FewestSearch of a rows x cols board under `rules` solves with. Throws
  // std::invalid_argument when the rules have more than two states, else what Solver's
  // constructor throws (rules that do not fit the size). The refusals that need no lights, first.
  static Solver prepare(const Rules& rules, std::size_t rows, std::size_t cols);

  // The board `lights` (values 0/1, the solver's size) solved with kernel by `solver`. Throws
  // std::invalid_argument when the solver has more than two states, the board has no solution or
  // more than 64 quiet patterns, and what Solver::solve throws for lights of another size or
  // states. Cost: the solve, the symmetries' search (from nullity 16) and O(cells * nullity) for
  // the classes.
  FewestSearch(const Solver& solver, const Grid& lights);
  // FewestSearch(prepare(rules, lights.rows(), lights.cols()), lights).
  FewestSearch(const Rules& rules, const Grid& lights);
  ~FewestSearch();
  // A moved-from search may only be destroyed or assigned to.
  FewestSearch(FewestSearch&&) noexcept;
  FewestSearch& operator=(FewestSearch&&) noexcept;

  std::size_t rows() const;
  std::size_t cols() const;
  // The number of kernel coordinates (the board's nullity).
  unsigned nullity() const;
  // The dimension of the subspace the symmetries keep (0: no symmetry acts).
  unsigned kept() const;
  // The number of classes of cells the search weighs (cells of one nonzero kernel column).
  std::size_t classes() const;

  // The subtree checks below throw std::invalid_argument when depth > nullity() ("depth D is
  // above the nullity N") or prefix has bits at or above `depth` ("prefix P does not fit in D
  // bits").

  // Whether the subtree (depth, prefix) is to be searched: always, unless the symmetries send it
  // to a subtree of a smaller prefix (at depths of nullity() - kept() and more). Every subtree is
  // the image of a canonical one of the same depth, with the same lightest weight.
  bool canonical(unsigned depth, std::uint64_t prefix) const;

  // The subtree (depth, prefix) searched (branch and bound over the classes) for solutions lighter
  // than `below`, for at most `seconds` (<= 0: no limit) on `threads` threads (0: one per core;
  // a distributed worker, which is one core, passes 1). Of the lightest solutions found, the
  // smallest combination. Cut short by the time, the outcome is not proven and its lower bound
  // is the least over the nodes left open.
  SubtreeOutcome subtree(unsigned depth, std::uint64_t prefix, std::uint64_t below = kNoBound,
                         double seconds = 0.0, unsigned threads = 0) const;

  // The subtree without a step of search: the greedy descent's solution (found only when lighter
  // than `below`) and the cheap bound the search checks at the subtree's root, capped at `below`:
  // no solution of the subtree is lighter than lower_bound.
  SubtreeOutcome probe(unsigned depth, std::uint64_t prefix, std::uint64_t below = kNoBound) const;

  // The cheap bound of the subtree (depth, prefix): offset + sum of min(0, a) over the classes
  // merged on the free coordinates. No solution of the subtree is lighter; a child's bound is
  // never below its parent's.
  std::int64_t bound(unsigned depth, std::uint64_t prefix) const;

  // The least cheap bound over every subtree at `depth`: a proven lower bound of the whole
  // board's fewest presses, found depth first (the lower child first) and pruned by the least
  // bound seen so far, so most of the 2^depth subtrees are never reached. Cut short by `seconds`
  // (> 0), the bound is the least over the subtrees reached and the nodes left open, still proven.
  LeastBound least_bound(unsigned depth, double seconds = 0.0) const;

  // The presses x0 + sum of the kernel vectors j with bit j of `combination` set, re-applied and
  // checked to solve the board (std::logic_error if not). Throws std::invalid_argument when the
  // combination has bits at or above nullity().
  Grid presses(std::uint64_t combination) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightsout
