#!/usr/bin/env bash
# Outputs never destroy data: an output that is an input is refused through any path, a process
# killed mid-write leaves the target as it was, full disks give one clean line and no leftovers.
# Usage: run_fault_tests.sh LIGHTSOUT STOP_MID_WRITE_SO
set -uo pipefail
bin=$(realpath "$1")
shim=$(realpath "$2")
source "$(dirname "$0")/lib.sh"

cd "$work" || exit 1
"$bin" generate 300x300 --solvable --seed 3 -o b.pbm
"$bin" generate 300x300 --solvable --seed 3 -o b.grid
"$bin" generate 5x6 --count 40 --seed 3 -o judge.txt
cp b.pbm b.pbm.orig
cp b.grid b.grid.orig
cp judge.txt judge.txt.orig

# same_file NAME FILE ORIGINAL CMD...: exit 2, the same-file line, FILE byte-identical after.
same_file() {
  local name=$1 file=$2 original=$3
  shift 3
  "$@" >"$work/out" 2>"$work/err" </dev/null
  rc=$?
  if [[ $rc -ne 2 ]]; then
    fail "$name: exit $rc, wanted 2; stderr: $(head -c 300 "$work/err")"
  elif ! grep -q "is the same file as" "$work/err" || [[ $(wc -l <"$work/err") -ne 1 ]]; then
    fail "$name: stderr: $(head -c 300 "$work/err")"
  elif ! cmp -s "$file" "$original"; then
    fail "$name: $file changed"
  else
    pass
  fi
}

# --- an output that is an input: refused before anything is read or written -----------------
ln -s b.pbm sym.pbm
ln b.pbm hard.pbm
ln -s b.grid sym.grid
for memory in 64K 0; do  # 64K: the two-pass solve (reads the input again while writing)
  mem=()
  [[ $memory != 0 ]] && mem=(--memory "$memory")
  for out in b.pbm ./b.pbm "$work/b.pbm" sym.pbm hard.pbm ../"$(basename "$work")"/b.pbm; do
    same_file "solve b.pbm -o $out ${mem[*]}" b.pbm b.pbm.orig "$bin" solve b.pbm -o "$out" "${mem[@]}"
  done
  for out in b.grid sym.grid; do
    same_file "solve b.grid -o $out ${mem[*]}" b.grid b.grid.orig "$bin" solve b.grid -o "$out" "${mem[@]}"
  done
  same_file "solve b.pbm -o /dev/stdout >> b.pbm ${mem[*]}" b.pbm b.pbm.orig \
    bash -c '"$0" solve b.pbm -o /dev/stdout "${@}" >>b.pbm' "$bin" "${mem[@]}"
  same_file "solve b.pbm >> b.pbm ${mem[*]}" b.pbm b.pbm.orig \
    bash -c '"$0" solve b.pbm "${@}" >>b.pbm' "$bin" "${mem[@]}"
  same_file "solve --format pbm - -o - <b.pbm >>b.pbm" b.pbm b.pbm.orig \
    bash -c '"$0" solve --format pbm - -o - <b.pbm >>b.pbm' "$bin"
done
same_file "judge solve judge.txt >> judge.txt" judge.txt judge.txt.orig \
  bash -c '"$0" solve judge.txt >>judge.txt' "$bin"
same_file "judge solve - <judge.txt >>judge.txt" judge.txt judge.txt.orig \
  bash -c '"$0" solve - <judge.txt >>judge.txt' "$bin"
same_file "render b.pbm -o b.pbm" b.pbm b.pbm.orig \
  "$bin" render b.pbm --image-format png -o b.pbm
same_file "render --presses p -o p" b.grid b.grid.orig \
  "$bin" render b.pbm --presses b.grid --image-format svg -o sym.grid
# Different files are still fine: the presses darken the board.
if "$bin" solve b.pbm -o p.pbm --memory 64K 2>"$work/err" && "$bin" verify b.pbm p.pbm >/dev/null; then
  pass
