#!/usr/bin/env bash
# CLI tests for `lightsout solve --judge NAME`: each statement's sample byte for byte, poj1222 and
# oj2811 the same bytes as plain solve (10^6 puzzles too), back-to-back cases, every error class
# with its place and exit status 2 after the answers before it, and the refused options.
# Usage: run_judge_family_tests.sh LIGHTSOUT_BIN REPO_DIR GEN_JUDGE_BIN
set -uo pipefail

bin=$1
repo=$2
gen=$3
golden="$repo/tests/cli/golden"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# sample NAME INPUT OUTPUT [STATUS]: `solve --judge NAME` on INPUT (printf '%b'), from a file and
# from stdin, prints exactly OUTPUT and exits with STATUS (0).
sample() {
  local name=$1 status=${4:-0}
  printf '%b' "$2" >"$work/$name.in"
  printf '%b' "$3" >"$work/$name.want"
  expect_stdout "$name sample" "$work/$name.want" "$status" -- "$bin" solve --judge "$name" "$work/$name.in"
  expect_stdout "$name sample (stdin)" "$work/$name.want" "$status" -- \
    bash -c "\"$bin\" solve --judge $name <\"$work/$name.in\""
}

# --- the statements' samples, byte for byte ---
sample poj3279 '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' '0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n'
sample poj1681 '2\n3\nyyy\nyyy\nyyy\n5\nwwwww\nwwwww\nwwwww\nwwwww\nwwwww\n' '0\n15\n'
sample poj1753 'bwwb\nbbwb\nbwwb\nbwww\n' '4\n'
sample poj3185 '0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 0\n' '3\n'
sample poj1830 '2\n3\n0 0 0\n1 1 1\n1 2\n1 3\n2 1\n2 3\n3 1\n3 2\n0 0\n3\n0 0 0\n1 0 1\n1 2\n2 1\n0 0\n' \
  "4\nOh,it's impossible~!!\n"
# The other words for no solution, and the single-case formats' cases back to back.
sample poj3279 '1 2\n1 0\n1 5\n1 1 0 0 0\n2 2\n0 0\n0 0\n' 'IMPOSSIBLE\n1 0 0 0 0\n0 0\n0 0\n'
sample poj1681 '2\n4\nwyyy\nyyyy\nyyyy\nyyyy\n1\nw\n' 'inf\n1\n'
sample poj1753 'bwwb\nbbwb\nbwwb\nbwww\nbbbb\nbbbb\nbbbb\nbbbb\nbwbw\nwwww\nwwww\nwwww\n' '4\n0\nImpossible\n'
# Letters apart, values across lines, CRLF and tabs, no final newline: scanf's whitespace.
sample poj1681 '1\r\n 3\r\ny w y\r\nw\tw w\r\n\r\ny w y' '1\n'
sample poj3279 '2\t2 1\n1\r\n1 1' '1 1\n1 1\n'
# poj3185 promises a solution; a case without one prints `impossible`, the rest go on, exit 1
# (the stderr line checked is the stdin run's, the last).
sample poj3185 '1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n' \
  'impossible\n0\n' 1
if grep -qx "lightsout: <stdin>: 1 of 2 cases cannot turn every bowl to 0 (the problem promises they can)" "$work/err"; then
  pass
else
  fail "poj3185 unsolvable: stderr '$(head -c 300 "$work/err")'"
fi

# --- poj1222 and oj2811 name today's two layouts: the same bytes as plain solve ---
expect_stdout "poj1222 sample" "$golden/poj1222-sample.out" 0 -- \
  "$bin" solve --judge poj1222 "$repo/examples/poj1222-sample.in"
expect_stdout "oj2811 sample" "$golden/oj2811-sample.out" 0 -- "$bin" solve --judge oj2811 "$golden/oj2811-sample.in"
expect_stdout "oj2811 --trailing-space" "$golden/oj2811-trailing.out" 0 -- \
  "$bin" solve --judge oj2811 --trailing-space "$golden/oj2811-sample.in"
