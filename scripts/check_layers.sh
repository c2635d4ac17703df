#!/usr/bin/env bash
# The layers' include rules, checked on the sources: the front ends (src/cli, src/server,
# python/src, wasm) include the public headers (lightsout/...) and api/ only; src/api includes no
# private core/ or io/ header; src/io no private core/ header; src/core nothing of a floor above
# it. (Private headers of a floor are reached as "core/x.hpp" or "io/x.hpp" from src/; no target
# above core has src/core or src/io on its include path, so a bare name cannot reach them.)
#   scripts/check_layers.sh [REPO_ROOT]
set -euo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}"
status=0
# check WHAT PATTERN FOLDER...: every include of PATTERN in FOLDER is a break of the rule WHAT.
check() {
  local what=$1 pattern=$2 hits
  shift 2
  hits=$(grep -rnE --include='*.cpp' --include='*.hpp' --include='*.h' "^#include \"$pattern" "$@" ||
    true)
  if [[ -n $hits ]]; then
    echo "layers: $what:" >&2
    echo "$hits" >&2
    status=1
  fi
}
check "a front end includes a private core/ or io/ header" '(core|io)/' src/cli src/server \
  python/src wasm
check "src/api includes a private core/ or io/ header" '(core|io)/' src/api
check "src/io includes a private core/ header" 'core/' src/io
check "src/core includes a header of a floor above it" '(io|api|cli|server|render)/' src/core
check "src/api includes a front end's header" '(cli|server)/' src/api
[[ $status == 0 ]] && echo "layers: every include keeps to its floor"
exit "$status"
