// solve_enumerate: the textbook method, trying every first row of presses and chasing the rest.
#include <array>
#include <bit>
#include <stdexcept>
#include <utility>

#include "chase.hpp"
#include "lex_order.hpp"
#include "solve.hpp"

namespace lightsout {

namespace {

// Every first row (as a word, n <= 20) whose chase darkens `lights` (nullptr = dark board).
std::vector<std::uint64_t> working_first_rows(const Board* lights, Board& scratch) {
  const std::size_t n = scratch.cols();
  std::vector<std::uint64_t> found;
  std::uint64_t phantom = 0;
  for (std::uint64_t y = 0; y < (std::uint64_t{1} << n); ++y) {
    if (detail::chase_rows(lights, &y, scratch, &phantom)) found.push_back(y);
  }
  return found;
}

}  // namespace

SolveResult solve_enumerate(const Board& lights, const SolveOptions& options) {
  const bool transpose = lights.cols() > lights.rows();
  Board flipped;
  if (transpose) flipped = lights.transposed();
  const Board& b = transpose ? flipped : lights;
  const std::size_t m = b.rows();
  const std::size_t n = b.cols();
  if (n > 20) throw std::invalid_argument("solve_enumerate: the shorter side must be <= 20");

  Board scratch(m, n);
  SolveResult result;
  const std::vector<std::uint64_t> solutions = working_first_rows(&b, scratch);
  result.solvable = !solutions.empty();

  // The quiet first rows: differences of solutions, or a second pass over a dark board.
  std::vector<std::uint64_t> quiet;
  if (result.solvable) {
    for (std::uint64_t y : solutions) quiet.push_back(y ^ solutions.front());
  } else {
    quiet = working_first_rows(nullptr, scratch);
  }
  result.nullity = static_cast<std::size_t>(std::countr_zero(quiet.size()));  // |quiet| = 2^d

  std::uint64_t phantom = 0;
  Board x(m, n);
  if (result.solvable) {
    // Having seen every solution, the lightest one is the proven minimum.
    std::uint64_t chosen = solutions.front();
    if (options.minimal) {
      const bool lexicographic = options.tie_break == TieBreak::lexicographic;
      std::size_t best = SIZE_MAX;
      Board least;  // lexicographic: the best presses in the board's own orientation
      for (std::uint64_t y : solutions) {
        detail::chase_rows(&b, &y, scratch, &phantom);
        const std::size_t weight = scratch.popcount();
        if (weight > best || (weight == best && !lexicographic)) continue;
        if (lexicographic) {
          Board own = transpose ? scratch.transposed() : scratch;
          if (weight == best && !detail::lex_less(own.words(), least.words())) continue;
          least = std::move(own);
        }
        best = weight;
        chosen = y;
      }
      result.minimal = result.minimal_proven = true;
    }
    detail::chase_rows(&b, &chosen, x, &phantom);
    result.presses = transpose ? x.transposed() : x;
    if (result.minimal) result.minimal_lower_bound = result.presses.popcount();
  } else {
    result.presses = Board(lights.rows(), lights.cols());
  }

  if (options.kernel) {
    // Reduce the quiet rows to a basis: keep each row that is independent of those kept so far.
    std::array<std::uint64_t, 64> by_top_bit{};  // echelon copies, for the independence test
    for (std::uint64_t q : quiet) {
      std::uint64_t v = q;
      while (v != 0 && by_top_bit[std::bit_width(v) - 1] != 0)
        v ^= by_top_bit[std::bit_width(v) - 1];
      if (v == 0) continue;
      by_top_bit[std::bit_width(v) - 1] = v;
      detail::chase_rows(nullptr, &q, x, &phantom);
      result.kernel.push_back(transpose ? x.transposed() : x);
    }
  }
  return result;
}

}  // namespace lightsout
