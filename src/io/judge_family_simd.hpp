// Internal: the judge family's usual lines read 16 bytes at a time (SSE2, in every x86-64): a
// grid of letter rows, a row of 0/1 values, and a block of "I J" links. Each either reads its
// lines whole and checks every byte, or reports that they are in another form (or wrong), for the
// reader's general path, which names the error. They read from memory the caller vouches for
// (the bytes named, and for the loads up to 64 bytes past a line's start) and keep no state.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lightsout/judge_family.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace lightsout::detail {

// What simd_links took.
struct LinkScan {
  std::size_t bytes = 0;  // of whole lines "I J\n", from p
  std::size_t lines = 0;
  bool closed = false;  // the last line taken was "0 0\n"
};

// What wide_switch_case took of the text.
struct WideSwitchTake {
  std::size_t bytes = 0;  // of the case's lines, up to and with the break after its "0 0"
  std::size_t lines = 0;
};

// Whether wide_switch_case is used: the CPU has AVX-512 (BW, VBMI, VBMI2) and BMI2, and no test
// has turned it off.
bool wide_switch_usable();

// Tests only: use wide_switch_case (where the CPU can) or not; returns whether it was used before.
bool use_wide_switch(bool on);

// The switch-problem case at p (a line start) when it lies in the usual layout before `end` with
// 65 bytes to spare: "N\n", two rows "b b ... b\n" of N values 0/1, links "I J\n" with
// 1 <= I, J <= N and "0 0\n", every number of one or two digits (the rows' one) and followed by
// one blank or line break as shown. False for anything else, the bytes then left to the reader's
// other paths, which take every form and name every error. Only where wide_switch_usable().
// How: 64 bytes a step at fixed offsets, each number's value and the byte after it gathered in
// two lists (no step per number), then the lists checked against the layout 64 numbers a step.
bool wide_switch_case(const unsigned char* p, const unsigned char* end, SwitchCase& out,
                      WideSwitchTake& took);

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

// Bit i of the result: the parity of bits 0..i of x.
inline std::uint64_t prefix_parity(std::uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  return x ^ (x << 32);
}

