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
# shellcheck source=scripts/serve_local.sh
source "$root/scripts/serve_local.sh"
ensure_packages wrk
# Default options (I/O threads: half the cores), or SERVE_ARGS; the I/O threads answer light 5x6 solves themselves.
# shellcheck disable=SC2086  # SERVE_ARGS is split into words
start_local_server serve_load "$binary" ${SERVE_ARGS:-}
echo "serve_load: $server_url, ${duration}s, $connections connections, $wrk_threads wrk threads, $(nproc) cores" >&2
wrk -t "$wrk_threads" -c "$connections" -d "${duration}s" --latency -s "$root/bench/serve_solve.lua" \
  "${server_url}api/solve"
