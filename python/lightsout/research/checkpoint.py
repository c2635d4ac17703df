"""The checkpoint of a distributed search: one JSON line a finished subtree after a header that
names the board and the split, appended and flushed as results arrive, so that an interrupted
run resumes where it stopped. A torn last line (the run killed mid-write) is ignored.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Dict, Optional, Tuple

# 2: prefixes and combinations in the kernel basis of the board's symmetries (format 1's were in
# the solver's basis, which no longer names the same subtrees).
FORMAT = 2


class CheckpointError(ValueError):
    """A checkpoint that belongs to another search, or is not one."""


@dataclass
class Entry:
    depth: int
    prefix: int
    weight: Optional[int]  # a solution lighter than the bound it ran with, else None
    combination: Optional[int]
    lower_bound: int
    proven: bool
    seconds: float = 0.0

    def to_json(self) -> str:
        return json.dumps({
            "depth": self.depth, "prefix": self.prefix, "weight": self.weight,
            "combination": self.combination, "lower_bound": self.lower_bound,
            "proven": self.proven, "seconds": round(self.seconds, 6)})


@dataclass
class Checkpoint:
    """Entries by (depth, prefix); only proven ones count as finished."""

    path: Optional[str]
    board: str
    depth: int
    nullity: int
    entries: Dict[Tuple[int, int], Entry] = field(default_factory=dict)
    _file: Optional[object] = None

    @staticmethod
    def open(path: Optional[str], board: str, depth: int, nullity: int) -> "Checkpoint":
        """Reads `path` when it exists (it must be of this board and depth), then appends to it."""
        cp = Checkpoint(path, board, depth, nullity)
        if path is None:
            return cp
        header = {"lightsout-research": FORMAT, "board": board, "depth": depth,
                  "nullity": nullity}
        if os.path.exists(path) and os.path.getsize(path) > 0:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            try:
                first = json.loads(lines[0])
            except ValueError:
                raise CheckpointError(f"{path}: not a lightsout research checkpoint") from None
            if not isinstance(first, dict) or "lightsout-research" not in first:
                raise CheckpointError(f"{path}: not a lightsout research checkpoint")
            if first["lightsout-research"] != FORMAT:
                raise CheckpointError(
                    f"{path}: a checkpoint of format {first['lightsout-research']}, not "
                    f"{FORMAT}: its subtrees are named in another kernel basis; start a new one")
            if first.get("board") != board or first.get("depth") != depth:
                raise CheckpointError(
                    f"{path}: a checkpoint of {first.get('board')} at depth "
                    f"{first.get('depth')}, not of {board} at depth {depth}")
            complete = lines[1:-1] if not lines[-1].endswith("}") else lines[1:]
            for line in complete:
                if not line.strip():
                    continue
                try:
                    e = Entry(**json.loads(line))
                except (ValueError, TypeError):
                    raise CheckpointError(f"{path}: a damaged line: {line[:80]!r}") from None
                cp.entries[(e.depth, e.prefix)] = e
            if lines[-1] and not lines[-1].endswith("}"):
                # A torn last line: cut it off, so that the appended lines follow whole ones.
                with open(path, "rb+") as f:
                    f.truncate(len("\n".join(lines[:-1]).encode("utf-8")) + 1)
            cp._file = open(path, "a", encoding="utf-8")
            if lines[-1].endswith("}"):
                cp._file.write("\n")  # a whole last line without its newline
        else:
            cp._file = open(path, "w", encoding="utf-8")
            cp._file.write(json.dumps(header) + "\n")
            cp._file.flush()
        return cp

    def finished(self, depth: int, prefix: int) -> bool:
        e = self.entries.get((depth, prefix))
        return e is not None and e.proven

    def record(self, e: Entry) -> None:
        self.entries[(e.depth, e.prefix)] = e
        if self._file is not None:
            self._file.write(e.to_json() + "\n")
            self._file.flush()

    def best(self) -> Optional[Entry]:
        found = [e for e in self.entries.values() if e.weight is not None]
        return min(found, key=lambda e: e.weight) if found else None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
