// Internal: the Walsh-Hadamard transform of 16-bit sums, vectorised (AVX-512, AVX2 or the
// baseline, picked at run time), the kernel both fewest-presses searches spend their time in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace lightsout::detail {

// One input of a transform: value (-1)^popcount(high & h) added at `index`, for the h of the
// block being solved (`high`: the bits of the term's column above the transform's).
struct WhtTerm {
  std::uint64_t high;
  std::uint32_t index;
  std::int16_t value;
};

// The largest transform: 2^18 16-bit sums (512 KiB, in the L2 cache of a core).
constexpr unsigned kWhtMaxBits = 18;

// The 16-bit values of work space a transform of 2^bits values needs: its values.
constexpr std::size_t wht16_space(unsigned bits) { return std::size_t{1} << bits; }

// The maximum of the transform of a sparse input: in[w] = sum of the terms' signed values at
// index w (2^bits values, every other in[w] zero), out[z] = sum_w in[w] (-1)^popcount(w & z).
// Returns max_z out[z] when that is at least `floor`, else a value below `floor`; the out[z]
// themselves are not kept (wht16_sparse computes them).
//
// With a floor, groups of 8 to 64 z (8 to 32 in the baseline kernels; the size whose expected
// work is least, or none) whose values provably all lie below it (before their own levels, their
// first partial sum plus the others' magnitudes is below it) skip those levels: the branch and
// bound's pruning inside a transform. The lowest floor (the default) computes every out[z].
// Contract: bits <= kWhtMaxBits (std::invalid_argument past it); v holds wht16_space(bits) values,
// all zero, at a 64-byte boundary; they are zero again on return (the next
// transform's start: no pass of its own clears them). Every index < 2^bits; the sum of |value|
// below 2^15, so that no partial sum overflows (each is at most that sum in magnitude).
std::int32_t wht16_sparse_max(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms,
                              std::uint64_t h,
                              std::int32_t floor = std::numeric_limits<std::int32_t>::min());

// The same transform, every out[z] left in v[z] (for the rare block whose maximum is offered:
// where it is). Contract as wht16_sparse_max's, but v is not zero on return: the caller clears
// its first 2^bits values before the next transform.
void wht16_sparse(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms, std::uint64_t h);

// In place, the textbook transform of the n values at v (n a power of two): out[z] = sum_w in[w]
// (-1)^popcount(w & z), n log2 n butterflies in T. For transforms too small for the vector one,
// and for sums too wide for 16 bits.
template <typename T>
void walsh_hadamard(T* v, std::size_t n) {
  for (std::size_t half = 1; half < n; half <<= 1) {
    for (std::size_t i = 0; i < n; i += half << 1) {
      for (std::size_t t = i; t < i + half; ++t) {
        const T x = v[t];
        const T y = v[t + half];
        v[t] = static_cast<T>(x + y);
        v[t + half] = static_cast<T>(x - y);
      }
    }
  }
}

// The first z with v[z] == value among the 2^bits values (2^bits when none).
std::size_t wht16_find(const std::int16_t* v, unsigned bits, std::int32_t value);

}  // namespace lightsout::detail
