// Internal: the vector kernels of the 16-bit Walsh-Hadamard transform (wht_kernel.cpp), compiled
// once for each instruction set the build targets, and the set chosen for this machine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "wht.hpp"

namespace lightsout::detail {

// 32 lanes of 16 bits: one AVX-512 register, two AVX2 ones. A transform of 2^bits values is one
// of 2^(bits - kWhtLaneBits) such vectors.
constexpr unsigned kWhtLaneBits = 5;
// The pruned transforms' group sizes, 2^kWhtFirstGroupBits to 2^kWhtLastGroupBits vectors.
constexpr unsigned kWhtFirstGroupBits = 3;
constexpr unsigned kWhtLastGroupBits = 6;

// One instruction set's kernels. Each takes the nv vectors of a transform (data: 64-byte aligned,
// nv a power of two, nv * 32 values) and is compiled in its own object file (one per instruction
// set and kernel) so that no file takes long to compile; see wht_kernel.cpp for each contract.
struct WhtKernels {
  // Adds the terms into data (zero before), the levels inside each vector done; returns the sum
  // of the squares of their values.
  std::int64_t (*scatter)(std::int16_t* data, const WhtTerm* terms, std::size_t count,
                          std::uint64_t h);
  // Every level, every value kept in data.
  void (*all_levels)(std::int16_t* data, std::size_t nv);
  // Every level; returns the largest value and leaves data zero.
  std::int16_t (*all_levels_max)(std::int16_t* data, std::size_t nv);
  // The largest group this set prunes by: 2^last_group_bits vectors.
  unsigned last_group_bits;
  // Pruned by groups of 2^g vectors, g = kWhtFirstGroupBits + i for pruned_max[i] (null past
  // last_group_bits): returns the largest value when it is at least floor (else a value below it)
  // and leaves data zero. Contract: nv >= 2^g.
  std::int16_t (*pruned_max[kWhtLastGroupBits - kWhtFirstGroupBits + 1])(std::int16_t* data,
                                                                         std::size_t nv,
                                                                         std::int16_t floor);
};

// The kernels of the widest instruction set this machine runs among those built (AVX-512, AVX2,
// the baseline), chosen at the first call.
const WhtKernels& wht_kernels();

// Every set built that this machine runs, the widest first: the tests check each.
std::span<const WhtKernels* const> wht_kernel_sets();

// While alive, the transforms of this thread use `kernels` instead of wht_kernels() (the tests).
class WhtKernelsOverride {
 public:
  explicit WhtKernelsOverride(const WhtKernels& kernels);
  ~WhtKernelsOverride();
  WhtKernelsOverride(const WhtKernelsOverride&) = delete;
  WhtKernelsOverride& operator=(const WhtKernelsOverride&) = delete;

 private:
  const WhtKernels* previous_;
};

}  // namespace lightsout::detail
