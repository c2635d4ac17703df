// Symmetries of a GF(2) solution set (the board's reflections and rotations that map it onto
// itself) as affine maps of the kernel coordinates, and the basis a search uses to visit one
// subtree per orbit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "lightsout/board.hpp"

namespace lightsout::detail {

// c -> M c + shift over GF(2), c a combination of at most 64 kernel vectors (bit j: vector j).
// columns[j] is M's column j: the image of the combination {j}.
struct CoordinateMap {
  std::vector<std::uint64_t> columns;
  std::uint64_t shift = 0;
  std::uint64_t operator()(std::uint64_t c) const;
};

// The reflections and rotations of the rectangle (four, or eight on a square) that map the set
// x0 + span(kernel) onto itself, the identity first, each as the map of the coordinates it
// induces: the presses x0 + K c moved by it are x0 + K g(c). A map is kept only when the moved x0
// and every moved kernel vector are checked to lie in the set and its span, so the result is a
// group whatever rules, holes or lights made the set. Contract: at most 64 kernel vectors, a
// basis, every board of x0's shape.
std::vector<CoordinateMap> board_symmetries(const Board& x0, std::span<const Board> kernel);

// A basis of the coordinates in which a group of coordinate maps permutes the subtrees of the
// search: the low `low` new coordinates span a subspace every map keeps (so the maps act on the
// top coordinates, the subtree prefixes, alone), and a prefix is searched only when no map sends
// it to a smaller one. Combinations in the new coordinates are written c'; c = basis c'.
class SymmetricFrame {
 public:
  // The frame for `group` (the identity first, every element's inverse in it) over d coordinates,
  // with a kept subspace of at most `max_low` dimensions; none when the largest such subspace the
  // construction finds has fewer than `min_low`, or when the group is the identity alone.
  static std::optional<SymmetricFrame> build(std::vector<CoordinateMap> group, unsigned d,
                                             unsigned min_low, unsigned max_low);

  unsigned low() const { return low_; }
  unsigned dimension() const { return d_; }
  // A class column w (weight a [w . c]) in the new coordinates: the w' with w' . c' = w . c.
  std::uint64_t adapt_column(std::uint64_t w) const;
  std::uint64_t to_original(std::uint64_t c_new) const;
  // Whether no map sends the prefix (the top d - low new coordinates) to a smaller one.
  bool canonical(std::uint64_t prefix) const;
  // The smallest combination (original coordinates, as a number) in the orbit of c.
  std::uint64_t orbit_min(std::uint64_t c) const;
  // The smallest combination in the orbits of the subtree whose low `free` new coordinates are
  // free and the others are those of c_new.
  std::uint64_t coset_orbit_min(std::uint64_t c_new, unsigned free) const;

 private:
  unsigned d_ = 0;
  unsigned low_ = 0;
  std::vector<std::uint64_t> basis_;     // c = basis_ c'
  std::vector<std::uint64_t> inverse_;   // c' = inverse_ c
  std::vector<CoordinateMap> group_;     // in the original coordinates
  std::vector<CoordinateMap> quotient_;  // in the new ones, the identity left out
};

}  // namespace lightsout::detail
