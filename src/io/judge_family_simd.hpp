// Internal: the judge family's usual lines read 16 bytes at a time (SSE2, in every x86-64): a
// grid of letter rows, a row of 0/1 values, and a block of "I J" links. Each either reads its
// lines whole and checks every byte, or reports that they are in another form (or wrong), for the
// reader's general path, which names the error. They read from memory the caller vouches for
// (the bytes named, and for the loads up to 64 bytes past a line's start) and keep no state.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lightsout::detail {

#if defined(__SSE2__)
inline constexpr bool kJudgeSimd = true;

// Bit k set where byte k of the 16 at p equals c.
inline std::uint32_t bytes_equal_mask(__m128i x, char c) {
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(c))));
}

inline __m128i load16(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }

// n rows of n letters (1 <= n <= 15), each `zero` or `one` and ended by '\n', at p: rows[r] bit c
// set where row r's letter c is `one`. False when any byte differs from that layout. Reads the
// n (n + 1) bytes and up to 15 past them.
inline bool simd_letter_grid(const char* p, std::size_t n, char zero, char one,
                             std::uint64_t* rows) {
  const std::uint32_t want = (std::uint32_t{1} << n) - 1;
  std::uint32_t bad = 0;
  for (std::size_t r = 0; r < n; ++r) {
    const __m128i x = load16(p + r * (n + 1));
    const std::uint32_t ones = bytes_equal_mask(x, one);
    const std::uint32_t letters = ones | bytes_equal_mask(x, zero);
    const std::uint32_t breaks = bytes_equal_mask(x, '\n');
    bad |= (letters & want) ^ want;
    bad |= ~breaks & (want + 1);
    rows[r] = ones & want;
  }
  return bad == 0;
}

// The even bits of x packed into the low 32.
inline std::uint64_t even_bits(std::uint64_t x) {
  x &= 0x5555555555555555ULL;
  x = (x | (x >> 1)) & 0x3333333333333333ULL;
  x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
  x = (x | (x >> 4)) & 0x00FF00FF00FF00FFULL;
  x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL;
  return (x | (x >> 16)) & 0xFFFFFFFFULL;
}

// "v v ... v\n", n values 0/1 (1 <= n <= 28) at p: bit i set where value i is 1. False when any of
// its 2n bytes differs from that layout. Reads 64 bytes.
inline bool simd_bit_row(const char* p, std::size_t n, std::uint64_t& row) {
  std::uint64_t ones = 0;
  std::uint64_t zeros = 0;
  std::uint64_t blanks = 0;
  std::uint64_t breaks = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const __m128i x = load16(p + 16 * i);
    ones |= std::uint64_t{bytes_equal_mask(x, '1')} << (16 * i);
    zeros |= std::uint64_t{bytes_equal_mask(x, '0')} << (16 * i);
    blanks |= std::uint64_t{bytes_equal_mask(x, ' ')} << (16 * i);
    breaks |= std::uint64_t{bytes_equal_mask(x, '\n')} << (16 * i);
  }
  const std::uint64_t line = (std::uint64_t{1} << (2 * n)) - 1;
  const std::uint64_t values = 0x5555555555555555ULL & line;
  const std::uint64_t gaps = (values << 1) & (line >> 1);
  const std::uint64_t last = std::uint64_t{1} << (2 * n - 1);
  if (((ones | zeros) & values) != values || (blanks & gaps) != gaps || (breaks & last) == 0) {
    return false;
  }
  row = even_bits(ones & values);
  return true;
}

// What simd_links took.
struct LinkScan {
  std::size_t bytes = 0;  // of whole lines "I J\n", from p
  std::size_t lines = 0;
  bool closed = false;  // the last line taken was "0 0\n"
};

// The links "I J\n" (1 or 2 digits each, 1 <= I, J <= high) in the 64 bytes at p, from its
// first line to the first line of another form or past the block, or to "0 0\n" (taken too):
// presses[I - 1] gets bit J - 1 for each. Reads 64 bytes; p starts a line.
inline LinkScan simd_links(const unsigned char* p, unsigned high, std::uint64_t* presses) {
  std::uint64_t digits = 0;
  std::uint64_t blanks = 0;
  std::uint64_t breaks = 0;
  alignas(16) unsigned char value[64];
  __m128i carry = _mm_setzero_si128();
  for (unsigned i = 0; i < 4; ++i) {
    const __m128i x = load16(p + 16 * i);
    const __m128i t = _mm_sub_epi8(x, _mm_set1_epi8('0'));
    const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t);
    const __m128i d = _mm_and_si128(t, is_digit);
    // Each byte's value plus ten times the digit before it: a number's value at its last digit.
    const __m128i before = _mm_or_si128(_mm_slli_si128(d, 1), carry);
    carry = _mm_srli_si128(d, 15);
    const __m128i twice = _mm_add_epi8(before, before);
    const __m128i eight = _mm_add_epi8(_mm_add_epi8(twice, twice), _mm_add_epi8(twice, twice));
    _mm_store_si128(reinterpret_cast<__m128i*>(value + 16 * i),
                    _mm_add_epi8(d, _mm_add_epi8(eight, twice)));
    digits |= std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_epi8(is_digit))} << (16 * i);
    blanks |= std::uint64_t{bytes_equal_mask(x, ' ')} << (16 * i);
    breaks |= std::uint64_t{bytes_equal_mask(x, '\n')} << (16 * i);
  }
  // The last digit of each number whose next byte is in the block.
  std::uint64_t ends = digits & ~(digits >> 1) & ~(std::uint64_t{1} << 63);
  LinkScan scan;
  for (;;) {
    if (ends == 0) break;
    const unsigned e1 = static_cast<unsigned>(__builtin_ctzll(ends));
    const std::uint64_t rest = ends & (ends - 1);
    if (rest == 0) break;
    const unsigned e2 = static_cast<unsigned>(__builtin_ctzll(rest));
    ends = rest & (rest - 1);
    const unsigned from = static_cast<unsigned>(scan.bytes);
    // I: digits from..e1 (a run starting at a line start ends at e1), one blank, J: digits
    // e1+2..e2, a line break, the break inside the block.
    const bool shape = ((digits >> from) & 1U) != 0 && e1 - from <= 1 &&
                       ((blanks >> (e1 + 1)) & 1U) != 0 && ((digits >> (e1 + 2)) & 1U) != 0 &&
                       e2 - (e1 + 2) <= 1 && e2 + 1 <= 63 && ((breaks >> (e2 + 1)) & 1U) != 0;
    if (!shape) break;
    const unsigned i = value[e1];
    const unsigned j = value[e2];
    if (i == 0 && j == 0) {
      scan.bytes = e2 + 2;
      ++scan.lines;
      scan.closed = true;
      break;
    }
    if (i - 1 >= high || j - 1 >= high) break;
    presses[i - 1] |= std::uint64_t{1} << (j - 1);
    scan.bytes = e2 + 2;
    ++scan.lines;
  }
  return scan;
}
#else
inline constexpr bool kJudgeSimd = false;
#endif

}  // namespace lightsout::detail
