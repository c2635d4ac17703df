// The lexicographic order of press sets read row by row (cell 0 first), for TieBreak.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace lightsout::detail {

// Whether a comes before b, both bit-packed row-major (a Board's words, or one word of at most 64
// cells, low bit first, padding zero): at the first cell where they differ, a holds 0.
inline bool lex_less(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t differ = a ^ b;
  return differ != 0 && (a & differ & (~differ + 1)) == 0;
}
inline bool lex_less(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  for (std::size_t t = 0; t < a.size(); ++t) {
    if (a[t] != b[t]) return lex_less(a[t], b[t]);
  }
  return false;
}

}  // namespace lightsout::detail
