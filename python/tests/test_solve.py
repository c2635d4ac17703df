"""solve, Solver, solve_many, quiet patterns: every answer re-applied by the numpy oracle."""

from __future__ import annotations

import itertools
import threading
import time

import numpy as np
import pytest

import lightsout
from oracle import PLUS, Variant, rank_mod_p, solved

CLASSIC = Variant(None)


def test_classic_5x6_random_boards_are_solved():
    rng = np.random.default_rng(1)
    for _ in range(50):
        lights = rng.integers(0, 2, size=(5, 6), dtype=np.uint8)
        r = lightsout.solve(lights)
        assert r.solvable and r.nullity == 0 and r.solutions == 1
        assert r.presses.shape == (5, 6) and r.presses.dtype == np.uint8
        assert solved(CLASSIC, lights, r.presses)


def test_dtypes_bool_and_wide_integers():
    rng = np.random.default_rng(2)
    lights = rng.integers(0, 2, size=(9, 7)).astype(bool)
    r = lightsout.solve(lights)
    assert r.presses.dtype == np.bool_
    for dtype in (np.int64, np.int8, np.uint16):
        s = lightsout.solve(lights.astype(dtype))
        assert s.presses.dtype == np.uint8
        assert np.array_equal(s.presses, r.presses.astype(np.uint8))
    # Not contiguous: a transposed view.
    t = lightsout.solve(lights.T)
    assert solved(CLASSIC, lights.T, t.presses)


def test_5x5_counts_and_unsolvable():
    one = np.zeros((5, 5), dtype=np.uint8)
    one[0, 0] = 1
    r = lightsout.solve(one)
    assert not r.solvable and r.nullity == 2 and r.solutions == 0
    assert not r.presses.any()
    lights = np.ones((5, 5), dtype=np.uint8)
    r = lightsout.solve(lights)
    assert r.solvable and r.solutions == 4 and solved(CLASSIC, lights, r.presses)


def test_unproven_minimum_says_so_with_its_lower_bound():
    # The all-ones 65 x 65 board (nullity 42): 0.05 s cannot prove its fewest presses (the whole
    # search takes seconds; 39 x 39 now takes about 0.04 s).
    lights = np.ones((65, 65), dtype=bool)
    r = lightsout.solve(lights, minimal=True, minimal_time=0.05)
    assert r.minimal and not r.minimal_proven
    assert r.minimal_lower_bound < r.press_count
    assert solved(CLASSIC, lights, r.presses)
    # Proven: the bound is the count. Not asked: no bound.
    p = lightsout.solve(np.ones((5, 5), dtype=bool), minimal=True)
    assert p.minimal_proven and p.minimal_lower_bound == p.press_count
    assert lightsout.solve(np.ones((5, 5), dtype=bool)).minimal_lower_bound is None
    # solve_many says it per board.
    ok, presses, proven = lightsout.Solver(65, 65).solve_many(
        np.ones((2, 65, 65), dtype=np.uint8), minimal=True, minimal_time=0.05
    )
    assert ok.all() and not proven.any()
    ok, presses, proven = lightsout.Solver(5, 6).solve_many(
        np.ones((3, 5, 6), dtype=np.uint8), minimal=True
    )
    assert ok.all() and proven.all()
    # Word-sized boards whose quiet patterns are too many for the table walk (1 x 64 under
    # rowcol, nullity 63) take the general search: proven only when it is.
    ok, presses, proven = lightsout.Solver(1, 64, "nbhd=rowcol").solve_many(
        np.ones((1, 1, 64), dtype=np.uint8), minimal=True, minimal_time=0.05
    )
    assert ok.all()
    assert not proven[0] or int(presses[0].sum()) == 1


