#!/usr/bin/env bash
# Time `lightsout solve` on huge random boards, P4 file to P4 file (wall, peak RSS, verify); BENCH_HUGE=1 adds 10^10 cells.
#
# usage: bench/huge_boards.sh [BUILD_DIR [RESULTS_DIR]]
#   BUILD_DIR    a Release build of the project (default: build/ at the repository root)
#   RESULTS_DIR  where the raw results go (default: a fresh temporary directory, kept and named)
#
# For every size of BENCH_HUGE_SIZES: `lightsout generate RxC --format p4` (density 0.5; with
# --solvable when `lightsout info` gives a nonzero nullity), then `lightsout solve in.pbm -o
# out.pbm --quiet` timed by hyperfine (BENCH_RUNS runs, one warm-up), peak RSS by GNU time
# (highest of 3 runs), one --stats run for the phases, and `lightsout verify` must print ok.
# Writes huge-cli-RxC.txt (key value lines) and huge-cli-RxC-hyperfine.json per size.
#
# BENCH_HUGE=1 also runs BENCH_HUGE_SIZE (100000x100000: 10^10 cells, a 1.25 GB P4 file, twice
# that on disk and about 2.5 GB of RAM): generate, BENCH_HUGE_RUNS solves with --stats, verify,
# each under GNU time. That takes minutes, so it is off by default; its figures go to
# bench/results/huge-RxC.json (small, meant to be committed), which bench/run keeps rendering.
#
# Environment: BENCH_HUGE_SIZES ("1000 3162 10000 31623 100000x1000 1000x100000"; N means NxN),
#              BENCH_RUNS (7, at least 5), BENCH_SEED (1), BENCH_HUGE (0), BENCH_HUGE_SIZE
#              (100000x100000), BENCH_HUGE_RUNS (3), BENCH_HUGE_DIR (where the big files go;
#              default TMPDIR, else /tmp).
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
results_bench_init huge_boards "${1:-}" "${2:-}" huge-results

sizes="${BENCH_HUGE_SIZES:-1000 3162 10000 31623 100000x1000 1000x100000}"
huge="${BENCH_HUGE:-0}"
huge_size="${BENCH_HUGE_SIZE:-100000x100000}"
huge_runs="${BENCH_HUGE_RUNS:-3}"
huge_dir="${BENCH_HUGE_DIR:-${TMPDIR:-/tmp}}"

at_least BENCH_HUGE_RUNS "$huge_runs" 1
need_executables "$lightsout"
need_hyperfine
need_gnu_time

work=""
cleanup() { if [[ -n "$work" ]]; then rm -rf "$work"; fi; }
trap cleanup EXIT

# size_dims SIZE: "N" or "RxC" -> "R C".
size_dims() {
  if [[ $1 =~ ^([0-9]+)x([0-9]+)$ ]]; then
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
  elif [[ $1 =~ ^[0-9]+$ ]]; then
    echo "$1 $1"
  else
    die "bad size '$1' (N or RxC)"
  fi
}

