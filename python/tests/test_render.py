"""Pictures: sizes, pixel colours (decoded by the test's own PNG reader), SVG, the CLI's
`render` and `info --kernel FILE.png`."""

from __future__ import annotations

import re

import numpy as np
import pytest

import lightsout
from conftest import run_cli
from oracle import decode_png

OFF = (52, 58, 72)
ON = (255, 204, 51)
PRESS = (220, 38, 38)
LINE = (24, 26, 32)
WHITE = (255, 255, 255)
HOLE = (196, 196, 196)


def px(rgb, y, x):
    return tuple(int(v) for v in rgb[y, x])


def test_board_pixels_with_presses():
    lights = np.array([[1, 0, 0], [0, 0, 1]], dtype=bool)
    presses = np.array([[0, 1, 0], [0, 0, 0]], dtype=bool)
    pic = lightsout.picture(lights, presses, cell=10)
    assert (pic.width, pic.height, pic.cell) == (30, 20, 10)
    w, h, rgb = decode_png(pic.png())
    assert (w, h) == (30, 20)
    assert px(rgb, 5, 5) == ON and px(rgb, 15, 25) == ON
    assert px(rgb, 15, 5) == OFF
    assert px(rgb, 5, 15) == PRESS  # the dot in the middle of cell (0, 1)
    assert px(rgb, 1, 11) == OFF  # its corner stays the light's colour
    assert px(rgb, 0, 0) == LINE and px(rgb, 9, 9) == LINE
    assert px(rgb, 10, 0) == LINE


def test_auto_cell_size_and_one_pixel_a_cell():
    assert lightsout.picture(np.zeros((5, 6), dtype=bool)).cell == 32
    pic = lightsout.picture(np.zeros((100, 50), dtype=bool))
    assert (pic.cell, pic.width, pic.height) == (10, 500, 1000)
    rng = np.random.default_rng(9)
    big = rng.integers(0, 2, size=(1500, 1100)).astype(bool)
    pic = lightsout.picture(big)
    assert (pic.cell, pic.width, pic.height) == (1, 1100, 1500)
    w, h, rgb = decode_png(pic.png())
    # One pixel a cell: on is amber, off dark, exactly.
    on = (rgb == np.array(ON, dtype=np.uint8)).all(axis=2)
    off = (rgb == np.array(OFF, dtype=np.uint8)).all(axis=2)
    assert np.array_equal(on, big) and np.array_equal(off, ~big)
    assert pic._repr_png_() is not None
    huge = lightsout.picture(np.zeros((5000, 4000), dtype=bool))
    assert huge._repr_png_() is None  # 2 * 10^7 pixels: not shown inline


def test_k_states_shades_and_holes():
    lights = np.array([[0, 1, 2], [2, 1, 0]])
    pic = lightsout.picture(lights, rules="states=3,holes=[010/000]", cell=8)
    _, _, rgb = decode_png(pic.png())
    assert px(rgb, 4, 4) == OFF and px(rgb, 4, 20) == ON
    assert px(rgb, 4, 12) == HOLE
    mid = px(rgb, 12, 12)
    assert OFF[0] < mid[0] < ON[0] and OFF[1] < mid[1] < ON[1]


