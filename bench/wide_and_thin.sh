#!/usr/bin/env bash
# Wide against tall and thin boards: `lightsout solve` P4 to P4, medians, peak RSS; writes docs/wide-and-thin.md.
#
# usage: bench/wide_and_thin.sh [BUILD_DIR]
#   BUILD_DIR  a Release build (default: build/ at the repository root)
#
# 1. The same cells tall and wide: BENCH_WIDE (default 10000x1000000, 10^10 cells, two 1.25 GB
#    files) and its transpose, solved BENCH_RUNS times each (default 5), alternating, each under
#    GNU time (wall, user, system, peak RSS); medians and the wide/tall ratio.
# 2. Thin boards: 1xN and Nx1 for N = BENCH_THIN (default 20000000), 3 runs each: median wall
#    and peak RSS against the packed board (N / 8 bytes).
# 3. One very long row: 1xBENCH_LONG (default 1000000000): one solve, wall, peak RSS, verify.
# Every output is checked by `lightsout verify`. Big files go to BENCH_DIR (default TMPDIR or
# /tmp) and are removed at the end. The section bench/wide_tall.sh writes stays as it is.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init wide_and_thin "${1:-}"
wide="${BENCH_WIDE:-10000x1000000}"
runs="${BENCH_RUNS:-5}"
thin="${BENCH_THIN:-20000000}"
long="${BENCH_LONG:-1000000000}"
need_executables "$lightsout"
need_gnu_time

make_work wide "${BENCH_DIR:-}"
results="$work/results.txt"
: >"$results"

rows=${wide%x*}
cols=${wide#*x}
tall="${cols}x${rows}"
echo "== $tall and $wide" >&2
"$lightsout" generate --solvable --seed 1 "$tall" -o "$work/tall.pbm"
"$lightsout" generate --solvable --seed 1 "$wide" -o "$work/wide.pbm"
for ((i = 0; i < runs; ++i)); do
  timed tall "$lightsout" solve --quiet "$work/tall.pbm" -o "$work/tall-out.pbm"
  timed wide "$lightsout" solve --quiet "$work/wide.pbm" -o "$work/wide-out.pbm"
done
verify_answer "$work/tall.pbm" "$work/tall-out.pbm"
verify_answer "$work/wide.pbm" "$work/wide-out.pbm"
rm -f "$work"/tall*.pbm "$work"/wide*.pbm

for size in "1x$thin" "${thin}x1"; do
  echo "== $size" >&2
  "$lightsout" generate --solvable --seed 1 "$size" -o "$work/thin.pbm"
  for ((i = 0; i < 3; ++i)); do
    timed "thin-$size" "$lightsout" solve --quiet "$work/thin.pbm" -o "$work/thin-out.pbm"
  done
  verify_answer "$work/thin.pbm" "$work/thin-out.pbm"
done

echo "== 1x$long" >&2
"$lightsout" generate --seed 1 "1x$long" -o "$work/long.pbm"
timed long "$lightsout" solve --quiet "$work/long.pbm" -o "$work/long-out.pbm"
verify_answer "$work/long.pbm" "$work/long-out.pbm"

# The section bench/wide_tall.sh writes is kept as it is.
kept=$(sed -n '/^<!-- bench\/wide_tall.sh -->$/,/^<!-- end of bench\/wide_tall.sh -->$/p' \
  "$repo_root/docs/wide-and-thin.md" 2>/dev/null || true)
python3 - "$results" "$wide" "$tall" "$thin" "$long" "$runs" >"$repo_root/docs/wide-and-thin.md" <<'EOF'
import statistics, subprocess, sys
path, wide, tall, thin, long_, runs = sys.argv[1:]
rows = {}
for line in open(path):
    label, wall, user, sys_, kb = line.split()
    rows.setdefault(label, []).append((float(wall), float(user), float(sys_), int(kb)))
def med(label, i):
    return statistics.median(r[i] for r in rows[label])
cpu = subprocess.run(["sh", "-c", "lscpu | sed -n 's/^Model name: *//p' | head -1"],
                     capture_output=True, text=True).stdout.strip()
print("# Wide, tall and thin boards\n")
print("Written by `bench/wide_and_thin.sh` (do not edit by hand): `lightsout solve` from a P4 file")
print("to a P4 file, each output checked by `lightsout verify`. Wall and CPU times are medians;")
print(f"peak RSS is the highest seen. Machine: {cpu}, 2 cores.\n")
print(f"## The same cells, tall and wide ({runs} runs each, alternating)\n")
print("| board | wall (s) | user (s) | system (s) | peak RSS (MB) |")
print("|---|--:|--:|--:|--:|")
for label, size in (("tall", tall), ("wide", wide)):
    print(f"| {size} | {med(label, 0):.2f} | {med(label, 1):.2f} | {med(label, 2):.2f} | "
          f"{max(r[3] for r in rows[label]) / 1024:.0f} |")
print(f"\nWide / tall, median wall: **{med('wide', 0) / med('tall', 0):.2f}x**; CPU (user + system):"
      f" {(med('wide', 1) + med('wide', 2)) / (med('tall', 1) + med('tall', 2)):.2f}x.\n")
print("## Thin boards (3 runs each)\n")
packed = int(thin) / 8 / 2**20
print(f"The packed board is {packed:.1f} MB; the bound asked for is 3x that + 16 MB = "
      f"{3 * packed + 16:.1f} MB.\n")
print("| board | wall (s) | peak RSS (MB) |")
print("|---|--:|--:|")
for size in (f"1x{thin}", f"{thin}x1"):
    label = f"thin-{size}"
    print(f"| {size} | {med(label, 0):.2f} | {max(r[3] for r in rows[label]) / 1024:.1f} |")
print("\n## One very long row\n")
w, u, s_, kb = rows["long"][0]
print(f"1x{long_} (random, one run): {w:.1f} s wall, {u:.1f} s user, peak RSS {kb / 1024:.0f} MB "
      f"(the packed board is {int(long_) / 8 / 2**20:.0f} MB; lights and presses are both held, "
      "and beside them a wide board's chases keep a few rows of the long side).")
EOF
if [[ -n $kept ]]; then printf '\n%s\n' "$kept" >>"$repo_root/docs/wide-and-thin.md"; fi
echo "== wrote docs/wide-and-thin.md" >&2
