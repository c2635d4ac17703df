#!/usr/bin/env bash
# Two builds timed side by side in one run, for "no slowdown" checks: the judge formats on 10^6
# puzzles, start-up on the two-puzzle sample, a 10^4 x 10^4 board, a 256 x 256 torus with 255
# states, 1000 x 1000 under the x neighbourhood with 3 states, the fewest presses of the all-ones
# 39 x 39 and 61 x 61 (nullity 30 and 40), and (when both builds have the Python module)
# Solver.solve_many on 10^6 boards.
#
# usage: bench/side_by_side.sh OLD_BUILD NEW_BUILD
# Each CLI case is one hyperfine call with both commands, interleaved over the rounds
# (BENCH_ROUNDS, default 10; the sample's start-up BENCH_STARTUP_RUNS, default 300; the 61 x 61
# search, about 10 s a run, BENCH_SLOW_ROUNDS, default 3). Prints a
# Markdown table of medians and the new/old ratio; nothing is written to the repository. The
# answers go to /dev/null (hyperfine's default output).
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/.." && pwd)"
old="$(realpath "${1:?usage: bench/side_by_side.sh OLD_BUILD NEW_BUILD}")"
new="$(realpath "${2:?usage: bench/side_by_side.sh OLD_BUILD NEW_BUILD}")"
rounds="${BENCH_ROUNDS:-10}"
startup_runs="${BENCH_STARTUP_RUNS:-300}"
for exe in "$old/lightsout" "$new/lightsout" "$new/bench/gen_judge"; do
  [[ -x $exe ]] || {
    echo "side_by_side: missing $exe (build Release first)" >&2
    exit 2
  }
done
command -v hyperfine >/dev/null || {
  echo "side_by_side: hyperfine is not installed (scripts/setup.sh installs it)" >&2
  exit 2
}
work="$(mktemp -d "${TMPDIR:-/tmp}/lightsout-side.XXXXXX")"
trap 'rm -rf "$work"' EXIT

"$new/bench/gen_judge" 1000000 1 >"$work/judge.in"
"$new/lightsout" generate --solvable --seed 3 10000x10000 -o "$work/big.pbm"
"$new/lightsout" generate --solvable --seed 3 --rules torus,states=255 256x256 -o "$work/torus.txt"
"$new/lightsout" generate --solvable --seed 3 --rules nbhd=x,states=3 1000x1000 -o "$work/x3.txt"
for n in 39 61; do
  awk -v n="$n" 'BEGIN { for (r = 0; r < n; ++r) { s = "1"; for (c = 1; c < n; ++c) s = s " 1"; print s } }' \
    >"$work/ones$n.txt"
done
sample="$repo_root/examples/poj1222-sample.in"

# Both builds must give the same answers before they are timed.
for b in "$old" "$new"; do
  "$b/lightsout" solve "$work/judge.in" >"$work/judge-$(basename "$b").out"
done
cmp -s "$work/judge-$(basename "$old").out" "$work/judge-$(basename "$new").out" || {
  echo "side_by_side: the two builds answer the judge input differently" >&2
  exit 1
}

# case LABEL RUNS ARGS...: one hyperfine call, old then new; appends "LABEL old_s new_s".
case_row() {
  local label=$1 runs=$2
  shift 2
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/h.json" \
    "$old/lightsout $*" "$new/lightsout $*" >/dev/null
  python3 - "$label" "$work/h.json" >>"$work/rows" <<'EOF'
import json, statistics, sys
r = json.load(open(sys.argv[2]))["results"]
print(sys.argv[1], statistics.median(r[0]["times"]), statistics.median(r[1]["times"]))
EOF
}
case_row "judge, 10^6 puzzles" "$rounds" solve "$work/judge.in"
case_row "start-up, the two-puzzle sample" "$startup_runs" solve "$sample"
case_row "10^4 x 10^4 board" "$rounds" solve "$work/big.pbm"
case_row "256 x 256 torus, 255 states" "$rounds" solve --rules torus,states=255 "$work/torus.txt"
case_row "1000 x 1000, x neighbourhood, 3 states" "$rounds" solve --rules nbhd=x,states=3 "$work/x3.txt"
case_row "fewest presses, all-ones 39 x 39" "$rounds" solve --minimal "$work/ones39.txt"
case_row "fewest presses, all-ones 61 x 61" "${BENCH_SLOW_ROUNDS:-3}" solve --minimal "$work/ones61.txt"

# The Python modules: BUILD/python of each build, or BENCH_OLD_PYTHON / BENCH_NEW_PYTHON (a
# folder holding the lightsout package) when they were built in trees of their own; run by
# Debian's /usr/bin/python3, whose numpy the module is built against.
old_py="${BENCH_OLD_PYTHON:-$old/python}"
new_py="${BENCH_NEW_PYTHON:-$new/python}"
if [[ -d $old_py/lightsout && -d $new_py/lightsout ]]; then
  cat >"$work/many.py" <<'EOF'
import statistics, sys, time
import numpy as np
import lightsout
boards = np.random.default_rng(1).integers(0, 2, size=(1000000, 5, 6), dtype=np.uint8)
solver = lightsout.Solver(5, 6)
solver.solve_many(boards[:1000])
times = []
for _ in range(int(sys.argv[1])):
    t = time.perf_counter()
    solver.solve_many(boards)
    times.append(time.perf_counter() - t)
print(statistics.median(times))
EOF
  o=() n=()
  for ((i = 0; i < 3; i++)); do  # interleaved, a few runs each time
    o+=("$(PYTHONPATH="$old_py" /usr/bin/python3 "$work/many.py" 3)")
    n+=("$(PYTHONPATH="$new_py" /usr/bin/python3 "$work/many.py" 3)")
  done
  python3 -c 'import statistics,sys; a=sys.argv[1:4]; b=sys.argv[4:]; print("Python solve_many, 10^6 boards", statistics.median(map(float,a)), statistics.median(map(float,b)))' \
    "${o[@]}" "${n[@]}" >>"$work/rows"
fi

echo "| case | old (median) | new (median) | new / old |"
echo "|---|--:|--:|--:|"
python3 - "$work/rows" <<'EOF'
import sys
for line in open(sys.argv[1]):
    *label, a, b = line.split()
    a, b = float(a), float(b)
    fmt = (lambda t: f"{t * 1000:.2f} ms") if a < 1 else (lambda t: f"{t:.3f} s")
    print(f"| {' '.join(label)} | {fmt(a)} | {fmt(b)} | {b / a:.2f} |")
EOF
