// ChaseFrame: light chasing along the longer side of a board, tall in place, wide by 64 x 64 tiles.
#include <algorithm>
#include <array>
#include <atomic>
#include <semaphore>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "board_ops.hpp"
#include "chase.hpp"

namespace lightsout::detail {

namespace {

// Boards at most this many rows high are read and written a bit at a time instead of through
// 64 x 64 transposes, which cost the same whatever the number of rows filled.
constexpr std::size_t kBitwiseRows = 4;

// Word columns read and written together: 512 columns, so every cache line of the board that is
// touched (8 words of one row) is used whole while the board is walked across its rows.
constexpr std::size_t kGroupWords = 8;

// Columns 64(k + q0) .. 64(k + q1) - 1 of `board` (r rows) as rows 64 q0 .. 64 q1 - 1 of the
// solving orientation: bit i of out[j * w + t] = cell (64t + i, 64k + j). Columns past the board
// come out zero. Other rows of `out` are not touched.
void load_columns(const Board& board, std::size_t k, std::size_t q0, std::size_t q1,
                  std::uint64_t* out, std::size_t w) {
  const std::size_t r = board.rows();
  const std::size_t stride = board.stride();
  const std::uint64_t* src = board.words().data();
  if (r <= kBitwiseRows) {
    for (std::size_t q = q0; q < q1; ++q) {
      std::uint64_t v[kBitwiseRows] = {};
      for (std::size_t i = 0; i < r; ++i) v[i] = src[i * stride + k + q];
      for (std::size_t j = 0; j < 64; ++j) {
        std::uint64_t col = 0;
        for (std::size_t i = 0; i < r; ++i) col |= ((v[i] >> j) & 1U) << i;
        out[(q * 64 + j) * w] = col;
      }
    }
    return;
  }
  std::uint64_t block[kGroupWords][64];
  for (std::size_t t = 0; t < w; ++t) {
    const std::size_t r0 = t * 64;
    const std::size_t rn = std::min<std::size_t>(64, r - r0);
    for (std::size_t i = 0; i < 64; ++i) {
      const std::uint64_t* row = src + (r0 + i) * stride + k;
      // Rows 125 KB apart defeat the hardware prefetcher: ask for the next tile's line now.
      if (i + 64 < r - r0) __builtin_prefetch(row + q0 + 64 * stride);
      for (std::size_t q = q0; q < q1; ++q) block[q][i] = i < rn ? row[q] : 0;
    }
    for (std::size_t q = q0; q < q1; ++q) {
      transpose_block(block[q]);
      for (std::size_t j = 0; j < 64; ++j) out[(q * 64 + j) * w + t] = block[q][j];
    }
  }
}

// x_{i+1} = T x_i + x_{i-1} (+ b_i): one step of the chase on rows of w words.
inline void chase_step(std::uint64_t* next, const std::uint64_t* cur, const std::uint64_t* prev,
                       const std::uint64_t* b, std::size_t w, std::uint64_t mask) {
  apply_row_operator(next, cur, w, mask);
  for (std::size_t t = 0; t < w; ++t) next[t] ^= prev[t];
  if (b != nullptr) {
    for (std::size_t t = 0; t < w; ++t) next[t] ^= b[t];
  }
}

// chase_step for rows of one word, the two previous rows kept in registers: x[j + 1] from x[j],
// x[j - 1] (x[-1] = `before`) and b[j] (b = nullptr: dark), for j < count.
void chase_narrow(std::uint64_t* x, std::uint64_t before, const std::uint64_t* b, std::size_t count,
                  std::uint64_t mask) {
  std::uint64_t prev = before;
  std::uint64_t cur = x[0];
  for (std::size_t j = 0; j < count; ++j) {
    std::uint64_t next = ((cur ^ (cur << 1) ^ (cur >> 1)) & mask) ^ prev;
    if (b != nullptr) next ^= b[j];
    x[j + 1] = next;
    prev = cur;
    cur = next;
  }
}

// Contract: the chase from `first` (w words) over m dark rows: bit 0 of every row x_1 .. x_m into
// `edge` (zeroed, m / 64 rounded up words) and the phantom row x_{m+1} into `phantom` (w words).
// Three rows of w words, so it runs from the first-level cache: O(m w) word operations.
void dark_edge(const std::uint64_t* first, std::size_t w, std::uint64_t mask, std::size_t m,
               std::uint64_t* edge, std::uint64_t* phantom) {
  if (w == 1) {
    std::uint64_t prev = 0;
    std::uint64_t cur = first[0];
    for (std::size_t j = 0; j < m; ++j) {
      edge[j / 64] |= (cur & 1U) << (j % 64);
      const std::uint64_t next = ((cur ^ (cur << 1) ^ (cur >> 1)) & mask) ^ prev;
      prev = cur;
      cur = next;
    }
    phantom[0] = cur;
    return;
  }
  std::vector<std::uint64_t> rows(3 * w, 0);
  std::uint64_t* prev = rows.data();
  std::uint64_t* cur = prev + w;
  std::uint64_t* next = cur + w;
  std::copy_n(first, w, cur);
  for (std::size_t j = 0; j < m; ++j) {
    edge[j / 64] |= (cur[0] & 1U) << (j % 64);
    chase_step(next, cur, prev, nullptr, w, mask);
    std::swap(prev, cur);
    std::swap(cur, next);
  }
  std::copy_n(cur, w, phantom);
}

}  // namespace

ChaseFrame::ChaseFrame(const Board& lights)
    : lights_(&lights),
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

namespace {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kThreads = false;
#else
constexpr bool kThreads = true;
#endif

// The light rows of a wide chase, group after group. With two cores a helper thread turns the
// next group's columns into rows (the 64 x 64 transposes, most of a wide chase's work) while the
// caller chases the current one; two buffers change hands through semaphores. The transposes
// cost about twice the chase, so the caller, once it has chased a group, turns the last quarter
// of the next group's word columns itself, beside the helper (disjoint rows of one buffer).
// Without threads (or when one cannot be started) the caller loads each group whole.
class GroupLoader {
 public:
  GroupLoader(const Board& lights, std::size_t words, std::size_t w, std::size_t rows_per_group)
      : lights_(lights), words_(words), w_(w), groups_((words + kGroupWords - 1) / kGroupWords) {
    for (auto& b : buffers_) b.resize(rows_per_group * w);
    if (kThreads && groups_ > 1 && std::thread::hardware_concurrency() > 1) {
      try {
        worker_ = std::thread([this] { run(); });
      } catch (const std::system_error&) {
        // serial loading below
      }
    }
  }
  GroupLoader(const GroupLoader&) = delete;
  GroupLoader& operator=(const GroupLoader&) = delete;
  ~GroupLoader() {
    if (!worker_.joinable()) return;
    stop_ = true;
    for (auto& f : free_) f.release();
    worker_.join();
  }

