// Internal: what the two variant chases share, the reduced system E y = residual of their extra
// unknowns, factored once, and the solve, kernel and counts read off it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "lightsout/grid.hpp"
#include "lightsout/rules.hpp"
#include "small_system.hpp"

namespace lightsout::detail {

// A light chase over Z_K with u unknowns y (presses no equation fixes) leaves u residual
// equations, affine in y: residual(y) = residual(0) + E y. The chase itself (its orientation, its
// rows, how it reads lights and writes presses) belongs to the derived class; this base holds the
// factored E and runs the steps every such chase takes with it.
class ReducedChase {
 public:
  // The largest reduced system taken, by K.
  static constexpr std::size_t kMaxUnknownsGf2 = 16384;
  static constexpr std::size_t kMaxUnknownsZk = 4096;
  static std::size_t max_unknowns(unsigned states) {
    return states == 2 ? kMaxUnknownsGf2 : kMaxUnknownsZk;
  }

  // The quiet patterns correspond one to one with the kernel of E (y -> presses is injective and
  // Z_K-linear): same count, same number of generators, same orders.
  std::size_t nullity() const { return system_->generators(); }
  const std::vector<std::pair<unsigned, std::size_t>>& count_factors() const {
    return system_->count_factors();
  }
  // With want_kernel: the additive orders of kernel()'s patterns.
  const std::vector<unsigned>& kernel_orders() const { return system_->orders(); }

 protected:
  ReducedChase() = default;
  ~ReducedChase() = default;
  ReducedChase(ReducedChase&&) noexcept = default;
  ReducedChase& operator=(ReducedChase&&) noexcept = default;
  ReducedChase(const ReducedChase&) = delete;
  ReducedChase& operator=(const ReducedChase&) = delete;

  // std::length_error when u unknowns exceed the limit of K = states.
  static void check_unknowns(std::size_t u, unsigned states) {
    const std::size_t limit = max_unknowns(states);
    if (u > limit) {
      std::string message = "chase: ";
      message.append(std::to_string(u)).append(" unknowns, at most ").append(std::to_string(limit));
      throw std::length_error(message);
    }
  }

  // Factors E (u x u, row-major, values below states; column j the residual of the chase of
  // deficit 0 from the unit vector e_j).
  void factor(const std::vector<std::uint8_t>& e, std::size_t u, unsigned states,
              bool want_kernel) {
    u_ = u;
    k_ = states;
    system_ = std::make_unique<SmallSystem>(e, u, u, states, want_kernel);
  }

  // Contract: chase(y, final, residual) runs the derived class's chase of one board from the u
  // unknowns y, writes the u residual values to `residual` and, when `final`, hands the presses
  // to wherever the caller wants them. Returns false when E y = -residual(0) has no solution
  // (the board is not solvable); otherwise the final chase has run from that y and left residual
  // 0 (std::logic_error if not: the chase and E disagree).
  template <typename Chase>
  bool solve_reduced(const Chase& chase) const {
    std::vector<std::uint8_t> y(u_, 0);
    std::vector<std::uint8_t> residual(u_, 0);
    chase(y.data(), false, residual.data());
    for (std::uint8_t& v : residual) v = static_cast<std::uint8_t>((k_ - v) % k_);
    if (!system_->solve(residual, y)) return false;
    chase(y.data(), true, residual.data());
    if (!all_zero(residual)) throw std::logic_error("chase: the reduced solution leaves lights");
    return true;
  }

  // Contract: pattern(y, residual) returns the quiet pattern (board values) of the chase of
  // deficit 0 from the u unknowns y and writes its u residual values. With want_kernel, one
  // pattern per generator of E's kernel, each checked quiet (std::logic_error if not).
  template <typename Pattern>
  std::vector<std::vector<std::uint8_t>> kernel_with(const Pattern& pattern) const {
    std::vector<std::vector<std::uint8_t>> out;
    std::vector<std::uint8_t> residual(u_, 0);
    for (const std::vector<std::uint8_t>& y : system_->kernel()) {
      out.push_back(pattern(y.data(), residual.data()));
      if (!all_zero(residual)) {
        throw std::logic_error("chase: a kernel vector of the reduced system is not quiet");
      }
    }
    return out;
  }

 private:
  static bool all_zero(const std::vector<std::uint8_t>& v) {
    return std::all_of(v.begin(), v.end(), [](std::uint8_t x) { return x == 0; });
  }

  std::size_t u_ = 0;
  unsigned k_ = 2;
  std::unique_ptr<SmallSystem> system_;
};

// The interface both variant chases give the Solver, declared once. Impl, in the derived class's
// (PlusChase, PlaneMaskChase) .cpp, holds its chase and its static tests of the rules (applies,
// unknowns), keeps the board's rows, cols and states k, and builds, solves and lists the quiet
// patterns through the steps above (the member definitions: chase_variant.hpp, instantiated once in
// that .cpp).
template <typename Impl>
class VariantChase : public ReducedChase {
 public:
  // True for the rules and size the chase takes (Impl::applies; see the derived class).
  static bool applies(const Rules& rules, std::size_t rows, std::size_t cols);
  // The reduced system's size u (Impl::unknowns; see the derived class).
  static std::size_t unknowns(const Rules& rules, std::size_t rows, std::size_t cols);
  // applies() and u within the limit of its K (max_unknowns).
  static bool fits(const Rules& rules, std::size_t rows, std::size_t cols);

  // Throws std::invalid_argument unless the derived class applies(), std::length_error
  // past the unknowns limits.
  VariantChase(const Rules& rules, std::size_t rows, std::size_t cols, bool want_kernel);
  ~VariantChase();
  VariantChase(VariantChase&&) noexcept;
  VariantChase& operator=(VariantChase&&) noexcept;

  // lights and presses: rows * cols values, row-major, 0..K-1 (std::invalid_argument for another
  // count). Returns whether the board is solvable; when it is, `presses` solves it (checked by
  // chasing: std::logic_error if not).
  bool solve(std::span<const std::uint8_t> lights, std::span<std::uint8_t> presses) const;
  // The same on grids (rows x cols, K states, else std::invalid_argument; presses all zero on
  // entry).
  bool solve(const Grid& lights, Grid& presses) const;
  // With want_kernel: a basis of the quiet patterns (row-major board values), of the orders
  // kernel_orders() gives.
  std::vector<std::vector<std::uint8_t>> kernel() const;

 private:
  friend Impl;  // it runs the steps above on its owner
  std::unique_ptr<Impl> impl_;
};

}  // namespace lightsout::detail