def test_minimal_is_the_fewest_of_all_solutions():
    rng = np.random.default_rng(3)
    for _ in range(10):
        presses = rng.integers(0, 2, size=(5, 5))
        lights = (np.zeros((5, 5), dtype=np.int64) + 0)
        from oracle import effect

        lights = effect(CLASSIC, presses).astype(np.uint8)
        r = lightsout.solve(lights, minimal=True)
        assert r.minimal and r.minimal_proven
        kernel = r.quiet_patterns().astype(np.int64)
        # Every solution: presses + any combination of the quiet patterns.
        counts = []
        for coeffs in itertools.product((0, 1), repeat=len(kernel)):
            s = (r.presses.astype(np.int64) + sum(c * k for c, k in zip(coeffs, kernel))) % 2
            assert solved(CLASSIC, lights, s)
            counts.append(int(s.sum()))
        assert int(r.presses.sum()) == min(counts)


@pytest.mark.parametrize("n", [4, 5, 9, 16, 17])
def test_quiet_patterns_are_quiet_and_independent(n):
    r = lightsout.solve(np.zeros((n, n), dtype=bool))
    q = r.quiet_patterns()
    assert q.shape == (r.nullity, n, n) and q.dtype == np.bool_
    for pattern in q:
        assert pattern.any() and solved(CLASSIC, np.zeros((n, n)), pattern)
    if r.nullity:
        assert rank_mod_p(q.reshape(len(q), -1), 2) == r.nullity
    assert r.solutions == 2**r.nullity


def test_k_states_torus_and_big_counts():
    v = Variant("torus,states=3", states=3, topology="torus")
    rng = np.random.default_rng(4)
    for _ in range(20):
        lights = rng.integers(0, 3, size=(6, 6))
        r = lightsout.solve(lights, rules="torus,states=3")
        assert r.solvable == solved(v, lights, r.presses) or not r.solvable
        if r.solvable:
            assert solved(v, lights, r.presses)
            assert r.solutions == 3**r.nullity
    q = lightsout.solve(np.zeros((6, 6), dtype=np.uint8), rules="torus,states=3").quiet_patterns()
    for pattern in q:
        assert solved(v, np.zeros((6, 6)), pattern)
    # An exact count past 2^64: the 123 x 123 board has nullity 80 (docs/nullity.dat).
    big = lightsout.solve(np.zeros((123, 123), dtype=bool))
    assert big.nullity == 80 and big.solutions == 2**80
    assert lightsout.info(123, 123)["quiet_patterns"] == "2^80"


def test_graph_boards_are_one_dimensional():
    edges = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]
    v = Variant(None, edges=edges, nodes=4)
    text = "graph=[4:" + "/".join(f"{a}-{b}" for a, b in edges) + "]"
    for bits in itertools.product((0, 1), repeat=4):
        lights = np.array(bits, dtype=np.uint8)
        r = lightsout.solve(lights, rules=text)
        assert r.presses.shape == (4,)
        if r.solvable:
            assert solved(v, lights.reshape(-1, 1), r.presses.reshape(-1, 1))


def test_solver_solve_many_word_path():
    s = lightsout.Solver(5, 6)
    assert s.word_sized() and s.method == "tables"
    rng = np.random.default_rng(5)
    boards = rng.integers(0, 2, size=(2000, 5, 6), dtype=np.uint8)
    ok, presses = s.solve_many(boards)
    assert ok.shape == (2000,) and ok.all()
    assert presses.shape == boards.shape and presses.dtype == np.uint8
    for b in range(0, 2000, 97):
        assert solved(CLASSIC, boards[b], presses[b])
        assert np.array_equal(presses[b], lightsout.solve(boards[b]).presses)
    ok_bool, presses_bool = s.solve_many(boards.astype(bool))
    assert presses_bool.dtype == np.bool_ and np.array_equal(presses_bool, presses.astype(bool))


