"""info() weighs its facts before it starts, as `lightsout info` does, and stops on Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import lightsout
from conftest import run_cli


def test_huge_size_is_refused_at_once_naming_the_method():
    start = time.monotonic()
    over_work = r"nullity polynomials .* over the limit of 1e\+12 \(pass force=True"
    with pytest.raises(ValueError, match=over_work):
        lightsout.info(10**9, 10**9)
    # force lifts the work limit, never the memory one.
    with pytest.raises(ValueError, match=r"for the nullity polynomials, over the limit of 95M"):
        lightsout.info(10**9, 10**9, force=True, memory=10**8)
    with pytest.raises(ValueError, match=r"for the torus and cylinder polynomials, over the limit of "):
        lightsout.info(10**6, 999999, "torus,states=230", memory=10**6)
    assert time.monotonic() - start < 5


def test_the_refusal_names_the_limit_of_the_method_that_would_run():
    # x on the plane: light chasing with extra unknowns (8000 x 8000 has 15999), not the
    # dense elimination's cell limit alone.
    with pytest.raises(ValueError, match=r"39999 unknowns for light chasing .* at most 16384"):
        lightsout.info(20000, 20000, "nbhd=x")


def test_torus_facts_at_any_size_agree_with_the_cli(cli):
    # The facts come from polynomials: no Solver is built (one used to be, and refused the size).
    facts = lightsout.info(10**6, 10**6, "torus")
    out = json.loads(run_cli(cli, "info", "1000000x1000000", "--rules", "torus", "--json").stdout)
    assert facts.to_dict() == out


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_stops_a_long_info():
    # Python's own Ctrl-C handler first: a process started with SIGINT ignored (any background job
    # of a non-interactive shell, as a CI runner may be) inherits that, and Python then leaves
    # Ctrl-C ignored, which is not what this test is about.
    script = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import lightsout\n"
        "print('started', flush=True)\n"
        "lightsout.info(10**9, 10**9, force=True, memory=2**50)\n"
        "print('finished', flush=True)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout.readline() == "started\n"
        # Inside the call: the process has burnt half a second of CPU since it said so.
        base = _cpu_seconds(proc.pid)
        deadline = time.monotonic() + 60
        while _cpu_seconds(proc.pid) < base + 0.5:
            assert time.monotonic() < deadline, "the call never started working"
            time.sleep(0.02)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
        assert time.monotonic() - sent < 5
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode != 0
    assert "KeyboardInterrupt" in err
