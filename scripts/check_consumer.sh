#!/usr/bin/env bash
# Installs a built tree to a scratch prefix and checks what another project gets from it:
# - every installed header compiles alone (scripts/check_headers.sh);
# - examples/consumer configures, builds (warnings as errors) and runs through
#   find_package(lightsout), and its link line carries no linker option of lightsout's (--wrap);
#   so does its consumer_render, through lightsout::render;
# - the same main.cpp builds and runs through pkg-config (lightsout.pc);
# - <prefix>/bin/lightsout --version, and `lightsout serve` answers / and /api/solve
#   (scripts/check_serve.sh).
# Fails on any error, or when an installed package file names the source or build tree.
# Usage: check_consumer.sh [BUILD_DIR] [CONSUMER_DIR]   (defaults: build, examples/consumer; the
# build tree must be built already)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
consumer=$(cd "${2:-$root/examples/consumer}" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# step NAME CMD...: runs CMD with its output kept in a log, shown only when it fails.
step() {
  local name=$1
  shift
  if ! "$@" >"$tmp/log" 2>&1; then
    cat "$tmp/log" >&2
    echo "check_consumer: $name failed" >&2
    exit 1
  fi
}

step install cmake --install "$build" --prefix "$tmp/prefix"
if leaks=$(grep -rlF -e "$root" -e "$build" --include='*.cmake' --include='*.pc' "$tmp/prefix"); then
  echo "check_consumer: installed package files name the source or build tree:" >&2
  echo "$leaks" >&2
  exit 1
fi

# The consumer is compiled as lightsout was.
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
step headers "$root/scripts/check_headers.sh" "$tmp/prefix/include" "${compiler:-c++}"
step configure cmake -S "$consumer" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
  ${compiler:+-DCMAKE_CXX_COMPILER="$compiler"} -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror"
found=$(sed -n 's/^lightsout_DIR:[A-Z]*=//p' "$tmp/build/CMakeCache.txt")
if [[ $found != "$tmp/prefix/"* ]]; then
  echo "check_consumer: the consumer found lightsout in '$found', not in the scratch prefix" >&2
  exit 1
fi
step build cmake --build "$tmp/build" --verbose
# The link line: the one command that writes the consumer executable.
link=$(grep -E -- "-o consumer( |$)" "$tmp/log" || true)
if [[ -z $link ]]; then
  cat "$tmp/log" >&2
  echo "check_consumer: no link line for the consumer in the verbose build output" >&2
  exit 1
fi
if wrapped=$(grep -F -- --wrap "$tmp/log"); then
  echo "check_consumer: the consumer's build has lightsout's --wrap options:" >&2
  echo "$wrapped" >&2
  exit 1
fi
if ! "$tmp/build/consumer" >"$tmp/consumer.out"; then
  cat "$tmp/consumer.out"
  echo "check_consumer: the consumer failed" >&2
  exit 1
fi
# The render library, where the tree built it.
if grep -q '^LIGHTSOUT_RENDER:BOOL=ON' "$build/CMakeCache.txt"; then
  if [[ ! -x $tmp/build/consumer_render ]]; then
    echo "check_consumer: lightsout::render was not found in the prefix" >&2
    exit 1
  fi
  step render "$tmp/build/consumer_render"
fi

# pkg-config, from the prefix's lightsout.pc alone (PKG_CONFIG_PATH in front of the system's).
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
export PKG_CONFIG_PATH="$tmp/prefix/${libdir:-lib}/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
read -r -a pc_flags <<<"$(pkg-config --cflags --libs lightsout)"
step pkg-config "${compiler:-c++}" -std=c++20 -O1 -Wall -Wextra -Wpedantic -Werror \
  "$consumer/main.cpp" -o "$tmp/consumer-pc" "${pc_flags[@]}"
if ! "$tmp/consumer-pc" | cmp -s - "$tmp/consumer.out"; then
  echo "check_consumer: the consumer built through pkg-config printed something else" >&2
  exit 1
fi

# The programs, from the prefix.
step version "$tmp/prefix/bin/lightsout" --version
step serve "$root/scripts/check_serve.sh" "$tmp/prefix/bin/lightsout"
echo "check_consumer: the installed package was found, linked (no --wrap) and run by the consumer" \
  "(CMake and pkg-config); its headers compile alone; its lightsout serve answers"
