#!/usr/bin/env bash
# Wide against tall boards of the same cells, side by side: `lightsout solve` P4 to P4, medians.
#
# usage: bench/wide_tall.sh [BUILD_DIR]
#   BUILD_DIR  a Release build (default: build/ at the repository root)
#
# For each wide size of BENCH_WIDE (default "1000x100000 2000x500000 10000x1000000": 10^8, 10^9
# and 10^10 cells) and its transpose, both boards are generated (--solvable) and solved in
# BENCH_ROUNDS rounds (default 7; BENCH_BIG_ROUNDS, default 3, from 10^10 cells on), each round
# one hyperfine call running the two solves once, tall first in odd rounds and wide first in even
# ones. Both answers are checked by `lightsout verify`. Prints a Markdown table of the median wall
# times and the wide/tall ratio, and writes it with a note on the method into its own section of
# docs/wide-and-thin.md (replaced in place, or added at the end; BENCH_DOC=0: not written).
# Boards go to BENCH_DIR (default TMPDIR or /tmp), one size pair at a time (10^10 cells: two
# 1.25 GB files and their answers), and are removed as soon as that pair is timed.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init wide_tall "${1:-}"
sizes="${BENCH_WIDE:-1000x100000 2000x500000 10000x1000000}"
rounds="${BENCH_ROUNDS:-7}"
big_rounds="${BENCH_BIG_ROUNDS:-3}"
at_least BENCH_ROUNDS "$rounds" 1
at_least BENCH_BIG_ROUNDS "$big_rounds" 1
need_executables "$lightsout"
need_hyperfine

make_work wide-tall "${BENCH_DIR:-}"
rows_file="$work/rows.txt"
: >"$rows_file"

for wide in $sizes; do
  r=${wide%x*}
  c=${wide#*x}
  ((r < c)) || die "$wide is not wider than tall"
  tall="${c}x${r}"
  n=$rounds
  ((r * c >= 10000000000)) && n=$big_rounds
  echo "== $tall and $wide ($n rounds, load $(load_average))" >&2
  "$lightsout" generate --solvable --seed 1 "$tall" -o "$work/tall.pbm"
  "$lightsout" generate --solvable --seed 1 "$wide" -o "$work/wide.pbm"
  alternate_rounds "$n" "$work/h-$wide" \
    tall "$(q "$lightsout") solve --quiet $(q "$work/tall.pbm") -o $(q "$work/tall-out.pbm")" \
    wide "$(q "$lightsout") solve --quiet $(q "$work/wide.pbm") -o $(q "$work/wide-out.pbm")" \
    "$wide" >&2
  verify_answer "$work/tall.pbm" "$work/tall-out.pbm"
  verify_answer "$work/wide.pbm" "$work/wide-out.pbm"
  rm -f "$work"/tall*.pbm "$work"/wide*.pbm
  python3 - "$work/h-$wide" "$n" "$tall" "$wide" >>"$rows_file" <<'EOF'
import json, statistics, sys
prefix, n, tall, wide = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
times = {"tall": [], "wide": []}
for i in range(1, n + 1):
    for result in json.load(open(f"{prefix}-{i}.json"))["results"]:
        times[result["command"]].extend(result["times"])
print(tall, wide, n, statistics.median(times["tall"]), statistics.median(times["wide"]))
EOF
done

doc="$repo_root/docs/wide-and-thin.md"
[[ ${BENCH_DOC:-1} == 0 ]] && doc=""
python3 - "$rows_file" "$doc" "$(load_average)" <<'EOF'
import math, re, subprocess, sys
rows_path, doc_path, load = sys.argv[1:]
table = ["| cells | tall | wide | rounds | tall (median) | wide (median) | wide / tall |",
         "|---|---|---|--:|--:|--:|--:|"]
for line in open(rows_path):
    tall, wide, n, t, w = line.split()
    r, c = (int(v) for v in wide.split("x"))
    exp = math.log10(r * c)
    cells = f"10^{round(exp)}" if exp.is_integer() else str(r * c)
    table.append(f"| {cells} | {tall} | {wide} | {n} | {float(t):.3f} s | {float(w):.3f} s | "
                 f"{float(w) / float(t):.2f}x |")
print("\n".join(table))
if not doc_path:
    sys.exit(0)
cpu = subprocess.run(["sh", "-c", "lscpu | sed -n 's/^Model name: *//p' | head -1"],
                     capture_output=True, text=True).stdout.strip()
begin, end = "<!-- bench/wide_tall.sh -->", "<!-- end of bench/wide_tall.sh -->"
block = "\n".join([
    begin,
    "## Wide against tall, side by side",
    "",
    "Written by `bench/wide_tall.sh` (do not edit by hand): `lightsout solve` P4 to P4 on a",
    "generated solvable board and its transpose, one hyperfine call a round running both (tall",
    "first in odd rounds), both answers checked by `lightsout verify`; median wall times.",
    "A wide board is never transposed: its first chase is a chase down its own rows plus a chase",
    "in cache driven by the last row that this leaves lit, and its final chase finds its first row",
    "of presses by a recurrence, then chases down its rows again (docs/solver-math.md, section 2).",
    f"Machine: {cpu}, 2 cores shared with other work (load average {load} at the end).",
    "",
    *table,
    end,
])
try:
    doc = open(doc_path).read()
except FileNotFoundError:
    doc = ""
if begin in doc and end in doc:
    doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, doc, flags=re.S)
else:
    doc = doc.rstrip("\n") + "\n\n" + block
open(doc_path, "w").write(doc.rstrip("\n") + "\n")
print("== wrote its section of docs/wide-and-thin.md", file=sys.stderr)
EOF
