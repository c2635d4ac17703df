#!/usr/bin/env bash
# clang-tidy, with the checked-in .clang-tidy (WarningsAsErrors: '*'), in parallel on every source
# under src/ that the build compiles. Prints the findings; fails when there is any.
# Usage: scripts/check_tidy.sh BUILD_DIR
# BUILD_DIR compiles the CLI as unity files, which name none of its sources: the compile commands
# come from BUILD_DIR-tidy, configured (not built) the same way with LIGHTSOUT_UNITY=OFF.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath -m "$1-tidy")
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLIGHTSOUT_UNITY=OFF \
  -DLIGHTSOUT_SERVER=ON -DLIGHTSOUT_TESTS=OFF -DLIGHTSOUT_BENCH=OFF >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log" >&2; exit 1; }
mapfile -t files < <(sed -n 's/^ *"file": "\(.*\)",\{0,1\}$/\1/p' "$build/compile_commands.json" |
  grep "^$root/src/.*\.cpp$" | sort -u)
[[ ${#files[@]} -gt 0 ]] || { echo "check_tidy: no sources under src/ in $build" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -n 2 clang-tidy -p "$build" --quiet >"$log" 2>&1 || rc=$?
if [[ $rc -ne 0 ]] || grep -qE '(warning|error):' "$log"; then
  grep -vE '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' "$log" || true
  echo "clang-tidy: findings in ${#files[@]} files checked"
  exit 1
fi
echo "clang-tidy: ${#files[@]} files, no finding"
