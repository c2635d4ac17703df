#!/usr/bin/env bash
# Runs every libFuzzer target for a bounded time on a scratch copy of its seed corpus and fails on
# any crash, leak, timeout or disagreement. The repository is never written to: the fuzzers run in
# the scratch directory and write their reproducers (crash-*, leak-*, timeout-*, oom-*,
# slow-unit-*) to BUILD_DIR/fuzz-artifacts/, whatever $LIGHTSOUT_FUZZ_FLAGS says.
# Usage: run_fuzz.sh BUILD_DIR [SECONDS] [TARGET...]   (SECONDS default: $LIGHTSOUT_FUZZ_SECONDS or 20)
# Extra libFuzzer flags may be given in $LIGHTSOUT_FUZZ_FLAGS (e.g. -runs=1000000).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "$1" && pwd)
seconds=${2:-${LIGHTSOUT_FUZZ_SECONDS:-20}}
shift $(($# >= 2 ? 2 : 1))
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(fuzz_judge fuzz_family fuzz_board fuzz_rules fuzz_solvers fuzz_api)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
failed=0
for target in "${targets[@]}"; do
  cp -r "$here/corpus/$target" "$scratch/$target"
  log="$scratch/$target.log"
  stamp="$scratch/$target.stamp"  # artifacts newer than this are from this run
  touch "$stamp"
  start=$SECONDS
  rc=0
  # -artifact_prefix comes last so that no flag in LIGHTSOUT_FUZZ_FLAGS can move it.
  # shellcheck disable=SC2086  # LIGHTSOUT_FUZZ_FLAGS is a list of flags
  (cd "$scratch" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 ${LIGHTSOUT_FUZZ_FLAGS:-} -artifact_prefix="$artifacts/$target-" \
    "$scratch/$target") >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [[ $rc -ne 0 ]]; then
    failed=1
    echo "$target: FAILED (exit $rc) after ${execs:-?} executions; the log ends:"
    tail -n 40 "$log"
    find "$artifacts" -maxdepth 1 -type f -name "$target-*" -newer "$stamp" -print |
      while read -r artifact; do
        echo "$target: reproducer kept as $artifact (replay: $build/tests/fuzz/$target FILE)"
      done
  else
    echo "$target: ${execs:-?} executions in $((SECONDS - start)) s, no finding"
  fi
done
exit $failed
