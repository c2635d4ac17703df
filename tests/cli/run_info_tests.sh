#!/usr/bin/env bash
# CLI tests for `lightsout info`: exact JSON and text, --kernel files re-checked by an independent
# awk reader (shape, quiet, independent, count = nullity), every size error with exit 2, one
# 10^6 x 10^6 run.
# Usage: run_info_tests.sh LIGHTSOUT_BIN
set -uo pipefail

bin=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# expect_out NAME EXPECTED_STDOUT ARGS...: exit 0, stdout exactly EXPECTED_STDOUT (plus the final
# newline), stderr empty.
expect_out() {
  local name=$1 expected=$2
  shift 2
  "$bin" "$@" >"$work/out" 2>"$work/err" </dev/null
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$name: exit $rc; stderr: $(head -c 300 "$work/err")"
  elif ! cmp -s "$work/out" <(printf '%s\n' "$expected"); then
    fail "$name: stdout differs"
    diff <(printf '%s\n' "$expected" | cat -A) <(cat -A "$work/out") | head -10
  elif [[ -s $work/err ]]; then
    fail "$name: unexpected stderr: $(head -c 300 "$work/err")"
  else
    pass
  fi
}

# expect_size_error NAME SIZE_TEXT: exit 2, nothing on stdout, exactly one stderr line naming it.
expect_size_error() {
  local name=$1 text=$2
  local want="lightsout: info: board size must be RxC with 1 <= R, C <= 1000000000 (e.g. 5x5), got '$text'"
  "$bin" info -- "$text" >"$work/out" 2>"$work/err" </dev/null
  local rc=$?
  if [[ $rc -ne 2 ]]; then
    fail "$name: exit $rc, wanted 2"
  elif [[ -s $work/out ]]; then
    fail "$name: stdout not empty"
  elif [[ "$(cat "$work/err")" != "$want" ]]; then
    fail "$name: stderr was '$(cat "$work/err")', wanted '$want'"
  else
    pass
  fi
}

# check_kernel FILE ROWS COLS: prints the number of patterns when the file holds patterns of
# ROWS lines of COLS '0'/'1', separated by single blank lines, each non-zero and quiet (every cell
# plus its orthogonal neighbours has an even number of presses), jointly independent over GF(2);
# otherwise prints "bad: reason". Shares no code with lightsout.
check_kernel() {
  awk -v R="$2" -v C="$3" '
    function bad(why) { print "bad: " why; failed = 1; exit }
    function finish_pattern(   r, c, v, ones, bits) {
      if (rows != R) bad("pattern " count + 1 " has " rows " rows")
      ones = 0
      bits = ""
      for (r = 0; r < R; ++r) {
        for (c = 0; c < C; ++c) {
          v = cell[r, c]
          if (r > 0) v += cell[r - 1, c]
          if (r + 1 < R) v += cell[r + 1, c]
          if (c > 0) v += cell[r, c - 1]
          if (c + 1 < C) v += cell[r, c + 1]
          if (v % 2) bad("pattern " count + 1 " flips cell " r "," c)
          ones += cell[r, c]
          bits = bits cell[r, c]
        }
      }
      if (ones == 0) bad("pattern " count + 1 " is all zero")
      pattern[count++] = bits
      rows = 0
    }
    # Rank over GF(2) of the patterns as bit strings, by elimination on the pivot columns.
    function rank(   i, j, k, p, r, len, a, b, out) {
      r = 0
      len = R * C
      for (k = 1; k <= len && r < count; ++k) {
        p = -1
        for (i = r; i < count; ++i) if (substr(pattern[i], k, 1) == "1") { p = i; break }
        if (p < 0) continue
        tmp = pattern[p]; pattern[p] = pattern[r]; pattern[r] = tmp
        for (i = 0; i < count; ++i) {
          if (i == r || substr(pattern[i], k, 1) != "1") continue
          out = ""
          for (j = 1; j <= len; ++j) {
            a = substr(pattern[i], j, 1); b = substr(pattern[r], j, 1)
            out = out (a == b ? "0" : "1")
          }
          pattern[i] = out
        }
        ++r
      }
      return r
    }
    BEGIN { rows = 0; count = 0; blank = 0 }
    /^$/ {
      if (rows == 0) bad("blank line at line " NR)
      finish_pattern()
      blank = 1
      next
    }
    {
      if (length($0) != C) bad("line " NR " has " length($0) " cells")
      if ($0 !~ /^[01]+$/) bad("line " NR " is not 0/1")
      for (c = 0; c < C; ++c) cell[rows, c] = substr($0, c + 1, 1) + 0
      ++rows
      blank = 0
    }
    END {
      if (failed) exit 1
      if (rows > 0) finish_pattern()
      else if (blank) bad("blank line at the end")
      if (failed) exit 1
      if (rank() != count) bad("patterns are dependent")
      print count
    }
  ' "$1"
}

