// BandedZk: banded Gaussian elimination over each prime power of K > 2, factored once, combined
// by the CRT.
#include "banded_zk.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "band_blocks.hpp"
#include "zk_matrix.hpp"

namespace lightsout::detail {

namespace {

constexpr std::size_t kBlock = BandBlocks::kColumns;  // rows slide left by this much a block

// row[j] = row[j] - sub[j] (mod q), all values in 0..q-1: byte compares and adds, vectorised.
void subtract_row(std::uint8_t* __restrict row, const std::uint8_t* __restrict sub, std::size_t len,
                  std::uint8_t q) {
  for (std::size_t j = 0; j < len; ++j) {
    const std::uint8_t a = row[j];
    const std::uint8_t s = sub[j];
    const auto d = static_cast<std::uint8_t>(a - s);
    row[j] = a < s ? static_cast<std::uint8_t>(d + q) : d;
  }
}

// sum over j of u[j] x[j], exact (len * 255^2 < 2^32 for any window).
std::uint32_t dot(const std::uint8_t* __restrict u, const std::uint8_t* __restrict x,
                  std::size_t len) {
  std::uint32_t acc = 0;
  for (std::size_t j = 0; j < len; ++j) acc += std::uint32_t{u[j]} * x[j];
  return acc;
}

}  // namespace

std::size_t BandedZk::estimated_bytes(std::size_t cells, std::size_t bandwidth, unsigned states) {
  const std::size_t window = 2 * bandwidth + kBlock;
  const std::size_t active = bandwidth + 2 * kBlock;
  std::size_t total = cells * sizeof(std::uint32_t);  // the positions
  for ([[maybe_unused]] const auto& pe : factor_prime_powers(states)) {
    // U at most 2b + 1 values a pivot, the multipliers of the active rows, the per-cell arrays
    // (two offsets, pivot slot, index and inverse, entry slot), the elimination's window.
    total += cells * (2 * bandwidth + 1) + cells * active +
             cells * (2 * sizeof(std::size_t) + 3 * sizeof(std::uint32_t) + 1) + active * window +
             2 * window * 256;
  }
  return total;
}

BandedZk::BandedZk(const PressSystem& sys)
    : BandedZk(sys, [&sys] {
        const std::optional<BandPlan> best =
            BandedGf2::plan(sys, std::numeric_limits<std::size_t>::max());
        return best ? best->order : BandOrder{};
      }()) {}

BandedZk::BandedZk(const PressSystem& sys, BandOrder order) : order_(order) {
  if (sys.states <= 2)
    throw std::invalid_argument("BandedZk: the rules must have more than 2 states");
  n_ = sys.size();
  k_ = sys.states;
  const std::vector<std::uint32_t> pos = BandedGf2::positions(sys, order_);
  band_ = BandedGf2::bandwidth(sys, order_);
  cell_.assign(n_, 0);
  for (std::size_t t = 0; t < n_; ++t) cell_[pos[t]] = static_cast<std::uint32_t>(t);

  Rows a;
  a.begin.assign(n_ + 1, 0);
  for (std::size_t j = 0; j < n_; ++j) {
    for (const PressSystem::Touch& t : sys.touched_by(j)) ++a.begin[pos[t.cell] + 1];
  }
  for (std::size_t p = 0; p < n_; ++p) a.begin[p + 1] += a.begin[p];
  a.cols.resize(a.begin[n_]);
  a.amounts.resize(a.begin[n_]);
  {
    std::vector<std::size_t> fill(a.begin.begin(), a.begin.end() - 1);
    for (std::size_t j = 0; j < n_; ++j) {
      for (const PressSystem::Touch& t : sys.touched_by(j)) {
        const std::size_t at = fill[pos[t.cell]]++;
        a.cols[at] = pos[j];
        a.amounts[at] = t.amount;
      }
    }
  }

  for (const auto& [p, e] : factor_prime_powers(k_)) {
    Part& part = parts_.emplace_back();
    part.p = p;
    part.e = e;
    part.q = 1;
    for (unsigned i = 0; i < e; ++i) part.q *= p;
    const unsigned q = part.q;
    const unsigned cofactor = k_ / q;
    unsigned inverse = 1;
    while (cofactor * inverse % q != 1 % q) ++inverse;
    part.lift = cofactor * inverse % k_;
    part.mul.resize(std::size_t{q} * q);
    part.inverse.assign(q, 0);
    for (unsigned x = 0; x < q; ++x) {
      for (unsigned y = 0; y < q; ++y) {
        part.mul[x * q + y] = static_cast<std::uint8_t>(x * y % q);
        if (x * y % q == 1) part.inverse[x] = static_cast<std::uint8_t>(y);
      }
    }
    factor(a, part);
  }
}

// Contract: a holds A by position (band band_), part its q, mul and inverse tables. Afterwards
// part describes the elimination below so that solve_part can replay it on any right side, or
// BandedZkNotApplicable was thrown (e >= 2, a column with non-zero entries and no unit).
//
// Columns go in blocks of 64. Before block q (columns 64q .. 64q + 63) every row i < 64q + 64 + b
// enters a free slot: a window of 2b + 64 bytes whose byte 0 is column 64q (its entries lie in
// [i - b, i + b], inside the window since i >= 64q + b for a row entering now). Column k: the
// pivot is the oldest active row with a unit at k; it is scaled to a leading 1, kept as U (from k
// to its last non-zero value), and f times it is subtracted from every other active row holding
// f != 0 at k (the f of each active row recorded, in order, up to the last non-zero one). No
// non-zero value at k: a free column. At the end of the block every active row is 0 in the
// block's columns: a row that is 0 everywhere is retired (its right side must come out 0), the
// others slide 64 bytes left. Each row's end (past its last non-zero value) is tracked so that
// the loops run over the fill only. The pivot of column k has index <= k + b, so by induction
// every row ends by column 64q + 63 + 2b: the window suffices (as in BandedGf2).
void BandedZk::factor(const Rows& a, Part& part) const {
  const std::size_t n = n_;
  const std::size_t w = 2 * band_ + kBlock;
  const auto q = static_cast<std::uint8_t>(part.q);
  const std::size_t blocks = BandBlocks::count(n);
  part.u.clear();
  part.u_begin.assign(n + 1, 0);
  part.pivot_slot.assign(n, kNone);
  part.pivot_inverse.assign(n, 0);
  part.pivot_index.assign(n, 0);
  part.factors.clear();
  part.factors_begin.assign(n + 1, 0);
  part.entry_slot.assign(n, kNone);
  part.retired.clear();
  part.retired_begin.assign(blocks + 1, 0);
  part.free_columns.clear();

  std::vector<std::uint8_t> rows;      // slot s: rows[s * w .. s * w + w), zero from its end on
  std::vector<std::uint32_t> row_end;  // per slot
  std::vector<std::uint32_t> spare;    // free slots
  std::vector<std::uint32_t> active;   // slots of the active rows, oldest first
  // f times the current pivot row, made once per column and f when first needed.
  std::vector<std::uint8_t> scaled(std::size_t{part.q} * w, 0);
  std::vector<std::size_t> scaled_for(part.q, std::numeric_limits<std::size_t>::max());
  std::size_t slot_count = 0;
  for (BandBlocks blk(n, band_); blk.next();) {
    const std::size_t base = blk.base();
    const std::size_t end = blk.end();
    for (std::size_t i = blk.entering_begin(); i < blk.entering_end(); ++i) {
      const std::uint32_t s = take_slot(spare, slot_count);
      row_end.resize(slot_count, 0);
      rows.resize(slot_count * w, 0);
      std::uint8_t* row = rows.data() + std::size_t{s} * w;
      std::uint32_t last = 0;
      for (std::size_t e = a.begin[i]; e < a.begin[i + 1]; ++e) {
        const auto v = static_cast<std::uint8_t>(a.amounts[e] % q);
        if (v == 0) continue;
        const auto offset = static_cast<std::uint32_t>(a.cols[e] - base);
        row[offset] = v;
        last = std::max(last, offset + 1);
      }
      row_end[s] = last;
      part.entry_slot[i] = s;
      active.push_back(s);
    }
    part.slots = std::max(part.slots, slot_count);

    for (std::size_t k = base; k < end; ++k) {
      const std::size_t off = k - base;
      std::size_t best = active.size();
      bool nonzero = false;
      for (std::size_t i = 0; i < active.size(); ++i) {
        const std::uint8_t v = rows[std::size_t{active[i]} * w + off];
        if (v == 0) continue;
        nonzero = true;
        if (part.inverse[v] != 0) {
          best = i;
          break;
        }
      }
      if (best == active.size()) {
        if (nonzero) {
          throw BandedZkNotApplicable("banded elimination over Z_" + std::to_string(part.q) +
                                      " found a column without a unit pivot");
        }
        part.free_columns.push_back(static_cast<std::uint32_t>(k));
        part.u_begin[k + 1] = part.u.size();
        part.factors_begin[k + 1] = part.factors.size();
        continue;
      }
      const std::uint32_t ps = active[best];
      std::uint8_t* prow = rows.data() + std::size_t{ps} * w;
      const std::uint32_t pend = row_end[ps];
      const std::uint8_t inv = part.inverse[prow[off]];
      const std::uint8_t* by_inv = part.mul.data() + std::size_t{inv} * q;
      for (std::size_t j = off; j < pend; ++j) prow[j] = by_inv[prow[j]];
      part.u.insert(part.u.end(), prow + off, prow + pend);
      part.u_begin[k + 1] = part.u.size();
      part.pivot_slot[k] = ps;
      part.pivot_inverse[k] = inv;
      part.pivot_index[k] = static_cast<std::uint32_t>(best);
      active.erase(active.begin() + static_cast<std::ptrdiff_t>(best));

      const std::size_t first = part.factors.size();
      part.factors.resize(first + active.size());
      std::uint8_t* factors = part.factors.data() + first;
      std::size_t used = 0;
      for (std::size_t i = 0; i < active.size(); ++i) {
        const std::uint32_t s = active[i];
        std::uint8_t* row = rows.data() + std::size_t{s} * w;
        const std::uint8_t f = row[off];
        factors[i] = f;
        if (f == 0) continue;
        used = i + 1;
        std::uint8_t* sub = scaled.data() + std::size_t{f} * w;
        if (scaled_for[f] != k) {
          const std::uint8_t* by_f = part.mul.data() + std::size_t{f} * q;
          for (std::size_t j = off; j < pend; ++j) sub[j] = by_f[prow[j]];
          scaled_for[f] = k;
        }
        subtract_row(row + off, sub + off, pend - off, q);
        row_end[s] = std::max(row_end[s], pend);
      }
      part.factors.resize(first + used);
      part.factors_begin[k + 1] = part.factors.size();
      std::fill(prow, prow + pend, 0);
      row_end[ps] = 0;
      spare.push_back(ps);
    }

    // Retire the zero rows; slide the others one block left, keeping their order.
    std::size_t kept = 0;
    for (const std::uint32_t s : active) {
      std::uint8_t* row = rows.data() + std::size_t{s} * w;
      std::uint32_t e = row_end[s];
      while (e > 0 && row[e - 1] == 0) --e;
      if (e == 0) {
        row_end[s] = 0;
        part.retired.push_back(s);
        spare.push_back(s);
        continue;
      }
      if (e <= kBlock) throw std::logic_error("BandedZk: a value left in an eliminated column");
      std::copy(row + kBlock, row + e, row);
      std::fill(row + e - kBlock, row + e, 0);
      row_end[s] = static_cast<std::uint32_t>(e - kBlock);
      active[kept++] = s;
    }
    active.resize(kept);
    part.retired_begin[blk.index() + 1] = part.retired.size();
  }
  if (!active.empty()) throw std::logic_error("BandedZk: a row survived its last column");
}

// Contract: y holds the replayed right side per pivot column (empty: all 0), x (n_ values, by
// position) the free unknowns and 0 elsewhere. Fills the pivot unknowns of columns <= last, from
// the last up: the pivot row of k reads x_k + sum over j > k of U[k][j] x_j = y_k (mod q).
void BandedZk::back_substitute(const Part& part, const std::vector<std::uint8_t>& y,
                               std::vector<std::uint8_t>& x, std::size_t last) const {
  const unsigned q = part.q;
  for (std::size_t k = last + 1; k-- > 0;) {
    if (part.pivot_slot[k] == kNone) continue;
    const std::size_t len = part.u_begin[k + 1] - part.u_begin[k];
    const std::uint32_t acc = dot(part.u.data() + part.u_begin[k] + 1, x.data() + k + 1, len - 1);
    const unsigned yk = y.empty() ? 0 : y[k];
    x[k] = static_cast<std::uint8_t>((yk + q - acc % q) % q);
  }
}

// Contract: rhs by position, values in 0..q-1. Replays the elimination on it (one value per
// slot, entering, pivoting and retiring as the rows did); false when a retired row's value is not
// 0, else x (by position) a solution with the free unknowns 0.
bool BandedZk::solve_part(const Part& part, std::span<const std::uint8_t> rhs,
                          std::vector<std::uint8_t>& x) const {
  const std::size_t n = n_;
  const unsigned q = part.q;
  std::vector<std::uint8_t> value(part.slots, 0);
  std::vector<std::uint8_t> gone(part.slots, 0);
  std::vector<std::uint32_t> active;
  std::vector<std::uint8_t> y(n, 0);
  for (BandBlocks blk(n, band_); blk.next();) {
    const std::size_t base = blk.base();
    const std::size_t end = blk.end();
    for (std::size_t i = blk.entering_begin(); i < blk.entering_end(); ++i) {
      value[part.entry_slot[i]] = rhs[i];
      active.push_back(part.entry_slot[i]);
    }
    for (std::size_t k = base; k < end; ++k) {
      const std::uint32_t ps = part.pivot_slot[k];
      if (ps == kNone) continue;
      const std::uint8_t yk = part.mul[part.pivot_inverse[k] * q + value[ps]];
      y[k] = yk;
      if (active[part.pivot_index[k]] != ps) throw std::logic_error("BandedZk: replay diverged");
      active.erase(active.begin() + static_cast<std::ptrdiff_t>(part.pivot_index[k]));
      if (yk == 0) continue;
      const std::uint8_t* by_y = part.mul.data() + std::size_t{yk} * q;
      const std::uint8_t* f = part.factors.data() + part.factors_begin[k];
      const std::size_t count = part.factors_begin[k + 1] - part.factors_begin[k];
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t t = by_y[f[i]];
        std::uint8_t& v = value[active[i]];
        v = static_cast<std::uint8_t>(v >= t ? v - t : v + q - t);
      }
    }
    const std::size_t first = part.retired_begin[blk.index()];
    const std::size_t last = part.retired_begin[blk.index() + 1];
    for (std::size_t r = first; r < last; ++r) {
      if (value[part.retired[r]] != 0) return false;  // a dependent equation reads 0 = c != 0
      gone[part.retired[r]] = 1;
    }
    if (last != first) {
      std::size_t kept = 0;
      for (const std::uint32_t s : active) {
        if (gone[s] != 0) {
          gone[s] = 0;
          continue;
        }
        active[kept++] = s;
      }
      active.resize(kept);
    }
  }
  x.assign(n, 0);
  if (n != 0) back_substitute(part, y, x, n - 1);
  return true;
}

