#!/usr/bin/env bash
# Browser end-to-end tests: start `lightsout serve` on a free port (it serves the playground's
# site, the core in WebAssembly), run the node:test suites (Playwright driving Debian's chromium
# headless) once per locale, stop the server; then wasm-api.test.mjs loads the site's
# lightsout.mjs in node.
#   tests/e2e/run.sh LIGHTSOUT_BINARY SCREENSHOT_DIR [SITE]
# SITE is the site's folder (default: site/ beside the binary, where the build assembles it).
# LIGHTSOUT_LOCALES lists the locales to run the browser suites in (default "en zh-CN"); each
# pass puts its screenshots in SCREENSHOT_DIR/LOCALE. With LIGHTSOUT_FULL_TESTS=0 (./test without
# --all) a locale other than English runs only the suites that check its text: every string of
# the page in that language (i18n), the Learn screen's (learn) and the accessibility scan (a11y).
# LIGHTSOUT_E2E_JOBS suite files run at once (default 2, each with its own chromium): the suites
# share nothing but the server, and every wait is for a condition the page sets, never a time.
set -euo pipefail
# shellcheck source=scripts/serve_local.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/serve_local.sh"
binary=$(realpath "$1")
shots=$(realpath -m "$2")
site=$(realpath "${3:-$(dirname "$binary")/site}")
[[ -f $site/lightsout.mjs ]] || { echo "e2e: no site in $site (build lightsout first)" >&2; exit 1; }
cd "$(dirname "${BASH_SOURCE[0]}")"
if [[ ! -d node_modules/playwright-core || ! -d node_modules/axe-core ]]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
mkdir -p "$shots"
start_local_server e2e "$binary"
echo "e2e: server at $server_url, screenshots in $shots" >&2
# The browser suites, listed once: each runs in every locale (tests name the page's strings by key).
suites=(wasm-page.test.mjs playground.test.mjs variants.test.mjs big-board.test.mjs contrast.test.mjs
  a11y.test.mjs i18n.test.mjs game.test.mjs learn.test.mjs layout.test.mjs links.test.mjs
  offline.test.mjs beginner.test.mjs)
text_suites=(i18n.test.mjs learn.test.mjs a11y.test.mjs)
failed=()
for locale in ${LIGHTSOUT_LOCALES:-en zh-CN}; do
  start=$SECONDS
  run=("${suites[@]}")
  [[ $locale != en && ${LIGHTSOUT_FULL_TESTS:-1} == 0 ]] && run=("${text_suites[@]}")
  echo "e2e: $locale: ${run[*]}" >&2
  LIGHTSOUT_URL=$server_url LIGHTSOUT_LOCALE=$locale SCREENSHOT_DIR=$shots/$locale \
    LIGHTSOUT_SITE=$site node --test --test-concurrency="${LIGHTSOUT_E2E_JOBS:-2}" "${run[@]}" ||
    failed+=("$locale")
  echo "e2e: the browser suites in $locale took $((SECONDS - start)) s" >&2
done
# The JS API of the same site (lightsout.mjs) in node, the locale tables and the link format, no
# browser.
LIGHTSOUT_SITE=$site node --test wasm-api.test.mjs locales.test.mjs link-codec.test.mjs || failed+=(node)
[[ ${#failed[@]} -eq 0 ]] || { echo "e2e: failed: ${failed[*]}" >&2; exit 1; }
