// Internal: what this build of the core may use, a second thread (not in a WebAssembly build
// without threads) and AVX2 clones of the hot loops, picked at run time where the compiler can.
#pragma once

namespace lightsout::detail {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreads = false;
#else
inline constexpr bool kThreads = true;
#endif

}  // namespace lightsout::detail

// GCC's function multi-versioning: the loop compiled for AVX2 and for the baseline, the choice
// made when the program loads. Not under the sanitizers or clang (whose builds here are checks,
// not the product), nor for WebAssembly.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__clang__)
#define LIGHTSOUT_TARGET_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define LIGHTSOUT_TARGET_CLONES
#endif
