// lightsout._core: the pybind11 bindings; numpy arrays in and out as uint8, the GIL released
// while boards are converted and solved. The friendly API is python/lightsout/__init__.py.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "api/json_schema.hpp"
#include "api/solver_cache.hpp"
#include "cells.hpp"
#include "files.hpp"
#include "lightsout/atomic_file.hpp"
#include "lightsout/board_files.hpp"
#include "lightsout/board_size.hpp"
#include "lightsout/info.hpp"
#include "lightsout/plan.hpp"
#include "lightsout/render.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/rules_text.hpp"
#include "lightsout/solver.hpp"
#include "lightsout/streamed_files.hpp"
#include "research.hpp"

namespace py = pybind11;

namespace lightsout::python {

namespace {

using Bytes2 = py::array_t<std::uint8_t, py::array::c_style>;

// Largest side `info` takes, as the CLI.
constexpr std::size_t kMaxInfoSide = 1'000'000'000;

// A parsed rules text, shared by the objects built from it.
struct PyRules {
  std::shared_ptr<const Rules> rules;
  explicit PyRules(const std::optional<std::string>& text)
      : rules(std::make_shared<const Rules>(text ? rules_with_files(*text) : Rules::classic())) {}
};

std::pair<std::size_t, std::size_t> shape2(const py::array& a, const char* what) {
  if (a.ndim() != 2) {
    throw std::invalid_argument(std::string(what) + " must be a 2-D array (rows, cols)");
  }
  return {static_cast<std::size_t>(a.shape(0)), static_cast<std::size_t>(a.shape(1))};
}

Bytes2 new_bytes(std::vector<py::ssize_t> shape) { return Bytes2(std::move(shape)); }

// The exact number as (prime, exponent) pairs; [] for one, None for zero.
py::object factors_of(const SolutionCount& n) {
  if (n.zero) return py::none();
  py::list out;
  for (const auto& [p, e] : n.factors) out.append(py::make_tuple(p, e));
  return out;
}

// The exact number as a Python int (2^300 * 3^12 too).
py::int_ count_of(const SolutionCount& n) {
  if (n.zero) return py::int_(0);
  if (const std::optional<std::uint64_t> v = n.value()) return py::int_(*v);
  py::object out = py::int_(1);
  for (const auto& [p, e] : n.factors) out = out * py::int_(p).attr("__pow__")(e);
  return out;
}

// A Grid as a new (rows, cols) uint8 array, converted with the GIL released.
Bytes2 grid_array(const Grid& grid) {
  Bytes2 out =
      new_bytes({static_cast<py::ssize_t>(grid.rows()), static_cast<py::ssize_t>(grid.cols())});
  std::uint8_t* dst = out.mutable_data();
  py::gil_scoped_release release;
  grid_to_bytes(grid, dst);
  return out;
}

// Grids of one shape as a (count, rows, cols) uint8 array.
Bytes2 grids_array(const std::vector<Grid>& grids, std::size_t rows, std::size_t cols) {
  Bytes2 out = new_bytes({static_cast<py::ssize_t>(grids.size()), static_cast<py::ssize_t>(rows),
                          static_cast<py::ssize_t>(cols)});
  std::uint8_t* dst = out.mutable_data();
  py::gil_scoped_release release;
  for (std::size_t i = 0; i < grids.size(); ++i) grid_to_bytes(grids[i], dst + i * rows * cols);
  return out;
}

// The library's Result for Python: the presses stay a Grid (bit-packed for two states) until
// first asked for as an array, which is then kept.
class PyResult {
 public:
  PyResult(Result result, std::size_t rows, std::size_t cols)
      : result_(std::move(result)), rows_(rows), cols_(cols) {}