  // The rows of group `group` (groups asked in order), valid until release().
  const std::uint64_t* acquire(std::size_t group) {
    if (!worker_.joinable()) {
      load(group, 0, group_words(group), buffers_[0]);
      return buffers_[0].data();
    }
    if (group == 0) load(0, helper_words(0), group_words(0), buffers_[0]);
    ready_[group % 2].acquire();
    return buffers_[group % 2].data();
  }
  // The caller is done with group `group`; with a helper, it then loads its share of the next
  // group (whose buffer held group - 1, already released).
  void release(std::size_t group) {
    if (!worker_.joinable()) return;
    free_[group % 2].release();
    const std::size_t next = group + 1;
    if (next < groups_) load(next, helper_words(next), group_words(next), buffers_[next % 2]);
  }

 private:
  std::size_t group_words(std::size_t group) const {
    return std::min(kGroupWords, words_ - group * kGroupWords);
  }
  // The helper's word columns of a group: the first three quarters.
  std::size_t helper_words(std::size_t group) const {
    const std::size_t g = group_words(group);
    return g - g / 4;
  }
  void load(std::size_t group, std::size_t q0, std::size_t q1,
            std::vector<std::uint64_t>& buffer) const {
    load_columns(lights_, group * kGroupWords, q0, q1, buffer.data(), w_);
  }
  void run() {
    for (std::size_t group = 0; group < groups_; ++group) {
      free_[group % 2].acquire();
      if (stop_) return;
      load(group, 0, helper_words(group), buffers_[group % 2]);
      ready_[group % 2].release();
    }
  }

