// The rank of a matrix over GF(p), p prime, by naive elimination: the tests' independent check of
// what the solvers compute (GF(2) is p = 2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace lightsout::test_support {

using ModMatrix = std::vector<std::vector<std::uint64_t>>;

// a^(p-2) mod p: the inverse of a nonzero a.
inline std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t p) {
  std::uint64_t r = 1;
  for (std::uint64_t e = p - 2; e > 0; e >>= 1, a = a * a % p) {
    if (e & 1U) r = r * a % p;
  }
  return r;
}

inline std::size_t rank_mod(ModMatrix a, std::uint64_t p) {
  std::size_t rank = 0;
  const std::size_t cols = a.empty() ? 0 : a[0].size();
  for (std::size_t col = 0; col < cols && rank < a.size(); ++col) {
    std::size_t pivot = rank;
    while (pivot < a.size() && a[pivot][col] == 0) ++pivot;
    if (pivot == a.size()) continue;
    std::swap(a[pivot], a[rank]);
    const std::uint64_t inv = inverse_mod(a[rank][col], p);
    for (std::size_t r = 0; r < a.size(); ++r) {
      if (r == rank || a[r][col] == 0) continue;
      const std::uint64_t f = a[r][col] * inv % p;
      for (std::size_t j = 0; j < cols; ++j) a[r][j] = (a[r][j] + (p - f) * a[rank][j]) % p;
    }
    ++rank;
  }
  return rank;
}

}  // namespace lightsout::test_support