# nullity_of RxC: the nullity from --json.
nullity_of() { "$bin" info --json "$1" | sed 's/.*"nullity":\([0-9]*\).*/\1/'; }

# --- JSON, exact ---
expect_out json_5x6 '{"rows":5,"cols":6,"nullity":0,"solvable_log2":30,"all_solvable":true,"rules":"plane","states":2,"quiet_patterns":"1"}' \
  info 5x6 --json
expect_out json_5x5 '{"rows":5,"cols":5,"nullity":2,"solvable_log2":23,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"4"}' \
  info --json 5x5
expect_out json_4x4 '{"rows":4,"cols":4,"nullity":4,"solvable_log2":12,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"16"}' \
  info 4x4 --json
expect_out json_1x1 '{"rows":1,"cols":1,"nullity":0,"solvable_log2":1,"all_solvable":true,"rules":"plane","states":2,"quiet_patterns":"1"}' \
  info 1x1 --json
expect_out json_1x2 '{"rows":1,"cols":2,"nullity":1,"solvable_log2":1,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"2"}' \
  info 1x2 --json
expect_out json_wide_row '{"rows":1,"cols":1000000000,"nullity":0,"solvable_log2":1000000000,"all_solvable":true,"rules":"plane","states":2,"quiet_patterns":"1"}' \
  info 1x1000000000 --json
expect_out json_upper_x '{"rows":5,"cols":5,"nullity":2,"solvable_log2":23,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"4"}' \
  info 5X5 --json

# --- text ---
# expect_info_text SIZE NULLITY SOLVABLE EVERY SOLUTIONS: `info SIZE` prints exactly the four text
# lines with these values (test name text_SIZE).
expect_info_text() {
  expect_out "text_$1" "board $1: nullity $2
solvable configurations: $3
every board solvable: $4
solutions per solvable board: $5" info "$1"
}
expect_info_text 5x5 2 "2^23 of 2^25" no "2^2 (4)"
expect_info_text 5x6 0 "2^30 of 2^30" yes 1
expect_info_text 19x19 16 "2^345 of 2^361" no "2^16 (65536)"
expect_out text_kernel "board 4x4: nullity 4
solvable configurations: 2^12 of 2^16
every board solvable: no
solutions per solvable board: 2^4 (16)
quiet patterns: 4 written to $work/k4.txt" info 4x4 --kernel "$work/k4.txt"

# --- n x n nullities from docs/solver-math.md, through the CLI ---
documented=(0 0 0 4 2 0 0 0 8 0 6 0 0 4 0 8 2 0 16 0)
got=()
for n in $(seq 1 20); do got+=("$(nullity_of "${n}x$n")"); done
if [[ "${got[*]}" == "${documented[*]}" ]]; then pass; else fail "n x n nullities: ${got[*]}"; fi

