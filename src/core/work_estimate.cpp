// work_estimate: the cost model of the automatic method for any rules (see the header).
#include "lightsout/work_estimate.hpp"

#include <algorithm>
#include <cstdlib>

#include "chase_rules.hpp"
#include "zk_matrix.hpp"

namespace lightsout {

namespace {

// The band of the press matrix in cell numbers (row-major): how far apart the cells one press
// touches can be numbered, doubled when the board wraps (a wrapped press reaches both ends).
double band(const Rules& rules, std::size_t rows, std::size_t cols, double n) {
  if (rules.has_graph() || rules.neighbourhood == Neighbourhood::rowcol) return n;
  int dr_min = 0;
  int dr_max = 0;
  int dc_min = 0;
  int dc_max = 0;
  for (const Offset& o : rules.offsets) {
    dr_min = std::min(dr_min, o.dr);
    dr_max = std::max(dr_max, o.dr);
    dc_min = std::min(dc_min, o.dc);
    dc_max = std::max(dc_max, o.dc);
  }
  const double reach_rows = std::min<double>(dr_max - dr_min, static_cast<double>(rows));
  double w = reach_rows * static_cast<double>(cols) + (dc_max - dc_min) + 1;
  if (rules.topology != Topology::plane) w *= 2;
  return std::min(w, n);
}

double primes_of(unsigned k) { return static_cast<double>(detail::factor_prime_powers(k).size()); }

// Light chasing takes these rules on this size (as the Solver's automatic choice).
bool chase_fits(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (!detail::RulesChase::applies(rules, rows, cols)) return false;
  const std::size_t most =
      rules.states == 2 ? detail::RulesChase::kMaxUnknownsGf2 : detail::RulesChase::kMaxUnknownsZk;
  return detail::RulesChase::unknowns(rules, rows, cols) <= most;
}

}  // namespace

double estimated_solve_work(const Rules& rules, std::size_t rows, std::size_t cols) {
  const auto cells = static_cast<double>(rows) * static_cast<double>(cols);
  if (is_classic(rules)) return cells;
  const bool two = rules.states == 2;
  if (chase_fits(rules, rows, cols)) {
    const auto u = static_cast<double>(detail::RulesChase::unknowns(rules, rows, cols));
    if (two) return u * cells / 16 + u * u * u / 16;
    return 2 * u * cells + 4 * primes_of(rules.states) * u * u * u;
  }
  const auto n = static_cast<double>(existing_cells(rules, rows, cols));
  const double w = band(rules, rows, cols, n);
  if (two) return n * w * w / 64 + n;
  return primes_of(rules.states) * n * n * w + n;
}

double estimated_solve_bytes(const Rules& rules, std::size_t rows, std::size_t cols) {
  const auto cells = static_cast<double>(rows) * static_cast<double>(cols);
  const double boards = cells * 16;
  if (is_classic(rules)) return boards;
  const bool two = rules.states == 2;
  // The reduced system and its factored copy: u x u bits for K = 2, bytes for K > 2.
  if (chase_fits(rules, rows, cols)) {
    const auto u = static_cast<double>(detail::RulesChase::unknowns(rules, rows, cols));
    return boards + 2 * u * u / (two ? 8 : 1);
  }
  const auto n = static_cast<double>(existing_cells(rules, rows, cols));
  // K = 2: n rows of the band on both sides of the diagonal, in bits (the dense n x n when the
  // band is the whole matrix); K > 2: the dense matrix, a byte an entry.
  if (two) return boards + n * band(rules, rows, cols, n) / 4;
  return boards + n * n;
}

}  // namespace lightsout
