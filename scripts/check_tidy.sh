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
# One compile command a source: the transform's kernel file is compiled once per instruction set
# and kernel (14 commands), and clang-tidy checks a file once for every command it finds. Its last
# command (the widest set) is kept without LIGHTSOUT_WHT_PART, which defines every kernel at once.
mkdir -p "$build/tidy-db"
python3 - "$build/compile_commands.json" "$build/tidy-db/compile_commands.json" "$root/src/" <<'EOF_PY'
import json, re, sys
kept = {}
for entry in json.load(open(sys.argv[1])):
    if entry["file"].startswith(sys.argv[3]) and entry["file"].endswith(".cpp"):
        entry["command"] = re.sub(r" -DLIGHTSOUT_WHT_PART=\d+", "", entry["command"])
        kept[entry["file"]] = entry
json.dump(list(kept.values()), open(sys.argv[2], "w"), indent=0)
EOF_PY
mapfile -t files < <(python3 -c 'import json, sys; print("\n".join(sorted(e["file"] for e in json.load(open(sys.argv[1])))))' \
  "$build/tidy-db/compile_commands.json")
[[ ${#files[@]} -gt 0 ]] || { echo "check_tidy: no sources under src/ in $build" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -n 2 clang-tidy -p "$build/tidy-db" --quiet >"$log" 2>&1 || rc=$?
if [[ $rc -ne 0 ]] || grep -qE '(warning|error):' "$log"; then
  grep -vE '^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$' "$log" || true
  echo "clang-tidy: findings in ${#files[@]} files checked"
  exit 1
fi
echo "clang-tidy: ${#files[@]} files, no finding"