# --- --kernel: every pattern quiet, independent, as many as the nullity ---
for size in 5x5 4x4 19x19 9x9 16x16 1x2 2x1 1x5 5x6 3x11 11x3 4x9 14x14 17x17 24x49; do
  r=${size%x*}
  c=${size#*x}
  "$bin" info --json --kernel "$work/k.txt" "$size" >"$work/out" 2>"$work/err"
  rc=$?
  want=$(sed 's/.*"nullity":\([0-9]*\).*/\1/' "$work/out")
  got=$(check_kernel "$work/k.txt" "$r" "$c")
  if [[ $rc -ne 0 ]]; then
    fail "kernel $size: exit $rc: $(cat "$work/err")"
  elif [[ "$got" != "$want" ]]; then
    fail "kernel $size: checker says '$got', nullity $want"
  else
    pass
  fi
  if [[ $want -eq 0 && -s $work/k.txt ]]; then fail "kernel $size: nullity 0 but file not empty"; fi
done
# Known 5x5 basis size and shape: two patterns of five rows, one blank line between.
"$bin" info 5x5 --kernel "$work/k5.txt" >/dev/null 2>&1
if [[ $(wc -l <"$work/k5.txt") -eq 11 && $(sed -n 6p "$work/k5.txt") == "" ]]; then pass; else
  fail "5x5 kernel file layout"
fi

# --- errors: one line, exit 2 ---
expect_size_error zero_rows 0x5
expect_size_error zero_cols 5x0
expect_size_error no_x 5
expect_size_error letters axb
expect_size_error negative -3x4
expect_size_error empty_side 5x
expect_size_error empty_first x5
expect_size_error plus_sign +5x5
expect_size_error three_sides 5x5x5
expect_size_error spaces " 5x5"
expect_size_error too_long 1000000001x5
expect_size_error overflow 99999999999999999999999x5
# Without "--": CLI11 would read -3x4 as an option; it must still be a size error.
"$bin" info -3x4 >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 && $(wc -l <"$work/err") -eq 1 ]] && grep -q "^lightsout: info: .*'-3x4'$" "$work/err"; then
  pass
else
  fail "negative size without --: exit $rc, stderr: $(cat "$work/err")"
fi
"$bin" info >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 ]] && [[ "$(cat "$work/err")" == "lightsout: info: expected a board size RxC (e.g. 5x5)" ]]; then
  pass
else
  fail "missing size: exit $rc, stderr: $(cat "$work/err")"
fi
"$bin" info 5x5 --bogus >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 ]] && grep -q "^lightsout: info: unknown option '--bogus'; see 'lightsout info --help'$" "$work/err"; then pass; else
  fail "unknown option: exit $rc, stderr: $(cat "$work/err")"
fi
"$bin" info 5x5 --kernel "$work/no/such/dir/k.txt" >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 && ! -s $work/out ]] &&
  [[ "$(cat "$work/err")" == "lightsout: info: cannot write '$work/no/such/dir/k.txt': No such file or directory" ]]; then
  pass
else
  fail "unwritable kernel file: exit $rc, stderr: $(cat "$work/err")"
fi
"$bin" info 100000x100000 --kernel "$work/huge.txt" >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 && ! -e $work/huge.txt && $(wc -l <"$work/err") -eq 1 ]] &&
  grep -q "^lightsout: info: --kernel: " "$work/err"; then
  pass
else
  fail "kernel too large: exit $rc, stderr: $(cat "$work/err")"
fi

# --- help ---
"$bin" info --help >"$work/out" 2>&1 && grep -q -- --kernel "$work/out" && pass || fail "info --help"
"$bin" --help >"$work/out" 2>&1 && grep -q "info" "$work/out" && pass || fail "--help lists info"

