"""The library's Result and Facts as pybind11 classes, the API layer's solver cache and file
readers: presses checked by re-applying them (the numpy oracle), counts against the CLI."""

from __future__ import annotations

import collections.abc
import itertools
import json
import threading

import numpy as np
import pytest

import lightsout
from lightsout import _core
from conftest import run_cli
from oracle import Variant, effect, rank_mod_p, solved

CLASSIC = Variant(None)


def test_core_result_is_the_librarys_result():
    rng = np.random.default_rng(21)
    lights = rng.integers(0, 2, size=(5, 6), dtype=np.uint8)
    raw = _core.solve(_core.Rules(None), lights)
    assert isinstance(raw, _core.Result)
    assert raw.solvable and raw.shape == (5, 6)
    assert raw.presses.dtype == np.uint8 and raw.presses.shape == (5, 6)
    assert solved(CLASSIC, lights, raw.presses)
    assert raw.presses is raw.presses  # made once, then kept
    assert raw.press_count == int(raw.presses.sum())
    assert raw.nullity == 0 and raw.solutions == 1 and raw.solution_factors == []
    assert raw.method == "tables"
    assert not raw.minimal and not raw.minimal_proven and raw.minimal_lower_bound is None
    assert raw.kernel.shape == (0, 5, 6) and raw.kernel_orders == []


def test_result_kernel_is_a_basis_of_quiet_patterns():
    # 5x5 classic: nullity 2, four solutions of every solvable board.
    presses = np.random.default_rng(5).integers(0, 2, size=(5, 5))
    lights = effect(CLASSIC, presses).astype(np.uint8)
    r = lightsout.solve(lights, kernel=True)
    assert r.nullity == 2 and r.solutions == 4
    assert r.kernel.shape == (2, 5, 5) and r.kernel_orders == [2, 2]
    assert rank_mod_p(r.kernel.reshape(2, -1).astype(np.int64), 2) == 2
    for coeffs in itertools.product((0, 1), repeat=2):
        s = (r.presses.astype(np.int64) + sum(c * k for c, k in zip(coeffs, r.kernel))) % 2
        assert solved(CLASSIC, lights, s)
    # The same span as quiet_patterns() (from info's facts).
    both = np.concatenate([r.kernel, r.quiet_patterns()]).reshape(4, -1).astype(np.int64)
    assert rank_mod_p(both, 2) == 2
    # Without kernel=True: none.
    assert lightsout.solve(lights).kernel.shape == (0, 5, 5)


def test_result_k_states_and_unsolvable():
    v = Variant("torus,states=3", states=3, topology="torus")
    rng = np.random.default_rng(6)
    seen_unsolvable = False
    for _ in range(30):
        lights = rng.integers(0, 3, size=(6, 6))
        r = lightsout.solve(lights, rules=v.text, kernel=True)
        if r.solvable:
            assert solved(v, lights, r.presses)
            assert r.solutions == 3**r.nullity
            assert len(r.kernel) == len(r.kernel_orders) == r.nullity
            for pattern in r.kernel:
                assert solved(v, np.zeros((6, 6)), pattern)
        else:
            seen_unsolvable = True
            assert r.solutions == 0 and not r.presses.any() and r.press_count == 0
    assert seen_unsolvable


def test_minimal_fields():
    r = lightsout.solve(np.ones((5, 5), dtype=bool), minimal=True)
    assert r.minimal and r.minimal_proven
    assert r.minimal_lower_bound == r.press_count == 15
    r = lightsout.solve(np.ones((39, 39), dtype=bool), minimal=True, minimal_time=0.05)
    assert r.minimal and r.minimal_lower_bound is not None
    assert r.minimal_lower_bound <= r.press_count
    assert solved(CLASSIC, np.ones((39, 39)), r.presses)


def test_solutions_past_64_bits_are_exact():
    raw = _core.solve(_core.Rules(None), np.zeros((123, 123), dtype=np.uint8))
    assert raw.nullity == 80 and raw.solutions == 2**80
    assert raw.solution_factors == [(2, 80)]
    k3 = _core.solve(_core.Rules("torus,states=3"), np.zeros((6, 6), dtype=np.uint8))
    assert k3.solutions == 3**k3.nullity and k3.solution_factors == [(3, k3.nullity)]


def test_facts_attributes_and_mapping(cli):
    f = lightsout.info(5, 5)
    assert isinstance(f, lightsout.Facts) and isinstance(f, collections.abc.Mapping)
    assert (f.rows, f.cols, f.states, f.cells) == (5, 5, 2, 25)
    assert (f.nullity, f.quiet_patterns, f.solvable_log2, f.all_solvable) == (2, 4, 23, False)
    assert f.rules == "plane" and f.kernel is None and f.kernel_orders == []
    expected = json.loads(run_cli(cli, "info", "5x5", "--json").stdout)
    assert f.to_dict() == expected and f == expected and dict(f) == expected
    assert f["quiet_patterns"] == "4" and f.get("nullity") == 2 and f.get("none", 7) == 7
    assert "nullity" in f and "kernel" not in f and len(f) == len(expected)
    assert sorted(f) == sorted(expected) and sorted(f.keys()) == sorted(expected)
    assert f == lightsout.info(5, 5) and f != lightsout.info(5, 6) and f != 3
    with pytest.raises(KeyError):
        f["missing"]
    assert "5x5" in repr(f) and "nullity=2" in repr(f)
    big = lightsout.info(123, 123)
    assert big.quiet_patterns == 2**80 and big["quiet_patterns"] == "2^80"
    k = lightsout.info(4, 4, rules="states=3")
    assert k.solvable_log2 is None and k.states == 3 and k.quiet_patterns == 3**k.nullity


