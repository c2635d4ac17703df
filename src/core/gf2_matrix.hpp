// Gf2Matrix: a dense bit-packed matrix over GF(2), reduced in place by M4RI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lightsout {

// Row-major, stride = ceil(cols / 64) words per row, column c = bit c % 64 of word c / 64, padding
// bits zero (the Board layout).
class Gf2Matrix {
 public:
  Gf2Matrix() = default;
  Gf2Matrix(std::size_t rows, std::size_t cols);

  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  std::size_t stride() const { return stride_; }

  bool get(std::size_t r, std::size_t c) const { return (row(r)[c / 64] >> (c % 64)) & 1U; }
  void set(std::size_t r, std::size_t c, bool on) {
    std::uint64_t& w = row(r)[c / 64];
    const std::uint64_t bit = std::uint64_t{1} << (c % 64);
    w = on ? (w | bit) : (w & ~bit);
  }
  void flip(std::size_t r, std::size_t c) { row(r)[c / 64] ^= std::uint64_t{1} << (c % 64); }

  std::span<std::uint64_t> row(std::size_t r) { return {words_.data() + r * stride_, stride_}; }
  std::span<const std::uint64_t> row(std::size_t r) const {
    return {words_.data() + r * stride_, stride_};
  }

  // Reduce in place (by M4RI) to reduced row echelon form. Returns the pivot columns below
  // pivot_limit, ascending: those of the first rank rows, whose columns [0, pivot_limit) are as a
  // reduction choosing pivots only there would leave them; rows rank.. are zero on
  // [0, pivot_limit) (the columns past it, e.g. right-hand sides, are reduced too: a row whose
  // pivot is a right-hand side, 0 = 1, is the first of those rows).
  std::vector<std::size_t> reduce(std::size_t pivot_limit);

 private:
  std::size_t rows_ = 0;
  std::size_t cols_ = 0;
  std::size_t stride_ = 0;
  std::vector<std::uint64_t> words_;
};

// From a matrix in reduced row echelon form on [0, n) (pivots as returned by reduce), a basis of
// {x : A x = 0} with A the first n columns: one n-bit vector (ceil(n/64) words) per free column.
std::vector<std::vector<std::uint64_t>> kernel_from_rref(const Gf2Matrix& rref,
                                                         std::span<const std::size_t> pivots,
                                                         std::size_t n);

}  // namespace lightsout
