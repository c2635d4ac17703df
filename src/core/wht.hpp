// Internal: the Walsh-Hadamard transform of 16-bit sums, vectorised (AVX-512, AVX2 or the
// baseline, picked at run time), the kernel both fewest-presses searches spend their time in.
#pragma once

#include <cstddef>
#include <cstdint>

namespace lightsout::detail {

// In place, out[z] = sum_w in[w] (-1)^popcount(w & z) over the 2^bits values of v; returns the
// largest out[z]. Contract: bits <= 30, v 64-byte aligned (any alignment when bits < 5), and
// sum |in| < 2^15 so that no partial sum overflows (each is at most sum |in| in magnitude).
std::int32_t wht16_max(std::int16_t* v, unsigned bits);

// The first z with v[z] == value among the 2^bits values (2^bits when none).
std::size_t wht16_find(const std::int16_t* v, unsigned bits, std::int32_t value);

}  // namespace lightsout::detail
