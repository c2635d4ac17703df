"""lightsout: exact Lights Out solving on numpy arrays, and pictures of boards.

The C++ library (include/lightsout/solver.hpp) through pybind11: ``solve`` one board,
``Solver(rows, cols).solve_many`` a stack of boards, ``info`` what a board size decides,
``read_board``/``write_board`` the board files of the CLI, ``picture`` PNG and SVG pictures.
Tutorial: docs/python.md.
"""

from __future__ import annotations

import collections.abc
import os
from typing import List, Optional, Tuple, Union

import numpy as np

from . import _core
from ._core import BoardFormatError, Facts, RulesError

# info() returned a dict before it returned Facts: Facts keeps the read-only mapping of it.
collections.abc.Mapping.register(Facts)

__all__ = [
    "BoardFormatError",
    "Picture",
    "Facts",
    "Result",
    "RulesError",
    "Solver",
    "info",
    "picture",
    "read_board",
    "solve",
    "solve_file",
    "write_board",
]

RulesLike = Union[None, str, _core.Rules]
PathLike = Union[str, "os.PathLike[str]"]

# Pictures larger than this are not shown by Jupyter (_repr_png_ returns None): a 10^8-cell board
# at a pixel a cell is better saved to a file.
REPR_MAX_PIXELS = 1 << 24


def _rules(rules: RulesLike) -> _core.Rules:
    # Parsed on every call (microseconds for a short text; a holes or graph file is read again,
    # so a changed file is seen): the Solvers of a size are what is worth caching, and the C++
    # API layer caches those (api::cached_solver).
    if rules is None or isinstance(rules, str):
        return _core.Rules(rules)
    if isinstance(rules, _core.Rules):
        return rules
    raise TypeError("rules must be a rules text such as 'torus,states=3', or None")


def _out_of_range(states: int, value: int, row: int, col: int) -> str:
    # Rows and columns counted from 1 in messages, as the CLI and the page count them.
    row, col = row + 1, col + 1
    if states == 2:
        return f"expected 0 or 1, found {value} (row {row}, column {col})"
    return f"expected a value 0..{states - 1}, found {value} (row {row}, column {col})"


def _cells(values, states: int, what: str) -> Tuple[np.ndarray, bool]:
    """values as C-contiguous uint8 (0..states-1 checked here for wider integer types, in C++
    for uint8), and whether they were bool."""
    a = np.asarray(values)
    if a.dtype == np.bool_:
        return np.ascontiguousarray(a).view(np.uint8), True
    if a.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold bool or integer values, not {a.dtype}")
    if a.dtype != np.uint8:
        if a.size:
            bad = (a < 0) | (a >= states)
            if bad.any():
                where = tuple(int(i) for i in np.argwhere(bad)[0])
                row, col = where[-2:] if a.ndim >= 2 else (where[0], 0)
                raise ValueError(_out_of_range(states, int(a[where]), row, col))
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a), False


def _board2d(lights, states: int, what: str = "lights") -> Tuple[np.ndarray, bool, bool]:
    """A 2-D uint8 board; a 1-D array is a graph's N x 1 board. Returns (board, was_bool, flat)."""
    a, as_bool = _cells(lights, states, what)
    if a.ndim == 1:
        return a.reshape(-1, 1), as_bool, True
    if a.ndim != 2:
        raise ValueError(f"{what} must be a 2-D array (rows, cols), or 1-D for a graph")
    return a, as_bool, False


