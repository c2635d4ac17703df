// Solver: one rules set on one size, the method chosen once, every method's answer as a Result.
#include "lightsout/solver.hpp"

#include "lightsout/plan.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "banded_gf2.hpp"
#include "banded_zk.hpp"
#include "chase_plane_mask.hpp"
#include "chase_plus.hpp"
#include "finish_result.hpp"
#include "name_table.hpp"
#include "rowcol_closed.hpp"
#include "small_solver.hpp"
#include "solve.hpp"
#include "solve_rules.hpp"

namespace lightsout {

// ---- SolutionCount ----

SolutionCount SolutionCount::power(unsigned prime, std::uint64_t exponent) {
  SolutionCount count;
  count.zero = false;
  if (exponent > 0) count.factors.emplace_back(prime, exponent);
  return count;
}

std::optional<std::uint64_t> SolutionCount::value() const {
  if (zero) return 0;
  std::uint64_t v = 1;
  for (const auto& [p, e] : factors) {
    for (std::uint64_t i = 0; i < e; ++i) {
      if (v > std::numeric_limits<std::uint64_t>::max() / p) return std::nullopt;
      v *= p;
    }
  }
  return v;
}

std::string SolutionCount::to_string() const {
  if (const auto v = value()) return std::to_string(*v);
  std::string text;
  for (const auto& [p, e] : factors) {
    if (!text.empty()) text += " * ";
    text += std::to_string(p);
    if (e > 1) {
      text.push_back('^');  // not += "^" + ...: GCC 12 -Wrestrict false positive
      text += std::to_string(e);
    }
  }
  return text;
}

// ---- Methods ----

namespace {

// The names, in the enum's order.
constexpr auto kMethodNames = std::to_array<std::string_view>(
    {"auto", "tables", "enumerate", "chase", "poly", "dense", "banded", "gf2", "zk", "rowcol"});
static_assert(kMethodNames.size() == detail::kValuesThrough<Method::rowcol>);

}  // namespace

std::optional<Method> parse_method(std::string_view name) {
  return detail::value_named<Method>(kMethodNames, name);
}

std::string_view method_name(Method m) { return detail::name_of(kMethodNames, m, "?"); }

namespace {

bool classic_method(Method m) {
  return m == Method::enumerate || m == Method::chase || m == Method::poly || m == Method::dense;
}

constexpr std::uint64_t kMaxTableCells = 64;
constexpr std::uint64_t kMaxDenseClassicCells = std::uint64_t{1} << 16;
constexpr std::size_t kMaxEnumerateSide = 20;
constexpr std::uint64_t kMaxChaseCells = std::uint64_t{1} << 32;  // a byte a cell, three copies
constexpr std::uint64_t kMaxBandedCells = detail::BandedGf2::kMaxCells;
constexpr std::size_t kMaxBandedBytes = detail::BandedGf2::kMaxBytes;  // the factor's estimate

// The banded plan of a press system, when its band is narrow enough and the factor (over GF(2),
// or per prime power of K > 2) fits the memory cap.
std::optional<detail::BandPlan> banded_plan(const PressSystem& sys) {
  if (sys.size() == 0) return std::nullopt;
  const std::optional<detail::BandPlan> plan = detail::BandedGf2::plan(sys);
  if (!plan) return std::nullopt;
  const std::size_t bytes =
      sys.states == 2 ? detail::BandedGf2::estimated_bytes(sys.size(), plan->bandwidth)
                      : detail::BandedZk::estimated_bytes(sys.size(), plan->bandwidth, sys.states);
  if (bytes > kMaxBandedBytes) return std::nullopt;
  return plan;
}

// The automatic choice: the plan's method (plan_solve), but for elimination, where the plan
// judges the band from the rules and the Solver weighs the banded method on the press system
// itself (left in `system` for the banded and gf2 methods to use).
Method choose(const Rules& rules, std::size_t rows, std::size_t cols,
              std::optional<Method> known_plan, std::optional<PressSystem>& system) {
  const Method planned = known_plan ? *known_plan : plan_solve(rules, rows, cols).method;
  const Method dense = rules.states == 2 ? Method::gf2 : Method::zk;
  if (planned != Method::banded && planned != dense) return planned;
  if (existing_cells(rules, rows, cols) > kMaxBandedCells) return dense;
  system = build_press_system(rules, rows, cols);
  return banded_plan(*system) ? Method::banded : dense;
}

// A packed word (bit r * cols + c) <-> a Board.
std::uint64_t board_word(const Board& b) {
  std::uint64_t w = 0;
  for (std::size_t r = 0, shift = 0; r < b.rows() && shift < 64; ++r, shift += b.cols()) {
    w |= b.row(r)[0] << shift;
  }
  return w;
}
Board word_board(std::uint64_t w, std::size_t rows, std::size_t cols) {
  Board b(rows, cols);
  const std::uint64_t mask = cols == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cols) - 1;
  for (std::size_t r = 0, shift = 0; r < rows && shift < 64; ++r, shift += cols) {
    b.row(r)[0] = (w >> shift) & mask;
  }
  return b;
}

// A classic-method answer as a Result.
Result from_classic(SolveResult&& r, Method method) {
  Result out;
  out.solvable = r.solvable;
  out.presses = Grid(std::move(r.presses));
  out.nullity = r.nullity;
  out.solutions = r.solvable ? SolutionCount::power(2, r.nullity) : SolutionCount::none();
  for (Board& k : r.kernel) out.kernel.emplace_back(std::move(k));
  out.kernel_orders.assign(out.kernel.size(), 2);
  out.minimal = r.minimal;
  out.minimal_proven = r.minimal_proven;
  out.minimal_lower_bound = r.minimal_lower_bound;
  out.method = method;
  return out;
}

}  // namespace

