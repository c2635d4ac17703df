#!/usr/bin/env bash
# CLI tests for --rules: for many variants, `generate --solvable` -> `solve --rules` -> re-checked
# by rules_verify (its own press code; brute force proves "no solution" and --minimal on small
# boards), random boards likewise, board-file mode, `info --rules --json` against brute-force
# counts, every error class with its exact message and exit 2, and the classic rules (--rules
# plane / states=2) byte-identical to the golden samples.
# Usage: run_rules_cli_tests.sh LIGHTSOUT_BIN REPO_DIR RULES_VERIFY_BIN
set -uo pipefail

bin=$1
repo=$2
verify=$3
golden="$repo/tests/cli/golden"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- rule files ---
holes="$work/holes.txt"  # 4x5, three holes
printf '0 0 0 0 1\n0 1 0 0 0\n0 0 0 0 0\n1 0 0 0 0\n' >"$holes"
graph="$work/graph.txt"  # 7 nodes: a 6-cycle, a chord, node 6 joined to 0 and 3
printf '7\n# a comment\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n1 4\n6 0\n6 3\n0 1\n' >"$graph"
petersen="$work/petersen.txt"
printf '10\n0 1\n1 2\n2 3\n3 4\n4 0\n0 5\n1 6\n2 7\n3 8\n4 9\n5 7\n7 9\n9 6\n6 8\n8 5\n' >"$petersen"
# A directed graph (digraph=): a press of u changes u and v for each arc "u v"; 0>1>2>0 is singular.
digraph="$work/switches.txt"
printf '6\n0 1\n1 2\n2 0\n3 4\n4 5\n0 3\n0 3\n' >"$digraph"

# roundtrip NAME RULES ROWS COLS [MINIMAL]: solvable boards all solved; random boards solved or
# proven unsolvable (brute force when K^cells <= 2^16); every press block re-checked.
roundtrip() {
  local name=$1 rules=$2 rows=$3 cols=$4 minimal=${5:-}
  "$bin" generate "${rows}x${cols}" --rules "$rules" --solvable --count 25 --seed 7 >"$work/s.in" 2>"$work/err" ||
    { fail "$name: generate --solvable: $(cat "$work/err")"; return; }
  "$bin" solve --rules "$rules" --size "${rows}x${cols}" --input count "$work/s.in" >"$work/s.out" 2>"$work/err"
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$name: solvable boards: exit $rc: $(head -c 300 "$work/err")"
  elif ! "$verify" check "$rules" "$rows" "$cols" "$work/s.in" "$work/s.out" >"$work/v" 2>&1 ||
       ! grep -q "^ok: 25 puzzles, 0 without solution" "$work/v"; then
    fail "$name: solvable boards: $(cat "$work/v")"
  else
    pass
  fi
  "$bin" generate "${rows}x${cols}" --rules "$rules" --count 40 --seed 100 --density 0.4 >"$work/r.in"
  "$bin" solve --rules "$rules" --size "${rows}x${cols}" --input count $minimal "$work/r.in" >"$work/r.out" 2>"$work/err"
  rc=$?
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    fail "$name: random boards: exit $rc: $(head -c 300 "$work/err")"
  elif [[ $rc -eq 1 ]] && ! grep -q "puzzles have no solution" "$work/err"; then
    fail "$name: random boards: exit 1 without the count on stderr"
  elif ! "$verify" check "$rules" "$rows" "$cols" "$work/r.in" "$work/r.out" $minimal >"$work/v" 2>&1; then
    fail "$name: random boards: $(cat "$work/v")"
  else
    pass
  fi
}