class Result:
    """One board solved: ``solvable``, ``presses`` (the lights' shape and dtype kind),
    ``nullity``, ``solutions`` (exact), ``minimal``, ``minimal_proven``, ``minimal_lower_bound``
    (with ``minimal``: no solution has fewer presses; equal to ``press_count`` when proven),
    ``method``; with ``kernel=True``, ``kernel`` and ``kernel_orders``.

    The library's Result (``_core.Result``) with the lights' shape and dtype: the presses stay
    bit-packed in C++ until ``presses`` is first read (a 10^8-cell board's 100 MB array is made
    only when wanted); ``press_count`` needs no array."""

    def __init__(self, result: _core.Result, lights: np.ndarray, rules: _core.Rules,
                 as_bool: bool, flat: bool):
        self._result = result
        self._as_bool = as_bool
        self._flat = flat
        self._lights = lights
        self._rules = rules

    solvable = property(lambda self: self._result.solvable)
    nullity = property(lambda self: self._result.nullity)
    solutions = property(lambda self: self._result.solutions, doc="The exact solution count.")
    minimal = property(lambda self: self._result.minimal)
    minimal_proven = property(lambda self: self._result.minimal_proven)
    minimal_lower_bound = property(
        lambda self: self._result.minimal_lower_bound,
        doc="With minimal on a solvable board: no solution has fewer presses; else None.")
    method = property(lambda self: self._result.method, doc="The method that ran.")
    kernel_orders = property(lambda self: self._result.kernel_orders)

    @property
    def _presses(self) -> np.ndarray:
        return self._result.presses

    @property
    def presses(self) -> np.ndarray:
        """The presses, an array of the lights' shape (zero when unsolvable)."""
        return self._shaped(self._presses)

    @property
    def press_count(self) -> int:
        """The number of presses (a value v counts as v presses)."""
        return self._result.press_count

    @property
    def kernel(self) -> np.ndarray:
        """With ``kernel=True``: a basis of the quiet patterns, (count, rows, cols); else none."""
        return self._shaped(self._result.kernel)

    def _shaped(self, a: np.ndarray) -> np.ndarray:
        if self._as_bool:
            a = a.view(np.bool_)
        if self._flat:
            a = a.reshape(a.shape[:-2] + (-1,))
        return a

    def quiet_patterns(self) -> np.ndarray:
        """A basis of the quiet patterns (presses that change nothing): an array of shape
        (count, rows, cols); every solution is ``presses`` plus a combination of them (mod K)."""
        rows, cols = self._lights.shape
        return self._shaped(_core.facts(self._rules, rows, cols, kernel=True).kernel)

    def picture(self, cell: Optional[int] = None, max_side: int = 1024) -> "Picture":
        """The board with its presses overlaid (red dots); the board alone when unsolvable."""
        presses = self._presses if self.solvable else None
        return Picture(self._lights, presses, self._rules, cell=cell, max_side=max_side)

    def _repr_png_(self) -> Optional[bytes]:
        return self.picture()._repr_png_()

    def __repr__(self) -> str:
        rows, cols = self._lights.shape
        return (
            f"<lightsout.Result {rows}x{cols} solvable={self.solvable} nullity={self.nullity} "
            f"solutions={self.solutions} presses={self.press_count} "
            f"method={self.method}>"
        )


