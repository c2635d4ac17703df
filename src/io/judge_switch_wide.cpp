// wide_switch_case: a switch-problem case in the usual layout read whole with AVX-512, its numbers
// gathered 64 bytes a step and then checked against the layout 64 numbers a step.
#include <algorithm>
#include <atomic>

#include "judge_family_simd.hpp"

#if defined(__x86_64__) && !defined(__EMSCRIPTEN__) && (defined(__GNUC__) || defined(__clang__))
#define LIGHTSOUT_WIDE_SWITCH 1
#include <immintrin.h>
#else
#define LIGHTSOUT_WIDE_SWITCH 0
#endif

namespace lightsout::detail {

#if LIGHTSOUT_WIDE_SWITCH

namespace {

bool cpu_has_wide_switch() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512vbmi") != 0 &&
         __builtin_cpu_supports("avx512vbmi2") != 0 && __builtin_cpu_supports("bmi2") != 0;
}

std::atomic<bool>& wide_choice() {
  static std::atomic<bool> choice{cpu_has_wide_switch()};
  return choice;
}

#define LIGHTSOUT_WIDE \
  __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt,lzcnt")))

// The most numbers a case may have here (N, 2 N values, two a link); a longer case is left to
// the reader's other paths.
constexpr std::size_t kMostNumbers = 2048;

// A number's separator byte with this bit set: the number has two digits.
constexpr unsigned char kTwoDigits = 0x80;

// Byte k is 63 + k: with _mm512_permutex2var_epi8 over (the block before, this block), byte k of
// the result is the byte before byte k of this block.
struct PreviousIndex {
  alignas(64) unsigned char byte[64];
  constexpr PreviousIndex() : byte{} {
    for (unsigned k = 0; k < 64; ++k) byte[k] = static_cast<unsigned char>(63 + k);
  }
};
constexpr PreviousIndex kPrevious{};

// Every number of a case from its start, in the text's order: its value, and the byte after it
// (kTwoDigits added for a number of two digits). Not cleared: only the first `values` and
// `afters` bytes (NumberCounts) are ever read.
struct Numbers {
  alignas(64) unsigned char value[kMostNumbers + 128];
  alignas(64) unsigned char after[kMostNumbers + 128];
};

// How many values and separators a Numbers holds. Apart from it, so that the compiler keeps the
// counts in registers (a byte stored into the lists could otherwise be one of them).
struct NumberCounts {
  std::size_t values = 0;
  std::size_t afters = 0;
};

// Bits 0..k-1 (k <= 64).
constexpr std::uint64_t low_bits(std::size_t k) {
  return k >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1;
}

// What the blocks carry from one to the next.
struct Carry {
  __m512i digit_values;      // the block's digits' values, 0 at other bytes
  std::uint64_t digits = 0;  // the block's digits
  std::uint64_t end = 0;     // 1: a number ends at its byte 63
  std::uint64_t two = 0;     // 1: ... and has two digits
};

// The numbers of the 64 bytes at q (65 readable) added to `numbers`, up to the first byte out of
// the usual form (returned: 64 when none): a byte that is not a digit, blank or line break, a
// separator that does not follow a number (so no two in a row), a number of three digits. A
// number is added only with its separator before that byte; the one ending at byte 63 is added
// before its separator is seen, and taken back when the next block breaks at its byte 0.
// Returned with the values and separators added also in registers, from byte 0 (the lists in
// memory are read back only after the last block: a load across a store still in flight waits).
struct Gathered {
  unsigned stop = 64;
  std::uint64_t afters_at = 0;  // the bytes whose separators were added
  __m512i values;               // the values added, from byte 0
  __m512i afters;               // the separators added, from byte 0
};

LIGHTSOUT_WIDE __attribute__((always_inline)) inline Gathered gather(const unsigned char* q,
                                                                     Carry& carry, Numbers& numbers,
                                                                     NumberCounts& counts) {
  const __m512i x = _mm512_loadu_si512(q);
  const __m512i zero_char = _mm512_set1_epi8('0');
  const __m512i nine = _mm512_set1_epi8(9);
  const __m512i t = _mm512_sub_epi8(x, zero_char);
  const std::uint64_t digits = _mm512_cmple_epu8_mask(t, nine);
  const std::uint64_t next_digits =
      _mm512_cmple_epu8_mask(_mm512_sub_epi8(_mm512_loadu_si512(q + 1), zero_char), nine);
  const __m512i d = _mm512_maskz_mov_epi8(digits, t);
  // Each byte's digit plus ten times the digit before it: a number's value at its last digit.
  const __m512i tens =
      _mm512_permutex2var_epi8(carry.digit_values, _mm512_load_si512(kPrevious.byte), d);
  const __m512i twice = _mm512_add_epi8(tens, tens);
  const __m512i four = _mm512_add_epi8(twice, twice);
  const __m512i v = _mm512_add_epi8(_mm512_add_epi8(d, twice), _mm512_add_epi8(four, four));
  const std::uint64_t blanks = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(' '));
  const std::uint64_t breaks = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('\n'));
  const std::uint64_t ends = digits & ~next_digits;
  const std::uint64_t after_digit = (digits << 1) | (carry.digits >> 63);
  const std::uint64_t two = ends & after_digit;
  const std::uint64_t separators = (ends << 1) | carry.end;  // where a separator must stand
  const std::uint64_t broken = ~(digits | blanks | breaks) | (~digits ^ separators) |
                               (digits & after_digit & ((digits << 2) | (carry.digits >> 62)));
  const unsigned stop = broken == 0 ? 64U : static_cast<unsigned>(_tzcnt_u64(broken));
  if (stop == 0 && carry.end != 0) --counts.values;
  const std::uint64_t took_afters = separators & low_bits(stop);
  // A number before `stop` whose separator is before it too (the one at byte 63: see above).
  const std::uint64_t took_values = stop == 64 ? ends : stop == 0 ? 0 : ends & low_bits(stop - 1);
  const __m512i marked =
      _mm512_mask_blend_epi8((two << 1) | carry.two, x,
                             _mm512_or_si512(x, _mm512_set1_epi8(static_cast<char>(kTwoDigits))));
  Gathered g;
  g.stop = stop;
  g.afters_at = took_afters;
  g.values = _mm512_maskz_compress_epi8(took_values, v);
  g.afters = _mm512_maskz_compress_epi8(took_afters, marked);
  _mm512_storeu_si512(numbers.value + counts.values, g.values);
  _mm512_storeu_si512(numbers.after + counts.afters, g.afters);
  counts.values += static_cast<std::size_t>(_mm_popcnt_u64(took_values));
  counts.afters += static_cast<std::size_t>(_mm_popcnt_u64(took_afters));
  carry.digit_values = d;
  carry.digits = digits;
  carry.end = ends >> 63;
  carry.two = two >> 63;
  return g;
}

