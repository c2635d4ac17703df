// lightsout._core.ResearchBoard: one board's fewest-presses search in independent subtrees, for a
// distributed search (python/lightsout/research) to hand out; the C++ engine does the work with
// the GIL released, Python only schedules.
#include "research.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cells.hpp"
#include "core/fewest_presses.hpp"
#include "core/solution_symmetry.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"

namespace py = pybind11;

namespace lightsout::python {

namespace {

using Bytes2 = py::array_t<std::uint8_t, py::array::c_style>;

// Nullity from which a research board looks for the symmetries of its solution set, and the most
// free coordinates of the subtrees they act on (the driver's default subtree size).
constexpr std::size_t kSymmetricNullity = 16;
constexpr unsigned kSymmetricSubtree = 22;

// One solvable two-state board with at most 64 quiet patterns: a solution x0, the kernel basis
// and the classes of cells built from them once. Every subtree call reads them only, so one
// board serves any number of calls (a Dask worker's tasks run them one after another).
//
// When reflections or rotations of the board keep its solution set, the kernel basis is that of a
// SymmetricFrame: its low kept() coordinates span a subspace they keep, so at any depth of at
// least nullity - kept() they permute the subtrees, and canonical() says which one of each orbit
// to search (the others weigh the same). Every prefix and combination is in that basis.
class ResearchBoard {
 public:
  // Contract: `lights` is rows x cols, values 0/1, under two-state `rules`. Throws
  // std::invalid_argument when the board is not solvable, the rules have more than two states,
  // or the board has more than 64 quiet patterns (the class search's limit).
  ResearchBoard(const Rules& rules, const std::uint8_t* lights, std::size_t rows, std::size_t cols)
      : rules_(rules), rows_(rows), cols_(cols), classes_(0) {
    if (rules.states != 2) {
      throw std::invalid_argument("the distributed search takes two-state rules only, not " +
                                  std::to_string(rules.states) + " states");
    }
    const Solver solver(rules, rows, cols);
    lights_.assign(lights, lights + rows * cols);
    Result r = solver.solve(grid_from_bytes(lights, rows, cols, 2), {.kernel = true});
    if (!r.solvable) throw std::invalid_argument("the board has no solution");
    if (r.kernel.size() > 64) {
      throw std::invalid_argument("the board has " + std::to_string(r.kernel.size()) +
                                  " quiet patterns; the search takes at most 64");
    }
    x0_.resize(rows * cols);
    grid_to_bytes(r.presses, x0_.data());
    kernel_.resize(r.kernel.size(), std::vector<std::uint8_t>(rows * cols));
    for (std::size_t j = 0; j < r.kernel.size(); ++j) grid_to_bytes(r.kernel[j], kernel_[j].data());
    adopt_symmetries();
    classes_ = detail::Gf2Classes::from_values(x0_, kernel_);
    build_terms();
    system_ = build_press_system(rules_, rows, cols);
    effect_ = effect(x0_);
  }

  unsigned nullity() const { return classes_.dimension(); }
  // The dimension of the subspace the symmetries keep (0: no symmetry acts).
  unsigned kept() const { return frame_ ? frame_->low() : 0; }
  // Whether the subtree (depth, prefix) is to be searched: always, unless the symmetries send it
  // to a subtree of a smaller prefix (at depths of nullity - kept() and more).
  bool canonical(unsigned depth, std::uint64_t prefix) const {
    check_subtree(depth, prefix);
    if (!frame_ || depth < nullity() - frame_->low()) return true;
    return frame_->canonical(prefix >> (depth - (nullity() - frame_->low())));
  }
  std::size_t classes() const { return classes_.classes(); }
  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }

  // The subtree with the top `depth` kernel coordinates fixed to `prefix` (bit i: coordinate
  // d - depth + i), searched for solutions lighter than `below` for at most `seconds` (<= 0: no
  // limit). Returns the engine's outcome with the combination in the whole board's coordinates.
  // `threads`: 0 for every core; a worker that is one core passes 1.
  detail::FewestOutcome subtree(unsigned depth, std::uint64_t prefix, std::uint64_t below,
                                double seconds, unsigned threads) const {
    check_subtree(depth, prefix);
    const detail::Gf2Classes sub = classes_.restricted(depth, prefix);
    detail::SearchBudget budget =
        detail::SearchBudget::from_now(seconds, std::numeric_limits<std::uint64_t>::max());
    budget.threads = threads;
    detail::FewestOutcome out = sub.minimize(budget, below);
    const unsigned low = nullity() - depth;
    if (out.found && depth > 0) out.combination |= low >= 64 ? 0 : prefix << low;
    if (!out.found) out.combination = 0;
    return out;
  }

  // The subtree without a step of search: the greedy descent's solution (found only when lighter
  // than `below`) and the cheap bound the search checks at the subtree's root, capped at `below`
  // (no solution of the subtree is lighter than lower_bound).
  detail::FewestOutcome probe(unsigned depth, std::uint64_t prefix, std::uint64_t below) const {
    check_subtree(depth, prefix);
    detail::SearchBudget none;
    none.work = 0;
    detail::FewestOutcome out = classes_.restricted(depth, prefix).minimize(none, below);
    const unsigned low = nullity() - depth;
    if (out.found && depth > 0) out.combination |= low >= 64 ? 0 : prefix << low;
    if (!out.found) out.combination = 0;
    return out;
  }

