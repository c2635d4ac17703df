// GfpLu (blocked LU over GF(p)) against the plain elimination of solve_prime_power on random
// matrices, full rank and rank-deficient, square and not.
#include "core/gfp_lu.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/zk_matrix.hpp"
#include "test_support.hpp"

namespace lightsout::detail {
namespace {

// A rows x cols matrix of rank at most `rank` (a product of random rows x rank and rank x cols
// factors), or uniformly random when rank >= min(rows, cols).
std::vector<std::uint8_t> random_matrix(std::size_t rows, std::size_t cols, std::size_t rank,
                                        unsigned p, std::mt19937_64& rng) {
  std::uniform_int_distribution<unsigned> value(0, p - 1);
  std::vector<std::uint8_t> a(rows * cols);
  if (rank >= std::min(rows, cols)) {
    for (auto& v : a) v = static_cast<std::uint8_t>(value(rng));
    return a;
  }
  std::vector<unsigned> l(rows * rank);
  std::vector<unsigned> r(rank * cols);
  for (auto& v : l) v = value(rng);
  for (auto& v : r) v = value(rng);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) {
      unsigned s = 0;
      for (std::size_t t = 0; t < rank; ++t) s = (s + l[i * rank + t] * r[t * cols + j]) % p;
      a[i * cols + j] = static_cast<std::uint8_t>(s);
    }
  }
  return a;
}

std::vector<unsigned> times(const std::vector<std::uint8_t>& a, std::size_t rows, std::size_t cols,
                            const std::vector<std::uint8_t>& y, unsigned p) {
  std::vector<unsigned> out(rows, 0);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) out[i] = (out[i] + a[i * cols + j] * unsigned{y[j]}) % p;
  }
  return out;
}

TEST(GfpLu, AgreesWithPlainElimination) {
  auto rng = test_support::make_rng(261);
  struct Case {
    std::size_t rows, cols, rank;
    unsigned p;
  };
  for (const Case& c : std::vector<Case>{{64, 64, 64, 3},
                                         {200, 200, 200, 3},
                                         {200, 200, 150, 3},
                                         {130, 257, 999, 5},
                                         {257, 130, 999, 7},
                                         {300, 300, 17, 5},
                                         {150, 150, 149, 251},
                                         {100, 100, 60, 31},
                                         {65, 300, 64, 3},
                                         {300, 300, 0, 11}}) {
    SCOPED_TRACE(std::to_string(c.rows) + "x" + std::to_string(c.cols) +
                 " p=" + std::to_string(c.p));
    const std::vector<std::uint8_t> a = random_matrix(c.rows, c.cols, c.rank, c.p, rng);
    const GfpLu lu(a, c.rows, c.cols, c.p);
    std::uniform_int_distribution<unsigned> value(0, c.p - 1);
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<std::uint8_t> b(c.rows);
      if (trial % 2 == 0) {
        for (auto& v : b) v = static_cast<std::uint8_t>(value(rng));
      } else {  // in the image
        std::vector<std::uint8_t> x(c.cols);
        for (auto& v : x) v = static_cast<std::uint8_t>(value(rng));
        const std::vector<unsigned> ax = times(a, c.rows, c.cols, x, c.p);
        for (std::size_t i = 0; i < c.rows; ++i) b[i] = static_cast<std::uint8_t>(ax[i]);
      }
      const PrimePowerSolution plain = solve_prime_power(a, b, c.rows, c.cols, c.p, 1, false);
      // The same right side plus multiples of p (as the CRT of a composite K passes it).
      std::vector<std::uint8_t> shifted = b;
      for (std::size_t i = 0; i < c.rows; ++i) {
        shifted[i] =
            static_cast<std::uint8_t>(b[i] + c.p * ((i % 3) == 0 ? 0 : (255 - b[i]) / c.p));
      }
      std::vector<std::uint8_t> y2(c.cols);
      EXPECT_EQ(lu.solve(shifted, y2), plain.solvable);
      EXPECT_EQ(lu.rank(), plain.rank);
      std::vector<std::uint8_t> y(c.cols);
      const bool solvable = lu.solve(b, y);
      ASSERT_EQ(solvable, plain.solvable) << "trial " << trial;
      if (trial % 2 == 1) {
        EXPECT_TRUE(solvable);
      }
      if (solvable) {
        const std::vector<unsigned> ay = times(a, c.rows, c.cols, y, c.p);
        for (std::size_t i = 0; i < c.rows; ++i) ASSERT_EQ(ay[i], b[i]) << "row " << i;
      }
    }
    std::vector<bool> is_pivot(c.cols, false);
    for (const std::size_t col : lu.pivot_cols()) is_pivot[col] = true;
    for (std::size_t f = 0; f < c.cols; ++f) {
      if (is_pivot[f]) continue;
      const std::vector<std::uint8_t> k = lu.kernel_vector(f);
      EXPECT_EQ(k[f], 1);
      for (const unsigned v : times(a, c.rows, c.cols, k, c.p)) ASSERT_EQ(v, 0U);
    }
  }
}

}  // namespace
}  // namespace lightsout::detail
