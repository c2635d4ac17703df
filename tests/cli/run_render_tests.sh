#!/usr/bin/env bash
# CLI tests for `lightsout render` and `info --kernel FILE.png`: picture sizes read back from the
# PNG header (IHDR) and the SVG root, the auto cell size and a pixel a cell, every usage error
# with its one line and exit status, an unsolvable --solve (exit 1, picture still written).
# Usage: run_render_tests.sh LIGHTSOUT_BIN
set -uo pipefail

bin=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# png_size FILE: "WIDTH HEIGHT" from the IHDR chunk (bytes 16..23, big-endian), or "not a PNG".
png_size() {
  if [[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ]]; then
    echo "not a PNG"
    return
  fi
  local hex
  hex=$(od -An -tx1 -j16 -N8 "$1" | tr -d ' \n')
  echo "$((16#${hex:0:8})) $((16#${hex:8:8}))"
}

# expect_png NAME "W H" -- ARGS...: exit 0, nothing on stderr, $work/pic.png of that size.
expect_png() {
  local name=$1 size=$2
  shift 3
  rm -f "$work/pic.png"
  run "$bin" "$@"
  if [[ $rc -ne 0 ]]; then
    fail "$name: exit $rc; stderr: $(head -c 300 "$work/err")"
  elif [[ -s $work/err ]]; then
    fail "$name: unexpected stderr: $(head -c 300 "$work/err")"
  elif [[ "$(png_size "$work/pic.png")" != "$size" ]]; then
    fail "$name: picture is $(png_size "$work/pic.png"), wanted $size"
  else
    pass
  fi
}

printf '1 0 1\n0 1 1\n1 1 0\n' >"$work/b.txt"
"$bin" generate 300x200 --seed 5 -o "$work/big.pbm" 2>/dev/null
"$bin" generate 2000x1500 --seed 5 -o "$work/huge.pbm" 2>/dev/null

expect_png "board, 32 px cells" "96 96" -- render "$work/b.txt" -o "$work/pic.png"
expect_png "board --solve" "96 96" -- render "$work/b.txt" --solve -o "$work/pic.png"
expect_png "--cell 3" "9 9" -- render "$work/b.txt" --cell 3 -o "$work/pic.png"
expect_png "auto cell fits 1024" "600 900" -- render "$work/big.pbm" -o "$work/pic.png"
expect_png "--max-side 300" "200 300" -- render "$work/big.pbm" --max-side 300 -o "$work/pic.png"
expect_png "a pixel a cell" "1500 2000" -- render "$work/huge.pbm" -o "$work/pic.png"
expect_png "--image-format" "96 96" -- render "$work/b.txt" --image-format png -o "$work/pic.png"
# 4x4: nullity 4, four 4x4 patterns in 2 x 2 with a one-cell gap: 9 cells of 32 px.
expect_png "quiet patterns" "288 288" -- render --quiet-patterns 4x4 -o "$work/pic.png"
expect_png "info --kernel png" "288 288" -- info 4x4 --kernel "$work/pic.png"
# Nullity 0: the dark board, the only quiet pattern.
expect_png "info --kernel, nullity 0" "192 160" -- info 5x6 --kernel "$work/pic.png"
# 3 states, a hole in the middle: the 3x3 quiet patterns under those rules, at 10 px a cell.
expect_png "states and holes" "30 30" -- render --rules "states=3,holes=[000/010/000]" --cell 10 \
  --quiet-patterns 3x3 -o "$work/pic.png"
# A board larger than the picture wanted: --scale N draws N x N cells a pixel, --max-pixels P the
# smallest such scale within P pixels (3000 x 3000 in 250000 pixels: scale 6, 500 x 500).
"$bin" generate 3000x3000 --seed 1 -o "$work/big3.pbm"
expect_png "--scale 10" "300 300" -- render "$work/big3.pbm" --scale 10 -o "$work/pic.png"
expect_png "--max-pixels" "500 500" -- render "$work/big3.pbm" --max-pixels 250000 -o "$work/pic.png"
expect_error_only "scale svg" 2 "lightsout: SVG draws every cell: a scaled picture (--scale, --max-pixels) is for PNG" \
  -- render "$work/big3.pbm" --scale 2 -o "$work/pic.svg"
