// Internal: light chasing for the plus neighbourhood under any topology, number of states and
// goal, with the reduced system factored once per size (Solver's `chase` method for variants).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "chase_reduced.hpp"
#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout::detail {

// True for the plus neighbourhood, with or without the button itself (the rules PlusChase and the
// torus and cylinder facts from polynomials take).
bool is_plus_neighbourhood(const Rules& rules);

// Works on the board turned so that the row width N is the shorter side (a wide board is
// transposed, which swaps the wrap of rows and columns).
// With M rows and presses x_r (a row of N values), the light equation of row r reads
//   lights_r + s x_r + x_r[c - 1] + x_r[c + 1] + x_{r-1} + x_{r+1} = goal   (mod K)
// so x_{r+1} follows from the rows above: light chasing. Unknowns: the first row (N of them), or
// the first two rows when the rows wrap (2N). Chasing expresses every press row as an affine
// function A_r y + b_r of them; the rows the chase could not use (the last, and with wrapping rows
// also the first) give the reduced system E y = residual, E = u x u. The constructor chases A_r
// symbolically once (O(M N u) operations, bit-packed for K = 2) and factors E (SmallSystem); each
// board then costs two numeric chases (O(M N)) and one solve of the reduced system.
// The reduced system, its counts and its kernel's orders: ReducedChase; the constructor, solve,
// kernel and the tests of the rules: VariantChase, where
//   - applies() is true for rules this method takes on a rows x cols board: a grid without holes
//     whose neighbourhood is plus (with or without the button itself), and a longer side of at
//     least 3 when it wraps (the chase runs along it). A wrapped shorter side of 1 or 2 is taken:
//     a press then touches a cell of its row twice (or itself three times), and the row step adds
//     both;
//   - unknowns() is the reduced system's size, u = N, or 2N when the rows wrap;
//   - fits() (applies() and u within the limit of its K) is what the Solver's automatic choice
//     takes (and the work estimate predicts) as light chasing.
// Its chase and its tests of the rules (in the .cpp).
struct PlusChaseImpl;
// Instantiated in the .cpp, where PlusChaseImpl is complete.
extern template class VariantChase<PlusChaseImpl>;

class PlusChase : public VariantChase<PlusChaseImpl> {
 public:
  using VariantChase::VariantChase;
};

}  // namespace lightsout::detail
