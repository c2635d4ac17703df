#!/usr/bin/env bash
# Resource-limit tests: endless, oversized and lying inputs end in exit 2 with one stderr line
# naming the place and the limit, within a bound on elapsed time and peak memory (GNU time's %M
# when /usr/bin/time exists; always under `timeout` and a `ulimit -v` cap).
# Usage: run_limits_tests.sh LIGHTSOUT_BIN JUDGE_VERIFY_BIN
set -uo pipefail

bin=$1
judge_verify=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

gnu_time=/usr/bin/time
[[ -x $gnu_time ]] || gnu_time=""

# over_bounds START END SECONDS MAX_KB: how a run from START to END (EPOCHREALTIME values) broke
# its bounds, more than SECONDS elapsed or more than MAX_KB peak RSS (GNU time's line in
# $work/time, when there is one); nothing when it kept them.
over_bounds() {
  local elapsed kb=0
  elapsed=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }')
  if [[ -s $work/time ]]; then
    read -r _ kb < <(tail -n 1 "$work/time")
  fi
  if awk -v e="$elapsed" -v s="$3" 'BEGIN { exit !(e > s) }'; then
    echo "took ${elapsed} s, wanted <= $3 s"
  elif [[ $kb -gt $4 ]]; then
    echo "peak RSS $kb KB, wanted <= $4 KB"
  fi
}

# bounded NAME SECONDS MAX_KB STDERR_LINE INPUT -- ARGS...: runs $bin ARGS with stdin from INPUT
# (a file, or "yes" for the endless "1\n" stream of yes(1)) under `timeout` and `ulimit -v` (twice
# MAX_KB plus 256 MiB, so a regression fails instead of eating the machine). Wants exit 2, exactly
# STDERR_LINE on stderr, at most SECONDS elapsed and at most MAX_KB peak RSS.
bounded() {
  local name=$1 secs=$2 max_kb=$3 message=$4 input=$5
  shift 6
  local vm=$((max_kb * 2 + 262144))
  local measure=()
  [[ -n $gnu_time ]] && measure=("$gnu_time" -f '%e %M' -o "$work/time")
  rm -f "$work/time"
  local start=$EPOCHREALTIME
  if [[ $input == yes ]]; then
    yes 1 | (
      ulimit -v "$vm"
      exec timeout 20 "${measure[@]}" "$bin" "$@"
    ) >"$work/out" 2>"$work/err"
    rc=${PIPESTATUS[1]}
  else
    (
      ulimit -v "$vm"
      exec timeout 20 "${measure[@]}" "$bin" "$@"
    ) <"$input" >"$work/out" 2>"$work/err"
    rc=$?
  fi
  local end=$EPOCHREALTIME why
  why=$(error_mismatch 2 "$message")
  [[ -n $why ]] || why=$(over_bounds "$start" "$end" "$secs" "$max_kb")
  if [[ -n $why ]]; then
    fail "$name: $why"
  else
    pass
  fi
}

# An endless token quotes 20 bytes then "...".
zeros=$(printf '\\x00%.0s' {1..20})
ones=$(printf '1%.0s' {1..20})
fast=1    # seconds: the targets are 0.1 s; the bound leaves room for a loaded machine
small=32768  # KB of peak RSS

