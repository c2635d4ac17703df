# Sourced: start_local_server, `lightsout serve` on a free loopback port in the background, for the
# scripts that drive a live server (bench/serve_load.sh, tests/e2e/run.sh).
# shellcheck shell=bash

# start_local_server NAME BINARY [SERVE_ARGS...]: starts `BINARY serve --host 127.0.0.1 --port 0
# SERVE_ARGS...` with its output in a temporary log and waits up to 10 s for the URL it prints;
# sets server_url ("http://127.0.0.1:PORT/"), server_pid and server_log. An EXIT trap stops the
# server and removes the log. When the server exits first, or prints no URL in time, its log and
# "NAME: ..." go to stderr and the script exits 1.
start_local_server() {
  local name=$1 binary=$2 _
  shift 2
  server_log=$(mktemp)
  "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$server_log" 2>&1 &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; rm -f "$server_log"' EXIT
  server_url=
  for _ in $(seq 100); do
    server_url=$(grep -o 'http://[^ ]*' "$server_log" || true)
    [[ -n $server_url ]] && return 0
    if ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$server_log" >&2
      echo "$name: the server did not start" >&2
      exit 1
    fi
    sleep 0.1
  done
  cat "$server_log" >&2
  echo "$name: no URL from the server" >&2
  exit 1
}
