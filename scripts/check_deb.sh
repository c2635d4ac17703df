#!/usr/bin/env bash
# Builds the Debian packages of a built tree (cpack -G DEB), checks their control fields, then
# unpacks the program package with dpkg-deb -x into a scratch directory and runs what it holds:
# `lightsout --version`, a solve of the bundled judge sample (compared with the build tree's own
# answer) and `lightsout serve` answering / and /api/solve (scripts/check_serve.sh); then unpacks
# liblightsout-dev there too and builds and runs examples/consumer against it.
# Usage: check_deb.sh [BUILD_DIR]   (default: build; the tree must be built already)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "check_deb: $*" >&2
  exit 1
}

if ! (cd "$build" && cpack -G DEB -B "$tmp/out") >"$tmp/log" 2>&1; then
  cat "$tmp/log" >&2
  fail "cpack -G DEB failed"
fi
shopt -s nullglob
debs=("$tmp"/out/lightsout_*.deb)
devs=("$tmp"/out/liblightsout-dev_*.deb)
[[ ${#debs[@]} == 1 && ${#devs[@]} == 1 ]] ||
  fail "expected lightsout_*.deb and liblightsout-dev_*.deb, got: $(ls "$tmp/out")"
deb=${debs[0]}

# Control fields a Debian user (and apt) needs.
field() { dpkg-deb -f "$1" "$2"; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt")
[[ $(field "$deb" Package) == lightsout ]] || fail "Package is '$(field "$deb" Package)'"
[[ $(field "$deb" Version) == "$version" ]] || fail "Version is '$(field "$deb" Version)'"
[[ -n $(field "$deb" Maintainer) && -n $(field "$deb" Description) ]] ||
  fail "no Maintainer or Description"
depends=$(field "$deb" Depends)
for lib in libc6 libgf2x3 libmicrohttpd12; do
  [[ $depends == *"$lib"* ]] || fail "Depends ('$depends') does not name $lib"
done
[[ $(field "${devs[0]}" Depends) == *libntl-dev* ]] ||
  fail "liblightsout-dev's Depends ('$(field "${devs[0]}" Depends)') does not name libntl-dev"

dpkg-deb -x "$deb" "$tmp/root"
bin=$tmp/root/usr/bin/lightsout
[[ -x $bin ]] || fail "no usr/bin/lightsout in $(basename "$deb")"
"$bin" --version >"$tmp/version" || fail "lightsout --version failed"
grep -qF "$version" "$tmp/version" || fail "lightsout --version says '$(cat "$tmp/version")'"
sample=$tmp/root/usr/share/doc/lightsout/examples/poj1222-sample.in
[[ -f $sample ]] || fail "no bundled example (usr/share/doc/lightsout/examples/poj1222-sample.in)"
"$bin" solve "$sample" >"$tmp/solved" || fail "lightsout solve of the bundled example failed"
"$build/lightsout" solve "$root/examples/poj1222-sample.in" >"$tmp/expected"
cmp -s "$tmp/solved" "$tmp/expected" || fail "the packaged lightsout solves the sample otherwise"
"$root/scripts/check_serve.sh" "$bin" >/dev/null

# liblightsout-dev unpacked beside it: examples/consumer builds against its usr/ and runs.
dpkg-deb -x "${devs[0]}" "$tmp/root"
if ! { cmake -S "$root/examples/consumer" -B "$tmp/consumer" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$tmp/root/usr" && cmake --build "$tmp/consumer" &&
  "$tmp/consumer/consumer"; } >"$tmp/log" 2>&1; then
  cat "$tmp/log" >&2
  fail "examples/consumer against the unpacked liblightsout-dev failed"
fi
echo "check_deb: $(basename "$deb") (Depends: $depends) and $(basename "${devs[0]}") built;" \
  "the unpacked lightsout runs, solves the sample and serves; the consumer builds on the -dev"