  bool solvable() const { return result_.solvable; }
  const Bytes2& presses() {
    if (!presses_) presses_ = grid_array(result_.presses);
    return *presses_;
  }
  std::uint64_t press_count() const { return result_.presses.total(); }
  std::size_t nullity() const { return result_.nullity; }
  py::int_ solutions() const { return count_of(result_.solutions); }
  py::object solution_factors() const { return factors_of(result_.solutions); }
  // With kernel=True: a basis of the quiet patterns, else none (0, rows, cols).
  Bytes2 kernel() const { return grids_array(result_.kernel, rows_, cols_); }
  const std::vector<unsigned>& kernel_orders() const { return result_.kernel_orders; }
  bool minimal() const { return result_.minimal; }
  bool minimal_proven() const { return result_.minimal_proven; }
  // With minimal on a solvable board: no solution has fewer presses; else None.
  std::optional<std::uint64_t> minimal_lower_bound() const {
    if (!result_.minimal || !result_.solvable) return std::nullopt;
    return result_.minimal_lower_bound;
  }
  std::string method() const { return std::string(method_name(result_.method)); }
  std::pair<std::size_t, std::size_t> shape() const { return {rows_, cols_}; }

 private:
  Result result_;
  std::size_t rows_, cols_;
  std::optional<Bytes2> presses_;
};

// minimal_time as the CLI's --minimal-time takes it: seconds from 0 to 1e9, 0 for no limit.
// -1, NaN and infinity meant no limit here where the CLI refuses them.
void check_minimal_time(double seconds) {
  if (!(seconds >= 0.0 && seconds <= 1e9)) {
    throw std::invalid_argument(
        fmt::format("minimal_time: expected seconds from 0 to 1e9 (0: no limit), got {}", seconds));
  }
}

// Solves one board of `solver`'s size with the GIL released (the board converted then too).
PyResult solve_board(const Solver& solver, const std::uint8_t* in, bool minimal,
                     double minimal_time, bool kernel) {
  check_minimal_time(minimal_time);
  Result result;
  {
    py::gil_scoped_release release;
    Grid grid = grid_from_bytes(in, solver.rows(), solver.cols(), solver.states());
    result = solver.solve(std::move(grid),
                          {.kernel = kernel, .minimal = minimal, .minimal_seconds = minimal_time});
  }
  return PyResult(std::move(result), solver.rows(), solver.cols());
}

// `rules`, once rows x cols is a size the CLI's --size takes (at most 2^40 cells): 2^40 x 2^40
// wrapped around 2^64 into 0 cells, and the message named the wrong limit.
const Rules& checked_size(const Rules& rules, std::size_t rows, std::size_t cols) {
  if (rows == 0 || cols == 0 || rows > kMaxBoardCells / cols) {
    throw std::invalid_argument(fmt::format(
        "board size must be RxC with 1 <= R, C and at most 2^40 cells, got '{}x{}'", rows, cols));
  }
  return rules;
}

class PySolver {
 public:
  PySolver(std::size_t rows, std::size_t cols, const PyRules& rules)
      : rules_(rules.rules), solver_(checked_size(*rules.rules, rows, cols), rows, cols) {}

  PyResult solve(const Bytes2& lights, bool minimal, double minimal_time, bool kernel) const {
    const auto [rows, cols] = shape2(lights, "lights");
    check_shape(rows, cols);
    return solve_board(solver_, lights.data(), minimal, minimal_time, kernel);
  }