def test_facts_kernel_against_the_oracle():
    f = lightsout.info(9, 9, kernel=True)
    assert f.kernel.shape == (f.nullity, 9, 9) and f.kernel_orders == [2] * f.nullity
    for pattern in f.kernel:
        assert pattern.any() and solved(CLASSIC, np.zeros((9, 9)), pattern)
    assert rank_mod_p(f.kernel.reshape(f.nullity, -1).astype(np.int64), 2) == f.nullity
    holes = Variant("holes=[000/010/000]", holes=np.array([[0, 0, 0], [0, 1, 0], [0, 0, 0]], bool))
    h = lightsout.info(3, 3, rules=holes.text, kernel=True)
    assert h.cells == 8
    for pattern in h.kernel:
        assert solved(holes, np.zeros((3, 3)), pattern)


def test_info_errors():
    with pytest.raises(ValueError, match="board size must be RxC"):
        lightsout.info(0, 5)
    with pytest.raises(lightsout.RulesError):
        lightsout.info(4, 4, rules="holes=[000/010/000]")


def test_solve_shares_one_cached_solver_per_thread():
    # Threads solving at once (the GIL released): every answer right, none mixed up.
    rng = np.random.default_rng(7)
    sizes = [(5, 6), (4, 4), (7, 3), (6, 6)]
    boards = [rng.integers(0, 2, size=s, dtype=np.uint8) for s in sizes for _ in range(25)]
    failures = []

    def work(seed):
        order = np.random.default_rng(seed).permutation(len(boards))
        for i in order:
            r = lightsout.solve(boards[i])
            if r.solvable and not solved(CLASSIC, boards[i], r.presses):
                failures.append(i)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_rules_are_parsed_anew(tmp_path):
    # No cache of parsed rules: a holes file changed between calls is seen.
    path = tmp_path / "h.txt"
    path.write_text("000\n010\n000\n")
    assert lightsout.info(3, 3, rules=f"holes={path}").cells == 8
    path.write_text("100\n010\n001\n")
    assert lightsout.info(3, 3, rules=f"holes={path}").cells == 6


def test_read_board_errors_are_one_line(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"^cannot open '.*nothing\.pbm': No such file"):
        lightsout.read_board(tmp_path / "nothing.pbm")
    with pytest.raises(IsADirectoryError, match=r"^cannot read '.*': it is a directory$"):
        lightsout.read_board(tmp_path)
    cut = tmp_path / "cut.pbm"
    cut.write_bytes(b"P4\n16 4\n\xff\xff\xff")
    with pytest.raises(lightsout.BoardFormatError) as e:
        lightsout.read_board(cut)
    assert str(e.value).startswith(f"{cut}:") and "P4 data cut short" in str(e.value)
    assert "\n" not in str(e.value)
    big = tmp_path / "big.pbm"
    big.write_text("P1\n10 10\n" + "0 " * 100)
    with pytest.raises(lightsout.BoardFormatError, match=r"the limit of 50 cells \(max_cells=\)"):
        lightsout.read_board(big, max_cells=50)
    assert lightsout.read_board(big, max_cells=100).shape == (10, 10)


def test_rules_file_errors(tmp_path):
    with pytest.raises(lightsout.RulesError, match=r"cannot open '.*none\.txt'"):
        lightsout.info(3, 3, rules=f"holes={tmp_path / 'none.txt'}")
    with pytest.raises(lightsout.RulesError, match="it is a directory"):
        lightsout.info(3, 3, rules=f"graph={tmp_path}")
    big = tmp_path / "big.txt"
    with open(big, "wb") as out:
        out.truncate((64 << 20) + 1)  # sparse: nothing stored
    with pytest.raises(lightsout.RulesError, match=r"is larger than 64 MiB"):
        lightsout.info(3, 3, rules=f"graph={big}")


def test_rules_graph_limits_are_the_clis(cli, tmp_path):
    # api::rules_with_files for both: K > 2 graphs up to 2^16 nodes, wherever states=K stands.
    graph = tmp_path / "g.txt"
    graph.write_text("65537\n0 1\n")
    rules = f"graph={graph},states=3"
    proc = run_cli(cli, "info", "--rules", rules, check_codes=(2,))
    message = proc.stderr.strip().removeprefix("lightsout: --rules: ")
    assert message.endswith("the graph has 65537 nodes, over the limit of 65536 here")
    with pytest.raises(lightsout.RulesError) as e:
        lightsout.info(65537, 1, rules=rules)
    assert str(e.value) == message
