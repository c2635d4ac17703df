// BandedGf2: banded Gaussian elimination over GF(2) of a two-state press system, factored once.
#include "banded_gf2.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

namespace lightsout::detail {

namespace {

constexpr std::size_t kWord = 64;

std::size_t words_for(std::size_t bits) { return (bits + kWord - 1) / kWord; }

// Position of index v along an axis of length len: v itself, or folded 0, len-1, 1, len-2, ...
std::size_t fold(std::size_t v, std::size_t len, bool folded) {
  if (!folded) return v;
  return v < (len + 1) / 2 ? 2 * v : 2 * (len - 1 - v) + 1;
}

// cell index -> position along the band (see BandOrder).
std::vector<std::uint32_t> positions(const PressSystem& sys, BandOrder order) {
  const std::size_t n = sys.size();
  std::vector<std::uint32_t> pos(n);
  if (order == BandOrder{}) {
    for (std::size_t t = 0; t < n; ++t) pos[t] = static_cast<std::uint32_t>(t);
    return pos;
  }
  const std::size_t major_len = order.column_major ? sys.cols : sys.rows;
  const std::size_t minor_len = order.column_major ? sys.rows : sys.cols;
  // key -> cell index (kNoCell for holes); the keys are a permutation of the board indices.
  std::vector<std::uint32_t> by_key(sys.rows * sys.cols, PressSystem::kNoCell);
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t r = sys.cells[t] / sys.cols;
    const std::size_t c = sys.cells[t] % sys.cols;
    const std::size_t major = order.column_major ? c : r;
    const std::size_t minor = order.column_major ? r : c;
    const std::size_t key = fold(major, major_len, order.fold_major) * minor_len +
                            fold(minor, minor_len, order.fold_minor);
    by_key[key] = static_cast<std::uint32_t>(t);
  }
  std::uint32_t next = 0;
  for (const std::uint32_t t : by_key) {
    if (t != PressSystem::kNoCell) pos[t] = next++;
  }
  return pos;
}

std::size_t bandwidth_of(const PressSystem& sys, const std::vector<std::uint32_t>& pos) {
  std::size_t band = 0;
  for (std::size_t j = 0; j < sys.size(); ++j) {
    for (const PressSystem::Touch& t : sys.touched_by(j)) {
      if ((t.amount & 1U) == 0) continue;
      const std::uint32_t a = pos[j];
      const std::uint32_t b = pos[t.cell];
      band = std::max<std::size_t>(band, a > b ? a - b : b - a);
    }
  }
  return band;
}

bool get_bit(const std::vector<std::uint64_t>& v, std::size_t i) {
  return ((v[i / kWord] >> (i % kWord)) & 1U) != 0;
}
void set_bit(std::vector<std::uint64_t>& v, std::size_t i) {
  v[i / kWord] |= std::uint64_t{1} << (i % kWord);
}
void clear_bit(std::vector<std::uint64_t>& v, std::size_t i) {
  v[i / kWord] &= ~(std::uint64_t{1} << (i % kWord));
}

}  // namespace

std::size_t BandedGf2::bandwidth(const PressSystem& sys, BandOrder order) {
  return bandwidth_of(sys, positions(sys, order));
}

std::optional<BandPlan> BandedGf2::plan(const PressSystem& sys, std::size_t max_bandwidth) {
  if (sys.states != 2 || sys.size() == 0) return std::nullopt;
  std::optional<BandPlan> best;
  for (unsigned bits = 0; bits < 8; ++bits) {
    const BandOrder order{(bits & 1U) != 0, (bits & 2U) != 0, (bits & 4U) != 0};
    const std::size_t band = bandwidth(sys, order);
    if (!best || band < best->bandwidth) best = BandPlan{order, band};
  }
  if (best->bandwidth > max_bandwidth) return std::nullopt;
  return best;
}