# --- judge mode: /dev/zero fails at its first bytes, in every layout, from stdin or as a file ---
stdin="lightsout: <stdin>:1:1:"
bounded judge_zero $fast $small "$stdin expected 0 or 1, found '$zeros...' (puzzle 1)" /dev/zero -- solve
bounded judge_zero_count $fast $small "$stdin count must be a positive integer, found '$zeros...' (puzzle 1)" /dev/zero -- solve --input count
bounded judge_zero_single $fast $small "$stdin expected 0 or 1, found '$zeros...' (puzzle 1)" /dev/zero -- solve --input single
bounded judge_zero_states3 $fast $small "$stdin expected a value 0..2, found '$zeros...' (puzzle 1)" /dev/zero -- solve --rules states=3
bounded judge_zero_1x1 $fast $small "$stdin expected 0 or 1, found '$zeros...' (puzzle 1)" /dev/zero -- solve --size 1x1
bounded judge_zero_file $fast $small "lightsout: /dev/zero:1:1: expected 0 or 1, found '$zeros...' (puzzle 1)" /dev/null -- solve /dev/zero
bounded judge_zero_file_1x1 $fast $small "lightsout: /dev/zero:1:1: expected 0 or 1, found '$zeros...' (puzzle 1)" /dev/null -- solve --size 1x1 /dev/zero
# An endless run of digits: no count is that long, and detection stops looking after 64 KiB.
yes 1 | tr -d '\n' | head -c 10000000 >"$work/digits"
bounded judge_digits $fast $small "$stdin expected 0 or 1, found '$ones...' (puzzle 1)" "$work/digits" -- solve
# A finite long token keeps its message: alone on its line it was meant as a count.
printf '%s\n' "$(printf 'a%.0s' {1..30})" >"$work/long"
bounded judge_long_count $fast $small "$stdin count must be a positive integer, found '$(printf 'a%.0s' {1..20})...' (puzzle 1)" "$work/long" -- solve

# --- board-file mode: /dev/zero in every format ---
bounded grid_zero $fast $small "$stdin expected '0', '1', '.' or '#', found '\\x00'" /dev/zero -- solve --format grid -
bounded judge_board_zero $fast $small "$stdin expected 0 or 1, found '$zeros...'" /dev/zero -- solve --format judge -
bounded p1_zero $fast $small "$stdin expected PBM magic P1 or P4, found '$zeros...'" /dev/zero -- solve --format p1 -
bounded p4_zero $fast $small "$stdin expected PBM magic P1 or P4, found '$zeros...'" /dev/zero -- solve --format p4 -
bounded states3_board_zero $fast $small "$stdin expected a value 0..2, found '$zeros...'" /dev/zero -- solve --rules states=3 --format judge -
# One 50 MB token of '0' digits: refused at its second digit, not read to its end.
head -c 50000000 /dev/zero | tr '\0' '0' >"$work/digits.txt"
bounded states3_board_long_token $fast $small "$stdin expected a value 0..2, found '$(printf '0%.0s' {1..20})...'" "$work/digits.txt" -- solve --rules states=3 --format judge -

# A lying P4 header: 10^12 cells claimed in 20 bytes are over the default limit for a file, 2^34.
data="$(dirname "${BASH_SOURCE[0]}")/../data/boards"
bounded p4_lying_header $fast $small "lightsout: $data/lying-header.pbm:2:1: width 1000000 x height 1000000 exceeds the limit of 67108864 cells (--max-cells)" /dev/null -- solve "$data/lying-header.pbm" -o "$work/p.pbm"

# --- endless valid boards from a pipe stop at the stream limit (2^26 cells; one column is kept
# by columns, a bit a cell: 8 MiB), or at --max-cells ---
over="board exceeds the limit of 67108864 cells (--max-cells)"
bounded grid_endless 15 65536 "lightsout: <stdin>:67108865:1: $over" yes -- solve --format grid - -o "$work/p.grid"
bounded judge_board_endless 15 65536 "lightsout: <stdin>:67108865:1: $over" yes -- solve --format judge - -o "$work/p.txt"
bounded render_endless 15 65536 "lightsout: <stdin>:67108865:1: $over" yes -- render - -o "$work/p.png"
bounded grid_max_cells $fast $small "lightsout: <stdin>:1001:1: board exceeds the limit of 1000 cells (--max-cells)" yes -- solve --format grid --max-cells 1000 - -o "$work/p.grid"
printf '1\n' >"$work/one.grid"
bounded verify_max_cells $fast $small "lightsout: <stdin>:11:1: board exceeds the limit of 10 cells (--max-cells)" yes -- verify --format grid --max-cells 10 - "$work/one.grid"