  // (solvable (N,) bool, presses (N, rows, cols) uint8, proven (N,) bool): unsolvable boards
  // get zero presses; proven[b] says that board b's presses are the proven fewest (minimal).
  py::tuple solve_many(const py::array_t<std::uint8_t, py::array::c_style>& stack, bool minimal,
                       double minimal_time) const {
    if (stack.ndim() != 3) {
      throw std::invalid_argument("boards must be a 3-D array (count, rows, cols)");
    }
    check_minimal_time(minimal_time);
    const auto n = static_cast<std::size_t>(stack.shape(0));
    check_shape(static_cast<std::size_t>(stack.shape(1)), static_cast<std::size_t>(stack.shape(2)));
    const std::size_t cells = solver_.rows() * solver_.cols();
    py::array_t<bool> solvable(static_cast<py::ssize_t>(n));
    py::array_t<bool> proven(static_cast<py::ssize_t>(n));
    Bytes2 presses = new_bytes({stack.shape(0), stack.shape(1), stack.shape(2)});
    const std::uint8_t* in = stack.data();
    std::uint8_t* out = presses.mutable_data();
    bool* ok = solvable.mutable_data();
    bool* sure = proven.mutable_data();
    {
      py::gil_scoped_release release;
      // The word path's fewest presses are exact (minimal_exact) or not taken.
      if (solver_.word_sized() && (!minimal || solver_.minimal_exact())) {
        for (std::size_t b = 0; b < n; ++b) {
          std::uint64_t word = 0;
          std::uint64_t pressed = 0;
          if (!pack_word(in + b * cells, cells, word)) {
            grid_from_bytes(in + b * cells, solver_.rows(), solver_.cols(), 2);  // throws
          }
          ok[b] = solver_.solve_word(word, pressed, minimal);
          sure[b] = minimal && ok[b];
          unpack_word(ok[b] ? pressed : 0, cells, out + b * cells);
        }
      } else {
        for (std::size_t b = 0; b < n; ++b) {
          Grid grid =
              grid_from_bytes(in + b * cells, solver_.rows(), solver_.cols(), solver_.states());
          const Result r =
              solver_.solve(std::move(grid), {.minimal = minimal, .minimal_seconds = minimal_time});
          ok[b] = r.solvable;
          sure[b] = r.solvable && r.minimal_proven;
          grid_to_bytes(r.presses, out + b * cells);
        }
      }
    }
    return py::make_tuple(solvable, presses, proven);
  }

  std::size_t rows() const { return solver_.rows(); }
  std::size_t cols() const { return solver_.cols(); }
  unsigned states() const { return solver_.states(); }
  std::string method() const { return std::string(method_name(solver_.method())); }
  bool word_sized() const { return solver_.word_sized(); }
  std::string rules_text() const { return to_string(*rules_); }

 private:
  void check_shape(std::size_t rows, std::size_t cols) const {
    if (rows != solver_.rows() || cols != solver_.cols()) {
      throw std::invalid_argument(
          "the board is " + std::to_string(rows) + "x" + std::to_string(cols) + ", the solver's " +
          std::to_string(solver_.rows()) + "x" + std::to_string(solver_.cols()));
    }
  }

  std::shared_ptr<const Rules> rules_;
  Solver solver_;
};

// One board solved by the calling thread's cached Solver of its size and rules
// (api::cached_solver: the API's one cache policy, per thread, so safe with the GIL released).
PyResult py_solve(const PyRules& rules, const Bytes2& lights, bool minimal, double minimal_time,
                  bool kernel) {
  check_minimal_time(minimal_time);  // before a Solver is prepared
  const auto [rows, cols] = shape2(lights, "lights");
  std::shared_ptr<const Solver> solver;
  {
    py::gil_scoped_release release;
    solver = api::cached_solver(*rules.rules, rows, cols);
  }
  return solve_board(*solver, lights.data(), minimal, minimal_time, kernel);
}

// The library's Facts for Python, with the rules they are of (for to_dict, the JSON schema's).
struct PyFacts {
  Facts facts;
  std::shared_ptr<const Rules> rules;
  bool has_kernel = false;

