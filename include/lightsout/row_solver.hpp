// RowSolver: many classic boards of one size whose rows fit a 64-bit word, each solved by two
// light chases with the first-row system factored once; the fewest presses by walking the quiet
// patterns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lightsout {

// The classic rules (plane, plus, 2 states, goal off) on rows x cols boards, 1 <= cols <= 64.
// A board is `rows` words, bit c of word r the cell (r, c). The constructor chases each unit
// first row once and eliminates the cols x cols first-row system (O(cols^2 + cols * rows) word
// operations); a solve is two chases and one reduction, O(rows + cols) word operations.
class RowSolver {
 public:
  // The most quiet patterns whose combinations solve_fewest walks (2^20 of them).
  static constexpr std::size_t kMaxFewestNullity = 20;

  // Which of the lightest solutions solve_fewest returns when there are several.
  enum class Tie {
    any,            // the first the walk meets (the cheapest to find)
    lexicographic,  // the least read row by row, cell (0, 0) first, with 0 before 1
  };

  // Throws std::invalid_argument unless 1 <= rows and 1 <= cols <= 64.
  RowSolver(std::size_t rows, std::size_t cols);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  // The dimension of the quiet patterns (presses that change nothing).
  std::size_t nullity() const { return quiet_.size() / rows_; }
  // Whether solve_fewest is exact at this size (nullity <= kMaxFewestNullity).
  bool fewest_exact() const { return nullity() <= kMaxFewestNullity; }

  // A solution of `lights` into `presses` (both rows() words, no bits at or past cols()); false,
  // with `presses` meaningless, when there is none.
  bool solve(std::span<const std::uint64_t> lights, std::span<std::uint64_t> presses) const;
  // The fewest presses: every solution weighed (2^nullity of them), the lightest kept, ties by
  // `tie`. Contract: fewest_exact(). Returns false when `lights` has no solution.
  bool solve_fewest(std::span<const std::uint64_t> lights, std::span<std::uint64_t> presses,
                    Tie tie = Tie::any) const;

  // Up to kCountBatch boards counted at once where each has at most one solution.
  static constexpr std::size_t kCountBatch = 16;
  static constexpr int kNoSolution = -1;
  // Whether count_presses applies: nullity() == 0, cols() <= 16 and rows() <= 64.
  bool counts_batches() const { return nullity() == 0 && cols_ <= 16 && rows_ <= 64; }
  // counts[b] = the presses of board b's one solution, or kNoSolution when it has none (what
  // solve() and the weight of its presses give), for boards[b] of rows() words each. The boards
  // are chased side by side, one in each 16-bit lane of a vector (AVX2 where the CPU has it).
  // Contract: counts_batches(), boards.size() == counts.size() <= kCountBatch.
  void count_presses(std::span<const std::uint64_t* const> boards, std::span<int> counts) const;

 private:
  // Chases `lights` from the first press row `first` into presses (rows words); returns the
  // lights left on the last row.
  std::uint64_t chase(std::span<const std::uint64_t> lights, std::uint64_t first,
                      std::uint64_t* presses) const;
  // A first row x with M x = residual, where M maps a first row to the last row it leaves lit;
  // false when there is none.
  bool first_row(std::uint64_t residual, std::uint64_t& x) const;

  std::size_t rows_;
  std::size_t cols_;
  std::uint64_t mask_;
  // The reduced columns of M in insertion order: pivot bit, column, and the first rows it sums.
  struct Pivot {
    std::uint64_t bit;
    std::uint64_t column;
    std::uint64_t combination;
  };
  std::vector<Pivot> pivots_;
  // For cols <= 16, first_row by two look-ups (the reduction is linear in the residual): entry
  // 256 k + v is what the pivots make of v << 8k, its first row and what is left of it.
  struct Reduced {
    std::uint64_t x;
    std::uint64_t left;
  };
  std::vector<Reduced> byte_table_;
  std::vector<std::uint64_t> quiet_;  // nullity() quiet patterns, rows() words each
};

}  // namespace lightsout
