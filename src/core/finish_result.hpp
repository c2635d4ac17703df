// finish_result: the one step every Solver method ends with (the fewest presses, then the kernel
// kept only when asked).
#pragma once

#include "lightsout/solver.hpp"

namespace lightsout {

// Contract: `result` holds what a method found: solvable, presses (a solution, all zero when
// unsolvable), nullity, the exact count of solutions and the method; result.kernel and
// kernel_orders hold a basis of the quiet patterns (as Result documents) whenever options.kernel
// is set, or options.minimal is set and the board is solvable.
// Afterwards: with options.minimal and a solvable board, `presses` is the lightest solution found
// within the options' budget (K = 2: the class branch and bound of minimize_board; K > 2: the walk
// of fewest_zk), minimal is true and minimal_proven / minimal_lower_bound hold what was proven;
// without options.kernel the kernel is dropped.
void finish_result(Result& result, const Options& options);

}  // namespace lightsout