"$gen" 1000000 1 >"$work/million.in"
"$bin" solve "$work/million.in" >"$work/million.plain"
expect_stdout "poj1222 10^6 puzzles" "$work/million.plain" 0 -- "$bin" solve --judge poj1222 "$work/million.in"
rm -f "$work/million.in" "$work/million.plain"

# --- from a pipe, each case is answered before more input is waited for ---
# answered_live NAME PATTERN INPUT: the writer keeps the pipe open until PATTERN is in the answers
# (10 s at most), then closes it; an answer that waited for more input would come too late.
answered_live() {
  local name=$1 pattern=$2
  rm -f "$work/live.out" "$work/live.flag"
  {
    printf '%b' "$3"
    for ((i = 0; i < 1000; i++)); do
      grep -qE "$pattern" "$work/live.out" 2>/dev/null && break
      sleep 0.01
    done
    grep -qE "$pattern" "$work/live.out" 2>/dev/null && echo answered >"$work/live.flag"
  } | "$bin" solve --judge "$name" >"$work/live.out" 2>/dev/null
  if [[ -s $work/live.flag ]]; then pass; else fail "$name: no answer before the end of input"; fi
}
answered_live poj3279 '^0 0 0 0$' '4 4\n1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n'
answered_live poj1681 '^15$' '2\n5\nwwwww\nwwwww\nwwwww\nwwwww\nwwwww\n'
answered_live poj1753 '^4$' 'bwwb\nbbwb\nbwwb\nbwww\n'
answered_live poj3185 '^3$' '0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 0\n'
answered_live poj1830 '^4$' '2\n3\n0 0 0\n1 1 1\n1 2\n1 3\n2 1\n2 3\n3 1\n3 2\n0 0\n'

# --- bad input: one line with the place and the case, exit 2, the answers before it delivered ---
# bad NAME INPUT STDERR_MESSAGE ANSWERS_BEFORE: the message (after "lightsout: <stdin>:") and the
# stdout up to the error.
bad() {
  local name=$1 input=$2 message=$3 before=$4
  expect_error "$name: $message" 2 "lightsout: <stdin>:$message (--judge $name)" "$input" -- solve --judge "$name" -
  if [[ "$(cat "$work/out")" != "$(printf '%b' "$before")" ]]; then
    fail "$name: $message: stdout '$(head -c 200 "$work/out")', wanted '$before'"
  else
    pass
  fi
}
p3279='1 1\n1\n'
p1681_one='3\nyyy\nyyy\nyyy\n'
p1753='bwwb\nbbwb\nbwwb\nbwww\n'
p3185='0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 0\n'
p1830='1\n0\n1\n0 0\n'
# A letter or value outside the format.
bad poj1681 "2\n${p1681_one}3\nyyy\nyxy\nyyy\n" "8:2: expected a brick ('y' or 'w'), found 'x' (case 2)" '0'
bad poj3279 "${p3279}2 2\n1 0\n0 2\n" "5:3: expected a tile (0 or 1), found '2' (case 2)" '1'
bad poj1753 "${p1753}bwwb\nbbwb\nbwbb\nbbwB\n" "8:4: expected a piece ('w' or 'b'), found 'B' (case 2)" '4'
bad poj3185 "${p3185}0 0 1 1 1 0 0 1 1 0 1 1 0 0 0 0 0 0 0 10\n" \
  "2:39: expected a bowl (0 or 1), found '10' (case 2)" '3'
bad poj1830 "2\n${p1830}2\n0 1\n1 x\n" "8:3: expected an end state (0 or 1), found 'x' (case 2)" '1'
# A row with more letters than the side (they would silently start the next row).
bad poj1681 "1\n3\nyyy\nywyy\nyyy\n" "4:4: expected 3 letters in this row, found more: 'y' (case 1)" ''
bad poj1753 "bwwbb\nbbwb\nbwwb\nbwww\n" "1:5: expected 4 letters in this row, found more: 'b' (case 1)" ''
# Sizes out of range.
bad poj3279 "${p3279}16 3\n" "3:1: M (the rows) must be 1..15, found '16' (case 2)" '1'
bad poj3279 "3 0\n" "1:3: N (the columns) must be 1..15, found '0' (case 1)" ''
bad poj1681 "2\n${p1681_one}0\n" "6:1: n (the side) must be 1..15, found '0' (case 2)" '0'
bad poj1681 "1\n16\n" "2:1: n (the side) must be 1..15, found '16' (case 1)" ''
bad poj1830 "2\n${p1830}29\n" "6:1: N (the switches) must be 1..28, found '29' (case 2)" '1'
bad poj1830 "1\n3\n0 0 0\n1 1 1\n1 2\n2 4\n0 0\n" \
  "6:3: J (a switch, or 0 0 to end the case) must be 0..3, found '4' (case 1)" ''
