#!/usr/bin/env bash
# CLI tests for `verify --rules`: for many rule sets, presses written by `solve --rules` check ok;
# one press changed by +1 (mod K) leaves exactly the cells that press reaches (counted here from
# the rules by hand: its offsets on the board, repeats summed mod K, holes dropped); malformed,
# mismatched and missing files and bad rules exit 2 with one line.
# Usage: run_verify_rules_tests.sh LIGHTSOUT_BIN
set -uo pipefail

bin=$1
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# bump FILE ROW COL K: the judge text FILE with the value at (ROW, COL) (1-based) raised by 1 mod K.
bump() {
  awk -v r="$2" -v c="$3" -v k="$4" 'NR == r { $c = ($c + 1) % k } { print }' "$1"
}

# check NAME RULES SIZE ROW COL WANT [GENERATE_RULES]: generate a solvable SIZE board under RULES,
# solve it, verify (ok, exit 0), then bump the press at (ROW, COL) and expect "WANT lights left".
check() {
  local name=$1 rules=$2 size=$3 row=$4 col=$5 want=$6
  local k
  k=$(sed -n 's/.*states=\([0-9]*\).*/\1/p' <<<"$rules")
  k=${k:-2}
  if ! "$bin" generate "$size" --rules "$rules" --solvable --seed 11 --format judge \
      -o "$work/$name.txt" 2>"$work/err" ||
     ! "$bin" solve --rules "$rules" "$work/$name.txt" --output-format judge \
      -o "$work/$name-p.txt" 2>"$work/err"; then
    fail "$name: generate or solve: $(head -c 300 "$work/err")"
    return
  fi
  expect_line "$name: solve's answer" 0 ok -- \
    "$bin" verify --rules "$rules" "$work/$name.txt" "$work/$name-p.txt"
  bump "$work/$name-p.txt" "$row" "$col" "$k" >"$work/$name-q.txt"
  expect_line "$name: one press changed" 1 "$want lights left" -- \
    "$bin" verify --rules "$rules" "$work/$name.txt" "$work/$name-q.txt"
}

holes="$work/holemap.txt"  # 5x6; the hole at row 2, column 3 is next to the cell (3, 3)
printf '0 0 0 0 0 1\n0 0 1 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n1 0 0 0 0 0\n' >"$holes"
graph="$work/graphfile.txt"  # 7 nodes: a 6-cycle, a chord, node 6 joined to 0 and 3
printf '7\n# a comment\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n1 4\n6 0\n6 3\n' >"$graph"

# A press inside the board reaches its whole neighbourhood: plus and x 5 cells, knight 9.
check torus3 torus,states=3 6x7 3 4 5
check torus3_corner torus,states=3 6x7 1 1 5       # wraps to the far rows and columns
check x nbhd=x 7x7 4 4 5
check x_corner nbhd=x 7x7 1 1 2                     # the plane drops 3 of the 5
check knight5 nbhd=knight,states=5 9x9 5 5 9
check cylinder_mask cylinder,nbhd=110/011/000,states=4 6x5 3 1 4
# rowcol: the whole row and column, 6 + 7 - 1 cells, or without the button itself.
check rowcol nbhd=rowcol 6x7 2 3 12
check rowcol_self0 nbhd=rowcol,self=0,states=3 6x7 2 3 11
# holes: the press at (3, 3) reaches (2, 3), a hole: 4 cells left.
check holes "holes=$holes" 5x6 3 3 4
check holes_k3 "holes=$holes,states=3,torus" 5x6 3 3 4
# A graph: node 6 (row 7) changes itself and nodes 0 and 3.
check graph "graph=$graph" 7x1 7 1 3
check graph_k4 "graph=$graph,states=4" 7x1 7 1 3
# target=on: the goal is K-1, a changed press still leaves its reach.
check target_on target=on,states=3 5x5 3 3 5
check target_on2 target=on 5x5 3 3 5
# A wrapped 2x2 torus: the press at (1, 1) adds 1 to itself and 2 to each other cell of its row
# and column (two offsets land on each), 0 mod 2: one light left; mod 3 all three.
check tiny_torus torus 2x2 1 1 1
check tiny_torus3 torus,states=3 2x2 1 1 3
# One row: on a 1x5 torus the offsets (-1, 0) and (1, 0) wrap onto the button itself, which gets
# 3 (1 mod 2), and each side 1: three lights.
check one_row torus 1x5 1 3 3