roundtrip torus5 torus 5 5
roundtrip torus3 torus 3 3 --minimal
roundtrip cylinder cylinder 4 6
roundtrip cylinder_small cylinder 3 4 --minimal
roundtrip states3 states=3 5 5
roundtrip states3_small states=3 3 3 --minimal
roundtrip states4 states=4 4 4
roundtrip states4_small states=4 2 4 --minimal
roundtrip states6 states=6 4 5
roundtrip states6_small states=6 2 3 --minimal
roundtrip states5_torus torus,states=5 4 4
roundtrip nbhd_x nbhd=x 5 5
roundtrip nbhd_x_small nbhd=x 4 4 --minimal
roundtrip knight nbhd=knight 5 6
roundtrip knight_small nbhd=knight 4 4 --minimal
roundtrip mask_plus nbhd=010/111/010 5 6
roundtrip mask_ring nbhd=010/101/010 4 4 --minimal
roundtrip mask_wide torus,nbhd=11111/00100/00000,states=3 5 5
roundtrip square_torus torus,nbhd=square 4 4 --minimal
roundtrip rowcol nbhd=rowcol 4 4 --minimal
roundtrip rowcol_self0_states6 nbhd=rowcol,self=0,states=6 30 40
roundtrip rowcol_states12 torus,nbhd=rowcol,states=12 3 5 --minimal
roundtrip rowcol_self0_wide nbhd=rowcol,self=0,target=on 2 70 --minimal
roundtrip self0 self=0 4 4 --minimal
roundtrip self0_states3 self=0,states=3 4 5
roundtrip target_on target=on 4 4 --minimal
roundtrip target_on_states4 states=4,target=on 3 4
roundtrip holes "holes=$holes" 4 5 --minimal
roundtrip holes_states3 "holes=$holes,states=3,torus" 4 5
roundtrip graph "graph=$graph" 7 1 --minimal
roundtrip graph_states3 "graph=$graph,states=3" 7 1 --minimal
roundtrip petersen "graph=$petersen" 10 1 --minimal
roundtrip petersen_self0 "graph=$petersen,self=0,states=7" 10 1
roundtrip digraph "digraph=$digraph" 6 1 --minimal
roundtrip digraph_states3 "digraph=$digraph,states=3,target=on" 6 1
roundtrip digraph_inline "digraph=[5:0>1/1>2/2>3/3>4/4>0]" 5 1 --minimal

# --- judge layouts: single puzzle, graph size implied, holes print 0 ---
printf '1\n2\n0\n1\n2\n0\n1\n' >"$work/g1.in"
"$bin" solve --rules "graph=$graph,states=3" "$work/g1.in" >"$work/g1.out" 2>"$work/err"
rc=$?
{ echo 1; cat "$work/g1.in"; } >"$work/g1c.in"
{ echo "PUZZLE #1"; cat "$work/g1.out"; } >"$work/g1c.out"
if [[ $rc -ne 0 && $rc -ne 1 ]]; then
  fail "graph_single: exit $rc: $(cat "$work/err")"
elif [[ $rc -eq 0 ]] && ! "$verify" check "graph=$graph,states=3" 7 1 "$work/g1c.in" "$work/g1c.out" >/dev/null; then
  fail "graph_single: presses do not check"
elif [[ $(wc -l <"$work/g1.out") -ne $((rc == 0 ? 7 : 1)) ]]; then
  fail "graph_single: expected one value per line (N x 1 board)"
else
  pass
fi
"$bin" generate 4x5 --rules "holes=$holes" --solvable --seed 3 >"$work/h.in"
"$bin" solve --rules "holes=$holes" "$work/h.in" >"$work/h.out" 2>"$work/err" || fail "holes_implied_size: $(cat "$work/err")"
if [[ $(awk 'NR==1{print $5} NR==2{print $2} NR==4{print $1}' "$work/h.out" | tr -d '\n') != 000 ]]; then
  fail "holes_print_0: holes not printed as 0: $(cat "$work/h.out")"
else
  pass
fi

# --- board-file mode ---
"$bin" generate 6x7 --rules torus --solvable --seed 5 -o "$work/t.txt"
"$bin" generate 6x7 --rules torus --solvable --seed 5 -o "$work/t.pbm"
"$bin" solve --rules torus "$work/t.txt" -o "$work/tp.txt" --stats 2>"$work/err"
rc=$?
{ echo 1; cat "$work/t.txt"; } >"$work/tc.in"
{ echo "PUZZLE #1"; cat "$work/tp.txt"; } >"$work/tc.out"
if [[ $rc -ne 0 ]] || ! "$verify" check torus 6 7 "$work/tc.in" "$work/tc.out" >/dev/null; then
  fail "board_file_torus: exit $rc, presses do not check"
