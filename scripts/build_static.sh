#!/usr/bin/env bash
# The playground as a static site that needs no server: the core compiled to WebAssembly by
# emscripten (Debian's `emscripten`), solving in a Web Worker. Writes web/ plus lightsout-core.js,
# lightsout-core.wasm and the JS API lightsout.mjs to OUT_DIR; serve it with any static server.
#   scripts/build_static.sh [OUT_DIR]     (default: build-static/site)
# The build tree is build-static/wasm (incremental: a second run recompiles only what changed).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_packages "${LIGHTSOUT_STATIC_PACKAGES[@]}"
out=$(realpath -m "${1:-$LIGHTSOUT_ROOT/build-static/site}")
tree=$LIGHTSOUT_ROOT/build-static/wasm
log=$tree/build-output.log
mkdir -p "$tree" "$out"
# Debian's emscripten keeps its cache (the built C and C++ runtimes) under /usr/share; a user who
# cannot write there gets a private copy.
if [[ ! -w /usr/share/emscripten/cache && -z ${EM_CACHE:-} ]]; then
  export EM_CACHE=$tree/em-cache
fi
# Debian's node-acorn (which emcc's JS optimiser needs) lives in /usr/share/nodejs, where
# Debian's nodejs looks but NodeSource's does not.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
if [[ ! -f $tree/CMakeCache.txt ]]; then
  if ! emcmake cmake -S "$LIGHTSOUT_ROOT/wasm" -B "$tree" -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1; then
    cat "$log" >&2
    echo "lightsout: configuring the WebAssembly build failed" >&2
    exit 1
  fi
fi
if ! cmake --build "$tree" -j "$(nproc)" >"$log" 2>&1; then
  cat "$log" >&2
  echo "lightsout: building the WebAssembly core failed" >&2
  exit 1
fi
cp "$LIGHTSOUT_ROOT"/web/* "$out"/
# The same page, told to solve with the WebAssembly core.
sed -i 's|<meta name="lightsout-backend" content="api">|<meta name="lightsout-backend" content="wasm">|' \
  "$out/index.html"
grep -q 'content="wasm"' "$out/index.html" || { echo "lightsout: index.html has no backend tag" >&2; exit 1; }
cp "$tree/lightsout-core.js" "$tree/lightsout-core.wasm" "$out"/
# The JS API for other pages and node (docs/wasm-api.md), beside the core it loads.
cp "$LIGHTSOUT_ROOT/wasm/lightsout.mjs" "$out"/
echo "lightsout: static site in $out" >&2
