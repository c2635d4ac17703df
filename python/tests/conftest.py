"""Shared fixtures: the lightsout CLI the module is compared with (LIGHTSOUT_CLI, else
build/lightsout at the repository root; a missing one fails when LIGHTSOUT_CLI names it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> Path:
    named = os.environ.get("LIGHTSOUT_CLI")
    path = Path(named).resolve() if named else ROOT / "build" / "lightsout"
    if not path.is_file():
        if named:
            pytest.fail(f"LIGHTSOUT_CLI={named} does not exist")
        pytest.skip("no lightsout CLI built (set LIGHTSOUT_CLI)")
    return path


def run_cli(cli: Path, *args: str, cwd=None, check_codes=(0,)) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [str(cli), *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=cwd
    )
    assert proc.returncode in check_codes, (proc.returncode, proc.stderr)
    return proc
