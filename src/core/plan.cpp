// The plan of a solve: the automatic method, its work and bytes, and the refusal rule (see the
// header lightsout/plan.hpp).
#include "lightsout/plan.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "banded_gf2.hpp"
#include "banded_zk.hpp"
#include "chase_plane_mask.hpp"
#include "chase_plus.hpp"
#include "lightsout/info.hpp"
#include "rowcol_closed.hpp"
#include "small_system.hpp"
#include "solve.hpp"
#include "wrap_facts.hpp"
#include "zk_matrix.hpp"

namespace lightsout {

namespace {

// The band of the press matrix: how far apart the cells one press touches can be numbered, in
// the better of the row-major and column-major orders (banded elimination tries both), doubled
// when the board wraps (a wrapped press reaches both ends, which the folded orders bring back).
// A graph: twice the largest |u - v| of an edge, plus one (its own order is one of those tried);
// a directed graph's arcs are each in one list, and |u - v| reads them either way.
double band(const Rules& rules, std::size_t rows, std::size_t cols, double n) {
  if (rules.neighbourhood == Neighbourhood::rowcol) return n;
  if (rules.has_graph()) {
    std::size_t reach = 0;
    for (std::size_t u = 0; u < rules.graph.size(); ++u) {
      for (const std::uint32_t v : rules.graph[u])
        reach = std::max<std::size_t>(reach, v > u ? v - u : u - v);
    }
    return std::min(2 * static_cast<double>(reach) + 1, n);
  }
  double w = detail::BandedGf2::mask_band(rules.offsets, rows, cols);
  if (rules.topology != Topology::plane) w *= 2;
  return std::min(w, n);
}

double primes_of(unsigned k) { return static_cast<double>(detail::factor_prime_powers(k).size()); }

// The touches of all presses: the offsets that land on the board (holes counted as cells).
double touches(const Rules& rules, std::size_t rows, std::size_t cols) {
  const auto r = static_cast<double>(rows);
  const auto c = static_cast<double>(cols);
  if (rules.has_graph()) {
    double t = rules.self ? static_cast<double>(rules.graph.size()) : 0;
    // Undirected: each edge twice, once a direction; directed: each arc once. A touch a list entry.
    for (const auto& adjacent : rules.graph) t += static_cast<double>(adjacent.size());
    return t;
  }
  if (rules.neighbourhood == Neighbourhood::rowcol) return r * c * (r + c);
  const bool wrap_r = rules.topology == Topology::torus;
  const bool wrap_c = rules.topology != Topology::plane;
  double t = 0;
  for (const Offset& o : rules.offsets) {
    const double in_r = wrap_r ? r : std::max(0.0, r - std::abs(o.dr));
    const double in_c = wrap_c ? c : std::max(0.0, c - std::abs(o.dc));
    t += in_r * in_c;
  }
  return t;
}

}  // namespace

double estimated_press_system_bytes(const Rules& rules, std::size_t rows, std::size_t cols) {
  const double board = static_cast<double>(rows) * static_cast<double>(cols);
  const auto n = static_cast<double>(existing_cells(rules, rows, cols));
  return 4 * board + 16 * n + 16 * touches(rules, rows, cols);
}

namespace {

// The closed form for the row-and-column rules without holes: a dozen passes over the board
// (bytes; words of 64 cells for K = 2) and a few copies of it (bits for K = 2, bytes for K > 2).
SolvePlan rowcol_plan(const Rules& rules, double cells) {
  const bool two = rules.states == 2;
  return {Method::rowcol, two ? cells / 4 : 12 * cells, two ? cells : 8 * cells, "the closed form"};
}

// Light chasing: the plus chase where it fits, else the chase with extra unknowns where it is
// preferred to elimination (`forced`: wherever it applies); nothing when neither takes the rules.
std::optional<SolvePlan> chase_plan(const Rules& rules, std::size_t rows, std::size_t cols,
                                    bool forced) {
  const auto cells = static_cast<double>(rows) * static_cast<double>(cols);
  const double boards = cells * 16;
  const bool two = rules.states == 2;
  if (detail::PlusChase::fits(rules, rows, cols)) {
    const auto u = static_cast<double>(detail::PlusChase::unknowns(rules, rows, cols));
    const double work = (two ? u * cells / 16 : u * cells / 10) +
                        detail::SmallSystem::estimated_work(rules.states, u);
    // The reduced system and its factored copy: u x u bits for K = 2, bytes for K > 2.
    return SolvePlan{Method::chase, work, boards + 2 * u * u / (two ? 8 : 1), "light chasing"};
  }
  if (forced ? detail::PlaneMaskChase::applies(rules, rows, cols)
             : detail::PlaneMaskChase::preferred(rules, rows, cols)) {
    const auto u = static_cast<double>(detail::PlaneMaskChase::unknowns(rules, rows, cols));
    return SolvePlan{Method::chase, detail::PlaneMaskChase::estimated_work(rules, rows, cols),
                     boards + 2 * u * u / (two ? 8 : 1), "light chasing"};
  }
  return std::nullopt;
}

// Elimination as the Solver chooses it (`want` automatic: banded within the band's caps, else
// dense), or the method forced (banded: by its band even past the caps, where the Solver then
// refuses it; gf2 or zk: dense).
SolvePlan elimination_plan(const Rules& rules, std::size_t rows, std::size_t cols, Method want) {
  const double boards = static_cast<double>(rows) * static_cast<double>(cols) * 16;
  const auto n = static_cast<double>(existing_cells(rules, rows, cols));
  const double system = estimated_press_system_bytes(rules, rows, cols);
  const bool may_band = want == Method::automatic || want == Method::banded;
  const bool must_band = want == Method::banded;
  if (rules.states != 2) {
    // Banded elimination per prime power as the Solver chooses it (the band's caps, the factor's
    // bytes): about n w^2 / 4 byte operations each, counted as n w^2 / 16 (measured 256 x 256, 1%
    // holes: plus K = 3 1.1e9 units, 0.34 s; x on the torus K = 5 4.3e9, 0.66 s). Only for a
    // square-free K: over Z_{p^e}, e >= 2, the Solver may meet a column without a unit pivot and
    // fall back to dense elimination, which stays the upper estimate there.
    const auto powers = detail::factor_prime_powers(rules.states);
    const bool square_free =
        std::all_of(powers.begin(), powers.end(), [](const auto& pe) { return pe.second == 1; });
    const double wide = band(rules, rows, cols, n);
    const double half_band = std::ceil((wide - 1) / 2);
    const bool band_fits = square_free && wide < n &&
                           half_band <= detail::BandedGf2::kDefaultMaxBandwidth &&
                           n <= static_cast<double>(detail::BandedGf2::kMaxCells);
    if (may_band && (band_fits || must_band)) {
      const auto bytes = static_cast<double>(detail::BandedZk::estimated_bytes(
          static_cast<std::size_t>(n), static_cast<std::size_t>(half_band), rules.states));
      if (must_band || bytes <= static_cast<double>(detail::BandedGf2::kMaxBytes)) {
        return {Method::banded, primes_of(rules.states) * n * wide * wide / 16 + n,
                boards + system + bytes, "banded elimination"};
      }
    }
    // The dense matrix over Z_K, a byte an entry.
    return {Method::zk, primes_of(rules.states) * n * n * band(rules, rows, cols, n) + n,
            boards + system + n * n, "dense elimination"};
  }
  double w = band(rules, rows, cols, n);
  // Banded elimination within its caps on the band, the cells and the factor's bytes; past them,
  // the dense n x n bits of M4RI (refused past its cell limit).
  const double half = std::ceil((w - 1) / 2);
  const bool band_fits = w < n && half <= detail::BandedGf2::kDefaultMaxBandwidth &&
                         n <= static_cast<double>(detail::BandedGf2::kMaxCells);
  const double banded_bytes =
      may_band && (band_fits || must_band)
          ? static_cast<double>(detail::BandedGf2::estimated_bytes(static_cast<std::size_t>(n),
                                                                   static_cast<std::size_t>(half)))
          : 0;
  const bool banded =
      must_band ||
      (may_band && band_fits && banded_bytes <= static_cast<double>(detail::BandedGf2::kMaxBytes));
  if (!banded) w = n;
  const double factor = banded ? banded_bytes : n * n / 4;
  if (banded) {
    return {Method::banded, n * w * w / 64 + n, boards + system + factor, "banded elimination"};
  }
  return {Method::gf2, n * w * w / 64 + n, boards + system + factor, "dense elimination"};
}

}  // namespace

SolvePlan plan_solve(const Rules& rules, std::size_t rows, std::size_t cols) {
  const auto cells = static_cast<double>(rows) * static_cast<double>(cols);
  const double boards = cells * 16;
  // The Solver's order: tables, the closed form, the classic choice, the chases, elimination.
  if (rules.states == 2 && !rules.has_holes() &&
      cells <= static_cast<double>(Solver::max_cells(rules, Method::tables))) {
    return {Method::tables, cells, boards, "the classic methods"};
  }
  if (is_classic(rules)) return {choose_method(rows, cols), cells, boards, "the classic methods"};
  if (detail::RowColClosed::applies(rules)) return rowcol_plan(rules, cells);
  if (std::optional<SolvePlan> chase = chase_plan(rules, rows, cols, false)) return *chase;
  return elimination_plan(rules, rows, cols, Method::automatic);
}

SolvePlan plan_solve(const Rules& rules, std::size_t rows, std::size_t cols, Method method) {
  const auto cells = static_cast<double>(rows) * static_cast<double>(cols);
  switch (method) {
    case Method::automatic:
      return plan_solve(rules, rows, cols);
    case Method::rowcol:
      return rowcol_plan(rules, cells);
    case Method::chase:
      if (!is_classic(rules)) {
        if (std::optional<SolvePlan> chase = chase_plan(rules, rows, cols, true)) return *chase;
      }
      break;
    case Method::banded:
    case Method::gf2:
    case Method::zk:
      return elimination_plan(rules, rows, cols, method);
    case Method::tables:
    case Method::enumerate:
    case Method::poly:
    case Method::dense:
      break;
  }
  // The classic methods (near linear, within their own cell limits), or a method the rules do not
  // take (the Solver refuses it).
  return {method, cells, cells * 16, "the classic methods"};
}

SolvePlan plan_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool kernel) {
  const double cells = static_cast<double>(rows) * static_cast<double>(cols);
  if (is_classic(rules)) {
    auto odd = [](std::uint64_t k) { return k >> std::countr_zero(k); };
    const std::uint64_t small =
        std::min(odd(std::uint64_t{rows} + 1), odd(std::uint64_t{cols} + 1));
    const double d = std::max(2.0, static_cast<double>(small - 1) / 2);
    const double log_d = std::log2(d);
    SolvePlan cost{Method::poly, 7 * d * log_d * log_d, 3 * d + 0x1p20, "the nullity polynomials"};
    // Past its cell limit quiet_patterns refuses before any work (after the nullity).
    if (kernel && cells <= static_cast<double>(kMaxKernelCells)) {
      // solve_poly on the dark board (4864 x 4864, 4 patterns: 0.17 s and 19 MB, 7 ns and 0.6
      // bytes a cell), and the patterns (at most min(rows, cols) of them; the library refuses
      // more than 2^32 cells in all): a bit a cell.
      const double patterns = std::min(cells * static_cast<double>(std::min(rows, cols)), 0x1p32);
      cost.work += 8 * cells;
      cost.bytes += cells + patterns / 8;
      cost.method_text = "the polynomial method";
    }
    return cost;
  }
  if (!kernel && facts_without_board(rules, rows, cols)) {
    const detail::WrapFactsCost wrap = detail::wrap_facts_cost(rules, rows, cols);
    return {Method::automatic, wrap.work, wrap.bytes + 0x1p20,
            "the torus and cylinder polynomials"};
  }
  return plan_solve(rules, rows, cols);
}

