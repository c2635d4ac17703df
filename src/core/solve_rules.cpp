// solve_rules: the press system of any rules, solved over GF(2) with M4RI or over Z_K by prime
// powers and the CRT: a solution, the exact count and the kernel basis.
#include "solve_rules.hpp"

#include <m4ri/m4ri.h>

#include <algorithm>
#include <bit>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "zk_matrix.hpp"

namespace lightsout {

namespace {

// The unknowns and the equations are the existing cells, numbered as in PressSystem::cells; a
// "variable vector" holds one value per unknown. The result speaks in board cells.
using Values = std::vector<std::uint8_t>;

struct MzdFree {
  void operator()(mzd_t* m) const { mzd_free(m); }
};
using MzdPtr = std::unique_ptr<mzd_t, MzdFree>;

// What one of the two elimination paths found, in variable vectors.
struct Elimination {
  bool solvable = false;
  Values solution;
  std::size_t nullity = 0;
  // log_p of the number of solutions of A x = 0, per prime p of K (exponent 0 allowed).
  std::vector<std::pair<unsigned, std::size_t>> count_factors;
  std::vector<Values> kernel;
  std::vector<unsigned> orders;
};

// GF(2) by M4RI.
// Contract: sys.states == 2, rhs one bit (0/1) per unknown, sys.size() >= 1. Afterwards: the
// solution when solvable, nullity = n - rank(A), and with want_kernel a basis of {x : A x = 0}.
// How: [A | b] (row t = the equation of cell t, column j = button j) goes to row echelon form by
// mzd_echelonize_m4ri, not reduced: on Lights Out matrices the echelon rows stay sparse (127 set
// bits on average on the 150 x 150 torus) and the full reduction costs ~15x more. A pivot in
// column n means 0 = 1. One back-substitution from the last pivot row up then solves for the
// particular solution and every kernel vector at once, bit-sliced: Y[j] holds bit s of unknown j
// in vector s (vector 0 = the solution, then one per free column f, seeded with Y[f] = its own
// bit), and pivot row i with pivot column c reads Y[c] = rhs_i ^ (XOR of Y[j] over its other set
// columns j, all > c).
Elimination solve_gf2(const PressSystem& sys, const Values& rhs, bool want_kernel) {
  const std::size_t n = sys.size();
  const MzdPtr m(mzd_init(static_cast<rci_t>(n), static_cast<rci_t>(n + 1)));
  for (std::size_t j = 0; j < n; ++j) {
    for (const PressSystem::Touch& t : sys.touched_by(j)) {
      if ((t.amount & 1U) != 0) {
        mzd_write_bit(m.get(), static_cast<rci_t>(t.cell), static_cast<rci_t>(j), 1);
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if ((rhs[i] & 1U) != 0) mzd_write_bit(m.get(), static_cast<rci_t>(i), static_cast<rci_t>(n), 1);
  }
  const auto echelon_rank = static_cast<std::size_t>(mzd_echelonize_m4ri(m.get(), 0, 0));

  // Pivot columns, strictly increasing down the rows.
  const std::size_t width = static_cast<std::size_t>(m->width);
  std::vector<std::size_t> pivots;
  pivots.reserve(echelon_rank);
  for (std::size_t i = 0, from = 0; i < echelon_rank; ++i) {
    const word* row = mzd_row(m.get(), static_cast<rci_t>(i));
    std::size_t w = from / 64;
    while (w < width && row[w] == 0) ++w;
    if (w == width) throw std::logic_error("solve_rules: M4RI echelon row is zero");
    pivots.push_back(w * 64 + static_cast<std::size_t>(std::countr_zero(row[w])));
    from = pivots.back() + 1;
  }
  Elimination out;
  out.solvable = pivots.empty() || pivots.back() != n;
  const std::size_t rank = out.solvable ? echelon_rank : echelon_rank - 1;
  out.nullity = n - rank;
  out.count_factors = {{2U, out.nullity}};

  std::vector<std::size_t> free_cols;
  if (want_kernel) {
    std::vector<bool> is_pivot(n, false);
    for (std::size_t i = 0; i < rank; ++i) is_pivot[pivots[i]] = true;
    for (std::size_t j = 0; j < n; ++j) {
      if (!is_pivot[j]) free_cols.push_back(j);
    }
  }
  const std::size_t first_kernel = out.solvable ? 1 : 0;
  const std::size_t vectors = first_kernel + free_cols.size();
  out.solution.assign(n, 0);
  if (vectors == 0) return out;
  const std::size_t slice = (vectors + 63) / 64;  // words per unknown
  std::vector<std::uint64_t> y(n * slice, 0);
  for (std::size_t s = 0; s < free_cols.size(); ++s) {
    const std::size_t bit = first_kernel + s;
    y[free_cols[s] * slice + bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
  const std::size_t rhs_word = n / 64;
  const std::uint64_t rhs_bit = std::uint64_t{1} << (n % 64);
  std::vector<std::uint64_t> acc(slice);
  for (std::size_t i = rank; i-- > 0;) {
    const word* row = mzd_row(m.get(), static_cast<rci_t>(i));
    const std::size_t c = pivots[i];
    std::fill(acc.begin(), acc.end(), 0);
    if (out.solvable && (row[rhs_word] & rhs_bit) != 0) acc[0] = 1;
    for (std::size_t w = c / 64; w < width; ++w) {
      std::uint64_t bits = row[w];
      if (w == c / 64) bits &= ~((std::uint64_t{2} << (c % 64)) - 1);  // columns > c only
      if (w == rhs_word) bits &= rhs_bit - 1;                          // columns < n only
      while (bits != 0) {
        const std::size_t j = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        bits &= bits - 1;
        const std::uint64_t* yj = y.data() + j * slice;
        for (std::size_t k = 0; k < slice; ++k) acc[k] ^= yj[k];
      }
    }
    std::copy(acc.begin(), acc.end(), y.begin() + static_cast<std::ptrdiff_t>(c * slice));
  }
  const auto bit_of = [&](std::size_t j, std::size_t s) -> std::uint8_t {
    return static_cast<std::uint8_t>((y[j * slice + s / 64] >> (s % 64)) & 1U);
  };
  if (out.solvable) {
    for (std::size_t j = 0; j < n; ++j) out.solution[j] = bit_of(j, 0);
  }
  for (std::size_t s = 0; s < free_cols.size(); ++s) {
    Values v(n);
    for (std::size_t j = 0; j < n; ++j) v[j] = bit_of(j, first_kernel + s);
    out.kernel.push_back(std::move(v));
    out.orders.push_back(2);
  }
  return out;
}

// Z_K for any K by its prime powers.
// Contract: rhs in 0..K-1 per unknown, sys.size() >= 1. Afterwards as for solve_gf2, with the
// kernel basis of the Z_K-module {x : A x = 0} and each vector's additive order.
// How: K = prod p^e, and Z_K = prod Z_{p^e} (CRT), so A x = b mod K splits into one system per
// prime power, solved by detail::solve_prime_power. A vector y mod p^e lifts to the vector mod K
// that is y mod p^e and 0 mod every other prime power: y * c_p, c_p = (K/q) ((K/q)^-1 mod q).
// Solutions mod K are exactly the sums of one lifted solution per prime power, so their number is
// the product of the per-prime counts. Kernel: the j-th basis vectors of all the prime powers,
// lifted and summed, make one generator of order prod_p order_{p,j}; as the orders of different
// primes are coprime, the coefficient c mod that order still picks each prime's coefficient
// independently, so the unique-representation property survives.
Elimination solve_zk(const PressSystem& sys, const Values& rhs, bool want_kernel) {
  const std::size_t n = sys.size();
  const unsigned k = sys.states;
  Elimination out;
  out.solvable = true;
  out.solution.assign(n, 0);
  std::vector<detail::PrimePowerSolution> parts;
  std::vector<unsigned> lift;  // c_p per prime power
  for (const auto& [p, e] : detail::factor_prime_powers(k)) {
    unsigned q = 1;
    for (unsigned i = 0; i < e; ++i) q *= p;
    Values a(n * n, 0);
    for (std::size_t j = 0; j < n; ++j) {
      for (const PressSystem::Touch& t : sys.touched_by(j)) {
        a[std::size_t{t.cell} * n + j] = static_cast<std::uint8_t>(t.amount % q);
      }
    }
    Values b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(rhs[i] % q);
    parts.push_back(detail::solve_prime_power(std::move(a), std::move(b), n, n, p, e, want_kernel));
    const unsigned cofactor = k / q;
    unsigned inverse = 1;
    while (cofactor * inverse % q != 1 % q) ++inverse;
    lift.push_back(cofactor * inverse % k);
    out.solvable = out.solvable && parts.back().solvable;
    out.nullity = std::max(out.nullity, parts.back().generators);
    out.count_factors.emplace_back(p, parts.back().count_exponent);
  }
  if (out.solvable) {
    for (std::size_t t = 0; t < parts.size(); ++t) {
      for (std::size_t i = 0; i < n; ++i) {
        out.solution[i] =
            static_cast<std::uint8_t>((out.solution[i] + parts[t].solution[i] * lift[t]) % k);
      }
    }
  }
  if (want_kernel) {
    for (std::size_t j = 0; j < out.nullity; ++j) {
      Values v(n, 0);
      unsigned order = 1;
      for (std::size_t t = 0; t < parts.size(); ++t) {
        if (j >= parts[t].kernel.size()) continue;
        order *= parts[t].orders[j];
        for (std::size_t i = 0; i < n; ++i) {
          v[i] = static_cast<std::uint8_t>((v[i] + parts[t].kernel[j][i] * lift[t]) % k);
        }
      }
      out.kernel.push_back(std::move(v));
      out.orders.push_back(order);
    }
  }
  return out;
}

}  // namespace

Result solve_rules(const Rules& rules, std::size_t rows, std::size_t cols,
                   const std::vector<std::uint8_t>& lights, bool want_kernel) {
  return solve_rules(rules, build_press_system(rules, rows, cols), lights, want_kernel);
}

Result solve_rules(const Rules& rules, const PressSystem& sys, std::span<const std::uint8_t> lights,
                   bool want_kernel) {
  const std::size_t rows = sys.rows;
  const std::size_t cols = sys.cols;
  const unsigned k = sys.states;
  if (lights.size() != rows * cols) {
    throw std::invalid_argument("solve_rules: " + std::to_string(lights.size()) +
                                " light values for a " + std::to_string(rows) + "x" +
                                std::to_string(cols) + " board");
  }
  const std::size_t n = sys.size();
  Values rhs(n);  // A x = target - lights (mod K)
  const unsigned target = rules.target_on ? k - 1 : 0;
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned light = lights[sys.cells[i]];
    if (light >= k) {
      throw std::invalid_argument("solve_rules: light value " + std::to_string(light) +
                                  " at cell " + std::to_string(sys.cells[i]) +
                                  " is not below the states " + std::to_string(k));
    }
    rhs[i] = static_cast<std::uint8_t>((target + k - light) % k);
  }
  const std::size_t limit = k == 2 ? kMaxDenseCellsGf2 : kMaxDenseCellsZk;
  if (n > limit) {
    throw std::length_error("solve_rules: " + std::to_string(n) + " cells, dense elimination " +
                            "takes at most " + std::to_string(limit) + " for " + std::to_string(k) +
                            " states");
  }

  Elimination e;
  if (n == 0) {  // every cell a hole: the empty press set is the one solution
    e.solvable = true;
  } else if (k == 2) {
    e = solve_gf2(sys, rhs, want_kernel);
  } else {
    e = solve_zk(sys, rhs, want_kernel);
  }

  Result result;
  result.method = k == 2 ? Method::gf2 : Method::zk;
  result.solvable = e.solvable;
  result.nullity = e.nullity;
  if (e.solvable) {
    result.solutions.zero = false;
    for (const auto& [p, exponent] : e.count_factors) {
      if (exponent > 0) result.solutions.factors.emplace_back(p, exponent);
    }
  }

  // Back to board cells, each re-applied to the press system.
  const auto to_cells = [&](const Values& v) {
    Values out(rows * cols, 0);
    for (std::size_t j = 0; j < n; ++j) out[sys.cells[j]] = v[j];
    return out;
  };
  const Values presses = to_cells(e.solvable ? e.solution : Values(n, 0));
  if (e.solvable) {
    Values after(lights.begin(), lights.end());
    sys.apply(presses, after);
    for (const std::uint32_t cell : sys.cells) {
      if (after[cell] != target) throw std::logic_error("solve_rules: the presses do not solve");
    }
  }
  result.presses = Grid::from_values(rows, cols, k, presses);
  if (want_kernel) {
    for (std::size_t j = 0; j < e.kernel.size(); ++j) {
      const Values pattern = to_cells(e.kernel[j]);
      Values effect(rows * cols, 0);
      sys.apply(pattern, effect);
      if (std::any_of(effect.begin(), effect.end(), [](std::uint8_t v) { return v != 0; })) {
        throw std::logic_error("solve_rules: a kernel vector is not quiet");
      }
      result.kernel.push_back(Grid::from_values(rows, cols, k, pattern));
    }
    result.kernel_orders = e.orders;
  }
  return result;
}

}  // namespace lightsout
