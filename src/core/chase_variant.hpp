// Internal: the member definitions of VariantChase (chase_reduced.hpp), each forwarding to the
// derived chase's Impl (the solves after checking their arguments); included by that chase's .cpp
// alone, which instantiates them once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "chase_reduced.hpp"

namespace lightsout::detail {

template <typename Impl>
bool VariantChase<Impl>::applies(const Rules& rules, std::size_t rows, std::size_t cols) {
  return Impl::applies(rules, rows, cols);
}

template <typename Impl>
std::size_t VariantChase<Impl>::unknowns(const Rules& rules, std::size_t rows, std::size_t cols) {
  return Impl::unknowns(rules, rows, cols);
}

template <typename Impl>
bool VariantChase<Impl>::fits(const Rules& rules, std::size_t rows, std::size_t cols) {
  return Impl::applies(rules, rows, cols) &&
         Impl::unknowns(rules, rows, cols) <= max_unknowns(rules.states);
}

template <typename Impl>
VariantChase<Impl>::VariantChase(const Rules& rules, std::size_t rows, std::size_t cols,
                                 bool want_kernel)
    : impl_(std::make_unique<Impl>()) {
  impl_->build(*this, rules, rows, cols, want_kernel);
}

template <typename Impl>
VariantChase<Impl>::~VariantChase() = default;
template <typename Impl>
VariantChase<Impl>::VariantChase(VariantChase&&) noexcept = default;
template <typename Impl>
VariantChase<Impl>& VariantChase<Impl>::operator=(VariantChase&&) noexcept = default;

template <typename Impl>
bool VariantChase<Impl>::solve(std::span<const std::uint8_t> lights,
                               std::span<std::uint8_t> presses) const {
  if (lights.size() != impl_->rows * impl_->cols || presses.size() != lights.size()) {
    throw std::invalid_argument("chase: wrong number of values");
  }
  return impl_->solve_values(*this, lights, presses);
}

template <typename Impl>
bool VariantChase<Impl>::solve(const Grid& lights, Grid& presses) const {
  const Impl& s = *impl_;
  if (lights.rows() != s.rows || lights.cols() != s.cols || presses.rows() != s.rows ||
      presses.cols() != s.cols || lights.states() != s.k || presses.states() != s.k) {
    throw std::invalid_argument("chase: the grids do not fit the solver");
  }
  return impl_->solve_grids(*this, lights, presses);
}

template <typename Impl>
std::vector<std::vector<std::uint8_t>> VariantChase<Impl>::kernel() const {
  return impl_->kernel(*this);
}

}  // namespace lightsout::detail