class Solver:
    """A rules set on one board size, prepared once; then ``solve`` and ``solve_many``."""

    def __init__(self, rows: int, cols: int, rules: RulesLike = None):
        self._rules = _rules(rules)
        self._solver = _core.Solver(rows, cols, self._rules)

    rows = property(lambda self: self._solver.rows)
    cols = property(lambda self: self._solver.cols)
    states = property(lambda self: self._solver.states)
    method = property(lambda self: self._solver.method, doc="The method chosen, e.g. 'tables'.")
    rules = property(lambda self: self._solver.rules, doc="The canonical rules text.")

    def word_sized(self) -> bool:
        """Whether boards go through the word-sized fast path (two states, <= 64 cells)."""
        return self._solver.word_sized

    def solve(self, lights, minimal: bool = False, minimal_time: float = 10.0,
              kernel: bool = False) -> Result:
        """``minimal_time``: seconds for the fewest-presses search to prove its answer (0: no
        limit); when it runs out, ``minimal_proven`` is False and ``minimal_lower_bound`` says
        how far the proof got. ``kernel``: fill ``Result.kernel``, a basis of the quiet
        patterns."""
        board, as_bool, flat = _board2d(lights, self.states)
        result = self._solver.solve(board, minimal, minimal_time, kernel)
        return Result(result, board, self._rules, as_bool, flat)

    def solve_many(self, boards, minimal: bool = False, minimal_time: float = 10.0):
        """Solves every board of an (N, rows, cols) array with the GIL released. Returns
        ``(solvable, presses)``: a bool array of N and an array of the boards' shape (bool when
        the boards are bool, else uint8), all zero for an unsolvable board. With ``minimal``,
        ``(solvable, presses, proven)``: proven[i] says board i's presses are the proven fewest
        (``minimal_time`` seconds per board for the proof)."""
        a, as_bool = _cells(boards, self.states, "boards")
        if a.ndim != 3:
            raise ValueError("boards must be a 3-D array (count, rows, cols)")
        solvable, presses, proven = self._solver.solve_many(a, minimal, minimal_time)
        presses = presses.view(np.bool_) if as_bool else presses
        return (solvable, presses, proven) if minimal else (solvable, presses)

    def __repr__(self) -> str:
        return f"<lightsout.Solver {self.rows}x{self.cols} rules={self.rules!r} method={self.method}>"


def solve(
    lights, rules: RulesLike = None, minimal: bool = False, minimal_time: float = 10.0,
    kernel: bool = False
) -> Result:
    """Solves one board: lights is a 2-D array of bool or integers 0..K-1 (1-D for a graph).
    ``rules`` is the CLI's ``--rules`` text (None: the classic game). ``minimal_time``: seconds
    for the fewest-presses search to prove its answer (0: no limit). ``kernel``: fill
    ``Result.kernel``. The Solver of each small size (up to 1024 cells) is kept per thread, as
    the server keeps it: repeated calls on one size skip preparing it."""
    r = _rules(rules)
    board, as_bool, flat = _board2d(lights, r.states)
    return Result(_core.solve(r, board, minimal, minimal_time, kernel), board, r, as_bool, flat)


def info(
    rows: int,
    cols: int,
    rules: RulesLike = None,
    kernel: bool = False,
    force: bool = False,
    memory: Optional[int] = None,
) -> Facts:
    """What a board size decides, as ``Facts``: attributes rows, cols, states, cells, nullity,
    quiet_patterns (the exact count, an int), solvable_log2 (None for K > 2), all_solvable,
    rules; with ``kernel``, ``kernel`` (a basis of the quiet patterns, (count, rows, cols)) and
    ``kernel_orders``. ``to_dict()`` (and indexing, ``info(5, 5)["nullity"]``) is the JSON of
    ``lightsout info RxC --json``, quiet_patterns a string there.

    As ``lightsout info``, the work and memory are estimated first: a ValueError naming the
    method refuses sizes past ``memory`` bytes (default: a quarter of physical memory) or past
    10^12 units of work (about a quarter of an hour) unless ``force``. Ctrl-C interrupts a long call."""
    return _core.facts(_rules(rules), rows, cols, kernel, force, memory or 0)


def read_board(
    path: PathLike, format: Optional[str] = None, states: int = 2, max_cells: Optional[int] = None
) -> np.ndarray:
    """Reads a board file (PBM P1/P4, grid text, judge text; K > 2: judge text) as a uint8
    array. The format: ``format`` ('p1', 'p4', 'pbm', 'grid', 'judge'), else the extension,
    else the content. ``max_cells``: the largest board read (default as the CLI: 2^34 cells from
    a regular file, 2^26 from a pipe). ``"-"`` is standard input, as for the CLI."""
    return _core.read_board(os.fspath(path), format, states, max_cells or 0)


