// The board symmetries of a solution set as kernel-coordinate maps, and the orbit search's basis.
#include "solution_symmetry.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <stdexcept>

namespace lightsout::detail {

namespace {

std::uint64_t apply_columns(std::span<const std::uint64_t> columns, std::uint64_t c) {
  std::uint64_t out = 0;
  for (; c != 0; c &= c - 1) out ^= columns[static_cast<std::size_t>(std::countr_zero(c))];
  return out;
}

// A subspace of GF(2)^64 by one vector per leading bit: membership, and the least element of a
// coset (reduce clears every leading bit from the top down, each step touching lower bits only).
class Span64 {
 public:
  std::uint64_t reduce(std::uint64_t x) const {
    for (int b = 63; b >= 0; --b) {
      if (((x >> b) & 1U) != 0) x ^= lead_[static_cast<std::size_t>(b)];
    }
    return x;
  }
  bool insert(std::uint64_t x) {
    x = reduce(x);
    if (x == 0) return false;
    lead_[static_cast<std::size_t>(63 - std::countl_zero(x))] = x;
    ++rank_;
    return true;
  }
  unsigned rank() const { return rank_; }

 private:
  std::array<std::uint64_t, 64> lead_{};
  unsigned rank_ = 0;
};

// The inverse of the invertible d x d matrix given by its columns, by its columns.
std::vector<std::uint64_t> invert(std::span<const std::uint64_t> columns) {
  const std::size_t d = columns.size();
  // Row i of [A | I]: bits of A's row i, and e_i.
  std::vector<std::uint64_t> a(d, 0);
  std::vector<std::uint64_t> x(d, 0);
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) a[i] |= ((columns[j] >> i) & 1U) << j;
    x[i] = std::uint64_t{1} << i;
  }
  for (std::size_t col = 0; col < d; ++col) {
    std::size_t pivot = col;
    while (pivot < d && ((a[pivot] >> col) & 1U) == 0) ++pivot;
    if (pivot == d) throw std::logic_error("SymmetricFrame: the basis is singular");
    std::swap(a[col], a[pivot]);
    std::swap(x[col], x[pivot]);
    for (std::size_t r = 0; r < d; ++r) {
      if (r != col && ((a[r] >> col) & 1U) != 0) {
        a[r] ^= a[col];
        x[r] ^= x[col];
      }
    }
  }
  // x holds the rows of the inverse.
  std::vector<std::uint64_t> out(d, 0);
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) out[j] |= ((x[i] >> j) & 1U) << i;
  }
  return out;
}

// The kernel boards in reduced echelon form, each row remembering which kernel vectors it sums:
// writes a board of the shape as x0-free combinations, or says it is outside the span.
class BoardSpan {
 public:
  explicit BoardSpan(std::span<const Board> kernel) {
    for (std::size_t j = 0; j < kernel.size(); ++j) {
      const std::span<const std::uint64_t> w = kernel[j].words();
      rows_.emplace_back(w.begin(), w.end());
      sums_.push_back(std::uint64_t{1} << j);
    }
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      std::size_t word = 0;
      while (word < rows_[i].size() && rows_[i][word] == 0) ++word;
      if (word == rows_[i].size()) throw std::invalid_argument("board_symmetries: not a basis");
      const std::uint64_t bit = rows_[i][word] & (~rows_[i][word] + 1);
      pivots_.push_back({word, bit});
      for (std::size_t r = 0; r < rows_.size(); ++r) {
        if (r != i && (rows_[r][word] & bit) != 0) {
          for (std::size_t k = 0; k < rows_[r].size(); ++k) rows_[r][k] ^= rows_[i][k];
          sums_[r] ^= sums_[i];
        }
      }
    }
  }

  // The combination c with sum of kernel[j] over bits j of c == v, if there is one.
  std::optional<std::uint64_t> express(std::vector<std::uint64_t> v) const {
    std::uint64_t c = 0;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
      if ((v[pivots_[i].first] & pivots_[i].second) == 0) continue;
      for (std::size_t k = 0; k < v.size(); ++k) v[k] ^= rows_[i][k];
      c ^= sums_[i];
    }
    if (std::any_of(v.begin(), v.end(), [](std::uint64_t w) { return w != 0; })) {
      return std::nullopt;
    }
    return c;
  }

 private:
  std::vector<std::vector<std::uint64_t>> rows_;
  std::vector<std::uint64_t> sums_;
  std::vector<std::pair<std::size_t, std::uint64_t>> pivots_;
};

// The 64 bits of x in reverse order.
std::uint64_t reversed_bits(std::uint64_t x) {
  x = __builtin_bswap64(x);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
}

// Board b moved by symmetry g of its rectangle: 0 the identity, 1 and 2 the two mirrors, 3 the
// half turn, and on a square 4 to 7 the transpose, the two quarter turns and the anti-transpose
// (the transpose after the mirror of g - 4: every element of the square's group). Row by row, a
// word at a time: a row mirrored left to right is its words reversed, each word's bits reversed,
// shifted down by the row's padding bits.
std::vector<std::uint64_t> moved(const Board& b, unsigned g) {
  const std::size_t m = b.rows();
  const std::size_t stride = b.stride();
  const auto pad = static_cast<unsigned>(stride * 64 - b.cols());
  Board out(m, b.cols());
  for (std::size_t r = 0; r < m; ++r) {
    const std::span<const std::uint64_t> from = b.row(r);
    const std::span<std::uint64_t> to = out.row((g & 2U) != 0 ? m - 1 - r : r);
    if ((g & 1U) == 0) {
      std::copy(from.begin(), from.end(), to.begin());
      continue;
    }
    for (std::size_t k = 0; k < stride; ++k) to[stride - 1 - k] = reversed_bits(from[k]);
    if (pad == 0) continue;
    for (std::size_t k = 0; k + 1 < stride; ++k) to[k] = (to[k] >> pad) | (to[k + 1] << (64 - pad));
    to[stride - 1] >>= pad;
  }
  if (g >= 4) out = out.transposed();
  const std::span<const std::uint64_t> w = out.words();
  return {w.begin(), w.end()};
}

}  // namespace

