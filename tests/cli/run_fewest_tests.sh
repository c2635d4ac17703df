#!/usr/bin/env bash
# --minimal on every output path: a minimum not proven within --minimal-time is said on stderr,
# one line per puzzle with a proven lower bound below the answer; a proven one prints nothing.
# Usage: run_fewest_tests.sh LIGHTSOUT JUDGE_VERIFY
set -uo pipefail
bin=$1
verify=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# ones ROWS COLS: one all-ones puzzle in the single layout.
ones() {
  local r c line
  for ((r = 0; r < $1; r++)); do
    line=""
    for ((c = 0; c < $2; c++)); do line+="1 "; done
    echo "${line% }"
  done
}
unproven_re='^lightsout: (puzzle ([0-9]+): )?([0-9]+) presses, fewest not proven, lower bound ([0-9]+)$'

# check_unproven NAME PUZZLE PRESSES: $work/err holds exactly one unproven line for PUZZLE
# (empty: board-file mode) naming PRESSES and a lower bound below it.
check_unproven() {
  local name=$1 puzzle=$2 presses=$3
  local line
  line=$(grep -E "$unproven_re" "$work/err" | grep -E "^lightsout: ${puzzle:+puzzle $puzzle: }[0-9]")
  if [[ $(grep -cE "^lightsout: ${puzzle:+puzzle $puzzle: }[0-9]+ presses" "$work/err") -ne 1 ]] ||
    ! [[ $line =~ $unproven_re ]]; then
    fail "$name: no single unproven line for puzzle '${puzzle}': $(head -c 300 "$work/err")"
  elif [[ ${BASH_REMATCH[3]} -ne $presses ]]; then
    fail "$name: line says ${BASH_REMATCH[3]} presses, the answer has $presses"
  elif [[ ${BASH_REMATCH[4]} -ge $presses ]]; then
    fail "$name: lower bound ${BASH_REMATCH[4]} not below $presses yet not proven"
  else
    pass
  fi
}

# 65 x 65 all ones: nullity 42, far more than 0.2 s to prove (over a minute on two cores).
ones 65 65 >"$work/ones65.txt"
{
  echo 2
  ones 65 65
  ones 65 65
} >"$work/ones65x2.txt"

# Judge mode, single layout.
run "$bin" solve --size 65x65 --input single --minimal --minimal-time 0.2 "$work/ones65.txt"
if [[ $rc -ne 0 ]]; then
  fail "judge single: exit $rc"
else
  check_unproven "judge single" 1 "$(tr -cd 1 <"$work/out" | wc -c)"
fi

# Judge mode, count layout: one line per puzzle, in order; the presses solve each board.
run "$bin" solve --size 65x65 --minimal --minimal-time 0.2 "$work/ones65x2.txt"
cp "$work/out" "$work/two.out"
if [[ $rc -ne 0 ]]; then
  fail "judge count: exit $rc"
else
  first=$(awk '/PUZZLE #1/{f=1;next} /PUZZLE #2/{f=0} f' "$work/two.out" | tr -cd 1 | wc -c)
  second=$(awk '/PUZZLE #2/{f=1;next} f' "$work/two.out" | tr -cd 1 | wc -c)
  check_unproven "judge count #1" 1 "$first"
  check_unproven "judge count #2" 2 "$second"
  if "$verify" 65 65 "$work/ones65x2.txt" "$work/two.out" >/dev/null; then pass; else
    fail "judge count: judge_verify rejects the presses"
  fi
fi

# Board-file mode: the same line without a puzzle number, also with --stats.
cp "$work/ones65.txt" "$work/ones65.grid.txt"
run "$bin" solve --format judge --size 65x65 --minimal --minimal-time 0.2 \
  -o "$work/presses.txt" "$work/ones65.txt"
if [[ $rc -ne 0 ]]; then
  fail "board file: exit $rc: $(head -c 300 "$work/err")"
else
  check_unproven "board file" "" "$(tr -cd 1 <"$work/presses.txt" | wc -c)"
fi

# Proven minima print nothing: 19 x 19 (nullity 16) and the 5 x 6 judge sample.
ones 19 19 >"$work/ones19.txt"
run "$bin" solve --size 19x19 --input single --minimal "$work/ones19.txt"
if [[ $rc -ne 0 || -s $work/err ]]; then
  fail "proven 19x19: exit $rc, stderr: $(head -c 300 "$work/err")"
