#!/usr/bin/env python3
"""Load and fault scenarios of `lightsout serve` over loopback (issue 13), bounded in count and time.

  bench/serve_faults.py SERVER_BINARY [--short] [--only NAME,...]

Scenarios (each starts its own server on 127.0.0.1, port 0):
  load   many keep-alive connections of 5x6 solves (the full benchmark is bench/serve_load.sh, wrk)
  heavy  parallel 1024x1024 fewest-presses solves while a light client sends a 5x6 solve every
         100 ms; then resident memory until it is back within 2x of idle
  slow   clients sending one byte a second, plus the same light client
  guard  the program's own options: --allow-host, --workers/--max-queue/--memory in /healthz
Correctness is asserted (every heavy request 200 or 503 with Retry-After, none dropped; every
light one 200; the RSS back within 2x idle); latency figures are printed, and asserted only
without --short (ctest runs --short: timing is the benchmarks' business, not the tests').
SERVE_ARGS adds server options to every scenario's server (e.g. "--io-threads 1").
SERVE_FAULTS_DEBUG=1 prints each light request slower than 20 ms and when the burst starts.
"""
import argparse
import json
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"
SAMPLE = json.dumps({"rows": 5, "cols": 6,
                     "lights": ["011010", "100111", "001001", "100101", "011100"]})
FAILURES = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