std::uint64_t CoordinateMap::operator()(std::uint64_t c) const {
  return apply_columns(columns, c) ^ shift;
}

std::vector<CoordinateMap> board_symmetries(const Board& x0, std::span<const Board> kernel) {
  const std::size_t d = kernel.size();
  if (d > 64) throw std::invalid_argument("board_symmetries: more than 64 kernel vectors");
  std::vector<CoordinateMap> group(1);
  for (std::size_t j = 0; j < d; ++j) group[0].columns.push_back(std::uint64_t{1} << j);
  const BoardSpan span(kernel);
  const std::span<const std::uint64_t> base = x0.words();
  const unsigned count = x0.rows() == x0.cols() ? 8 : 4;
  for (unsigned g = 1; g < count; ++g) {
    // The moved x0 must be a solution (x0 plus a quiet pattern) before the kernel is tried.
    std::vector<std::uint64_t> diff = moved(x0, g);
    for (std::size_t k = 0; k < diff.size(); ++k) diff[k] ^= base[k];
    const std::optional<std::uint64_t> shift = span.express(std::move(diff));
    if (!shift) continue;
    CoordinateMap map;
    map.shift = *shift;
    for (const Board& k : kernel) {
      const std::optional<std::uint64_t> column = span.express(moved(k, g));
      if (!column) break;
      map.columns.push_back(*column);
    }
    if (map.columns.size() == d) group.push_back(std::move(map));
  }
  return group;
}

std::optional<SymmetricFrame> SymmetricFrame::build(std::vector<CoordinateMap> group, unsigned d,
                                                    unsigned min_low, unsigned max_low) {
  if (group.size() <= 1 || d == 0 || d > 64 || max_low >= d) return std::nullopt;
  // The kept subspace: sums of orbit spans span{g e_j} (each kept by every g, the maps forming a
  // group), taken from e_0 on while they fit in max_low dimensions.
  Span64 kept;
  std::vector<std::uint64_t> basis;
  for (unsigned j = 0; j < d && kept.rank() < max_low; ++j) {
    Span64 grown = kept;
    std::vector<std::uint64_t> added;
    for (const CoordinateMap& g : group) {
      const std::uint64_t x = apply_columns(g.columns, std::uint64_t{1} << j);
      if (grown.insert(x)) added.push_back(x);
    }
    if (grown.rank() <= max_low) {
      kept = grown;
      basis.insert(basis.end(), added.begin(), added.end());
    }
  }
  if (kept.rank() < min_low) return std::nullopt;
  SymmetricFrame frame;
  frame.d_ = d;
  frame.low_ = kept.rank();
  for (unsigned j = 0; j < d; ++j) {
    if (kept.insert(std::uint64_t{1} << j)) basis.push_back(std::uint64_t{1} << j);
  }
  frame.basis_ = basis;
  frame.inverse_ = invert(basis);
  bool acts = false;
  for (std::size_t i = 1; i < group.size(); ++i) {
    CoordinateMap q;
    for (unsigned j = 0; j < d; ++j) {
      q.columns.push_back(
          apply_columns(frame.inverse_, apply_columns(group[i].columns, frame.basis_[j])));
    }
    q.shift = apply_columns(frame.inverse_, group[i].shift);
    for (unsigned j = frame.low_; j < d; ++j) {
      acts = acts || (q.columns[j] >> frame.low_) != (std::uint64_t{1} << (j - frame.low_));
    }
    acts = acts || (q.shift >> frame.low_) != 0;
    frame.quotient_.push_back(std::move(q));
  }
  if (!acts) return std::nullopt;  // every prefix its own orbit: nothing to gain
  frame.group_ = std::move(group);
  return frame;
}

std::uint64_t SymmetricFrame::adapt_column(std::uint64_t w) const {
  std::uint64_t out = 0;
  for (unsigned i = 0; i < d_; ++i) {
    out |= static_cast<std::uint64_t>(std::popcount(w & basis_[i]) & 1) << i;
  }
  return out;
}

std::uint64_t SymmetricFrame::to_original(std::uint64_t c_new) const {
  return apply_columns(basis_, c_new);
}

bool SymmetricFrame::canonical(std::uint64_t prefix) const {
  const std::uint64_t c = prefix << low_;
  return std::all_of(quotient_.begin(), quotient_.end(),
                     [&](const CoordinateMap& q) { return (q(c) >> low_) >= prefix; });
}

std::uint64_t SymmetricFrame::orbit_min(std::uint64_t c) const {
  std::uint64_t best = c;
  for (const CoordinateMap& g : group_) best = std::min(best, g(c));
  return best;
}

std::uint64_t SymmetricFrame::coset_orbit_min(std::uint64_t c_new, unsigned free) const {
  const std::uint64_t cleared = free >= 64 ? 0 : c_new & ~((std::uint64_t{1} << free) - 1);
  const std::uint64_t base = to_original(cleared);
  std::uint64_t best = ~std::uint64_t{0};
  for (const CoordinateMap& g : group_) {
    Span64 span;
    for (unsigned i = 0; i < free && i < d_; ++i) span.insert(apply_columns(g.columns, basis_[i]));
    best = std::min(best, span.reduce(g(base)));
  }
  return best;
}

}  // namespace lightsout::detail
