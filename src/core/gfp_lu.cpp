// GfpLu: blocked LU over GF(p) with 16-bit delayed reduction (see gfp_lu.hpp).
#include "gfp_lu.hpp"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "build_target.hpp"

namespace lightsout::detail {

namespace {

constexpr std::size_t kPanel = 64;

// acc[j] += f * row[j] for j < n (the caller keeps the sums from overflowing), and acc[j] mod p:
// for 16 bits by a float estimate of the quotient and one correction each way, for 32 bits by
// division (only at the end of a panel). Overloads rather than templates, so that each can be
// cloned for AVX2.
LIGHTSOUT_TARGET_CLONES void multiply_add(std::uint16_t* __restrict acc,
                                          const std::uint16_t* __restrict row, std::uint16_t f,
                                          std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) acc[j] = static_cast<std::uint16_t>(acc[j] + f * row[j]);
}
LIGHTSOUT_TARGET_CLONES void multiply_add(std::uint32_t* __restrict acc,
                                          const std::uint32_t* __restrict row, std::uint32_t f,
                                          std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) acc[j] += f * row[j];
}
LIGHTSOUT_TARGET_CLONES void reduce(std::uint16_t* __restrict acc, std::size_t n, unsigned p) {
  const float inv = 1.0F / static_cast<float>(p);
  const auto pp = static_cast<std::int32_t>(p);
  for (std::size_t j = 0; j < n; ++j) {
    const std::int32_t x = acc[j];
    const auto q = static_cast<std::int32_t>(static_cast<float>(x) * inv);
    std::int32_t r = x - q * pp;
    r = r < 0 ? r + pp : r;
    r = r >= pp ? r - pp : r;
    acc[j] = static_cast<std::uint16_t>(r);
  }
}
void reduce(std::uint32_t* acc, std::size_t n, unsigned p) {
  for (std::size_t j = 0; j < n; ++j) acc[j] %= p;
}

}  // namespace

// The factorisation with sums of type Acc (16 bits for p <= 31, else 32), `every` products
// allowed between reductions.
template <typename Acc>
void GfpLu::factor(std::size_t every) {
  const unsigned p = p_;
  const auto row = [&](std::size_t i) { return a_.data() + i * cols_; };
  std::size_t r = 0;
  std::vector<Acc> panel;  // the remaining rows' panel columns, as sums
  for (std::size_t c0 = 0; c0 < cols_ && r < rows_; c0 += kPanel) {
    const std::size_t c1 = std::min(cols_, c0 + kPanel);
    const std::size_t kw = c1 - c0;
    const std::size_t r0 = r;
    const std::size_t below0 = rows_ - r0;
    // 1. The panel, on every remaining row at once, in sums: row i of `panel` is row r0 + i of
    // a_ in columns c0..c1. Column c is reduced when it is searched for a pivot, the pivot row
    // when it is chosen, everything when `every` products have accumulated.
    panel.resize(below0 * kw);
    for (std::size_t i = 0; i < below0; ++i) {
      const std::uint8_t* x = row(r0 + i) + c0;
      for (std::size_t j = 0; j < kw; ++j) panel[i * kw + j] = x[j];
    }
    std::size_t pending = 0;
    std::size_t block = 0;  // pivots found in this panel
    for (std::size_t c = c0; c < c1 && r < rows_; ++c) {
      const std::size_t j = c - c0;
      std::size_t found = rows_;
      for (std::size_t i = r; i < rows_; ++i) {
        Acc& v = panel[(i - r0) * kw + j];
        v = static_cast<Acc>(v % p);
        if (v != 0 && found == rows_) found = i;
      }
      if (found == rows_) continue;  // a free column
      if (found != r) {
        std::swap_ranges(row(found), row(found) + cols_, row(r));
        std::swap_ranges(panel.begin() + static_cast<std::ptrdiff_t>((found - r0) * kw),
                         panel.begin() + static_cast<std::ptrdiff_t>((found - r0 + 1) * kw),
                         panel.begin() + static_cast<std::ptrdiff_t>((r - r0) * kw));
      }
      swap_with_.push_back(found);
      Acc* pivot = panel.data() + (r - r0) * kw;
      reduce(pivot + j, kw - j, p);
      const unsigned inv = inverse_[pivot[j]];
      if (pending == every) {
        reduce(panel.data() + (r + 1 - r0) * kw, (rows_ - r - 1) * kw, p);
        pending = 0;
      }
      for (std::size_t i = r + 1; i < rows_; ++i) {
        Acc* x = panel.data() + (i - r0) * kw;
        if (x[j] == 0) continue;
        const unsigned m = mul_[x[j] * p + inv];
        x[j] = static_cast<Acc>(m);  // the multiplier, L's entry
        multiply_add(x + j + 1, pivot + j + 1, static_cast<Acc>(p - m), kw - j - 1);
      }
      ++pending;
      pivot_col_.push_back(c);
      ++block;
      ++r;
    }
    // Back to bytes (the multipliers are exact already; reduce is idempotent on them).
    reduce(panel.data(), below0 * kw, p);
    for (std::size_t i = 0; i < below0; ++i) {
      std::uint8_t* x = row(r0 + i) + c0;
      for (std::size_t jj = 0; jj < kw; ++jj) x[jj] = static_cast<std::uint8_t>(panel[i * kw + jj]);
    }
    if (block == 0 || c1 == cols_) continue;
    // 2. The rest of the rows, columns c1.., from the panel's pivot rows: first the pivot rows
    // themselves in order (each takes the ones above it), then all rows below, independently.
    const std::size_t width = cols_ - c1;
    const std::size_t first_col = pivot_col_.size() - block;
    std::vector<Acc> pivots(block * width);  // the pivot rows' rest, widened
    const auto update = [&](std::size_t i, std::size_t upto, std::vector<Acc>& acc) {
      std::uint8_t* x = row(i);
      for (std::size_t jj = 0; jj < width; ++jj) acc[jj] = x[c1 + jj];
      std::size_t products = 0;
      for (std::size_t t = 0; t < upto; ++t) {
        const unsigned m = x[pivot_col_[first_col + t]];
        if (m == 0) continue;
        if (products == every) {
          reduce(acc.data(), width, p);
          products = 0;
        }
        multiply_add(acc.data(), pivots.data() + t * width, static_cast<Acc>(p - m), width);
        ++products;
      }
      reduce(acc.data(), width, p);
      for (std::size_t jj = 0; jj < width; ++jj) x[c1 + jj] = static_cast<std::uint8_t>(acc[jj]);
    };
    std::vector<Acc> acc(width);
    for (std::size_t t = 0; t < block; ++t) {
      if (t > 0) update(r0 + t, t, acc);
      const std::uint8_t* x = row(r0 + t) + c1;
      for (std::size_t jj = 0; jj < width; ++jj) pivots[t * width + jj] = x[jj];
    }
    const auto rows_below = [&](std::size_t from, std::size_t step) {
      std::vector<Acc> own(width);
      for (std::size_t i = r + from; i < rows_; i += step) update(i, block, own);
    };
    const std::size_t below = rows_ - r;
    if (kThreads && below >= 256 && width >= 256 && std::thread::hardware_concurrency() > 1) {
      std::exception_ptr failure;
      std::thread worker;
      try {
        worker = std::thread([&] {
          try {
            rows_below(1, 2);
          } catch (...) {
            failure = std::current_exception();
          }
        });
      } catch (const std::system_error&) {
        rows_below(0, 1);
        continue;
      }
      rows_below(0, 2);
      worker.join();
      if (failure) std::rethrow_exception(failure);
    } else {
      rows_below(0, 1);
    }
  }
}

