// Unit tests for Gf2Matrix: reduce() yields RREF of the same row space, ranks and kernels agree.
#include "core/gf2_matrix.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace lightsout {
namespace {

using test_support::make_rng;
using test_support::naive_rank;

using BitRows = std::vector<std::vector<bool>>;

// A random matrix of the given shape. Some rows are copies or sums of earlier ones, so the rank
// is often below min(rows, cols).
Gf2Matrix random_matrix(std::size_t rows, std::size_t cols, std::mt19937_64& rng, double density) {
  Gf2Matrix a(rows, cols);
  std::bernoulli_distribution lit(density);
  std::uniform_int_distribution<int> kind(0, 5);
  for (std::size_t r = 0; r < rows; ++r) {
    const int k = r > 1 ? kind(rng) : 0;
    for (std::size_t c = 0; c < cols; ++c) {
      if (k == 4) {
        a.set(r, c, a.get(r - 1, c));
      } else if (k == 5) {
        a.set(r, c, a.get(r - 1, c) != a.get(r - 2, c));
      } else {
        a.set(r, c, lit(rng));
      }
    }
  }
  return a;
}

BitRows to_rows(const Gf2Matrix& a, std::size_t limit) {
  BitRows rows(a.rows(), std::vector<bool>(limit));
  for (std::size_t r = 0; r < a.rows(); ++r) {
    for (std::size_t c = 0; c < limit; ++c) rows[r][c] = a.get(r, c);
  }
  return rows;
}

// Checks every property promised by reduce() and kernel_from_rref() for one matrix and limit.
void check_reduce(const Gf2Matrix& original, std::size_t limit) {
  Gf2Matrix a = original;
  const std::vector<std::size_t> pivots = a.reduce(limit);
  const std::size_t rank = pivots.size();
  const std::size_t eff_limit = std::min(limit, original.cols());

  // Shape of the RREF.
  ASSERT_LE(rank, original.rows());
  ASSERT_LE(rank, eff_limit);
  for (std::size_t i = 0; i < rank; ++i) {
    ASSERT_LT(pivots[i], eff_limit);
    if (i > 0) {
      ASSERT_LT(pivots[i - 1], pivots[i]) << "pivots not ascending";
    }
    for (std::size_t c = 0; c < pivots[i]; ++c) {
      ASSERT_FALSE(a.get(i, c)) << "row " << i << " has a 1 left of its pivot at " << c;
    }
    for (std::size_t r = 0; r < original.rows(); ++r) {
      ASSERT_EQ(a.get(r, pivots[i]), r == i) << "pivot column " << pivots[i] << " not a unit";
    }
  }
  for (std::size_t r = rank; r < original.rows(); ++r) {
    for (std::size_t c = 0; c < eff_limit; ++c) {
      ASSERT_FALSE(a.get(r, c)) << "row " << r << " below rank not zero at " << c;
    }
  }
  // Padding bits stay zero.
  if (original.cols() % 64 != 0) {
    for (std::size_t r = 0; r < original.rows(); ++r) {
      ASSERT_EQ(a.row(r).back() >> (original.cols() % 64), 0U) << "padding set in row " << r;
    }
  }

  // Rank against an independent elimination, and the row space is unchanged (on all columns).
  EXPECT_EQ(rank, naive_rank(to_rows(original, eff_limit)));
  const std::size_t full_rank = naive_rank(to_rows(original, original.cols()));
  BitRows stacked = to_rows(original, original.cols());
  const BitRows reduced = to_rows(a, original.cols());
  EXPECT_EQ(naive_rank(reduced), full_rank);
  stacked.insert(stacked.end(), reduced.begin(), reduced.end());
  EXPECT_EQ(naive_rank(stacked), full_rank) << "reduce changed the row space";

  // Kernel: limit - rank independent vectors with A v = 0 on the original's first columns.
  const auto kernel = kernel_from_rref(a, pivots, eff_limit);
  ASSERT_EQ(kernel.size(), eff_limit - rank);
  BitRows kernel_bits;
  for (const auto& v : kernel) {
    ASSERT_EQ(v.size(), (eff_limit + 63) / 64);
    std::vector<bool> bits(eff_limit);
    for (std::size_t c = 0; c < eff_limit; ++c) bits[c] = (v[c / 64] >> (c % 64)) & 1U;
    if (eff_limit % 64 != 0) {
      ASSERT_EQ(v.back() >> (eff_limit % 64), 0U) << "kernel padding";
    }
    for (std::size_t r = 0; r < original.rows(); ++r) {
      int ones = 0;  // v has no bits past eff_limit, so whole words may be anded
      for (std::size_t k = 0; k < v.size(); ++k) ones += std::popcount(original.row(r)[k] & v[k]);
      ASSERT_EQ(ones % 2, 0) << "kernel vector fails equation " << r;
    }
    kernel_bits.push_back(std::move(bits));
  }
  EXPECT_EQ(naive_rank(kernel_bits), kernel.size()) << "kernel vectors are dependent";
}

TEST(Gf2MatrixTest, GetSetFlip) {
  Gf2Matrix a(3, 130);
  EXPECT_EQ(a.stride(), 3U);
  EXPECT_EQ(a.rows(), 3U);
  EXPECT_EQ(a.cols(), 130U);
  a.set(1, 129, true);
  a.set(2, 64, true);
  a.flip(0, 63);
  EXPECT_TRUE(a.get(1, 129));
  EXPECT_TRUE(a.get(2, 64));
  EXPECT_TRUE(a.get(0, 63));
  EXPECT_EQ(a.row(1)[2], std::uint64_t{1} << 1);
  EXPECT_EQ(a.row(2)[1], 1U);
  EXPECT_EQ(a.row(0)[0], std::uint64_t{1} << 63);
  a.flip(0, 63);
  a.set(1, 129, false);
  EXPECT_FALSE(a.get(0, 63));
  EXPECT_FALSE(a.get(1, 129));
}

TEST(Gf2MatrixTest, IdentityAndZero) {
  for (std::size_t n : {1, 5, 64, 65, 130}) {
    Gf2Matrix id(n, n);
    for (std::size_t i = 0; i < n; ++i) id.set(i, i, true);
    const auto pivots = id.reduce(n);
    ASSERT_EQ(pivots.size(), n);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(pivots[i], i);
    Gf2Matrix zero(n, n + 3);
    EXPECT_TRUE(zero.reduce(n + 3).empty());
    check_reduce(Gf2Matrix(n, n + 3), n + 3);
  }
  Gf2Matrix empty_rows(0, 10);
  EXPECT_TRUE(empty_rows.reduce(10).empty());
}

TEST(Gf2MatrixTest, ReversedTriangleNeedsRowSwaps) {
  // Row r has ones on columns n-1-r..n-1: the pivot of every column but the last is a later row.
  const std::size_t n = 70;
  Gf2Matrix a(n, n);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t c = n - 1 - r; c < n; ++c) a.set(r, c, true);
  }
  check_reduce(a, n);
  Gf2Matrix b = a;
  EXPECT_EQ(b.reduce(n).size(), n);
}

