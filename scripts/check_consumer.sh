#!/usr/bin/env bash
# Installs a built tree to a scratch prefix, then configures, builds (warnings as errors) and runs
# examples/consumer against it through find_package(lightsout): the installed package must be all
# that another project needs. Fails on any error, or when an installed package file names the
# source or build tree.
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
if leaks=$(grep -rlF -e "$root" -e "$build" --include='*.cmake' "$tmp/prefix"); then
  echo "check_consumer: installed package files name the source or build tree:" >&2
  echo "$leaks" >&2
  exit 1
fi

# The consumer is compiled as lightsout was.
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
step configure cmake -S "$consumer" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
  ${compiler:+-DCMAKE_CXX_COMPILER="$compiler"} -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror"
found=$(sed -n 's/^lightsout_DIR:[A-Z]*=//p' "$tmp/build/CMakeCache.txt")
if [[ $found != "$tmp/prefix/"* ]]; then
  echo "check_consumer: the consumer found lightsout in '$found', not in the scratch prefix" >&2
  exit 1
fi
step build cmake --build "$tmp/build"
if ! "$tmp/build/consumer"; then
  echo "check_consumer: the consumer failed" >&2
  exit 1
fi
echo "check_consumer: the installed package was found, linked and run by the consumer"