# --- random boards and presses, the count against awk's own sums ---
# oracle BOARD PRESSES K GOAL WRAP_ROWS WRAP_COLS OFFSETS: the cells off the goal, each press
# added along OFFSETS ("dr,dc;dr,dc;..." written out here by hand, not parsed from the rules).
oracle() {
  awk -v k="$3" -v goal="$4" -v wr="$5" -v wc="$6" -v offs="$7" '
    FNR == 1 { f++ }
    f == 1 { m = FNR; n = NF; for (c = 1; c <= NF; c++) b[FNR - 1, c - 1] = $c }
    f == 2 { for (c = 1; c <= NF; c++) p[FNR - 1, c - 1] = $c }
    END {
      no = split(offs, o, ";")
      for (r = 0; r < m; r++) for (c = 0; c < n; c++) {
        if (p[r, c] == 0) continue
        for (i = 1; i <= no; i++) {
          split(o[i], d, ",")
          rr = r + d[1]; cc = c + d[2]
          if (wr) rr = ((rr % m) + m) % m; else if (rr < 0 || rr >= m) continue
          if (wc) cc = ((cc % n) + n) % n; else if (cc < 0 || cc >= n) continue
          b[rr, cc] += p[r, c]
        }
      }
      left = 0
      for (r = 0; r < m; r++) for (c = 0; c < n; c++) if (b[r, c] % k != goal) left++
      print left
    }' "$1" "$2"
}
# random_check NAME RULES SIZE K GOAL WRAP_ROWS WRAP_COLS OFFSETS
random_check() {
  local name=$1 rules=$2 size=$3
  "$bin" generate "$size" --rules "$rules" --seed 3 --density 0.6 --format judge -o "$work/$name-b.txt"
  "$bin" generate "$size" --rules "$rules" --seed 4 --density 0.6 --format judge -o "$work/$name-p.txt"
  local want
  want=$(oracle "$work/$name-b.txt" "$work/$name-p.txt" "$4" "$5" "$6" "$7" "$8")
  local rc=1
  [[ $want -eq 0 ]] && rc=0
  [[ $want -eq 0 ]] && want=ok || want="$want lights left"
  expect_line "$name: random presses" "$rc" "$want" -- \
    "$bin" verify --rules "$rules" "$work/$name-b.txt" "$work/$name-p.txt"
}
random_check r_torus3 torus,states=3 40x53 3 0 1 1 "-1,0;0,-1;0,0;0,1;1,0"
random_check r_knight5 nbhd=knight,states=5 37x41 5 0 0 0 \
  "-2,-1;-2,1;-1,-2;-1,2;0,0;1,-2;1,2;2,-1;2,1"
random_check r_tall_mask torus,nbhd=1/0/0/0/1/1/1,states=3 30x9 3 0 1 1 "-3,0;1,0;2,0;3,0"
random_check r_tall_mask_small torus,nbhd=1/0/0/0/1/1/1,states=3 5x9 3 0 1 1 "-3,0;1,0;2,0;3,0"
random_check r_cylinder_x cylinder,nbhd=x,target=on,states=4 25x6 4 3 0 1 "-1,-1;-1,1;0,0;1,-1;1,1"
random_check r_two_states torus 64x65 2 0 1 1 "-1,0;0,-1;0,0;0,1;1,0"

# --- board formats for two states: P4 and grid files, side by side ---
"$bin" generate 6x7 --rules torus --solvable --seed 5 -o "$work/t.pbm"
"$bin" solve --rules torus "$work/t.pbm" -o "$work/tp.pbm" --quiet
"$bin" solve --rules torus "$work/t.pbm" -o "$work/tp.grid" --quiet
expect_line "pbm presses" 0 ok -- "$bin" verify --rules torus "$work/t.pbm" "$work/tp.pbm"
expect_line "grid presses for a pbm board" 0 ok -- "$bin" verify --rules torus "$work/t.pbm" "$work/tp.grid"
expect_line "presses from stdin" 0 ok -- \
  bash -c "\"$bin\" verify --rules torus \"$work/t.pbm\" - <\"$work/tp.grid\""
expect_line "board from stdin" 0 ok -- \
  bash -c "\"$bin\" verify --rules torus - \"$work/tp.pbm\" <\"$work/t.pbm\""
"$bin" solve --rules torus "$work/t.pbm" --output-format p1 -o "$work/tp1.pbm" --quiet
if [[ $(head -c 2 "$work/tp1.pbm") != P1 ]]; then fail "p1 presses: not P1"; else pass; fi
expect_line "p1 presses" 0 ok -- "$bin" verify --rules torus "$work/t.pbm" "$work/tp1.pbm"
expect_line "k3 board from stdin" 0 ok -- \
  bash -c "\"$bin\" verify --rules torus,states=3 - \"$work/torus3-p.txt\" <\"$work/torus3.txt\""
expect_line "k3 presses from stdin" 0 ok -- \
  bash -c "\"$bin\" verify --rules torus,states=3 \"$work/torus3.txt\" - <\"$work/torus3-p.txt\""
expect_line "rowcol presses from stdin" 0 ok -- \
  bash -c "\"$bin\" verify --rules nbhd=rowcol \"$work/rowcol.txt\" - <\"$work/rowcol-p.txt\""