TEST(Gf2MatrixTest, RandomShapesFullLimit) {
  auto rng = make_rng(11);
  const std::vector<std::size_t> col_sizes = {1, 2, 7, 31, 63, 64, 65, 100, 127, 128, 129, 130};
  const std::vector<std::size_t> row_sizes = {1, 3, 20, 65, 131};
  for (std::size_t cols : col_sizes) {
    for (std::size_t rows : row_sizes) {
      for (double density : {0.03, 0.5}) {
        SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) +
                     " p=" + std::to_string(density));
        check_reduce(random_matrix(rows, cols, rng, density), cols);
      }
    }
  }
}

TEST(Gf2MatrixTest, RandomShapesPartialLimit) {
  // Augmented systems: pivots only on [0, limit), the rest is carried along.
  auto rng = make_rng(12);
  const std::vector<std::pair<std::size_t, std::size_t>> shapes = {
      {10, 11}, {63, 64}, {64, 65}, {65, 66}, {64, 128}, {65, 130}, {130, 131}, {40, 130}};
  for (auto [rows, cols] : shapes) {
    for (std::size_t limit :
         {std::size_t{1}, cols / 2, cols - 1, std::size_t{63}, std::size_t{64}, std::size_t{65}}) {
      if (limit > cols) continue;
      for (double density : {0.05, 0.5}) {
        SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " limit " +
                     std::to_string(limit));
        check_reduce(random_matrix(rows, cols, rng, density), limit);
      }
    }
  }
}

TEST(Gf2MatrixTest, LimitBeyondColumnsIsClamped) {
  auto rng = make_rng(13);
  const Gf2Matrix a = random_matrix(30, 70, rng, 0.3);
  Gf2Matrix b = a;
  Gf2Matrix c = a;
  EXPECT_EQ(b.reduce(1000), c.reduce(70));
  check_reduce(a, 1000);
}

TEST(Gf2MatrixTest, SolvesAugmentedSystemsLikeTheNaiveRank) {
  // A x = b is consistent iff rank [A | b] == rank A; reduce(n) on [A | b] must say the same
  // through its zero rows, and the pivot rows must give a solution.
  auto rng = make_rng(14);
  for (std::size_t n : {5, 63, 64, 65, 129}) {
    for (int trial = 0; trial < 6; ++trial) {
      const std::size_t rows = trial % 2 == 0 ? n : n + 7;
      const Gf2Matrix aug = random_matrix(rows, n + 1, rng, trial < 3 ? 0.02 : 0.5);
      Gf2Matrix r = aug;
      const auto pivots = r.reduce(n);
      bool consistent = true;
      for (std::size_t i = pivots.size(); i < rows; ++i) consistent = consistent && !r.get(i, n);
      EXPECT_EQ(consistent, naive_rank(to_rows(aug, n + 1)) == naive_rank(to_rows(aug, n)));
      if (!consistent) continue;
      std::vector<bool> x(n);
      for (std::size_t i = 0; i < pivots.size(); ++i) x[pivots[i]] = r.get(i, n);
      for (std::size_t row = 0; row < rows; ++row) {
        bool sum = false;
        for (std::size_t c = 0; c < n; ++c) sum ^= x[c] && aug.get(row, c);
        EXPECT_EQ(sum, aug.get(row, n)) << "equation " << row;
      }
    }
  }
}

}  // namespace
}  // namespace lightsout
