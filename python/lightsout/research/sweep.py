"""Tables as Dask jobs: the fewest presses of every all-ones m x n board up to a size (plane, or
the torus n x n), one task a board under a per-board time budget, into one CSV file (appended as
boards finish, so that a stopped sweep resumes) and a Markdown table."""

from __future__ import annotations

import csv
import os
import time
from typing import Callable, Dict, Iterable, List, Optional, Tuple

import numpy as np

FIELDS = ["rows", "cols", "rules", "nullity", "presses", "proven", "lower_bound", "seconds"]


def solve_ones(rows: int, cols: int, rules: Optional[str], budget: float) -> Dict:
    """One task: the all-ones rows x cols board's fewest presses within `budget` seconds."""
    import lightsout

    start = time.perf_counter()
    r = lightsout.solve(np.ones((rows, cols), np.uint8), rules=rules, minimal=True,
                        minimal_time=budget)
    if not r.solvable:  # not on these rules (every all-ones board of the plane and torus is)
        return {"rows": rows, "cols": cols, "rules": rules or "classic", "nullity": r.nullity,
                "presses": "", "proven": False, "lower_bound": "",
                "seconds": round(time.perf_counter() - start, 3)}
    lower = r.minimal_lower_bound
    if not r.minimal_proven and r.nullity <= 64:
        # The engine's bound is that of the nodes its depth-first search left open: the cheap
        # bounds taken best first for as long again are far stronger.
        from .bounds import best_first_bound

        board = lightsout._core.ResearchBoard(rules, np.ones((rows, cols), np.uint8))
        lower = max(lower, best_first_bound(board, budget, upper=r.press_count)[0])
    proven = bool(r.minimal_proven) or lower >= r.press_count
    return {"rows": rows, "cols": cols, "rules": rules or "classic", "nullity": r.nullity,
            "presses": r.press_count, "proven": proven,
            "lower_bound": lower, "seconds": round(time.perf_counter() - start, 3)}


def rectangles(size: int) -> List[Tuple[int, int]]:
    """Every m x n with 1 <= m <= n <= size (n x m is the same board turned)."""
    return [(m, n) for n in range(1, size + 1) for m in range(1, n + 1)]


def squares(size: int, start: int = 1) -> List[Tuple[int, int]]:
    return [(n, n) for n in range(start, size + 1)]


def _read(path: str) -> Dict[Tuple[int, int], Dict]:
    rows: Dict[Tuple[int, int], Dict] = {}
    if not os.path.exists(path):
        return rows
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            try:
                rows[(int(row["rows"]), int(row["cols"]))] = row
            except (KeyError, ValueError):
                continue  # a torn last row
    return rows


def sweep(client, sizes: Iterable[Tuple[int, int]], rules: Optional[str], budget: float,
          csv_path: str, on_row: Optional[Callable[[Dict, int, int], None]] = None) -> List[Dict]:
    """Runs every size not already in `csv_path`, appending rows as they finish; then rewrites
    the file sorted. Returns all rows (as strings, the CSV's)."""
    from distributed import as_completed

    sizes = list(sizes)
    done = _read(csv_path)
    todo = [s for s in sizes if s not in done]
    # Largest first: the long tasks start early, the short ones fill in.
    todo.sort(key=lambda s: -(s[0] * s[1]))
    new = not os.path.exists(csv_path) or os.path.getsize(csv_path) == 0
    with open(csv_path, "a", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, FIELDS)
        if new:
            out.writeheader()
        futures = [client.submit(solve_ones, m, n, rules, budget, pure=False) for m, n in todo]
        finished = 0
        for future in as_completed(futures):
            row = future.result()
            out.writerow(row)
            f.flush()
            done[(row["rows"], row["cols"])] = {k: str(v) for k, v in row.items()}
            finished += 1
            if on_row is not None:
                on_row(row, finished, len(todo))
    wanted = set(sizes)
    rows = [done[k] for k in sorted(done) if k in wanted]
    with open(csv_path + ".tmp", "w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, FIELDS)
        out.writeheader()
        for row in rows:
            out.writerow({k: row[k] for k in FIELDS})
    os.replace(csv_path + ".tmp", csv_path)
    return rows


def _proven(row: Dict) -> bool:
    return str(row["proven"]) == "True"


def markdown_list(rows: List[Dict], title: str) -> str:
    """One line a board: size, nullity, presses, proven, lower bound, seconds."""
    lines = [f"{title}", "", "| board | nullity | fewest presses | proven | lower bound | s |",
             "|---|--:|--:|:-:|--:|--:|"]
    for r in rows:
        lines.append(f"| {r['rows']} x {r['cols']} | {r['nullity']} | {r['presses']} | "
                     f"{'yes' if _proven(r) else 'no'} | {r['lower_bound']} | {r['seconds']} |")
    return "\n".join(lines) + "\n"


def markdown_grid(rows: List[Dict], title: str) -> str:
    """The m x n triangle as a grid (row m, column n >= m); an unproven entry is `best*`, and the
    list below it gives its proven lower bound."""
    by = {(int(r["rows"]), int(r["cols"])): r for r in rows}
    size = max((n for _, n in by), default=0)
    head = "| m \\ n | " + " | ".join(str(n) for n in range(1, size + 1)) + " |"
    lines = [title, "", head, "|--:|" + "--:|" * size]
    for m in range(1, size + 1):
        cells = []
        for n in range(1, size + 1):
            r = by.get((m, n)) if n >= m else None
            if r is None:
                cells.append("")
            else:
                cells.append(f"{r['presses']}" + ("" if _proven(r) else "*"))
        lines.append(f"| **{m}** | " + " | ".join(cells) + " |")
    open_rows = [r for r in rows if not _proven(r)]
    lines.append("")
    if open_rows:
        lines.append("Not proven within the budget (`*`): best found and proven lower bound.")
        lines.append("")
        lines.append("| board | nullity | best found | lower bound |")
        lines.append("|---|--:|--:|--:|")
        for r in open_rows:
            lines.append(f"| {r['rows']} x {r['cols']} | {r['nullity']} | {r['presses']} | "
                         f"{r['lower_bound']} |")
    else:
        lines.append("Every entry is proven.")
    return "\n".join(lines) + "\n"
