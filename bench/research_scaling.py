"""The distributed search's rate: each board's whole search on a LocalCluster of 1 and then 2
workers (fresh clusters), subtrees per second and the speedup, into docs/performance.md.

usage: python3 bench/research_scaling.py [BOARD@DEPTH ...] [--doc docs/performance.md]
BOARD: ones:RxC, file:PATH, or random:RxC:SEED (the lights of random presses, plus rules: a
board no reflection keeps). (PYTHONPATH: a built lightsout package; bench/research.sh sets it.)"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from doc_section import replace_section  # noqa: E402

from lightsout.research import BoardSpec, dask_client, search  # noqa: E402

HEADING = "## Distributed search (Dask): subtrees per second, 1 and 2 workers"


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def board_spec(text: str) -> BoardSpec:
    if text.startswith("random:"):
        _, size, seed = text.split(":")
        rows, cols = (int(x) for x in size.split("x"))
        x = np.random.default_rng(int(seed)).integers(0, 2, (rows, cols), dtype=np.uint8)
        lights = x.copy()
        lights[1:, :] ^= x[:-1, :]
        lights[:-1, :] ^= x[1:, :]
        lights[:, 1:] ^= x[:, :-1]
        lights[:, :-1] ^= x[:, 1:]
        return BoardSpec.of(lights, None, text)
    return BoardSpec.parse(text)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("boards", nargs="*", default=["random:61x61:11@18", "ones:61x61@18"])
    p.add_argument("--workers", default="1,2")
    p.add_argument("--doc", default=str(pathlib.Path(__file__).resolve().parents[1]
                                        / "docs/performance.md"))
    args = p.parse_args()
    rows = []
    for item in args.boards:
        name, depth = item.rsplit("@", 1)
        spec = board_spec(name)
        base = None
        for workers in (int(w) for w in args.workers.split(",")):
            before = load()
            with dask_client(workers=workers) as client:
                start = time.perf_counter()
                r = search(spec, client, depth=int(depth), progress_every=1e9)
                wall = time.perf_counter() - start
            rows.append({"board": name, "nullity": r.nullity, "depth": int(depth),
                         "workers": workers, "seconds": wall, "subtrees": r.subtrees,
                         "tasks": r.tasks, "mirrored": r.mirrored, "rate": r.done / wall,
                         "task_seconds": r.task_seconds, "weight": r.weight,
                         "proven": r.proven, "load_before": before, "load_after": load()})
            base = base or rows[-1]["rate"]
            rows[-1]["speedup"] = rows[-1]["rate"] / base
            print(json.dumps(rows[-1]), flush=True)
    lines = [
        HEADING, "",
        f"Written by `bench/research.sh` on {time.strftime('%Y-%m-%d', time.gmtime())}: each "
        f"board's whole fewest-presses search split at the depth given into 2^depth subtrees, "
        f"`python3 -m lightsout.research search` on a fresh LocalCluster of each size (one "
        f"single-threaded worker process a core; tasks of about half a second of subtrees). The "
        f"rate counts every subtree closed (run, pruned, or mirrored: the image of a searched "
        f"one under the board's symmetries) over the wall time of the whole run, cluster start "
        f"excluded; `uptime` before and after each run says how loaded the 2-core machine was.",
        "",
        "The engine seconds are the tasks' own wall time summed; over the run's wall time they say "
        "how many workers were busy at once. When that grows with the workers but the rate does "
        "not, each subtree ran slower: the cores were taken by other jobs.", "",
        "| board | nullity | depth | workers | subtrees run | mirrored | wall s | subtrees/s | "
        "speedup | engine s (sum over tasks) | busy workers | fewest | load before | load after |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|"]
    for row in rows:
        lines.append(
            f"| `{row['board']}` | {row['nullity']} | {row['depth']} | {row['workers']} | "
            f"{row['tasks']} | {row['mirrored']} | {row['seconds']:.1f} | {row['rate']:.0f} | "
            f"{row['speedup']:.2f}x | {row['task_seconds']:.1f} | "
            f"{row['task_seconds'] / row['seconds']:.2f} | {row['weight']}"
            f"{'' if row['proven'] else ' (not proven)'} | "
            f"{row['load_before'].split('load average: ')[-1]} | "
            f"{row['load_after'].split('load average: ')[-1]} |")
    replace_section(pathlib.Path(args.doc), HEADING, "\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