elif ! grep -qx "method: tables" "$work/err" ||
     ! grep -qx "solutions: $("$bin" info 6x7 --rules torus --json | sed 's/.*"quiet_patterns":"\([^"]*\)".*/\1/')" "$work/err"; then
  fail "board_file_torus: --stats: $(cat "$work/err")"
else
  pass
fi
"$bin" solve --rules torus "$work/t.pbm" -o "$work/tp.pbm" --quiet
"$bin" solve --rules torus "$work/t.pbm" --output-format judge >"$work/tp2.txt"
if cmp -s "$work/tp.txt" "$work/tp2.txt" && [[ $(head -c 2 "$work/tp.pbm") == P4 ]]; then pass; else fail "board_file_pbm: differs from the judge text"; fi
"$bin" generate 5x5 --rules states=3,nbhd=x --solvable --seed 9 -o "$work/k.txt"
"$bin" solve --rules states=3,nbhd=x "$work/k.txt" -o "$work/kp.txt" --stats 2>"$work/err"
rc=$?
{ echo 1; cat "$work/k.txt"; } >"$work/kc.in"
{ echo "PUZZLE #1"; cat "$work/kp.txt"; } >"$work/kc.out"
want_count=$("$bin" info 5x5 --rules states=3,nbhd=x --json | sed 's/.*"quiet_patterns":"\([^"]*\)".*/\1/')
if [[ $rc -ne 0 ]] || ! "$verify" check states=3,nbhd=x 5 5 "$work/kc.in" "$work/kc.out" >/dev/null; then
  fail "board_file_states3: exit $rc, presses do not check"
elif ! grep -qx "method: chase" "$work/err" || ! grep -qx "solutions: $want_count" "$work/err"; then
  fail "board_file_states3: --stats: $(cat "$work/err")"
else
  pass
fi
# Three states with about 1% holes on 256 x 256: banded elimination over Z_3 (dense elimination
# would need 4 GB and hours), the presses re-checked by rules_verify. Its check is dense (n^2 for
# n cells, over 100 s here): ./test takes 96 x 96, still banded; 256 x 256 runs under ./test --all.
side=$(by_size 96 256)
awk -v n="$side" 'BEGIN { for (r = 0; r < n; ++r) { s = ""; for (c = 0; c < n; ++c) s = s ((r * 7 + c * 13) % 101 == 0 ? "#" : "."); print s } }' >"$work/holes-$side.txt"
"$bin" generate "${side}x$side" --rules "states=3,holes=$work/holes-$side.txt" --solvable --seed 4 -o "$work/h.txt"
"$bin" solve --rules "states=3,holes=$work/holes-$side.txt" "$work/h.txt" -o "$work/hp.txt" --stats 2>"$work/err"
rc=$?
{ echo 1; cat "$work/h.txt"; } >"$work/hc.in"
{ echo "PUZZLE #1"; cat "$work/hp.txt"; } >"$work/hc.out"
if [[ $rc -ne 0 ]] || ! "$verify" check "states=3,holes=$work/holes-$side.txt" "$side" "$side" "$work/hc.in" "$work/hc.out" >/dev/null; then
  fail "board_file_holes_states3: exit $rc, presses do not check"
elif ! grep -qx "method: banded" "$work/err"; then
  fail "board_file_holes_states3: --stats: $(cat "$work/err")"
else
  pass
fi
printf '1 0 0\n0 0 0\n0 0 0\n' >"$work/u.txt"
expect_stdout board_file_unsolvable /dev/null 1 -- "$bin" solve --rules torus "$work/u.txt" -o "$work/up.txt"
[[ "$(cat "$work/err")" == "lightsout: no solution: this 3x3 board is not solvable under --rules torus" ]] && pass || fail "board_file_unsolvable: stderr '$(cat "$work/err")'"

# --- info --json: documented values, then brute-force counts from rules_verify ---
expect_line info_5x5_plane 0 '{"rows":5,"cols":5,"nullity":2,"solvable_log2":23,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"4"}' -- "$bin" info 5x5 --rules plane --json
expect_line info_5x5_states2 0 '{"rows":5,"cols":5,"nullity":2,"solvable_log2":23,"all_solvable":false,"rules":"plane","states":2,"quiet_patterns":"4"}' -- "$bin" info 5x5 --rules states=2 --json
expect_line info_5x6_classic 0 '{"rows":5,"cols":6,"nullity":0,"solvable_log2":30,"all_solvable":true,"rules":"plane","states":2,"quiet_patterns":"1"}' -- "$bin" info 5x6 --rules plane --json
for spec in "torus 4 4" "torus 3 3" "cylinder 3 5" "states=3 3 3" "states=3 3 4" "states=4 3 3" \
            "states=6 2 3" "states=6 2 4" "torus,states=6 2 3" "torus,states=6 2 4" \
            "torus,states=6 3 3" "nbhd=x 4 4" "nbhd=knight 4 4" "nbhd=010/101/010 4 4" \
            "self=0 4 4" "self=0,states=4 3 3" "target=on,states=3 3 3" "nbhd=rowcol 4 4" \
            "torus,nbhd=square,states=3 3 3" "holes=$holes 4 5" "graph=$graph 7 1" \
            "graph=$graph,states=5 7 1" "graph=$petersen 10 1" "graph=$petersen,states=4 10 1" \
            "digraph=$digraph 6 1" "digraph=$digraph,states=4,self=0 6 1"; do
  read -r rules rows cols <<<"$spec"
  want=$("$verify" info "$rules" "$rows" "$cols")
  expect_line "info_json[$rules ${rows}x$cols]" 0 "$want" -- "$bin" info "${rows}x$cols" --rules "$rules" --json
done
expect_line info_graph_implied_size 0 "$("$verify" info "graph=$graph" 7 1)" -- "$bin" info --rules "graph=$graph" --json
cat >"$work/info.want" <<'TXT'
board 3x4: nullity 2
solvable configurations: 3^10 of 3^12
every board solvable: no
solutions per solvable board: 9
rules: plane,states=3 (3 states, 12 cells)
quiet patterns: 9
TXT
"$bin" info 3x4 --rules states=3 >"$work/info.got" 2>&1
# (the layout here; the count is rules_verify's brute force)
want3=$("$verify" info states=3 3 4)
if [[ $want3 == *'"nullity":2,'*'"quiet_patterns":"9"'* ]] && cmp -s "$work/info.want" "$work/info.got"; then
  pass
else
  fail "info_text: $(cat "$work/info.got") / $want3"
fi

# --- classic rules stay byte-identical ---
for r in plane states=2 "" "self=1,target=off,nbhd=plus"; do
  expect_stdout "classic_poj[$r]" "$golden/poj1222-sample.out" 0 -- "$bin" solve --rules "$r" "$golden/poj1222-sample.in"
  expect_stdout "classic_oj[$r]" "$golden/oj2811-sample.out" 0 -- "$bin" solve --rules "$r" "$golden/oj2811-sample.in"
  expect_stdout "classic_oj_trailing[$r]" "$golden/oj2811-trailing.out" 0 -- "$bin" solve --trailing-space --rules "$r" "$golden/oj2811-sample.in"
done
"$bin" generate 5x6 --count 20 --seed 4 >"$work/c.in"
expect_stdout classic_generate_same "$work/c.in" 0 -- "$bin" generate 5x6 --count 20 --seed 4 --rules plane
# K = 2 non-classic rules: the same output layout as the classic path (here the same board
# under nbhd=010/111/010 self=1 is classic; torus on 5x6 prints through write_values).
"$bin" solve --rules torus --size 5x6 --trailing-space "$work/c.in" >"$work/ct.out" 2>/dev/null
if [[ $(grep -c '^PUZZLE #' "$work/ct.out") -eq 20 ]] && ! grep -v '^PUZZLE' "$work/ct.out" | grep -v '^no solution$' | grep -qv '^\([01] \)\{6\}$'; then
  pass
else
  fail "trailing_space_rules: layout"
fi

# --- errors: one line, exit 2 ---
expect_error bad_mask 2 "lightsout: --rules: token 'nbhd=01/11': mask rows must have equal odd length" "" -- solve --rules nbhd=01/11
expect_error unknown_token 2 "lightsout: --rules: token 'foo': unknown token (expected plane, torus, cylinder, states=K, nbhd=..., self=0, target=on, holes=[...]/FILE, graph=[...]/FILE or digraph=[...]/FILE)" "" -- info 5x5 --rules foo
expect_error states_low 2 "lightsout: --rules: token 'states=1': states must be an integer in 2..255" "" -- solve --rules states=1
expect_error states_high 2 "lightsout: --rules: token 'states=256': states must be an integer in 2..255" "" -- generate 3x3 --rules states=256
expect_error twice 2 "lightsout: --rules: token 'plane': the topology is already given by 'torus'" "" -- solve --rules torus,plane
expect_error missing_file 2 "lightsout: --rules: token 'holes=$work/none': cannot open '$work/none': No such file or directory" "" -- solve --rules "holes=$work/none"
# A FIFO, a directory or a device named by holes= or graph= is refused at once: the FIFO's open
# waited forever for a writer. (timeout: a hang fails the test instead of stalling it.)
mkfifo "$work/fifo"
for spec in "holes=$work/fifo:a FIFO, not a regular file" "graph=$work/fifo:a FIFO, not a regular file" \
  "holes=$work:a directory" "graph=/dev/zero:a device, not a regular file"; do
  token=${spec%%:*} kind=${spec#*:}
  timeout 20 "$bin" info 3x3 --rules "$token" >"$work/out" 2>"$work/err" </dev/null
  rc=$?
  if [[ $rc -eq 2 && $(cat "$work/err") == "lightsout: --rules: token '$token': cannot read '${token#*=}': it is $kind" ]]; then
    pass
  else
    fail "special file $token: exit $rc: $(head -c 200 "$work/err")"
  fi
done
truncate -s 65M "$work/big.txt"
expect_error big_file 2 "lightsout: --rules: token 'graph=$work/big.txt': '$work/big.txt' is larger than 64 MiB" "" -- info --rules "graph=$work/big.txt"
printf '3\n0 1\n1 1\n' >"$work/loop.txt"
expect_error graph_loop 2 "lightsout: --rules: token 'graph=$work/loop.txt': line 3: self-loop on node 1" "" -- solve --rules "graph=$work/loop.txt"
expect_error digraph_loop 2 "lightsout: --rules: token 'digraph=$work/loop.txt': line 3: self-loop on node 1" "" -- solve --rules "digraph=$work/loop.txt"
expect_error digraph_range 2 "lightsout: --rules: token 'digraph=[3:0>3]': line 2: node 3 is out of range 0..2" "" -- info --rules "digraph=[3:0>3]"
expect_error holes_size 2 "lightsout: --rules: token 'holes=$holes': the holes grid is 4x5, the board is 5x5" "" -- solve --rules "holes=$holes" --size 5x5
expect_error holes_size_info 2 "lightsout: --rules: token 'holes=$holes': the holes grid is 4x5, the board is 3x3" "" -- info 3x3 --rules "holes=$holes"
expect_error holes_size_generate 2 "lightsout: --rules: token 'holes=$holes': the holes grid is 4x5, the board is 4x4" "" -- generate 4x4 --rules "holes=$holes"
expect_error graph_size 2 "lightsout: --rules: token 'graph=$graph': the graph has 7 nodes, so the board is 7x1, not 5x5" "" -- info 5x5 --rules "graph=$graph"
expect_error value_k3 2 "lightsout: <stdin>:2:3: expected a value 0..2, found '3' (puzzle 1)" "1 2\n0 3\n" -- solve --rules states=3 --size 2x2
expect_error value_k3_junk 2 "lightsout: <stdin>:1:1: expected a value 0..2, found '01' (puzzle 1)" "01 2\n0 1\n" -- solve --rules states=3 --size 2x2
expect_error value_k2_rules 2 "lightsout: <stdin>:1:3: expected 0 or 1, found '2' (puzzle 1)" "1 2\n0 1\n" -- solve --rules torus --size 2x2
printf '1 2\n0 7\n' >"$work/bad3.txt"
expect_error value_k3_board_file 2 "lightsout: $work/bad3.txt:2:3: expected a value 0..2, found '7'" "" -- solve --rules states=3 "$work/bad3.txt" -o "$work/x.txt"
expect_error k3_pbm_out 2 "lightsout: --rules: boards of 3 states are judge text (values 0..2), not p4 (output)" "" -- solve --rules states=3 "$work/k.txt" -o "$work/x.pbm"
expect_error k3_grid_in 2 "lightsout: --rules: boards of 3 states are judge text (values 0..2), not grid (input)" "" -- solve --rules states=3 "$work/k.grid" -o "$work/x.txt"
expect_error k3_generate_pbm 2 "lightsout: generate: --rules: boards of 3 states are judge text (values 0..2), not p4" "" -- generate 3x3 --rules states=3 -o "$work/x.pbm"
# rowcol without holes is solved in closed form at any size; with a holes grid (here without a
# hole) it is dense elimination.
"$bin" generate 600x600 --density 0 -o "$work/z600.grid"
expect_error too_big 2 "lightsout: --rules: a 600x600 board has 360000 cells; the rules solver (dense elimination) takes at most 262144 cells for 2 states" "" -- info 600x600 --rules "torus,nbhd=rowcol,holes=$work/z600.grid"
# Three states: knight and the other neighbourhoods with a band go to banded elimination; rowcol
# with a holes grid has no band.
"$bin" generate 300x300 --density 0 -o "$work/z300.grid"
expect_error too_big_zk 2 "lightsout: --rules: a 300x300 board has 90000 cells; the rules solver (dense elimination) takes at most 65536 cells for 3 states" "" -- solve --rules "states=3,nbhd=rowcol,holes=$work/z300.grid" --size 300x300
expect_error too_big_chase 2 "lightsout: --rules: a 5000x5000 board has 25000000 cells; the rules solver (dense elimination) takes at most 65536 cells for 3 states (light chasing takes these rules while the shorter side, twice it when the board wraps along its longer side, is at most 4096)" "" -- solve --rules states=3 --size 5000x5000
expect_error method 2 "lightsout: --method: poly applies to the classic rules only" "" -- solve --rules torus --method poly
# info --kernel under any rules: each pattern written is quiet (pressing it on the dark board
# leaves it dark, re-checked by rules_verify's own press code), none is all zero, and there are
# as many as the nullity says.
kernel_check() {
  local name=$1 rules=$2 rows=$3 cols=$4
  "$bin" info "${rows}x${cols}" --rules "$rules" --kernel "$work/k.out" >"$work/k.info" 2>&1
  local nullity
  nullity=$(sed -n 's/^board .*: nullity \([0-9]*\)$/\1/p' "$work/k.info")
  # The patterns as press blocks of a solve output, for that many dark puzzles.
  awk -v r="$rows" 'BEGIN { n = 0 } NF == 0 { next } {
      if (row % r == 0) { n++; print "PUZZLE #" n } row++
      line = $0; if (NF == 1) { gsub(//, " ", line); sub(/^ /, "", line); sub(/ $/, "", line) }
      print line }' "$work/k.out" >"$work/k.presses"
  local count
  count=$(grep -c '^PUZZLE' "$work/k.presses")
  {
    echo "$count"
    for ((p = 0; p < count; p++)); do
      for ((i = 0; i < rows; i++)); do printf '0%.0s ' $(seq "$cols") | sed 's/ $//'; echo; done
    done
  } >"$work/k.dark"
  if [[ $count -ne $nullity || $count -eq 0 ]]; then
    fail "$name: $count patterns, nullity '$nullity'"
  elif grep -v '^PUZZLE' "$work/k.presses" | paste -sd' ' | grep -qvE '[1-9]' ; then
    fail "$name: the patterns are all zero"
  elif ! "$verify" check "$rules" "$rows" "$cols" "$work/k.dark" "$work/k.presses" >/dev/null; then
    fail "$name: a pattern is not quiet"
  else
    pass
  fi
}
kernel_check kernel_torus torus 5 5
kernel_check kernel_states3 states=3 3 4
kernel_check kernel_x_states5 nbhd=x,states=5 4 4
kernel_check kernel_holes "holes=[0000/0100/0000/0000]" 4 4

finish
