// SmallSystem: M y = b over Z_K factored once; M4RI for K = 2, prime powers and the CRT beyond.
#include "small_system.hpp"

#include <m4ri/m4ri.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>

namespace lightsout::detail {

namespace {

struct MzdFree {
  void operator()(mzd_t* m) const { mzd_free(m); }
};
using MzdPtr = std::unique_ptr<mzd_t, MzdFree>;

}  // namespace

double SmallSystem::estimated_work(unsigned k, double u) {
  if (k == 2) return u * u * u / 16;
  double work = 0;
  for (const auto& [p, e] : factor_prime_powers(k)) {
    work += (e == 1 && p > 2 ? 1.0 / 30 : 4.0) * u * u * u;
  }
  return work;
}

SmallSystem::SmallSystem(const std::vector<std::uint8_t>& m, std::size_t rows, std::size_t cols,
                         unsigned k, bool want_kernel)
    : rows_(rows), cols_(cols), k_(k) {
  if (m.size() != rows * cols) throw std::invalid_argument("SmallSystem: matrix size");
  if (k < 2 || k > 255) throw std::invalid_argument("SmallSystem: K must be in 2..255");
  if (rows == 0 || cols == 0) {
    // No equations: every y solves, K^cols of them; no unknowns: only b = 0 has a solution.
    generators_ = cols;
    for (const auto& [p, e] : factor_prime_powers(k)) count_factors_.emplace_back(p, e * cols);
    if (want_kernel) {
      for (std::size_t f = 0; f < cols; ++f) {
        std::vector<std::uint8_t> y(cols, 0);
        y[f] = 1;
        kernel_.push_back(std::move(y));
        orders_.push_back(k);
      }
    }
    return;
  }
  if (k == 2) {
    // [M | I] to reduced row echelon form. Rows whose first set bit lies in M are the pivot rows
    // (rank of M of them, first); the others have M-part zero, and E b must vanish there.
    const MzdPtr a(mzd_init(static_cast<rci_t>(rows), static_cast<rci_t>(cols + rows)));
    for (std::size_t i = 0; i < rows; ++i) {
      for (std::size_t j = 0; j < cols; ++j) {
        if ((m[i * cols + j] & 1U) != 0) {
          mzd_write_bit(a.get(), static_cast<rci_t>(i), static_cast<rci_t>(j), 1);
        }
      }
      mzd_write_bit(a.get(), static_cast<rci_t>(i), static_cast<rci_t>(cols + i), 1);
    }
    mzd_echelonize_m4ri(a.get(), 1, 0);
    for (std::size_t i = 0; i < rows; ++i) {
      std::size_t first = cols;
      for (std::size_t j = 0; j < cols; ++j) {
        if (mzd_read_bit(a.get(), static_cast<rci_t>(i), static_cast<rci_t>(j)) != 0) {
          first = j;
          break;
        }
      }
      if (first == cols) break;
      pivot_col_.push_back(first);
    }
    words_ = (rows + 63) / 64;
    ops_.assign(rows * words_, 0);
    for (std::size_t i = 0; i < rows; ++i) {
      for (std::size_t j = 0; j < rows; ++j) {
        if (mzd_read_bit(a.get(), static_cast<rci_t>(i), static_cast<rci_t>(cols + j)) != 0) {
          ops_[i * words_ + j / 64] |= std::uint64_t{1} << (j % 64);
        }
      }
    }
    const std::size_t r = pivot_col_.size();
    generators_ = cols - r;
    count_factors_.emplace_back(2, generators_);
    if (want_kernel) {
      std::vector<bool> is_pivot(cols, false);
      for (const std::size_t c : pivot_col_) is_pivot[c] = true;
      for (std::size_t f = 0; f < cols; ++f) {
        if (is_pivot[f]) continue;
        std::vector<std::uint8_t> y(cols, 0);
        y[f] = 1;
        for (std::size_t i = 0; i < r; ++i) {
          y[pivot_col_[i]] = static_cast<std::uint8_t>(
              mzd_read_bit(a.get(), static_cast<rci_t>(i), static_cast<rci_t>(f)));
        }
        kernel_.push_back(std::move(y));
        orders_.push_back(2);
      }
    }
    return;
  }
  for (const auto& [p, e] : factor_prime_powers(k)) {
    unsigned q = 1;
    for (unsigned i = 0; i < e; ++i) q *= p;
    std::vector<std::uint8_t> a(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) a[i] = static_cast<std::uint8_t>(m[i] % q);
    parts_.emplace_back(std::move(a), rows, cols, p, e, want_kernel);
    const unsigned cofactor = k / q;
    unsigned inverse = 1;
    while (cofactor * inverse % q != 1 % q) ++inverse;
    lift_.push_back(cofactor * inverse % k);
    generators_ = std::max(generators_, parts_.back().facts().generators);
    count_factors_.emplace_back(p, parts_.back().facts().count_exponent);
  }
  if (want_kernel) {
    for (std::size_t j = 0; j < generators_; ++j) {
      std::vector<std::uint8_t> v(cols, 0);
      unsigned order = 1;
      for (std::size_t t = 0; t < parts_.size(); ++t) {
        const PrimePowerSolution& f = parts_[t].facts();
        if (j >= f.kernel.size()) continue;
        order *= f.orders[j];
        for (std::size_t i = 0; i < cols; ++i) {
          v[i] = static_cast<std::uint8_t>((v[i] + f.kernel[j][i] * lift_[t]) % k);
        }
      }
      kernel_.push_back(std::move(v));
      orders_.push_back(order);
    }
  }
}

bool SmallSystem::solve(std::span<const std::uint8_t> b, std::span<std::uint8_t> y) const {
  if (b.size() != rows_ || y.size() != cols_) throw std::invalid_argument("SmallSystem::solve");
  std::fill(y.begin(), y.end(), 0);
  if (rows_ == 0) return true;
  if (cols_ == 0) return std::all_of(b.begin(), b.end(), [](std::uint8_t v) { return v == 0; });
  if (k_ == 2) {
    std::vector<std::uint64_t> bits(words_, 0);
    for (std::size_t j = 0; j < rows_; ++j) bits[j / 64] |= std::uint64_t{b[j] & 1U} << (j % 64);
    const std::size_t r = pivot_col_.size();
    for (std::size_t i = 0; i < rows_; ++i) {
      const std::uint64_t* row = ops_.data() + i * words_;
      std::uint64_t acc = 0;
      for (std::size_t w = 0; w < words_; ++w) acc ^= row[w] & bits[w];
      const auto c = static_cast<std::uint8_t>(std::popcount(acc) & 1);
      if (i < r) {
        y[pivot_col_[i]] = c;
      } else if (c != 0) {
        return false;
      }
    }
    return true;
  }
  std::vector<std::uint8_t> part(cols_);
  for (std::size_t t = 0; t < parts_.size(); ++t) {
    if (!parts_[t].solve(b, part)) return false;
    for (std::size_t i = 0; i < cols_; ++i) {
      y[i] = static_cast<std::uint8_t>((y[i] + part[i] * lift_[t]) % k_);
    }
  }
  return true;
}

}  // namespace lightsout::detail