// The links "I J\n" (1 or 2 digits each, 1 <= I, J <= high <= 28) in the 64 bytes at p, from its
// first line to the first line of another form or past the block, or to "0 0\n" (taken too):
// presses[I - 1] gets bit J - 1 for each. Reads 64 bytes; p starts a line.
// How: the block's bytes classified 16 at a time, then every line's form checked at once on
// 64-bit masks (each number 1 or 2 digits and followed by one separator, blank after I and break
// after J, every value in 1..high), so that the only step per link is setting its bit.
inline LinkScan simd_links(const unsigned char* p, unsigned high, std::uint64_t* presses) {
  std::uint64_t digits = 0;
  std::uint64_t blanks = 0;
  std::uint64_t breaks = 0;
  std::uint64_t outside = 0;  // a value outside 1..high (a digit's value where it ends a number)
  std::uint64_t zeros = 0;    // a value 0
  alignas(16) unsigned char value[64];
  __m128i carry = _mm_setzero_si128();
  const __m128i top = _mm_set1_epi8(static_cast<char>(high - 1));
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
    const __m128i v = _mm_add_epi8(d, _mm_add_epi8(eight, twice));
    _mm_store_si128(reinterpret_cast<__m128i*>(value + 16 * i), v);
    // v - 1 > high - 1, unsigned: 0 wraps to 255.
    const __m128i less = _mm_sub_epi8(v, _mm_set1_epi8(1));
    const __m128i within = _mm_cmpeq_epi8(_mm_min_epu8(less, top), less);
    const auto shift = 16 * i;
    outside |= std::uint64_t{static_cast<std::uint16_t>(~_mm_movemask_epi8(within))} << shift;
    zeros |= std::uint64_t{bytes_equal_mask(v, 0)} << shift;
    digits |= std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_epi8(is_digit))} << shift;
    blanks |= std::uint64_t{bytes_equal_mask(x, ' ')} << shift;
    breaks |= std::uint64_t{bytes_equal_mask(x, '\n')} << shift;
  }
  LinkScan scan;
  if (breaks == 0) return scan;
  // The whole lines in the block: up to its last line break.
  const unsigned last_break = 63U - static_cast<unsigned>(__builtin_clzll(breaks));
  const std::uint64_t region =
      last_break == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << last_break) - 1;
  const std::uint64_t ends = digits & ~(digits >> 1) & region;
  const std::uint64_t i_ends = ends & prefix_parity(ends);  // the 1st, 3rd, ... number: an I
  const std::uint64_t j_ends = ends & ~i_ends;
  // Where the form breaks: a byte other than a digit, blank or break; a separator not right after
  // a number, or a number without one; three digits; a blank after J or a break after I.
  const std::uint64_t separators = region & ~digits;
  std::uint64_t broken = region & ~(digits | blanks | breaks);
  broken |= separators ^ (ends << 1);
  broken |= digits & (digits << 1) & (digits << 2) & region;
  broken |= (blanks & region) ^ (i_ends << 1);
  // A line is taken when it lies wholly before the first break of form and before the first
  // number outside 1..high, unless that number is the I of "0 0", a line taken as the last.
  unsigned stop = broken == 0 ? 64U : static_cast<unsigned>(__builtin_ctzll(broken));
  const std::uint64_t odd = ends & outside;
  if (odd != 0) {
    const unsigned e = static_cast<unsigned>(__builtin_ctzll(odd));
    if (e < stop) {
      const std::uint64_t j_after = j_ends & ~((std::uint64_t{2} << e) - 1);
      const unsigned j = j_after == 0 ? 64U : static_cast<unsigned>(__builtin_ctzll(j_after));
      const bool closing = ((i_ends >> e) & 1U) != 0 && ((zeros >> e) & 1U) != 0 && j < 63 &&
                           ((zeros >> j) & 1U) != 0 && ((breaks >> (j + 1)) & 1U) != 0 &&
                           j + 1 < stop;
      if (closing) {
        scan.closed = true;
        scan.bytes = j + 2;
      }
      stop = e;
    }
  }
  // The lines ending before `stop` (their breaks below it); the closing line after them.
  const std::uint64_t below = stop >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << stop) - 1;
  const std::uint64_t taken_breaks = breaks & region & below;
  std::uint64_t whole = 0;
  if (taken_breaks != 0) {
    const unsigned end = 63U - static_cast<unsigned>(__builtin_clzll(taken_breaks));
    whole = end == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << end) - 1;
    if (!scan.closed) scan.bytes = end + 1;
  }
  std::uint64_t a = i_ends & whole;
  std::uint64_t b = j_ends & whole;
  scan.lines = scan.closed ? 1 : 0;
  while (a != 0) {  // a line each
    const unsigned e1 = static_cast<unsigned>(__builtin_ctzll(a));
    const unsigned e2 = static_cast<unsigned>(__builtin_ctzll(b));
    a &= a - 1;
    b &= b - 1;
    presses[value[e1] - 1] |= std::uint64_t{1} << (value[e2] - 1);
    ++scan.lines;
  }
  return scan;
}
#else
// Without SSE2 (another architecture) nothing is read here: the reader's other paths read it all.
inline constexpr bool kJudgeSimd = false;
inline bool simd_letter_grid(const char* /*p*/, std::size_t /*n*/, char /*zero*/, char /*one*/,
                             std::uint64_t* /*rows*/) {
  return false;
}
inline bool simd_bit_row(const char* /*p*/, std::size_t /*n*/, std::uint64_t& /*row*/) {
  return false;
}
inline LinkScan simd_links(const unsigned char* /*p*/, unsigned /*high*/,
                           std::uint64_t* /*presses*/) {
  return {};
}
#endif

}  // namespace lightsout::detail
