"""The distributed search's rate: one board's whole search on a LocalCluster of 1 and then 2
workers (fresh clusters), subtrees per second and the speedup, into docs/performance.md.

usage: python3 bench/research_scaling.py [BOARD] [--depth D] [--doc docs/performance.md]
(PYTHONPATH: a built lightsout package; bench/research.sh sets it.)"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from doc_section import replace_section  # noqa: E402

from lightsout.research import BoardSpec, dask_client, search  # noqa: E402

HEADING = "## Distributed search (Dask): subtrees per second, 1 and 2 workers"


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("board", nargs="?", default="ones:47x47")
    p.add_argument("--depth", type=int, default=12)
    p.add_argument("--workers", default="1,2")
    p.add_argument("--doc", default=str(pathlib.Path(__file__).resolve().parents[1]
                                        / "docs/performance.md"))
    args = p.parse_args()
    spec = BoardSpec.parse(args.board)
    rows = []
    for workers in (int(w) for w in args.workers.split(",")):
        before = load()
        with dask_client(workers=workers) as client:
            start = time.perf_counter()
            r = search(spec, client, depth=args.depth)
            wall = time.perf_counter() - start
        rows.append({"workers": workers, "seconds": wall, "subtrees": r.subtrees,
                     "tasks": r.tasks, "rate": r.done / wall, "task_seconds": r.task_seconds,
                     "weight": r.weight, "proven": r.proven, "load_before": before,
                     "load_after": load()})
        print(json.dumps(rows[-1]), flush=True)
    base = rows[0]["rate"]
    lines = [
        HEADING, "",
        f"Written by `bench/research.sh` on {time.strftime('%Y-%m-%d', time.gmtime())}: the "
        f"whole fewest-presses search of `{spec.name}` (nullity {r.nullity}) split at depth "
        f"{args.depth} into {r.subtrees} subtrees, `python3 -m lightsout.research search` on a "
        f"fresh LocalCluster of each size (one single-threaded worker process a core; tasks of "
        f"about half a second of subtrees). The rate counts every subtree closed (run or "
        f"pruned) over the wall time of the whole run, cluster start excluded; `uptime` before "
        f"and after each run says how loaded the 2-core machine was (other jobs shared it).", "",
        "The engine seconds are the tasks' own wall time summed; over the run's wall time they say "
        "how many workers were busy at once. When that grows with the workers but the rate does "
        "not, each subtree ran slower: the cores were taken by other jobs.", "",
        "| workers | wall s | subtrees/s | speedup | engine s (sum over tasks) | busy workers | "
        "fewest | load before | load after |",
        "|--:|--:|--:|--:|--:|--:|--:|---|---|"]
    for row in rows:
        lines.append(
            f"| {row['workers']} | {row['seconds']:.1f} | {row['rate']:.0f} | "
            f"{row['rate'] / base:.2f}x | {row['task_seconds']:.1f} | "
            f"{row['task_seconds'] / row['seconds']:.2f} | {row['weight']}"
            f"{'' if row['proven'] else ' (not proven)'} | "
            f"{row['load_before'].split('load average: ')[-1]} | "
            f"{row['load_after'].split('load average: ')[-1]} |")
    replace_section(pathlib.Path(args.doc), HEADING, "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