LIGHTSOUT_WIDE unsigned first_byte(const __m512i& v) {
  return static_cast<unsigned>(_mm_cvtsi128_si32(_mm512_maskz_extracti32x4_epi32(0xF, v, 0))) &
         0xFFU;
}

// Numbers [from, from + k) (k <= 64) of a list, the rest of the register 0.
LIGHTSOUT_WIDE __m512i load_numbers(const unsigned char* list, std::size_t from, std::size_t k) {
  return _mm512_maskz_loadu_epi8(low_bits(k), list + from);
}

// A row of n values 0/1, single digits, each followed by a blank but the last by a line break,
// at number `from`: bit i set where value i is 1. False for any other form.
LIGHTSOUT_WIDE bool bit_row(const Numbers& numbers, std::size_t from, std::size_t n,
                            std::uint64_t& row) {
  const std::uint64_t all = low_bits(n);
  const __m512i values = load_numbers(numbers.value, from, n);
  const __m512i afters = load_numbers(numbers.after, from, n);
  const std::uint64_t bits = _mm512_cmple_epu8_mask(values, _mm512_set1_epi8(1));
  const std::uint64_t blanks = _mm512_cmpeq_epi8_mask(afters, _mm512_set1_epi8(' '));
  const std::uint64_t breaks = _mm512_cmpeq_epi8_mask(afters, _mm512_set1_epi8('\n'));
  row = _mm512_cmpeq_epi8_mask(values, _mm512_set1_epi8(1)) & all;
  return (bits & all) == all && (blanks & all) == all >> 1 && (breaks & all) == all - (all >> 1);
}

// The links at numbers [from, closing) (an even count) in form: values 1..n, each I followed by a
// blank, each J by a line break (either of one or two digits).
LIGHTSOUT_WIDE bool links_in_form(const Numbers& numbers, std::size_t from, std::size_t closing,
                                  std::size_t n) {
  std::uint64_t bad = 0;
  const __m512i low7 = _mm512_set1_epi8(0x7F);
  for (std::size_t k = from; k < closing; k += 64) {
    const std::size_t count = std::min<std::size_t>(64, closing - k);
    const std::uint64_t all = low_bits(count);
    const __m512i values = load_numbers(numbers.value, k, count);
    const __m512i afters = _mm512_and_si512(load_numbers(numbers.after, k, count), low7);
    // value - 1 > n - 1, unsigned: 0 wraps to 255
    bad |= _mm512_cmpgt_epu8_mask(_mm512_sub_epi8(values, _mm512_set1_epi8(1)),
                                  _mm512_set1_epi8(static_cast<char>(n - 1))) &
           all;
    constexpr std::uint64_t kEven = 0x5555555555555555ULL;  // the I of each link
    bad |= (_mm512_cmpeq_epi8_mask(afters, _mm512_set1_epi8(' ')) ^ kEven) & all;
    bad |= (_mm512_cmpeq_epi8_mask(afters, _mm512_set1_epi8('\n')) ^ ~kEven) & all;
  }
  return bad == 0;
}

