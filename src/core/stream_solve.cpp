// StreamChase: light chasing fed a row at a time, for boards solved in two passes over a file.
#include "lightsout/stream_solve.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include "board_ops.hpp"

namespace lightsout {

StreamChase::StreamChase(std::vector<std::uint64_t> first_row, RowSink* out)
    : first_(std::move(first_row)), out_(out) {}

void StreamChase::on_begin(std::size_t cols) {
  const std::size_t w = (cols + 63) / 64;
  mask_ = cols % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (cols % 64)) - 1;
  first_.resize(w, 0);
  cur_ = first_;
  prev_.assign(w, 0);
  next_.assign(w, 0);
  if (out_ != nullptr) out_->begin(cols);
}

void StreamChase::on_rows(const std::uint64_t* rows, std::size_t count) {
  const std::size_t w = cur_.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (out_ != nullptr) {
      out_->put(cur_.data(), 1);
      for (const std::uint64_t v : cur_) presses_ += static_cast<std::uint64_t>(std::popcount(v));
    }
    const std::uint64_t* b = rows + i * w;
    apply_row_operator(next_.data(), cur_.data(), w, mask_);
    for (std::size_t k = 0; k < w; ++k) next_[k] ^= prev_[k] ^ b[k];
    std::swap(prev_, cur_);
    std::swap(cur_, next_);
  }
}

bool StreamChase::phantom_is_zero() const {
  return std::all_of(cur_.begin(), cur_.end(), [](std::uint64_t v) { return v == 0; });
}

void StreamVerify::pull(std::vector<std::uint64_t>& into) {
  const std::uint64_t* row = next_press_();
  if (row == nullptr) {
    std::fill(into.begin(), into.end(), std::uint64_t{0});
    return;
  }
  ++press_rows_;
  std::copy_n(row, into.size(), into.begin());
}

void StreamVerify::on_begin(std::size_t cols) {
  const std::size_t w = (cols + 63) / 64;
  mask_ = cols % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (cols % 64)) - 1;
  prev_.assign(w, 0);
  cur_.assign(w, 0);
  next_.assign(w, 0);
  lit_.assign(w, 0);
  pull(cur_);
}

void StreamVerify::on_rows(const std::uint64_t* rows, std::size_t count) {
  const std::size_t w = cur_.size();
  for (std::size_t i = 0; i < count; ++i) {
    pull(next_);
    const std::uint64_t* b = rows + i * w;
    apply_row_operator(lit_.data(), cur_.data(), w, mask_);
    for (std::size_t k = 0; k < w; ++k) {
      lights_left_ +=
          static_cast<std::uint64_t>(std::popcount(lit_[k] ^ prev_[k] ^ next_[k] ^ b[k]));
    }
    std::swap(prev_, cur_);
    std::swap(cur_, next_);
  }
}

}  // namespace lightsout
