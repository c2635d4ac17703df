#!/usr/bin/env bash
# CLI tests for `lightsout generate` and `lightsout verify` on board files: every format round
# trip through `solve BOARD -o PRESSES` and verify, wrong and mismatched press files, every error
# class with its exit status and message, reproducible output, and the formats agreeing cell for
# cell (decoded here with tr/od/awk, not by the library).
# Usage: run_board_cli_tests.sh LIGHTSOUT_BIN REPO_DIR
set -uo pipefail

bin=$1
repo=$2
[[ -d "$repo" ]] || { echo "no repository at $repo"; exit 2; }
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# expect_parse_error NAME FILE -- ARGS...: exit 2 and one stderr line "lightsout: FILE:L:C: ...".
expect_parse_error() {
  local name=$1 file=$2
  shift 3
  run "$bin" "$@"
  local got
  got=$(cat "$work/err")
  if [[ $rc -ne 2 ]]; then
    fail "$name: exit $rc, wanted 2; stderr: $got"
  elif [[ $(wc -l <"$work/err") -ne 1 || "$got" != "lightsout: $file:"[0-9]*:[0-9]*": "* ]]; then
    fail "$name: stderr was '$got', wanted 'lightsout: $file:LINE:COL: ...'"
  else
    pass
  fi
}

# flat FORMAT FILE: the cells of a board file as one string of 0/1, row after row, decoded
# independently of the library (P1/judge/grid with tr; P4 with od and awk).
flat() {
  local format=$1 file=$2
  case $format in
    grid) tr -d '\r\n' <"$file" | tr '.#' '01' ;;
    judge) tr -d ' \t\r\n' <"$file" ;;
    p1) tr -s ' \t\r\n' '\n' <"$file" | tail -n +4 | tr -d '\n' ;;
    p4)
      od -An -v -tu1 "$file" | awk '
        { for (i = 1; i <= NF; i++) b[n++] = $i }
        END {
          # header: "P4", width, height as tokens, then exactly one whitespace byte
          p = 2; tok = 0
          while (tok < 2) {
            while (b[p] == 32 || b[p] == 10 || b[p] == 9 || b[p] == 13) p++
            v = 0
            while (b[p] >= 48 && b[p] <= 57) { v = v * 10 + b[p] - 48; p++ }
            dim[tok++] = v
          }
          p++
          w = dim[0]; h = dim[1]; bpr = int((w + 7) / 8); s = ""
          for (r = 0; r < h; r++) {
            for (c = 0; c < w; c++) {
              byte = b[p + r * bpr + int(c / 8)]
              s = s (int(byte / 2 ^ (7 - c % 8)) % 2)
            }
          }
          printf "%s", s
        }' ;;
  esac
}

ext_of() {
  case $1 in
    p1) echo p1 ;;
    p4) echo pbm ;;
    grid) echo grid ;;
    judge) echo judge ;;
  esac
}

formats="p1 p4 grid judge"

# --- every format: generate a solvable board, solve it to a press file, verify it ---
for size in 1x1 5x6 4x4 17x65 64x63 3x129; do
  for f in $formats; do
    e=$(ext_of "$f")
    b="$work/b-$size.$e"
    p="$work/p-$size.$e"
    run "$bin" generate "$size" --solvable --seed 7 --format "$f" -o "$b"
    if [[ $rc -ne 0 || -s "$work/out" ]]; then fail "generate $size $f: exit $rc"; continue; fi
    run "$bin" solve "$b" --format "$f" -o "$p"
    if [[ $rc -ne 0 ]]; then
      fail "solve $size $f -o: exit $rc; stderr: $(head -c 300 "$work/err")"
      continue
    fi
    expect_line "verify $size $f" 0 ok -- "$bin" verify "$b" "$p"
    expect_line "verify $size $f forced formats" 0 ok -- \
      "$bin" verify --format "$f" --presses-format "$f" "$b" "$p"
    # The presses really act: on a dark board they light exactly the board's lit cells.
    "$bin" generate "$size" --density 0 --format "$f" -o "$work/dark.$e"
    lit=$(flat "$f" "$b" | tr -cd 1 | wc -c)
    if [[ $lit -eq 0 ]]; then
      expect_line "presses on a dark $size $f board" 0 ok -- "$bin" verify "$work/dark.$e" "$p"
    else
      expect_line "presses on a dark $size $f board" 1 "$lit lights left" -- \
        "$bin" verify "$work/dark.$e" "$p"
    fi
  done
