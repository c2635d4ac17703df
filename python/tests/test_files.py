"""read_board / write_board in every format, checked byte for byte where the format is fixed."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout


@pytest.mark.parametrize(
    "name,fmt",
    [("b.pbm", None), ("b.p1", "p1"), ("b.grid", None), ("b.txt", "judge"), ("b.dat", "grid"),
     ("b.bin", "p4")],
)
def test_round_trip_every_format(tmp_path, name, fmt):
    rng = np.random.default_rng(8)
    board = rng.integers(0, 2, size=(13, 70), dtype=np.uint8)
    path = tmp_path / name
    lightsout.write_board(path, board, format=fmt)
    back = lightsout.read_board(path, format=fmt)
    assert back.dtype == np.uint8 and np.array_equal(back, board)
    # Detected from the content alone too.
    assert np.array_equal(lightsout.read_board(path), board)


def test_exact_bytes():
    board = np.array([[1, 0, 1], [0, 1, 1]], dtype=bool)
    import tempfile, os

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "x.pbm")
        lightsout.write_board(p, board)
        # P4: rows of one byte each, most significant bit first.
        assert open(p, "rb").read() == b"P4\n3 2\n\xa0\x60"
        g = os.path.join(d, "x.grid")
        lightsout.write_board(g, board)
        assert open(g).read() == "101\n011\n"
        j = os.path.join(d, "x.txt")
        lightsout.write_board(j, board, format="judge")
        assert open(j).read() == "1 0 1\n0 1 1\n"


def test_k_states_are_judge_text(tmp_path):
    board = np.array([[0, 2, 1], [1, 1, 2]])
    lightsout.write_board(tmp_path / "k.txt", board)
    assert (tmp_path / "k.txt").read_text() == "0 2 1\n1 1 2\n"
    assert np.array_equal(lightsout.read_board(tmp_path / "k.txt", states=3), board)
    with pytest.raises(ValueError, match="boards of 3 states are judge text"):
        lightsout.write_board(tmp_path / "k.pbm", board)
    with pytest.raises(lightsout.BoardFormatError, match="1:3: expected 0 or 1, found '2'"):
        lightsout.read_board(tmp_path / "k.txt", states=2)


def test_states_out_of_range(tmp_path):
    (tmp_path / "b.grid").write_text("101\n010\n")
    for states in (0, 1, 256):
        with pytest.raises(ValueError, match=f"states must be an integer in 2..255, got {states}"):
            lightsout.read_board(tmp_path / "b.grid", states=states)


def test_bad_format_name_and_unwritable(tmp_path):
    with pytest.raises(ValueError, match="unknown format 'png'"):
        lightsout.read_board(tmp_path / "x", format="png")
    with pytest.raises(OSError, match="cannot write"):
        lightsout.write_board(tmp_path / "no" / "dir.pbm", np.zeros((2, 2), dtype=bool))


def test_write_board_replaces_the_file_whole(tmp_path):
    # The file is replaced only when complete (AtomicFile): its mode is kept and nothing else
    # is left in the directory; a refusal leaves the old contents.
    target = tmp_path / "b.pbm"
    target.write_bytes(b"old contents\n")
    target.chmod(0o600)
    lightsout.write_board(target, np.eye(3, dtype=bool))
    assert np.array_equal(lightsout.read_board(target), np.eye(3, dtype=bool))
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.pbm"]
    with pytest.raises(ValueError, match="boards of 3 states are judge text"):
        lightsout.write_board(target, np.array([[0, 2, 1]]))
    assert np.array_equal(lightsout.read_board(target), np.eye(3, dtype=bool))
    with pytest.raises(OSError, match="it is a directory"):
        lightsout.write_board(tmp_path, np.eye(3, dtype=bool))


def test_picture_save_replaces_the_file_whole(tmp_path):
    target = tmp_path / "p.png"
    target.write_bytes(b"old picture")
    lightsout.Picture(np.eye(3, dtype=bool)).save(target)
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.png"]
    (tmp_path / "d.png").mkdir()
    with pytest.raises(IsADirectoryError, match="it is a directory"):
        lightsout.Picture(np.eye(3, dtype=bool)).save(tmp_path / "d.png")


def test_solve_file_streams_tall_boards(tmp_path):
    # Two passes over the file: the presses it writes solve the board (re-applied by the oracle),
    # in every board format, with P1 answered in P1.
    from oracle import Variant, effect, solved

    classic = Variant(None)
    rng = np.random.default_rng(21)
    presses = rng.integers(0, 2, size=(300, 37), dtype=np.uint8)
    lights = effect(classic, presses)  # solvable by construction
    for name, fmt in [("b.pbm", None), ("b.grid", None), ("b.p1", "p1"), ("b.txt", "judge")]:
        board = tmp_path / name
        lightsout.write_board(board, lights, format=fmt)
        out = tmp_path / ("presses-" + name)
        r = lightsout.solve_file(board, out, format=fmt, presses_format=fmt)
        assert (r.outcome, r.rows, r.cols) == ("solved", 300, 37)
        got = lightsout.read_board(out, format=fmt)
        assert solved(classic, lights, got)
        assert r.presses == int(got.sum())
        assert r.nullity == lightsout.info(300, 37).nullity


def test_solve_file_unsolvable_wide_and_same_file(tmp_path):
    # 4x4 has quiet patterns: one lit corner is not solvable; nothing is written then.
    board = tmp_path / "b.grid"
    lights = np.zeros((4, 4), dtype=np.uint8)
    lights[0, 0] = 1
    lightsout.write_board(board, lights)
    out = tmp_path / "p.grid"
    r = lightsout.solve_file(board, out)
    assert (r.outcome, r.nullity) == ("unsolvable", 4)
    assert not out.exists()
    # Wider than tall does not stream: said, and nothing written.
    wide = tmp_path / "w.grid"
    lightsout.write_board(wide, np.ones((3, 10), dtype=np.uint8))
    assert lightsout.solve_file(wide, out).outcome == "wide"
    assert not out.exists()
    # The board file itself is never the output: refused, and the board is intact.
    before = board.read_bytes()
    with pytest.raises(OSError, match="same file"):
        lightsout.solve_file(board, board)
    assert board.read_bytes() == before
    # A malformed board: the reader's line:column message.
    bad = tmp_path / "bad.grid"
    bad.write_text("0101\n01x1\n")
    with pytest.raises(lightsout.BoardFormatError, match=r"bad.grid:2:3"):
        lightsout.solve_file(bad, out)
