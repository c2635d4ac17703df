// RowSolver: light chasing on word rows with the first-row system factored once.
#include "lightsout/row_solver.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "build_target.hpp"
#include "lex_order.hpp"

namespace lightsout {

namespace {

// The lights a press row flips in its own row: each pressed cell and its left and right cells.
std::uint64_t spread(std::uint64_t p, std::uint64_t mask) {
  return (p ^ (p << 1) ^ (p >> 1)) & mask;
}

std::uint64_t weight(const std::uint64_t* rows, std::size_t n) {
  std::uint64_t w = 0;
  for (std::size_t r = 0; r < n; ++r) w += static_cast<std::uint64_t>(std::popcount(rows[r]));
  return w;
}

}  // namespace

RowSolver::RowSolver(std::size_t rows, std::size_t cols)
    : rows_(rows),
      cols_(cols),
      mask_(cols >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cols) - 1) {
  if (rows == 0 || cols == 0 || cols > 64) {
    throw std::invalid_argument("RowSolver: needs 1 <= rows and 1 <= cols <= 64");
  }
  const std::vector<std::uint64_t> dark(rows, 0);
  std::vector<std::uint64_t> presses(rows);
  std::vector<std::uint64_t> kernel_rows;
  // Column j of M is the last row that the unit first row e_j leaves lit on a dark board; each is
  // reduced by the pivots before it (insertion order), so a target reduced in the same order
  // loses every pivot bit it meets.
  for (std::size_t j = 0; j < cols; ++j) {
    Pivot p{0, chase(dark, std::uint64_t{1} << j, presses.data()), std::uint64_t{1} << j};
    for (const Pivot& q : pivots_) {
      if (p.column & q.bit) {
        p.column ^= q.column;
        p.combination ^= q.combination;
      }
    }
    if (p.column == 0) {
      kernel_rows.push_back(p.combination);  // a first row that leaves nothing lit
    } else {
      p.bit = p.column & (~p.column + 1);
      pivots_.push_back(p);
    }
  }
  if (cols <= 16) {
    byte_table_.resize(512);
    for (std::size_t e = 0; e < 512; ++e) {
      std::uint64_t residual = (e & 0xFF) << (8 * (e >> 8));
      std::uint64_t x = 0;
      for (const Pivot& p : pivots_) {
        if ((residual & p.bit) != 0) {
          residual ^= p.column;
          x ^= p.combination;
        }
      }
      byte_table_[e] = {x, residual};
    }
  }
  quiet_.resize(kernel_rows.size() * rows);
  for (std::size_t k = 0; k < kernel_rows.size(); ++k) {
    if (chase(dark, kernel_rows[k], quiet_.data() + k * rows) != 0) {
      throw std::logic_error("RowSolver: a quiet first row left a light on");
    }
  }
}

std::uint64_t RowSolver::chase(std::span<const std::uint64_t> lights, std::uint64_t first,
                               std::uint64_t* presses) const {
  std::uint64_t above = 0;
  std::uint64_t here = first;
  for (std::size_t r = 0;; ++r) {
    presses[r] = here;
    const std::uint64_t left = lights[r] ^ above ^ spread(here, mask_);
    if (r + 1 == rows_) return left;
    above = here;
    here = left;  // the next row presses under every light this row leaves on
  }
}

bool RowSolver::first_row(std::uint64_t residual, std::uint64_t& x) const {
  if (!byte_table_.empty()) {
    const Reduced& low = byte_table_[residual & 0xFF];
    const Reduced& high = byte_table_[256 + ((residual >> 8) & 0xFF)];
    x = low.x ^ high.x;
    return (low.left ^ high.left) == 0;
  }
  x = 0;
  for (const Pivot& p : pivots_) {  // no branch on the bit: random boards mispredict half
    const std::uint64_t take = 0 - static_cast<std::uint64_t>((residual & p.bit) != 0);
    residual ^= p.column & take;
    x ^= p.combination & take;
  }
  return residual == 0;
}

bool RowSolver::solve(std::span<const std::uint64_t> lights,
                      std::span<std::uint64_t> presses) const {
  std::uint64_t x = 0;
  if (!first_row(chase(lights, 0, presses.data()), x)) return false;
  if (x != 0 && chase(lights, x, presses.data()) != 0) {
    throw std::logic_error("RowSolver: the chase from the solved first row left a light on");
  }
  return true;
}