done

# Press files in another format than the board, and standard input for either file.
"$bin" generate 33x70 --solvable --seed 99 -o "$work/x.pbm"
"$bin" solve "$work/x.pbm" -o "$work/x-presses.grid" >/dev/null 2>&1
expect_line "verify p4 board, grid presses" 0 ok -- "$bin" verify "$work/x.pbm" "$work/x-presses.grid"
expect_line "verify board on stdin" 0 ok -- \
  bash -c "\"$bin\" verify - \"$work/x-presses.grid\" <\"$work/x.pbm\""
expect_line "verify presses on stdin" 0 ok -- \
  bash -c "\"$bin\" verify \"$work/x.pbm\" - <\"$work/x-presses.grid\""
expect_line "verify presses on stdin, forced format" 0 ok -- \
  bash -c "\"$bin\" verify --presses-format grid \"$work/x.pbm\" - <\"$work/x-presses.grid\""

# The judge format: generate's count layout is what `solve` reads, and every board is solvable.
expect_line "count layout solved" 0 "" -- \
  bash -c "\"$bin\" generate 4x4 --solvable --count 200 --seed 5 | \"$bin\" solve --size 4x4 - >/dev/null"
run bash -c "\"$bin\" generate 4x4 --count 200 --seed 5 | \"$bin\" solve --size 4x4 - >/dev/null"
if [[ $rc -eq 1 ]]; then pass; else fail "random 4x4 boards (not --solvable) include unsolvable ones ($rc)"; fi

# --- wrong press files: "N lights left", exit 1, N counted independently ---
for f in $formats; do
  e=$(ext_of "$f")
  "$bin" generate 23x71 --seed 3 --format "$f" -o "$work/lit.$e"
  "$bin" generate 23x71 --density 0 --format "$f" -o "$work/zero.$e"
  lit=$(flat "$f" "$work/lit.$e" | tr -cd 1 | wc -c)
  expect_line "zero presses on a lit board ($f)" 1 "$lit lights left" -- \
    "$bin" verify "$work/lit.$e" "$work/zero.$e"
  # Every button pressed on a dark board: a cell stays lit iff it has an even number of
  # neighbours (corners and the interior): 4 + (R - 2)(C - 2).
  "$bin" generate 23x71 --density 1 --format "$f" -o "$work/all.$e"
  expect_line "all presses on a dark board ($f)" 1 "$((4 + 21 * 69)) lights left" -- \
    "$bin" verify "$work/zero.$e" "$work/all.$e"
done
if [[ $lit -gt 0 ]]; then pass; else fail "the random 23x71 board has lights on"; fi

