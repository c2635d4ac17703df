"""Independent oracles for the tests: presses applied with numpy (no lightsout code), GF(p)
rank, and a small PNG decoder (zlib and the five PNG filters)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import numpy as np

PLUS = [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
X = [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)]
KNIGHT = [(0, 0), (-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]


@dataclass
class Variant:
    """A rules text and what it means, written down separately for the oracle."""

    text: Optional[str]
    states: int = 2
    topology: str = "plane"
    offsets: Sequence[Tuple[int, int]] = field(default_factory=lambda: PLUS)
    holes: Optional[np.ndarray] = None  # True = no cell
    edges: Optional[List[Tuple[int, int]]] = None  # a graph: the board is N x 1
    nodes: int = 0
    target_on: bool = False


def effect(v: Variant, presses: np.ndarray) -> np.ndarray:
    """What the presses add to every cell, mod K."""
    k = v.states
    p = presses.astype(np.int64) % k
    if v.edges is not None:
        out = p.copy()
        for a, b in v.edges:
            out[a, 0] += p[b, 0]
            out[b, 0] += p[a, 0]
        return out % k
    if v.holes is not None:
        p = np.where(v.holes, 0, p)
    rows, cols = p.shape
    out = np.zeros_like(p)
    for dr, dc in v.offsets:
        # The button at (r, c) adds to (r + dr, c + dc).
        for r in range(rows):
            tr = r + dr
            if v.topology == "torus":
                tr %= rows
            elif not 0 <= tr < rows:
                continue
            for c in range(cols):
                tc = c + dc
                if v.topology in ("torus", "cylinder"):
                    tc %= cols
                elif not 0 <= tc < cols:
                    continue
                out[tr, tc] += p[r, c]
    if v.holes is not None:
        out = np.where(v.holes, 0, out)
    return out % k


def solved(v: Variant, lights: np.ndarray, presses: np.ndarray) -> bool:
    """Whether the presses bring every existing cell to the goal."""
    end = (lights.astype(np.int64) + effect(v, presses)) % v.states
    goal = v.states - 1 if v.target_on else 0
    if v.holes is not None:
        end = np.where(v.holes, goal, end)
    return bool((end == goal).all())


def rank_mod_p(rows: np.ndarray, p: int) -> int:
    """Rank of the row vectors over GF(p), p prime."""
    m = rows.astype(np.int64) % p
    rank = 0
    for col in range(m.shape[1]):
        pivot = next((i for i in range(rank, m.shape[0]) if m[i, col]), None)
        if pivot is None:
            continue
        m[[rank, pivot]] = m[[pivot, rank]]
        m[rank] = (m[rank] * pow(int(m[rank, col]), -1, p)) % p
        for i in range(m.shape[0]):
            if i != rank and m[i, col]:
                m[i] = (m[i] - m[i, col] * m[rank]) % p
        rank += 1
    return rank


def decode_png(data: bytes) -> Tuple[int, int, np.ndarray]:
    """(width, height, RGB array height x width x 3) of an 8-bit palette or RGB PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos = 8
    idat = b""
    palette = None
    width = height = depth = ctype = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 3) and interlace == 0
        elif kind == b"PLTE":
            palette = np.frombuffer(body, dtype=np.uint8).reshape(-1, 3)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    raw = zlib.decompress(idat)
    bpp = 1 if ctype == 3 else 3
    stride = width * bpp
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int64)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1)
        cur = line.astype(np.int64)
        if f == 1 or f == 3 or f == 4:
            cur = cur.copy()
            for i in range(stride):
                a = cur[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                if f == 1:
                    pred = a
                elif f == 3:
                    pred = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (cur[i] + pred) & 0xFF
        elif f == 2:
            cur = (cur + prev) & 0xFF
        else:
            assert f == 0, f"filter {f}"
        out[y] = cur
        prev = cur
    if ctype == 3:
        assert palette is not None
        return width, height, palette[out]
    return width, height, out.reshape(height, width, 3)
