#!/usr/bin/env bash
# Browser end-to-end tests: start `lightsout serve` on a free port, run the node:test suites
# (Playwright driving Debian's chromium headless), stop the server. With STATIC_SITE (the folder of
# scripts/build_static.sh) the suites run again on that folder served by a plain static file
# server on 127.0.0.1, with no API, plus static.test.mjs, and wasm-api.test.mjs loads the folder's
# lightsout.mjs in node.
#   tests/e2e/run.sh LIGHTSOUT_BINARY SCREENSHOT_DIR [STATIC_SITE]
set -euo pipefail
binary=$(realpath "$1")
shots=$(realpath -m "$2")
site=${3:+$(realpath "$3")}
cd "$(dirname "${BASH_SOURCE[0]}")"
if [[ ! -d node_modules/playwright-core || ! -d node_modules/axe-core ]]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
mkdir -p "$shots"
log=$(mktemp)
"$binary" serve --host 127.0.0.1 --port 0 >"$log" 2>&1 &
server=$!
static=
trap 'kill $server $static 2>/dev/null; wait $server $static 2>/dev/null || true; rm -f "$log"' EXIT
url=
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*' "$log" || true)
  [[ -n $url ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "e2e: the server did not start" >&2; exit 1; }
  sleep 0.1
done
[[ -n $url ]] || { cat "$log" >&2; echo "e2e: no URL from the server" >&2; exit 1; }
echo "e2e: server at $url, screenshots in $shots" >&2
LIGHTSOUT_URL=$url SCREENSHOT_DIR=$shots node --test --test-concurrency=1 \
  playground.test.mjs variants.test.mjs big-board.test.mjs contrast.test.mjs a11y.test.mjs
[[ -n $site ]] || exit 0

node static-server.mjs "$site" >"$log" 2>&1 &
static=$!
url=
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*' "$log" || true)
  [[ -n $url ]] && break
  kill -0 "$static" 2>/dev/null || { cat "$log" >&2; echo "e2e: the static server did not start" >&2; exit 1; }
  sleep 0.1
done
[[ -n $url ]] || { cat "$log" >&2; echo "e2e: no URL from the static server" >&2; exit 1; }
echo "e2e: static site at $url (no API), screenshots in $shots/static" >&2
LIGHTSOUT_STATIC=1 LIGHTSOUT_URL=$url SCREENSHOT_DIR=$shots/static node --test --test-concurrency=1 \
  static.test.mjs playground.test.mjs variants.test.mjs big-board.test.mjs
# The JS API of the same folder (lightsout.mjs) in node, no browser.
LIGHTSOUT_SITE=$site node --test wasm-api.test.mjs