else
  fail "solve to another file: $(head -c 300 "$work/err")"
fi
rm -f p.pbm sym.pbm hard.pbm sym.grid

# --- the files a rules text names are inputs too: holes=FILE and graph=FILE, every path form ----
printf '000\n010\n000\n' >h.grid  # 3 x 3, the centre no cell
printf '0 1 0\n1 0 1\n0 1 0\n' >b3.txt
printf '4\n0 1\n1 2\n2 3\n' >g.txt  # a path of four nodes
printf '1\n1\n0\n0\n' >n.txt          # its board: N x 1
cp h.grid h.grid.orig
cp g.txt g.txt.orig
ln -s h.grid hsym.grid
ln h.grid hhard.grid
ln -s g.txt gsym.txt
ln g.txt ghard.txt
for out in h.grid ./h.grid "$work/h.grid" hsym.grid hhard.grid; do
  same_file "solve --rules holes=h.grid -o $out" h.grid h.grid.orig \
    "$bin" solve --rules holes=h.grid --format judge b3.txt -o "$out"
  same_file "info --rules holes=h.grid --kernel $out" h.grid h.grid.orig \
    "$bin" info --rules holes=h.grid --kernel "$out"
  same_file "generate --rules holes=h.grid -o $out" h.grid h.grid.orig \
    "$bin" generate 3x3 --rules holes=h.grid -o "$out"
  same_file "render --rules holes=h.grid -o $out" h.grid h.grid.orig \
    "$bin" render b3.txt --rules holes=h.grid --image-format svg -o "$out"
  same_file "render --quiet-patterns --rules holes=h.grid -o $out" h.grid h.grid.orig \
    "$bin" render --quiet-patterns 3x3 --rules holes=h.grid --image-format svg -o "$out"
done
for holes in ./h.grid "$work/h.grid" hsym.grid hhard.grid; do  # the rules name it another way
  same_file "generate --rules holes=$holes -o h.grid" h.grid h.grid.orig \
    "$bin" generate 3x3 --rules "holes=$holes" -o h.grid
done
for out in g.txt ./g.txt "$work/g.txt" gsym.txt ghard.txt; do
  same_file "solve --rules graph=g.txt -o $out" g.txt g.txt.orig \
    "$bin" solve --rules graph=g.txt n.txt -o "$out"
  same_file "info --rules graph=g.txt --kernel $out" g.txt g.txt.orig \
    "$bin" info --rules graph=g.txt --kernel "$out"
done
for cmd in "solve --rules graph=g.txt n.txt" "info --rules graph=g.txt" \
  "generate 4x1 --rules graph=g.txt" "verify --rules graph=g.txt n.txt n.txt"; do
  # shellcheck disable=SC2086  # the command's words
  same_file "$cmd >> g.txt" g.txt g.txt.orig bash -c '"$0" '"$cmd"' >>g.txt' "$bin"
done
same_file "solve --rules holes=h.grid >> h.grid" h.grid h.grid.orig \
  bash -c '"$0" solve --rules holes=h.grid --size 3x3 b3.txt >>h.grid' "$bin"
# Other outputs are still fine, and the rules files stay as they were.
if "$bin" info --rules graph=g.txt --kernel k.txt >/dev/null 2>"$work/err" &&
  "$bin" solve --rules holes=h.grid --format judge b3.txt -o p3.txt 2>>"$work/err" &&
  "$bin" render b3.txt --rules holes=h.grid -o p3.svg 2>>"$work/err" &&
  cmp -s h.grid h.grid.orig && cmp -s g.txt g.txt.orig; then
  pass
else
  fail "rules files with other outputs: $(head -c 300 "$work/err")"
fi
rm -f hsym.grid hhard.grid gsym.txt ghard.txt k.txt p3.txt p3.svg

# -o onto a dangling symbolic link writes the file it names, as `>` does: the link stays.
ln -s made.grid dangling.grid
if "$bin" solve b.grid -o dangling.grid 2>"$work/err" && [[ -L dangling.grid ]] &&
  "$bin" verify b.grid made.grid >/dev/null; then
  pass
