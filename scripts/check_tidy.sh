#!/usr/bin/env bash
# clang-tidy, with the checked-in .clang-tidy (WarningsAsErrors: '*'), on every source under src/
# that BUILD_DIR/compile_commands.json compiles. Prints the findings; fails when there is any.
# Usage: scripts/check_tidy.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "$1" && pwd)
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
