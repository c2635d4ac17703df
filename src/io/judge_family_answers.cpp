// answer_judge_cases: each sibling judge's answer to a case, in its bytes, one solver per size.
#include "lightsout/judge_family_answers.hpp"

#include <array>
#include <bit>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "judge_family_text.hpp"
#include "lightsout/row_solver.hpp"
#include "lightsout/word_system.hpp"

namespace lightsout {

namespace {

// One RowSolver per board size met (at most 15 x 20), made the first time.
class FamilyRowSolvers {
 public:
  const RowSolver& get(std::size_t rows, std::size_t cols) {
    std::unique_ptr<RowSolver>& s = solvers_.at(rows * 32 + cols);
    if (!s) s = std::make_unique<RowSolver>(rows, cols);
    return *s;
  }

 private:
  std::array<std::unique_ptr<RowSolver>, (GridCase::kMaxRows + 1) * 32> solvers_;
};

// The bits set in 64-bit x, without a library call where the build has no POPCNT instruction.
std::uint64_t bits_in(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (x * 0x0101010101010101ULL) >> 56;
}

// The presses in the rows: four rows of at most 16 bits to a word where they fit.
std::uint64_t family_presses_of(std::span<const std::uint64_t> rows) {
  std::uint64_t n = 0;
  std::size_t r = 0;
  for (; r + 4 <= rows.size(); r += 4) {
    const std::uint64_t a = rows[r] | rows[r + 1] | rows[r + 2] | rows[r + 3];
    if (a >> 16 != 0) break;
    n += bits_in(rows[r] | rows[r + 1] << 16 | rows[r + 2] << 32 | rows[r + 3] << 48);
  }
  for (; r < rows.size(); ++r) n += bits_in(rows[r]);
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

void write_family_grid(detail::AnswerText& out, const GridCase& c,
                       std::span<const std::uint64_t> p) {
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
bool write_family_fewest(detail::AnswerText& out, const std::optional<std::uint64_t>& n,
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
                        detail::AnswerText& out) {
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

// Switch-problem cases gathered and counted together (count_small_word_systems), then answered
// in their order.
class SwitchBatch {
 public:
  static constexpr std::size_t kCases = 32;
  explicit SwitchBatch(std::size_t size) : size_(size) {}
  SwitchCase& next() { return cases_[filled_]; }
  // Takes the case next() filled; true when the batch is full.
  bool take() { return ++filled_ == size_; }
  // Answers the cases taken; returns how many have no answer.
  std::size_t answer(detail::AnswerText& out) {
    std::array<SmallWordSystem, kCases> systems;
    for (std::size_t i = 0; i < filled_; ++i) {
      systems[i] = {cases_[i].n, cases_[i].presses.data(), cases_[i].change};
    }
    std::array<WordSystemCount, kCases> counts;
    count_small_word_systems(std::span(systems).first(filled_), std::span(counts).first(filled_));
    std::size_t without = 0;
    for (std::size_t i = 0; i < filled_; ++i) {
      if (counts[i].reachable) {
        out.number(std::uint64_t{1} << counts[i].nullity);
      } else {
        out.line("Oh,it's impossible~!!");
        ++without;
      }
    }
    filled_ = 0;
    return without;
  }
  std::size_t answer_all(detail::AnswerText& out) { return answer(out); }

 private:
  std::size_t size_;
  std::size_t filled_ = 0;
  std::array<SwitchCase, kCases> cases_;
};

// Painter's cases gathered while they have one size, then counted RowSolver::kCountBatch at a
// time where the size has at most one solution (count_presses), one at a time where it has more.
class PainterBatch {
 public:
  explicit PainterBatch(FamilyRowSolvers& solvers) : solvers_(solvers) {}
  GridCase& next() { return cases_[filled_]; }
  // Takes the case next() filled; true when the batch must be answered before the next case (it
  // is full, or this case's size differs from the others', which are then answered first).
  bool take() {
    if (filled_ > 0 && cases_[filled_].rows != cases_[0].rows) {
      pending_ = true;  // answered after the others, at the batch's start
      return true;
    }
    return ++filled_ == RowSolver::kCountBatch;
  }
  std::size_t answer(detail::AnswerText& out) {
    std::size_t without = 0;
    if (filled_ > 0) {
      const RowSolver& solver = solvers_.get(cases_[0].rows, cases_[0].cols);
      if (solver.counts_batches()) {
        std::array<const std::uint64_t*, RowSolver::kCountBatch> boards{};
        std::array<int, RowSolver::kCountBatch> counts{};
        for (std::size_t i = 0; i < filled_; ++i) boards[i] = cases_[i].lights.data();
        solver.count_presses(std::span(boards).first(filled_), std::span(counts).first(filled_));
        for (std::size_t i = 0; i < filled_; ++i) {
          const bool some = counts[i] != RowSolver::kNoSolution;
          write_family_fewest(out, some ? std::optional<std::uint64_t>(counts[i]) : std::nullopt,
                              "inf");
          without += some ? 0 : 1;
        }
      } else {
        for (std::size_t i = 0; i < filled_; ++i) {
          without += answer_family_grid(JudgeProblem::poj1681, solvers_, cases_[i], out) ? 0 : 1;
        }
      }
    }
    if (pending_) {  // the case of another size starts the next batch
      pending_ = false;
      cases_[0] = cases_[filled_];
      filled_ = 1;
    } else {
      filled_ = 0;
    }
    return without;
  }
  // Answers every case taken, the one of another size included.
  std::size_t answer_all(detail::AnswerText& out) {
    std::size_t without = answer(out);
    if (filled_ > 0) without += answer(out);
    return without;
  }

 private:
  FamilyRowSolvers& solvers_;
  std::size_t filled_ = 0;
  bool pending_ = false;
  std::array<GridCase, RowSolver::kCountBatch> cases_;
};

// Reads every case into `batch` and answers each batch as it fills (SwitchBatch, PainterBatch:
// next(), take(), answer(), answer_all()), the cases read whole before an error included; returns
// how many cases have no answer.
template <typename Batch>
std::size_t answer_in_batches(JudgeCaseReader& reader, Batch& batch, detail::AnswerText& out) {
  std::size_t without = 0;
  try {
    while (reader.next(batch.next())) {
      if (batch.take()) without += batch.answer(out);
    }
  } catch (const JudgeCaseError&) {
    batch.answer_all(out);
    throw;
  }
  return without + batch.answer_all(out);
}

}  // namespace

JudgeFamilyTally answer_judge_cases(JudgeCaseReader& reader, const JudgeAnswerWrite& write,
                                    std::size_t block_bytes) {
  detail::AnswerText out(write, block_bytes);
  JudgeFamilyTally tally;
  const std::size_t before = reader.cases_read();
  try {
    if (reader.problem() == JudgeProblem::poj1830) {
      SwitchBatch batch(block_bytes == 0 ? 1 : SwitchBatch::kCases);
      tally.without = answer_in_batches(reader, batch, out);
    } else {
      FamilyRowSolvers solvers;
      if (reader.problem() == JudgeProblem::poj1681 && block_bytes != 0) {
        PainterBatch batch(solvers);
        tally.without = answer_in_batches(reader, batch, out);
      } else {
        GridCase c;
        while (reader.next(c)) {
          if (!answer_family_grid(reader.problem(), solvers, c, out)) ++tally.without;
        }
      }
    }
  } catch (const JudgeCaseError&) {
    out.flush();  // what was answered before the error is still delivered
    throw;
  }
  out.flush();
  tally.cases = reader.cases_read() - before;
  return tally;
}

}  // namespace lightsout
