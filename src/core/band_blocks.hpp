// Internal: the walk over a banded elimination's blocks of 64 columns and the rows entering
// before each, and the pool of row slots, shared by BandedGf2 and BandedZk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lightsout::detail {

// The columns of a band-b elimination of n equations (unknowns and equations in band order),
// taken in blocks of kColumns. Before block q (columns 64q .. 64q + 63) every equation i with
// i < 64q + 64 + b that has not entered yet enters, oldest first: its entries lie in
// [i - b, i + b], so a row that enters now has none before column 64q. The factorisation and
// every replay of it on a right side walk the same blocks, so that rows enter (and take their
// slots) in the same order.
//
//   for (BandBlocks blk(n, band); blk.next();) {
//     for (std::size_t i = blk.entering_begin(); i < blk.entering_end(); ++i) { ... }
//     for (std::size_t k = blk.base(); k < blk.end(); ++k) { ... }
//   }
class BandBlocks {
 public:
  static constexpr std::size_t kColumns = 64;

  BandBlocks(std::size_t n, std::size_t band) : n_(n), band_(band) {}

  // Moves to the next block (the first one on the first call); false past the last.
  bool next() {
    if (started_) {
      entered_ = entering_end();
      ++index_;
    }
    started_ = true;
    return index_ * kColumns < n_;
  }

  std::size_t index() const { return index_; }                         // q
  std::size_t base() const { return index_ * kColumns; }               // its first column
  std::size_t end() const { return std::min(n_, base() + kColumns); }  // past its last column
  // The equations that enter before this block, oldest first: entering_begin() ..
  // entering_end() - 1.
  std::size_t entering_begin() const { return entered_; }
  std::size_t entering_end() const { return std::min(n_, base() + kColumns + band_); }

  // The number of blocks of n columns.
  static std::size_t count(std::size_t n) { return (n + kColumns - 1) / kColumns; }

 private:
  std::size_t n_;
  std::size_t band_;
  std::size_t index_ = 0;
  std::size_t entered_ = 0;  // the equations before this one have entered
  bool started_ = false;
};

// A free row slot: the last one given back, or else a new one (count grows by one; the caller
// grows the slots' storage to count).
inline std::uint32_t take_slot(std::vector<std::uint32_t>& spare, std::size_t& count) {
  if (spare.empty()) return static_cast<std::uint32_t>(count++);
  const std::uint32_t s = spare.back();
  spare.pop_back();
  return s;
}

}  // namespace lightsout::detail
