// work_estimate: what solving one board of given rules and size costs, judged before building
// anything, so that a server can refuse boards that would take too long.
#pragma once

#include <cstddef>

#include "lightsout/rules.hpp"

namespace lightsout {

// An upper estimate of the work of Solver(rules, rows, cols).solve(...) with the automatic method
// (the solver prepared and one board solved), in units of about one nanosecond of one core
// (native build; the WebAssembly build takes 1-3 times as long): it follows the method chosen.
//   chase (plus neighbourhood, no holes; u unknowns, P distinct primes of K, M x N cells):
//     K > 2: 2 u M N (the symbolic chase) + 4 P u^3 (factoring the reduced system)
//     K = 2: u M N / 16 + u^3 / 16
//   dense elimination (any other rules; n existing cells, w the band of the press matrix:
//   the rows a press reaches times the width, twice that when the board wraps, n for rowcol
//   and graphs): K > 2: P n^2 min(n, w); K = 2: n min(n, w)^2 / 64.
// Classic rules are not weighed here (their methods are near linear): the result is the cells.
// Measured (native, 2 cores busy): 256 x 256 torus K = 255: 1.6e9 units, 0.2 s; 512 x 512 torus
// K = 255: 1.3e10, 4.2 s; 50 x 50 square K = 255: 1.9e9, 2.0 s; 50 x 50 rowcol K = 255: 4.7e10,
// 11.8 s; 256 x 256 torus square K = 2: 1.1e9, 0.4 s.
double estimated_solve_work(const Rules& rules, std::size_t rows, std::size_t cols);

// An upper estimate of the bytes the same solve holds at its peak: 16 a cell for the boards, plus
// the method's matrices: chase, the reduced system twice (2 u^2 bits for K = 2, bytes for K > 2);
// dense elimination, n w / 4 bytes for K = 2 (the band in bits, both sides of the diagonal) and
// the whole n^2-byte matrix for K > 2 (one prime power at a time).
double estimated_solve_bytes(const Rules& rules, std::size_t rows, std::size_t cols);

}  // namespace lightsout
