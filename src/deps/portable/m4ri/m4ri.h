// The few M4RI calls of src/core, portably, for the WebAssembly build only (Debian's libm4ri is
// native): dense GF(2) rows of 64-bit words and plain Gaussian elimination, no Four Russians.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

using rci_t = int;
using word = std::uint64_t;

// Row i is data[i * width .. (i + 1) * width); column j is bit j % 64 of word j / 64.
struct mzd_t {
  rci_t nrows;
  rci_t ncols;
  rci_t width;
  word* data;
};

inline mzd_t* mzd_init(rci_t rows, rci_t cols) {
  const rci_t width = (cols + 63) / 64;
  auto* data = static_cast<word*>(std::calloc(
      static_cast<std::size_t>(rows) * static_cast<std::size_t>(width) + 1, sizeof(word)));
  if (data == nullptr) throw std::bad_alloc();
  return new mzd_t{rows, cols, width, data};
}

inline void mzd_free(mzd_t* m) {
  std::free(m->data);
  delete m;
}

inline word* mzd_row(const mzd_t* m, rci_t i) {
  return m->data + static_cast<std::size_t>(i) * static_cast<std::size_t>(m->width);
}

inline void mzd_write_bit(mzd_t* m, rci_t r, rci_t c, int value) {
  word& w = mzd_row(m, r)[c / 64];
  const word bit = word{1} << (c % 64);
  w = value != 0 ? (w | bit) : (w & ~bit);
}

inline int mzd_read_bit(const mzd_t* m, rci_t r, rci_t c) {
  return static_cast<int>((mzd_row(m, r)[c / 64] >> (c % 64)) & 1U);
}

// Row echelon form (reduced when full != 0): the pivot rows first, pivot columns increasing.
// Returns the rank.
inline rci_t mzd_echelonize_m4ri(mzd_t* a, int full, int /*k*/) {
  rci_t rank = 0;
  for (rci_t c = 0; c < a->ncols && rank < a->nrows; ++c) {
    const rci_t w = c / 64;
    const word bit = word{1} << (c % 64);
    rci_t pivot = rank;
    while (pivot < a->nrows && (mzd_row(a, pivot)[w] & bit) == 0) ++pivot;
    if (pivot == a->nrows) continue;
    word* p = mzd_row(a, pivot);
    if (pivot != rank) {
      word* q = mzd_row(a, rank);
      for (rci_t k = w; k < a->width; ++k) std::swap(p[k], q[k]);
      p = q;
    }
    for (rci_t r = full != 0 ? 0 : rank + 1; r < a->nrows; ++r) {
      if (r == rank) continue;
      word* row = mzd_row(a, r);
      if ((row[w] & bit) == 0) continue;
      for (rci_t k = w; k < a->width; ++k) row[k] ^= p[k];
    }
    ++rank;
  }
  return rank;
}

// The same elimination: M4RI's table-free Gauss-Jordan, which the native build takes below 128
// columns.
inline rci_t mzd_echelonize_naive(mzd_t* a, int full) { return mzd_echelonize_m4ri(a, full, 0); }