bool BandedZk::solve(std::span<const std::uint8_t> rhs, std::vector<std::uint8_t>& x) const {
  if (rhs.size() != n_) throw std::invalid_argument("BandedZk::solve: wrong number of cells");
  if (std::any_of(rhs.begin(), rhs.end(), [this](std::uint8_t v) { return v >= k_; })) {
    throw std::invalid_argument("BandedZk::solve: a value is not below the states");
  }
  std::vector<std::uint8_t> out(n_, 0);
  std::vector<std::uint8_t> by_pos(n_);
  std::vector<std::uint8_t> part_x;
  for (const Part& part : parts_) {
    for (std::size_t p = 0; p < n_; ++p)
      by_pos[p] = static_cast<std::uint8_t>(rhs[cell_[p]] % part.q);
    if (!solve_part(part, by_pos, part_x)) return false;
    for (std::size_t p = 0; p < n_; ++p) {
      std::uint8_t& v = out[cell_[p]];
      v = static_cast<std::uint8_t>((v + part_x[p] * part.lift) % k_);
    }
  }
  x = std::move(out);
  return true;
}

std::size_t BandedZk::nullity() const {
  std::size_t most = 0;
  for (const Part& part : parts_) most = std::max(most, part.free_columns.size());
  return most;
}

std::vector<std::pair<unsigned, std::size_t>> BandedZk::count_factors() const {
  std::vector<std::pair<unsigned, std::size_t>> out;
  for (const Part& part : parts_) out.emplace_back(part.p, part.e * part.free_columns.size());
  return out;
}

std::vector<std::vector<std::uint8_t>> BandedZk::kernel() const {
  const std::size_t generators = nullity();
  std::vector<std::vector<std::uint8_t>> out(generators, std::vector<std::uint8_t>(n_, 0));
  const std::vector<std::uint8_t> zero;
  std::vector<std::uint8_t> x;
  for (const Part& part : parts_) {
    for (std::size_t j = 0; j < part.free_columns.size(); ++j) {
      const std::uint32_t f = part.free_columns[j];
      x.assign(n_, 0);
      x[f] = 1;
      if (f != 0) back_substitute(part, zero, x, f - 1);
      std::vector<std::uint8_t>& v = out[j];
      for (std::size_t p = 0; p <= f; ++p) {
        std::uint8_t& c = v[cell_[p]];
        c = static_cast<std::uint8_t>((c + x[p] * part.lift) % k_);
      }
    }
  }
  return out;
}

std::vector<unsigned> BandedZk::kernel_orders() const {
  std::vector<unsigned> out(nullity(), 1);
  for (const Part& part : parts_) {
    for (std::size_t j = 0; j < part.free_columns.size(); ++j) out[j] *= part.q;
  }
  return out;
}

}  // namespace lightsout::detail