  // The cheap bound of the subtree (depth, prefix), computed here from the board's own classes
  // (not the engine's): offset + sum of min(0, a) over the classes merged on the free
  // coordinates. No solution of the subtree is lighter; a child's bound is never below its
  // parent's.
  std::int64_t bound(unsigned depth, std::uint64_t prefix) const {
    check_subtree(depth, prefix);
    std::int64_t offset = offset_;
    std::vector<Term> t = restrict_terms(terms_, nullity(), depth, prefix, offset);
    return bound_of(t, offset);
  }

  // The least cheap bound over every subtree at `depth`: a proven lower bound of the whole
  // board's fewest presses, found depth first (the lower child first) and pruned by the least
  // bound seen so far, so most of the 2^depth subtrees are never reached. Returns (bound,
  // complete, nodes): cut short by `seconds` (> 0), the bound is the least over the subtrees
  // reached and the nodes left open, still proven.
  std::tuple<std::int64_t, bool, std::uint64_t> least_bound(unsigned depth, double seconds) const {
    if (depth > nullity()) check_subtree(depth, 0);
    const detail::SearchBudget budget =
        detail::SearchBudget::from_now(seconds, std::numeric_limits<std::uint64_t>::max());
    LeastBound walk{depth,
                    budget,
                    std::numeric_limits<std::int64_t>::max(),
                    std::numeric_limits<std::int64_t>::max(),
                    0,
                    false};
    walk.node(terms_, nullity(), offset_, 0);
    return {std::min(walk.least, walk.open), !walk.stopped, walk.nodes};
  }

  // The presses of x0 + sum of kernel vectors j with bit j of `combination` set, re-applied and
  // checked to have the effect of x0 (so they solve the board). Returns (presses, count).
  std::vector<std::uint8_t> presses(std::uint64_t combination) const {
    if (nullity() < 64 && (combination >> nullity()) != 0) {
      throw std::invalid_argument("combination " + std::to_string(combination) +
                                  " has bits above the nullity " + std::to_string(nullity()));
    }
    std::vector<std::uint8_t> x = x0_;
    for (std::size_t j = 0; j < kernel_.size(); ++j) {
      if (((combination >> j) & 1U) == 0) continue;
      for (std::size_t i = 0; i < x.size(); ++i) x[i] ^= kernel_[j][i];
    }
    if (effect(x) != effect_) {
      throw std::logic_error("ResearchBoard: the presses do not solve the board");
    }
    return x;
  }

 private:
  struct Term {
    std::uint64_t w;
    std::int64_t a;
  };