LIGHTSOUT_WIDE bool read_case(const unsigned char* p, const unsigned char* end, SwitchCase& out,
                              WideSwitchTake& took) {
  Numbers numbers;
  NumberCounts counts;
  Carry carry;
  carry.digit_values = _mm512_setzero_si512();
  constexpr std::size_t kUnknown = ~std::size_t{0};
  std::size_t n = 0;
  std::size_t links = 0;  // the first link's number
  std::size_t closing = kUnknown;
  // Gather until the case's "0 0" (the first 0 among the links) and the byte after it.
  for (const unsigned char* q = p;; q += 64) {
    if (end - q < 65 || counts.values > kMostNumbers) return false;
    const std::size_t before = counts.values;
    const std::size_t afters_before = counts.afters;
    const Gathered g = gather(q, carry, numbers, counts);
    if (n == 0 && counts.afters >= 1) {  // N, the first number, and its line break
      n = first_byte(g.values);
      const unsigned after = first_byte(g.afters);
      if (n < 1 || n > 28 || (after & 0x7F) != '\n') return false;
      links = 1 + 2 * n;
    }
    // (When gather takes back the number before the block, it adds none.)
    if (n != 0 && closing == kUnknown && counts.values > before && counts.values > links) {
      // The first 0 among the links added: at or past `links`, below counts.values.
      const std::size_t first = before > links ? before : links;
      const std::uint64_t zeros = _mm512_testn_epi8_mask(g.values, g.values) &
                                  low_bits(counts.values - before) & ~low_bits(first - before);
      if (zeros != 0) closing = before + static_cast<std::size_t>(_tzcnt_u64(zeros));
    }
    if (closing != kUnknown && counts.afters >= closing + 2) {
      // The case ends with the separator of its last number, number closing + 1.
      const std::uint64_t last =
          _pdep_u64(std::uint64_t{1} << (closing + 1 - afters_before), g.afters_at);
      took.bytes = static_cast<std::size_t>(q - p) + _tzcnt_u64(last) + 1;
      break;
    }
    if (g.stop < 64) return false;  // out of form before the case's end
  }
  // "0 0\n" after whole links, then the rows and links in form.
  if ((closing - links) % 2 != 0 || numbers.value[closing + 1] != 0 ||
      numbers.after[closing] != ' ' || numbers.after[closing + 1] != '\n') {
    return false;
  }
  std::uint64_t start = 0;
  std::uint64_t goal = 0;
  if (!bit_row(numbers, 1, n, start) || !bit_row(numbers, 1 + n, n, goal) ||
      !links_in_form(numbers, links, closing, n)) {
    return false;
  }
  out.n = n;
  out.change = start ^ goal;
  // Row I, bit J for each link (row 0 and bit 0 unused: no step to take 1 off each value).
  std::uint64_t linked[29] = {};
  for (std::size_t k = links; k < closing; k += 2) {
    linked[numbers.value[k]] |= std::uint64_t{1} << numbers.value[k + 1];
  }
  for (std::size_t i = 0; i < n; ++i) out.presses[i] = (linked[i + 1] >> 1) | std::uint64_t{1} << i;
  took.lines = 3 + (closing - links) / 2 + 1;  // N, the rows, the links and "0 0"
  return true;
}

}  // namespace

bool wide_switch_usable() { return wide_choice().load(std::memory_order_relaxed); }

bool use_wide_switch(bool on) { return wide_choice().exchange(on && cpu_has_wide_switch()); }

bool wide_switch_case(const unsigned char* p, const unsigned char* end, SwitchCase& out,
                      WideSwitchTake& took) {
  return read_case(p, end, out, took);
}

#else

bool wide_switch_usable() { return false; }

bool use_wide_switch(bool /*on*/) { return false; }

bool wide_switch_case(const unsigned char* /*p*/, const unsigned char* /*end*/, SwitchCase& /*out*/,
                      WideSwitchTake& /*took*/) {
  return false;
}

#endif

}  // namespace lightsout::detail
