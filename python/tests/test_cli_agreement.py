"""The module against the CLI on random boards of every rule family: solvability, presses
(re-applied by the numpy oracle; equal when the solution is unique), info --json, messages."""

from __future__ import annotations

import json

import numpy as np
import pytest

import lightsout
from conftest import run_cli
from oracle import KNIGHT, PLUS, X, Variant, solved

HOLES = np.zeros((5, 5), dtype=bool)
HOLES[1, 1] = HOLES[3, 3] = HOLES[0, 4] = True
GRAPH = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3), (1, 4)]

FAMILIES = [
    (Variant(None), (6, 7)),
    (Variant("torus", topology="torus"), (5, 5)),
    (Variant("torus,states=3", states=3, topology="torus"), (4, 6)),
    (Variant("states=3", states=3), (4, 5)),
    (Variant("cylinder,states=5,target=on", states=5, topology="cylinder", target_on=True),
     (3, 4)),
    (Variant("holes=[00001/01000/00000/00010/00000]", holes=HOLES), (5, 5)),
    (Variant("nbhd=110/011/010", offsets=[(-1, -1), (-1, 0), (0, 0), (0, 1), (1, 0)]), (6, 6)),
    (Variant("nbhd=knight", offsets=KNIGHT), (5, 6)),
    (Variant("torus,nbhd=x,states=4", states=4, topology="torus", offsets=X), (4, 4)),
    (Variant("graph=[6:" + "/".join(f"{a}-{b}" for a, b in GRAPH) + "]", edges=GRAPH, nodes=6),
     (6, 1)),
]
IDS = [v.text or "classic" for v, _ in FAMILIES]


def parse_judge_output(text: str, rows: int):
    """PUZZLE blocks -> list of presses arrays (None for 'no solution')."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        assert lines[i].startswith("PUZZLE #"), lines[i]
        if lines[i + 1] == "no solution":
            out.append(None)
            i += 2
            continue
        block = [[int(x) for x in line.split()] for line in lines[i + 1:i + 1 + rows]]
        out.append(np.array(block, dtype=np.uint8))
        i += 1 + rows
    return out


@pytest.mark.parametrize("variant,size", FAMILIES, ids=IDS)
def test_random_boards_agree_with_cli(cli, tmp_path, variant, size):
    rows, cols = size
    k = variant.states
    rng = np.random.default_rng(hash(variant.text) % 2**32)
    boards = rng.integers(0, k, size=(25, rows, cols), dtype=np.uint8)
    if variant.holes is not None:
        boards[:, variant.holes] = 0
    # A few boards made solvable by pressing random buttons (unsolvable ones come by chance).
    from oracle import effect

    goal = k - 1 if variant.target_on else 0
    for b in range(0, 25, 2):
        p = rng.integers(0, k, size=(rows, cols))
        boards[b] = (goal - effect(variant, p)) % k
        if variant.holes is not None:
            boards[b][variant.holes] = 0
    text = f"{len(boards)}\n" + "\n".join(
        "\n".join(" ".join(str(x) for x in row) for row in board) for board in boards
    ) + "\n"
    (tmp_path / "boards.txt").write_text(text)
    args = ["solve", "--input", "count", "--size", f"{rows}x{cols}", "boards.txt"]
    if variant.text:
        args += ["--rules", variant.text]
    proc = run_cli(cli, *args, cwd=tmp_path, check_codes=(0, 1))
    expected = parse_judge_output(proc.stdout, rows)
    assert len(expected) == len(boards)

    solver = lightsout.Solver(rows, cols, rules=variant.text)
    ok, many = solver.solve_many(boards)
    facts = lightsout.info(rows, cols, rules=variant.text)
    saw_solvable = 0
    for b, board in enumerate(boards):
        r = lightsout.solve(board, rules=variant.text)
        assert r.solvable == (expected[b] is not None) == bool(ok[b])
        assert r.nullity == facts["nullity"]
        assert str(r.solutions if r.solvable else 0) == (
            facts["quiet_patterns"] if r.solvable else "0"
        )
        if not r.solvable:
            continue
        saw_solvable += 1
        assert solved(variant, board, r.presses)
        assert solved(variant, board, expected[b])
        assert solved(variant, board, many[b])
        if r.solutions == 1:
            assert np.array_equal(r.presses, expected[b])
    assert saw_solvable >= 13


@pytest.mark.parametrize("variant,size", FAMILIES, ids=IDS)
def test_info_matches_cli_json(cli, variant, size):
    rows, cols = size
    args = ["info", f"{rows}x{cols}", "--json"]
    if variant.text:
        args += ["--rules", variant.text]
    assert lightsout.info(rows, cols, rules=variant.text) == json.loads(run_cli(cli, *args).stdout)


@pytest.mark.parametrize("n", [1, 2, 5, 17, 100, 1000, 123456])
def test_info_classic_sizes(cli, n):
    expected = json.loads(run_cli(cli, "info", f"{n}x{n + 1}", "--json").stdout)
    got = lightsout.info(n, n + 1)
    assert got == expected
    assert set(got) == {"rows", "cols", "nullity", "solvable_log2", "all_solvable", "rules",
                        "states", "quiet_patterns"}


@pytest.mark.parametrize(
    "rules",
    ["nbhd=01/11", "states=1", "bogus", "holes=no-such-file.txt", "graph=[3:0-5]", "torus,torus"],
)
def test_rules_errors_match_cli(cli, tmp_path, monkeypatch, rules):
    monkeypatch.chdir(tmp_path)
    proc = run_cli(cli, "info", "3x3", "--rules", rules, cwd=tmp_path, check_codes=(2,))
    line = proc.stderr.strip()
    assert line.startswith("lightsout: --rules: ")
    with pytest.raises(lightsout.RulesError) as e:
        lightsout.info(3, 3, rules=rules)
    assert line == "lightsout: --rules: " + str(e.value)


def test_rules_that_do_not_fit_the_size(cli):
    proc = run_cli(cli, "info", "4x4", "--rules", "holes=[000/010/000]", check_codes=(2,))
    with pytest.raises(lightsout.RulesError) as e:
        lightsout.info(4, 4, rules="holes=[000/010/000]")
    assert proc.stderr.strip() == "lightsout: --rules: " + str(e.value)


@pytest.mark.parametrize(
    "name,content",
    [
        ("bad.pbm", b"P4\n1000000 1000000\n\x00\x00"),
        ("bad.grid", b"0101\n01\n"),
        ("bad.txt", b"0 1 2\n1 0 1\n"),
        ("cut.pbm", b"P1\n3 3\n0 1 0\n1 1\n"),
    ],
)
def test_board_file_errors_match_cli(cli, tmp_path, monkeypatch, name, content):
    (tmp_path / name).write_bytes(content)
    monkeypatch.chdir(tmp_path)
    proc = run_cli(cli, "solve", name, "-o", "out.pbm", cwd=tmp_path, check_codes=(2,))
    with pytest.raises(lightsout.BoardFormatError) as e:
        lightsout.read_board(name)
    # The limit is named after the option that raises it: --max-cells, max_cells=.
    assert proc.stderr.strip().replace("(--max-cells)", "(max_cells=)") == "lightsout: " + str(
        e.value
    )


def test_missing_file_is_file_not_found(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    proc = run_cli(cli, "solve", "nope.pbm", "-o", "out.pbm", cwd=tmp_path, check_codes=(2,))
    with pytest.raises(FileNotFoundError) as e:
        lightsout.read_board("nope.pbm")
    assert proc.stderr.strip() == "lightsout: " + str(e.value)
