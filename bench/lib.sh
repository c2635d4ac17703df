# Sourced by the bench scripts (after `set -euo pipefail`): their shared prologue, checks and
# timing helpers. Sets script_dir (bench/) and repo_root; bench_init sets the rest.
# The variables it sets are for the script that sources it; timed uses that script's $results.
# shellcheck disable=SC2034,SC2154
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$script_dir/.." && pwd)"

# bench_init NAME [BUILD_DIR]: bench_name (the prefix of every message), build_dir (BUILD_DIR,
# default build/ at the repository root, made absolute) and lightsout (the CLI in it).
bench_init() {
  bench_name=$1
  build_dir="$(realpath -m "${2:-$repo_root/build}")"
  lightsout="$build_dir/lightsout"
}

# results_bench_init NAME BUILD_DIR RESULTS_DIR TAG: the prologue the hyperfine timings that keep
# their raw results share: bench_init, results_dir (use_results_dir RESULTS_DIR TAG), seed
# (BENCH_SEED, default 1) and runs (BENCH_RUNS, default 7, at least 5).
results_bench_init() {
  bench_init "$1" "$2"
  use_results_dir "$3" "$4"
  seed="${BENCH_SEED:-1}"
  runs="${BENCH_RUNS:-7}"
  at_least BENCH_RUNS "$runs" 5
}

# floor_knobs: seed (BENCH_SEED, default 1) and rounds (BENCH_FLOOR_ROUNDS, default 15, at least
# 5), the knobs every timing against the cat floor shares.
floor_knobs() {
  seed="${BENCH_SEED:-1}"
  rounds="${BENCH_FLOOR_ROUNDS:-15}"
  at_least BENCH_FLOOR_ROUNDS "$rounds" 5
}

# floor_bench_init NAME BUILD_DIR GENERATOR TAG: the prologue every timing against the cat floor
# shares: bench_init, floor_knobs, generator (GENERATOR of the build's bench/; it and the CLI must
# be executables), hyperfine installed, and work (make_work TAG).
floor_bench_init() {
  bench_init "$1" "$2"
  floor_knobs
  generator="$build_dir/bench/$3"
  need_executables "$lightsout" "$generator"
  need_hyperfine
  make_work "$4"
}

# die MESSAGE: a failed run (status 1).
die() {
  echo "$bench_name: FAIL: $*" >&2
  exit 1
}

# at_least VARIABLE VALUE MIN: a usage error (status 2) unless VALUE >= MIN.
at_least() {
  if (($2 < $3)); then
    echo "$bench_name: $1 must be at least $3 (got $2)" >&2
    exit 2
  fi
}

# verify_answer BOARD PRESSES: `lightsout verify` must say the presses solve the board.
verify_answer() {
  local out
  out=$("$lightsout" verify "$1" "$2")
  [[ $out == ok ]] || die "$1: verify said $out"
}

# need_executables FILE...: every FILE must be an executable of the build.
need_executables() {
  local exe
  for exe in "$@"; do
    [[ -x $exe ]] || die "missing executable $exe (build the project in Release first: bench/run)"
  done
}

# need_hyperfine, need_gnu_time: the measuring tools must be installed.
need_hyperfine() {
  command -v hyperfine >/dev/null || die "hyperfine is not installed (scripts/setup.sh)"
}
need_gnu_time() {
  [[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (apt-get install time)"
}

# ensure_tools PACKAGE...: installs the Debian packages that are missing, as scripts/setup.sh does.
ensure_tools() {
  # shellcheck source=scripts/setup.sh
  source "$repo_root/scripts/setup.sh"
  ensure_packages "$@"
}

# make_work TAG [PARENT]: work is a fresh scratch directory in PARENT (default TMPDIR, else /tmp),
# removed when the script exits.
make_work() {
  work="$(mktemp -d "${2:-${TMPDIR:-/tmp}}/lightsout-$1.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
}

# use_results_dir DIR TAG: results_dir is DIR (created), or a fresh temporary directory when DIR is
# empty, which is kept: keep_note says so.
use_results_dir() {
  results_dir=$1
  keep_note=false
  if [[ -z $results_dir ]]; then
    keep_note=true
    results_dir="$(mktemp -d "${TMPDIR:-/tmp}/lightsout-$2.XXXXXX")"
  fi
  mkdir -p "$results_dir"
  results_dir="$(cd "$results_dir" && pwd)"
}

# q WORD: WORD quoted for a command line that hyperfine hands to a shell.
q() { printf '%q' "$1"; }

# load_average: the 1, 5 and 15 minute load averages.
load_average() { cut -d' ' -f1-3 /proc/loadavg; }

# timed LABEL CMD...: runs CMD under GNU time and appends "LABEL wall user system peak_kb" to
# $results (scratch files in $work).
timed() {
  local label=$1
  shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@"
  echo "$label $(tail -n 1 "$work/time")" >>"$results"
}

# floor_rounds NAME_A CMD_A NAME_B CMD_B: $rounds alternating rounds of the two commands (round R's
# results in $work/round-R.json), with the load average before and after (load_before, load_after).
floor_rounds() {
  load_before="$(load_average)"
  echo "== $rounds rounds"
  alternate_rounds "$rounds" "$work/round" "$@"
  load_after="$(load_average)"
}

# alternate_rounds ROUNDS JSON_PREFIX NAME_A CMD_A NAME_B CMD_B [WHAT]: ROUNDS hyperfine calls, each
# running the two shell commands once (exact wall clock, shell start-up subtracted), A first in odd
# rounds and B first in even ones so that neither always runs on a warmer machine; round R's
# results go to JSON_PREFIX-R.json. WHAT names the series in the messages.
alternate_rounds() {
  local rounds=$1 prefix=$2 round
  local order
  for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then
      order=(-n "$3" "$4" -n "$5" "$6")
    else
      order=(-n "$5" "$6" -n "$3" "$4")
    fi
    hyperfine --runs 1 --style none --export-json "$prefix-$round.json" "${order[@]}" \
      >/dev/null 2>&1 || die "hyperfine failed (round $round${7:+, $7})"
    printf '   round %d/%d done\n' "$round" "$rounds"
  done
}