bad poj1830 "1\n3\n0 0 0\n1 1 1\n7 1\n" \
  "5:1: I (a switch, or 0 0 to end the case) must be 0..3, found '7' (case 1)" ''
bad poj1830 "1\n3\n0 0 0\n1 1 1\n1 2\n0 3\n0 0\n" \
  "6:1: a link needs two switches 1..3 (only '0 0' ends the case) (case 1)" ''
bad poj1681 "0\n" "1:1: the number of cases must be 1..1000000000, found '0' (case 1)" ''
# A missing `0 0`: the input ends inside the links.
bad poj1830 "2\n${p1830}3\n0 0 0\n1 1 1\n1 2\n2 1\n" "11:1: the input ends before this case's closing '0 0' (case 2)" '1'
# Cases cut short.
bad poj3279 "${p3279}2 3\n1 0 1\n" "5:1: the input ends where a tile should be (case 2)" '1'
bad poj1681 "3\n${p1681_one}1\ny\n" "8:1: the input ends where n (the side) should be (case 3)" '0\n0'
bad poj1753 "${p1753}bwwb\nbb" "6:3: the input ends where a piece should be (case 2)" '4'
bad poj3185 "${p3185}0 1 0" "2:6: the input ends where a bowl should be (case 2)" '3'
bad poj1830 "1\n3\n0 0 0\n" "4:1: the input ends where an end state should be (case 1)" ''
# Text after the last counted case.
bad poj1681 "1\n${p1681_one}extra\n" "6:1: unexpected 'extra' after the last case; the count said 1 (case 1)" '0'
bad poj1830 "1\n${p1830}1\n" "6:1: unexpected '1' after the last case; the count said 1 (case 1)" '1'
# Empty inputs.
for name in poj3279 poj1753 poj3185; do
  bad "$name" "\n  \n" "3:1: the input is empty (case 1)" ''
done
for name in poj1681 poj1830; do
  bad "$name" "" "1:1: the input is empty (expected the number of cases) (case 1)" ''
done
# A file's errors name the file.
printf '1\n2\nyy\nyz\n' >"$work/bad.in"
expect_error "file name" 2 "lightsout: $work/bad.in:4:2: expected a brick ('y' or 'w'), found 'z' (case 1) (--judge poj1681)" \
  "" -- solve --judge poj1681 "$work/bad.in"

# --- options: --judge names the whole format ---
expect_error_only "--judge with --size" 2 "lightsout: --judge names the whole format; --size cannot be given with it" \
  -- solve --judge poj1681 --size 5x5
expect_error_only "--judge with --rules" 2 "lightsout: --judge names the whole format; --rules cannot be given with it" \
  -- solve --judge poj3279 --rules torus
expect_error_only "--judge poj1222 with --size" 2 "lightsout: --judge names the whole format; --size cannot be given with it" \
  -- solve --judge poj1222 --size 4x4
expect_error_only "--trailing-space with a sibling" 2 "lightsout: --trailing-space applies to --judge poj1222 and oj2811 only" \
  -- solve --judge poj1753 --trailing-space
run "$bin" solve --judge nosuch
if [[ $rc -eq 2 ]] && grep -q "^lightsout: --judge: nosuch not in {poj1222,oj2811,poj3279,poj1681,poj1753,poj3185,poj1830}" "$work/err" &&
  [[ ! -s $work/out ]]; then
  pass
else
  fail "--judge nosuch: exit $rc: $(head -c 200 "$work/err")"
fi

finish
