#!/usr/bin/env bash
# The fewest-presses branch and bound against the exhaustive Walsh-Hadamard mode, the whole CLI
# (`lightsout solve --minimal --minimal-time 0`, then with `--minimal-method exhaustive`), in one
# run: the all-ones n x n boards of n = 39, 47, 64, 67 and random solvable boards of nullity 24 to
# 32. Each case: the two answers must be the same presses (both return the first lightest), then
# ROUNDS hyperfine rounds of one run each, the order alternating; the medians and their ratio.
# Then the search alone (bench/fewest_bench, Google Benchmark: minimize_board on the same board
# files, the solving and the quiet patterns done outside the timing), ROUNDS repetitions a method,
# the medians and their ratio.
#
# usage: bench/fewest_wht.sh [BUILD_DIR]   (default: build/ at the repository root)
# Environment: FEWEST_WHT_ROUNDS (3), FEWEST_WHT_CASES (all: a space-separated subset of the
# case names below). Writes the section "Fewest presses: branch and bound against exhaustive
# search" of docs/performance.md.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init fewest_wht "${1:-}"
rounds="${FEWEST_WHT_ROUNDS:-3}"
at_least FEWEST_WHT_ROUNDS "$rounds" 1

ensure_tools hyperfine
cd "$repo_root"
cmake -S . -B "$build_dir" -DLIGHTSOUT_BENCH=ON >/dev/null  # the benchmarks build only when asked for
cmake --build "$build_dir" -j2 --target lightsout fewest_bench >/dev/null
bin="$build_dir/lightsout"
make_work fewest_wht

# name size board-kind (ones, or random with a seed)
all_cases=(
  "ones39 39x39 ones" "ones47 47x47 ones" "ones64 64x64 ones" "ones67 67x67 ones"
  "rand62x62 62x62 1" "rand27x35 27x35 2" "rand64x64 64x64 3" "rand35x83 35x83 4"
  "rand31x47 31x47 5" "rand39x39 39x39 6" "rand47x63 47x63 7"
)
wanted=" ${FEWEST_WHT_CASES:-${all_cases[*]%% *}} "
load_before=$(load_average)
rows=()
boards=()
for c in "${all_cases[@]}"; do
  read -r name size kind <<<"$c"
  [[ $wanted == *" $name "* ]] || continue
  board="$work/$name.txt"
  if [[ $kind == ones ]]; then
    awk -v r="${size%x*}" -v c="${size#*x}" \
      'BEGIN { for (i = 0; i < r; i++) { s = "1"; for (j = 1; j < c; j++) s = s " 1"; print s } }' \
      >"$board"
  else
    "$bin" generate "$size" --solvable --seed "$kind" >"$board"
  fi
  nullity=$("$bin" info "$size" --json | sed -E 's/.*"nullity":([0-9]+).*/\1/')
  bnb="$bin solve --size $size --input single --minimal --minimal-time 0 $(q "$board")"
  all="$bnb --minimal-method exhaustive"
  eval "$bnb" >"$work/bnb.out"
  eval "$all" >"$work/all.out"
  cmp -s "$work/bnb.out" "$work/all.out" || die "$name: the two methods answer differently"
  presses=$(tr -cd 1 <"$work/bnb.out" | wc -c)
  echo "$name ($size, nullity $nullity, $presses presses): $rounds rounds" >&2
  alternate_rounds "$rounds" "$work/$name" "branch-and-bound" "$bnb" "exhaustive" "$all" "$name" >&2
  read -r t_bnb t_all < <(python3 - "$work/$name" "$rounds" <<'PY'
import json, statistics, sys
prefix, rounds = sys.argv[1], int(sys.argv[2])
times = {"branch-and-bound": [], "exhaustive": []}
for r in range(1, rounds + 1):
    for x in json.load(open(f"{prefix}-{r}.json"))["results"]:
        times[x["command"]].append(x["median"])
print(statistics.median(times["branch-and-bound"]), statistics.median(times["exhaustive"]))
PY
  )
  rows+=("$name $size $nullity $presses $t_bnb $t_all")
  boards+=("$name=$board")
done
# The search alone, every board, both methods.
"$build_dir/bench/fewest_bench" "${boards[@]}" --benchmark_repetitions="$rounds" \
  --benchmark_report_aggregates_only=true --benchmark_format=json >"$work/engine.json"
load_after=$(load_average)

python3 - "$repo_root" "$rounds" "$load_before" "$load_after" "$work/engine.json" "${rows[@]}" <<'PY'
import json, pathlib, subprocess, sys
sys.path.insert(0, str(pathlib.Path(sys.argv[1]) / "bench"))
from doc_section import replace_section
repo, rounds, before, after = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
engine = {}  # (board name, method) -> median seconds of the search alone
for b in json.load(open(sys.argv[5]))["benchmarks"]:
    if b.get("aggregate_name") == "median":
        name, method = b["run_name"].split("/")[:2]
        engine[(name, method)] = b["real_time"] / 1000.0
cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
date = subprocess.run(["date", "-u", "+%Y-%m-%d"], capture_output=True, text=True).stdout.strip()
heading = "## Fewest presses: branch and bound against exhaustive search"
lines = [
    f"Written by `bench/fewest_wht.sh` on {date}: {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores ({cpu}).",
    "The whole command, `lightsout solve --size S --input single --minimal --minimal-time 0`, "
    "against the same with `--minimal-method exhaustive` (every solution weighed, 2^16 or 2^18 at a time "
    "by one vectorised Walsh-Hadamard transform, on every core); both print the same presses "
    f"(checked). Median wall time of {rounds} rounds of one run each, the order alternating. "
    "The search alone: `bench/fewest_bench` (Google Benchmark), `minimize_board` on the same "
    "board, the solving and its quiet patterns done once outside the timing; median of "
    f"{rounds} repetitions. Load average (1, 5, 15 min) before: {before}; after: {after}"
    + (" (the machine was busy: the times are slower than on an idle one, the ratios less so)."
       if float(before.split()[0]) > 2.5 or float(after.split()[0]) > 2.5 else "."),
    "",
    "| board | nullity | fewest presses | branch and bound | exhaustive | exhaustive / branch and bound "
    "| search alone: branch and bound | exhaustive | ratio |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
]
for row in sys.argv[6:]:
    name, size, nullity, presses, bnb, exh = row.split()
    kind = "all ones" if name.startswith("ones") else "random"
    e_bnb, e_all = engine[(name, "branch-and-bound")], engine[(name, "exhaustive")]
    lines.append(f"| {size} {kind} | {nullity} | {presses} | {float(bnb):.3f} s | "
                 f"{float(exh):.3f} s | {float(exh) / float(bnb):.2f} | {e_bnb * 1000:.1f} ms | "
                 f"{e_all * 1000:.1f} ms | {e_all / e_bnb:.2f} |")
replace_section(repo / "docs/performance.md", heading, heading + "\n\n" + "\n".join(lines) + "\n")
PY
echo "wrote docs/performance.md" >&2
