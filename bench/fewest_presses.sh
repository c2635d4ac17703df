#!/usr/bin/env bash
# The research table: the fewest presses of the all-ones n x n board for n = 1..N, with the
# nullity, the time taken and whether the minimum is proven (else the proven lower bound), by
# `lightsout solve --minimal` under a per-board time budget; and the median time of --minimal on
# random 19 x 19 boards (nullity 16) beside plain solving, by hyperfine.
#
# usage: bench/fewest_presses.sh [BUILD_DIR]   (default: build/ at the repository root)
# Environment: FEWEST_MAX_N (100), FEWEST_SECONDS (60: --minimal-time per board; 600 lets n = 61
# and 65 finish), FEWEST_METHOD (branch-and-bound, or exhaustive: --minimal-method).
# Writes docs/fewest-presses.md.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init fewest_presses "${1:-}"
max_n="${FEWEST_MAX_N:-100}"
seconds="${FEWEST_SECONDS:-60}"
method="${FEWEST_METHOD:-branch-and-bound}"

ensure_tools hyperfine
cd "$repo_root"
cmake --build "$build_dir" -j2 --target lightsout >/dev/null
bin="$build_dir/lightsout"
make_work fewest
tmp=$work

rows=()
unproven=()
for ((n = 1; n <= max_n; n++)); do
  nullity=$("$bin" info "${n}x${n}" --json | sed -E 's/.*"nullity":([0-9]+).*/\1/')
  awk -v n="$n" 'BEGIN { for (r = 0; r < n; r++) { s = "1"; for (c = 1; c < n; c++) s = s " 1"; print s } }' \
    >"$tmp/ones.txt"
  start=$(date +%s.%N)
  "$bin" solve --size "${n}x${n}" --input single --minimal --minimal-time "$seconds" \
    --minimal-method "$method" "$tmp/ones.txt" >"$tmp/out" 2>"$tmp/err"
  end=$(date +%s.%N)
  presses=$(tr -cd 1 <"$tmp/out" | wc -c)
  elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
  # The method that proved it: nullity 0 leaves one solution, nothing to search.
  how=${method//-/ }
  ((nullity == 0)) && how="unique solution"
  # From nullity 26 the branch and bound searches one subtree per orbit of the board's symmetries
  # (the all-ones square keeps all eight).
  [[ $method == branch-and-bound ]] && ((nullity >= 26)) && how="branch and bound, symmetry orbits"
  if line=$(grep -E 'fewest not proven, lower bound [0-9]+$' "$tmp/err"); then
    bound=${line##* }
    rows+=("| $n | $nullity | $presses | no | $bound | $elapsed | $how (stopped) |")
    unproven+=("$n")
  else
    rows+=("| $n | $nullity | $presses | yes | $presses | $elapsed | $how |")
  fi
  echo "n=$n nullity=$nullity presses=$presses ${elapsed}s" >&2
done

# --minimal on random 19 x 19 boards beside plain solving, in one hyperfine run.
"$bin" generate 19x19 --solvable --seed 7 >"$tmp/r19.txt"
hyperfine -N --warmup 20 --runs 200 --export-json "$tmp/h.json" \
  "$bin solve --size 19x19 --input single $tmp/r19.txt" \
  "$bin solve --size 19x19 --input single --minimal $tmp/r19.txt" >/dev/null 2>&1
medians=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(" ".join("%.2f %.2f" % (x["median"] * 1000, (x["user"] + x["system"]) * 1000) for x in r))' \
  "$tmp/h.json")
read -r plain_ms plain_cpu minimal_ms minimal_cpu <<<"$medians"

cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
{
  echo "# Fewest presses of the all-ones board"
  echo
  echo "Written by \`bench/fewest_presses.sh\` on $(date -u +%Y-%m-%d): $(nproc) cores ($cpu),"
  echo "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) of memory."
  echo "Each row is one \`lightsout solve --size NxN --input single --minimal --minimal-time $seconds --minimal-method $method\`"
  echo "on the all-ones board; the time is the whole command's wall time. \"Proven\" means the"
  echo "search finished: no solution has fewer presses. Otherwise the search stopped at the time"
  echo "budget and the last column is the proven lower bound it reached (the tool prints it on"
  echo "stderr); the presses are the best found. From nullity 26 the branch and bound visits one"
  echo "subtree per orbit of the board's reflections and rotations (\"symmetry orbits\")."
  echo
  if ((${#unproven[@]} > 0)); then
    echo "Not proven within ${seconds} s: n = ${unproven[*]}."
  else
    echo "Every minimum up to n = $max_n proven within ${seconds} s."
  fi
  echo
  echo "| n | nullity | fewest presses | proven | lower bound | seconds | method |"
  echo "|--:|--:|--:|:-:|--:|--:|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "## A random 19 x 19 board (nullity 16)"
  echo
  echo "hyperfine, 200 runs, the whole command (start-up included), same run: median wall time"
  echo "and mean CPU time (user + system; less sensitive to other load on the machine):"
  echo
  echo "| command | median wall | mean CPU |"
  echo "|---|--:|--:|"
  echo "| \`solve\` (any solution) | $plain_ms ms | $plain_cpu ms |"
  echo "| \`solve --minimal\` (proven fewest) | $minimal_ms ms | $minimal_cpu ms |"
} >"$repo_root/docs/fewest-presses.md"
echo "wrote docs/fewest-presses.md" >&2
