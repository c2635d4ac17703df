// libFuzzer target: JudgeCaseReader over arbitrary bytes for each of the judge family's formats
// (chosen by the first byte, the source's piece size by the second), every case answered as
// `solve --judge` does. Properties: the only failure is JudgeCaseError, with a place and a case
// number past the cases read; every case is within its format's bounds; a grid solution found by
// RowSolver turns its board dark when pressed (checked cell by cell here); a switch count comes
// with a press set that does the change (the first one met when there are few switches). The
// switch problem's bytes are also read whole from memory with and without the AVX-512 reading of
// a case (where the CPU has it): the same cases and the same error.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "io/judge_family_simd.hpp"
#include "lightsout/judge_family.hpp"
#include "lightsout/row_solver.hpp"
#include "lightsout/word_system.hpp"

using namespace lightsout;
using namespace lightsout::fuzz;  // fuzz_support.hpp

namespace {

void check_grid(JudgeProblem problem, const GridCase& c) {
  if (c.rows == 0 || c.rows > GridCase::kMaxRows || c.cols == 0 || c.cols > 20) {
    finding("grid size out of range");
  }
  if ((problem == JudgeProblem::poj1753 && (c.rows != 4 || c.cols != 4)) ||
      (problem == JudgeProblem::poj3185 && (c.rows != 1 || c.cols != 20)) ||
      (problem == JudgeProblem::poj1681 && c.rows != c.cols)) {
    finding("grid size not the format's");
  }
  for (std::size_t r = 0; r < c.rows; ++r) {
    if ((c.lights[r] >> c.cols) != 0) finding("a light past the last column");
  }
  const RowSolver solver(c.rows, c.cols);
  std::array<std::uint64_t, GridCase::kMaxRows> p{};
  const auto tie =
      problem == JudgeProblem::poj3279 ? RowSolver::Tie::lexicographic : RowSolver::Tie::any;
  if (!solver.solve_fewest(std::span(c.lights).first(c.rows), std::span(p).first(c.rows), tie)) {
    return;
  }
  // Press by hand, cell by cell, and look for a light left on.
  std::array<std::uint64_t, GridCase::kMaxRows> lit = c.lights;
  for (std::size_t r = 0; r < c.rows; ++r) {
    for (std::size_t col = 0; col < c.cols; ++col) {
      if (((p[r] >> col) & 1U) == 0) continue;
      lit[r] ^= std::uint64_t{1} << col;
      if (col > 0) lit[r] ^= std::uint64_t{1} << (col - 1);
      if (col + 1 < c.cols) lit[r] ^= std::uint64_t{1} << (col + 1);
      if (r > 0) lit[r - 1] ^= std::uint64_t{1} << col;
      if (r + 1 < c.rows) lit[r + 1] ^= std::uint64_t{1} << col;
    }
  }
  for (std::size_t r = 0; r < c.rows; ++r) {
    if (lit[r] != 0) finding("a grid solution leaves a light on");
  }
}

void check_switches(const SwitchCase& c) {
  if (c.n == 0 || c.n > SwitchCase::kMaxSwitches) finding("switch count out of range");
  const std::uint64_t all = (std::uint64_t{1} << c.n) - 1;
  if ((c.change & ~all) != 0) finding("a change past the last switch");
  for (std::size_t i = 0; i < c.n; ++i) {
    if ((c.presses[i] & ~all) != 0) finding("a link past the last switch");
    if (((c.presses[i] >> i) & 1U) == 0) finding("a switch that does not flip itself");
  }
  const WordSystemCount count = count_word_system(std::span(c.presses).first(c.n), c.change);
  const std::optional<std::size_t> nullity =
      count.reachable ? std::optional<std::size_t>(count.nullity) : std::nullopt;
  if (c.n > 12) return;
  // Few switches: count the press sets that do the change, by trying them all.
  std::uint64_t ways = 0;
  for (std::uint64_t set = 0; set <= all; ++set) {
    std::uint64_t flipped = 0;
    for (std::size_t j = 0; j < c.n; ++j) {
      if (((set >> j) & 1U) != 0) flipped ^= c.presses[j];
    }
    ways += flipped == c.change ? 1 : 0;
  }
  if (ways != (nullity ? std::uint64_t{1} << *nullity : 0)) finding("a wrong switch count");
}

// The switch problem's cases read from `text` whole, and the error that ended them.
struct SwitchRun {
  std::vector<SwitchCase> cases;
  std::string error;
};

SwitchRun read_switches(std::string_view text, bool wide) {
  const bool was = detail::use_wide_switch(wide);
  SwitchRun run;
  try {
    JudgeCaseReader reader(JudgeProblem::poj1830, text, text.size(), {});
    SwitchCase c;
    while (reader.next(c)) run.cases.push_back(c);
  } catch (const JudgeCaseError& e) {
    run.error = std::to_string(e.line()) + ":" + std::to_string(e.column()) + ":" +
                std::to_string(e.case_number()) + ": " + e.what();
  }
  detail::use_wide_switch(was);
  return run;
}

void check_wide_reading(std::string_view text) {
  if (!detail::wide_switch_usable()) return;  // one reading only on this CPU
  const SwitchRun wide = read_switches(text, true);
  const SwitchRun other = read_switches(text, false);
  if (wide.error != other.error) finding("the wide reading's error differs");
  if (wide.cases.size() != other.cases.size()) finding("the wide reading's case count differs");
  for (std::size_t k = 0; k < wide.cases.size(); ++k) {
    const SwitchCase& a = wide.cases[k];
    const SwitchCase& b = other.cases[k];
    if (a.n != b.n || a.change != b.change ||
        !std::equal(a.presses.begin(), a.presses.begin() + static_cast<std::ptrdiff_t>(a.n),
                    b.presses.begin())) {
      finding("the wide reading's case differs");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes control(data, size);
  const auto [which, piece_byte] = control.take<2>();
  const JudgeProblem problems[] = {JudgeProblem::poj3279, JudgeProblem::poj1681,
                                   JudgeProblem::poj1753, JudgeProblem::poj3185,
                                   JudgeProblem::poj1830};
  const JudgeProblem problem = problems[which % 5];
  ChunkedSource source(control.data(), control.size(), 1 + piece_byte % 64);
  JudgeCaseReader reader(problem, std::ref(source), 4096);
  std::size_t cases = 0;
  try {
    if (problem == JudgeProblem::poj1830) {
      SwitchCase c;
      while (reader.next(c)) {
        ++cases;
        check_switches(c);
      }
    } else {
      GridCase c;
      while (reader.next(c)) {
        ++cases;
        check_grid(problem, c);
      }
    }
    if (cases == 0) finding("no case and no error");
  } catch (const JudgeCaseError& e) {
    if (e.line() == 0 || e.column() == 0 || e.case_number() == 0) finding("0 in error position");
    if (e.case_number() + 1 < cases + 1 || e.case_number() > cases + 1) {
      finding("the error names a case other than the last read or the next");
    }
  }
  if (reader.cases_read() != cases) finding("cases_read disagrees");
  if (problem == JudgeProblem::poj1830) {
    check_wide_reading(
        std::string_view(reinterpret_cast<const char*>(control.data()), control.size()));
  }
  return 0;
}
