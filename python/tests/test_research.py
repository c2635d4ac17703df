"""lightsout.research on a LocalCluster of two workers: the distributed minimum equals the
single-process one and brute force, a worker killed mid-run changes nothing, a stopped run
resumes from its checkpoint skipping exactly the subtrees it finished; and the bindings'
refusals."""

from __future__ import annotations

import json
import os
import signal

import numpy as np
import pytest

import lightsout
from lightsout import _core
from lightsout.research import BoardSpec, CheckpointError, dask_client, search
from lightsout.research import sweep as sw
from lightsout.research.bounds import best_first_bound


@pytest.fixture(scope="module")
def client():
    with dask_client(workers=2) as c:
        yield c


def plus_effect(presses: np.ndarray, torus: bool = False) -> np.ndarray:
    """The lights a set of presses turns on (plus neighbourhood), independent of the library."""
    p = presses.astype(np.uint8)
    out = p.copy()
    if torus:
        for axis in (0, 1):
            for shift in (1, -1):
                out ^= np.roll(p, shift, axis=axis)
        return out
    out[1:, :] ^= p[:-1, :]
    out[:-1, :] ^= p[1:, :]
    out[:, 1:] ^= p[:, :-1]
    out[:, :-1] ^= p[:, 1:]
    return out


def random_board(rows: int, cols: int, seed: int, torus: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return plus_effect(rng.integers(0, 2, (rows, cols), dtype=np.uint8), torus)


_brute: dict = {}


def brute_force(lights: np.ndarray, rules=None) -> int:
    """The fewest presses over every solution (2^nullity of them), by numpy."""
    key = (lights.tobytes(), lights.shape, rules)
    if key not in _brute:
        _brute[key] = _brute_force(lights, rules)
    return _brute[key]


def _brute_force(lights: np.ndarray, rules=None) -> int:
    r = lightsout.solve(lights, rules=rules, kernel=True)
    assert r.solvable
    k = r.kernel.reshape(r.nullity, lights.size).astype(np.int32)
    x0 = r.presses.reshape(-1).astype(np.int32)
    y = ((np.arange(1 << r.nullity)[:, None] >> np.arange(r.nullity)) & 1).astype(np.int32)
    return int((((y @ k) + x0) % 2).sum(axis=1).min())


def single_process(lights: np.ndarray, rules=None) -> int:
    r = lightsout.solve(lights, rules=rules, minimal=True, minimal_time=0)
    assert r.minimal_proven
    return r.press_count


def test_equals_single_process_and_brute_force(client):
    lights = np.ones((19, 19), np.uint8)  # nullity 16
    want = brute_force(lights)
    assert single_process(lights) == want
    result = search(BoardSpec.of(lights), client)
    assert result.nullity == 16
    assert result.proven and result.lower_bound == result.weight == want
    assert result.done == result.subtrees == 1 << result.depth
    assert int(result.presses.sum()) == want
    assert not (plus_effect(result.presses) ^ lights).any()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_boards_nullity_20_and_24(client, seed):
    plane = random_board(30, 30, seed)  # nullity 20
    result = search(BoardSpec.of(plane), client, batch=1)
    assert result.nullity == 20
    assert result.proven and result.weight == single_process(plane)
    assert not (plus_effect(result.presses) ^ plane).any()
    torus = random_board(30, 30, seed, torus=True)  # nullity 24
    result = search(BoardSpec.of(torus, "torus"), client, depth=6)
    assert result.nullity == 24 and result.subtrees == 64
    assert result.proven and result.weight == single_process(torus, "torus")
    assert not (plus_effect(result.presses, torus=True) ^ torus).any()


def test_a_worker_killed_mid_run(client):
    lights = random_board(30, 30, 5, torus=True)
    want = single_process(lights, "torus")
    pids = client.run(os.getpid)  # worker address -> process id
    victim = sorted(pids.values())[0]
    seen = {}

    def kill_once(result, progress):
        # After the third finished subtree, while most are still to run: kill a worker process
        # (its nanny starts another; the scheduler runs its lost tasks elsewhere).
        if not seen and progress.done >= 3:
            seen["done"], seen["subtrees"] = progress.done, progress.subtrees
            os.kill(victim, signal.SIGKILL)

    result = search(BoardSpec.of(lights, "torus"), client, depth=7, batch=1,
                    on_result=kill_once)
    assert seen and seen["done"] < seen["subtrees"]
    assert victim not in client.run(os.getpid).values()
    assert result.proven and result.weight == result.lower_bound == want


def test_checkpoint_resume_skips_finished_subtrees(client, tmp_path):
    lights = random_board(30, 30, 7, torus=True)
    spec = BoardSpec.of(lights, "torus")
    path = str(tmp_path / "run.jsonl")
    first = search(spec, client, depth=6, batch=1, checkpoint=path, stop_after=10)
    assert first.stopped and not first.proven and first.done < 64
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    assert lines[0]["depth"] == 6 and lines[0]["board"] == spec.key
    finished = {(e["depth"], e["prefix"]) for e in lines[1:] if e["proven"]}
    assert len(finished) >= 10
    ran = []
    second = search(spec, client, depth=6, batch=1, checkpoint=path,
                    on_result=lambda r, p: ran.append((r["depth"], r["prefix"])))
    assert second.skipped == len(finished)
    assert not finished & set(ran)
    assert second.tasks == len(ran) and second.tasks + second.pruned + second.skipped == 64
    assert second.proven and second.weight == single_process(lights, "torus")
    # The same file for another board (or depth) is refused, not mixed in.
    with pytest.raises(CheckpointError, match="not of"):
        search(BoardSpec.ones(30, 30, "torus"), client, depth=6, checkpoint=path)
    with pytest.raises(CheckpointError, match="at depth 6"):
        search(spec, client, depth=5, checkpoint=path)


def test_torn_checkpoint_line_is_ignored(client, tmp_path):
    lights = np.ones((19, 19), np.uint8)
    spec = BoardSpec.of(lights)
    path = str(tmp_path / "torn.jsonl")
    search(spec, client, depth=4, batch=1, checkpoint=path, stop_after=3)
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"depth": 4, "pre')  # killed mid-write
    result = search(spec, client, depth=4, checkpoint=path)
    assert result.proven and result.weight == brute_force(lights)
    with open(path, encoding="utf-8") as f:
        for line in f:
            json.loads(line)  # every line whole again


def test_symmetries_search_one_subtree_per_orbit(client):
    lights = np.ones((19, 19), np.uint8)  # nullity 16, kept by the square's eight moves
    want = brute_force(lights)
    b = _core.ResearchBoard(None, lights)
    assert 8 <= b.kept <= 12
    depth = b.nullity - b.kept
    canonical = [p for p in range(1 << depth) if b.canonical(depth, p)]
    assert 0 < len(canonical) < 1 << depth
    # Every subtree is the image of a canonical one: the least of those is the board's minimum,
    # and the subtrees' minima over all prefixes are the canonical ones' minima again.
    minima = [b.subtree(depth, p)[0] for p in range(1 << depth)]
    assert min(minima[p] for p in canonical) == want == min(minima)
    assert {minima[p] for p in canonical} == set(minima)
    # Deeper subtrees follow their ancestor at the kept subspace's level; shallower ones are all
    # searched.
    for p in range(1 << (depth + 2)):
        assert b.canonical(depth + 2, p) == b.canonical(depth, p >> 2)
    assert all(b.canonical(depth - 1, p) for p in range(1 << (depth - 1)))
    result = search(BoardSpec.of(lights), client)
    assert result.depth == depth
    assert result.mirrored > 0 and result.tasks <= len(canonical)
    assert result.done == result.subtrees and result.tasks + result.pruned + result.mirrored == \
        result.subtrees
    assert result.proven and result.weight == result.lower_bound == want
    assert not (plus_effect(result.presses) ^ lights).any()
    # A board no move keeps: no subspace kept, every subtree searched.
    plain = _core.ResearchBoard(None, random_board(30, 30, 3))
    assert plain.kept == 0 and all(plain.canonical(6, p) for p in range(64))


def test_checkpoint_of_an_older_format_is_refused(client, tmp_path):
    path = tmp_path / "old.jsonl"
    spec = BoardSpec.of(np.ones((19, 19), np.uint8))
    path.write_text(json.dumps({"lightsout-research": 1, "board": spec.key, "depth": 4,
                                "nullity": 16}) + "\n", encoding="utf-8")
    with pytest.raises(CheckpointError, match="format 1, not 2"):
        search(spec, client, depth=4, checkpoint=str(path))


def test_research_board_bindings():
    b = _core.ResearchBoard(None, np.ones((19, 19), np.uint8))
    assert b.nullity == 16 and b.classes > 0
    weight, found, proven, lower, combination = b.subtree(0, 0)
    assert found and proven and lower == weight == brute_force(np.ones((19, 19), np.uint8))
    assert int(b.presses(combination).sum()) == weight
    # Asked for lighter than the minimum: nothing found, and proven so.
    _, found, proven, lower, _ = b.subtree(0, 0, weight)
    assert not found and proven and lower >= weight
    # The subtrees' minima: the least of them is the whole board's.
    assert min(b.subtree(3, p)[0] for p in range(8)) == weight
    # The cheap bound never exceeds what the subtree holds.
    for p in range(8):
        assert b.probe(3, p)[3] <= b.subtree(3, p)[0]
    # The least cheap bound at a depth is the least over all its subtrees, and never above the
    # minimum; so is the best-first bound.
    least, complete, nodes = b.least_bound(8)
    assert complete and nodes < 2 ** 9
    assert least == min(b.bound(8, p) for p in range(256)) <= weight
    assert best_first_bound(b, 2.0, upper=weight)[0] <= weight
    with pytest.raises(ValueError, match="above the nullity"):
        b.subtree(17, 0)
    with pytest.raises(ValueError, match="does not fit"):
        b.subtree(3, 8)
    with pytest.raises(ValueError, match="bits above the nullity"):
        b.presses(1 << 16)
    with pytest.raises(ValueError, match="two-state"):
        _core.ResearchBoard("states=3", np.ones((4, 4), np.uint8))
    with pytest.raises(ValueError, match="no solution"):
        lights = np.zeros((5, 5), np.uint8)
        lights[0, 0] = 1
        _core.ResearchBoard(None, lights)
    with pytest.raises(ValueError, match="at most 64"):
        _core.ResearchBoard("torus", np.ones((96, 96), np.uint8))  # nullity 128


def test_sweep_rows_and_tables(client, tmp_path):
    path = str(tmp_path / "rect.csv")
    rows = sw.sweep(client, sw.rectangles(5), None, 5.0, path)
    assert len(rows) == 15
    for r in rows:
        m, n = int(r["rows"]), int(r["cols"])
        assert r["proven"] == "True"
        assert int(r["presses"]) == brute_force(np.ones((m, n), np.uint8))
    # A second sweep keeps the rows it finds and runs only the new sizes.
    ran = []
    rows = sw.sweep(client, sw.rectangles(6), None, 5.0, path,
                    on_row=lambda r, i, n: ran.append((r["rows"], r["cols"])))
    assert sorted(ran) == [(m, 6) for m in range(1, 7)] and len(rows) == 21
    grid = sw.markdown_grid(rows, "t")
    assert "| **5** |" in grid and "Every entry is proven." in grid
    table = sw.markdown_list(sw.sweep(client, sw.squares(4), "torus", 5.0,
                                      str(tmp_path / "torus.csv")), "torus")
    assert table.count("\n| ") == 4 + 1  # the header and a line a board