# Nullity 0 (4x5): the dark board is drawn, and stderr says there is no quiet pattern.
rm -f "$work/pic.png"
run "$bin" render --quiet-patterns 4x5 -o "$work/pic.png"
if [[ $rc -eq 0 && "$(png_size "$work/pic.png")" == "160 128" ]] &&
  [[ $(cat "$work/err") == "lightsout: render: 4x5 has no quiet pattern (nullity 0: every board has exactly one solution); the picture shows the dark board" ]]; then
  pass
else
  fail "quiet patterns of nullity 0: exit $rc, $(png_size "$work/pic.png"), stderr: $(head -c 200 "$work/err")"
fi

run "$bin" render "$work/b.txt" --solve -o "$work/pic.svg"
if [[ $rc -eq 0 ]] && head -c 200 "$work/pic.svg" | grep -q '<svg .*width="96" height="96"' &&
  [[ $(grep -c '<rect class="v' "$work/pic.svg") -eq 9 ]]; then
  pass
else
  fail "svg: exit $rc, or not 96x96 with 9 cells"
fi

# 4x4 with a lone light has no solution: one line, exit 1, the board drawn alone.
printf '1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n' >"$work/u.txt"
rm -f "$work/pic.png"
run "$bin" render "$work/u.txt" --solve -o "$work/pic.png"
if [[ $rc -eq 1 && "$(cat "$work/err")" == "lightsout: render: no solution: the board is drawn without presses (nullity 4)" && "$(png_size "$work/pic.png")" == "128 128" ]]; then
  pass
else
  fail "unsolvable --solve: exit $rc; stderr: $(head -c 300 "$work/err")"
fi

expect_error_only "unknown extension" 2 \
  "lightsout: render: cannot tell the picture format of '$work/x.gif': name it .png or .svg, or give --image-format" \
  -- render "$work/b.txt" -o "$work/x.gif"
expect_error_only "unknown --image-format" 2 \
  "lightsout: render: --image-format: unknown format 'gif' (png, svg)" \
  -- render "$work/b.txt" --image-format gif -o "$work/x.png"
expect_error_only "no board" 2 "lightsout: render: give a board file or --quiet-patterns RxC (one of them)" \
  -- render -o "$work/x.png"
expect_error_only "both" 2 "lightsout: render: give a board file or --quiet-patterns RxC (one of them)" \
  -- render "$work/b.txt" --quiet-patterns 3x3 -o "$work/x.png"
expect_error_only "--solve with --presses" 2 "lightsout: render: --solve and --presses: give one of them" \
  -- render "$work/b.txt" --solve --presses "$work/b.txt" -o "$work/x.png"
expect_error_only "bad size" 2 \
  "lightsout: render: --quiet-patterns: board size must be RxC (e.g. 5x5) of at most 1073741824 cells, got '0x3'" \
  -- render --quiet-patterns 0x3 -o "$work/x.png"
printf '0 1 5\n' >"$work/v.txt"
expect_error_only "bad value" 2 "lightsout: $work/v.txt:1:5: expected a value 0..2, found '5'" \
  -- render "$work/v.txt" --rules "states=3" -o "$work/x.png"
printf '1 0\n0 1\n' >"$work/p.txt"
expect_error_only "presses of another size" 2 "lightsout: render: the board is 3x3 but the presses are 2x2" \
  -- render "$work/b.txt" --presses "$work/p.txt" -o "$work/x.png"
expect_error_only "svg too large" 2 \
  "lightsout: SVG is for pictures of up to 1048576 cells (3000000 here): write PNG instead" \
  -- render "$work/huge.pbm" -o "$work/x.svg"
expect_error_only "missing board" 2 "lightsout: cannot open '$work/none.pbm': No such file or directory" \
  -- render "$work/none.pbm" -o "$work/x.png"
finish