# The classic rules under --rules take the classic verify: the same answers.
"$bin" generate 8x9 --solvable --seed 2 -o "$work/c.grid"
"$bin" solve "$work/c.grid" -o "$work/cp.grid"
expect_line "classic rules spelled out" 0 ok -- "$bin" verify --rules plane,states=2 "$work/c.grid" "$work/cp.grid"

# --- errors: exit 2, one line ---
printf '0 1 2\n2 1\n' >"$work/short.txt"
expect_error_only truncated 2 "lightsout: $work/short.txt:2:1: row 2 has 2 values, the first row has 3" -- \
  verify --rules states=3 "$work/short.txt" "$work/short.txt"
printf '0 1 2\n0 3 1\n' >"$work/big.txt"
printf '0 0 0\n0 0 0\n' >"$work/zero.txt"
expect_error_only value_too_big 2 "lightsout: $work/big.txt:2:3: expected a value 0..2, found '3'" -- \
  verify --rules states=3 "$work/zero.txt" "$work/big.txt"
expect_error_only value_too_big_board 2 "lightsout: $work/big.txt:2:3: expected a value 0..2, found '3'" -- \
  verify --rules states=3,torus "$work/big.txt" "$work/zero.txt"
printf '0 0\n0 0\n' >"$work/zero2.txt"
expect_error_only wrong_size 2 "lightsout: verify: the board is 2x3 but the presses are 2x2" -- \
  verify --rules states=3 "$work/zero.txt" "$work/zero2.txt"
printf '0 0 0\n0 0 0\n0 0 0\n' >"$work/zero3.txt"
expect_error_only more_press_rows 2 "lightsout: verify: the board is 2x3 but the presses are 3x3" -- \
  verify --rules torus,states=3 "$work/zero.txt" "$work/zero3.txt"
expect_error_only more_board_rows_k2 2 "lightsout: verify: the board is 3x3 but the presses are 2x3" -- \
  verify --rules nbhd=x "$work/zero3.txt" "$work/zero.txt"
expect_error_only wrong_size_rowcol 2 "lightsout: verify: the board is 2x3 but the presses are 2x2" -- \
  verify --rules nbhd=rowcol,states=3 "$work/zero.txt" "$work/zero2.txt"
expect_error_only wrong_size_graph 2 "lightsout: verify: the board is 2x3 but the presses are 2x2" -- \
  verify --rules "graph=$graph" "$work/zero.txt" "$work/zero2.txt"
expect_error_only holes_size 2 "lightsout: --rules: token 'holes=$holes': the holes grid is 5x6, the board is 2x3" -- \
  verify --rules "holes=$holes" "$work/zero.txt" "$work/zero.txt"
expect_error_only missing 2 "lightsout: cannot open '$work/none.txt': No such file or directory" -- \
  verify --rules states=3 "$work/none.txt" "$work/zero.txt"
expect_error_only missing_presses 2 "lightsout: cannot open '$work/none.txt': No such file or directory" -- \
  verify --rules torus,states=3 "$work/zero.txt" "$work/none.txt"
expect_error_only bad_rules 2 "lightsout: --rules: token 'states=1': states must be an integer in 2..255" -- \
  verify --rules states=1 "$work/zero.txt" "$work/zero.txt"
expect_error_only k3_pbm 2 "lightsout: $work/t.pbm: boards of 3 states are judge text (values 0..2), not p4" -- \
  verify --rules states=3 "$work/t.pbm" "$work/zero.txt"
bump "$work/holes-p.txt" 2 3 2 >"$work/on-hole.txt"
expect_error_only press_on_hole 2 "lightsout: $work/on-hole.txt: row 2, column 3 is a hole (holes=$holes) but its press count is 1, not 0" -- \
  verify --rules "holes=$holes" "$work/holes.txt" "$work/on-hole.txt"
expect_error_only max_cells 2 "lightsout: $work/zero.txt:2:3: board exceeds the limit of 4 cells (--max-cells)" -- \
  verify --rules states=3 --max-cells 4 "$work/zero.txt" "$work/zero.txt"
expect_error_only bad_rules_file 2 "lightsout: --rules: token 'holes=$work/none.txt': cannot open '$work/none.txt': No such file or directory" -- \
  verify --rules "holes=$work/none.txt" "$work/zero.txt" "$work/zero.txt"
head -c 10 "$work/t.pbm" >"$work/cut.pbm"
run "$bin" verify --rules torus "$work/t.pbm" "$work/cut.pbm"
if [[ $rc -ne 2 || $(wc -l <"$work/err") -ne 1 ]] || ! grep -q "^lightsout: $work/cut.pbm:" "$work/err"; then
  fail "truncated P4: exit $rc, stderr $(cat "$work/err")"
else
  pass
fi

finish