  // Looks for the board's symmetries; when they act, rewrites the kernel basis in the frame's
  // coordinates (new vector i is the old combination frame.to_original(e_i)).
  void adopt_symmetries() {
    const std::size_t d = kernel_.size();
    if (d < kSymmetricNullity || rows_ * cols_ > (std::size_t{1} << 22)) return;
    const auto board_of = [this](const std::vector<std::uint8_t>& v) {
      Board b(rows_, cols_);
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] != 0) b.set(i / cols_, i % cols_, true);
      }
      return b;
    };
    std::vector<Board> kernel;
    for (const std::vector<std::uint8_t>& k : kernel_) kernel.push_back(board_of(k));
    const auto dim = static_cast<unsigned>(d);
    frame_ = detail::SymmetricFrame::build(detail::board_symmetries(board_of(x0_), kernel), dim, 8,
                                           std::min(kSymmetricSubtree, dim - 4));
    if (!frame_) return;
    std::vector<std::vector<std::uint8_t>> adapted(d, std::vector<std::uint8_t>(rows_ * cols_));
    for (std::size_t i = 0; i < d; ++i) {
      const std::uint64_t c = frame_->to_original(std::uint64_t{1} << i);
      for (std::size_t j = 0; j < d; ++j) {
        if (((c >> j) & 1U) == 0) continue;
        for (std::size_t t = 0; t < adapted[i].size(); ++t) adapted[i][t] ^= kernel_[j][t];
      }
    }
    kernel_ = std::move(adapted);
  }

  // The classes as sorted terms (w, a): cells grouped by kernel column w != 0, a = (cells of w
  // where x0 is 0) - (cells where it is 1); offset_ = the cells where x0 is 1.
  void build_terms() {
    std::vector<Term> cells;
    offset_ = 0;
    for (std::size_t i = 0; i < x0_.size(); ++i) {
      std::uint64_t w = 0;
      for (std::size_t j = 0; j < kernel_.size(); ++j) {
        w |= static_cast<std::uint64_t>(kernel_[j][i] & 1U) << j;
      }
      if (x0_[i] != 0) ++offset_;
      if (w != 0) cells.push_back({w, x0_[i] != 0 ? -1 : 1});
    }
    terms_ = merged(std::move(cells));
  }

  static std::vector<Term> merged(std::vector<Term> t) {
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
  static std::vector<Term> restrict_terms(const std::vector<Term>& terms, unsigned d,
                                          unsigned depth, std::uint64_t prefix,
                                          std::int64_t& offset) {
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

  static std::int64_t bound_of(const std::vector<Term>& t, std::int64_t offset) {
    for (const Term& x : t) offset += std::min<std::int64_t>(x.a, 0);
    return offset;
  }

  struct LeastBound {
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

  void check_subtree(unsigned depth, std::uint64_t prefix) const {
    if (depth > nullity()) {
      throw std::invalid_argument("depth " + std::to_string(depth) + " is above the nullity " +
                                  std::to_string(nullity()));
    }
    if (depth < 64 && (prefix >> depth) != 0) {
      throw std::invalid_argument("prefix " + std::to_string(prefix) + " does not fit in " +
                                  std::to_string(depth) + " bits");
    }
  }

  std::vector<std::uint8_t> effect(const std::vector<std::uint8_t>& presses) const {
    std::vector<std::uint8_t> out = lights_;
    system_.apply(presses, out);
    return out;
  }

  Rules rules_;
  std::size_t rows_, cols_;
  std::vector<std::uint8_t> lights_, x0_, effect_;
  std::vector<std::vector<std::uint8_t>> kernel_;
  std::optional<detail::SymmetricFrame> frame_;
  detail::Gf2Classes classes_;
  std::vector<Term> terms_;
  std::int64_t offset_ = 0;
  PressSystem system_;
};

py::tuple outcome_tuple(const detail::FewestOutcome& o) {
  return py::make_tuple(o.weight, o.found, o.proven, o.lower_bound, o.combination);
}

// `below` from Python: None (no bound) or a non-negative int.
std::uint64_t below_of(const std::optional<std::uint64_t>& below) {
  return below.value_or(std::numeric_limits<std::uint64_t>::max());
}

}  // namespace

void bind_research(py::module_& m) {
  py::class_<ResearchBoard, std::shared_ptr<ResearchBoard>>(m, "ResearchBoard")
      .def(py::init([](const std::optional<std::string>& rules, const Bytes2& lights) {
             if (lights.ndim() != 2) {
               throw std::invalid_argument("lights must be a 2-D array (rows, cols)");
             }
             const auto rows = static_cast<std::size_t>(lights.shape(0));
             const auto cols = static_cast<std::size_t>(lights.shape(1));
             const std::uint8_t* data = lights.data();
             py::gil_scoped_release release;
             const Rules r = rules ? rules_with_files(*rules) : Rules::classic();
             return std::make_shared<ResearchBoard>(r, data, rows, cols);
           }),
           py::arg("rules"), py::arg("lights"))
      .def_property_readonly("nullity", &ResearchBoard::nullity)
      .def_property_readonly("classes", &ResearchBoard::classes)
      .def_property_readonly("rows", &ResearchBoard::rows)
      .def_property_readonly("cols", &ResearchBoard::cols)
      .def(
          "subtree",
          [](const ResearchBoard& b, unsigned depth, std::uint64_t prefix,
             const std::optional<std::uint64_t>& below, double seconds, unsigned threads) {
            detail::FewestOutcome o;
            {
              py::gil_scoped_release release;
              o = b.subtree(depth, prefix, below_of(below), seconds, threads);
            }
            return outcome_tuple(o);
          },
          py::arg("depth"), py::arg("prefix"), py::arg("below") = py::none(),
          py::arg("seconds") = 0.0, py::arg("threads") = 1)
      .def_property_readonly("kept", &ResearchBoard::kept)
      .def("canonical", &ResearchBoard::canonical, py::arg("depth"), py::arg("prefix"))
      .def(
          "probe",
          [](const ResearchBoard& b, unsigned depth, std::uint64_t prefix,
             const std::optional<std::uint64_t>& below) {
            detail::FewestOutcome o;
            {
              py::gil_scoped_release release;
              o = b.probe(depth, prefix, below_of(below));
            }
            return outcome_tuple(o);
          },
          py::arg("depth"), py::arg("prefix"), py::arg("below") = py::none())
      .def(
          "bound",
          [](const ResearchBoard& b, unsigned depth, std::uint64_t prefix) {
            py::gil_scoped_release release;
            return b.bound(depth, prefix);
          },
          py::arg("depth"), py::arg("prefix"))
      .def(
          "least_bound",
          [](const ResearchBoard& b, unsigned depth, double seconds) {
            py::gil_scoped_release release;
            return b.least_bound(depth, seconds);
          },
          py::arg("depth"), py::arg("seconds") = 0.0)
      .def(
          "presses",
          [](const ResearchBoard& b, std::uint64_t combination) {
            std::vector<std::uint8_t> x;
            {
              py::gil_scoped_release release;
              x = b.presses(combination);
            }
            Bytes2 out({static_cast<py::ssize_t>(b.rows()), static_cast<py::ssize_t>(b.cols())});
            std::copy(x.begin(), x.end(), out.mutable_data());
            return out;
          },
          py::arg("combination"));
}

}  // namespace lightsout::python