def write_board(
    path: PathLike, board, format: Optional[str] = None, states: Optional[int] = None
) -> None:
    """Writes a 2-D array as a board file: ``format``, else by extension (.pbm: P4, .grid), else
    grid text (judge text for values above 1). ``states`` defaults to 2, or the largest value
    plus one."""
    a = np.asarray(board)
    if states is None:
        top = int(a.max()) if a.size and a.dtype != np.bool_ else 1
        states = max(2, top + 1) if top < 255 else 256
    cells, _ = _cells(a, states, "the board")
    _core.write_board(os.fspath(path), cells, format, states)


def solve_file(
    board: PathLike,
    presses: PathLike,
    format: Optional[str] = None,
    presses_format: Optional[str] = None,
    max_cells: Optional[int] = None,
) -> "_core.StreamedSolve":
    """Solves a classic board file of any size in two passes over it, writing the presses to
    ``presses`` as they are found: memory grows with the board's width only (what ``lightsout
    solve`` does for files larger than its memory budget). The formats as for ``read_board``
    (``presses_format`` defaults to the extension's, else the board's). Returns an object with
    ``outcome`` ('solved', 'unsolvable': nothing written, or 'wide': fewer rows than columns,
    which does not stream and is not written: use ``read_board`` and ``solve``), ``rows``,
    ``cols``, ``nullity`` and ``presses`` (the number written). The presses file is replaced only
    once the whole answer is written, and never when it is the board file itself."""
    return _core.solve_file(
        os.fspath(board), os.fspath(presses), format, presses_format, max_cells or 0
    )


class Picture:
    """A picture of a board (2-D lights), or a gallery of boards (3-D: count, rows, cols), with
    optional presses overlaid as red dots: ``png()``, ``svg()``, ``save(path)``; shown as an
    image in Jupyter. The cell size is ``cell`` pixels, or the largest up to 32 keeping the
    picture within ``max_side`` pixels (at least a pixel a cell)."""

    def __init__(
        self,
        lights,
        presses=None,
        rules: RulesLike = None,
        cell: Optional[int] = None,
        max_side: int = 1024,
        states: Optional[int] = None,
    ):
        r = _rules(rules)
        k = states if states is not None else r.states
        a, _ = _cells(lights, k, "lights")
        if a.ndim == 1:
            a = a.reshape(-1, 1)
        if a.ndim == 2:
            a = a[np.newaxis]
        if a.ndim != 3:
            raise ValueError("lights must be a 2-D board or a 3-D stack of boards")
        p = None
        if presses is not None:
            p, _ = _cells(presses, k, "presses")
            p = p.reshape(a.shape) if p.size == a.size else p
            if p.ndim == 2:
                p = p[np.newaxis]
        self._picture = _core.Picture(np.ascontiguousarray(a), k, p, r, cell or 0, max_side)

    width = property(lambda self: self._picture.width, doc="In pixels.")
    height = property(lambda self: self._picture.height, doc="In pixels.")
    cell = property(lambda self: self._picture.cell, doc="Pixels per cell side.")

    def png(self) -> bytes:
        return self._picture.encode("png")

    def svg(self) -> str:
        return self._picture.encode("svg").decode("utf-8")

    def save(self, path: PathLike) -> None:
        """Writes PNG or SVG, by the extension (.png, .svg)."""
        name = os.fspath(path)
        ext = os.path.splitext(name)[1].lower()
        if ext not in (".png", ".svg"):
            raise ValueError(
                f"cannot tell the picture format of '{name}': name it .png or .svg"
            )
        # Replaced only once the whole picture is written, as the CLI's outputs are.
        _core.write_file(name, self._picture.encode(ext[1:]))

    def _repr_png_(self) -> Optional[bytes]:
        if self.width * self.height > REPR_MAX_PIXELS:
            return None
        return self.png()

    def __repr__(self) -> str:
        return f"<lightsout.Picture {self.width}x{self.height} px, {self.cell} px a cell>"


def picture(lights, presses=None, rules: RulesLike = None, cell: Optional[int] = None,
            max_side: int = 1024) -> Picture:
    """``Picture(lights, presses, rules, cell, max_side)``."""
    return Picture(lights, presses, rules, cell=cell, max_side=max_side)