# --- judge mode refuses sizes over its cell limit before allocating (a file: what its size can
# hold, at least 2^26 cells; a pipe: 2^26) ---
printf '1\n0 1 0 1 0 1\n1 0 1 0 1 0\n0 1 0 1 0 1\n1 0 1 0 1 0\n0 1 0 1 0' >"$work/p60.txt"  # 60 bytes
bounded judge_size_file $fast $small "lightsout: --size: 200000x200000 is 40000000000 cells, over the limit of 67108864 cells (--max-cells)" /dev/null -- solve --size 200000x200000 "$work/p60.txt"
bounded judge_size_pipe $fast $small "lightsout: --size: 10000x10000 is 100000000 cells, over the limit of 67108864 cells (--max-cells)" /dev/zero -- solve --size 10000x10000
# Past the limit, memory running out is one line naming what was being done.
bounded judge_out_of_memory $fast 262144 "lightsout: out of memory while reading and solving 1000000x1000000 puzzles" /dev/null -- solve --size 1000000x1000000 --max-cells 1099511627776 "$work/p60.txt"

# --- a graph larger than any solver takes (2^16 nodes for K > 2) is refused before it is built ---
printf '16777216\n' >"$work/g.txt"  # 9 bytes
bounded graph_huge $fast $small "lightsout: --rules: token 'graph=$work/g.txt': the graph has 16777216 nodes, over the limit of 65536 here" /dev/null -- solve --rules "graph=$work/g.txt,states=3" /dev/null
bounded graph_huge_two_states $fast $small "lightsout: --rules: token 'graph=$work/g.txt': the graph has 16777216 nodes, over the limit of 1048576 here" /dev/null -- solve --rules "graph=$work/g.txt" /dev/null
bounded graph_huge_info $fast $small "lightsout: --rules: token 'graph=$work/g.txt': the graph has 16777216 nodes, over the limit of 1048576 here" /dev/null -- info --rules "graph=$work/g.txt"

