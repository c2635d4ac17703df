// BandedGf2: banded Gaussian elimination over GF(2) of a two-state press system, factored once.
#include "banded_gf2.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

#include "band_blocks.hpp"

namespace lightsout::detail {

namespace {

constexpr std::size_t kWord = 64;
// A block's columns are one word of each row: the rows slide left by a word between blocks.
static_assert(BandBlocks::kColumns == kWord);

std::size_t words_for(std::size_t bits) { return (bits + kWord - 1) / kWord; }

// Position of index v along an axis of length len: v itself, or folded 0, len-1, 1, len-2, ...
std::size_t fold(std::size_t v, std::size_t len, bool folded) {
  if (!folded) return v;
  return v < (len + 1) / 2 ? 2 * v : 2 * (len - 1 - v) + 1;
}

// cell index -> position along the band (see BandOrder).
std::vector<std::uint32_t> band_positions(const PressSystem& sys, BandOrder order) {
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
      if (t.amount % sys.states == 0) continue;
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

}  // namespace

std::vector<std::uint32_t> BandedGf2::positions(const PressSystem& sys, BandOrder order) {
  return band_positions(sys, order);
}

std::size_t BandedGf2::bandwidth(const PressSystem& sys, BandOrder order) {
  return bandwidth_of(sys, band_positions(sys, order));
}

std::optional<BandPlan> BandedGf2::plan(const PressSystem& sys, std::size_t max_bandwidth) {
  if (sys.size() == 0) return std::nullopt;
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
  // U: width words per column; per block of 64 columns, a slot and a 64-bit set per active row
  // (about bandwidth + 128 of them); per cell: the position, entry slot, pivot slot, pivot set
  // and flag.
  const std::size_t width = words_for(2 * bandwidth + kWord);
  const std::size_t records = (words_for(cells) + 1) * (bandwidth + 2 * kWord);
  return cells * (width * sizeof(std::uint64_t) + 3 * sizeof(std::uint32_t) +
                  sizeof(std::uint64_t) + 1) +
         records * (sizeof(std::uint32_t) + sizeof(std::uint64_t));
}

BandedGf2::BandedGf2(const PressSystem& sys) {
  const std::optional<BandPlan> best = plan(sys, std::numeric_limits<std::size_t>::max());
  if (best) order_ = best->order;
  factor(sys);
}

BandedGf2::BandedGf2(const PressSystem& sys, BandOrder order) : order_(order) { factor(sys); }

// Contract: called at the end of a block whose head elimination chose `pivots` (in column
// order; pivots[j].comb says which earlier pivots j' < j of the block its row received, .head is
// its final first word) and left each active row a[] with its final first word head[a] and the
// set comb[a] of pivots it received, while rows[] still holds every row's words 1.. as at the
// start of the block. Afterwards rows[] holds the block's final rows (active ones in their slots,
// word 0 = head) and u_ the pivot rows.
// How: the pivot rows are completed in order, pivot j from the completed rows of its comb; then
// the active rows receive sum over comb[a] of the pivot rows through tables of all 2^8 sums of
// 8 consecutive pivot rows ("four Russians"): 8 row additions per active row instead of up to 64.
void BandedGf2::apply_block(std::vector<std::uint64_t>& rows, const std::vector<Pivot>& pivots,
                            const std::vector<std::uint32_t>& active,
                            const std::vector<std::uint64_t>& head,
                            const std::vector<std::uint64_t>& comb,
                            const std::vector<std::uint8_t>& dead,
                            std::vector<std::uint64_t>& tables) {
  const std::size_t w = width_;
  // The completed pivot rows, straight into U.
  for (const Pivot& piv : pivots) {
    std::uint64_t* out = u_.data() + piv.column * w;
    const std::uint64_t* row = rows.data() + piv.slot * w;
    std::copy(row, row + w, out);
    out[0] = piv.head;
    for (std::uint64_t c = piv.comb; c != 0; c &= c - 1) {
      const std::uint64_t* add = u_.data() + pivots[std::countr_zero(c)].column * w;
      for (std::size_t i = 1; i < w; ++i) out[i] ^= add[i];
    }
    std::fill(rows.begin() + static_cast<std::ptrdiff_t>(piv.slot * w),
              rows.begin() + static_cast<std::ptrdiff_t>(piv.slot * w + w), 0);
  }
  // Table t, entry v (1 <= v < 2^8): the sum of pivot rows 8t + i over the bits i of v.
  const std::size_t chunks = (pivots.size() + kChunk - 1) / kChunk;
  tables.resize(chunks * (std::size_t{1} << kChunk) * w);
  for (std::size_t t = 0; t < chunks; ++t) {
    const std::size_t count = std::min(kChunk, pivots.size() - t * kChunk);
    std::uint64_t* table = tables.data() + t * (std::size_t{1} << kChunk) * w;
    std::fill(table, table + w, 0);
    for (std::size_t v = 1; v < (std::size_t{1} << count); ++v) {
      const std::uint64_t* rest = table + (v & (v - 1)) * w;
      const std::uint64_t* add =
          u_.data() + pivots[t * kChunk + static_cast<std::size_t>(std::countr_zero(v))].column * w;
      std::uint64_t* entry = table + v * w;
      for (std::size_t i = 0; i < w; ++i) entry[i] = rest[i] ^ add[i];
    }
  }
  for (std::size_t a = 0; a < active.size(); ++a) {
    if (dead[a] != 0) continue;
    std::uint64_t* row = rows.data() + active[a] * w;
    row[0] = head[a];
    for (std::size_t t = 0; t < chunks; ++t) {
      const std::size_t v = (comb[a] >> (t * kChunk)) & ((std::size_t{1} << kChunk) - 1);
      if (v == 0) continue;
      const std::uint64_t* entry = tables.data() + (t * (std::size_t{1} << kChunk) + v) * w;
      for (std::size_t i = 1; i < w; ++i) row[i] ^= entry[i];
    }
  }
}

// Contract: sys.states == 2 (std::invalid_argument otherwise); sys.size() may be 0.
// Afterwards u_, is_pivot_, pivot_slot_, pivot_comb_, received_*, entry_slot_, retired_* and
// free_columns_ describe the elimination below, so that solve() can replay it on any right side.
//
// The elimination, on B = A with rows and columns permuted to positions (band b):
//   Columns are taken in blocks of 64. Before block q (columns 64q .. 64q + 63), every row i with
//   i < 64q + 64 + b enters a free slot: a window of width_ words whose bit 0 is column 64q. Its
//   entries lie in [i - b, i + b], inside the window, since i >= 64q + b for a row entering now.
//   For each column k of the block: the pivot is the oldest active row (lowest position) with a
//   1 at k (any choice keeps the band; the oldest row is usually the sparsest); it is added to
//   every other active row with a 1 at k, on their first words only, the row remembering the
//   pivot's number in the block (comb). No active row: k is a free column. Then apply_block
//   completes the pivot rows into U and brings the other rows' remaining words up to date.
//   At the end of the block every active row is 0 in the block's columns: a row that is 0
//   everywhere is retired (recorded: its right side must be 0), the others move one word left.
//   This is the same elimination, step for step, as adding whole rows column by column.
// Why the window suffices: an active row i has no 1 before column i - b, and the pivot of column k
// thus has index <= k + b; by induction every row touched so far ends by column 64q + 63 + 2b,
// which is the window's last bit (width_ = ceil((2b + 64) / 64)).
void BandedGf2::factor(const PressSystem& sys) {
  if (sys.states != 2) throw std::invalid_argument("BandedGf2: the rules must have 2 states");
  n_ = sys.size();
  const std::vector<std::uint32_t> pos = band_positions(sys, order_);
  band_ = bandwidth_of(sys, pos);
  width_ = words_for(2 * band_ + kWord);
  cell_.assign(n_, 0);
  for (std::size_t t = 0; t < n_; ++t) cell_[pos[t]] = static_cast<std::uint32_t>(t);

  // The rows of B (equations by position), CSR: row p's columns at cols[row_begin[p] ..].
  std::vector<std::uint32_t> row_begin(n_ + 1, 0);
  for (std::size_t j = 0; j < n_; ++j) {
    for (const PressSystem::Touch& t : sys.touched_by(j)) {
      if ((t.amount & 1U) != 0) ++row_begin[pos[t.cell] + 1];
    }
  }
  for (std::size_t p = 0; p < n_; ++p) row_begin[p + 1] += row_begin[p];
  std::vector<std::uint32_t> cols(row_begin[n_]);
  {
    std::vector<std::uint32_t> fill(row_begin.begin(), row_begin.end() - 1);
    for (std::size_t j = 0; j < n_; ++j) {
      for (const PressSystem::Touch& t : sys.touched_by(j)) {
        if ((t.amount & 1U) != 0) cols[fill[pos[t.cell]]++] = pos[j];
      }
    }
  }

  const std::size_t blocks = words_for(n_);
  const std::size_t w = width_;
  u_.assign(n_ * w, 0);
  is_pivot_.assign(n_, 0);
  pivot_slot_.assign(n_, kNone);
  entry_slot_.assign(n_, kNone);
  pivot_comb_.assign(n_, 0);
  received_slot_.clear();
  received_comb_.clear();
  received_begin_.assign(blocks + 1, 0);
  retired_.clear();
  retired_begin_.assign(blocks + 1, 0);
  free_columns_.clear();

  std::vector<std::uint64_t> rows;  // slot s: rows[s * w .. s * w + w)
  std::size_t slot_count = 0;
  std::vector<std::uint32_t> spare;  // free slots
  // The active rows, oldest (lowest position) first: their slots, first words, the block's pivots
  // they received (bit j = pivot number j of the block) and whether they became a pivot.
  std::vector<std::uint32_t> active;
  std::vector<std::uint64_t> head;
  std::vector<std::uint64_t> comb;
  std::vector<std::uint8_t> dead;
  std::vector<Pivot> pivots;          // the block's pivots, in order
  std::vector<std::uint64_t> tables;  // apply_block's scratch
  for (BandBlocks blk(n_, band_); blk.next();) {
    const std::size_t q = blk.index();
    const std::size_t base = blk.base();
    const std::size_t end = blk.end();
    // Rows enter, after the older ones.
    for (std::size_t i = blk.entering_begin(); i < blk.entering_end(); ++i) {
      const std::uint32_t s = take_slot(spare, slot_count);
      rows.resize(slot_count * w, 0);
      std::uint64_t* row = rows.data() + s * w;
      for (std::uint32_t e = row_begin[i]; e < row_begin[i + 1]; ++e) {
        const std::size_t bit = cols[e] - base;
        row[bit / kWord] ^= std::uint64_t{1} << (bit % kWord);
      }
      entry_slot_[i] = s;
      active.push_back(s);
    }
    slots_ = std::max(slots_, slot_count);

    // Eliminate the block's columns on the first words only; the pivot of column k is the oldest
    // active row with a 1 there. Every row from it on with a 1 at k receives it: head ^= its head
    // (the pivot's own head becomes 0, so it is never picked again), comb gets its number. Done
    // without branches, the bit being random.
    const std::size_t count = active.size();
    head.resize(count);
    comb.assign(count, 0);
    dead.assign(count, 0);
    for (std::size_t a = 0; a < count; ++a) head[a] = rows[active[a] * w];
    pivots.clear();
    for (std::size_t k = base; k < end; ++k) {
      const unsigned shift = static_cast<unsigned>(k - base);
      std::size_t best = 0;
      while (best < count && ((head[best] >> shift) & 1U) == 0) ++best;
      if (best == count) {
        free_columns_.push_back(static_cast<std::uint32_t>(k));
        continue;
      }
      const std::uint64_t number = std::uint64_t{1} << pivots.size();
      const std::uint64_t add = head[best];
      pivots.push_back({active[best], static_cast<std::uint32_t>(k), add, comb[best]});
      dead[best] = 1;
      for (std::size_t a = best; a < count; ++a) {
        const std::uint64_t on = 0 - ((head[a] >> shift) & 1U);
        head[a] ^= add & on;
        comb[a] ^= number & on;
      }
      is_pivot_[k] = 1;
      pivot_slot_[k] = pivots.back().slot;
      pivot_comb_[k] = pivots.back().comb;
    }
    if (!pivots.empty()) apply_block(rows, pivots, active, head, comb, dead, tables);
    for (const Pivot& piv : pivots) spare.push_back(piv.slot);

    // Record what the surviving rows received; retire the zero rows; slide the others one word
    // left. The order (oldest first) is kept.
    std::size_t kept = 0;
    for (std::size_t a = 0; a < count; ++a) {
      if (dead[a] != 0) continue;
      const std::uint32_t s = active[a];
      if (comb[a] != 0) {
        received_slot_.push_back(s);
        received_comb_.push_back(comb[a]);
      }
      std::uint64_t* row = rows.data() + s * w;
      if (std::all_of(row, row + w, [](std::uint64_t x) { return x == 0; })) {
        retired_.push_back(s);
        spare.push_back(s);
        continue;
      }
      std::copy(row + 1, row + w, row);
      row[w - 1] = 0;
      active[kept++] = s;
    }
    active.resize(kept);
    received_begin_[q + 1] = received_slot_.size();
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
  // Replay the elimination on the right side: one bit per slot, entering and leaving as the rows
  // did. In each block, pivot j's bit is its row's own plus those of the earlier pivots it
  // received (bits of yb, the block's pivot bits by number); then every surviving row adds the
  // bits of the pivots it received.
  std::vector<std::uint8_t> slot_bit(slots_, 0);
  std::vector<std::uint64_t> y(words_for(n_) + 1, 0);
  for (BandBlocks blk(n_, band_); blk.next();) {
    const std::size_t q = blk.index();
    const std::size_t base = blk.base();
    const std::size_t end = blk.end();
    for (std::size_t i = blk.entering_begin(); i < blk.entering_end(); ++i)
      slot_bit[entry_slot_[i]] = rhs[cell_[i]] & 1U;
    std::uint64_t yb = 0;
    unsigned number = 0;
    for (std::size_t k = base; k < end; ++k) {
      const std::uint32_t p = pivot_slot_[k];
      if (p == kNone) continue;
      const auto v = static_cast<std::uint64_t>(
          (slot_bit[p] ^ static_cast<unsigned>(std::popcount(pivot_comb_[k] & yb))) & 1U);
      slot_bit[p] = 0;
      yb |= v << number++;
    }
    for (std::size_t r = received_begin_[q]; r < received_begin_[q + 1]; ++r) {
      slot_bit[received_slot_[r]] ^= std::popcount(received_comb_[r] & yb) & 1U;
    }
    for (std::size_t r = retired_begin_[q]; r < retired_begin_[q + 1]; ++r) {
      if (slot_bit[retired_[r]] != 0) return false;  // a dependent equation reads 0 = 1
    }
    // The pivot bits by column.
    for (std::size_t k = base; k < end && yb != 0; ++k) {
      if (pivot_slot_[k] == kNone) continue;
      if ((yb & 1U) != 0) set_bit(y, k);
      yb >>= 1;
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

double BandedGf2::mask_band(const std::vector<Offset>& offsets, std::size_t rows,
                            std::size_t cols) {
  int dr_min = 0;
  int dr_max = 0;
  int dc_min = 0;
  int dc_max = 0;
  for (const Offset& o : offsets) {
    dr_min = std::min(dr_min, o.dr);
    dr_max = std::max(dr_max, o.dr);
    dc_min = std::min(dc_min, o.dc);
    dc_max = std::max(dc_max, o.dc);
  }
  const auto r = static_cast<double>(rows);
  const auto c = static_cast<double>(cols);
  const double by_rows = std::min<double>(dr_max - dr_min, r) * c + (dc_max - dc_min) + 1;
  const double by_cols = std::min<double>(dc_max - dc_min, c) * r + (dr_max - dr_min) + 1;
  return std::min(by_rows, by_cols);
}

}  // namespace lightsout::detail