elif [[ $(tr -cd 1 <"$work/out" | wc -c) -ne 141 ]]; then
  # 141: the fewest presses of the all-ones 19 x 19 (brute force over its 2^16 solutions in
  # fewest_presses_test agrees).
  fail "proven 19x19: $(tr -cd 1 <"$work/out" | wc -c) presses, not 141"
else
  pass
fi

# More states: 1 x 40 under rowcol with 3 states has 3^39 solutions; a 0.05 s walk cannot
# prove its answer. The line carries the presses as a sum of values.
run "$bin" solve --rules nbhd=rowcol,states=3 --size 1x40 --input single --minimal \
  --minimal-time 0.05 <(echo "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1")
if [[ $rc -ne 0 ]]; then
  fail "states=3: exit $rc: $(head -c 300 "$work/err")"
else
  sum=0
  for v in $(cat "$work/out"); do sum=$((sum + v)); done
  if [[ -s $work/err ]]; then check_unproven "states=3" 1 "$sum"; else pass; fi
fi

# Word-sized boards whose quiet patterns are too many for the table walk (1 x 64 under rowcol:
# nullity 63) leave the table path: proven and silent, or said.
run "$bin" solve --rules nbhd=rowcol --size 1x64 --input single --minimal --minimal-time 0.2 \
  <(ones 1 64)
presses=$(tr -cd 1 <"$work/out" | wc -c)
if [[ $rc -ne 0 ]]; then
  fail "1x64 rowcol: exit $rc"
elif [[ -s $work/err ]]; then
  check_unproven "1x64 rowcol" 1 "$presses"
elif [[ $presses -ne 1 ]]; then
  fail "1x64 rowcol: proven silently with $presses presses (one press clears the row)"
else
  pass
fi

# render --solve --minimal says an unproven minimum as solve does (79 x 79 all ones: nullity 64).
ones 79 79 | tr -d ' ' >"$work/ones79.grid"
run "$bin" render "$work/ones79.grid" --solve --minimal --minimal-time 0.2 -o "$work/r.png"
line=$(cat "$work/err")
if [[ $rc -ne 0 || ! -s $work/r.png ]]; then
  fail "render --minimal: exit $rc: $(head -c 300 "$work/err")"
elif [[ $(wc -l <"$work/err") -ne 1 ]] ||
  ! [[ $line =~ ^lightsout:\ ([0-9]+)\ presses,\ fewest\ not\ proven,\ lower\ bound\ ([0-9]+)$ ]]; then
  fail "render --minimal: no unproven line: $(head -c 300 "$work/err")"
elif ((BASH_REMATCH[2] >= BASH_REMATCH[1])); then
  fail "render --minimal: lower bound ${BASH_REMATCH[2]} not below ${BASH_REMATCH[1]}"
else
  pass
fi
# A proven one is silent there too (19 x 19, proven above).
ones 19 19 | tr -d ' ' >"$work/ones19.grid"
run "$bin" render "$work/ones19.grid" --solve --minimal --minimal-time 0 -o "$work/r.png"
if [[ $rc -eq 0 && ! -s $work/err ]]; then pass; else fail "render proven: $rc $(head -c 300 "$work/err")"; fi

# --minimal-time is checked: NaN would mean no limit (CLI::Range lets it through).
for t in -1 nan inf 1e400 x; do
  run "$bin" solve --minimal --minimal-time "$t" "$work/ones65.txt"
  if [[ $rc -eq 2 ]] && grep -q "^lightsout: --minimal-time: expected seconds from 0 to 1e9 (0: no limit), got '$t'$" "$work/err"; then
    pass
  else
    fail "--minimal-time $t: exit $rc: $(head -c 200 "$work/err")"
  fi
  run "$bin" render "$work/ones19.grid" --solve --minimal --minimal-time "$t" -o "$work/r.png"
  if [[ $rc -eq 2 ]]; then pass; else fail "render --minimal-time $t: exit $rc"; fi
done