class Server:
    """lightsout-server on a free loopback port; stopped on exit."""

    def __init__(self, binary, *args):
        extra = os.environ.get("SERVE_ARGS", "").split()
        self.proc = subprocess.Popen([binary, "serve", "--host", HOST, "--port", "0", *extra, *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r":(\d+)/", line)
        if not m:
            self.proc.kill()
            raise SystemExit("serve_faults: the server did not start: " + line)
        self.port = int(m.group(1))

    def rss_mb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def request_bytes(path, body):
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode() + body.encode()


class Conn:
    """One keep-alive connection; a request is sent in one write (no Nagle wait between parts)."""

    def __init__(self, port, timeout=60.0):
        self.sock = socket.create_connection((HOST, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def call(self, payload):
        """Returns (status, headers dict, body bytes); raises on a closed connection."""
        self.sock.sendall(payload)
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed without an answer")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            k, _, v = line.partition(":")
            headers[k.strip().lower()] = v.strip()
        length = int(headers.get("content-length", "0"))
        while len(self.buf) < length:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed in the middle of an answer")
            self.buf += chunk
        body, self.buf = self.buf[:length], self.buf[length:]
        return status, headers, body

    def close(self):
        self.sock.close()


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def light_loop(port, limit, stop, out):
    """A 5x6 solve every 100 ms until `stop` is set (at most `limit`); sends (latencies, bad)."""
    payload = request_bytes("/api/solve", SAMPLE)
    latencies, bad = [], []
    conn = Conn(port)
    for _ in range(limit):
        if stop.is_set():
            break
        start = time.perf_counter()
        try:
            status, _, _ = conn.call(payload)
        except OSError as e:
            bad.append(str(e))
            conn = Conn(port)
            continue
        latencies.append((time.perf_counter() - start) * 1000)
        if latencies[-1] > 20 and "SERVE_FAULTS_DEBUG" in os.environ:
            print(f"  slow light request: {latencies[-1]:.1f} ms at {time.time():.3f}", flush=True)
        if status != 200:
            bad.append(status)
        time.sleep(0.1)
    conn.close()
    out.send((latencies, bad))


class LightClient:
    """light_loop in a process of its own: the heavy clients' threads do not delay its timing."""

    def __init__(self, port, limit=600):
        self.stop_event = multiprocessing.Event()
        self.recv, send = multiprocessing.Pipe(duplex=False)
        self.proc = multiprocessing.Process(target=light_loop,
                                            args=(port, limit, self.stop_event, send))
        self.latencies, self.bad = [], []

    def start(self):
        self.proc.start()

    def finish(self):
        self.stop_event.set()
        if self.recv.poll(30):
            self.latencies, self.bad = self.recv.recv()
        else:
            self.bad = ["the light client did not report"]
        self.proc.join(timeout=10)


def scenario_load(binary, short):
    connections, seconds = (64, 2.0) if short else (64, 10.0)
    with Server(binary) as server:
        payload = request_bytes("/api/solve", SAMPLE)
        counts, errors, lat = [0] * connections, [], []
        until = time.monotonic() + seconds

        def worker(i):
            conn = Conn(server.port)
            while time.monotonic() < until:
                t = time.perf_counter()
                try:
                    status, _, _ = conn.call(payload)
                except OSError as e:
                    errors.append(str(e))
                    return
                if i == 0:
                    lat.append((time.perf_counter() - t) * 1000)
                if status != 200:
                    errors.append(status)
                counts[i] += 1
            conn.close()

        fresh, fresh_bad = [], []

        def fresh_probe():
            # A new connection every 100 ms during the load: it must not wait in a backlog.
            while time.monotonic() < until - 0.1:
                t = time.perf_counter()
                try:
                    conn = Conn(server.port, timeout=30)
                    status, _, _ = conn.call(payload)
                    conn.close()
                    fresh.append((time.perf_counter() - t) * 1000)
                    if status != 200:
                        fresh_bad.append(status)
                except OSError as e:
                    fresh_bad.append(str(e))
                time.sleep(0.1)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
        threads.append(threading.Thread(target=fresh_probe))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=seconds + 30)
        total = sum(counts)
        print(f"load: {connections} connections, {seconds:.0f} s: {total} solves "
              f"({total / seconds:.0f}/s from a Python client), {len(errors)} errors, "
              f"one connection's p99 {percentile(lat, 99):.2f} ms")
        print(f"load: {len(fresh)} fresh connections meanwhile, median "
              f"{statistics.median(fresh) if fresh else float('nan'):.2f} ms, max "
              f"{max(fresh) if fresh else float('nan'):.2f} ms")
        check(not errors, f"load: no errors or dropped connections ({errors[:3]})")
        check(fresh and not fresh_bad, f"load: every fresh connection answered 200 ({fresh_bad[:3]})")
        if not short:
            check(max(fresh) <= 1000, "load: no fresh connection waited a second")
        check(all(c > 0 for c in counts), "load: every connection was served")


def heavy_body(size, seed):
    rng = random.Random(seed)
    rows = ["".join(rng.choice("01") for _ in range(size)) for _ in range(size)]
    return json.dumps({"rows": size, "cols": size, "minimal": True, "lights": rows})


def scenario_heavy(binary, short):
    count, size = (12, 1024) if short else (48, 1024)
    with Server(binary) as server:
        payloads = [request_bytes("/api/solve", heavy_body(size, i % 4)) for i in range(count)]
        time.sleep(0.3)
        idle = server.rss_mb()
        light = LightClient(server.port)
        light.start()
        time.sleep(0.5)
        results = [None] * count

        def heavy(i):
            try:
                conn = Conn(server.port, timeout=120)
                status, headers, _ = conn.call(payloads[i])
                results[i] = (status, headers.get("retry-after"))
                conn.close()
            except OSError as e:
                results[i] = ("dropped", str(e))

        start = time.monotonic()
        if "SERVE_FAULTS_DEBUG" in os.environ:
            print(f"  burst starts at {time.time():.3f}", flush=True)
        threads = [threading.Thread(target=heavy, args=(i,)) for i in range(count)]
        for t in threads:
            t.start()
        peak = idle
        while any(t.is_alive() for t in threads) and time.monotonic() - start < 150:
            peak = max(peak, server.rss_mb())
            time.sleep(0.05)
        for t in threads:
            t.join(timeout=5)
        burst_s = time.monotonic() - start
        light.finish()
        statuses = [r[0] for r in results]
        ok = statuses.count(200)
        busy = [r for r in results if r and r[0] == 503]
        print(f"heavy: {count} x {size}x{size} minimal in {burst_s:.1f} s: {ok} x 200, "
              f"{len(busy)} x 503; light (during and 0.5 s before): {len(light.latencies)} requests, "
              f"median {statistics.median(light.latencies):.2f} ms, "
              f"p99 {percentile(light.latencies, 99):.2f} ms, max {max(light.latencies):.2f} ms")
        check(all(s in (200, 503) for s in statuses),
              f"heavy: every request got 200 or 503 ({[s for s in statuses if s not in (200, 503)]})")
        check(all(r[1] and 1 <= int(r[1]) <= 60 for r in busy), "heavy: every 503 has Retry-After")
        check(ok >= 1, "heavy: some were solved")
        check(not light.bad, f"heavy: every light request got 200 ({light.bad[:3]})")
        if not short:
            check(percentile(light.latencies, 99) <= 50, "heavy: light p99 <= 50 ms")
        # Memory handed back: within 2x of idle (plus 8 MB for the allocator's own pages).
        back_at = None
        t0 = time.monotonic()
        while time.monotonic() - t0 < 10:
            if server.rss_mb() <= 2 * idle + 8:
                back_at = time.monotonic() - t0
                break
            time.sleep(0.1)
        print(f"heavy: RSS idle {idle:.0f} MB, peak {peak:.0f} MB, now {server.rss_mb():.0f} MB, "
              f"back within 2x idle after {back_at if back_at is None else round(back_at, 2)} s")
        check(back_at is not None and (short or back_at <= 5), "heavy: RSS back within 2x idle")


def scenario_slow(binary, short):
    clients, seconds = (100, 4) if short else (100, 20)
    with Server(binary, "--request-timeout", "30") as server:
        socks = [socket.create_connection((HOST, server.port), timeout=10) for _ in range(clients)]
        request = request_bytes("/api/solve", SAMPLE)
        light = LightClient(server.port)
        light.start()
        for step in range(seconds):
            for s in socks:
                try:
                    s.send(request[step:step + 1])
                except OSError:
                    pass
            time.sleep(1)
        light.finish()
        for s in socks:
            s.close()
        print(f"slow: {clients} clients at 1 byte/s for {seconds} s; light: "
              f"{len(light.latencies)} requests, median {statistics.median(light.latencies):.2f} ms, "
              f"p99 {percentile(light.latencies, 99):.2f} ms, max {max(light.latencies):.2f} ms")
        check(not light.bad and len(light.latencies) >= seconds * 5,
              f"slow: every light request got 200 ({light.bad[:3]})")
        check(max(light.latencies) < 2000, "slow: no light request waited for the slow ones")
        if not short:
            check(percentile(light.latencies, 99) <= 50, "slow: light p99 <= 50 ms")


def scenario_guard(binary, short):
    del short
    with Server(binary, "--allow-host", "lights.example", "--workers", "3", "--max-queue", "5",
                "--memory", "64M") as server:
        def status(host):
            s = socket.create_connection((HOST, server.port), timeout=10)
            body = SAMPLE.encode()
            s.sendall(f"POST /api/solve HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            s.close()
            return int(data.split()[1]) if data else 0

        check(status("lights.example:8080") == 200, "guard: an --allow-host name is served")
        check(status("localhost") == 200, "guard: localhost is served")
        check(status("evil.example") == 403, "guard: any other Host is refused")
        conn = Conn(server.port)
        _, _, body = conn.call(f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        conn.close()
        health = json.loads(body)
        check((health["workers"], health["max_queue"], health["memory_budget_mb"]) == (3, 5, 64),
              f"guard: /healthz reports the options ({health})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--only", default="guard,load,heavy,slow")
    args = parser.parse_args()
    scenarios = {"guard": scenario_guard, "load": scenario_load, "heavy": scenario_heavy,
                 "slow": scenario_slow}
    for name in args.only.split(","):
        scenarios[name](args.binary, args.short)
    print("serve_faults: FAILED" if FAILURES else "serve_faults: all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
