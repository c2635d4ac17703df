#!/usr/bin/env bash
# Load benchmark of `lightsout serve`: wrk POSTing the 5x6 judge sample to /api/solve over
# loopback; prints wrk's report and a solves/s line.
#   bench/serve_load.sh [LIGHTSOUT_BINARY] [DURATION_S] [CONNECTIONS] [WRK_THREADS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${1:-$root/build/lightsout}
duration=${2:-10}
connections=${3:-64}
wrk_threads=${4:-2}
source "$root/scripts/setup.sh"
ensure_packages wrk
log=$(mktemp)
# Default options (I/O threads: half the cores), or SERVE_ARGS; the I/O threads answer light 5x6 solves themselves.
"$binary" serve --host 127.0.0.1 --port 0 ${SERVE_ARGS:-} >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -f "$log"' EXIT
url=
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*' "$log" || true)
  [[ -n $url ]] && break
  sleep 0.1
done
[[ -n $url ]] || { cat "$log" >&2; echo "serve_load: the server did not start" >&2; exit 1; }
echo "serve_load: $url, ${duration}s, $connections connections, $wrk_threads wrk threads, $(nproc) cores" >&2
wrk -t "$wrk_threads" -c "$connections" -d "${duration}s" --latency -s "$root/bench/serve_solve.lua" \
  "${url}api/solve"
