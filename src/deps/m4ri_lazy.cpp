// M4RI's Gray-code tables built on the first elimination instead of at every program start.
//
// M4RI builds its tables (about 1 MB, 250 page faults, over a millisecond) in a load-time
// constructor, m4ri_init, which calls m4ri_build_all_codes. M4RI is linked statically with
// `-Wl,--wrap=m4ri_build_all_codes -Wl,--wrap=mzd_echelonize_m4ri` (CMakeLists.txt): the
// constructor reaches the no-op below, and the one M4RI entry point the core calls that uses the
// tables builds them first. Only these two M4RI functions are wrapped, and nothing of libc.
#include <mutex>

#include <m4ri/m4ri.h>

extern "C" {

// NOLINTBEGIN(bugprone-reserved-identifier): the names the linker's --wrap gives.
void __real_m4ri_build_all_codes(void);
rci_t __real_mzd_echelonize_m4ri(mzd_t* A, int full, int k);

void __wrap_m4ri_build_all_codes(void) {}

rci_t __wrap_mzd_echelonize_m4ri(mzd_t* A, int full, int k) {
  static std::once_flag built;
  std::call_once(built, [] { __real_m4ri_build_all_codes(); });
  return __real_mzd_echelonize_m4ri(A, full, k);
}
// NOLINTEND(bugprone-reserved-identifier)

}  // extern "C"