namespace {

// 16 boards' rows, one in each 16-bit lane: one register with AVX2, two with SSE2.
using RowLanes = std::uint16_t __attribute__((vector_size(32)));
static_assert(sizeof(RowLanes) / sizeof(std::uint16_t) == RowSolver::kCountBatch);

// Chases 16 boards at once: lights[r] holds row r of each, `first` their first press rows;
// returns the lights each leaves on its last row, and adds up each one's presses in `weight`
// when asked. Bit 15 of a lane is its last cell at most, and lane shifts never carry between
// lanes.
LIGHTSOUT_TARGET_CLONES void chase_lanes(const RowLanes* lights, std::size_t rows,
                                         std::uint16_t mask, const RowLanes* first, RowLanes* left,
                                         RowLanes* weight) {
  const RowLanes keep = RowLanes{} + mask;
  RowLanes above{};
  RowLanes here = *first;
  RowLanes sum{};
  for (std::size_t r = 0; r < rows; ++r) {
    if (weight != nullptr) {
      RowLanes v = here - ((here >> 1) & 0x5555);
      v = (v & 0x3333) + ((v >> 2) & 0x3333);
      v = (v + (v >> 4)) & 0x0F0F;
      sum += (v + (v >> 8)) & 0x001F;
    }
    const RowLanes next = lights[r] ^ above ^ ((here ^ (here << 1) ^ (here >> 1)) & keep);
    above = here;
    here = next;
  }
  *left = here;
  if (weight != nullptr) *weight = sum;
}

}  // namespace

void RowSolver::count_presses(std::span<const std::uint64_t* const> boards,
                              std::span<int> counts) const {
  if (!counts_batches() || boards.size() != counts.size() || boards.size() > kCountBatch) {
    throw std::logic_error("RowSolver::count_presses: outside its contract");
  }
  RowLanes lights[64];
  for (std::size_t r = 0; r < rows_; ++r) {
    RowLanes row{};
    for (std::size_t b = 0; b < boards.size(); ++b)
      row[b] = static_cast<std::uint16_t>(boards[b][r]);
    lights[r] = row;
  }
  const auto mask = static_cast<std::uint16_t>(mask_);
  const RowLanes dark{};
  RowLanes residual;
  chase_lanes(lights, rows_, mask, &dark, &residual, nullptr);
  RowLanes first{};
  std::uint32_t solvable = 0;  // bit b where board b has a solution
  for (std::size_t b = 0; b < boards.size(); ++b) {
    std::uint64_t x = 0;
    solvable |= static_cast<std::uint32_t>(first_row(residual[b], x)) << b;
    first[b] = static_cast<std::uint16_t>(x);
  }
  RowLanes left;
  RowLanes weights;
  chase_lanes(lights, rows_, mask, &first, &left, &weights);
  for (std::size_t b = 0; b < boards.size(); ++b) {
    if (((solvable >> b) & 1U) == 0) {
      counts[b] = kNoSolution;
      continue;
    }
    if (left[b] != 0) {
      throw std::logic_error("RowSolver: the chase from the solved first row left a light on");
    }
    counts[b] = static_cast<int>(weights[b]);
  }
}

bool RowSolver::solve_fewest(std::span<const std::uint64_t> lights,
                             std::span<std::uint64_t> presses, Tie tie) const {
  if (!solve(lights, presses)) return false;
  const std::size_t d = nullity();
  if (d == 0) return true;
  if (d > kMaxFewestNullity) throw std::logic_error("RowSolver::solve_fewest: nullity over 20");
  // A Gray-code walk: each step adds one quiet pattern, so every solution is met once.
  std::vector<std::uint64_t> current(presses.begin(), presses.end());
  std::uint64_t best = weight(presses.data(), rows_);
  for (std::uint64_t step = 1; step < (std::uint64_t{1} << d); ++step) {
    const std::uint64_t* q = quiet_.data() + std::countr_zero(step) * rows_;
    for (std::size_t r = 0; r < rows_; ++r) current[r] ^= q[r];
    const std::uint64_t w = weight(current.data(), rows_);
    if (w < best ||
        (w == best && tie == Tie::lexicographic && detail::lex_less(current, presses))) {
      best = w;
      std::copy(current.begin(), current.end(), presses.begin());
    }
  }
  return true;
}

}  // namespace lightsout