std::size_t BandedGf2::estimated_bytes(std::size_t cells, std::size_t bandwidth) {
  // U: width words per column; L: about bandwidth + 128 active slots, one bit each per column;
  // per cell: positions both ways, the entry slot, the pivot slot and flag.
  const std::size_t width = words_for(2 * bandwidth + kWord);
  const std::size_t slots = words_for(bandwidth + 2 * kWord);
  return cells * ((width + slots) * sizeof(std::uint64_t) + 4 * sizeof(std::uint32_t) + 1);
}

BandedGf2::BandedGf2(const PressSystem& sys) {
  const std::optional<BandPlan> best = plan(sys, std::numeric_limits<std::size_t>::max());
  if (best) order_ = best->order;
  factor(sys);
}

BandedGf2::BandedGf2(const PressSystem& sys, BandOrder order) : order_(order) { factor(sys); }

// Contract: sys.states == 2 (std::invalid_argument otherwise); sys.size() may be 0.
// Afterwards u_, is_pivot_, pivot_slot_, l_*, entry_slot_, retired_* and free_columns_ describe
// the elimination below, so that solve() can replay it on any right side.
//
// The elimination, on B = A with rows and columns permuted to positions (band b):
//   Columns are taken in blocks of 64. Before block q (columns 64q .. 64q + 63), every row i with
//   i < 64q + 64 + b enters a free slot: a window of width_ words whose bit 0 is column 64q. Its
//   entries lie in [i - b, i + b], inside the window, since i >= 64q + b for a row entering now.
//   For each column k of the block: the pivot is the active row with a 1 at k and the lowest
//   original index (any choice keeps the band; the oldest row is usually the sparsest); it is
//   added to every other active row with a 1 at k (the slots are recorded in L's mask for k),
//   then copied to U and its slot freed. No active row: k is a free column.
//   At the end of the block every active row is 0 in the block's columns: a row that is 0
//   everywhere is retired (recorded: its right side must be 0), the others move one word left.
// Why the window suffices: an active row i has no 1 before column i - b, and the pivot of column k
// thus has index <= k + b; by induction every row touched so far ends by column 64q + 63 + 2b,
// which is the window's last bit (width_ = ceil((2b + 64) / 64)).
void BandedGf2::factor(const PressSystem& sys) {
  if (sys.states != 2) throw std::invalid_argument("BandedGf2: the rules must have 2 states");
  n_ = sys.size();
  pos_ = positions(sys, order_);
  band_ = bandwidth_of(sys, pos_);
  width_ = words_for(2 * band_ + kWord);
  cell_.assign(n_, 0);
  for (std::size_t t = 0; t < n_; ++t) cell_[pos_[t]] = static_cast<std::uint32_t>(t);

  // The rows of B (equations by position), CSR: row p's columns at cols[row_begin[p] ..].
  std::vector<std::uint32_t> row_begin(n_ + 1, 0);
  for (std::size_t j = 0; j < n_; ++j) {
    for (const PressSystem::Touch& t : sys.touched_by(j)) {
      if ((t.amount & 1U) != 0) ++row_begin[pos_[t.cell] + 1];
    }
  }
  for (std::size_t p = 0; p < n_; ++p) row_begin[p + 1] += row_begin[p];
  std::vector<std::uint32_t> cols(row_begin[n_]);
  {
    std::vector<std::uint32_t> fill(row_begin.begin(), row_begin.end() - 1);
    for (std::size_t j = 0; j < n_; ++j) {
      for (const PressSystem::Touch& t : sys.touched_by(j)) {
        if ((t.amount & 1U) != 0) cols[fill[pos_[t.cell]]++] = pos_[j];
      }
    }
  }

  const std::size_t blocks = words_for(n_);
  const std::size_t w = width_;
  u_.assign(n_ * w, 0);
  is_pivot_.assign(n_, 0);
  pivot_slot_.assign(n_, kNone);
  entry_slot_.assign(n_, kNone);
  l_.clear();
  l_begin_.assign(blocks, 0);
  l_words_.assign(blocks, 0);
  retired_.clear();
  retired_begin_.assign(blocks + 1, 0);
  free_columns_.clear();

  std::vector<std::uint64_t> rows;    // slot s: rows[s * w .. s * w + w)
  std::vector<std::uint32_t> origin;  // slot s: the position of the equation it holds
  std::vector<std::uint32_t> spare;   // free slots
  std::vector<std::uint32_t> active;  // occupied slots
  std::size_t next_row = 0;
  for (std::size_t q = 0; q < blocks; ++q) {
    const std::size_t base = q * kWord;
    const std::size_t end = std::min(n_, base + kWord);
    // Rows enter.
    const std::size_t enter_end = std::min(n_, base + kWord + band_);
    for (; next_row < enter_end; ++next_row) {
      std::uint32_t s = 0;
      if (spare.empty()) {
        s = static_cast<std::uint32_t>(origin.size());
        origin.push_back(0);
        rows.resize(rows.size() + w, 0);
      } else {
        s = spare.back();
        spare.pop_back();
      }
      origin[s] = static_cast<std::uint32_t>(next_row);
      std::uint64_t* row = rows.data() + s * w;
      for (std::uint32_t e = row_begin[next_row]; e < row_begin[next_row + 1]; ++e) {
        const std::size_t bit = cols[e] - base;
        row[bit / kWord] ^= std::uint64_t{1} << (bit % kWord);
      }
      entry_slot_[next_row] = s;
      active.push_back(s);
    }
    slots_ = std::max(slots_, origin.size());
    const std::size_t lw = words_for(origin.size());
    l_words_[q] = static_cast<std::uint32_t>(lw);
    l_begin_[q] = l_.size();
    l_.resize(l_.size() + kWord * lw, 0);

    // Eliminate the block's columns.
    for (std::size_t k = base; k < end; ++k) {
      const std::uint64_t bit = std::uint64_t{1} << (k - base);
      std::size_t best = active.size();
      for (std::size_t a = 0; a < active.size(); ++a) {
        if ((rows[active[a] * w] & bit) != 0 &&
            (best == active.size() || origin[active[a]] < origin[active[best]])) {
          best = a;
        }
      }
      if (best == active.size()) {
        free_columns_.push_back(static_cast<std::uint32_t>(k));
        continue;
      }
      const std::uint32_t p = active[best];
      active[best] = active.back();
      active.pop_back();
      const std::uint64_t* prow = rows.data() + p * w;
      std::uint64_t* mask = l_.data() + l_begin_[q] + (k - base) * lw;
      for (const std::uint32_t s : active) {
        std::uint64_t* row = rows.data() + s * w;
        if ((row[0] & bit) == 0) continue;
        for (std::size_t i = 0; i < w; ++i) row[i] ^= prow[i];
        mask[s / kWord] |= std::uint64_t{1} << (s % kWord);
      }
      std::copy(prow, prow + w, u_.begin() + static_cast<std::ptrdiff_t>(k * w));
      is_pivot_[k] = 1;
      pivot_slot_[k] = p;
      spare.push_back(p);
      std::fill(rows.begin() + static_cast<std::ptrdiff_t>(p * w),
                rows.begin() + static_cast<std::ptrdiff_t>(p * w + w), 0);
    }

    // Retire the zero rows, slide the others one word left.
    for (std::size_t a = 0; a < active.size();) {
      std::uint64_t* row = rows.data() + active[a] * w;
      if (std::all_of(row, row + w, [](std::uint64_t x) { return x == 0; })) {
        retired_.push_back(active[a]);
        spare.push_back(active[a]);
        active[a] = active.back();
        active.pop_back();
        continue;
      }
      std::copy(row + 1, row + w, row);
      row[w - 1] = 0;
      ++a;
    }
    retired_begin_[q + 1] = retired_.size();
  }
  if (!active.empty()) throw std::logic_error("BandedGf2: a row survived its last column");
}

