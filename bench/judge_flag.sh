#!/usr/bin/env bash
# `solve --judge poj1222` / `--judge oj2811` beside today's `solve` in the same run: the same bytes
# on both samples and on 10^6 random 5x6 puzzles, and the time of the 10^6 in alternating rounds;
# writes the "--judge beside the plain judge mode" section of docs/performance.md.
#
# usage: bench/judge_flag.sh [BUILD_DIR]   (default: build/ at the repository root)
# Environment: BENCH_PUZZLES (1000000), BENCH_SEED (1), BENCH_FLOOR_ROUNDS (15, at least 5).
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
floor_bench_init judge_flag "${1:-}" gen_judge flag
puzzles="${BENCH_PUZZLES:-1000000}"
examples="$repo_root/examples"
"$lightsout" solve "$examples/poj1222-sample.in" >"$work/plain-1222.out"
"$lightsout" solve --judge poj1222 "$examples/poj1222-sample.in" >"$work/flag-1222.out"
cmp -s "$work/plain-1222.out" "$work/flag-1222.out" || die "--judge poj1222 differs on the sample"
"$lightsout" solve "$examples/oj2811-sample.in" >"$work/plain-2811.out"
"$lightsout" solve --judge oj2811 "$examples/oj2811-sample.in" >"$work/flag-2811.out"
cmp -s "$work/plain-2811.out" "$work/flag-2811.out" || die "--judge oj2811 differs on the sample"
echo "== generating $puzzles random 5x6 puzzles (seed $seed)"
"$generator" "$puzzles" "$seed" >"$work/in.txt"
"$lightsout" solve "$work/in.txt" >"$work/plain.out"
"$lightsout" solve --judge poj1222 "$work/in.txt" >"$work/flag.out"
cmp -s "$work/plain.out" "$work/flag.out" || die "--judge poj1222 differs on the batch"
echo "   identical output on both samples and the batch"

plain_cmd="$(q "$lightsout") solve $(q "$work/in.txt") > $(q "$work/plain.out")"
flag_cmd="$(q "$lightsout") solve --judge poj1222 $(q "$work/in.txt") > $(q "$work/flag.out")"
floor_rounds plain "$plain_cmd" flag "$flag_cmd"
cmp -s "$work/plain.out" "$work/flag.out" || die "output differs after timing"

python3 - "$work" "$repo_root" "$rounds" "$puzzles" "$load_before" "$load_after" \
  "$(git -C "$repo_root" rev-parse --short=12 HEAD)" <<'PY'
import json, pathlib, statistics, sys, datetime
work, repo = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
sys.path.insert(0, str(repo / "bench"))
from doc_section import replace_section
rounds, puzzles = int(sys.argv[3]), int(sys.argv[4])
load_before, load_after, commit = sys.argv[5:8]
runs = {"plain": [], "flag": []}
for r in range(1, rounds + 1):
    for res in json.loads((work / f"round-{r}.json").read_text())["results"]:
        runs[res["command"]].append(res["times"][0])
med = {k: statistics.median(v) for k, v in runs.items()}
per_round = statistics.median(f / p for f, p in zip(runs["flag"], runs["plain"]))
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
heading = "## `--judge poj1222` beside the plain judge mode"
out = [heading, "",
       f"`bench/judge_flag.sh`, measured {now} on commit `{commit}`: `solve --judge poj1222` and "
       f"`--judge oj2811` print the same bytes as `solve` alone on both samples and on "
       f"{puzzles:,} random 5 x 6 puzzles (checked before and after timing); the 10^6 timed in "
       f"{rounds} alternating rounds, output to a file. Load average before / after: "
       f"{load_before} / {load_after}.", "",
       "| command | wall, median (min - max) |", "| --- | ---: |",
       f"| `lightsout solve in > file` | {med['plain'] * 1000:.1f} ms "
       f"({min(runs['plain']) * 1000:.1f} - {max(runs['plain']) * 1000:.1f} ms) |",
       f"| `lightsout solve --judge poj1222 in > file` | {med['flag'] * 1000:.1f} ms "
       f"({min(runs['flag']) * 1000:.1f} - {max(runs['flag']) * 1000:.1f} ms) |", "",
       f"Ratio of the medians, --judge / plain: **{med['flag'] / med['plain']:.2f}x** (median of "
       f"the per-round ratios: {per_round:.2f}x).", ""]
replace_section(repo / "docs" / "performance.md", heading, "\n".join(out) + "\n")
print("\n".join(out))
PY
