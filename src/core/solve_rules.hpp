// solve_rules: the method-level solver of any Lights Out variant (see rules.hpp), by elimination
// over Z_K, behind Solver's gf2 and zk methods (solver.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "lightsout/rules.hpp"
#include "lightsout/solver.hpp"

namespace lightsout {

// The most existing cells solve_rules takes: K = 2, an 8 GiB bit matrix; K > 2, 4 GiB of bytes
// per prime power (and O(cells^3) time long before that).
inline constexpr std::size_t kMaxDenseCellsGf2 = std::size_t{1} << 18;
inline constexpr std::size_t kMaxDenseCellsZk = std::size_t{1} << 16;

// Solves `lights` (rows * cols values in 0..K-1, row-major; a hole's value is ignored) under
// `rules`: finds presses that bring every existing cell to the target (0, or K-1 with target=on).
//   - K = 2: dense elimination over GF(2) on the cells with M4RI (row echelon form, then one
//     bit-sliced back-substitution for the solution and the whole kernel). Tens of thousands of
//     cells: a 150 x 150 torus (22,500 cells) takes about 0.2 s, its kernel included; a dense
//     neighbourhood such as rowcol about 2 s. Memory cells^2 / 8 bytes.
//   - K > 2: for each prime power p^e of K, elimination over Z_{p^e} with pivots of least
//     p-valuation (GF(p) elimination when e = 1), combined by the CRT. O(cells^3) byte operations
//     and cells^2 bytes per prime power: meant for boards of up to a few thousand cells.
// A Result without the fewest presses (the Solver's finishing step searches them): presses,
// nullity, the exact count, method gf2 or zk, and with want_kernel the kernel basis and its orders.
// The presses and every kernel vector are re-applied to the press system and checked
// (std::logic_error if one fails). Always the general method, whatever the rules (Solver picks
// the fast paths).
// Throws RulesError when the rules do not fit the board (see check_board_size),
// std::invalid_argument on a wrong number of lights or a value >= K, std::length_error past
// kMaxDenseCellsGf2 (K = 2) or kMaxDenseCellsZk (K > 2) existing cells.
Result solve_rules(const Rules& rules, std::size_t rows, std::size_t cols,
                   const std::vector<std::uint8_t>& lights, bool want_kernel = true);
// The same on a press system built once (build_press_system(rules, rows, cols)) for many boards.
Result solve_rules(const Rules& rules, const PressSystem& sys, std::span<const std::uint8_t> lights,
                   bool want_kernel = true);

}  // namespace lightsout