# --- rules solves are weighed by the core's estimate (the server's) before anything is built:
# past --memory or the work limit, or the dense elimination's cell limit, one line at once ---
rules_fast=0.5      # seconds: the targets are a few ms (the graph files: their parsing)
rules_small=65536   # KB of peak RSS
# Graphs of 200,000 and 262,144 nodes (the latter a 10 MB file) whose edges join far nodes: dense
# elimination, n^2 bits; M4RI used to abort (SIGABRT) after gigabytes. Parsing the 10 MB file
# takes 0.3 s of CPU, which a loaded machine stretched past 1 s of wall time: these take 5 s,
# still far from the minutes and gigabytes of the old failure.
graph_fast=5
awk 'BEGIN { n = 200000; print n; for (i = 0; i < n; i++) { j = (i * 7919 + 104729) % n; if (j != i) print i, j } }' >"$work/g200k.txt"
awk 'BEGIN { n = 262144; print n; for (i = 0; i < n; i++) for (k = 1; k <= 3; k++) { j = (i * 7919 * k + 104729 * k) % n; if (j != i) print i, j } }' >"$work/g262k.txt"
bounded rules_graph_200k $graph_fast $rules_small "lightsout: --rules: a 200000x1 board under graph=$work/g200k.txt needs about 9.3G for dense elimination, over the limit of 4.0G (give a larger --memory to try it)" /dev/null -- info --rules "graph=$work/g200k.txt" --memory 4G
bounded rules_graph_262k $graph_fast $rules_small "lightsout: --rules: a 262144x1 board under graph=$work/g262k.txt needs about 16G for dense elimination, over the limit of 4.0G (give a larger --memory to try it)" /dev/null -- info --rules "graph=$work/g262k.txt" --memory 4G
bounded rules_graph_solve $graph_fast $rules_small "lightsout: --rules: a 200000x1 board under graph=$work/g200k.txt needs about 9.3G for dense elimination, over the limit of 4.0G (give a larger --memory to try it)" /dev/null -- solve --rules "graph=$work/g200k.txt" --memory 4G /dev/null
# Past the dense cell limit (2^18 cells for two states): the Solver's own line, at the default
# --memory, in judge mode, board-file mode, info, render --solve (they used to build the press
# system first: 106 s and 16.8 GB for rowcol, 5.4 s and 1.9 GB for 60000000x1). rowcol without
# holes has its closed form; with a holes grid (here one without a hole) it is dense elimination.
dense="the rules solver (dense elimination) takes at most 262144 cells for 2 states"
"$bin" generate 1000x1000 --density 0 -o "$work/z1000.grid"
"$bin" generate 256x256 --density 0 -o "$work/z256.grid"
rowcol_holes="nbhd=rowcol,holes=$work/z1000.grid"
bounded rules_rowcol_judge $rules_fast $rules_small "lightsout: --rules: a 1000x1000 board has 1000000 cells; $dense" /dev/null -- solve --rules "$rowcol_holes" --size 1000x1000 /dev/null
"$bin" generate 1000x1000 --seed 3 -o "$work/k1000.pbm"
bounded rules_rowcol_file $rules_fast $rules_small "lightsout: --rules: a 1000x1000 board has 1000000 cells; $dense" /dev/null -- solve --rules "$rowcol_holes" "$work/k1000.pbm" -o "$work/p1000.pbm"
bounded rules_rowcol_render $rules_fast $rules_small "lightsout: --rules: a 1000x1000 board has 1000000 cells; $dense" /dev/null -- render --rules "$rowcol_holes" "$work/k1000.pbm" --solve -o "$work/k1000.png"
bounded rules_x_thin $rules_fast $rules_small "lightsout: --rules: a 60000000x1 board has 60000000 cells; $dense" /dev/null -- solve --rules nbhd=x --size 60000000x1 /dev/null
# (x on 8000 x 8000 chases with 15999 unknowns; 20000 x 20000 is past the chase and the band)
# The refusal names the limit passed: light chasing's unknowns, the method that answers below it.
x_chase="lightsout: --rules: a 20000x20000 board has 39999 unknowns for light chasing (the rows and columns the neighbourhood reaches from the edges), which takes at most 16384 for 2 states, and its 400000000 cells are past dense elimination's 262144"
bounded rules_x_info $rules_fast $rules_small "$x_chase" /dev/null -- info 20000x20000 --rules nbhd=x
bounded rules_x_quiet $rules_fast $rules_small "$x_chase" /dev/null -- render --rules nbhd=x --quiet-patterns 20000x20000 -o "$work/q.png"
bounded rules_x_info_memory $rules_fast $rules_small "lightsout: --rules: a 8000x8000 board under nbhd=x needs about 1.0G for light chasing, over the limit of 1.0M (give a larger --memory to try it)" /dev/null -- info 8000x8000 --rules nbhd=x --memory 1M
# Within the cell limit but not --memory: 250 x 250, rowcol with a holes grid, 3 states (a 3.6 GiB
# matrix and the press system).
"$bin" generate 250x250 --density 0 -o "$work/z250.grid"
rowcol250="nbhd=rowcol,states=3,holes=$work/z250.grid"
bounded rules_memory $rules_fast $rules_small "lightsout: --rules: a 250x250 board under $rowcol250 needs about 4.1G for dense elimination, over the limit of 1.0G (give a larger --memory to try it)" /dev/null -- info 250x250 --rules "$rowcol250" --memory 1G
# The out-of-memory case below: a 35 x 35 mask of corners and centre, 3 states (a band past
# 4096 in every order and too many unknowns to chase: dense elimination, from a small press system).
corners=$(awk 'BEGIN { for (r = 0; r < 35; ++r) { s = ""; for (c = 0; c < 35; ++c) s = s ((r % 34 == 0 && c % 34 == 0) || (r == 17 && c == 17) ? "1" : "0"); printf "%s%s", (r ? "/" : ""), s } }')
# generate --solvable goes through the press system: 8000 x 8000 under x needs 6.1 GB.
bounded rules_generate $rules_fast $rules_small "lightsout: --rules: a 8000x8000 board under nbhd=x needs about 6.1G for the presses of --solvable, over the limit of 1.0G (give a larger --memory to try it)" /dev/null -- generate 8000x8000 --rules nbhd=x --solvable --memory 1G -o "$work/g.txt"
# Within memory but hours of work (rowcol with a holes grid over Z_3 on 256 x 256: n^3 = 2.8e14
# units): --force runs it; --force never lifts --memory.
rowcol3="nbhd=rowcol,states=3,holes=$work/z256.grid"
bounded rules_work $rules_fast $rules_small "lightsout: --rules: a 256x256 board under $rowcol3 is estimated at 2.8e+14 units of work for dense elimination (about 78 hours at a nanosecond a unit), over the limit of 1e+13 (give --force to run it)" /dev/null -- solve --rules "$rowcol3" --size 256x256 --memory 8G /dev/null
bounded rules_work_force $rules_fast $rules_small "lightsout: --rules: a 256x256 board under $rowcol3 needs about 4.5G for dense elimination, over the limit of 1.0G (give a larger --memory to try it)" /dev/null -- solve --rules "$rowcol3" --size 256x256 --memory 1G --force /dev/null
# Memory running out anyway (here under the harness's ulimit) is main's one line, never a raw
# std::bad_alloc (the corner mask above: dense elimination).
bounded rules_out_of_memory 5 262144 "lightsout: out of memory while solving the dark 250x250 board" /dev/null -- info 250x250 --rules "nbhd=$corners,states=3" --memory 100G --force