// ---- Solver ----

struct Solver::Impl {
  Rules rules;
  std::size_t rows = 0;
  std::size_t cols = 0;
  Method method = Method::automatic;
  std::optional<SmallSolver> tables;  // Method::tables
  std::uint64_t target = 0;           // tables: the lights to xor in (target=on: every cell)
  std::optional<PressSystem> system;  // gf2 and zk
  std::optional<detail::PlusChase> rules_chase;      // chase under rules other than the classic
  std::optional<detail::PlaneMaskChase> mask_chase;  // chase with extra unknowns (other masks)
  std::optional<detail::BandedGf2> banded;           // banded, K = 2 (with `system`)
  std::optional<detail::BandedZk> banded_zk;         // banded, K > 2 (with `system`)
  std::optional<detail::RowColClosed> rowcol;        // rowcol
};

std::uint64_t Solver::max_cells(const Rules& rules, Method method) {
  switch (method) {
    case Method::tables:
      return kMaxTableCells;
    case Method::dense:
      return kMaxDenseClassicCells;
    case Method::banded:
      return kMaxBandedCells;
    case Method::gf2:
      return kMaxDenseCellsGf2;
    case Method::zk:
      return kMaxDenseCellsZk;
    case Method::rowcol:
      return std::numeric_limits<std::uint64_t>::max();
    case Method::automatic:
      if (detail::RowColClosed::applies(rules)) return std::numeric_limits<std::uint64_t>::max();
      return rules.states == 2 && is_classic(rules) ? std::numeric_limits<std::uint64_t>::max()
             : rules.states == 2                    ? kMaxDenseCellsGf2
                                                    : kMaxDenseCellsZk;
    case Method::chase:
      return is_classic(rules) ? std::numeric_limits<std::uint64_t>::max() : kMaxChaseCells;
    case Method::enumerate:
    case Method::poly:
      break;
  }
  return std::numeric_limits<std::uint64_t>::max();
}

Solver::Solver(Rules rules, std::size_t rows, std::size_t cols, Method method)
    : Solver(std::move(rules), rows, cols, method, std::nullopt) {}

Solver::Solver(Rules rules, std::size_t rows, std::size_t cols, const SolvePlan& plan)
    : Solver(std::move(rules), rows, cols, Method::automatic, plan.method) {}

