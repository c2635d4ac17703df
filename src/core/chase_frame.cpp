// ChaseFrame: light chasing along the longer side of a board, tall in place, wide by its own rows.
#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include "chase.hpp"

namespace lightsout::detail {

namespace {

// Contract: the chase from `first` (w words, n cells) over m rows whose only lights are
// `drive` (m bits, nullptr: none) in cell n - 1: bit 0 of every row x_1 .. x_m into `edge`
// (m / 64 rounded up words, zero on entry) and the phantom row x_{m+1} into `phantom` (w words).
// Three rows of w words, so it runs from the first-level cache: O(m w) word operations.
void edge_chase(const std::uint64_t* first, std::size_t n, std::size_t m,
                const std::uint64_t* drive, std::uint64_t* edge, std::uint64_t* phantom) {
  const std::size_t w = (n + 63) / 64;
  const std::uint64_t mask = n % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n % 64)) - 1;
  const unsigned top = (n - 1) % 64;  // cell n - 1 in the last word
  auto driven = [drive, top](std::size_t j) {
    return drive == nullptr ? 0 : ((drive[j / 64] >> (j % 64)) & 1U) << top;
  };
  if (w == 1) {
    std::uint64_t prev = 0;
    std::uint64_t cur = first[0];
    for (std::size_t j = 0; j < m; ++j) {
      edge[j / 64] |= (cur & 1U) << (j % 64);
      const std::uint64_t next = (((cur ^ (cur << 1) ^ (cur >> 1)) & mask) ^ prev) ^ driven(j);
      prev = cur;
      cur = next;
    }
    phantom[0] = cur;
    return;
  }
  // Rows of w + 2 words, a zero word on either side, so that the step has no edge cases and the
  // compiler vectorizes it.
  std::vector<std::uint64_t> rows(3 * (w + 2), 0);
  std::uint64_t* prev = rows.data() + 1;
  std::uint64_t* cur = prev + w + 2;
  std::uint64_t* next = cur + w + 2;
  std::copy_n(first, w, cur);
  for (std::size_t j = 0; j < m; ++j) {
    edge[j / 64] |= (cur[0] & 1U) << (j % 64);
    for (std::size_t t = 0; t < w; ++t) {
      const std::uint64_t v = cur[t];
      next[t] = v ^ (v << 1) ^ (v >> 1) ^ (cur[t - 1] >> 63) ^ (cur[t + 1] << 63) ^ prev[t];
    }
    next[w - 1] = (next[w - 1] & mask) ^ driven(j);
    std::swap(prev, cur);
    std::swap(cur, next);
  }
  std::copy_n(cur, w, phantom);
}

}  // namespace

ChaseFrame::ChaseFrame(const Board& lights, Board* scratch)
    : lights_(&lights),
      scratch_(scratch),
      wide_(lights.cols() > lights.rows()),
      rows_(lights.rows()),
      cols_(lights.cols()),
      length_(std::max(lights.rows(), lights.cols())),
      width_(std::min(lights.rows(), lights.cols())) {}

bool ChaseFrame::chase(bool with_lights, const std::uint64_t* first_row, Board* presses,
                       std::uint64_t* phantom, const ProgressFn* progress, std::string_view phase) {
  if (wide_) return chase_wide(with_lights, first_row, presses, phantom, progress, phase);
  if (presses == nullptr) throw std::logic_error("ChaseFrame: a tall chase needs its presses");
  return chase_rows(with_lights ? lights_ : nullptr, first_row, *presses, phantom, progress, phase);
}

// Contract: the chase along the columns of a wide board from `first_row` over its lights, without
// turning a column: its phantom row into `phantom` and bit 0 of its press rows (the caller's
// first row of presses) into `edge`. Call X the presses of that chase. Chasing down the board's
// own rows from a dark first row gives presses Z (into `scratch`, the caller's shape) that leave
// lit only the board's last row, z. X + Z starts from first_row + (Z's first column) along the
// columns and meets lights only in the last row, so it is edge_chase driven by z: its phantom is
// X's (Z darkens every column but leaves the last row), and its bits 0 are X's too (Z's first
// row is dark). O(m n / 64): one pass over the board in memory, one in cache.
void ChaseFrame::chase_columns(const std::uint64_t* first_row, Board& scratch, std::uint64_t* edge,
                               std::uint64_t* phantom, const ProgressFn* progress,
                               std::string_view phase) {
  const std::size_t w = stride();
  // The dark first row is the scratch's own row 0; z goes to row_buffer_ (O(m) words in all).
  std::uint64_t* row0 = scratch.words().data();
  std::fill_n(row0, scratch.stride(), std::uint64_t{0});
  row_buffer_.assign(scratch.stride(), 0);
  chase_rows(lights_, row0, scratch, row_buffer_.data(), progress, phase);
  std::vector<std::uint64_t> start(first_row, first_row + w);
  const std::uint64_t* cells = scratch.words().data();
  for (std::size_t i = 0; i < width_; ++i) {
    start[i / 64] ^= (cells[i * scratch.stride()] & 1U) << (i % 64);
  }
  edge_chase(start.data(), width_, length_, row_buffer_.data(), edge, phantom);
}