# nullity R C: the nullity of the R x C board, from `lightsout info --json`.
nullity() {
  local json
  json="$("$lightsout" info "$1x$2" --json)" || die "lightsout info $1x$2 failed"
  [[ $json =~ \"nullity\":([0-9]+) ]] || die "no nullity in: $json"
  echo "${BASH_REMATCH[1]}"
}

# stats_lines FILE: solve's --stats output as key value lines: stats_method poly, phase_chase_again 0.6.
stats_lines() {
  awk '/^(method|nullity|presses):/ { sub(":", "", $1); print "stats_" $1, $2; next }
       /^ +[a-z][a-z ]* +[0-9.]+ s$/ {
         t = $(NF - 1); name = $0; sub(/ +[0-9.]+ s$/, "", name); sub(/^ +/, "", name)
         gsub(/ +/, "_", name); print "phase_" name, t }' "$1"
}

# generate R C FILE: a random P4 board of density 0.5 (solvable by construction when the nullity
# is not 0, so that a random board cannot be unsolvable); prints the generate flag used.
generate() {
  local flags=()
  [[ $4 -ne 0 ]] && flags=(--solvable)
  "$lightsout" generate "$1x$2" --seed "$seed" --density 0.5 --format p4 "${flags[@]}" -o "$3" ||
    die "lightsout generate $1x$2 failed"
  echo "${flags[*]:-random}"
}

# verify IN OUT: `lightsout verify` must print ok.
verify() {
  local said
  said="$("$lightsout" verify "$1" "$2")" || die "lightsout verify: '$said' for $1"
  [[ $said == ok ]] || die "lightsout verify printed '$said' for $1"
}

# --- 1. The CLI, P4 file to P4 file, at every size. --------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/lightsout-huge.XXXXXX")"
load_before="$(load_average)"
for size in $sizes; do
  read -r rows cols <<<"$(size_dims "$size")"
  tag="${rows}x${cols}"
  in="$work/in.pbm" out="$work/out.pbm"
  d="$(nullity "$rows" "$cols")"
  echo "== $tag: generate (nullity $d)"
  kind="$(generate "$rows" "$cols" "$in" "$d")"
  p4_bytes="$(stat -c %s "$in")"
  packed_bytes=$((rows * ((cols + 63) / 64) * 8))

  echo "   solve: $runs runs (hyperfine, one warm-up)"
  hyperfine --runs "$runs" --warmup 1 --style none \
    --export-json "$results_dir/huge-cli-$tag-hyperfine.json" \
    -n "solve $tag" "$(q "$lightsout") solve $(q "$in") -o $(q "$out") --quiet" >/dev/null 2>&1 ||
    die "hyperfine failed on $tag"

  echo "   peak RSS (3 runs), --stats, verify"
  rss=()
  for ((i = 1; i <= 3; i++)); do
    /usr/bin/time -f "%M" -o "$work/rss" "$lightsout" solve "$in" -o "$out" --quiet ||
      die "lightsout solve $tag failed"
    rss+=("$(tail -n 1 "$work/rss")")
  done
  "$lightsout" solve "$in" -o "$out" --quiet --stats 2>"$work/stats" || die "solve --stats $tag failed"
  verify "$in" "$out"
  {
    echo "rows $rows"
    echo "cols $cols"
    echo "cells $((rows * cols))"
    echo "nullity $d"
    echo "board $kind"
    echo "seed $seed"
    echo "p4_bytes $p4_bytes"
    echo "packed_bytes $packed_bytes"
    echo "runs $runs"
    echo "rss_kib ${rss[*]}"
    echo "verify ok"
    stats_lines "$work/stats"
  } >"$results_dir/huge-cli-$tag.txt"
  rm -f "$in" "$out"
done
load_after="$(load_average)"
{
  echo "sizes $sizes"
  echo "load_before $load_before"
  echo "load_after $load_after"
  echo "tmp_dir $(dirname "$work")"
} >"$results_dir/huge-cli-meta.txt"
rm -rf "$work"
work=""

# --- 2. 10^10 cells, by hand: BENCH_HUGE=1. ----------------------------------------------------
if [[ $huge == 1 ]]; then
  read -r rows cols <<<"$(size_dims "$huge_size")"
  tag="${rows}x${cols}"
  p4_guess=$((rows * ((cols + 7) / 8) + 64))
  packed_bytes=$((rows * ((cols + 63) / 64) * 8))
  mkdir -p "$huge_dir"
  free_kib="$(df -Pk "$huge_dir" | awk 'NR == 2 { print $4 }')"
  need_kib=$((2 * p4_guess / 1024 + 1024 * 1024))  # board and presses, and 1 GiB to spare
  ((free_kib >= need_kib)) ||
    die "$tag needs $((need_kib / 1024)) MiB free in $huge_dir, only $((free_kib / 1024)) MiB there"
  avail_kib="$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)"
  ((avail_kib >= 5 * packed_bytes / 2 / 1024)) ||
    die "$tag needs about $((5 * packed_bytes / 2 / 1048576)) MiB of RAM, $((avail_kib / 1024)) MiB available"
  work="$(mktemp -d "$huge_dir/lightsout-huge.XXXXXX")"
  in="$work/in.pbm" out="$work/out.pbm"
  d="$(nullity "$rows" "$cols")"
  echo "== $tag (BENCH_HUGE=1): $((free_kib / 1024)) MiB free in $huge_dir, nullity $d"
  load_before="$(load_average)"
  echo "   generate"
  flags=()
  [[ $d -ne 0 ]] && flags=(--solvable)
  /usr/bin/time -f "%e %M" -o "$work/gen.time" "$lightsout" generate "$tag" --seed "$seed" \
    --density 0.5 --format p4 "${flags[@]}" -o "$in" || die "lightsout generate $tag failed"
  p4_bytes="$(stat -c %s "$in")"
  for ((i = 1; i <= huge_runs; i++)); do
    echo "   solve $i/$huge_runs"
    /usr/bin/time -f "%e %M" -o "$work/solve-$i.time" "$lightsout" solve "$in" -o "$out" \
      --quiet --stats 2>"$work/solve-$i.stats" || die "lightsout solve $tag failed (run $i)"
    # GNU time appends its line to -o; --stats went to the other file.
    stats_lines "$work/solve-$i.stats" >"$work/solve-$i.kv"
  done
  echo "   verify"
  /usr/bin/time -f "%e %M" -o "$work/verify.time" "$lightsout" verify "$in" "$out" \
    >"$work/verify.out" || die "lightsout verify $tag: $(cat "$work/verify.out")"
  [[ "$(cat "$work/verify.out")" == ok ]] || die "lightsout verify $tag printed $(cat "$work/verify.out")"
  load_after="$(load_average)"
  commit="$(git -C "$repo_root" rev-parse HEAD 2>/dev/null || echo unknown)"
  dirty=false
  [[ -n "$(git -C "$repo_root" status --porcelain --untracked-files=no 2>/dev/null)" ]] && dirty=true
  mkdir -p "$script_dir/results"
  json="$script_dir/results/huge-$rows.json"
  [[ $rows == "$cols" ]] || json="$script_dir/results/huge-$tag.json"
  HB_WORK="$work" HB_RUNS="$huge_runs" HB_ROWS="$rows" HB_COLS="$cols" HB_NULLITY="$d" \
    HB_SEED="$seed" HB_P4="$p4_bytes" HB_PACKED="$packed_bytes" HB_COMMIT="$commit" \
    HB_DIRTY="$dirty" HB_FREE="$free_kib" HB_LOAD_BEFORE="$load_before" \
    HB_LOAD_AFTER="$load_after" HB_SOLVABLE="${flags[*]:-}" python3 - >"$json.tmp" <<'PY'
import datetime, json, os, platform, re, statistics
from pathlib import Path

env = os.environ
work = Path(env["HB_WORK"])

def timed(name):
    wall, rss = work.joinpath(name).read_text().split()[-2:]
    return {"wall_s": float(wall), "peak_rss_kib": int(rss)}

def kv(name):
    out = {}
    for line in work.joinpath(name).read_text().splitlines():
        key, _, value = line.partition(" ")
        out[key] = value
    return out

solves = []
for i in range(1, int(env["HB_RUNS"]) + 1):
    run = timed(f"solve-{i}.time")
    stats = kv(f"solve-{i}.kv")
    run["method"] = stats.get("stats_method", "?")
    run["phases_s"] = {k[len("phase_"):]: float(v) for k, v in stats.items() if k.startswith("phase_")}
    solves.append(run)
cpu = re.search(r"^model name\s*:\s*(.*)$", Path("/proc/cpuinfo").read_text(), re.M)
mem = int(re.search(r"^MemTotal:\s*(\d+)", Path("/proc/meminfo").read_text(), re.M).group(1))
rows, cols = int(env["HB_ROWS"]), int(env["HB_COLS"])
packed = int(env["HB_PACKED"])
walls = [s["wall_s"] for s in solves]
median_run = sorted(solves, key=lambda s: s["wall_s"])[(len(solves) - 1) // 2]
doc = {
    "what": "lightsout solve, P4 file to P4 file, measured by hand with BENCH_HUGE=1 bench/huge_boards.sh",
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    "commit": env["HB_COMMIT"],
    "uncommitted_changes": env["HB_DIRTY"] == "true",
    "machine": {
        "cpu": cpu.group(1) if cpu else platform.processor(),
        "cores": len(os.sched_getaffinity(0)),
        "ram_gib": round(mem / 1024 / 1024, 1),
        "os": f"{platform.system()} {platform.release()}",
    },
    "load_before": env["HB_LOAD_BEFORE"],
    "load_after": env["HB_LOAD_AFTER"],
    "disk_free_mib_before": int(env["HB_FREE"]) // 1024,
    "rows": rows,
    "cols": cols,
    "cells": rows * cols,
    "nullity": int(env["HB_NULLITY"]),
    "board": "solvable (generate --solvable), density 0.5" if env["HB_SOLVABLE"] else "random, density 0.5",
    "seed": int(env["HB_SEED"]),
    "p4_bytes": int(env["HB_P4"]),
    "packed_bytes": packed,
    "generate": timed("gen.time"),
    "solve_runs": solves,
    "solve_median_wall_s": statistics.median(walls),
    "solve_median_run_phases_s": median_run["phases_s"],
    "solve_peak_rss_kib": max(s["peak_rss_kib"] for s in solves),
    "verify": dict(timed("verify.time"), output=work.joinpath("verify.out").read_text().strip()),
}
doc["solve_rss_over_packed"] = round(doc["solve_peak_rss_kib"] * 1024 / packed, 3)
print(json.dumps(doc, indent=2))
PY
  mv "$json.tmp" "$json"
  cp "$json" "$results_dir/"
  echo "   wrote ${json#"$repo_root"/}"
  rm -rf "$work"
  work=""
fi

echo
for f in "$results_dir"/huge-cli-[0-9]*x[0-9]*.txt; do
  echo "   $(basename "$f" .txt): $(grep -E '^(rss_kib|phase_total)' "$f" | tr '\n' ' ')"
done
if $keep_note; then
  echo "raw results kept in $results_dir"
fi
