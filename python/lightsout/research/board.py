"""What a distributed search runs on: a board spec small enough to send with every task, and the
per-process cache of the C++ ResearchBoard built from it (its classes are built once a worker).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import numpy as np

from .. import _core, read_board

# "ones:79x79", "ones:5x6" (the all-ones board of that size) or "file:PATH" (a board file).
_ONES = re.compile(r"^(?:ones:)?(\d+)x(\d+)$")


@dataclass(frozen=True)
class BoardSpec:
    """A board and its rules, as a picklable value: the lights bit-packed (a 95 x 95 board is
    1.1 kB), so every task can carry it and a worker builds the board's classes once."""

    rules: Optional[str]
    rows: int
    cols: int
    packed: bytes
    name: str

    @staticmethod
    def ones(rows: int, cols: int, rules: Optional[str] = None) -> "BoardSpec":
        return BoardSpec.of(np.ones((rows, cols), np.uint8), rules, f"ones:{rows}x{cols}")

    @staticmethod
    def of(lights, rules: Optional[str] = None, name: Optional[str] = None) -> "BoardSpec":
        a = np.asarray(lights)
        if a.ndim != 2:
            raise ValueError("a board must be a 2-D array (rows, cols)")
        if a.size and (a.min() < 0 or a.max() > 1):
            raise ValueError("the distributed search takes two-state boards (values 0 and 1)")
        a = a.astype(np.uint8)
        packed = np.packbits(a, axis=None).tobytes()
        rows, cols = a.shape
        if name is None:
            name = f"board:{rows}x{cols}:{hashlib.sha1(packed).hexdigest()[:12]}"
        return BoardSpec(rules or None, rows, cols, packed, name)

    @staticmethod
    def parse(text: str, rules: Optional[str] = None) -> "BoardSpec":
        """``ones:RxC`` (or ``RxC``), or ``file:PATH`` / a path to a board file."""
        m = _ONES.match(text)
        if m:
            rows, cols = int(m.group(1)), int(m.group(2))
            if rows < 1 or cols < 1:
                raise ValueError(f"board size must be at least 1x1, got '{text}'")
            return BoardSpec.ones(rows, cols, rules)
        path = text[5:] if text.startswith("file:") else text
        return BoardSpec.of(read_board(path), rules, f"file:{path}")

    def lights(self) -> np.ndarray:
        bits = np.unpackbits(np.frombuffer(self.packed, np.uint8), count=self.rows * self.cols)
        return bits.reshape(self.rows, self.cols)

    @property
    def key(self) -> str:
        """Names the board and rules exactly (a checkpoint belongs to one key)."""
        digest = hashlib.sha1(self.packed + (self.rules or "").encode()).hexdigest()[:16]
        return f"{self.name} rules={self.rules or 'classic'} {self.rows}x{self.cols} {digest}"


_boards: Dict[Tuple[Optional[str], int, int, bytes], _core.ResearchBoard] = {}


def research_board(spec: BoardSpec) -> _core.ResearchBoard:
    """The ResearchBoard of `spec`, built once per process (a worker keeps the last few)."""
    k = (spec.rules, spec.rows, spec.cols, spec.packed)
    board = _boards.get(k)
    if board is None:
        if len(_boards) >= 8:
            _boards.clear()
        board = _core.ResearchBoard(spec.rules, spec.lights())
        _boards[k] = board
    return board