else
  fail "solve -o dangling link: $(head -c 300 "$work/err")"
fi
rm -f dangling.grid made.grid

# --- killed in the middle of writing: the target keeps its old contents, nothing is left ------
# The shim stops the process (SIGSTOP) halfway through its first write to the output, so the
# kill always lands mid-write; the test waits for that stop, never for a fixed time.

# wait_stopped PID: 0 once the process is stopped ('T'), 1 if it ends or 30 s pass first.
wait_stopped() {
  local pid=$1 state deadline=$((SECONDS + 30))
  while ((SECONDS < deadline)); do
    state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null) || return 1
    [[ $state == T ]] && return 0
    [[ $state == Z ]] && return 1
    sleep 0.01  # polling for the state the shim sets, with a deadline
  done
  return 1
}

# killed_mid_write NAME TARGET CMD...: TARGET holds "old contents"; CMD, preloaded with the shim,
# stops halfway through writing it and is killed; TARGET must be unchanged and the directory hold
# the same names as before. Then the same command continued (SIGCONT) must finish and replace
# TARGET, which shows that the stop was in the middle of this very output.
killed_mid_write() {
  local name=$1 target=$2
  shift 2
  printf 'old contents\n' >"$target"
  local before
  before=$(ls -A)
  LD_PRELOAD=$shim "$@" >/dev/null 2>"$work/err" </dev/null &
  local pid=$!
  if ! wait_stopped "$pid"; then
    fail "$name: never stopped mid-write; stderr: $(head -c 300 "$work/err")"
    wait "$pid" 2>/dev/null
    return
  fi
  local during=changed
  cmp -s "$target" <(printf 'old contents\n') && during=same
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  if [[ $during != same ]]; then
    fail "$name: the target changed while the write was under way"
  elif ! cmp -s "$target" <(printf 'old contents\n'); then
    fail "$name: the target changed after kill -9 mid-write"
  elif [[ $(ls -A) != "$before" ]]; then
    fail "$name: names left behind: $(diff <(echo "$before") <(ls -A) | tr '\n' ' ')"
  else
    pass
  fi
  # Continued instead of killed, the same write completes.
  LD_PRELOAD=$shim "$@" >/dev/null 2>"$work/err" </dev/null &
  pid=$!
  if ! wait_stopped "$pid"; then
    fail "$name (continued): never stopped"
    wait "$pid" 2>/dev/null
    return
  fi
  kill -CONT "$pid"
  wait "$pid"
  local status=$?
  if [[ $status -ne 0 ]]; then
    fail "$name (continued): exit $status; stderr: $(head -c 300 "$work/err")"
  elif cmp -s "$target" <(printf 'old contents\n') || [[ ! -s $target ]]; then
    fail "$name (continued): the target was not replaced"
  elif [[ $(ls -A) != "$before" ]]; then
    fail "$name (continued): names left behind"
  else
    pass
  fi
}

"$bin" generate 2000x2000 --solvable --seed 5 -o big.pbm
killed_mid_write "solve -o (in memory)" presses.pbm "$bin" solve big.pbm -o presses.pbm
if "$bin" verify big.pbm presses.pbm >/dev/null; then pass; else fail "solve -o (continued): presses do not verify"; fi
killed_mid_write "solve -o (two passes)" presses.pbm "$bin" solve big.pbm -o presses.pbm --memory 64K
if "$bin" verify big.pbm presses.pbm >/dev/null; then pass; else fail "two passes (continued): presses do not verify"; fi
killed_mid_write "generate -o" gen.pbm "$bin" generate 3000x3000 --seed 1 -o gen.pbm
killed_mid_write "generate --count -o" gen.txt "$bin" generate 5x6 --count 100000 --seed 1 -o gen.txt
killed_mid_write "render -o" pic.png "$bin" render big.pbm --solve -o pic.png
killed_mid_write "info --kernel" quiet.grid "$bin" info 299x299 --kernel quiet.grid
rm -f presses.pbm gen.pbm gen.txt pic.png quiet.grid