# --minimal-method: the branch and bound and the exhaustive search print the same presses (both
# the first lightest), proven, at nullity 32 (all ones and a random board of 39 x 39) and 28.
{
  echo 1
  "$bin" generate 39x39 --solvable --seed 11
} >"$work/r39.txt"
{
  echo 1
  "$bin" generate 64x64 --solvable --seed 12
} >"$work/r64.txt"
{
  echo 1
  ones 39 39
} >"$work/ones39c.txt"
for c in "39 ones39c.txt" "39 r39.txt" "64 r64.txt"; do
  read -r n file <<<"$c"
  size=${n}x${n}
  run "$bin" solve --size "$size" --minimal --minimal-time 0 "$work/$file"
  cp "$work/out" "$work/bnb.out"
  cp "$work/err" "$work/bnb.err"
  run "$bin" solve --size "$size" --minimal --minimal-time 0 --minimal-method exhaustive \
    "$work/$file"
  if [[ $rc -ne 0 || -s $work/err || -s $work/bnb.err || ! -s $work/out ]]; then
    fail "--minimal-method $file: exit $rc: $(head -c 300 "$work/err" "$work/bnb.err")"
  elif ! cmp -s "$work/out" "$work/bnb.out"; then
    fail "--minimal-method $file: the two methods print different presses"
  elif ! "$verify" "$n" "$n" "$work/$file" "$work/out" >/dev/null 2>&1; then
    fail "--minimal-method $file: the presses do not solve the board"
  else
    pass
  fi
done
run "$bin" solve --minimal --minimal-method fastest "$work/ones65.txt"
if [[ $rc -eq 2 ]] && grep -q "minimal-method" "$work/err"; then
  pass
else
  fail "--minimal-method fastest: exit $rc: $(head -c 200 "$work/err")"
fi

# --tie-break lexicographic (POJ 3279): of the two lightest solutions of 1 x 5 all on, 10010 and
# 01001, the one with 0 first; judge mode, board-file mode, and a thin board (solved untransposed)
# against the same cells read as one row.
echo "1 1 1 1 1" >"$work/ones1x5.txt"
for order in lex lexicographic; do
  run "$bin" solve --size 1x5 --input single --minimal --tie-break "$order" "$work/ones1x5.txt"
  if [[ $rc -eq 0 && $(cat "$work/out") == "0 1 0 0 1" ]]; then
    pass
  else
    fail "--tie-break $order: exit $rc: $(head -c 200 "$work/out")"
  fi
done
run "$bin" solve --size 1x5 --input single --minimal --tie-break any "$work/ones1x5.txt"
if [[ $rc -eq 0 ]]; then pass; else fail "--tie-break any: exit $rc"; fi
echo "11111" >"$work/ones1x5.grid"
run "$bin" solve --minimal --tie-break lex "$work/ones1x5.grid"
if [[ $rc -eq 0 && $(cat "$work/out") == "01001" ]]; then
  pass
else
  fail "--tie-break lex, board file: exit $rc: $(head -c 200 "$work/out")"
fi
ones 1 68 >"$work/ones1x68.txt"
ones 68 1 >"$work/ones68x1.txt"
run "$bin" solve --size 1x68 --input single --minimal --tie-break lex "$work/ones1x68.txt"
tr -d ' \n' <"$work/out" >"$work/row"
run "$bin" solve --size 68x1 --input single --minimal --tie-break lex "$work/ones68x1.txt"
tr -d ' \n' <"$work/out" >"$work/column"
if [[ $rc -eq 0 && -s "$work/row" ]] && cmp -s "$work/row" "$work/column"; then
  pass
else
  fail "--tie-break lex, 68 x 1: not the 1 x 68 answer: $(head -c 200 "$work/column")"
fi
# POJ 3279's sample (4 x 4: two solutions of 4 presses), its expected answer.
printf '1 0 0 1\n0 1 1 0\n0 1 1 0\n1 0 0 1\n' >"$work/poj3279.txt"
printf '0 0 0 0\n1 0 0 1\n1 0 0 1\n0 0 0 0\n' >"$work/poj3279.out"
run "$bin" solve --size 4x4 --input single --minimal --tie-break lex "$work/poj3279.txt"
if [[ $rc -eq 0 ]] && cmp -s "$work/out" "$work/poj3279.out"; then
  pass
else
  fail "--tie-break lex, POJ 3279 sample: exit $rc: $(head -c 200 "$work/out")"
fi
# Without --minimal there is nothing to break: a usage error.
run "$bin" solve --size 1x5 --input single --tie-break lex "$work/ones1x5.txt"
if [[ $rc -eq 2 ]] && grep -q "^lightsout: --tie-break needs --minimal" "$work/err"; then
  pass
else
  fail "--tie-break without --minimal: exit $rc: $(head -c 200 "$work/err")"
fi
run "$bin" solve --size 1x5 --input single --minimal --tie-break first "$work/ones1x5.txt"
if [[ $rc -eq 2 ]] && grep -q "tie-break" "$work/err"; then
  pass
else
  fail "--tie-break first: exit $rc: $(head -c 200 "$work/err")"
fi

finish
