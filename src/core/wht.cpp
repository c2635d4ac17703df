// The 16-bit Walsh-Hadamard transform of the fewest-presses searches (see wht.hpp): the plan of
// each transform and the choice of kernels (wht_kernel.cpp) for this machine.
#include "wht.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>

#include "wht_kernels.hpp"

namespace lightsout::detail {

#ifdef LIGHTSOUT_WHT_MULTI_ISA
namespace wht_avx512 {
extern const WhtKernels kernels;
}
namespace wht_avx2 {
extern const WhtKernels kernels;
}
#endif
namespace wht_generic {
extern const WhtKernels kernels;
}

namespace {

// The sets built that this machine runs, the widest first. The AVX-512 set is built for
// x86-64-v4 (AVX-512 F, BW, CD, DQ, VL): the transform is all 16-bit adds, and 32 lanes a
// register halve its instructions.
struct KernelSets {
  const WhtKernels* sets[3] = {};
  std::size_t count = 0;
};
KernelSets runnable_sets() {
  KernelSets found;
#ifdef LIGHTSOUT_WHT_MULTI_ISA
  __builtin_cpu_init();
#if defined(__clang__)  // clang 14 knows no ISA levels here (clang-tidy reads this file too)
  const bool v4 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                  __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
                  __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2") &&
                  __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
#else
  const bool v4 = __builtin_cpu_supports("x86-64-v4");
#endif
  if (v4) found.sets[found.count++] = &wht_avx512::kernels;
  if (__builtin_cpu_supports("avx2")) found.sets[found.count++] = &wht_avx2::kernels;
#endif
  found.sets[found.count++] = &wht_generic::kernels;
  return found;
}
const KernelSets& kernel_sets() {
  static const KernelSets sets = runnable_sets();
  return sets;
}

thread_local const WhtKernels* forced_kernels = nullptr;

}  // namespace

const WhtKernels& wht_kernels() { return *kernel_sets().sets[0]; }

std::span<const WhtKernels* const> wht_kernel_sets() {
  const KernelSets& sets = kernel_sets();
  return {sets.sets, sets.count};
}

WhtKernelsOverride::WhtKernelsOverride(const WhtKernels& kernels) : previous_(forced_kernels) {
  forced_kernels = &kernels;
}
WhtKernelsOverride::~WhtKernelsOverride() { forced_kernels = previous_; }

namespace {

constexpr unsigned kLaneBits = kWhtLaneBits;
constexpr std::size_t kLanes = std::size_t{1} << kLaneBits;

// The expected number of group vectors (32 lanes each) of 2^g whose bound reaches the floor, the
// nv / 2^g of them. A lane's signed bound is one partial sum and 2^g - 1 magnitudes of others,
// each about normal with spread s = sigma / 2^(g/2) (sigma^2 the energy): mean (2^g - 1) s
// sqrt(2 / pi), variance ((2^g - 1) (1 - 2 / pi) + 1) s^2. It is taken as a gamma variable of the
// same mean and variance, whose tail Wilson and Hilferty's cube root makes normal. Measured on
// random inputs with the sum of all magnitudes as the bound, this overstated the groups reaching
// by up to 2x where a plain normal tail understated them by up to 6x; overstating costs a little
// work, never a value.
double groups_reaching(unsigned g, double sigma, double floor, std::size_t nv) {
  const double members = std::exp2(g);
  const double s = sigma / std::sqrt(members);
  const double mean = (members - 1) * s * std::sqrt(2 / std::numbers::pi);
  const double variance = ((members - 1) * (1 - 2 / std::numbers::pi) + 1) * s * s;
  const double shape = mean * mean / variance;
  const double scale = variance / mean;
  const double spread = 1 / std::sqrt(9 * shape);
  const double z = (std::cbrt(floor / (shape * scale)) - (1 - spread * spread)) / spread;
  const double lane = 0.5 * std::erfc(z / std::sqrt(2.0));
  return static_cast<double>(nv >> g) * std::min(1.0, static_cast<double>(kLanes) * lane);
}

// The group size 2^g by which a transform prunes, 0 for none, the cheapest by its expected work
// in vector operations (a level is an add a vector): every level and the running maximum,
// vector_bits + 1 a vector; pruned by groups of 2^g, the levels above the groups' bits and two for
// the bounds (a magnitude and an add) a vector, then for each group that reaches the floor its
// members' last pass again and their g levels (about g + 4 a member).
unsigned plan(unsigned vector_bits, double sigma, std::int32_t floor, unsigned last_group_bits) {
  const std::size_t nv = std::size_t{1} << vector_bits;
  unsigned best = 0;
  double least = static_cast<double>(nv) * (vector_bits + 1);
  if (!(sigma > 0) || floor <= 0) return best;
  for (unsigned g = kWhtFirstGroupBits; g <= last_group_bits && g <= vector_bits; ++g) {
    const double reaching = groups_reaching(g, sigma, floor, nv);
    const double work =
        static_cast<double>(nv) * (vector_bits - g + 2) + reaching * std::exp2(g) * (g + 4);
    if (work < least) {
      least = work;
      best = g;
    }
  }
  return best;
}

// The last plan a thread chose, and for what: the energy of a search's terms is the same in every
// block (only their signs change), and its floor changes only when the best does, so most
// transforms reuse it.
struct PlanCache {
  unsigned vector_bits = 0;
  std::int64_t energy = -1;
  std::int32_t floor = 0;
  const WhtKernels* kernels = nullptr;
  unsigned g = 0;
};
thread_local PlanCache last_plan;

// The transform of 2^bits values (contract: bits >= kLaneBits, v 64-byte aligned and zero). With
// `keep`, every value is left in v. Else v is left zero, and with a floor the transform prunes by
// the groups `plan` finds cheapest; a group that reaches the floor is split level by level
// (finish_group). The plan changes the work only, never a value that reaches the floor.
std::int32_t transform(std::int16_t* data, unsigned bits, const WhtTerm* terms, std::size_t count,
                       std::uint64_t h, std::int32_t floor, bool keep) {
  const WhtKernels& kernels = forced_kernels != nullptr ? *forced_kernels : wht_kernels();
  const unsigned vector_bits = bits - kLaneBits;
  const std::size_t nv = std::size_t{1} << vector_bits;
  const std::int64_t energy = kernels.scatter(data, terms, count, h);
  if (keep) {
    kernels.all_levels(data, nv);
    return 0;
  }
  const auto at_least = static_cast<std::int16_t>(std::clamp<std::int32_t>(
      floor, std::numeric_limits<std::int16_t>::min(), std::numeric_limits<std::int16_t>::max()));
  PlanCache& cached = last_plan;
  if (cached.vector_bits != vector_bits || cached.energy != energy || cached.floor != floor ||
      cached.kernels != &kernels) {
    cached = {
        vector_bits, energy, floor, &kernels,
        plan(vector_bits, std::sqrt(static_cast<double>(energy)), floor, kernels.last_group_bits)};
  }
  if (cached.g >= kWhtFirstGroupBits) {
    return kernels.pruned_max[cached.g - kWhtFirstGroupBits](data, nv, at_least);
  }
  return kernels.all_levels_max(data, nv);
}

void check_bits(unsigned bits) {
  if (bits > kWhtMaxBits) {
    throw std::invalid_argument("wht16: more than 2^" + std::to_string(kWhtMaxBits) + " values");
  }
}

// Below one vector: the textbook loops on the scalar values.
void scalar_transform(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms,
                      std::uint64_t h) {
  for (const WhtTerm& t : terms) {
    const bool odd = (std::popcount(t.high & h) & 1) != 0;
    v[t.index] = static_cast<std::int16_t>(odd ? v[t.index] - t.value : v[t.index] + t.value);
  }
  walsh_hadamard(v, std::size_t{1} << bits);
}

}  // namespace

std::int32_t wht16_sparse_max(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms,
                              std::uint64_t h, std::int32_t floor) {
  check_bits(bits);
  if (bits >= kLaneBits) return transform(v, bits, terms.data(), terms.size(), h, floor, false);
  const std::size_t n = std::size_t{1} << bits;
  scalar_transform(v, bits, terms, h);
  const std::int16_t top = *std::max_element(v, v + n);
  std::fill(v, v + n, std::int16_t{0});
  return top;
}

void wht16_sparse(std::int16_t* v, unsigned bits, std::span<const WhtTerm> terms, std::uint64_t h) {
  check_bits(bits);
  if (bits >= kLaneBits) {
    transform(v, bits, terms.data(), terms.size(), h, std::numeric_limits<std::int32_t>::min(),
              true);
  } else {
    scalar_transform(v, bits, terms, h);
  }
}

std::size_t wht16_find(const std::int16_t* v, unsigned bits, std::int32_t value) {
  const std::size_t n = std::size_t{1} << bits;
  for (std::size_t z = 0; z < n; ++z) {
    if (v[z] == value) return z;
  }
  return n;
}

}  // namespace lightsout::detail
