# Shared harness of the CLI test scripts: a scratch directory, the pass/fail counters, the expect
# helpers and the summary line. Sourced, not run, after `set -uo pipefail`; the helpers that run
# the tool (expect_error, expect_error_only) use $bin, the lightsout binary the script was given.
# shellcheck shell=bash disable=SC2154  # $bin is set by the sourcing script

# Scratch files of the run (removed on exit): the helpers leave stdout and stderr of the last
# command in $work/out and $work/err.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# full_tests: true unless the test driver asked for the quick suite (LIGHTSOUT_FULL_TESTS=0, what
# ./test exports; ./test --all exports 1). Unset, as when a script is run by hand, is full.
full_tests() { [[ ${LIGHTSOUT_FULL_TESTS:-1} != 0 ]]; }
# by_size QUICK FULL: prints FULL under the full suite, QUICK under ./test (a count, a size, a
# list of sweep values).
by_size() {
  if full_tests; then echo "$2"; else echo "$1"; fi
}

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  echo "FAIL: $1"
}

# finish: the summary line "N passed, N failed", then exit 0 when nothing failed, else 1.
finish() {
  echo "$passed passed, $failed failed"
  if [[ $failed -eq 0 ]]; then
    exit 0
  fi
  exit 1
}

# run CMD...: runs with stdin from /dev/null, stdout/stderr captured in $work/out, $work/err;
# sets rc.
run() {
  "$@" >"$work/out" 2>"$work/err" </dev/null
  rc=$?
}

# run_input TEXT CMD...: the same with printf '%b' TEXT on stdin.
run_input() {
  local input=$1
  shift
  printf '%b' "$input" | "$@" >"$work/out" 2>"$work/err"
  rc=$?
}

# expect_stdout NAME EXPECTED_FILE STATUS -- CMD...: stdout byte-exact and the exit status.
expect_stdout() {
  local name=$1 expected=$2 status=$3
  shift 4
  run "$@"
  if [[ $rc -ne $status ]]; then
    fail "$name: exit $rc, wanted $status; stderr: $(head -c 300 "$work/err")"
  elif ! cmp -s "$work/out" "$expected"; then
    fail "$name: stdout differs"
    diff <(cat -A "$expected") <(cat -A "$work/out") | head -10
  else
    pass
  fi
}

# expect_line NAME STATUS LINE -- CMD...: the exit status and the whole of stdout (one line; the
# final newline is not compared).
expect_line() {
  local name=$1 status=$2 want=$3
  shift 4
  run "$@"
  local got
  got=$(cat "$work/out")
  if [[ $rc -ne $status ]]; then
    fail "$name: exit $rc, wanted $status; stderr: $(head -c 300 "$work/err")"
  elif [[ "$got" != "$want" ]]; then
    fail "$name: stdout '$got', wanted '$want'"
  else
    pass
  fi
}

# error_mismatch STATUS STDERR_LINE: after run or run_input, prints how the exit status and the
# whole of stderr differ from STATUS and that one line; prints nothing when they match.
error_mismatch() {
  local status=$1 message=$2
  local got
  got=$(cat "$work/err")
  if [[ $rc -ne $status ]]; then
    echo "exit $rc, wanted $status; stderr: $got"
  elif [[ "$got" != "$message" ]]; then
    echo "stderr was '$got', wanted '$message'"
  fi
}

# expect_error NAME STATUS STDERR_LINE STDIN_TEXT -- ARGS...: runs $bin ARGS with STDIN_TEXT
# (printf '%b') on stdin; exact exit status and one-line stderr. Stdout is not looked at (the
# puzzles before a bad one are still printed).
expect_error() {
  local name=$1 status=$2 message=$3 input=$4
  shift 5
  run_input "$input" "$bin" "$@"
  local why
  why=$(error_mismatch "$status" "$message")
  if [[ -n $why ]]; then
    fail "$name: $why"
  else
    pass
  fi
}

# expect_error_only NAME STATUS STDERR_LINE -- ARGS...: runs $bin ARGS with nothing on stdin;
# exact exit status and one-line stderr, and nothing on stdout.
expect_error_only() {
  local name=$1 status=$2 message=$3
  shift 4
  run "$bin" "$@"
  local why
  why=$(error_mismatch "$status" "$message")
  if [[ -n $why ]]; then
    fail "$name: $why"
  elif [[ -s "$work/out" ]]; then
    fail "$name: wrote to stdout on error"
  else
    pass
  fi
}
