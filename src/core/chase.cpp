// Light chasing, and solve_chase: the n x n first-row system solved by packed elimination.
#include "chase.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "board_ops.hpp"
#include "gf2_matrix.hpp"
#include "solve.hpp"

namespace lightsout {
namespace detail {

namespace {

// next = T cur + prev + b (prev, b: nullptr = zero; `mask` clears the bits past the row): one
// pass over the words, so that a long row goes through the cache once a step instead of once per
// term. The variants without a term are separate loops, so each vectorizes without a branch.
template <bool kPrev, bool kLights>
void fused_step(std::uint64_t* next, const std::uint64_t* cur, const std::uint64_t* prev,
                const std::uint64_t* b, std::size_t w, std::uint64_t mask) {
  auto others = [prev, b](std::size_t k) {
    std::uint64_t v = 0;
    if constexpr (kPrev) v ^= prev[k];
    if constexpr (kLights) v ^= b[k];
    return v;
  };
  if (w == 1) {
    const std::uint64_t v = cur[0];
    next[0] = ((v ^ (v << 1) ^ (v >> 1)) & mask) ^ others(0);
    return;
  }
  std::uint64_t v = cur[0];
  next[0] = v ^ (v << 1) ^ (v >> 1) ^ (cur[1] << 63) ^ others(0);
  for (std::size_t k = 1; k + 1 < w; ++k) {
    v = cur[k];
    next[k] = v ^ (v << 1) ^ (v >> 1) ^ (cur[k - 1] >> 63) ^ (cur[k + 1] << 63) ^ others(k);
  }
  v = cur[w - 1];
  next[w - 1] = ((v ^ (v << 1) ^ (v >> 1) ^ (cur[w - 2] >> 63)) & mask) ^ others(w - 1);
}

void step(std::uint64_t* next, const std::uint64_t* cur, const std::uint64_t* prev,
          const std::uint64_t* b, std::size_t w, std::uint64_t mask) {
  if (prev != nullptr && b != nullptr) return fused_step<true, true>(next, cur, prev, b, w, mask);
  if (prev != nullptr) return fused_step<true, false>(next, cur, prev, b, w, mask);
  if (b != nullptr) return fused_step<false, true>(next, cur, prev, b, w, mask);
  fused_step<false, false>(next, cur, prev, b, w, mask);
}

}  // namespace

bool chase_rows(const Board* lights, const std::uint64_t* first_row, Board& presses,
                std::uint64_t* phantom, const ProgressFn* progress, std::string_view phase,
                const std::uint64_t* last_column) {
  const std::size_t m = presses.rows();
  const std::size_t w = presses.stride();
  const std::uint64_t mask = presses.last_word_mask();
  std::uint64_t* x = presses.words().data();
  for (std::size_t k = 0; k < w; ++k) x[k] = first_row[k];
  // x_{i+1} = b_i + T x_i + x_{i-1}: press under every light that row i still shows.
  const bool report = progress != nullptr && *progress;
  const std::size_t report_every = std::max<std::size_t>(m / 256, 1);
  if (report) (*progress)(phase, 0.0);
  for (std::size_t i = 0; i < m; ++i) {
    if (report && i % report_every == 0) {
      (*progress)(phase, static_cast<double>(i) / static_cast<double>(m));
    }
    std::uint64_t* next = i + 1 < m ? x + (i + 1) * w : phantom;
    const std::uint64_t* cur = x + i * w;
    step(next, cur, i > 0 ? cur - w : nullptr,
         lights != nullptr ? lights->words().data() + i * w : nullptr, w, mask);
    if (last_column != nullptr) {
      next[w - 1] ^= ((last_column[i / 64] >> (i % 64)) & 1U) << ((presses.cols() - 1) % 64);
    }
  }
  for (std::size_t k = 0; k < w; ++k) {
    if (phantom[k] != 0) return false;
  }
  return true;
}

}  // namespace detail

bool chase(const Board& lights, std::span<const std::uint64_t> first_row, Board& presses,
           std::uint64_t* phantom) {
  if (presses.rows() != lights.rows() || presses.cols() != lights.cols() ||
      first_row.size() != lights.stride()) {
    throw std::invalid_argument("chase: sizes differ");
  }
  if ((first_row.back() & ~lights.last_word_mask()) != 0) {
    throw std::invalid_argument("chase: first row has bits past the last column");
  }
  std::vector<std::uint64_t> scratch;
  if (phantom == nullptr) {
    scratch.resize(lights.stride());
    phantom = scratch.data();
  }
  return detail::chase_rows(&lights, first_row.data(), presses, phantom);
}

namespace {

// Rows of F = f_m(T) plus one right-hand-side column: row j = phantom of chasing e_j over a
// dark m x n board (F is a polynomial in the symmetric T, hence symmetric).
Gf2Matrix first_row_system(std::size_t m, std::size_t n, const std::vector<std::uint64_t>& rhs) {
  Gf2Matrix system(n, n + 1);
  const std::size_t w = (n + 63) / 64;
  const std::uint64_t mask = n % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n % 64)) - 1;
  std::vector<std::uint64_t> prev(w), cur(w), next(w);
  for (std::size_t j = 0; j < n; ++j) {
    std::fill(prev.begin(), prev.end(), 0);
    std::fill(cur.begin(), cur.end(), 0);
    cur[j / 64] = std::uint64_t{1} << (j % 64);
    for (std::size_t i = 0; i < m; ++i) {
      apply_row_operator(next.data(), cur.data(), w, mask);
      for (std::size_t k = 0; k < w; ++k) next[k] ^= prev[k];
      std::swap(prev, cur);
      std::swap(cur, next);
    }
    // cur = x_{m+1}
    auto row = system.row(j);
    for (std::size_t k = 0; k < w; ++k) row[k] = cur[k];
    if ((rhs[j / 64] >> (j % 64)) & 1U) system.set(j, n, true);
  }
  return system;
}

}  // namespace

