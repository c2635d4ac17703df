#!/usr/bin/env bash
# ./test's Python stage: a fresh venv (--system-site-packages, so Debian's numpy and pytest are
# seen), `pip install --no-build-isolation .` offline (no index, no prompt, CI=true, no stdin),
# then pytest on python/tests from outside the source tree, against the CLI of BUILD_DIR.
# pytest collecting no test (exit 5) fails like any other failure.
# usage: scripts/python_tests.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "$1" && pwd)
python=${LIGHTSOUT_PYTHON:-/usr/bin/python3}  # Debian's: its python3-* packages are for it
export LIGHTSOUT_PYTHON_BUILD=${LIGHTSOUT_PYTHON_BUILD:-$root/build-python}
# The module is held to the rest of the build's standard: warnings are errors.
export LIGHTSOUT_CMAKE_ARGS=${LIGHTSOUT_CMAKE_ARGS:--DLIGHTSOUT_WERROR=ON}
venv="$LIGHTSOUT_PYTHON_BUILD/venv"
mkdir -p "$LIGHTSOUT_PYTHON_BUILD"
log="$LIGHTSOUT_PYTHON_BUILD/pip-install.log"

rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
export CI=true PIP_NO_INDEX=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
  PIP_ROOT_USER_ACTION=ignore
if ! (cd "$root" && "$venv/bin/pip" install --no-build-isolation . </dev/null >"$log" 2>&1); then
  cat "$log" >&2
  echo "python_tests: pip install failed" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# The installed package, not the sources.
"$venv/bin/python" - <<'PY' </dev/null
import lightsout, sys
assert "/venv/" in lightsout.__file__, lightsout.__file__
assert lightsout._core.__file__.endswith(".so"), lightsout._core.__file__
PY
rc=0
LIGHTSOUT_CLI="$build/lightsout" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  "$root/python/tests" </dev/null || rc=$?
if [[ $rc -eq 5 ]]; then
  echo "python_tests: pytest collected no tests" >&2
  exit 1
fi
exit "$rc"