// Contract: y holds the transformed right side bit per pivot column and x the chosen free
// unknowns (pivot bits 0), both packed by position, x with width_ words of slack past n_.
// Fills the pivot unknowns of columns <= last, from the last one up: pivot row k of U reads
// x_k = y_k + sum over its other columns j > k of U[k][j] x_j (x_k itself is still 0).
void BandedGf2::back_substitute(const std::vector<std::uint64_t>& y, std::vector<std::uint64_t>& x,
                                std::size_t last) const {
  const std::size_t w = width_;
  for (std::size_t k = last + 1; k-- > 0;) {
    if (is_pivot_[k] == 0) continue;
    const std::uint64_t* urow = u_.data() + k * w;
    const std::uint64_t* xrow = x.data() + k / kWord;
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < w; ++i) acc ^= urow[i] & xrow[i];
    if (((std::popcount(acc) & 1) != 0) != get_bit(y, k)) set_bit(x, k);
  }
}

bool BandedGf2::solve(std::span<const std::uint8_t> rhs, std::vector<std::uint8_t>& x) const {
  if (rhs.size() != n_) throw std::invalid_argument("BandedGf2::solve: wrong number of cells");
  // Replay L on the right side: one bit per slot, entering and leaving as the rows did.
  std::vector<std::uint64_t> slot_bits(words_for(slots_) + 1, 0);
  std::vector<std::uint64_t> y(words_for(n_) + 1, 0);
  const std::size_t blocks = words_for(n_);
  std::size_t next_row = 0;
  for (std::size_t q = 0; q < blocks; ++q) {
    const std::size_t base = q * kWord;
    const std::size_t end = std::min(n_, base + kWord);
    const std::size_t enter_end = std::min(n_, base + kWord + band_);
    for (; next_row < enter_end; ++next_row) {
      if ((rhs[cell_[next_row]] & 1U) != 0) set_bit(slot_bits, entry_slot_[next_row]);
    }
    const std::size_t lw = l_words_[q];
    for (std::size_t k = base; k < end; ++k) {
      const std::uint32_t p = pivot_slot_[k];
      if (p == kNone || !get_bit(slot_bits, p)) continue;
      clear_bit(slot_bits, p);
      set_bit(y, k);
      const std::uint64_t* mask = l_.data() + l_begin_[q] + (k - base) * lw;
      for (std::size_t i = 0; i < lw; ++i) slot_bits[i] ^= mask[i];
    }
    for (std::size_t r = retired_begin_[q]; r < retired_begin_[q + 1]; ++r) {
      if (get_bit(slot_bits, retired_[r])) return false;  // a dependent equation reads 0 = 1
    }
  }
  std::vector<std::uint64_t> packed(words_for(n_) + width_, 0);
  if (n_ != 0) back_substitute(y, packed, n_ - 1);
  x.assign(n_, 0);
  for (std::size_t p = 0; p < n_; ++p) x[cell_[p]] = get_bit(packed, p) ? 1 : 0;
  return true;
}

std::vector<std::vector<std::uint8_t>> BandedGf2::kernel() const {
  std::vector<std::vector<std::uint8_t>> out;
  out.reserve(free_columns_.size());
  const std::vector<std::uint64_t> zero(words_for(n_) + 1, 0);
  std::vector<std::uint64_t> packed(words_for(n_) + width_, 0);
  for (const std::uint32_t f : free_columns_) {
    std::fill(packed.begin(), packed.end(), 0);
    set_bit(packed, f);
    if (f != 0) back_substitute(zero, packed, f - 1);
    std::vector<std::uint8_t>& v = out.emplace_back(n_, 0);
    for (std::size_t p = 0; p <= f; ++p) v[cell_[p]] = get_bit(packed, p) ? 1 : 0;
  }
  return out;
}

}  // namespace lightsout::detail
