// Internal: light chasing with extra unknowns for any neighbourhood mask on the plane, any number
// of states and goal, the reduced system factored once per size (Solver's `chase` method for the
// masks that PlusChase, the plus neighbourhood's chase, does not take).
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

// The board is first turned by one of the eight symmetries of the square (the one that leaves
// the fewest unknowns, see below) into M rows of N values; the mask's offsets turn with it.
// With b the lowest row of the mask (b >= 0 after the turn) and cmax the rightmost column of that
// row (cmax >= 0), the light equation of cell (r, c) involves the press (r + b, c + cmax) with
// coefficient 1 and otherwise presses that come earlier in row-major order. So, going through
// the equations in row-major order, each one fixes its pivot press from presses already known:
// light chasing. The presses no equation reaches are the unknowns y: the first b rows and the
// first cmax columns of the other rows, u = b N + cmax (M - b) of them (x and square: N + M - 1;
// knight: 2 N + M - 2). The equations whose pivot falls off the board (the last b rows, the last
// cmax columns of the others) are the residual, u values, affine in y: residual(y) =
// residual(0) + E y. The constructor chases deficit 0 from every unit vector e_j, many unknowns
// at a time (64 per word for K = 2, 32 or 16 per vector of bytes or shorts for K > 2), giving E,
// and factors E (SmallSystem). A board then costs a chase from y = 0, one solve of
// E y = -residual(0) and the chase from that y, which must leave residual 0.
// The reduced system, its counts and its kernel's orders: ReducedChase; the constructor, solve,
// kernel and the tests of the rules: VariantChase, where applies() is true for a grid on the plane
// without holes whose neighbourhood is neither rowcol nor plus (PlusChase's), and a board larger
// than the mask's reach in the turned orientation (M > b, N > cmax), and unknowns() is the u of
// the best orientation (0 when !applies). Cost once per size O(u M N |mask| / lanes) and the
// factorisation of E; a board O(M N |mask| + u^2).
// Its chase and its tests of the rules (in the .cpp).
struct PlaneMaskChaseImpl;
// Instantiated in the .cpp, where PlaneMaskChaseImpl is complete.
extern template class VariantChase<PlaneMaskChaseImpl>;

class PlaneMaskChase : public VariantChase<PlaneMaskChaseImpl> {
 public:
  // An estimate of the work of building and solving once, in units of about a nanosecond of one
  // core (measured on 1000 x 1000: x with 3 states 0.35 s of CPU, knight 1.0 s, square with 5
  // states 0.8 s): u M N t / 24 for K > 2 (t the mask's cells) or u M N t / 256 for K = 2, plus
  // the reduced system's factorisation (SmallSystem::estimated_work).
  static double estimated_work(const Rules& rules, std::size_t rows, std::size_t cols);
  // fits(), and for K = 2 cheaper than banded elimination by the same kind of estimate
  // (cells b^2 / 64, b the band of the press matrix in its better orientation): the Solver's
  // automatic choice, which the work estimate follows.
  static bool preferred(const Rules& rules, std::size_t rows, std::size_t cols);

  using VariantChase::VariantChase;
};

}  // namespace lightsout::detail
