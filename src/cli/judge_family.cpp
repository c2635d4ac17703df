// `lightsout solve --judge NAME` for the judge problem's siblings: each judge's input in, its
// answers out byte for byte, one solver per board size.
#include "judge_family.hpp"

#include <array>
#include <bit>
#include <map>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "command_inputs.hpp"
#include "file_io.hpp"
#include "lightsout/row_solver.hpp"
#include "lightsout/word_system.hpp"

namespace lightsout::cli {

namespace {

// Answers gathered in a buffer and written in large blocks.
class FamilyAnswers {
 public:
  explicit FamilyAnswers(std::size_t bytes) : limit_(bytes) { text_.reserve(bytes + 1024); }
  ~FamilyAnswers() = default;
  void line(std::string_view s) {
    text_.append(s);
    text_.push_back('\n');
    if (text_.size() >= limit_) flush();
  }
  void number(std::uint64_t v) {
    char digits[24];
    char* p = digits + sizeof digits;
    *--p = '\n';
    do {
      *--p = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    text_.append(p, digits + sizeof digits);
    if (text_.size() >= limit_) flush();
  }
  void flush() {
    if (!text_.empty()) write_stdout(text_.data(), text_.size());
    text_.clear();
  }

 private:
  std::size_t limit_;
  std::string text_;
};

// One RowSolver per board size met, made the first time.
class FamilyRowSolvers {
 public:
  const RowSolver& get(std::size_t rows, std::size_t cols) {
    std::unique_ptr<RowSolver>& s = solvers_[rows * 64 + cols];
    if (!s) s = std::make_unique<RowSolver>(rows, cols);
    return *s;
  }

 private:
  std::map<std::size_t, std::unique_ptr<RowSolver>> solvers_;
};

std::uint64_t family_presses_of(std::span<const std::uint64_t> rows) {
  std::uint64_t n = 0;
  for (const std::uint64_t r : rows) n += static_cast<std::uint64_t>(std::popcount(r));
  return n;
}

// The fewest presses of a grid case to all dark, ties broken by `tie`, when it has a solution.
std::optional<std::uint64_t> family_fewest(FamilyRowSolvers& solvers, const GridCase& c,
                                           std::span<std::uint64_t> presses,
                                           RowSolver::Tie tie = RowSolver::Tie::any) {
  const RowSolver& solver = solvers.get(c.rows, c.cols);
  if (!solver.solve_fewest(std::span(c.lights).first(c.rows), presses.first(c.rows), tie)) {
    return std::nullopt;
  }
  return family_presses_of(presses.first(c.rows));
}

void write_family_grid(FamilyAnswers& out, const GridCase& c, std::span<const std::uint64_t> p) {
  std::string row;
  for (std::size_t r = 0; r < c.rows; ++r) {
    row.clear();
    for (std::size_t col = 0; col < c.cols; ++col) {
      if (col != 0) row.push_back(' ');
      row.push_back(((p[r] >> col) & 1U) != 0 ? '1' : '0');
    }
    out.line(row);
  }
}

// Writes the fewest presses `n`, or `none` (the problem's word for no answer) without one; false
// then.
bool write_family_fewest(FamilyAnswers& out, const std::optional<std::uint64_t>& n,
                         const char* none) {
  if (n) {
    out.number(*n);
  } else {
    out.line(none);
  }
  return n.has_value();
}

// Answers one grid case; false when it has none (the problem's own word for that is written).
bool answer_family_grid(JudgeProblem problem, FamilyRowSolvers& solvers, GridCase& c,
                        FamilyAnswers& out) {
  std::array<std::uint64_t, GridCase::kMaxRows> presses{};
  switch (problem) {
    case JudgeProblem::poj3279: {
      const bool ok = family_fewest(solvers, c, presses, RowSolver::Tie::lexicographic).has_value();
      if (ok) {
        write_family_grid(out, c, presses);
      } else {
        out.line("IMPOSSIBLE");
      }
      return ok;
    }
    case JudgeProblem::poj1681:
      return write_family_fewest(out, family_fewest(solvers, c, presses), "inf");
    case JudgeProblem::poj1753: {
      std::optional<std::uint64_t> best = family_fewest(solvers, c, presses);  // all white
      for (std::size_t r = 0; r < 4; ++r) c.lights[r] ^= 0xF;
      const std::optional<std::uint64_t> black = family_fewest(solvers, c, presses);
      if (black && (!best || *black < *best)) best = black;
      return write_family_fewest(out, best, "Impossible");
    }
    default:  // poj3185: the judge promises a solution; a case without one says so
      return write_family_fewest(out, family_fewest(solvers, c, presses), "impossible");
  }
}

}  // namespace

int run_judge_family(JudgeProblem problem, const std::string& input_name, bool stats) {
  add_input(input_name);
  refuse_overwriting_inputs("-", "the answers");
  prompt_if_terminal(input_name, fmt::format("{} cases", judge_problem_name(problem)));
  InputFile input(input_name);
  JudgeCaseReader reader(
      problem, [&input](char* buf, std::size_t cap) { return input.read(buf, cap); },
      input.buffer_bytes());
  // A pipe or a terminal gets each answer as its case is read; a file, in large blocks.
  FamilyAnswers out(input.regular_file_size() ? std::size_t{1} << 20 : 0);
  std::size_t without = 0;
  try {
    if (problem == JudgeProblem::poj1830) {
      SwitchCase c;
      while (reader.next(c)) {
        const WordSystemCount count = count_word_system(std::span(c.presses).first(c.n), c.change);
        if (count.reachable) {
          out.number(std::uint64_t{1} << count.nullity);
        } else {
          out.line("Oh,it's impossible~!!");
          ++without;
        }
      }
    } else {
      FamilyRowSolvers solvers;
      GridCase c;
      while (reader.next(c)) {
        if (!answer_family_grid(problem, solvers, c, out)) ++without;
      }
    }
  } catch (const JudgeCaseError& e) {
    out.flush();  // what was answered before the error is still delivered
    fmt::print(stderr, "lightsout: {}:{} (--judge {})\n", input.name(), e.what(),
               judge_problem_name(problem));
    return kExitBadInput;
  }
  out.flush();
  if (stats) {
    fmt::print(stderr, "cases: {}\nwithout a solution: {}\n", reader.cases_read(), without);
  }
  if (problem == JudgeProblem::poj3185 && without > 0) {
    fmt::print(stderr,
               "lightsout: {}: {} of {} cases cannot turn every bowl to 0 (the problem "
               "promises they can)\n",
               input.name(), without, reader.cases_read());
    return kExitUnsolvable;
  }
  return kExitOk;
}

}  // namespace lightsout::cli
