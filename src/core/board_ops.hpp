// Word-level board operations the solvers share: the row operator T = I + S of the classic rules
// (and, through lightsout/board.hpp, the 64 x 64 bit transpose).
#pragma once

#include <cstddef>
#include <cstdint>

#include "lightsout/board.hpp"

namespace lightsout {

// The 64 x 64 bit transpose, transpose_block, is public (lightsout/board.hpp).

// dst = T src, T = I + S with S the path adjacency on `cols` cells: the effect of pressing every
// set bit of a row on that same row. dst and src must not overlap; both have `stride` words.
inline void apply_row_operator(std::uint64_t* dst, const std::uint64_t* src, std::size_t stride,
                               std::uint64_t last_mask) {
  if (stride == 1) {
    const std::uint64_t v = src[0];
    dst[0] = (v ^ (v << 1) ^ (v >> 1)) & last_mask;
    return;
  }
  for (std::size_t k = 0; k < stride; ++k) {
    const std::uint64_t v = src[k];
    const std::uint64_t from_left = k > 0 ? src[k - 1] >> 63 : 0;            // column 64k-1 -> 64k
    const std::uint64_t from_right = k + 1 < stride ? src[k + 1] << 63 : 0;  // 64k+64 -> 64k+63
    dst[k] = v ^ (v << 1) ^ from_left ^ (v >> 1) ^ from_right;
  }
  dst[stride - 1] &= last_mask;
}

}  // namespace lightsout
