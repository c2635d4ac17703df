#!/usr/bin/env bash
# The compile time of every translation unit of the product (the libraries, the CLI and the
# server; with --tests, the tests too), each compiled on its own (-j1, no ccache), from a fresh
# Release tree. Prints a Markdown table, slowest first, and fails when a product unit takes more
# than the budget (LIGHTSOUT_COMPILE_BUDGET seconds, default 30).
# usage: scripts/compile_times.sh [--tests] [TREE]   (TREE default: build-times/, made anew)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/scripts/setup.sh"
tests=OFF
if [[ ${1:-} == --tests ]]; then
  tests=ON
  shift
fi
tree=$(realpath -m "${1:-$root/build-times}")
budget=${LIGHTSOUT_COMPILE_BUDGET:-30}
ensure_packages "${LIGHTSOUT_PACKAGES[@]}" "${LIGHTSOUT_SERVER_PACKAGES[@]}"
[[ $tests == ON ]] && ensure_packages "${LIGHTSOUT_TEST_PACKAGES[@]}"
rm -rf "$tree"
mkdir -p "$tree"
log=$tree/compile-times.log
# The site's WebAssembly build is its own tree (cmake/build_site.cmake): only the native units
# are timed, so the server's embedded site is not built here.
cmake -S "$root" -B "$tree" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLIGHTSOUT_TESTS=$tests \
  -DLIGHTSOUT_BENCH=OFF -DLIGHTSOUT_SERVER=OFF >"$log" 2>&1 ||
  { cat "$log" >&2; exit 1; }
targets=(lightsout)
[[ $tests == ON ]] && targets=(all)
start=$SECONDS
CCACHE_DISABLE=1 cmake --build "$tree" -j 1 --target "${targets[@]}" >>"$log" 2>&1 ||
  { tail -n 30 "$log" >&2; exit 1; }
wall=$((SECONDS - start))
# .ninja_log: start and end (ms) of each output; the object files are the translation units.
awk -v budget="$budget" -v wall="$wall" '
  NR > 1 && $4 ~ /\.o$/ {
    name = $4
    sub(/^CMakeFiles\//, "", name); sub(/^tests\/CMakeFiles\//, "tests: ", name)
    t[name] = ($2 - $1) / 1000
  }
  END {
    n = asorti(t, names)
    for (i = 1; i <= n; ++i) line[i] = sprintf("%09.1f\t%s", t[names[i]], names[i])
    m = asort(line)
    print "| seconds | translation unit |"
    print "|--:|---|"
    over = 0; total = 0
    for (i = m; i >= 1; --i) {
      split(line[i], f, "\t"); s = f[1] + 0; total += s
      printf "| %.1f | `%s` |\n", s, f[2]
      if (s > budget && f[2] !~ /^tests: /) over++
    }
    printf "\n%d units, %.0f s in all (-j1, %d s wall with linking); budget %d s a product unit: %s\n",
      m, total, wall, budget, over ? over " over it" : "every unit within it"
    exit over ? 1 : 0
  }' "$tree/.ninja_log"