# --- info weighs its facts before it starts, whatever the rules: the classic polynomials of
# 10^9 x 10^9 (hours; they ran for minutes and grew past 394 MB), the torus polynomials ---
info_huge="lightsout: info: a 1000000000x1000000000 board is estimated at 2.9e+12 units of work for the nullity polynomials (about 0.81 hours at a nanosecond a unit), over the limit of 1e+12 (give --force to run it)"
bounded info_huge $rules_fast $rules_small "$info_huge" /dev/null -- info 1000000000x1000000000
bounded info_huge_json $rules_fast $rules_small "$info_huge" /dev/null -- info 1000000000x1000000000 --json
bounded info_huge_force $rules_fast $rules_small "lightsout: info: a 1000000000x1000000000 board needs about 1.4G for the nullity polynomials, over the limit of 100M (give a larger --memory to try it)" /dev/null -- info 1000000000x1000000000 --force --memory 100M
bounded info_torus_memory $rules_fast $rules_small "lightsout: --rules: a 1000000x999999 board under torus,states=230 needs about 192M for the torus and cylinder polynomials, over the limit of 10M (give a larger --memory to try it)" /dev/null -- info 1000000x999999 --rules torus,states=230 --memory 10M

# --- thin boards cost about a bit a cell whichever way they stand: solved and verified within
# 3x the packed board (2.5 MB here) + 16 MB of peak RSS ---
# succeeds NAME SECONDS MAX_KB -- ARGS...: wants exit 0, at most SECONDS and MAX_KB peak RSS.
succeeds() {
  local name=$1 secs=$2 max_kb=$3
  shift 4
  local measure=()
  [[ -n $gnu_time ]] && measure=("$gnu_time" -f '%e %M' -o "$work/time")
  rm -f "$work/time"
  local start=$EPOCHREALTIME rc
  (
    ulimit -v $((max_kb * 2 + 262144))
    exec timeout 60 "${measure[@]}" "$bin" "$@"
  ) </dev/null >"$work/out" 2>"$work/err"
  rc=$?
  local end=$EPOCHREALTIME why
  if [[ $rc -ne 0 ]]; then
    why="exit $rc, wanted 0: $(head -c 300 "$work/err")"
  else
    why=$(over_bounds "$start" "$end" "$secs" "$max_kb")
  fi
  if [[ -n $why ]]; then
    fail "$name: $why"
  else
    pass
  fi
}
# The same bound for generate: it measured 15.6 to 16.4 MB (large blocks are backed by 2 MB huge
# pages, so the peak moves in those steps), against 16 MB once; a byte a cell would be 40 MB.
thin_kb=$((3 * 2500000 / 1024 + 16384))
# The thin boards below have 20000000 cells under ./test --all; ./test takes 2000000 (the same
# time and memory bounds; still over libpng's 10^6 a side, and not a multiple of 3 for the torus).
thin=$(by_size 2000000 20000000)
for size in "1x$thin" "${thin}x1"; do
  "$bin" generate --solvable --seed 7 "$size" -o "$work/thin.pbm"
  succeeds "generate_$size" 30 $thin_kb -- generate --solvable --seed 7 "$size" -o "$work/thin2.pbm"
  cmp -s "$work/thin.pbm" "$work/thin2.pbm" && pass || fail "generate_$size: not reproducible"
  succeeds "solve_$size" 30 $thin_kb -- solve "$work/thin.pbm" -o "$work/thin-presses.pbm"
  succeeds "verify_$size" 30 $thin_kb -- verify "$work/thin.pbm" "$work/thin-presses.pbm"
  [[ $(cat "$work/out") == ok ]] && pass || fail "verify_$size: said '$(cat "$work/out")', wanted ok"