Solver::Solver(Rules rules, std::size_t rows, std::size_t cols, Method method,
               std::optional<Method> planned)
    : impl_(std::make_unique<Impl>()) {
  check_board_size(rules, rows, cols);
  if (rules.states < kMinStates || rules.states > kMaxStates) {
    throw RulesError("rules: states must be an integer in 2..255");
  }
  std::optional<PressSystem> system;  // built by choose() when it weighs the banded method
  const bool chosen = method == Method::automatic;
  if (chosen) method = choose(rules, rows, cols, planned, system);
  const bool variant_chase = method == Method::chase && !is_classic(rules);
  const bool plus_chase = variant_chase && detail::PlusChase::applies(rules, rows, cols);
  if (variant_chase && !plus_chase && !detail::PlaneMaskChase::applies(rules, rows, cols)) {
    throw std::invalid_argument(
        "chase applies to the plus neighbourhood (with or without the button) without holes, "
        "and to a longer side of at least 3 where the board wraps along it, and to any other "
        "mask but rowcol on the plane without holes, on a board larger than the mask's reach");
  }
  if (classic_method(method) && !variant_chase && !is_classic(rules)) {
    throw std::invalid_argument(std::string(method_name(method)) +
                                " applies to the classic rules only");
  }
  if (method == Method::tables && (rules.states != 2 || rules.has_holes())) {
    throw std::invalid_argument("tables apply to two states without holes only");
  }
  if (method == Method::gf2 && rules.states != 2) {
    throw std::invalid_argument("gf2 applies to two states only");
  }
  if (method == Method::zk && rules.states == 2) {
    throw std::invalid_argument("zk applies to more than two states only");
  }
  if (method == Method::rowcol && !detail::RowColClosed::applies(rules)) {
    throw std::invalid_argument("rowcol applies to the row-and-column rules without holes only");
  }
  if (method == Method::enumerate && std::min(rows, cols) > kMaxEnumerateSide) {
    throw std::invalid_argument("enumerate needs the shorter side <= 20");
  }
  const std::uint64_t cells = existing_cells(rules, rows, cols);
  const std::uint64_t limit = max_cells(rules, method);
  if (cells > limit) {
    if (method == Method::gf2 || method == Method::zk) {
      // Light chasing would take these rules but not this size: say both limits.
      std::string chase_note;
      if (detail::PlusChase::applies(rules, rows, cols)) {
        const std::size_t most = rules.states == 2 ? detail::PlusChase::kMaxUnknownsGf2
                                                   : detail::PlusChase::kMaxUnknownsZk;
        chase_note =
            " (light chasing takes these rules while the shorter side, twice it when the "
            "board wraps along its longer side, is at most " +
            std::to_string(most) + ")";
      } else if (detail::PlaneMaskChase::applies(rules, rows, cols)) {
        // The automatic method for these rules at sizes below this one is light chasing with
        // extra unknowns: its limit is the one that was passed.
        const std::size_t most = rules.states == 2 ? detail::PlaneMaskChase::kMaxUnknownsGf2
                                                   : detail::PlaneMaskChase::kMaxUnknownsZk;
        throw std::length_error(
            "a " + std::to_string(rows) + "x" + std::to_string(cols) + " board has " +
            std::to_string(detail::PlaneMaskChase::unknowns(rules, rows, cols)) +
            " unknowns for light chasing (the rows and columns the neighbourhood reaches from "
            "the edges), which takes at most " +
            std::to_string(most) + " for " + std::to_string(rules.states) + " states, and its " +
            std::to_string(cells) + " cells are past dense elimination's " + std::to_string(limit));
      }
      throw std::length_error("a " + std::to_string(rows) + "x" + std::to_string(cols) +
                              " board has " + std::to_string(cells) +
                              " cells; the rules solver (dense elimination) takes at most " +
                              std::to_string(limit) + " cells for " + std::to_string(rules.states) +
                              " states" + chase_note);
    }
    throw std::length_error("a " + std::to_string(rows) + "x" + std::to_string(cols) +
                            " board has " + std::to_string(cells) + " cells; " +
                            std::string(method_name(method)) + " takes at most " +
                            std::to_string(limit));
  }
  if (method == Method::tables) {
    if (is_classic(rules)) {
      impl_->tables.emplace(rows, cols);
    } else {
      // Column j of the press matrix: the cells one press of cell j flips (amounts are 1 mod 2).
      const PressSystem sys = build_press_system(rules, rows, cols);
      std::vector<std::uint64_t> effects(rows * cols, 0);
      for (std::size_t j = 0; j < sys.size(); ++j) {
        for (const PressSystem::Touch& t : sys.touched_by(j)) {
          effects[sys.cells[j]] ^= std::uint64_t{1} << sys.cells[t.cell];
        }
      }
      impl_->tables.emplace(rows, cols, std::move(effects));
    }
    const std::size_t n = rows * cols;
    const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    impl_->target = rules.target_on ? all : 0;
  } else if (method == Method::banded) {
    if (!system) system = build_press_system(rules, rows, cols);
    const std::optional<detail::BandPlan> plan = banded_plan(*system);
    if (!plan) {
      throw std::length_error("the press matrix has no band of at most " +
                              std::to_string(detail::BandedGf2::kDefaultMaxBandwidth) +
                              " within the memory cap: banded does not apply");
    }
    if (rules.states == 2) {
      impl_->banded.emplace(*system, plan->order);
    } else {
      try {
        impl_->banded_zk.emplace(*system, plan->order);
      } catch (const detail::BandedZkNotApplicable& e) {
        // Over Z_{p^e}, e >= 2, a column without a unit pivot: the automatic choice falls back to
        // dense elimination, which takes pivots of least valuation anywhere.
        if (!chosen) throw std::invalid_argument(std::string(e.what()) + ": banded does not apply");
        if (cells > kMaxDenseCellsZk) {
          throw std::length_error(std::string(e.what()) + ", and dense elimination takes at most " +
                                  std::to_string(kMaxDenseCellsZk) + " cells");
        }
        method = Method::zk;
      }
    }
    impl_->system = std::move(system);
  } else if (method == Method::gf2 || method == Method::zk) {
    impl_->system = system ? std::move(system) : build_press_system(rules, rows, cols);
  } else if (plus_chase) {
    impl_->rules_chase.emplace(rules, rows, cols, true);
  } else if (variant_chase) {
    impl_->mask_chase.emplace(rules, rows, cols, true);
  } else if (method == Method::rowcol) {
    impl_->rowcol.emplace(rules, rows, cols);
  }
  impl_->rules = std::move(rules);
  impl_->rows = rows;
  impl_->cols = cols;
  impl_->method = method;
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const Rules& Solver::rules() const { return impl_->rules; }
std::size_t Solver::rows() const { return impl_->rows; }
std::size_t Solver::cols() const { return impl_->cols; }
unsigned Solver::states() const { return impl_->rules.states; }
Method Solver::method() const { return impl_->method; }
bool Solver::word_sized() const { return impl_->method == Method::tables; }
bool Solver::minimal_exact() const {
  return impl_->tables.has_value() && impl_->tables->minimal_affordable();
}

bool Solver::solve_word(std::uint64_t lights, std::uint64_t& presses, bool minimal) const {
  if (!impl_->tables) throw std::logic_error("Solver::solve_word: the method is not tables");
  const SmallSolver& t = *impl_->tables;
  lights ^= impl_->target;
  if (!t.solvable(lights)) return false;
  presses = minimal && t.minimal_affordable() ? t.solve_minimal(lights) : t.solve(lights);
  return true;
}

bool Solver::solve_word(std::uint64_t lights, std::uint64_t& presses, bool minimal,
                        TieBreak tie_break) const {
  if (!minimal || tie_break == TieBreak::any) return solve_word(lights, presses, minimal);
  if (!impl_->tables) throw std::logic_error("Solver::solve_word: the method is not tables");
  const SmallSolver& t = *impl_->tables;
  lights ^= impl_->target;
  if (!t.solvable(lights)) return false;
  presses = t.minimal_affordable() ? t.solve_minimal_lexicographic(lights) : t.solve(lights);
  return true;
}

Result Solver::solve(const Grid& lights, const Options& options) const {
  return solve(Grid(lights), options);
}

namespace {

// Light chasing under rules other than the classic (PlusChase or PlaneMaskChase), as a Result (the
// kernel when `want_kernel`).
template <typename Chase>
Result solve_by_rules_chase(const Chase& chase, const Grid& lights, bool want_kernel) {
  const std::size_t rows = lights.rows();
  const std::size_t cols = lights.cols();
  const unsigned k = lights.states();
  Result out;
  out.method = Method::chase;
  Grid found(rows, cols, k);  // row by row from grid to grid: two states stay at a bit a cell
  out.solvable = chase.solve(lights, found);
  if (out.solvable)
    out.presses = std::move(found);
  else
    out.presses = Grid(rows, cols, k);
  out.nullity = chase.nullity();
  if (out.solvable) {
    out.solutions.zero = false;
    for (const auto& [p, e] : chase.count_factors()) {
      if (e > 0) out.solutions.factors.emplace_back(p, e);
    }
  }
  if (want_kernel) {
    for (const auto& pattern : chase.kernel()) {
      out.kernel.push_back(Grid::from_values(rows, cols, k, pattern));
    }
    out.kernel_orders = chase.kernel_orders();
  }
  return out;
}

// The closed form of the row-and-column rules, as a Result: the kernel when asked, and for the
// fewest presses when it stays within the values below (nullity x cells). Past them (K even
// without the button itself has a nullity close to the cell count) the search is not run: the
// presses are returned as found, not proven, with the lower bound 0. K = 2 past 64 patterns
// is a greedy descent over bit-packed patterns; K > 2 sorts the cells by kernel column and keeps
// a search tree as deep as the nullity, measured at about 150 bytes a kernel value (a 40 x 41
// board of 4 states without self: 2.6e6 values, 385 MB).
constexpr std::uint64_t kMaxSearchKernelCellsGf2 = std::uint64_t{1} << 27;
constexpr std::uint64_t kMaxSearchKernelCellsZk = std::uint64_t{1} << 21;

Result solve_by_rowcol(const detail::RowColClosed& rowcol, const Grid& lights,
                       const Options& options) {
  Result out;
  out.method = Method::rowcol;
  out.solvable = rowcol.solve(lights, out.presses);
  out.nullity = rowcol.nullity();
  if (out.solvable) {
    out.solutions.zero = false;
    out.solutions.factors = rowcol.count_factors();
  }
  const bool search = options.minimal && out.solvable;
  const std::uint64_t most =
      lights.states() == 2 ? kMaxSearchKernelCellsGf2 : kMaxSearchKernelCellsZk;
  const bool search_fits = rowcol.nullity() == 0 || lights.cells() <= most / rowcol.nullity();
  if (options.kernel || (search && search_fits)) out.kernel = rowcol.kernel(out.kernel_orders);
  if (search && !search_fits) {
    out.minimal = true;  // finish_result leaves it so
    out.minimal_proven = false;
    out.minimal_lower_bound = 0;
  }
  return out;
}

// Banded elimination of a press system as a Result: BandedGf2 for two states, BandedZk for more.
// The presses and every kernel vector are re-applied to the press system.
template <typename Banded>
Result solve_by_banded(const Banded& banded, const PressSystem& sys, bool target_on,
                       const Grid& lights, bool want_kernel) {
  constexpr bool kTwo = std::is_same_v<Banded, detail::BandedGf2>;
  const std::size_t rows = lights.rows();
  const std::size_t cols = lights.cols();
  const unsigned k = sys.states;
  const std::vector<std::uint8_t> values = lights.to_values();
  const unsigned target = target_on ? k - 1 : 0;
  std::vector<std::uint8_t> rhs(sys.size());
  for (std::size_t t = 0; t < sys.size(); ++t) {
    rhs[t] = static_cast<std::uint8_t>((target + k - values[sys.cells[t]]) % k);
  }
  std::vector<std::uint8_t> x;
  Result out;
  out.method = Method::banded;
  out.solvable = banded.solve(rhs, x);
  out.nullity = banded.nullity();
  std::vector<std::uint8_t> presses(rows * cols, 0);
  if (out.solvable) {
    if constexpr (kTwo) {
      out.solutions = SolutionCount::power(2, out.nullity);
    } else {
      out.solutions.zero = false;
      for (const auto& [p, e] : banded.count_factors()) {
        if (e > 0) out.solutions.factors.emplace_back(p, e);
      }
    }
    for (std::size_t t = 0; t < sys.size(); ++t) presses[sys.cells[t]] = x[t];
    std::vector<std::uint8_t> after = values;
    sys.apply(presses, after);
    for (const std::uint32_t cell : sys.cells) {
      if (after[cell] != target) {
        throw std::logic_error("Solver: the banded solution does not solve");
      }
    }
  }
  out.presses = Grid::from_values(rows, cols, k, presses);
  if (want_kernel) {
    for (const std::vector<std::uint8_t>& v : banded.kernel()) {
      std::vector<std::uint8_t> pattern(rows * cols, 0);
      for (std::size_t t = 0; t < sys.size(); ++t) pattern[sys.cells[t]] = v[t];
      std::vector<std::uint8_t> effect(rows * cols, 0);
      sys.apply(pattern, effect);
      if (std::any_of(effect.begin(), effect.end(), [](std::uint8_t e) { return e != 0; })) {
        throw std::logic_error("Solver: a banded kernel vector is not quiet");
      }
      out.kernel.push_back(Grid::from_values(rows, cols, k, pattern));
    }
    if constexpr (kTwo) {
      out.kernel_orders.assign(out.kernel.size(), 2);
    } else {
      out.kernel_orders = banded.kernel_orders();
    }
  }
  return out;
}

}  // namespace

Result Solver::solve(Grid&& lights, const Options& options) const {
  const Impl& s = *impl_;
  if (lights.rows() != s.rows || lights.cols() != s.cols || lights.states() != s.rules.states) {
    throw std::invalid_argument(
        "Solver::solve: a " + std::to_string(lights.rows()) + "x" + std::to_string(lights.cols()) +
        " grid of " + std::to_string(lights.states()) + " states for a " + std::to_string(s.rows) +
        "x" + std::to_string(s.cols) + " solver of " + std::to_string(s.rules.states) + " states");
  }
  // Each method finds a solution, the count and (when asked or needed for the fewest presses) the
  // kernel; finish_result does the rest for all of them.
  const bool want_kernel = options.kernel || options.minimal;
  Result out;
  if (s.method == Method::tables) {
    const SmallSolver& t = *s.tables;
    const std::uint64_t word = board_word(lights.bits()) ^ s.target;
    SolveResult r;
    r.solvable = t.solvable(word);
    r.nullity = t.nullity();
    r.presses = word_board(r.solvable ? t.solve(word) : 0, s.rows, s.cols);
    // Re-applied, as every method's answer is.
    if (r.solvable && t.effect(board_word(r.presses)) != word) {
      throw std::logic_error("Solver: the table solution does not solve");
    }
    if (want_kernel) {
      for (const std::uint64_t k : t.kernel()) r.kernel.push_back(word_board(k, s.rows, s.cols));
    }
    out = from_classic(std::move(r), s.method);
  } else if (s.rules_chase) {
    out = solve_by_rules_chase(*s.rules_chase, lights, want_kernel);
  } else if (s.mask_chase) {
    out = solve_by_rules_chase(*s.mask_chase, lights, want_kernel);
  } else if (s.rowcol) {
    out = solve_by_rowcol(*s.rowcol, lights, options);
  } else if (s.banded) {
    out = solve_by_banded(*s.banded, *s.system, s.rules.target_on, lights, want_kernel);
  } else if (s.banded_zk) {
    out = solve_by_banded(*s.banded_zk, *s.system, s.rules.target_on, lights, want_kernel);
  } else if (classic_method(s.method)) {
    SolveOptions classic;
    classic.kernel = want_kernel;
    // Enumeration sees every solution: its own fewest presses are proven whatever the budget.
    classic.minimal = options.minimal && s.method == Method::enumerate;
    classic.tie_break = options.tie_break;
    classic.progress = options.progress;
    out =
        from_classic(lightsout::solve(std::move(lights).take_bits(), s.method, classic), s.method);
  } else {
    out = solve_rules(s.rules, *s.system, lights.to_values(), want_kernel);
  }
  out.method = s.method;
  finish_result(out, options);
  return out;
}

Result solve(const Rules& rules, const Grid& lights, const Options& options) {
  return Solver(rules, lights.rows(), lights.cols()).solve(lights, options);
}

Result solve(const Rules& rules, Grid&& lights, const Options& options) {
  const Solver solver(rules, lights.rows(), lights.cols());
  return solver.solve(std::move(lights), options);
}

}  // namespace lightsout