def test_gallery_of_quiet_patterns():
    r = lightsout.solve(np.zeros((4, 4), dtype=bool))
    q = r.quiet_patterns()
    pic = lightsout.picture(q, cell=5)
    # 4 patterns in 2 x 2, a one-cell gap between them.
    assert (pic.width, pic.height) == (2 * 20 + 5, 2 * 20 + 5)
    _, _, rgb = decode_png(pic.png())
    for p in range(4):
        y0, x0 = (p // 2) * 25, (p % 2) * 25
        for row in range(4):
            for col in range(4):
                want = ON if q[p, row, col] else OFF
                assert px(rgb, y0 + row * 5 + 2, x0 + col * 5 + 2) == want
    assert px(rgb, 22, 22) == WHITE


def test_result_repr_png_and_svg():
    lights = np.ones((3, 3), dtype=bool)
    r = lightsout.solve(lights)
    png = r._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    _, _, rgb = decode_png(png)
    n_press = int(r.presses.sum())
    svg = r.picture().svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert len(re.findall(r"<rect class=", svg)) == 9
    assert len(re.findall(r"<circle", svg)) == n_press
    with pytest.raises(ValueError, match="SVG is for pictures of up to"):
        lightsout.picture(np.zeros((2000, 2000), dtype=bool)).svg()


def test_save_by_extension(tmp_path):
    pic = lightsout.picture(np.eye(4, dtype=bool))
    pic.save(tmp_path / "a.png")
    pic.save(tmp_path / "a.svg")
    assert (tmp_path / "a.png").read_bytes() == pic.png()
    assert (tmp_path / "a.svg").read_text() == pic.svg()
    with pytest.raises(ValueError, match="name it .png or .svg"):
        pic.save(tmp_path / "a.gif")


def test_cli_render_matches_module(cli, tmp_path):
    rng = np.random.default_rng(10)
    lights = rng.integers(0, 2, size=(7, 9), dtype=np.uint8)
    lightsout.write_board(tmp_path / "b.pbm", lights)
    run_cli(cli, "render", "b.pbm", "--solve", "-o", "s.png", cwd=tmp_path)
    run_cli(cli, "render", "b.pbm", "-o", "b.svg", cwd=tmp_path)
    r = lightsout.solve(lights)
    assert (tmp_path / "s.png").read_bytes() == r.picture().png()
    assert (tmp_path / "b.svg").read_text() == lightsout.picture(lights).svg()
    w, h, rgb = decode_png((tmp_path / "s.png").read_bytes())
    assert (w, h) == (9 * 32, 7 * 32)
    for row in range(7):
        for col in range(9):
            centre = px(rgb, row * 32 + 16, col * 32 + 16)
            corner = px(rgb, row * 32 + 2, col * 32 + 2)
            assert corner == (ON if lights[row, col] else OFF)
            assert (centre == PRESS) == bool(r.presses[row, col])
    # Given presses, and the quiet-pattern gallery.
    lightsout.write_board(tmp_path / "p.pbm", r.presses)
    run_cli(cli, "render", "b.pbm", "--presses", "p.pbm", "-o", "p.png", cwd=tmp_path)
    assert (tmp_path / "p.png").read_bytes() == (tmp_path / "s.png").read_bytes()
    run_cli(cli, "render", "--quiet-patterns", "5x5", "-o", "q.png", "--cell", "6", cwd=tmp_path)
    q = lightsout.solve(np.zeros((5, 5), dtype=bool)).quiet_patterns()
    assert (tmp_path / "q.png").read_bytes() == lightsout.picture(q, cell=6).png()


def test_cli_info_kernel_picture(cli, tmp_path):
    run_cli(cli, "info", "9x9", "--kernel", "k.png", cwd=tmp_path)
    w, h, rgb = decode_png((tmp_path / "k.png").read_bytes())
    q = lightsout.solve(np.zeros((9, 9), dtype=bool)).quiet_patterns()
    assert len(q) == 8
    assert (tmp_path / "k.png").read_bytes() == lightsout.picture(q).png()
    # 8 patterns: 3 columns x 3 rows of 9 cells, one-cell gaps: 29 cells a side.
    cell = min(32, 1024 // 29)
    assert (w, h) == (29 * cell, 29 * cell)
    run_cli(cli, "info", "5x6", "--kernel", "none.png", cwd=tmp_path)
    w, h, rgb = decode_png((tmp_path / "none.png").read_bytes())
    assert (w, h) == (6 * 32, 5 * 32) and px(rgb, 16, 16) == OFF


def test_cli_render_errors(cli, tmp_path):
    lightsout.write_board(tmp_path / "b.pbm", np.ones((3, 3), dtype=bool))
    proc = run_cli(cli, "render", "b.pbm", "-o", "x.gif", cwd=tmp_path, check_codes=(2,))
    assert "name it .png or .svg" in proc.stderr
    proc = run_cli(cli, "render", "-o", "x.png", cwd=tmp_path, check_codes=(2,))
    assert "give a board file or --quiet-patterns" in proc.stderr
    # 2x2 has no solution for a lone light: drawn without presses, exit 1.
    lightsout.write_board(tmp_path / "u.pbm", np.array([[1, 0], [0, 0]], dtype=bool))
    lightsout.write_board(tmp_path / "u.pbm", np.array([[1, 0, 0, 0]] * 4, dtype=bool))
    proc = run_cli(cli, "render", "u.pbm", "--solve", "-o", "u.png", cwd=tmp_path, check_codes=(1,))
    assert proc.stderr.count("\n") == 1 and "no solution" in proc.stderr
    assert (tmp_path / "u.png").read_bytes()[:4] == b"\x89PNG"
