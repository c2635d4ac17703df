// The plan of a solve: which method the automatic choice takes for given rules and size, what it
// costs in work and bytes, judged before anything is built, and the one rule every front end
// (CLI, server, Python, WebAssembly) refuses a plan by.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// What Solver(rules, rows, cols) with the automatic method will do, and its cost.
struct SolvePlan {
  // The method the Solver takes: tables, rowcol, the classic choice (chase or poly), chase, or
  // for the elimination methods the one the band estimate gives (banded, gf2 or zk; the Solver
  // then weighs the banded method on the press system itself and may take dense elimination).
  Method method = Method::automatic;
  double work = 0;   // about a nanosecond of one core a unit
  double bytes = 0;  // held at the peak
  // Its words for messages: "the classic methods", "the closed form", "light chasing",
  // "banded elimination", "dense elimination" (and for plan_facts the words listed there).
  std::string_view method_text;
};

// Contract: the plan of Solver(rules, rows, cols).solve(...) with the automatic method (the
// solver prepared and one board solved), reading only the rules (their holes and graph) and the
// size: nothing is built. The Solver's automatic choice is this plan's method (see SolvePlan).
// Work, in units of about one nanosecond of one core (native build; the WebAssembly build takes
// 1-3 times as long), and peak bytes follow the method:
//   tables (K = 2 without holes, at most 64 cells) and the classic rules: the cells, 16 bytes a
//     cell (their methods are near linear);
//   rowcol without holes (the closed form): 12 M N for K > 2, M N / 4 for K = 2; bytes M N for
//     K = 2, 8 M N for K > 2 (the board's copies, bit-packed for K = 2);
//   chase (plus neighbourhood, no holes; u unknowns, M x N cells): u M N / 10 for K > 2, u M N / 16
//     for K = 2, plus the reduced system's elimination; any other mask on the plane without holes
//     (chase with extra unknowns) by that chase's own estimate; bytes 16 a cell for the boards
//     plus the reduced system twice (2 u^2 bits for K = 2, bytes for K > 2);
//   elimination (any other rules; n existing cells, w the band of the press matrix: the rows a
//     press reaches times the width, in the board's better orientation, twice that when the board
//     wraps; for a graph twice the largest node distance of an edge, plus one; n for rowcol):
//     K > 2: P n w^2 / 16 (banded, when K is square-free and the band fits the banded method's
//     caps), else P n^2 min(n, w) (P prime powers); K = 2: n min(n, w)^2 / 64; bytes the press
//     system (estimated_press_system_bytes), then n w / 4 for K = 2 (the band in bits, both sides
//     of the diagonal; the dense n^2 bits past the banded method's caps) and for K > 2 the banded
//     factor or the whole n^2-byte matrix (one prime power at a time).
// Measured (native, 2 cores busy): 256 x 256 torus K = 255: 1.6e9 units, 0.2 s; 512 x 512 torus
// K = 255: 1.3e10, 4.2 s; 50 x 50 square K = 255: 1.9e9, 2.0 s; 50 x 50 rowcol K = 255: 4.7e10,
// 11.8 s; 256 x 256 torus square K = 2: 1.1e9, 0.4 s.
SolvePlan plan_solve(const Rules& rules, std::size_t rows, std::size_t cols);
// The plan of Solver(rules, rows, cols, method) for a forced `method` (automatic: the plan
// above): that method's work and bytes by the same rules (light chasing wherever it applies,
// banded elimination by its band even past its caps, gf2 and zk dense), so that a front end weighs
// the method that will run. A method the rules do not take, and the classic methods (near linear
// within their own cell limits), get the cells' count: the Solver refuses or bounds them itself.
SolvePlan plan_solve(const Rules& rules, std::size_t rows, std::size_t cols, Method method);

// The cost of board_facts(rules, rows, cols, kernel) (lightsout/info.hpp), which `info`,
// /api/info and Python's info() weigh before starting:
//   the classic rules, "the nullity polynomials": a half-gcd over GF(2) at degree
//   d = (min(odd(rows + 1), odd(cols + 1)) - 1) / 2 (odd(k): k without its factors of 2), 7 d
//   log2(d)^2 units and 3 d bytes, plus 1 MiB (measured on one core: 10^6 x 10^6 1.0 s,
//   10^7 x 10^7 17 s and 17 MB; 10^9 x 10^9 is then 2.9e12 units and 1.5 GB); with the kernel
//   also "the polynomial method" on the board (while quiet_patterns takes its cells), 8 units
//   and a byte a cell and the patterns' bits;
//   the plus rules on a torus or cylinder without the kernel (facts_without_board),
//   "the torus and cylinder polynomials";
//   any other rules: plan_solve (the Solver that solves the dark board).
// Sides up to 2^62 (the cells' count may pass 2^64: it is a double here).
SolvePlan plan_facts(const Rules& rules, std::size_t rows, std::size_t cols, bool kernel);

// An upper estimate of the bytes build_press_system(rules, rows, cols) holds: 4 a board cell for
// the index, 16 an existing cell for its position and start, 16 a touch (8, doubled for the
// vector's growth), counting the touches from the offsets that land on the board (the graph's
// edges, the row and column for rowcol) without building anything.
double estimated_press_system_bytes(const Rules& rules, std::size_t rows, std::size_t cols);

// The work limit of `info` and Python's info() (about a quarter of an hour; their force option
// lifts it): the facts of the largest sizes they take would run for hours (10^9 x 10^9, classic:
// 2.9e12 units), while x on the plane at 8000 x 8000 (light chasing, 2.8e11 units estimated: the
// reduced system's u^3 / 16 is pessimistic) answers in 25 s to a minute.
inline constexpr double kMaxInfoWork = 1e12;

// What a front end admits: the most work and peak bytes (infinite: no limit).
struct PlanLimits {
  double max_work = std::numeric_limits<double>::infinity();
  double max_bytes = std::numeric_limits<double>::infinity();
};

// Which limit a refused plan is past.
enum class PlanLimit { bytes, work };

struct PlanRefusal {
  PlanLimit limit = PlanLimit::bytes;
  // One line, `board` first: "BOARD needs about 9.3G for dense elimination, over the limit of
  // 4.0G" or "BOARD is estimated at 2.8e+14 units of work for dense elimination (about 78 hours
  // at a nanosecond a unit), over the limit of 1e+13". The front end adds how to lift it.
  std::string text;
};

// Contract: why `plan` (of plan_solve or plan_facts for this rules set and size) is refused
// under `limits`, bytes first, then work; nothing when it is admitted. `board` names the board
// in the front end's words ("a 50x50 board under nbhd=x", "50 x 50 with these rules"). When the
// plan is refused and is dense elimination past that method's cell limit, the Solver's own
// refusal is thrown instead (std::length_error naming each method's limit), so that every front
// end says the same. The CLI, the server, Python and the WebAssembly module all refuse here.
std::optional<PlanRefusal> refuse_plan(const SolvePlan& plan, const Rules& rules, std::size_t rows,
                                       std::size_t cols, const PlanLimits& limits,
                                       std::string_view board);

// "5.9G", "300M", "12K": bytes with the suffixes K, M, G, T (1024 each), two digits below 10.
std::string format_bytes(double bytes);

}  // namespace lightsout
