#!/usr/bin/env bash
# Times `lightsout` on the variant benchmark cases (chase over Z_K with or without extra unknowns,
# banded GF(2) and Z_K, rowcol in closed form, torus and cylinder facts from polynomials, factor
# once per size), each against a target and, at sizes the dense elimination still handles, against that
# dense path in the same run; writes bench/results/variants.md and the "Variants" section of
# docs/performance.md.
#
# usage: bench/variants.sh [BUILD_DIR]   (default: build/ at the repository root)
# BENCH_VARIANT_RUNS (default 5): hyperfine runs per case; the median is reported.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init variants "${1:-}"
ensure_tools hyperfine time
bin="$build_dir/lightsout"
need_executables "$bin"
runs=${BENCH_VARIANT_RUNS:-5}
make_work variants

# median_seconds CMD...: the median wall time of CMD over $runs runs (after one warm-up).
median_seconds() {
  hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/h.json" -- "$*" \
    >/dev/null 2>&1
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' \
    "$work/h.json"
}
# peak_kib CMD...: the peak resident memory of one run, in KiB.
peak_kib() {
  /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>&1 || true
  tail -1 "$work/rss"
}
# method_of ARGS...: the method --stats reports for a board-file solve.
method_of() {
  "$bin" "$@" --stats 2>&1 >/dev/null | sed -n 's/^method: //p' | head -1
}

rows=()
# row NAME TARGET_SECONDS TARGET_MIB CMD...
row() {
  local name=$1 target=$2 mib=$3
  shift 3
  local median peak
  median=$(median_seconds "$@")
  peak=$(peak_kib "$@")
  rows+=("$name|$median|$peak|$target|$mib")
  echo "variants: $name: median $median s, peak $peak KiB" >&2
}

echo "== variants: generating boards in $work" >&2
"$bin" generate 256x256 --rules torus,states=255 --solvable --seed 1 -o "$work/t255.txt"
"$bin" generate 1000x1000 --rules states=3 --solvable --seed 2 -o "$work/p3.txt"
"$bin" generate 2000x2000 --rules torus --solvable --seed 3 -o "$work/t2.pbm"
"$bin" generate 2000x2000 --rules cylinder --solvable --seed 3 -o "$work/c2.pbm"
"$bin" generate 12x12 --rules torus,states=3 --solvable --count 100000 --seed 5 -o "$work/j12.txt"
mask=01110/11111/11011/11111/01110
for r in nbhd=x nbhd=square nbhd=knight nbhd=$mask; do
  "$bin" generate 256x256 --rules "$r" --solvable --seed 9 -o "$work/${r//\//_}.pbm"
done

row "256x256 torus, 255 states (solution count exact)" 1 256 \
  "$bin" solve --rules torus,states=255 --format judge "$work/t255.txt" -o "$work/o.txt"
row "1000x1000 plane, 3 states" 5 "" \
  "$bin" solve --rules states=3 --format judge "$work/p3.txt" -o "$work/o.txt"
row "2000x2000 torus, 2 states" 2 "" "$bin" solve --rules torus "$work/t2.pbm" -o "$work/o.pbm"
row "2000x2000 cylinder, 2 states" 2 "" \
  "$bin" solve --rules cylinder "$work/c2.pbm" -o "$work/o.pbm"
for r in nbhd=x nbhd=square nbhd=knight nbhd=$mask; do
  row "256x256 $r, 2 states" 2 "" \
    "$bin" solve --rules "$r" "$work/${r//\//_}.pbm" -o "$work/o.pbm"
done
row "judge: 100,000 solvable puzzles of 12x12, torus, 3 states" 1 "" \
  "$bin" solve --rules torus,states=3 --size 12x12 "$work/j12.txt"
row "info 1000x1000 --rules torus" 1 "" "$bin" info 1000x1000 --rules torus

# Every variant at the speed of the classic rules: light chasing with extra unknowns for the other
# plane masks, banded elimination over Z_K for holes, rowcol in closed form, and the torus and
# cylinder facts from polynomials.
"$bin" generate 256x256 --density 0.01 --seed 11 -o "$work/h256.grid"
for r in nbhd=x,states=3 nbhd=square,states=5 nbhd=knight,states=3; do
  "$bin" generate 1000x1000 --rules "$r" --solvable --seed 12 -o "$work/${r//[=,]/_}.txt"
done
mask7="nbhd=11010/11011/11101/10001/01011,states=7"
"$bin" generate 256x256 --rules "$mask7" --solvable --seed 13 -o "$work/m7.txt"
holes3="states=3,holes=$work/h256.grid"
"$bin" generate 256x256 --rules "$holes3" --solvable --seed 14 -o "$work/h3.txt"
"$bin" generate 10000x10000 --rules nbhd=rowcol --solvable --seed 15 -o "$work/rc.pbm"
"$bin" generate 2000x2000 --rules nbhd=rowcol,states=6 --solvable --seed 16 -o "$work/rc6.txt"
for r in nbhd=x,states=3 nbhd=square,states=5 nbhd=knight,states=3; do
  row "1000x1000 $r" 2 "" "$bin" solve --rules "$r" "$work/${r//[=,]/_}.txt" -o "$work/o.txt"
done
row "256x256, a 5x5 mask, 7 states" 2 "" "$bin" solve --rules "$mask7" "$work/m7.txt" \
  -o "$work/o.txt"
row "256x256 plus, 3 states, 1% holes" 2 "" "$bin" solve --rules "$holes3" "$work/h3.txt" \
  -o "$work/o.txt"