# --- the same seed is the same board in every format, cell for cell ---
for size in 1x1 37x70 8x8 2x129 5x6; do
  for solvable in "" --solvable; do
    for f in $formats; do
      e=$(ext_of "$f")
      "$bin" generate "$size" $solvable --seed 4242 --density 0.3 --format "$f" -o "$work/same.$e"
      flat "$f" "$work/same.$e" >"$work/flat.$f"
    done
    r=${size%x*}
    c=${size#*x}
    if [[ $(wc -c <"$work/flat.grid") -eq $((r * c)) ]]; then pass; else fail "$size$solvable: grid has $r*$c cells"; fi
    for f in p1 p4 judge; do
      if cmp -s "$work/flat.grid" "$work/flat.$f"; then pass; else fail "$size$solvable: $f and grid differ"; fi
    done
  done
done
# Format from -o's extension, judge text when none; the library reads them back the same.
"$bin" generate 9x10 --seed 8 -o "$work/ext.pbm"
if [[ $(head -c 2 "$work/ext.pbm") == P4 ]]; then pass; else fail "-o x.pbm writes P4"; fi
"$bin" generate 9x10 --seed 8 -o "$work/ext.grid"
"$bin" generate 9x10 --seed 8 --format grid >"$work/ext-stdout.grid"
if cmp -s "$work/ext.grid" "$work/ext-stdout.grid"; then pass; else fail "-o x.grid writes grid"; fi
"$bin" generate 9x10 --seed 8 -o "$work/ext.unknown"
"$bin" generate 9x10 --seed 8 --format judge >"$work/ext.judge"
if cmp -s "$work/ext.unknown" "$work/ext.judge"; then pass; else fail "unknown extension writes judge text"; fi
if [[ $(wc -l <"$work/ext.judge") -eq 9 ]] && ! grep -qv '^[01]\( [01]\)\{9\}$' "$work/ext.judge"; then
  pass
else
  fail "judge text: 9 lines of 10 values"
fi
"$bin" generate 9x10 --seed 8 --format pbm -o "$work/ext.p"
if cmp -s "$work/ext.pbm" "$work/ext.p"; then pass; else fail "--format pbm is P4"; fi
"$bin" generate 9x10 --density 0 -o "$work/dark9x10.grid"
expect_line "verify reads P4 from .pbm, presses zero" 1 "$(flat p4 "$work/ext.pbm" | tr -cd 1 | wc -c) lights left" -- \
  "$bin" verify "$work/ext.pbm" "$work/dark9x10.grid"

# --- reproducible: same arguments, same bytes; another seed, other bytes ---
for f in $formats; do
  for solvable in "" --solvable; do
    "$bin" generate 40x90 $solvable --seed 11 --format "$f" >"$work/d1"
    "$bin" generate 40x90 $solvable --seed 11 --format "$f" >"$work/d2"
    "$bin" generate 40x90 $solvable --seed 12 --format "$f" >"$work/d3"
    if cmp -s "$work/d1" "$work/d2"; then pass; else fail "$f$solvable: same seed, different bytes"; fi
    if ! cmp -s "$work/d1" "$work/d3"; then pass; else fail "$f$solvable: seeds 11 and 12 agree"; fi
  done
done
"$bin" generate 5x6 >"$work/default-seed"
"$bin" generate 5x6 --seed 1 >"$work/seed1"
if cmp -s "$work/default-seed" "$work/seed1"; then pass; else fail "default seed is 1"; fi

# --- --count: the POJ 1222 layout, board i from seed S+i; no count line without --count ---
{ echo 3; for s in 10 11 12; do "$bin" generate 5x6 --seed "$s"; done; } >"$work/count.want"
expect_count() {
  local name=$1
  shift
  "$@" >"$work/count.got" 2>"$work/err"
  if cmp -s "$work/count.got" "$work/count.want"; then pass; else fail "$name"; fi
}
expect_count "--count 3 = count line + seeds S, S+1, S+2" "$bin" generate 5x6 --count 3 --seed 10
{ echo 3; for s in 10 11 12; do "$bin" generate 5x6 --solvable --seed "$s" --density 0.2; done; } >"$work/count.want"
expect_count "--count 3 --solvable --density 0.2" \
  "$bin" generate 5x6 --count 3 --seed 10 --solvable --density 0.2
{ echo 1; "$bin" generate 5x6 --seed 10; } >"$work/count.want"
expect_count "--count 1 writes the count line" "$bin" generate 5x6 --count 1 --seed 10
if [[ $(wc -l <"$work/seed1") -eq 5 ]]; then pass; else fail "no --count: no count line"; fi
"$bin" generate 5x6 --format grid >"$work/count.want"
expect_count "--count 1 with grid: one board, no count line" "$bin" generate 5x6 --count 1 --format grid
"$bin" generate 5x6 --count 1000 --seed 77 >"$work/poj.in"
"$bin" solve "$work/poj.in" >"$work/poj.out"
if [[ $? -eq 0 && $(grep -c '^PUZZLE #' "$work/poj.out") -eq 1000 ]]; then pass; else fail "solve reads 1000 generated puzzles"; fi

# --- generate errors: one line, exit 2 ---
g="lightsout: generate:"
expect_error_only gen_size_zero 2 "$g size: expected RxC with 1 <= R, C (e.g. 5x6), got '0x3'" -- generate 0x3
expect_error_only gen_size_word 2 "$g size: expected RxC with 1 <= R, C (e.g. 5x6), got 'big'" -- generate big
expect_error_only gen_size_half 2 "$g size: expected RxC with 1 <= R, C (e.g. 5x6), got '5x'" -- generate 5x
expect_error_only gen_size_negative 2 "$g size: expected RxC with 1 <= R, C (e.g. 5x6), got '-5x6'" -- generate -- -5x6
expect_error_only gen_size_huge 2 "$g size: expected RxC with 1 <= R, C (e.g. 5x6), got '2000000x2000000'" -- generate 2000000x2000000
expect_error_only gen_density_high 2 "$g --density: expected a number in [0, 1], got '1.5'" -- generate 5x6 --density 1.5
expect_error_only gen_density_negative 2 "$g --density: expected a number in [0, 1], got '-0.1'" -- generate 5x6 --density -0.1
expect_error_only gen_density_nan 2 "$g --density: expected a number in [0, 1], got 'nan'" -- generate 5x6 --density nan
expect_error_only gen_density_word 2 "$g --density: expected a number in [0, 1], got 'half'" -- generate 5x6 --density half
expect_error_only gen_count_zero 2 "$g --count: expected a positive integer, got '0'" -- generate 5x6 --count 0
expect_error_only gen_count_word 2 "$g --count: expected a positive integer, got 'x'" -- generate 5x6 --count x
expect_error_only gen_count_p4 2 "$g --count 2 needs the judge format (a p4 file holds one board)" -- generate 5x6 --count 2 --format p4
expect_error_only gen_count_grid_ext 2 "$g --count 5 needs the judge format (a grid file holds one board)" -- generate 5x6 --count 5 -o "$work/c.grid"
if [[ ! -e "$work/c.grid" ]]; then pass; else fail "no output file created on a usage error"; fi
expect_error_only gen_seed_word 2 "$g --seed: expected an integer in [0, 2^64), got 'abc'" -- generate 5x6 --seed abc
expect_error_only gen_seed_negative 2 "$g --seed: expected an integer in [0, 2^64), got '-1'" -- generate 5x6 --seed -1
expect_error_only gen_format 2 "$g --format: unknown format 'png' (p1, p4, pbm, grid, judge)" -- generate 5x6 --format png
expect_error_only gen_unwritable 2 "$g cannot write '$work/no/such/dir.pbm': No such file or directory" -- generate 5x6 -o "$work/no/such/dir.pbm"
expect_error_only gen_directory 2 "$g cannot write '$work': it is a directory" -- generate 5x6 -o "$work"
run "$bin" generate
if [[ $rc -eq 2 ]]; then pass; else fail "generate without a size: exit $rc"; fi
run "$bin" generate 5x6 --bogus
if [[ $rc -eq 2 ]] && grep -q "see 'lightsout generate --help'" "$work/err"; then pass; else fail "generate --bogus: exit 2 with a hint"; fi
"$bin" generate 18446744073709551615x1 >/dev/null 2>&1
if [[ $? -eq 2 ]]; then pass; else fail "generate: side overflow rejected"; fi
{ echo 2; "$bin" generate 5x6 --seed 18446744073709551615; "$bin" generate 5x6 --seed 0; } >"$work/count.want"
expect_count "--count wraps the seed past 2^64 - 1" "$bin" generate 5x6 --count 2 --seed 18446744073709551615

# --- -o means board-file mode: judge puzzles after a count line are told how they are solved ---
modes="-o (like --format and --output-format) means board-file mode, one board of any size; puzzles after a count line are judge mode, which writes to standard output: drop -o and redirect (> FILE)"
expect_error_only solve_o_on_judge_puzzles 2 \
  "lightsout: $repo/examples/poj1222-sample.in:1:1: expected '0', '1', '.' or '#', found '2'; $modes" -- \
  solve "$repo/examples/poj1222-sample.in" -o "$work/poj.presses"
expect_error_only solve_format_judge_on_judge_puzzles 2 \
  "lightsout: $repo/examples/poj1222-sample.in:1:1: expected 0 or 1, found '2'; $modes" -- \
  solve "$repo/examples/poj1222-sample.in" --format judge -o "$work/poj.presses"
printf '101\n0x1\n' >"$work/typo.txt"
expect_error_only solve_o_grid_typo_no_hint 2 \
  "lightsout: $work/typo.txt:2:2: expected '0', '1', '.' or '#', found 'x'" -- \
  solve "$work/typo.txt" -o "$work/typo.presses"

# --- options a board file does not use are still checked: malformed ones are refused ---
"$bin" generate 3x3 -o "$work/s.grid"
for size in abc 0x0; do
  expect_error_only "solve_grid_size_$size" 2 \
    "lightsout: --size: expected RxC with 1 <= R, C (e.g. 5x6), got '$size'" -- solve "$work/s.grid" --size "$size"
done
for memory in 0 -1 0K; do
  run "$bin" solve "$work/s.grid" --memory "$memory"
  if [[ $rc -eq 2 && $(head -1 "$work/err") == "lightsout: --memory: expected 1 byte or more, below 2^64 (bytes, or K, M, G), got '"* ]]; then
    pass
  else
    fail "solve --memory $memory: exit $rc: $(head -c 200 "$work/err")"
  fi
done
run "$bin" info 4x4 --memory 0
if [[ $rc -eq 2 ]]; then pass; else fail "info --memory 0: exit $rc"; fi

# --- verify errors: exit 2 ---
"$bin" generate 5x6 -o "$work/a.grid"
"$bin" generate 6x5 --density 0 -o "$work/b6x5.grid"
expect_error_only verify_size_mismatch 2 "lightsout: verify: the board is 5x6 but the presses are 6x5" -- \
  verify "$work/a.grid" "$work/b6x5.grid"
expect_error_only verify_both_stdin 2 "lightsout: verify: only one of BOARD and PRESSES can be '-' (stdin)" -- \
  verify - -
expect_error_only verify_missing 2 "lightsout: cannot open '$work/none.grid': No such file or directory" -- \
  verify "$work/none.grid" "$work/a.grid"
expect_error_only verify_missing_presses 2 "lightsout: cannot open '$work/none.grid': No such file or directory" -- \
  verify "$work/a.grid" "$work/none.grid"
expect_error_only verify_bad_format 2 "lightsout: verify: --presses-format: unknown format 'png' (p1, p4, pbm, grid, judge)" -- \
  verify --presses-format png "$work/a.grid" "$work/a.grid"
printf '0101\n01x1\n' >"$work/bad.grid"
expect_parse_error verify_bad_board "$work/bad.grid" -- verify "$work/bad.grid" "$work/a.grid"
expect_parse_error verify_bad_presses "$work/bad.grid" -- verify "$work/a.grid" "$work/bad.grid"
printf 'P4\n100000 100000\n\x00\x01' >"$work/lying.pbm"
expect_parse_error verify_lying_header "$work/lying.pbm" -- verify "$work/lying.pbm" "$work/a.grid"
printf 'P1\n3 2\n1 0 1\n0 1\n' >"$work/short.p1"
expect_parse_error verify_short_p1 "$work/short.p1" -- verify "$work/short.p1" "$work/a.grid"
: >"$work/empty.grid"
expect_parse_error verify_empty "$work/empty.grid" -- verify "$work/empty.grid" "$work/a.grid"
run bash -c "printf 'P4\n9 9\n' | \"$bin\" verify - \"$work/a.grid\""
if [[ $rc -eq 2 && $(cat "$work/err") == "lightsout: <stdin>:"* ]]; then pass; else fail "verify: bad stdin names <stdin> ($rc)"; fi
run "$bin" verify "$work/a.grid"
if [[ $rc -eq 2 ]]; then pass; else fail "verify with one file: exit $rc"; fi

# --- help ---
"$bin" --help >"$work/out" 2>&1 && grep -q generate "$work/out" && grep -q verify "$work/out" && pass || fail "--help lists generate and verify"
"$bin" generate --help >"$work/out" 2>&1 && grep -q -- --solvable "$work/out" && grep -q "S+i" "$work/out" && pass || fail "generate --help"
"$bin" verify --help >"$work/out" 2>&1 && grep -q -- --presses-format "$work/out" && pass || fail "verify --help"

# --- solve on hostile board files: the reader's one-line message with the file name, exit 2 ---
data="$repo/tests/data/boards"
# --max-cells 2^40 is read_board's own default, so the messages are those of expected.txt (the
# CLI's default of 2^34 refuses lying-header.pbm's 10^12 cells first: run_limits_tests.sh).
while IFS=$'\t' read -r name message; do
  [[ -z $name || $name == \#* ]] && continue
  "$bin" solve --max-cells 1099511627776 "$data/$name" -o "$work/hostile.out" >/dev/null 2>"$work/err"
  rc=$?
  want="lightsout: $data/$name:$message"
  if [[ $rc -eq 2 && "$(cat "$work/err")" == "$want" ]]; then
    pass
  else
    fail "solve hostile $name: exit $rc, stderr '$(cat "$work/err")', wanted '$want'"
  fi
  "$bin" solve --stats "$data/$name" -o "$work/hostile.out" >/dev/null 2>"$work/err"
  [[ $? -eq 2 ]] && pass || fail "solve --stats hostile $name: exit status"
done <"$data/expected.txt"
# A lying P4 header on a pipe: fails at once, without allocating what it claims (with the cell
# limit raised past the claim, the pipe's own limit being 2^26 cells).
printf 'P4\n1000000 1000000\n0123456789' |
  /usr/bin/env time -f %M -o "$work/rss" "$bin" solve --max-cells 1099511627776 --format p4 - \
    -o "$work/lie.out" 2>"$work/err" >/dev/null
rc=$?
rss_kb=$(tail -n 1 "$work/rss")  # GNU time writes "Command exited with ..." first on failure
if [[ $rc -eq 2 ]] && grep -q "P4 data cut short" "$work/err" && [[ $rss_kb =~ ^[0-9]+$ ]] &&
  [[ $rss_kb -lt 100000 ]]; then
  pass
else
  fail "lying header on a pipe: exit $rc, $(head -1 "$work/err"), peak RSS '$rss_kb' KB"
fi

# --- solve on an unsolvable board: exit 1, the nullity said, no press file ---
printf '10000\n00000\n00000\n00000\n00000\n' >"$work/unsolvable.grid"
rm -f "$work/none.grid"
"$bin" solve "$work/unsolvable.grid" -o "$work/none.grid" >/dev/null 2>"$work/err"
rc=$?
if [[ $rc -eq 1 && ! -e $work/none.grid ]] &&
  grep -qx "lightsout: no solution: this 5x5 board is not solvable (nullity 2: 2^23 of the 2^25 boards of this size are solvable)" "$work/err"; then
  pass
else
  fail "unsolvable board: exit $rc, $(cat "$work/err")"
fi

# --- every method through board-file mode gives presses that verify; --stats names phases ---
"$bin" generate 40x37 --solvable --seed 5 -o "$work/m.grid"
for method in auto chase poly dense; do
  "$bin" solve --method "$method" "$work/m.grid" -o "$work/m-$method.grid" 2>/dev/null
  expect_line "solve --method $method verifies" 0 ok -- "$bin" verify "$work/m.grid" "$work/m-$method.grid"
done
"$bin" solve --stats "$work/m.grid" -o "$work/m-stats.grid" 2>"$work/err"
if grep -q "^method: poly" "$work/err" && grep -q "chase again" "$work/err" && grep -q "total" "$work/err"; then
  pass
else
  fail "--stats output: $(cat "$work/err")"
fi
"$bin" solve --minimal --stats "$work/m.grid" -o "$work/m-min.grid" 2>"$work/err"
grep -q "fewest" "$work/err" && pass || fail "--minimal --stats says fewest: $(cat "$work/err")"
expect_line "solve --minimal verifies" 0 ok -- "$bin" verify "$work/m.grid" "$work/m-min.grid"

finish
