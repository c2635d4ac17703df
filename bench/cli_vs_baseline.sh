#!/usr/bin/env bash
# Time `lightsout solve` against the textbook baseline on 10^6 random 5x6 puzzles, then run solvers_bench.
#
# usage: bench/cli_vs_baseline.sh [BUILD_DIR [RESULTS_DIR]]
#   BUILD_DIR    a Release build of the project (default: build/ at the repository root)
#   RESULTS_DIR  where the raw results go (hyperfine and Google Benchmark JSON, peak RSS);
#                default: a fresh temporary directory, kept and named at the end
# Environment: BENCH_PUZZLES (1000000), BENCH_SEED (1), BENCH_RUNS (7, at least 5),
#              BENCH_MIN_TIME (0.1 s per Google Benchmark case), BENCH_REPETITIONS (5).
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
results_bench_init cli_vs_baseline "${1:-}" "${2:-}" bench-results

puzzles="${BENCH_PUZZLES:-1000000}"
min_time="${BENCH_MIN_TIME:-0.1}"
repetitions="${BENCH_REPETITIONS:-5}"

baseline="$build_dir/bench/baseline_enumerate"
gen_judge="$build_dir/bench/gen_judge"
solvers_bench="$build_dir/bench/solvers_bench"
need_executables "$lightsout" "$baseline" "$gen_judge" "$solvers_bench"
need_hyperfine
need_gnu_time

make_work bench
input="$work/puzzles.in"
out_lightsout="$work/lightsout.out"
out_baseline="$work/baseline.out"

echo "== generating $puzzles random 5x6 puzzles (seed $seed)"
"$gen_judge" "$puzzles" "$seed" >"$input"
input_bytes="$(stat -c %s "$input")"
echo "   $input_bytes bytes"

# --- 1. Same bytes, or nothing else matters. -------------------------------------------------
echo "== checking that lightsout and the baseline print identical bytes"
"$baseline" <"$input" >"$out_baseline" || die "baseline_enumerate exited with status $?"
"$lightsout" solve "$input" >"$out_lightsout" || die "lightsout solve exited with status $?"
expected_lines=$((puzzles * 6))
baseline_lines="$(wc -l <"$out_baseline")"
((baseline_lines == expected_lines)) ||
  die "baseline printed $baseline_lines lines, expected $expected_lines"
if ! cmp -s "$out_baseline" "$out_lightsout"; then
  {
    echo "cli_vs_baseline: FAIL: 'lightsout solve' output differs from the baseline"
    echo "   sizes: baseline $(stat -c %s "$out_baseline") bytes, lightsout $(stat -c %s "$out_lightsout") bytes"
    cmp "$out_baseline" "$out_lightsout" || true
    first_line="$( (cmp "$out_baseline" "$out_lightsout" 2>/dev/null || true) |
      sed -n 's/.* line \([0-9]*\).*/\1/p')"
    first_line="${first_line:-1}"
    from=$((first_line > 3 ? first_line - 3 : 1))
    echo "   --- baseline, lines $from..$((from + 8)) / +++ lightsout:"
    diff <(sed -n "${from},$((from + 8))p" "$out_baseline") \
      <(sed -n "${from},$((from + 8))p" "$out_lightsout") | cat -A | head -40 || true
  } >&2
  exit 1
fi
echo "   identical ($(stat -c %s "$out_lightsout") bytes)"

# --- 2. Wall time: alternate the two programs, one run each per round. --------------------------
# Each round is one hyperfine call (alternate_rounds in lib.sh). Two output sinks: a regular file
# in the temporary directory (what a user redirecting to a file pays) and /dev/null.
load_before="$(load_average)"
for sink in file null; do
  if [[ $sink == file ]]; then
    lo_out="$out_lightsout" base_out="$out_baseline"
  else
    lo_out=/dev/null base_out=/dev/null
  fi
  lo_cmd="$(q "$lightsout") solve $(q "$input") > $(q "$lo_out")"
  base_cmd="$(q "$baseline") < $(q "$input") > $(q "$base_out")"
  echo "== timing, output to $([[ $sink == file ]] && echo "a file in $(dirname "$work")" || echo /dev/null): $runs rounds"
  alternate_rounds "$runs" "$results_dir/hyperfine-$sink" lightsout "$lo_cmd" baseline "$base_cmd" \
    "output to $sink"
done

load_after="$(load_average)"

# --- 3. Peak resident memory (GNU time, kilobytes), output to a file. ---------------------------
echo "== peak RSS"
: >"$results_dir/rss.txt"
for ((i = 1; i <= 3; i++)); do
  /usr/bin/time -f "lightsout %M" -a -o "$results_dir/rss.txt" \
    "$lightsout" solve "$input" >"$out_lightsout"
  /usr/bin/time -f "baseline %M" -a -o "$results_dir/rss.txt" \
    "$baseline" <"$input" >"$out_baseline"
done

cat >"$results_dir/meta.txt" <<META
puzzles $puzzles
seed $seed
input_bytes $input_bytes
output_bytes $(stat -c %s "$out_lightsout")
runs $runs
tmp_dir $(dirname "$work")
load_before $load_before
load_after $load_after
min_time $min_time
repetitions $repetitions
META

# --- 4. Google Benchmark cases for the library. -------------------------------------------------
echo "== solvers_bench (min_time $min_time s, $repetitions repetitions)"
"$solvers_bench" --benchmark_format=json \
  --benchmark_min_time="$min_time" --benchmark_repetitions="$repetitions" \
  --benchmark_report_aggregates_only=true >"$results_dir/solvers_bench.json"

echo
python3 "$script_dir/render_performance.py" --tables "$results_dir"
if $keep_note; then
  echo
  echo "raw results kept in $results_dir"
fi