def test_solver_solve_many_unsolvable_and_other_rules():
    s = lightsout.Solver(4, 4)
    boards = np.zeros((3, 4, 4), dtype=np.uint8)
    boards[1, 0, 0] = 1  # 4x4 has nullity 4: a lone light is not solvable
    boards[2] = 1
    ok, presses = s.solve_many(boards)
    assert list(ok) == [True, False, True]
    assert not presses[1].any()
    assert solved(CLASSIC, boards[2], presses[2])
    v = Variant("cylinder,states=4", states=4, topology="cylinder")
    s = lightsout.Solver(7, 5, rules="cylinder,states=4")
    assert not s.word_sized()
    rng = np.random.default_rng(6)
    boards = rng.integers(0, 4, size=(30, 7, 5), dtype=np.uint8)
    ok, presses = s.solve_many(boards)
    for b in range(30):
        single = lightsout.solve(boards[b], rules="cylinder,states=4")
        assert ok[b] == single.solvable
        if ok[b]:
            assert solved(v, boards[b], presses[b])


def test_solve_many_releases_the_gil():
    s = lightsout.Solver(5, 6)
    boards = np.random.default_rng(7).integers(0, 2, size=(1_500_000, 5, 6), dtype=np.uint8)
    done = threading.Event()
    ticks = 0

    def work():
        s.solve_many(boards)
        done.set()

    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        ticks += 1
    t.join()
    elapsed = time.perf_counter() - start
    # The main thread kept running Python while the batch was solved.
    assert ticks > 1000, (ticks, elapsed)


def test_errors_are_python_exceptions():
    with pytest.raises(ValueError, match=r"expected 0 or 1, found 2 \(row 2, column 3\)"):
        bad = np.zeros((3, 3), dtype=np.uint8)
        bad[1, 2] = 2
        lightsout.solve(bad)
    with pytest.raises(ValueError, match=r"expected a value 0\.\.2, found -1 \(row 1, column 2\)"):
        lightsout.solve(np.array([[0, -1]]), rules="states=3")
    with pytest.raises(ValueError, match=r"expected 0 or 1, found 5"):
        lightsout.Solver(5, 6).solve_many(np.full((2, 5, 6), 5, dtype=np.uint8))
    with pytest.raises(ValueError, match="the board is 3x3, the solver's 5x6"):
        lightsout.Solver(5, 6).solve(np.zeros((3, 3), dtype=bool))
    with pytest.raises(lightsout.RulesError, match="token 'nbhd=01/11': mask rows"):
        lightsout.solve(np.zeros((3, 3)), rules="nbhd=01/11")
    with pytest.raises(TypeError):
        lightsout.solve(np.zeros((3, 3), dtype=float))
    with pytest.raises(ValueError, match="2-D"):
        lightsout.solve(np.zeros((2, 2, 2), dtype=bool))


def test_bounds_as_the_cli_says_them():
    """minimal_time out of 0..1e9 (-1, NaN, inf meant no limit), a size whose cell count wrapped
    around 2^64, and a NUL in a rules text (it cut the message) get the CLI's refusals."""
    board = np.ones((3, 3), dtype=bool)
    for seconds in (-1, float("nan"), float("inf"), 2e9):
        with pytest.raises(ValueError, match=r"minimal_time: expected seconds from 0 to 1e9"):
            lightsout.solve(board, minimal=True, minimal_time=seconds)
        with pytest.raises(ValueError, match=r"minimal_time: expected seconds from 0 to 1e9"):
            lightsout.Solver(3, 3).solve(board, minimal=True, minimal_time=seconds)
        with pytest.raises(ValueError, match=r"minimal_time: expected seconds from 0 to 1e9"):
            lightsout.Solver(3, 3).solve_many(board[None], minimal=True, minimal_time=seconds)
    assert lightsout.solve(board, minimal=True, minimal_time=0).minimal_proven
    with pytest.raises(ValueError, match=r"at most 2\^40 cells, got '1099511627776x1099511627776'"):
        lightsout.Solver(2**40, 2**40)
    with pytest.raises(ValueError, match=r"at most 2\^40 cells, got '2x549755813889'"):
        lightsout.Solver(2, 2**39 + 1)
    with pytest.raises(lightsout.RulesError) as error:
        lightsout.solve(board, rules="torus,fo\0o")
    assert "token 'fo\\x00o': unknown token (expected plane" in str(error.value)
