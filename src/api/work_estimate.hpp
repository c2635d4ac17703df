// work_estimate: what solving one board of given rules and size costs, judged before building
// anything, so that a server or the command line can refuse boards that would take too long or
// not fit in memory.
#pragma once

#include <cstddef>
#include <string_view>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// The cost of Solver(rules, rows, cols).solve(...) with the automatic method, and which kind of
// method it follows (for messages): "the classic methods", "the closed form" (rowcol without
// holes), "light chasing", "banded elimination" or "dense elimination".
struct SolveEstimate {
  double work = 0;   // about a nanosecond of one core a unit (see estimated_solve_work)
  double bytes = 0;  // held at the peak (see estimated_solve_bytes)
  // The method followed: Method::automatic for the classic methods, else rowcol, chase, banded,
  // gf2 (dense elimination, two states) or zk (dense elimination over Z_K).
  Method method = Method::automatic;
  std::string_view method_text;  // its words for messages, as listed above
};

// Both estimates below at once (one pass over the rules).
SolveEstimate estimate_solve(const Rules& rules, std::size_t rows, std::size_t cols);

// An upper estimate of the work of Solver(rules, rows, cols).solve(...) with the automatic method
// (the solver prepared and one board solved), in units of about one nanosecond of one core
// (native build; the WebAssembly build takes 1-3 times as long): it follows the method chosen.
//   rowcol without holes (the closed form): 12 M N for K > 2, M N / 4 for K = 2; bytes M N for
//   K = 2, 8 M N for K > 2 (the board's copies, bit-packed for K = 2).
//   chase (plus neighbourhood, no holes; u unknowns, M x N cells): u M N / 10 for K > 2, u M N / 16
//     for K = 2, plus SmallSystem::estimated_work(K, u) (the reduced system);
//   chase with extra unknowns (any other mask on the plane, no holes): MaskChase::estimated_work;
//   elimination (any other rules; n existing cells, w the band of the press matrix: the rows a
//   press reaches times the width, in the board's better orientation, twice that when the board
//   wraps; for a graph twice the largest node distance of an edge, plus one; n for rowcol):
//   K > 2: P n w^2 / 16 (banded, when K is square-free and the band fits the banded method's
//   caps), else P n^2 min(n, w); K = 2: n min(n, w)^2 / 64.
// Classic rules are not weighed here (their methods are near linear): the result is the cells.
// Measured (native, 2 cores busy): 256 x 256 torus K = 255: 1.6e9 units, 0.2 s; 512 x 512 torus
// K = 255: 1.3e10, 4.2 s; 50 x 50 square K = 255: 1.9e9, 2.0 s; 50 x 50 rowcol K = 255: 4.7e10,
// 11.8 s; 256 x 256 torus square K = 2: 1.1e9, 0.4 s.
double estimated_solve_work(const Rules& rules, std::size_t rows, std::size_t cols);

// An upper estimate of the bytes the same solve holds at its peak (rowcol: as above): 16 a cell
// for the boards, plus the method's matrices: chase, the reduced system twice (2 u^2 bits for
// K = 2, bytes for K > 2);
// elimination, the press system (estimated_press_system_bytes) and then n w / 4 bytes for K = 2
// (the band in bits, both sides of the diagonal; the dense n^2 bits when the band is past what
// banded elimination takes) and for K > 2 the banded factor (BandedZk::estimated_bytes, all prime
// powers) or the whole n^2-byte matrix (one prime power at a time).
double estimated_solve_bytes(const Rules& rules, std::size_t rows, std::size_t cols);

// An upper estimate of the bytes build_press_system(rules, rows, cols) holds: 4 a board cell for
// the index, 16 an existing cell for its position and start, 16 a touch (8, doubled for the
// vector's growth), counting the touches from the offsets that land on the board (the graph's
// edges, the row and column for rowcol) without building anything.
double estimated_press_system_bytes(const Rules& rules, std::size_t rows, std::size_t cols);

// The work limit of `info` and Python's info() (about a quarter of an hour; --force and
// force=True lift it): the facts of the largest sizes they take would run for hours (10^9 x
// 10^9, classic: 2.9e12 units), while x on the plane at 8000 x 8000 (light chasing, 2.8e11 units
// estimated: the reduced system's u^3 / 16 is pessimistic) answers in 25 s to a minute.
inline constexpr double kMaxInfoWork = 1e12;

// The cost of board_facts(rules, rows, cols, kernel) (lightsout/info.hpp), which `info` and
// /api/info weigh before starting, as SolveEstimate (the method's words for messages):
//   the classic rules, "the nullity polynomials": a half-gcd over GF(2) at degree
//   d = (min(odd(rows + 1), odd(cols + 1)) - 1) / 2 (odd(k): k without its factors of 2), 7 d
//   log2(d)^2 units and 3 d bytes, plus 1 MiB (measured on one core: 10^6 x 10^6 1.0 s,
//   10^7 x 10^7 17 s and 17 MB; 10^9 x 10^9 is then 2.9e12 units and 1.5 GB); with the kernel
//   also "the polynomial method" on the board (while quiet_patterns takes its cells), 8 units
//   and a byte a cell and the patterns' bits;
//   the plus rules on a torus or cylinder without the kernel (facts_without_board),
//   "the torus and cylinder polynomials": detail::wrap_facts_cost;
//   any other rules: estimate_solve (the Solver that solves the dark board).
// Sides up to 2^62 (the cells' count may pass 2^64: it is a double here).
SolveEstimate estimate_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool kernel);

}  // namespace lightsout
