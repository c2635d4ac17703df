// FewestSearch: the board's solution set as classes of cells (Gf2Classes), the subtrees searched
// by its branch and bound, and the cheap bounds computed here from the board's own terms.
#include "lightsout/fewest_search.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fewest_presses.hpp"
#include "lightsout/board.hpp"
#include "lightsout/solver.hpp"
#include "solution_symmetry.hpp"

namespace lightsout {

namespace {

// Nullity from which the board's symmetries are looked for, and the most free coordinates of the
// subtrees they act on (a distributed search's default subtree size).
constexpr std::size_t kFrameNullity = 16;
constexpr unsigned kFrameSubtree = 22;
// The largest board whose symmetries are looked for.
constexpr std::size_t kFrameCells = std::size_t{1} << 22;

// The search is over GF(2): refuses K > 2.
void check_two_states(unsigned states) {
  if (states != 2) {
    std::string message = "the distributed search takes two-state rules only, not ";
    message.append(std::to_string(states)).append(" states");
    throw std::invalid_argument(message);
  }
}

// A class of cells as a term (w, a): kernel column w != 0, a = (cells of w where x0 is 0) - (cells
// where it is 1).
struct Term {
  std::uint64_t w;
  std::int64_t a;
};

// The terms sorted by column, equal columns added up, zero weights dropped.
std::vector<Term> merged(std::vector<Term> t) {
  std::sort(t.begin(), t.end(), [](const Term& x, const Term& y) { return x.w < y.w; });
  std::vector<Term> out;
  for (const Term& x : t) {
    if (x.w == 0 || x.a == 0) continue;
    if (!out.empty() && out.back().w == x.w) {
      out.back().a += x.a;
      if (out.back().a == 0) out.pop_back();
    } else {
      out.push_back(x);
    }
  }
  return out;
}

// The terms of `terms` (d free coordinates) with the top `depth` fixed to `prefix`:
// a [w . y] = a [low . z] when the fixed part's parity is even, a - a [low . z] when odd.
std::vector<Term> restrict_terms(const std::vector<Term>& terms, unsigned d, unsigned depth,
                                 std::uint64_t prefix, std::int64_t& offset) {
  const unsigned low_bits = d - depth;
  const std::uint64_t mask =
      low_bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << low_bits) - 1;
  std::vector<Term> out;
  out.reserve(terms.size());
  for (const Term& t : terms) {
    const bool odd = low_bits < 64 && (std::popcount((t.w >> low_bits) & prefix) & 1) != 0;
    if (odd) offset += t.a;
    out.push_back({t.w & mask, odd ? -t.a : t.a});
  }
  return merged(std::move(out));
}

std::int64_t bound_of(const std::vector<Term>& t, std::int64_t offset) {
  for (const Term& x : t) offset += std::min<std::int64_t>(x.a, 0);
  return offset;
}

// The depth-first walk of least_bound.
struct BoundWalk {
  unsigned depth;
  detail::SearchBudget budget;
  std::int64_t least, open;
  std::uint64_t nodes;
  bool stopped;

  // A node with j free coordinates and `fixed` of them fixed above it.
  void node(const std::vector<Term>& terms, unsigned j, std::int64_t offset, unsigned fixed) {
    const std::int64_t b = bound_of(terms, offset);
    ++nodes;
    if (b >= least || b >= open) return;
    if (fixed == depth || terms.empty()) {
      least = b;
      return;
    }
    if (stopped || ((nodes & 63U) == 0 && std::chrono::steady_clock::now() >= budget.deadline)) {
      stopped = true;
      open = std::min(open, b);
      return;
    }
    std::int64_t off[2] = {offset, offset};
    std::vector<Term> child[2] = {restrict_terms(terms, j, 1, 0, off[0]),
                                  restrict_terms(terms, j, 1, 1, off[1])};
    const int first = bound_of(child[1], off[1]) < bound_of(child[0], off[0]) ? 1 : 0;
    node(child[first], j - 1, off[first], fixed + 1);
    node(child[1 - first], j - 1, off[1 - first], fixed + 1);
  }
};

// The outcome of the search of a subtree, its combination put in the whole board's coordinates
// (`low` = the subtree's free coordinates).
SubtreeOutcome whole_board(const detail::FewestOutcome& o, unsigned depth, std::uint64_t prefix,
                           unsigned low) {
  SubtreeOutcome out;
  out.found = o.found;
  out.weight = o.weight;
  out.lower_bound = o.lower_bound;
  out.proven = o.proven;
  out.complete = o.complete;
  out.combination = o.combination;
  if (o.found && depth > 0) out.combination |= low >= 64 ? 0 : prefix << low;
  if (!o.found) out.combination = 0;
  return out;
}

}  // namespace