# --- a full device: one line naming the output, exit 2 -----------------------------------------
expect_full() {
  local name=$1
  shift
  "$@" >"$work/out" 2>"$work/err" </dev/null
  rc=$?
  if [[ $rc -ne 2 ]]; then
    fail "$name: exit $rc, wanted 2"
  elif ! grep -q "No space left on device" "$work/err" || [[ $(wc -l <"$work/err") -ne 1 ]]; then
    fail "$name: stderr: $(head -c 300 "$work/err")"
  else
    pass
  fi
}
expect_full "solve -o /dev/full" "$bin" solve big.pbm -o /dev/full
expect_full "solve two passes -o /dev/full" "$bin" solve big.pbm -o /dev/full --memory 64K
expect_full "judge solve >/dev/full" bash -c '"$0" solve judge.txt >/dev/full' "$bin"
expect_full "generate -o /dev/full" "$bin" generate 100x100 -o /dev/full
expect_full "render -o /dev/full" "$bin" render big.pbm --image-format png -o /dev/full
expect_full "info --kernel /dev/full" "$bin" info 299x299 --kernel /dev/full

# --- a small file system that fills up: the target as it was, no partial file left ------------
mkdir small
if mount -t tmpfs -o size=256k tmpfs small 2>"$work/err"; then
  printf 'old contents\n' >small/presses.pbm
  before=$(ls -A small)
  "$bin" solve big.pbm -o small/presses.pbm >"$work/out" 2>"$work/err"
  rc=$?
  used=$(df --output=used -k small | tail -1 | tr -d ' ')
  if [[ $rc -ne 2 ]] || ! grep -q "No space left on device" "$work/err"; then
    fail "full tmpfs: exit $rc, stderr: $(head -c 300 "$work/err")"
  elif ! cmp -s small/presses.pbm <(printf 'old contents\n'); then
    fail "full tmpfs: the target changed"
  elif [[ $(ls -A small) != "$before" ]] || ((used > 8)); then
    fail "full tmpfs: a partial file was left ($(ls -A small | tr '\n' ' '), ${used} KiB used)"
  else
    pass
  fi
  umount small
else
  echo "note: the full-file-system case did not run: cannot mount a tmpfs here: $(head -c 200 "$work/err")"
fi

# --- a sparse file's holes are not trusted to hold cells -----------------------------------------
# 40 GB of holes behind a header claiming 2^34 cells: refused at once, not 2 GB allocated first.
printf 'P4\n131072 131072\n' >sparse.pbm
truncate -s 40G sparse.pbm
/usr/bin/time -f '%M' -o "$work/rss" "$bin" solve sparse.pbm -o sparse-out.pbm --memory 100G \
  >"$work/out" 2>"$work/err"
rc=$?
rss=$(tail -1 "$work/rss")
if [[ $rc -ne 2 ]] || ! grep -q "^lightsout: sparse.pbm:2:1: width 131072 x height 131072 exceeds the limit of 67108864 cells (--max-cells)$" "$work/err"; then
  fail "sparse file: exit $rc: $(head -c 300 "$work/err")"
elif ((rss > 65536)); then
  fail "sparse file: peak RSS ${rss} KiB before the refusal"
elif [[ -e sparse-out.pbm ]]; then
  fail "sparse file: an output was left"
else
  pass
fi
rm -f sparse.pbm

# --- a refusal after the output was named leaves an existing output alone ----------------------
printf 'old picture\n' >pic.png
"$bin" render big.pbm --cell 32 -o pic.png >/dev/null 2>"$work/err"
rc=$?
if [[ $rc -ne 2 || $(cat pic.png) != "old picture" ]]; then
  fail "render refusal: exit $rc, pic.png: $(head -c 40 pic.png | tr -d '\0')"
else
  pass
fi

finish