std::string format_bytes(double bytes) {
  double v = bytes / 0x1p10;
  const char* unit = "K";
  for (const char* next : {"M", "G", "T"}) {
    if (v < 1024) break;
    v /= 1024;
    unit = next;
  }
  char text[32];
  std::snprintf(text, sizeof text, v < 10 ? "%.1f%s" : "%.0f%s", v, unit);
  return text;
}

std::optional<PlanRefusal> refuse_plan(const SolvePlan& plan, const Rules& rules, std::size_t rows,
                                       std::size_t cols, const PlanLimits& limits,
                                       std::string_view board) {
  const bool past_bytes = plan.bytes > limits.max_bytes;
  if (!past_bytes && !(plan.work > limits.max_work)) return std::nullopt;
  // Past the dense elimination's cell limit the Solver's own refusal says more (each method's
  // limit); with that method named it builds nothing before throwing.
  const Method dense = rules.states == 2 ? Method::gf2 : Method::zk;
  if (!is_classic(rules) && plan.method == dense &&
      existing_cells(rules, rows, cols) > Solver::max_cells(rules, dense)) {
    [[maybe_unused]] const Solver refused(rules, rows, cols, dense);  // throws
  }
  std::string text(board);
  char figures[160];
  if (past_bytes) {
    text += " needs about " + format_bytes(plan.bytes) + " for ";
    text += plan.method_text;
    text += ", over the limit of " + format_bytes(limits.max_bytes);
    return PlanRefusal{PlanLimit::bytes, std::move(text)};
  }
  std::snprintf(figures, sizeof figures, " is estimated at %.2g units of work for ", plan.work);
  text += figures;
  text += plan.method_text;
  std::snprintf(figures, sizeof figures,
                " (about %.2g hours at a nanosecond a unit), over the limit of %.2g",
                plan.work * 1e-9 / 3600, limits.max_work);
  text += figures;
  return PlanRefusal{PlanLimit::work, std::move(text)};
}

}  // namespace lightsout
