// Internal: the choice of count_small_word_systems' AVX-512 kernel, for tests of both kernels.
#pragma once

namespace lightsout::detail {

// Tests only: count_small_word_systems uses its AVX-512 kernel (where the CPU has AVX-512F) or
// the portable one; returns whether the AVX-512 kernel was used before.
bool use_wide_small_systems(bool on);

}  // namespace lightsout::detail
