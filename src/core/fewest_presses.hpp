// The fewest presses in a solution set x0 + span(kernel): exact search with a proven lower bound.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <unordered_map>
#include <vector>

#include "lightsout/board.hpp"
#include "solution_symmetry.hpp"

namespace lightsout::detail {

// How much one search may do: elementary steps and a wall-clock deadline, whichever ends first.
struct SearchBudget {
  std::uint64_t work = std::numeric_limits<std::uint64_t>::max();
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Threads the search may run on: 0 for one per core (at most 64). A distributed worker, which is
  // a core, asks for 1.
  unsigned threads = 0;

  // A budget of `seconds` (<= 0 or infinite: no deadline) and `work` steps from now.
  static SearchBudget from_now(double seconds, std::uint64_t work);
};

// What a search proves. `weight` is the number of presses of the solution it returns;
// `lower_bound` is proven: no solution of the set is lighter. proven == (lower_bound == weight).
struct FewestOutcome {
  std::uint64_t weight = 0;
  std::uint64_t lower_bound = 0;
  bool proven = false;
  std::uint64_t combination = 0;  // GF(2): bit j set = add kernel vector j to x0
  // False only when a search asked for solutions lighter than `below` found none: then weight is
  // `below`, combination means nothing, and lower_bound (>= below when proven) is still proven.
  bool found = true;
  // The budget left nothing open: every solution was weighed or pruned, so the tie-break (the
  // smallest combination, or fewest_zk's least vector) is settled, not only the weight.
  bool complete = true;
};

// The least nullity at which the branch and bound searches one subtree per orbit of the
// symmetries it is given (Gf2Classes::set_symmetries): below it the whole search takes
// milliseconds, less than finding the symmetries.
inline constexpr unsigned kSymmetricNullity = 26;

// How a GF(2) search visits the solutions: pruning subtrees by their bounds, or every one of them
// (2^16 or 2^18 at a time by one Walsh-Hadamard transform): the check of the first, and its
// yardstick.
enum class FewestMethod { branch_and_bound, exhaustive };

// The cells of a GF(2) solution set grouped by their kernel column (bit j of a cell's column is
// kernel vector j at that cell; at most 64 kernel vectors). The number of presses of x0 + K y is
// offset + sum over classes v != 0 of a_v [v . y], with a_v = (cells of v where x0 is 0) - (cells
// where it is 1) and offset = the cells where x0 is 1: a weighted sum over a few thousand classes
// instead of millions of cells.
class Gf2Classes {
 public:
  explicit Gf2Classes(unsigned dimension);
  // From bit-packed boards of one shape (padding bits zero): x0 and up to 64 kernel vectors.
  static Gf2Classes from_boards(const Board& x0, std::span<const Board> kernel);
  // From one byte (0 or 1) per cell.
  static Gf2Classes from_values(std::span<const std::uint8_t> x0,
                                std::span<const std::vector<std::uint8_t>> kernel);

  void add(std::uint64_t column, bool in_x0, std::uint64_t cells = 1);
  // Maps of the coordinates that keep every solution's weight (board_symmetries: the identity
  // first, a group): the branch and bound then searches one subtree per orbit, from nullity 26.
  // restricted() drops them (a subtree is not kept by them).
  void set_symmetries(std::vector<CoordinateMap> group);
  unsigned dimension() const { return d_; }
  std::size_t classes() const { return weights_.size(); }

  // Branch and bound over the kernel coordinates, highest first. A node with j free coordinates
  // holds the terms (w, a) with w < 2^j, sorted and merged (classes that agree on the free
  // coordinates add up, and often cancel); its bound is offset + sum of min(0, a). Nodes with at
  // most 16 free coordinates are solved exactly by one Walsh-Hadamard transform (the minimum of
  // sum a_w [w . z] over all z is (sum a - max of the transform) / 2). When the budget ends, the
  // bounds of the nodes left open give the proven lower bound.
  // With `below`, only solutions lighter than it are looked for (a bound known from elsewhere,
  // say another worker's best): the search prunes with it from the start.
  // The answer is the first lightest: of the solutions of least weight, the smallest combination
  // (as a number), whatever the method and the number of threads (subtrees of the top coordinates
  // are handed to every core in order; all share the best found). FewestMethod::exhaustive weighs
  // every solution instead (its bound when stopped early: the root's).
  FewestOutcome minimize(const SearchBudget& budget,
                         std::uint64_t below = std::numeric_limits<std::uint64_t>::max(),
                         FewestMethod method = FewestMethod::branch_and_bound) const;

  // The classes of one subtree of the search: the top `depth` coordinates (d-1 down to d-depth)
  // fixed to the bits of `prefix` (bit i of prefix is coordinate d-depth+i). The result has
  // dimension d - depth and weighs each completion z as this weighs (prefix, z): a coordinate
  // combination c of it is combination (prefix << (d - depth)) | c here.
  Gf2Classes restricted(unsigned depth, std::uint64_t prefix) const;

 private:
  unsigned d_;
  std::int64_t offset_ = 0;
  std::unordered_map<std::uint64_t, std::int64_t> weights_;  // column -> a_v (v != 0)
  std::vector<CoordinateMap> symmetries_;
};

// The fewest presses over Z_k (a value v counts as v presses), k > 2: the solution set
// x0 + sum c_j g_j (0 <= c_j < orders[j]) walked whole, by an odometer, while the budget lasts;
// `solution` is replaced by the lightest seen. The lower bound when the walk is cut short: cells
// grouped by kernel column, each class at its best shift on its own. With `lexicographic`, of
// equally light solutions the least value vector (cell 0 first) is kept: ties are walked too.
FewestOutcome fewest_zk(std::vector<std::uint8_t>& solution,
                        std::span<const std::vector<std::uint8_t>> kernel,
                        std::span<const unsigned> orders, unsigned k, const SearchBudget& budget,
                        bool lexicographic = false);

}  // namespace lightsout::detail

namespace lightsout {

// The lightest element of presses + span(kernel) over GF(2), in place: the class branch and bound
// above for at most 64 kernel vectors, greedy descent past that (adding any kernel vector that
// lowers the weight, with the bound of the cells no kernel vector touches). Contract: `kernel` a
// basis of the quiet patterns, every board of presses' shape. The outcome's weight is presses'.
// With `lexicographic` (TieBreak::lexicographic), a proven answer is the least of the lightest in
// row-major order: the search runs on a copy of the kernel in echelon form (see minimize.cpp),
// without the board's symmetries.
detail::FewestOutcome minimize_board(
    Board& presses, std::span<const Board> kernel, const detail::SearchBudget& budget,
    detail::FewestMethod method = detail::FewestMethod::branch_and_bound,
    bool lexicographic = false);

}  // namespace lightsout