  const Board& lights_;
  std::size_t words_, w_, groups_;
  std::array<std::vector<std::uint64_t>, 2> buffers_;
  // At most 2: the destructor may release a buffer that is already free.
  using Semaphore = std::counting_semaphore<2>;
  std::array<Semaphore, 2> ready_{Semaphore(0), Semaphore(0)};
  std::array<Semaphore, 2> free_{Semaphore(1), Semaphore(1)};
  std::atomic<bool> stop_ = false;
  std::thread worker_;
};

}  // namespace

// Contract: the chase along the columns of a wide board from `first_row` over its lights, through
// the tiles of load_columns: m steps of stride() words. Writes the phantom row x_{m+1} into
// `phantom` and bit 0 of every press row x_1 .. x_m (the caller's first row of presses, m bits)
// into `edge` (m / 64 rounded up words). No press is stored: chase_wide finds them by rows.
void ChaseFrame::chase_columns(const std::uint64_t* first_row, std::uint64_t* edge,
                               std::uint64_t* phantom, const ProgressFn* progress,
                               std::string_view phase) const {
  const std::size_t m = length_;
  const std::size_t w = stride();
  const std::uint64_t mask = row_mask();
  const std::size_t words = (m + 63) / 64;  // of a board row
  const std::size_t groups = (words + kGroupWords - 1) / kGroupWords;
  constexpr std::size_t kRows = 64 * kGroupWords;
  // b: the light rows of a group; x: its press rows plus the next group's first; last: the row
  // before the group (x_{-1} = 0 at the start).
  GroupLoader loader(*lights_, words, w, kRows);
  std::vector<std::uint64_t> x((kRows + 1) * w, 0), last(w, 0);
  std::copy_n(first_row, w, x.begin());
  const bool report = progress != nullptr && *progress;
  const std::size_t report_every = std::max<std::size_t>(groups / 256, 1);
  if (report) (*progress)(phase, 0.0);
  for (std::size_t group = 0; group < groups; ++group) {
    if (report && group % report_every == 0) {
      (*progress)(phase, static_cast<double>(group) / static_cast<double>(groups));
    }
    const std::size_t k = group * kGroupWords;
    const std::size_t count = std::min(kRows, m - k * 64);
    const std::uint64_t* b = loader.acquire(group);
    if (w == 1) {
      chase_narrow(x.data(), last[0], b, count, mask);
    } else {
      for (std::size_t j = 0; j < count; ++j) {
        const std::uint64_t* prev = j > 0 ? x.data() + (j - 1) * w : last.data();
        chase_step(x.data() + (j + 1) * w, x.data() + j * w, prev, b + j * w, w, mask);
      }
    }
    loader.release(group);
    for (std::size_t j = 0; j < count; ++j) {
      edge[k + j / 64] |= (x[j * w] & 1U) << (j % 64);
    }
    std::copy_n(x.begin() + static_cast<std::ptrdiff_t>((count - 1) * w), w, last.begin());
    std::copy_n(x.begin() + static_cast<std::ptrdiff_t>(count * w), w, x.begin());
  }
  std::copy_n(x.begin(), w, phantom);
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
    chase_columns(first_row, seen_edge_.data(), seen_phantom_.data(), progress, phase);
  }
  if (presses == nullptr) {
    std::copy_n(seen_phantom_.begin(), w, phantom);
    return std::all_of(phantom, phantom + w, [](std::uint64_t v) { return v == 0; });
  }
  std::vector<std::uint64_t> delta(first_row, first_row + w);
  if (with_lights) {
    for (std::size_t t = 0; t < w; ++t) delta[t] ^= seen_first_[t];
  }
  if (!recurrence_) recurrence_ = dark_chase_recurrence(width_);
  std::vector<std::uint64_t> edge(edge_words, 0);
  dark_first_column(delta.data(), width_, length_, &*recurrence_, edge.data());
  if (with_lights) {
    for (std::size_t t = 0; t < edge_words; ++t) edge[t] ^= seen_edge_[t];
  }
  const Board* lights = with_lights ? lights_ : nullptr;
  std::vector<std::uint64_t> row_phantom(edge_words, 0);
  if (chase_rows(lights, edge.data(), *presses, row_phantom.data(), progress, phase)) {
    std::fill_n(phantom, w, std::uint64_t{0});
    return true;
  }
  std::vector<std::uint64_t> full_edge(edge_words, 0);
  dark_edge(delta.data(), w, row_mask(), length_, full_edge.data(), phantom);
  if (with_lights) {
    for (std::size_t t = 0; t < w; ++t) phantom[t] ^= seen_phantom_[t];
    for (std::size_t t = 0; t < edge_words; ++t) full_edge[t] ^= seen_edge_[t];
  }
  if (full_edge != edge ||
      std::all_of(phantom, phantom + w, [](std::uint64_t v) { return v == 0; }) ||
      !chase_rows(lights, edge.data(), *presses, row_phantom.data(), nullptr, {}, phantom)) {
    throw std::logic_error("ChaseFrame: the column and row chases of a wide board disagree");
  }
  return false;
}

}  // namespace lightsout::detail
