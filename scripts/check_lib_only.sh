#!/usr/bin/env bash
# The libraries alone need only the core's dependencies (NTL, GMP, gf2x, M4RI, {fmt},
# nlohmann-json): configures a tree with -DLIGHTSOUT_CLI=OFF -DLIGHTSOUT_SERVER=OFF
# -DLIGHTSOUT_RENDER=OFF while every other package is hidden from CMake (CMAKE_DISABLE_FIND_PACKAGE_*
# for CLI11, PNG, GTest, benchmark, Python3, pybind11; pkg-config sees only M4RI's .pc files, so
# not libmicrohttpd nor cpp-httplib), builds it, installs it and checks that the prefix holds the
# libraries and headers and no program. Nothing is uninstalled. Compiled without optimisation
# (CMAKE_BUILD_TYPE=None), to keep it cheap; the tree is kept for the next run (incremental), but
# configured afresh every time.
# Usage: check_lib_only.sh [TREE]   (default: build-lib)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tree=$(realpath -m "${1:-$root/build-lib}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "check_lib_only: $*" >&2
  exit 1
}
step() {
  local name=$1
  shift
  if ! "$@" >"$tmp/log" 2>&1; then
    tail -n 40 "$tmp/log" >&2
    fail "$name failed"
  fi
}

# pkg-config's whole search path: M4RI's .pc and those it requires (libpng, zlib), nothing else.
mkdir -p "$tmp/pc"
queue=(m4ri)
while [[ ${#queue[@]} -gt 0 ]]; do
  module=${queue[0]}
  queue=("${queue[@]:1}")
  [[ -e $tmp/pc/$module.pc ]] && continue
  ln -s "$(pkg-config --variable=pcfiledir "$module")/$module.pc" "$tmp/pc/$module.pc"
  mapfile -t -O "${#queue[@]}" queue < <(pkg-config --print-requires --print-requires-private \
    "$module" | awk '{print $1}')
done
export PKG_CONFIG_LIBDIR=$tmp/pc
unset PKG_CONFIG_PATH

mkdir -p "$tree"
rm -f "$tree/CMakeCache.txt"
step configure cmake -S "$root" -B "$tree" -DCMAKE_BUILD_TYPE=None -DLIGHTSOUT_WERROR=ON \
  -DLIGHTSOUT_CLI=OFF -DLIGHTSOUT_SERVER=OFF -DLIGHTSOUT_RENDER=OFF -DLIGHTSOUT_BENCH=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_PNG=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON -DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON
# What was looked for: none of the optional parts' packages.
if found=$(grep -E '^(CLI11_DIR|PNG_|ZLIB_|MICROHTTPD_|HTTPLIB_|GTest_DIR|benchmark_DIR|pybind11_DIR)' \
  "$tree/CMakeCache.txt"); then
  fail "the library-only tree looked for optional packages: $found"
fi
[[ ! -e $tree/tests/CTestTestfile.cmake ]] || fail "the tests were not left out"
step build cmake --build "$tree" -j "$(nproc)"
step install cmake --install "$tree" --prefix "$tmp/prefix"
for f in lib/liblightsout_core.a lib/liblightsout_io.a include/lightsout/solver.hpp \
  lib/cmake/lightsout/lightsoutConfig.cmake lib/pkgconfig/lightsout.pc; do
  [[ -f $tmp/prefix/$f ]] || fail "the prefix has no $f"
done
for f in bin libexec include/lightsout/render.hpp lib/liblightsout_render.a; do
  [[ ! -e $tmp/prefix/$f ]] || fail "the library-only prefix has $f"
done
echo "check_lib_only: core, io and api configured, built and installed with only the core's" \
  "dependencies"