// The board as bytes (one a cell, row-major) for the press system's re-application, x0 and the
// kernel basis (in the frame's coordinates when the symmetries act), their classes for the
// search and their terms for the cheap bounds.
struct FewestSearch::Impl {
  std::size_t rows = 0, cols = 0;
  std::vector<std::uint8_t> lights, x0, effect;
  std::vector<std::vector<std::uint8_t>> kernel;
  std::optional<detail::SymmetricFrame> frame;
  detail::Gf2Classes classes{0};
  std::vector<Term> terms;
  std::int64_t offset = 0;
  PressSystem system;

  unsigned nullity() const { return classes.dimension(); }

  void check_subtree(unsigned depth, std::uint64_t prefix) const {
    if (depth > nullity()) {
      std::string message = "depth ";
      message.append(std::to_string(depth))
          .append(" is above the nullity ")
          .append(std::to_string(nullity()));
      throw std::invalid_argument(message);
    }
    if (depth < 64 && (prefix >> depth) != 0) {
      std::string message = "prefix ";
      message.append(std::to_string(prefix))
          .append(" does not fit in ")
          .append(std::to_string(depth))
          .append(" bits");
      throw std::invalid_argument(message);
    }
  }

  // lights + the effect of `presses` (one byte a cell).
  std::vector<std::uint8_t> effect_of(const std::vector<std::uint8_t>& presses) const {
    std::vector<std::uint8_t> out = lights;
    system.apply(presses, out);
    return out;
  }

  // Looks for the board's symmetries; when they act, rewrites the kernel basis in the frame's
  // coordinates (new vector i is the old combination frame.to_original(e_i)).
  void adopt_symmetries() {
    const std::size_t d = kernel.size();
    if (d < kFrameNullity || rows * cols > kFrameCells) return;
    const auto board_of = [this](const std::vector<std::uint8_t>& v) {
      Board b(rows, cols);
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] != 0) b.set(i / cols, i % cols, true);
      }
      return b;
    };
    std::vector<Board> boards;
    for (const std::vector<std::uint8_t>& k : kernel) boards.push_back(board_of(k));
    const auto dim = static_cast<unsigned>(d);
    frame = detail::SymmetricFrame::build(detail::board_symmetries(board_of(x0), boards), dim, 8,
                                          std::min(kFrameSubtree, dim - 4));
    if (!frame) return;
    std::vector<std::vector<std::uint8_t>> adapted(d, std::vector<std::uint8_t>(rows * cols));
    for (std::size_t i = 0; i < d; ++i) {
      const std::uint64_t c = frame->to_original(std::uint64_t{1} << i);
      for (std::size_t j = 0; j < d; ++j) {
        if (((c >> j) & 1U) == 0) continue;
        for (std::size_t t = 0; t < adapted[i].size(); ++t) adapted[i][t] ^= kernel[j][t];
      }
    }
    kernel = std::move(adapted);
  }

  // The classes as sorted terms; offset = the cells where x0 is 1.
  void build_terms() {
    std::vector<Term> cells;
    offset = 0;
    for (std::size_t i = 0; i < x0.size(); ++i) {
      std::uint64_t w = 0;
      for (std::size_t j = 0; j < kernel.size(); ++j) {
        w |= static_cast<std::uint64_t>(kernel[j][i] & 1U) << j;
      }
      if (x0[i] != 0) ++offset;
      if (w != 0) cells.push_back({w, x0[i] != 0 ? -1 : 1});
    }
    terms = merged(std::move(cells));
  }

  // The search of the subtree under `budget`, the combination in the whole board's coordinates.
  SubtreeOutcome search(unsigned depth, std::uint64_t prefix, const detail::SearchBudget& budget,
                        std::uint64_t below) const {
    check_subtree(depth, prefix);
    const detail::FewestOutcome o = classes.restricted(depth, prefix).minimize(budget, below);
    return whole_board(o, depth, prefix, nullity() - depth);
  }
};

Solver FewestSearch::prepare(const Rules& rules, std::size_t rows, std::size_t cols) {
  check_two_states(rules.states);
  return Solver(rules, rows, cols);
}

FewestSearch::FewestSearch(const Rules& rules, const Grid& lights)
    : FewestSearch(prepare(rules, lights.rows(), lights.cols()), lights) {}

