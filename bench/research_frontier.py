"""The open cases n = 79 and n = 95 (all-ones n x n): the best solution the engine finds in a
budget, the strongest lower bound proven best first in a budget, and the distributed search's
measured rate on random subtrees at a few split depths, projected to the whole search.

usage: python3 bench/research_frontier.py N [--seconds S] [--sample K] [--depths 40,46]
       [--workers W] [--presses FILE]; one JSON line of results on stdout."""

import argparse
import json
import subprocess
import sys
import time


import lightsout
from lightsout.research import (BoardSpec, canonical_fraction, dask_client, research_board,
                                search)
from lightsout.research.bounds import best_first_bound


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("n", type=int)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--sample", type=int, default=64)
    p.add_argument("--subtree-seconds", type=float, default=10.0)
    p.add_argument("--depths", default="40,46")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--presses")
    args = p.parse_args()
    spec = BoardSpec.ones(args.n, args.n)
    board = research_board(spec)
    out = {"n": args.n, "nullity": board.nullity, "classes": board.classes, "kept": board.kept,
           "load_before": subprocess.run(["uptime"], capture_output=True, text=True).stdout}
    start = time.perf_counter()
    weight, _, proven, engine_lower, combination = board.subtree(0, 0, None, args.seconds,
                                                                 threads=0)
    out.update(engine_seconds=round(time.perf_counter() - start, 1), best=weight,
               engine_lower_bound=engine_lower, combination=combination)
    start = time.perf_counter()
    lower, split, deepest = best_first_bound(board, args.seconds, upper=weight)
    out.update(best_first_seconds=round(time.perf_counter() - start, 1),
               best_first_lower_bound=lower, best_first_split=split, best_first_depth=deepest)
    rates = []
    with dask_client(workers=args.workers) as client:
        for depth in (int(x) for x in args.depths.split(",")):
            r = search(spec, client, depth=depth, sample=args.sample,
                       subtree_seconds=args.subtree_seconds, progress_every=1e9)
            if r.weight < weight:
                weight, combination = r.weight, r.combination
                out.update(best=weight, combination=combination)
            per_core_hour = r.tasks / (r.elapsed * r.workers) * 3600
            # Only the subtrees the symmetries leave are searched (the sample is drawn from them).
            share = canonical_fraction(board, depth)
            rates.append({
                "depth": depth, "subtrees": r.tasks, "timed_out": r.timed_out,
                "searched_share": round(share, 4),
                "wall_seconds": round(r.elapsed, 1), "engine_seconds": round(r.task_seconds, 1),
                "subtrees_per_core_hour": round(per_core_hour),
                "projected_core_hours": float(f"{share * (2 ** depth) / per_core_hour:.3g}"),
                "engine_projected_core_hours":
                    float(f"{share * (2 ** depth) * r.task_seconds / r.tasks / 3600:.3g}")})
            print(json.dumps(rates[-1]), file=sys.stderr, flush=True)
    out["rates"] = rates
    out["load_after"] = subprocess.run(["uptime"], capture_output=True, text=True).stdout
    presses = board.presses(out["combination"])
    assert int(presses.sum()) == out["best"]
    if args.presses:
        lightsout.write_board(args.presses, presses)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
