// lightsout._core.ResearchBoard: the library's FewestSearch (lightsout/fewest_search.hpp), one
// board's fewest-presses search in independent subtrees, for a distributed search
// (python/lightsout/research) to hand out. Here only the binding: the lights from numpy, the
// tuples, the GIL released around the engine's work; Python only schedules.
#include "research.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "cells.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/fewest_search.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace py = pybind11;

namespace lightsout::python {

namespace {

using Bytes2 = py::array_t<std::uint8_t, py::array::c_style>;

py::tuple outcome_tuple(const SubtreeOutcome& o) {
  return py::make_tuple(o.weight, o.found, o.proven, o.lower_bound, o.combination);
}

// `below` from Python: None (no bound) or a non-negative int.
std::uint64_t below_of(const std::optional<std::uint64_t>& below) {
  return below.value_or(FewestSearch::kNoBound);
}

}  // namespace

void bind_research(py::module_& m) {
  py::class_<FewestSearch, std::shared_ptr<FewestSearch>>(m, "ResearchBoard")
      .def(py::init([](const std::optional<std::string>& rules, const Bytes2& lights) {
             if (lights.ndim() != 2) {
               throw std::invalid_argument("lights must be a 2-D array (rows, cols)");
             }
             const auto rows = static_cast<std::size_t>(lights.shape(0));
             const auto cols = static_cast<std::size_t>(lights.shape(1));
             const std::uint8_t* data = lights.data();
             py::gil_scoped_release release;
             // The rules' and the size's refusals first, then the lights' values.
             const Solver solver = FewestSearch::prepare(
                 rules ? rules_with_files(*rules) : Rules::classic(), rows, cols);
             return std::make_shared<FewestSearch>(solver, grid_from_bytes(data, rows, cols, 2));
           }),
           py::arg("rules"), py::arg("lights"))
      .def_property_readonly("nullity", &FewestSearch::nullity)
      .def_property_readonly("classes", &FewestSearch::classes)
      .def_property_readonly("rows", &FewestSearch::rows)
      .def_property_readonly("cols", &FewestSearch::cols)
      .def(
          "subtree",
          [](const FewestSearch& b, unsigned depth, std::uint64_t prefix,
             const std::optional<std::uint64_t>& below, double seconds, unsigned threads) {
            SubtreeOutcome o;
            {
              py::gil_scoped_release release;
              o = b.subtree(depth, prefix, below_of(below), seconds, threads);
            }
            return outcome_tuple(o);
          },
          py::arg("depth"), py::arg("prefix"), py::arg("below") = py::none(),
          py::arg("seconds") = 0.0, py::arg("threads") = 1)
      .def_property_readonly("kept", &FewestSearch::kept)
      .def("canonical", &FewestSearch::canonical, py::arg("depth"), py::arg("prefix"))
      .def(
          "probe",
          [](const FewestSearch& b, unsigned depth, std::uint64_t prefix,
             const std::optional<std::uint64_t>& below) {
            SubtreeOutcome o;
            {
              py::gil_scoped_release release;
              o = b.probe(depth, prefix, below_of(below));
            }
            return outcome_tuple(o);
          },
          py::arg("depth"), py::arg("prefix"), py::arg("below") = py::none())
      .def(
          "bound",
          [](const FewestSearch& b, unsigned depth, std::uint64_t prefix) {
            py::gil_scoped_release release;
            return b.bound(depth, prefix);
          },
          py::arg("depth"), py::arg("prefix"))
      .def(
          "least_bound",
          [](const FewestSearch& b, unsigned depth, double seconds) {
            LeastBound l;
            {
              py::gil_scoped_release release;
              l = b.least_bound(depth, seconds);
            }
            return py::make_tuple(l.bound, l.complete, l.nodes);
          },
          py::arg("depth"), py::arg("seconds") = 0.0)
      .def(
          "presses",
          [](const FewestSearch& b, std::uint64_t combination) {
            Grid x;
            {
              py::gil_scoped_release release;
              x = b.presses(combination);
            }
            Bytes2 out({static_cast<py::ssize_t>(b.rows()), static_cast<py::ssize_t>(b.cols())});
            grid_to_bytes(x, out.mutable_data());
            return out;
          },
          py::arg("combination"));
}

}  // namespace lightsout::python
