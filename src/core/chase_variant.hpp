// Internal: the member definitions of VariantChase (chase_reduced.hpp), each forwarding to the
// derived chase's Impl; included by that chase's .cpp alone, which instantiates them once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "chase_reduced.hpp"

namespace lightsout::detail {

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
  return impl_->solve_values(*this, lights, presses);
}

template <typename Impl>
bool VariantChase<Impl>::solve(const Grid& lights, Grid& presses) const {
  return impl_->solve_grids(*this, lights, presses);
}

template <typename Impl>
std::vector<std::vector<std::uint8_t>> VariantChase<Impl>::kernel() const {
  return impl_->kernel(*this);
}

}  // namespace lightsout::detail