// Contract: a wide board's chase, found in two orientations. The presses X of the chase along the
// columns from y over lights b are X0 + D: X0 the chase from the remembered first row y0 over b
// (chase_columns, run once and kept) and D the chase from y + y0 over a dark board, whose first
// cells dark_first_column finds without the board or its tiles. X's first row is bit 0 of their
// rows, and X darkens every cell but the last column, where it leaves the phantom row lit. So X
// is also the chase down the board's own rows (chase_rows) from that first row over the lights
// plus the phantom in the last column: a first row and dark rows above the last fix the rest.
// That chase writes the presses and re-applies them. It is run first as if the phantom were zero;
// when the last row comes out dark the presses darken the whole board, and since the board is
// wider than tall (so the first cells of the rows of a dark chase fix its first row) that happens
// exactly when the phantom is zero. Otherwise D is chased in full for the phantom and its first
// cells (which must match), and the rows again with the phantom in the last column, which must
// leave the last row dark (std::logic_error if anything disagrees).
bool ChaseFrame::chase_wide(bool with_lights, const std::uint64_t* first_row, Board* presses,
                            std::uint64_t* phantom, const ProgressFn* progress,
                            std::string_view phase) {
  const std::size_t w = stride();
  const std::size_t edge_words = (length_ + 63) / 64;
  if (with_lights && (seen_first_.empty() || presses == nullptr)) {
    seen_first_.assign(first_row, first_row + w);
    seen_edge_.assign(edge_words, 0);
    seen_phantom_.assign(w, 0);
    Board own;
    Board* scratch = presses != nullptr ? presses : scratch_;
    if (scratch == nullptr) {
      own = blank();
      scratch = &own;
    }
    chase_columns(first_row, *scratch, seen_edge_.data(), seen_phantom_.data(), progress, phase);
  }
  if (presses == nullptr) {
    std::copy_n(seen_phantom_.begin(), w, phantom);
    return std::all_of(phantom, phantom + w, [](std::uint64_t v) { return v == 0; });
  }
  std::vector<std::uint64_t> delta(first_row, first_row + w);
  if (with_lights) {
    for (std::size_t t = 0; t < w; ++t) delta[t] ^= seen_first_[t];
  }
  if (!recurrence_ && width_ > kDarkChaseDirectCells) recurrence_ = dark_chase_recurrence(width_);
  // The first row of presses is found in place (row 0 of the presses, which chase_rows keeps).
  std::uint64_t* edge = presses->words().data();
  dark_first_column(delta.data(), width_, length_, recurrence_ ? &*recurrence_ : nullptr, edge);
  if (with_lights) {
    for (std::size_t t = 0; t < edge_words; ++t) edge[t] ^= seen_edge_[t];
  }
  const Board* lights = with_lights ? lights_ : nullptr;
  row_buffer_.assign(edge_words, 0);
  std::uint64_t* row_phantom = row_buffer_.data();
  if (chase_rows(lights, edge, *presses, row_phantom, progress, phase)) {
    std::fill_n(phantom, w, std::uint64_t{0});
    return true;
  }
  std::vector<std::uint64_t> full_edge(edge_words, 0);
  edge_chase(delta.data(), width_, length_, nullptr, full_edge.data(), phantom);
  if (with_lights) {
    for (std::size_t t = 0; t < w; ++t) phantom[t] ^= seen_phantom_[t];
    for (std::size_t t = 0; t < edge_words; ++t) full_edge[t] ^= seen_edge_[t];
  }
  if (!std::equal(full_edge.begin(), full_edge.end(), edge) ||
      std::all_of(phantom, phantom + w, [](std::uint64_t v) { return v == 0; }) ||
      !chase_rows(lights, edge, *presses, row_phantom, nullptr, {}, phantom)) {
    throw std::logic_error("ChaseFrame: the column and row chases of a wide board disagree");
  }
  return false;
}

}  // namespace lightsout::detail