# --- a million by a million (speed is measured in bench/, not here) ---
"$bin" info 1000000x1000000 --json >"$work/out" 2>"$work/err"
rc=$?
line=$(cat "$work/out")
if [[ $rc -eq 0 && $line =~ ^\{\"rows\":1000000,\"cols\":1000000,\"nullity\":([0-9]+),\"solvable_log2\":([0-9]+),\"all_solvable\":(true|false),\"rules\":\"plane\",\"states\":2,\"quiet_patterns\":\"[0-9^]+\"\}$ ]] &&
  [[ $((BASH_REMATCH[1] + BASH_REMATCH[2])) -eq 1000000000000 ]] &&
  [[ ${BASH_REMATCH[3]} == $([[ ${BASH_REMATCH[1]} -eq 0 ]] && echo true || echo false) ]]; then
  pass
else
  fail "1000000x1000000: exit $rc, '$line' $(cat "$work/err")"
fi

# --- torus and cylinder facts from the size alone (polynomials), against the Solver's kernel ---
# wrap_json NAME RULES LINE: exit 0 and a JSON line for 1000000x1000000 with these rules whose
# nullity and solvable_log2 add up to the cells.
wrap_json() {
  local name=$1 rules=$2
  "$bin" info 1000000x1000000 --rules "$rules" --json >"$work/out" 2>"$work/err"
  local rc=$?
  local line
  line=$(cat "$work/out")
  if [[ $rc -eq 0 && $line =~ ^\{\"rows\":1000000,\"cols\":1000000,\"nullity\":([0-9]+),\"solvable_log2\":([0-9]+),\"all_solvable\":(true|false),\"rules\":\"$rules\",\"states\":2,\"quiet_patterns\":\"[0-9^]+\"\}$ ]] &&
    [[ $((BASH_REMATCH[1] + BASH_REMATCH[2])) -eq 1000000000000 ]] && [[ ! -s $work/err ]]; then
    pass
  else
    fail "$name: exit $rc, '$line' $(head -c 300 "$work/err")"
  fi
}
wrap_json torus_1000000 torus
wrap_json cylinder_1000000 cylinder

# The nullity without --kernel (polynomials) equals the number of patterns --kernel writes (the
# Solver on the dark board), and for K > 2 the count is K^nullity for a prime K.
for spec in torus:6x6 torus:5x5 torus:4x12 cylinder:5x6 cylinder:9x4 "torus,self=0:6x10" \
  "cylinder,self=0:4x7" "torus,states=3:8x8" "cylinder,states=5:4x6" "torus,states=7:6x4"; do
  rules=${spec%:*}
  size=${spec##*:}
  fast=$("$bin" info "$size" --rules "$rules" --json 2>&1)
  "$bin" info "$size" --rules "$rules" --kernel "$work/kernel.txt" >/dev/null 2>"$work/err"
  rc=$?
  # Patterns are blocks of lines separated by single blank lines (an empty file: none).
  count=$(awk 'BEGIN { n = 0; inside = 0 } /^$/ { inside = 0; next } { if (!inside) ++n; inside = 1 } END { print n }' "$work/kernel.txt")
  nullity=$(sed -n 's/.*"nullity":\([0-9]*\).*/\1/p' <<<"$fast")
  states=$(sed -n 's/.*"states":\([0-9]*\).*/\1/p' <<<"$fast")
  quiet=$(sed -n 's/.*"quiet_patterns":"\([^"]*\)".*/\1/p' <<<"$fast")
  if [[ $rc -eq 0 && -n $nullity && $count -eq $nullity && $quiet == "$((states ** nullity))" ]]; then
    pass
  else
    fail "$rules $size: '$fast', --kernel wrote $count patterns (exit $rc) $(head -c 200 "$work/err")"
  fi
done

# K with a square factor keeps elimination, whose cell limit refuses a million squared in one line.
"$bin" info 1000000x1000000 --rules torus,states=4 >"$work/out" 2>"$work/err"
rc=$?
if [[ $rc -eq 2 && ! -s $work/out && $(wc -l <"$work/err") -eq 1 ]] && grep -q "cells" "$work/err"; then
  pass
else
  fail "torus,states=4 1000000x1000000: exit $rc, stderr '$(cat "$work/err")'"
fi

# On a terminal, work estimated over about a second has its estimate shown on stderr before it
# starts (10^6 x 10^6: 1.2e9 units, about a second); off a terminal stderr stays empty (above).
if command -v script >/dev/null; then
  script -qec "'$bin' info 1000000x1000000 >'$work/out'" "$work/tty" </dev/null >/dev/null 2>&1
  rc=$?
  if [[ $rc -eq 0 ]] && grep -q "lightsout: info: 1000000x1000000 takes about 1 s for the nullity polynomials (up to " "$work/tty" &&
    grep -q "^board 1000000x1000000: nullity 0$" "$work/out"; then
    pass
  else
    fail "estimate on a terminal: exit $rc, terminal '$(head -c 300 "$work/tty")'"
  fi
  script -qec "'$bin' info 1000x1000 >'$work/out'" "$work/tty" </dev/null >/dev/null 2>&1
  if grep -q "takes about" "$work/tty"; then fail "estimate shown for a quick size"; else pass; fi
else
  fail "script(1) is missing: the terminal estimate is not tested"
fi

finish