  // `lightsout info RxC --rules TEXT --json` as a dict: the one schema (api/json_schema.hpp).
  py::dict to_dict() const {
    return py::module_::import("json").attr("loads")(facts_json(facts, *rules, false));
  }
  py::object kernel() const {
    if (!has_kernel) return py::none();
    return grids_array(facts.kernel, facts.rows, facts.cols);
  }
};

// Runs `work` on a thread of its own while the calling (Python) thread waits with the GIL
// released, checking for signals every 50 ms, so that Ctrl-C raises KeyboardInterrupt at once.
// The work itself has no cancel points (NTL's gcds, a Solver's set-up): after an interrupt it is
// left to end on its thread, which owns everything it uses, and its result is dropped.
template <class T>
T interruptible(std::function<T()> work) {
  auto task = std::make_shared<std::packaged_task<T()>>(std::move(work));
  std::future<T> result = task->get_future();
  std::thread([task] { (*task)(); }).detach();
  for (;;) {
    {
      py::gil_scoped_release release;
      if (result.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
  return result.get();
}

// Work below this (about a tenth of a second) runs on the calling thread.
constexpr double kInterruptibleWork = 1e8;

// `lightsout info RxC --rules TEXT`: the same checks, and the same weighing before any work
// (plan_facts, refused by refuse_plan: past `memory` bytes, 0 for a quarter of physical memory, or
// past the work limit without `force`, a ValueError naming the method); with `kernel`, a basis of
// the quiet patterns too (up to the library's kernel limits: std::length_error, a ValueError).
PyFacts py_facts(const PyRules& rules, std::size_t rows, std::size_t cols, bool kernel, bool force,
                 std::uint64_t memory) {
  if (rows == 0 || cols == 0 || rows > kMaxInfoSide || cols > kMaxInfoSide) {
    throw std::invalid_argument(
        "board size must be RxC with 1 <= R, C <= " + std::to_string(kMaxInfoSide) +
        " (e.g. 5x5), got '" + std::to_string(rows) + "x" + std::to_string(cols) + "'");
  }
  const std::shared_ptr<const Rules> chosen = rules.rules;
  if (!is_classic(*chosen)) check_board_size(*chosen, rows, cols);
  const SolvePlan cost = plan_facts(*chosen, rows, cols, kernel);
  const std::uint64_t budget = memory != 0 ? memory : default_memory_budget();
  const PlanLimits limits{force ? std::numeric_limits<double>::infinity() : kMaxInfoWork,
                          static_cast<double>(budget)};
  // Past the dense elimination's cell limit refuse_plan throws the Solver's own refusal.
  if (std::optional<PlanRefusal> refusal = refuse_plan(cost, *chosen, rows, cols, limits,
                                                       fmt::format("a {}x{} board", rows, cols))) {
    refusal->text += refusal->limit == PlanLimit::bytes ? " (pass a larger memory to try it)"
                                                        : " (pass force=True to run it)";
    throw std::invalid_argument(refusal->text);
  }
  PyFacts out{{}, chosen, kernel};
  if (cost.work < kInterruptibleWork) {
    py::gil_scoped_release release;
    out.facts = board_facts(*chosen, rows, cols, kernel);
  } else {
    out.facts = interruptible<Facts>(
        [chosen, rows, cols, kernel] { return board_facts(*chosen, rows, cols, kernel); });
  }
  return out;
}

std::optional<BoardFormat> format_of(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  return named_board_format(*name);
}

Bytes2 py_read_board(const std::string& path, const std::optional<std::string>& format,
                     unsigned states, std::uint64_t max_cells) {
  // The rules text's bounds ("expected a value 0..4294967295" for states=0 before).
  if (states < kMinStates || states > kMaxStates) {
    throw std::invalid_argument(
        fmt::format("states must be an integer in {}..{}, got {}", kMinStates, kMaxStates, states));
  }
  Grid grid;
  {
    py::gil_scoped_release release;
    grid = read_grid_file(path, format_of(format), states, max_cells);
  }
  return grid_array(grid);
}

void py_write_board(const std::string& path, const Bytes2& values,
                    const std::optional<std::string>& format, unsigned states) {
  const auto [rows, cols] = shape2(values, "the board");
  const std::uint8_t* src = values.data();
  const std::optional<BoardFormat> f = format_of(format);
  py::gil_scoped_release release;
  write_grid_file(path, grid_from_bytes(src, rows, cols, states), f);
}

// A classic board file too large for memory, solved in two passes (api/streamed_files.hpp).
StreamedSolve py_solve_file(const std::string& board, const std::string& presses,
                            const std::optional<std::string>& format,
                            const std::optional<std::string>& presses_format,
                            std::uint64_t max_cells) {
  StreamedSolveOptions options;
  options.in_format = format_of(format);
  options.out_format = format_of(presses_format);
  if (!options.out_format) options.out_format = board_format_for_path(presses);
  options.plain_answer_to_plain_input = !presses_format.has_value();
  options.max_cells = max_cells;
  py::gil_scoped_release release;
  try {
    return solve_board_file_streamed(board, presses, options);
  } catch (const FileWriteError& e) {
    throw FileError(e.what(), e.error());
  }
}

// Panels from (count, rows, cols) arrays.
class PyPicture {
 public:
  PyPicture(const py::array_t<std::uint8_t, py::array::c_style>& lights, unsigned states,
            const std::optional<py::array_t<std::uint8_t, py::array::c_style>>& presses,
            const PyRules& rules, std::size_t cell, std::size_t max_side) {
    if (lights.ndim() != 3) throw std::invalid_argument("boards must be a 3-D array");
    const auto n = static_cast<std::size_t>(lights.shape(0));
    const auto rows = static_cast<std::size_t>(lights.shape(1));
    const auto cols = static_cast<std::size_t>(lights.shape(2));
    if (presses && (presses->ndim() != 3 || presses->shape(0) != lights.shape(0) ||
                    presses->shape(1) != lights.shape(1) || presses->shape(2) != lights.shape(2))) {
      throw std::invalid_argument("the presses must have the shape of the board");
    }
    std::vector<Panel> panels;
    for (std::size_t i = 0; i < n; ++i) {
      Panel p{grid_from_bytes(lights.data() + i * rows * cols, rows, cols, states), std::nullopt,
              rules.rules->holes};
      if (presses) {
        p.presses = grid_from_bytes(presses->data() + i * rows * cols, rows, cols, states);
      }
      panels.push_back(std::move(p));
    }
    picture_ = std::make_unique<Picture>(std::move(panels),
                                         RenderOptions{.cell = cell, .max_side = max_side});
  }

  std::size_t width() const { return picture_->width(); }
  std::size_t height() const { return picture_->height(); }
  std::size_t cell() const { return picture_->cell(); }

  py::bytes encode(const std::string& format) const {
    const std::optional<ImageFormat> f = parse_image_format(format);
    if (!f) throw std::invalid_argument("unknown picture format '" + format + "' (png, svg)");
    std::string out;
    {
      py::gil_scoped_release release;
      write_image(*picture_, *f,
                  [&out](const char* data, std::size_t size) { out.append(data, size); });
    }
    return py::bytes(out);
  }

 private:
  std::unique_ptr<Picture> picture_;
};

}  // namespace

}  // namespace lightsout::python

PYBIND11_MODULE(_core, m) {
  using namespace lightsout;
  using namespace lightsout::python;
  m.doc() = "lightsout's C++ core; use the lightsout package, not this module";

  static py::exception<RulesError> rules_error(m, "RulesError", PyExc_ValueError);
  static py::exception<BoardFileError> board_error(m, "BoardFormatError", PyExc_ValueError);
  // pybind11's translator type, void (*)(std::exception_ptr), takes the pointer by value.
  // NOLINTNEXTLINE(performance-unnecessary-value-param)
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const RulesError& e) {
      std::string_view message = e.what();
      if (message.starts_with("rules: ")) message.remove_prefix(7);
      rules_error(std::string(message).c_str());
    } catch (const BoardFileError& e) {
      board_error(e.what());
    } catch (const FileError& e) {
      PyObject* type = e.error() == ENOENT   ? PyExc_FileNotFoundError
                       : e.error() == EACCES ? PyExc_PermissionError
                       : e.error() == EISDIR ? PyExc_IsADirectoryError
                                             : PyExc_OSError;
      PyErr_SetString(type, e.what());
    } catch (const std::length_error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  py::class_<PyRules>(m, "Rules")
      .def(py::init<const std::optional<std::string>&>(), py::arg("text") = py::none())
      .def_property_readonly("states", [](const PyRules& r) { return r.rules->states; })
      .def_property_readonly("text", [](const PyRules& r) { return to_string(*r.rules); })
      .def_property_readonly("classic", [](const PyRules& r) { return is_classic(*r.rules); })
      .def_property_readonly("graph_nodes", [](const PyRules& r) { return r.rules->graph.size(); })
      .def_property_readonly("holes_shape", [](const PyRules& r) -> py::object {
        if (!r.rules->has_holes()) return py::none();
        return py::make_tuple(r.rules->holes.rows(), r.rules->holes.cols());
      });

  py::class_<PyResult>(m, "Result")
      .def_property_readonly("solvable", &PyResult::solvable)
      .def_property_readonly("presses", &PyResult::presses)
      .def_property_readonly("press_count", &PyResult::press_count)
      .def_property_readonly("nullity", &PyResult::nullity)
      .def_property_readonly("solutions", &PyResult::solutions)
      .def_property_readonly("solution_factors", &PyResult::solution_factors)
      .def_property_readonly("kernel", &PyResult::kernel)
      .def_property_readonly("kernel_orders", &PyResult::kernel_orders)
      .def_property_readonly("minimal", &PyResult::minimal)
      .def_property_readonly("minimal_proven", &PyResult::minimal_proven)
      .def_property_readonly("minimal_lower_bound", &PyResult::minimal_lower_bound)
      .def_property_readonly("method", &PyResult::method)
      .def_property_readonly("shape", &PyResult::shape);

  // The facts as attributes (quiet_patterns an exact int), and, for code that used the dict
  // info() returned before, read-only mapping access to to_dict() (the JSON of `info --json`).
  py::class_<PyFacts>(m, "Facts")
      .def_property_readonly("rows", [](const PyFacts& f) { return f.facts.rows; })
      .def_property_readonly("cols", [](const PyFacts& f) { return f.facts.cols; })
      .def_property_readonly("states", [](const PyFacts& f) { return f.facts.states; })
      .def_property_readonly("cells", [](const PyFacts& f) { return f.facts.cells; })
      .def_property_readonly("nullity", [](const PyFacts& f) { return f.facts.nullity; })
      .def_property_readonly("quiet_patterns",
                             [](const PyFacts& f) { return count_of(f.facts.quiet_patterns); })
      .def_property_readonly("solvable_log2",
                             [](const PyFacts& f) { return f.facts.solvable_log2; })
      .def_property_readonly("all_solvable", [](const PyFacts& f) { return f.facts.all_solvable; })
      .def_property_readonly("rules", [](const PyFacts& f) { return to_string(*f.rules); })
      .def_property_readonly("kernel", &PyFacts::kernel)
      .def_property_readonly("kernel_orders",
                             [](const PyFacts& f) { return f.facts.kernel_orders; })
      .def("to_dict", &PyFacts::to_dict)
      .def("__getitem__",
           [](const PyFacts& f, const py::object& key) { return py::object(f.to_dict()[key]); })
      .def("__contains__",
           [](const PyFacts& f, const py::object& key) { return f.to_dict().contains(key); })
      .def("__iter__", [](const PyFacts& f) { return py::iter(f.to_dict().attr("keys")()); })
      .def("__len__", [](const PyFacts& f) { return py::len(f.to_dict()); })
      .def("keys", [](const PyFacts& f) { return f.to_dict().attr("keys")(); })
      .def("values", [](const PyFacts& f) { return f.to_dict().attr("values")(); })
      .def("items", [](const PyFacts& f) { return f.to_dict().attr("items")(); })
      .def(
          "get",
          [](const PyFacts& f, const py::object& key, const py::object& fallback) {
            return f.to_dict().attr("get")(key, fallback);
          },
          py::arg("key"), py::arg("default") = py::none())
      .def("__eq__",
           [](const PyFacts& f, const py::object& other) -> py::object {
             if (py::isinstance<PyFacts>(other)) {
               return py::bool_(f.to_dict().equal(other.cast<const PyFacts&>().to_dict()));
             }
             if (py::isinstance<py::dict>(other)) return py::bool_(f.to_dict().equal(other));
             return py::reinterpret_borrow<py::object>(Py_NotImplemented);
           })
      .def("__repr__", [](const PyFacts& f) {
        return fmt::format("<lightsout.Facts {}x{} rules={} nullity={} quiet_patterns={}>",
                           f.facts.rows, f.facts.cols, to_string(*f.rules), f.facts.nullity,
                           f.facts.quiet_patterns.to_string());
      });

  py::class_<PySolver>(m, "Solver")
      .def(py::init<std::size_t, std::size_t, const PyRules&>(), py::arg("rows"), py::arg("cols"),
           py::arg("rules"))
      .def("solve", &PySolver::solve, py::arg("lights"), py::arg("minimal") = false,
           py::arg("minimal_time") = 10.0, py::arg("kernel") = false)
      .def("solve_many", &PySolver::solve_many, py::arg("boards"), py::arg("minimal") = false,
           py::arg("minimal_time") = 10.0)
      .def_property_readonly("rows", &PySolver::rows)
      .def_property_readonly("cols", &PySolver::cols)
      .def_property_readonly("states", &PySolver::states)
      .def_property_readonly("method", &PySolver::method)
      .def_property_readonly("word_sized", &PySolver::word_sized)
      .def_property_readonly("rules", &PySolver::rules_text);

  py::class_<PyPicture>(m, "Picture")
      .def(py::init<const py::array_t<std::uint8_t, py::array::c_style>&, unsigned,
                    const std::optional<py::array_t<std::uint8_t, py::array::c_style>>&,
                    const PyRules&, std::size_t, std::size_t>(),
           py::arg("lights"), py::arg("states"), py::arg("presses"), py::arg("rules"),
           py::arg("cell"), py::arg("max_side"))
      .def_property_readonly("width", &PyPicture::width)
      .def_property_readonly("height", &PyPicture::height)
      .def_property_readonly("cell", &PyPicture::cell)
      .def("encode", &PyPicture::encode, py::arg("format"));

  m.def("solve", &py_solve, py::arg("rules"), py::arg("lights"), py::arg("minimal") = false,
        py::arg("minimal_time") = 10.0, py::arg("kernel") = false);
  m.def("facts", &py_facts, py::arg("rules"), py::arg("rows"), py::arg("cols"),
        py::arg("kernel") = false, py::arg("force") = false, py::arg("memory") = 0);
  py::class_<StreamedSolve>(m, "StreamedSolve")
      .def_property_readonly("outcome",
                             [](const StreamedSolve& s) {
                               switch (s.outcome) {
                                 case StreamedSolve::Outcome::solved:
                                   return "solved";
                                 case StreamedSolve::Outcome::unsolvable:
                                   return "unsolvable";
                                 case StreamedSolve::Outcome::in_memory:
                                   return "in_memory";  // not with stream_above 0, as here
                                 case StreamedSolve::Outcome::wide:
                                   break;
                               }
                               return "wide";
                             })
      .def_readonly("rows", &StreamedSolve::rows)
      .def_readonly("cols", &StreamedSolve::cols)
      .def_readonly("nullity", &StreamedSolve::nullity)
      .def_readonly("presses", &StreamedSolve::presses);
  m.def("solve_file", &py_solve_file, py::arg("board"), py::arg("presses"), py::arg("format"),
        py::arg("presses_format"), py::arg("max_cells"));
  m.def("read_board", &py_read_board, py::arg("path"), py::arg("format"), py::arg("states"),
        py::arg("max_cells"));
  bind_research(m);
  m.def("write_board", &py_write_board, py::arg("path"), py::arg("values"), py::arg("format"),
        py::arg("states"));
  m.def(
      "write_file",
      [](const std::string& path, const py::bytes& data) {
        write_whole_file(path, std::string_view(data));
      },
      py::arg("path"), py::arg("data"));
}
