// PressRows: shifted row additions mod K into a ring of light rows, finished as they leave it.
#include "lightsout/press_rows.hpp"

#include <algorithm>
#include <cstring>

namespace lightsout {

namespace {

// to[i] = (to[i] + from[i]) mod k for i < n, all values < k: a byte loop the compiler vectorises.
void add_mod(std::uint8_t* to, const std::uint8_t* from, std::size_t n, unsigned k) {
  const auto kk = static_cast<std::uint8_t>(k);
  for (std::size_t i = 0; i < n; ++i) {
    const auto room = static_cast<std::uint8_t>(kk - from[i]);
    to[i] = to[i] >= room ? static_cast<std::uint8_t>(to[i] - room)
                          : static_cast<std::uint8_t>(to[i] + from[i]);
  }
}

}  // namespace

PressRows::PressRows(const Rules& rules, std::size_t cols)
    : rules_(rules),
      cols_(cols),
      k_(rules.states),
      wrap_rows_(rules.topology == Topology::torus),
      wrap_cols_(rules.topology != Topology::plane) {
  for (const Offset& o : rules.offsets) {
    if (o.dr < 0) up_ = std::max(up_, static_cast<std::size_t>(-o.dr));
    if (o.dr > 0) down_ = std::max(down_, static_cast<std::size_t>(o.dr));
  }
  height_ = up_ + down_ + 1;
  first_lights_.reserve(height_ * cols_);
  first_presses_.reserve(height_ * cols_);
  scratch_.resize(cols_);
}

// Contract: to[c + dc] += from[c] (mod K) for every column c, c + dc wrapped modulo cols on a
// cylinder or torus (several times round when |dc| >= cols), dropped off the sides on the plane.
void PressRows::add_shifted(std::uint8_t* to, const std::uint8_t* from, int dc) const {
  const auto n = static_cast<std::int64_t>(cols_);
  if (wrap_cols_) {
    const auto d = static_cast<std::size_t>(((dc % n) + n) % n);
    add_mod(to + d, from, cols_ - d, k_);
    add_mod(to, from + (cols_ - d), d, k_);
  } else if (dc >= 0) {
    if (dc < n) add_mod(to + dc, from, cols_ - static_cast<std::size_t>(dc), k_);
  } else if (-dc < n) {
    add_mod(to, from - dc, cols_ - static_cast<std::size_t>(-dc), k_);
  }
}

std::uint64_t PressRows::count_off_goal(const std::uint8_t* row, std::size_t r) const {
  const auto goal = static_cast<std::uint8_t>(rules_.target_on ? k_ - 1 : 0);
  std::uint64_t n = 0;
  if (!rules_.has_holes()) {
    for (std::size_t c = 0; c < cols_; ++c) n += row[c] != goal ? 1 : 0;
    return n;
  }
  for (std::size_t c = 0; c < cols_; ++c) {
    n += row[c] != goal && !rules_.holes.get(r, c) ? 1 : 0;
  }
  return n;
}

// Contract: row r of the stream (called for r = 0, 1, ... in order, on boards taller than the
// mask): adds the lights to row r's slot and the presses' reach to rows r - R_up .. r + R_down
// (rows above 0 into above_ on a torus, dropped otherwise), then finishes row r - R_up, whose sum
// is complete: counted, or on a torus kept in head_ when it is one of the first R_down rows (the
// last rows' presses still reach it).
void PressRows::stream_row(std::size_t r, const std::uint8_t* lights, const std::uint8_t* presses) {
  add_mod(slot(r), lights, cols_, k_);
  for (const Offset& o : rules_.offsets) {
    const auto t = static_cast<std::int64_t>(r) + o.dr;
    if (t >= 0) {
      add_shifted(slot(static_cast<std::size_t>(t)), presses, o.dc);
    } else if (wrap_rows_) {
      add_shifted(
          above_.data() + static_cast<std::size_t>(t + static_cast<std::int64_t>(up_)) * cols_,
          presses, o.dc);
    }
  }
  if (r < up_) return;
  const std::size_t f = r - up_;
  std::uint8_t* done = slot(f);
  if (wrap_rows_ && f < down_) {
    std::memcpy(head_.data() + f * cols_, done, cols_);
  } else {
    off_goal_ += count_off_goal(done, f);
  }
  std::memset(done, 0, cols_);
}

void PressRows::put(const std::uint8_t* lights, const std::uint8_t* presses) {
  if (rules_.has_holes()) {
    // A hole's press is skipped, as PressSystem::apply skips it.
    for (std::size_t c = 0; c < cols_; ++c) {
      scratch_[c] = rules_.holes.get(rows_, c) ? 0 : presses[c];
    }
    presses = scratch_.data();
  }
  if (!streaming_ && rows_ < height_) {
    // The first rows wait: a board no taller than the mask is solved whole in finish().
    first_lights_.insert(first_lights_.end(), lights, lights + cols_);
    first_presses_.insert(first_presses_.end(), presses, presses + cols_);
    ++rows_;
    return;
  }
  if (!streaming_) {
    // Taller than the mask: every wrap goes round once, so the window suffices.
    streaming_ = true;
    ring_.assign(height_ * cols_, 0);
    if (wrap_rows_) {
      above_.assign(up_ * cols_, 0);
      head_.assign(down_ * cols_, 0);
    }
    for (std::size_t r = 0; r < height_; ++r) {
      stream_row(r, first_lights_.data() + r * cols_, first_presses_.data() + r * cols_);
    }
    first_lights_ = {};
    first_presses_ = {};
  }
  stream_row(rows_, lights, presses);
  ++rows_;
}

std::uint64_t PressRows::finish() {
  const std::size_t m = rows_;
  if (!streaming_) {
    // At most height_ rows: the whole board, rows wrapped modulo m (maybe several times round).
    std::vector<std::uint8_t>& sums = first_lights_;
    for (std::size_t r = 0; r < m; ++r) {
      for (const Offset& o : rules_.offsets) {
        std::int64_t t = static_cast<std::int64_t>(r) + o.dr;
        const auto mm = static_cast<std::int64_t>(m);
        if (wrap_rows_) {
          t = ((t % mm) + mm) % mm;
        } else if (t < 0 || t >= mm) {
          continue;
        }
        add_shifted(sums.data() + static_cast<std::size_t>(t) * cols_,
                    first_presses_.data() + r * cols_, o.dc);
      }
    }
    std::uint64_t n = 0;
    for (std::size_t r = 0; r < m; ++r) n += count_off_goal(sums.data() + r * cols_, r);
    return n;
  }
  // Rows m - R_up .. m - 1 are still in the ring; on a torus rows m .. m + R_down - 1 of the ring
  // are rows 0 .. R_down - 1 reached from below, and above_ holds rows m - R_up .. m - 1 reached
  // from above row 0.
  if (wrap_rows_) {
    for (std::size_t t = 0; t < down_; ++t) {
      add_mod(head_.data() + t * cols_, slot(m + t), cols_, k_);
      off_goal_ += count_off_goal(head_.data() + t * cols_, t);
    }
    for (std::size_t i = 0; i < up_; ++i) {
      add_mod(slot(m - up_ + i), above_.data() + i * cols_, cols_, k_);
    }
  }
  for (std::size_t r = m - up_; r < m; ++r) off_goal_ += count_off_goal(slot(r), r);
  return off_goal_;
}

}  // namespace lightsout
