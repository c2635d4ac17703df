#!/usr/bin/env bash
# Start-up cost: median wall time of `lightsout solve` on the POJ 1222 sample, and its ldd list.
#
# usage: bench/startup.sh [BUILD_DIR]   (default: build/ at the repository root)
# Environment: BENCH_STARTUP_RUNS (500), BENCH_STARTUP_WARMUP (50).
# Writes bench/results/startup.md (the section's body, which bench/render_performance.py renders
# into docs/performance.md on every bench/run) and replaces the "Start-up" section of
# docs/performance.md in place, so that it can run alone.
set -euo pipefail

# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bench_init startup "${1:-}"
runs="${BENCH_STARTUP_RUNS:-500}"
warmup="${BENCH_STARTUP_WARMUP:-50}"
at_least BENCH_STARTUP_RUNS "$runs" 10

ensure_tools hyperfine
cd "$repo_root"

echo "== building lightsout in $build_dir" >&2
cmake --build "$build_dir" -j2 --target lightsout >/dev/null
binary="$build_dir/lightsout"
sample=examples/poj1222-sample.in

make_work startup
results=$work
# The answer must be right before it is timed.
"$binary" solve "$sample" >"$results/answer.txt"
grep -q '^PUZZLE #2$' "$results/answer.txt" || die "unexpected answer to $sample"

ldd "$binary" >"$results/ldd.txt"
{
  echo "date $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "dirty $(git status --porcelain --untracked-files=no 2>/dev/null | wc -l)"
  echo "runs $runs"
  echo "warmup $warmup"
  echo "hyperfine $(hyperfine --version)"
  echo "load_before $(load_average)"
} >"$results/meta.txt"
echo "== timing $runs runs of lightsout solve $sample" >&2
hyperfine -N --warmup "$warmup" --runs "$runs" --export-json "$results/hyperfine.json" \
  "$binary solve $sample" >&2
echo "load_after $(load_average)" >>"$results/meta.txt"

mkdir -p bench/results docs
python3 "$script_dir/render_performance.py" --startup "$results" >bench/results/startup.md.tmp
mv bench/results/startup.md.tmp bench/results/startup.md
if [[ -f docs/performance.md ]]; then
  python3 "$script_dir/render_performance.py" --update-startup docs/performance.md \
    --repo "$repo_root"
fi
echo "== wrote bench/results/startup.md and the Start-up section of docs/performance.md" >&2
cat bench/results/startup.md
