// An independent model of what a press does, for the page API's tests: cell by cell, how many of
// the pressed button's offsets land on it (the library builds it button by button instead).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lightsout/rules.hpp"

namespace lightsout::test {

inline bool oracle_hole(const Rules& rules, std::size_t r, std::size_t c) {
  return rules.has_holes() && rules.holes.get(r, c);
}

// What one press of button (br, bc) adds to every board cell (row-major), mod K; all 0 for a
// hole. Grids only (no graphs).
inline std::vector<unsigned> oracle_effect(const Rules& rules, std::size_t rows, std::size_t cols,
                                           std::size_t br, std::size_t bc) {
  std::vector<unsigned> out(rows * cols, 0);
  if (oracle_hole(rules, br, bc)) return out;
  const auto wraps_to = [](long from, long delta, long n, bool wrap, long to) {
    const long at = from + delta;
    if (wrap) return ((at % n) + n) % n == to;
    return at == to;
  };
  for (std::size_t tr = 0; tr < rows; ++tr) {
    for (std::size_t tc = 0; tc < cols; ++tc) {
      if (oracle_hole(rules, tr, tc)) continue;
      unsigned n = 0;
      if (rules.neighbourhood == Neighbourhood::rowcol) {
        const bool same_row = tr == br, same_col = tc == bc;
        if (same_row && same_col) {
          n = rules.self ? 1 : 0;
        } else if (same_row || same_col) {
          n = 1;
        }
      } else {
        const bool wrap_rows = rules.topology == Topology::torus;
        const bool wrap_cols = rules.topology != Topology::plane;
        for (const Offset& o : rules.offsets) {
          if (wraps_to(static_cast<long>(br), o.dr, static_cast<long>(rows), wrap_rows,
                       static_cast<long>(tr)) &&
              wraps_to(static_cast<long>(bc), o.dc, static_cast<long>(cols), wrap_cols,
                       static_cast<long>(tc))) {
            ++n;
          }
        }
      }
      out[tr * cols + tc] = n % rules.states;
    }
  }
  return out;
}

}  // namespace lightsout::test