// Contract: returns the exact answer for any board; presses darken the board when solvable and
// every kernel board is quiet (both self-checked by the final chases, std::logic_error if not).
SolveResult solve_chase(const Board& lights, const SolveOptions& options) {
  return detail::solve_chase_impl(lights, nullptr, options);
}

SolveResult solve_chase(Board&& lights, const SolveOptions& options) {
  return detail::solve_chase_impl(lights, &lights, options);
}

namespace detail {

FirstRowStart::FirstRowStart(const Board& lights, const ProgressFn& progress)
    : presses(lights.rows(), lights.cols()), frame(lights, &presses), phantom(frame.stride(), 0) {
  // A wide frame writes no presses here (`presses` is its working space).
  const std::vector<std::uint64_t> dark(frame.stride(), 0);
  frame.chase(true, dark.data(), frame.wide() ? nullptr : &presses, phantom.data(), &progress,
              "chase");
}

SolveResult solve_chase_impl(const Board& lights, Board* consumable, const SolveOptions& options) {
  const ProgressFn& progress = options.progress;
  FirstRowStart start(lights, progress);
  const std::size_t m = start.frame.length();
  const std::size_t n = start.frame.width();

  SolveResult result;
  report_phase(progress, "first-row system");
  Gf2Matrix system = first_row_system(m, n, start.phantom);
  report_phase(progress, "elimination");
  const std::vector<std::size_t> pivots = system.reduce(n);
  const std::size_t rank = pivots.size();
  result.nullity = n - rank;
  result.solvable = true;
  for (std::size_t i = rank; i < n; ++i) {
    if (system.get(i, n)) result.solvable = false;
  }

  std::vector<std::uint64_t> first(start.frame.stride(), 0);
  if (result.solvable) {
    for (std::size_t i = 0; i < rank; ++i) {
      if (system.get(i, n)) first[pivots[i] / 64] |= std::uint64_t{1} << (pivots[i] % 64);
    }
  }
  const auto quiet_rows = [&] {
    report_phase(progress, "kernel");
    return kernel_from_rref(system, pivots, n);
  };
  finish_first_row_solve(start.frame, first.data(), start.presses, consumable, quiet_rows, options,
                         "solve_chase", result);
  return result;
}

void finish_first_row_solve(
    ChaseFrame& frame, const std::uint64_t* first_row, Board& presses, Board* consumable,
    const std::function<std::vector<std::vector<std::uint64_t>>()>& quiet_rows,
    const SolveOptions& options, std::string_view who, SolveResult& result) {
  const ProgressFn& progress = options.progress;
  const auto failed = [who](const char* what) {
    std::string message(who);
    message.append(": self-check failed (").append(what).append(")");
    return std::logic_error(message);
  };
  std::vector<std::uint64_t> phantom(frame.stride());
  if (result.solvable) {
    if (!frame.chase(true, first_row, &presses, phantom.data(), &progress, "chase again")) {
      throw failed("phantom row not dark");
    }
    result.presses = std::move(presses);
  } else {
    result.presses = frame.blank();
  }
  if (consumable != nullptr) *consumable = Board();  // the lights are not read again
  if (options.kernel || options.minimal) {
    for (const std::vector<std::uint64_t>& quiet_row : quiet_rows()) {
      Board q = frame.blank();
      if (!frame.chase(false, quiet_row.data(), &q, phantom.data())) {
        throw failed("kernel pattern not quiet");
      }
      result.kernel.push_back(std::move(q));
    }
  }
  if (options.minimal && result.solvable) {
    report_phase(progress, "fewest presses");
    minimize_presses(result, options);
  }
  if (!options.kernel) result.kernel.clear();
}

}  // namespace detail
}  // namespace lightsout
