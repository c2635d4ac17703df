#!/usr/bin/env bash
# The playground as a static site that needs no server: web/ and the core compiled to WebAssembly
# by emscripten (Debian's `emscripten`), the same site `lightsout serve` embeds
# (cmake/build_site.cmake assembles both). Writes web/ plus lightsout-core.js,
# lightsout-core.wasm and the JS API lightsout.mjs to OUT_DIR; serve it with any static server.
#   scripts/build_static.sh [OUT_DIR]     (default: build-static/site)
# The build tree is build-static/wasm (incremental: a second run recompiles only what changed).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_packages "${LIGHTSOUT_STATIC_PACKAGES[@]}"
out=$(realpath -m "${1:-$LIGHTSOUT_ROOT/build-static/site}")
tree=$LIGHTSOUT_ROOT/build-static/wasm
cmake -DROOT="$LIGHTSOUT_ROOT" -DTREE="$tree" -DSITE="$out" -P "$LIGHTSOUT_ROOT/cmake/build_site.cmake"
echo "lightsout: static site in $out" >&2