row "10000x10000 nbhd=rowcol" 1 "" "$bin" solve --rules nbhd=rowcol "$work/rc.pbm" -o "$work/o.pbm"
row "2000x2000 nbhd=rowcol,states=6" 1 "" "$bin" solve --rules nbhd=rowcol,states=6 \
  "$work/rc6.txt" -o "$work/o.txt"
row "info 1000000x1000000 --rules torus" 1 "" "$bin" info 1000000x1000000 --rules torus
row "info 1000000x1000000 --rules cylinder" 1 "" "$bin" info 1000000x1000000 --rules cylinder

# The dense elimination in the same run, where it still finishes: the method chosen now against
# --method gf2 / zk on the same input.
"$bin" generate 100x100 --rules torus,states=3 --solvable --seed 4 -o "$work/t100.txt"
"$bin" generate 200x200 --rules torus --solvable --seed 4 -o "$work/t200.pbm"
"$bin" generate 150x150 --rules nbhd=knight --solvable --seed 4 -o "$work/k150.pbm"
"$bin" generate 12x12 --rules torus,states=3 --solvable --count 2000 --seed 6 -o "$work/j2k.txt"
base=()
# pair NAME ARGS...: ARGS solved by the automatic choice and by the dense method named last.
pair() {
  local name=$1 dense=$2
  shift 2
  local now old method
  now=$(median_seconds "$bin" "$@")
  old=$(median_seconds "$bin" "$@" --method "$dense")
  method=$(method_of "$@" 2>/dev/null || true)
  base+=("$name|${method:-chase}|$now|$dense|$old")
  echo "variants: $name: $now s against $old s dense" >&2
}
pair "100x100 torus, 3 states" zk solve --rules torus,states=3 --format judge "$work/t100.txt" \
  -o "$work/o.txt"
pair "200x200 torus, 2 states" gf2 solve --rules torus "$work/t200.pbm" -o "$work/o.pbm"
pair "150x150 knight, 2 states" gf2 solve --rules nbhd=knight "$work/k150.pbm" -o "$work/o.pbm"
pair "judge: 2,000 puzzles of 12x12, torus, 3 states" zk solve --rules torus,states=3 --size 12x12 \
  "$work/j2k.txt"
"$bin" generate 100x100 --rules nbhd=x,states=3 --solvable --seed 7 -o "$work/x100.txt"
"$bin" generate 96x96 --rules nbhd=square,states=5 --solvable --seed 7 -o "$work/s96.txt"
"$bin" generate 100x100 --density 0.01 --seed 7 -o "$work/h100.grid"
"$bin" generate 100x100 --rules "states=3,holes=$work/h100.grid" --solvable --seed 7 \
  -o "$work/h100.txt"
"$bin" generate 120x120 --rules nbhd=rowcol --solvable --seed 7 -o "$work/rc120.pbm"
pair "100x100 x, 3 states" zk solve --rules nbhd=x,states=3 "$work/x100.txt" -o "$work/o.txt"
pair "96x96 square, 5 states" zk solve --rules nbhd=square,states=5 "$work/s96.txt" -o "$work/o.txt"
pair "100x100 plus, 3 states, 1% holes" zk solve --rules "states=3,holes=$work/h100.grid" \
  "$work/h100.txt" -o "$work/o.txt"
pair "120x120 rowcol, 2 states" gf2 solve --rules nbhd=rowcol "$work/rc120.pbm" -o "$work/o.pbm"

mkdir -p "$repo_root/bench/results"
python3 - "$repo_root" "$runs" "${rows[@]}" -- "${base[@]}" <<'PY'
import datetime, pathlib, sys
repo = pathlib.Path(sys.argv[1]); runs = sys.argv[2]
sys.path.insert(0, str(repo / "bench"))
from doc_section import replace_section
args = sys.argv[3:]
cut = args.index("--")
rows, base = args[:cut], args[cut + 1:]
def secs(s):
    s = float(s)
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"
out = [f"Measured {datetime.date.today().isoformat()} by `bench/variants.sh` (Release; median of "
       f"{runs} runs with hyperfine, peak RSS of one run with /usr/bin/time; wall times include "
       "reading and writing the files).", "",
       "| case | median wall | peak RSS | target | |", "| --- | --- | --- | --- | --- |"]
for r in rows:
    name, median, peak, target, mib = r.split("|")
    ok = float(median) <= float(target) and (not mib or int(peak) <= int(mib) * 1024)
    limit = f"<= {target} s" + (f", <= {mib} MB" if mib else "")
    out.append(f"| {name} | {secs(median)} | {int(peak) / 1024:.1f} MiB | {limit} | "
               f"{'met' if ok else 'NOT met'} |")
out += ["", "Against the dense elimination (`--method gf2` / `zk`, O(cells^3)) in the same run:", "",
        "| case | method chosen | median | dense | median | ratio |",
        "| --- | --- | --- | --- | --- | --- |"]
for b in base:
    name, method, now, dense, old = b.split("|")
    out.append(f"| {name} | {method} | {secs(now)} | {dense} | {secs(old)} | "
               f"{float(old) / float(now):.1f}x |")
body = "\n".join(out) + "\n"
(repo / "bench/results/variants.md").write_text(body)
heading = "## Variants: chase over Z_K, banded GF(2), factor once per size"
replace_section(repo / "docs/performance.md", heading, f"{heading}\n\n{body}\n")
print(body)
PY
