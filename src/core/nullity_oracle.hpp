// nullity_direct_gcd: the nullity of a classic board from its definition, the oracle board_info
// is tested against.
#pragma once

#include <cstddef>

namespace lightsout {

// The nullity straight from the definition, with no factoring: f_N by powering
// [[x, 1], [1, 0]], H = f_M(x + 1) mod f_N by powering [[x + 1, 1], [1, 0]] modulo f_N, then
// deg gcd(H, f_N) (N = min side, M = max side). Quasi-linear in N, about twice the time of
// board_info; kept as the oracle board_info is tested against. Same preconditions.
std::size_t nullity_direct_gcd(std::size_t rows, std::size_t cols);

}  // namespace lightsout