done
# render reads as solve does (thin boards by columns) and draws them that way: the 20000000 x 1
# board, alone and solved, within the same bound (it took 164 MB and 477 MB), as a PNG 1 pixel
# wide and 20000000 high (libpng's default limit of 10^6 a side made it fail).
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 "x" $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'; }
succeeds render_thin 30 $thin_kb -- render "$work/thin.pbm" -o "$work/thin.png"
[[ $(png_size "$work/thin.png") == "1x$thin" ]] && pass || fail "render_thin: the PNG is $(png_size "$work/thin.png"), wanted 1x$thin"
succeeds render_thin_solve 30 $thin_kb -- render "$work/thin.pbm" --solve -o "$work/thin-solved.png"

# Judge text too: one 20000000 x 1 puzzle (40 MB of text) is read, solved and written
# transposed, and judge_verify re-applies the presses (it used to take 16 bytes a cell, 321 MB).
"$bin" generate --solvable --seed 7 "${thin}x1" --format judge -o "$work/thin.txt"
succeeds judge_thin_single 30 $thin_kb -- solve --size "${thin}x1" --input single "$work/thin.txt"
mv "$work/out" "$work/thin-single.out"
{ echo 1; cat "$work/thin.txt"; } >"$work/thin-count.txt"
succeeds judge_thin_count 30 $thin_kb -- solve --size "${thin}x1" --input count "$work/thin-count.txt"
if "$judge_verify" "$thin" 1 "$work/thin-count.txt" "$work/out" >"$work/verify" 2>&1; then
  pass
else
  fail "judge_thin_count: judge_verify: $(head -c 300 "$work/verify")"
fi
# The single layout prints the same rows without the header.
tail -n +2 "$work/out" | cmp -s - "$work/thin-single.out" && pass || fail "judge_thin_single: rows differ"

# Under --rules torus a 20000000 x 1 board goes to light chasing (a wrapped row of one cell is
# taken now), is read transposed, a bit a cell, and chased row by row from grid to grid: it used
# to take banded elimination, 2.1 GB and 11 s. The bound is the classic rules' 3x packed + 16 MB.
# 20000000 is not a multiple of 3, so every board is solvable; torus_column_verify re-applies the
# presses.
torus_verify="$(dirname "${BASH_SOURCE[0]}")/../tools/torus_column_verify.awk"
rules_thin_kb=$thin_kb
check_torus() {  # NAME PRESSES: PRESSES in the count layout, for the board of thin-count.txt
  local name=$1 presses=$2
  if paste -d ' ' <(tail -n +2 "$work/thin-count.txt") <(tail -n +2 "$presses") |
    awk -f "$torus_verify" >"$work/verify" 2>&1; then
    pass
  else
    fail "$name: torus_column_verify: $(head -c 300 "$work/verify")"
  fi
}
succeeds torus_thin_judge 30 $rules_thin_kb -- solve --rules torus --size "${thin}x1" --input count "$work/thin-count.txt"
check_torus torus_thin_judge "$work/out"
mv "$work/out" "$work/torus-count.out"
# Board-file mode: the same presses (the solution is unique), without the header.
succeeds torus_thin_file 30 $rules_thin_kb -- solve --rules torus --format judge "$work/thin.txt" -o "$work/torus.txt"
tail -n +2 "$work/torus-count.out" | cmp -s - "$work/torus.txt" && pass || fail "torus_thin_file: presses differ from judge mode's"

finish