FewestSearch::FewestSearch(const Solver& solver, const Grid& lights)
    : impl_(std::make_unique<Impl>()) {
  check_two_states(solver.states());
  Impl& m = *impl_;
  m.rows = solver.rows();
  m.cols = solver.cols();
  Result r = solver.solve(lights, {.kernel = true});
  if (!r.solvable) throw std::invalid_argument("the board has no solution");
  if (r.kernel.size() > 64) {
    std::string message = "the board has ";
    message.append(std::to_string(r.kernel.size()))
        .append(" quiet patterns; the search takes at most 64");
    throw std::invalid_argument(message);
  }
  m.lights = lights.to_values();
  m.x0 = r.presses.to_values();
  m.kernel.reserve(r.kernel.size());
  for (const Grid& k : r.kernel) m.kernel.push_back(k.to_values());
  m.adopt_symmetries();
  m.classes = detail::Gf2Classes::from_values(m.x0, m.kernel);
  m.build_terms();
  m.system = build_press_system(solver.rules(), m.rows, m.cols);
  m.effect = m.effect_of(m.x0);
}

FewestSearch::~FewestSearch() = default;
FewestSearch::FewestSearch(FewestSearch&&) noexcept = default;
FewestSearch& FewestSearch::operator=(FewestSearch&&) noexcept = default;

std::size_t FewestSearch::rows() const { return impl_->rows; }
std::size_t FewestSearch::cols() const { return impl_->cols; }
unsigned FewestSearch::nullity() const { return impl_->nullity(); }
unsigned FewestSearch::kept() const { return impl_->frame ? impl_->frame->low() : 0; }
std::size_t FewestSearch::classes() const { return impl_->classes.classes(); }

bool FewestSearch::canonical(unsigned depth, std::uint64_t prefix) const {
  impl_->check_subtree(depth, prefix);
  const std::optional<detail::SymmetricFrame>& frame = impl_->frame;
  if (!frame || depth < nullity() - frame->low()) return true;
  return frame->canonical(prefix >> (depth - (nullity() - frame->low())));
}

SubtreeOutcome FewestSearch::subtree(unsigned depth, std::uint64_t prefix, std::uint64_t below,
                                     double seconds, unsigned threads) const {
  detail::SearchBudget budget =
      detail::SearchBudget::from_now(seconds, std::numeric_limits<std::uint64_t>::max());
  budget.threads = threads;
  return impl_->search(depth, prefix, budget, below);
}

SubtreeOutcome FewestSearch::probe(unsigned depth, std::uint64_t prefix,
                                   std::uint64_t below) const {
  detail::SearchBudget none;
  none.work = 0;
  return impl_->search(depth, prefix, none, below);
}

std::int64_t FewestSearch::bound(unsigned depth, std::uint64_t prefix) const {
  impl_->check_subtree(depth, prefix);
  std::int64_t offset = impl_->offset;
  const std::vector<Term> t = restrict_terms(impl_->terms, nullity(), depth, prefix, offset);
  return bound_of(t, offset);
}

LeastBound FewestSearch::least_bound(unsigned depth, double seconds) const {
  if (depth > nullity()) impl_->check_subtree(depth, 0);
  const detail::SearchBudget budget =
      detail::SearchBudget::from_now(seconds, std::numeric_limits<std::uint64_t>::max());
  BoundWalk walk{depth,
                 budget,
                 std::numeric_limits<std::int64_t>::max(),
                 std::numeric_limits<std::int64_t>::max(),
                 0,
                 false};
  walk.node(impl_->terms, nullity(), impl_->offset, 0);
  return {std::min(walk.least, walk.open), !walk.stopped, walk.nodes};
}

Grid FewestSearch::presses(std::uint64_t combination) const {
  const Impl& m = *impl_;
  if (nullity() < 64 && (combination >> nullity()) != 0) {
    std::string message = "combination ";
    message.append(std::to_string(combination))
        .append(" has bits above the nullity ")
        .append(std::to_string(nullity()));
    throw std::invalid_argument(message);
  }
  std::vector<std::uint8_t> x = m.x0;
  for (std::size_t j = 0; j < m.kernel.size(); ++j) {
    if (((combination >> j) & 1U) == 0) continue;
    for (std::size_t i = 0; i < x.size(); ++i) x[i] ^= m.kernel[j][i];
  }
  if (m.effect_of(x) != m.effect) {
    throw std::logic_error("FewestSearch: the presses do not solve the board");
  }
  return Grid::from_values(m.rows, m.cols, 2, x);
}

}  // namespace lightsout
