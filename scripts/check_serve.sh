#!/usr/bin/env bash
# `LIGHTSOUT serve --port 0` from wherever LIGHTSOUT is (an installed prefix, an unpacked .deb):
# waits for the URL line the server prints, fetches / (must be the HTML page) and POSTs a 5x6
# board to /api/solve (must answer solvable with its presses), then stops the server with SIGTERM
# and waits for it. Any failure prints what the server said.
# Usage: check_serve.sh LIGHTSOUT_BINARY
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
pid=
cleanup() {
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  echo "check_serve: $*" >&2
  [[ -s $tmp/err ]] && sed 's/^/  server: /' "$tmp/err" >&2
  exit 1
}

# The server's stdout through a FIFO: the first line it prints names the port it listens on.
mkfifo "$tmp/out"
"$bin" serve --port 0 >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec {out}<"$tmp/out"
line=
read -r -t 30 -u "$out" line || fail "no URL line from '$bin serve --port 0' within 30 s"
[[ $line =~ (http://127\.0\.0\.1:[0-9]+/) ]] || fail "unexpected first line: $line"
url=${BASH_REMATCH[1]}

curl -sS --max-time 30 -o "$tmp/page" -w '%{http_code} %{content_type}\n' "$url" >"$tmp/status" ||
  fail "GET $url failed"
read -r code type <"$tmp/status"
[[ $code == 200 && $type == text/html* ]] || fail "GET / answered $code $type"
grep -qi '^<!doctype html>' "$tmp/page" || fail "GET / is not the HTML page"

# The judge sample's first puzzle (examples/poj1222-sample.in) and its presses.
body='{"rows":5,"cols":6,"lights":["011010","100111","001001","100101","011100"]}'
curl -sS --max-time 30 -H 'Content-Type: application/json' -d "$body" -o "$tmp/solve" \
  -w '%{http_code}\n' "${url}api/solve" >"$tmp/status" || fail "POST /api/solve failed"
[[ $(cat "$tmp/status") == 200 ]] || fail "POST /api/solve answered $(cat "$tmp/status"): $(cat "$tmp/solve")"
if ! grep -q '"solvable":true' "$tmp/solve" ||
  ! grep -q '"presses":\["101001","110101","001011","100100","010000"\]' "$tmp/solve"; then
  fail "POST /api/solve answered: $(cat "$tmp/solve")"
fi

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=
[[ $status == 0 ]] || fail "the server exited with status $status after SIGTERM"
echo "check_serve: $bin serve answered / and /api/solve"
