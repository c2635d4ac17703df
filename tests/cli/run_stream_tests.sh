#!/usr/bin/env bash
# Board files larger than --memory: solved in two passes over the file, with the same presses as
# the in-memory solve (byte for byte: both take the same first row), in every format, checked by
# verify; unsolvable, wide, malformed and piped inputs; peak memory of a 50 MB board; verify
# streamed the same way (counts, sizes, cut files).
# Usage: run_stream_tests.sh LIGHTSOUT_BIN
set -uo pipefail

bin=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# same_as_in_memory NAME SIZE FORMAT EXT: generates a solvable board, solves it in memory and
# streamed (--memory 1K), wants identical presses that verify.
same_as_in_memory() {
  local name=$1 size=$2 format=$3 ext=$4
  "$bin" generate --solvable --seed 3 --format "$format" "$size" -o "$work/$name.$ext"
  "$bin" solve --format "$format" "$work/$name.$ext" -o "$work/$name-mem.$ext" 2>"$work/err"
  "$bin" solve --format "$format" --memory 1K --stats "$work/$name.$ext" \
    -o "$work/$name-stream.$ext" 2>"$work/err"
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$name: exit $rc: $(cat "$work/err")"
  elif ! grep -q '^method: poly (streamed, two passes)$' "$work/err"; then
    fail "$name: not streamed: $(cat "$work/err")"
  elif ! cmp -s "$work/$name-mem.$ext" "$work/$name-stream.$ext"; then
    fail "$name: streamed presses differ from the in-memory ones"
  elif [[ $("$bin" verify --format "$format" --presses-format "$format" "$work/$name.$ext" \
    "$work/$name-stream.$ext") != ok ]]; then
    fail "$name: the streamed presses do not darken the board"
  else
    pass
  fi
}

same_as_in_memory p4 3000x2000 p4 pbm
same_as_in_memory p4_odd 777x129 p4 pbm
same_as_in_memory p1 500x400 p1 pbm
same_as_in_memory grid 700x300 grid grid
same_as_in_memory judge 130x70 judge txt
same_as_in_memory one_column 5000x1 p4 pbm
same_as_in_memory square 1000x1000 p4 pbm

# Unsolvable: the same message and exit 1 as in memory (17 x 17 has nullity 2; this seed's board
# is not solvable).
"$bin" generate --seed 1 17x17 -o "$work/u.pbm"
"$bin" solve "$work/u.pbm" -o "$work/u-mem.pbm" 2>"$work/mem-err"
mem_rc=$?
"$bin" solve --memory 1 "$work/u.pbm" -o "$work/u-stream.pbm" 2>"$work/stream-err"
stream_rc=$?
if [[ $mem_rc -ne 1 || $stream_rc -ne 1 ]]; then
  fail "unsolvable: exits $mem_rc (memory) and $stream_rc (streamed), wanted 1"
elif ! cmp -s "$work/mem-err" "$work/stream-err"; then
  fail "unsolvable: messages differ: $(cat "$work/stream-err")"
else
  pass
fi

# Wider than tall: solved in memory, with a note.
"$bin" generate --solvable 200x700 -o "$work/w.pbm"
"$bin" solve --memory 1K "$work/w.pbm" -o "$work/w-out.pbm" 2>"$work/err"
rc=$?
if [[ $rc -ne 0 ]] || ! grep -q 'is wider than tall, which does not stream' "$work/err"; then
  fail "wide: exit $rc, stderr: $(cat "$work/err")"
elif [[ $("$bin" verify "$work/w.pbm" "$work/w-out.pbm") != ok ]]; then
  fail "wide: presses do not darken the board"
else
  pass
fi

# Malformed: the reader's message, exit 2.
printf 'P4\n10 10\nabc' >"$work/bad.pbm"
expect_error malformed 2 "lightsout: $work/bad.pbm:2:10: P4 data cut short: expected 20 bytes of pixels, got 3" "" -- solve --memory 1 "$work/bad.pbm" -o "$work/bad-out.pbm"

# A pipe cannot be read twice: solved in memory whatever --memory says.
"$bin" generate --solvable --format grid 40x30 -o "$work/pipe.grid"
"$bin" solve --memory 1 --format grid - <"$work/pipe.grid" >"$work/pipe-out.grid" 2>"$work/err"
rc=$?
if [[ $rc -ne 0 ]] || [[ $("$bin" verify "$work/pipe.grid" "$work/pipe-out.grid") != ok ]]; then
  fail "pipe: exit $rc: $(cat "$work/err")"
else
  pass
fi

# A 20000 x 20000 board (a 50 MB P4 file) in a few MB.
if [[ -x /usr/bin/time ]]; then
  "$bin" generate --solvable --seed 9 20000x20000 -o "$work/big.pbm"
  /usr/bin/time -f '%M' -o "$work/kb" "$bin" solve --memory 8M "$work/big.pbm" -o "$work/big-out.pbm"
  kb=$(tail -n 1 "$work/kb")
  if [[ $kb -gt 32768 ]]; then
    fail "big: peak RSS $kb KB, wanted <= 32768 KB"
  elif [[ $("$bin" verify "$work/big.pbm" "$work/big-out.pbm") != ok ]]; then
    fail "big: presses do not darken the board"
  else
    pass
  fi
  # verify streams too: both files read once, side by side, in a few MB.
  /usr/bin/time -f '%M' -o "$work/kb" "$bin" verify --memory 8M "$work/big.pbm" "$work/big-out.pbm" \
    >"$work/out"
  kb=$(tail -n 1 "$work/kb")
  [[ $(cat "$work/out") == ok && $kb -le 32768 ]] && pass ||
    fail "big verify: said '$(cat "$work/out")' in $kb KB, wanted ok in <= 32768 KB"
else
  fail "big: /usr/bin/time is missing (scripts/setup.sh installs it)"
fi

# Streamed verify against the in-memory count: another board leaves the same lights on.
"$bin" generate --seed 4 20000x20000 -o "$work/other.pbm"
want=$("$bin" verify --memory 64G "$work/other.pbm" "$work/big-out.pbm")
got=$("$bin" verify --memory 8M "$work/other.pbm" "$work/big-out.pbm")
rc=$?
[[ $rc -eq 1 && $got == "$want" && $got == *" lights left" ]] && pass ||
  fail "verify count: streamed '$got' (exit $rc), in memory '$want'"
# Sizes that differ, a press file cut short, a board cut short: exit 2 with the message.
"$bin" generate 2000x3 -o "$work/small.pbm"
expect_error verify_sizes 2 "lightsout: verify: the board is 20000x20000 but the presses are 2000x3" "" -- verify --memory 1 "$work/big.pbm" "$work/small.pbm"
head -c 1000000 "$work/big-out.pbm" >"$work/cut.pbm"
cut="P4 data cut short: expected 50000000 bytes of pixels, got 999985"
expect_error verify_cut_presses 2 "lightsout: $work/cut.pbm:2:999998: $cut" "" -- verify --memory 1 "$work/big.pbm" "$work/cut.pbm"
expect_error verify_cut_board 2 "lightsout: $work/cut.pbm:2:999998: $cut" "" -- verify --memory 1 "$work/cut.pbm" "$work/big.pbm"

finish