GfpLu::GfpLu(std::vector<std::uint8_t> a, std::size_t rows, std::size_t cols, unsigned p)
    : rows_(rows),
      cols_(cols),
      p_(p),
      a_(std::move(a)),
      inverse_(p, 0),
      mul_(std::size_t{p} * p, 0) {
  if (p < 3 || p > 255 || a_.size() != rows * cols) {
    throw std::invalid_argument("GfpLu: an odd prime below 256 and a rows x cols matrix");
  }
  for (unsigned x = 1; x < p; ++x) {
    for (unsigned y = 1; y < p; ++y) {
      if (x * y % p == 1) inverse_[x] = static_cast<std::uint8_t>(y);
      mul_[x * p + y] = static_cast<std::uint8_t>(x * y % p);
    }
  }
  // Products a sum takes between reductions: (p - 1) + t (p - 1)^2 below 2^16 or 2^32.
  const std::size_t square = std::size_t{p - 1} * (p - 1);
  if (p <= 31) {
    factor<std::uint16_t>((65535 - (p - 1)) / square);
  } else {
    factor<std::uint32_t>((std::size_t{0xFFFFFFFF} - (p - 1)) / square);
  }
}

void GfpLu::back_substitute(std::span<const std::uint8_t> rhs, std::span<std::uint8_t> y) const {
  const unsigned p = p_;
  for (std::size_t i = pivot_col_.size(); i-- > 0;) {
    const std::uint8_t* x = a_.data() + i * cols_;
    const std::size_t c = pivot_col_[i];
    unsigned sum = 0;
    // Terms below 2^16 each, reduced every 4096 of them (2^28).
    for (std::size_t j0 = c + 1; j0 < cols_; j0 += 4096) {
      const std::size_t j1 = std::min(cols_, j0 + 4096);
      for (std::size_t j = j0; j < j1; ++j) sum += x[j] * unsigned{y[j]};
      sum %= p;
    }
    const unsigned v = (rhs[i] + p - sum) % p;
    y[c] = static_cast<std::uint8_t>(v * inverse_[x[c]] % p);
  }
}

bool GfpLu::solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const {
  if (b.size() != rows_ || y.size() != cols_) throw std::invalid_argument("GfpLu::solve: sizes");
  const unsigned p = p_;
  std::vector<std::uint8_t> v(b.size());  // b mod p: callers may pass values mod a multiple of p
  for (std::size_t i = 0; i < b.size(); ++i) v[i] = static_cast<std::uint8_t>(b[i] % p);
  // P b, then L: row i takes away L_it v_t for every pivot t above it.
  for (std::size_t t = 0; t < swap_with_.size(); ++t) std::swap(v[t], v[swap_with_[t]]);
  for (std::size_t t = 0; t < pivot_col_.size(); ++t) {
    const unsigned vt = v[t];
    if (vt == 0) continue;
    const std::size_t c = pivot_col_[t];
    for (std::size_t i = t + 1; i < rows_; ++i) {
      const unsigned m = a_[i * cols_ + c];
      if (m == 0) continue;
      const unsigned w = v[i] + mul_[(p - m) * p + vt];
      v[i] = static_cast<std::uint8_t>(w >= p ? w - p : w);
    }
  }
  for (std::size_t i = pivot_col_.size(); i < rows_; ++i) {
    if (v[i] != 0) return false;
  }
  std::fill(y.begin(), y.end(), 0);
  back_substitute(v, y);
  return true;
}

std::vector<std::uint8_t> GfpLu::kernel_vector(std::size_t free_col) const {
  std::vector<std::uint8_t> y(cols_, 0);
  y[free_col] = 1;
  const std::vector<std::uint8_t> zero(rows_, 0);
  back_substitute(zero, y);
  return y;
}

}  // namespace lightsout::detail
