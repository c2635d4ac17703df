"""python3 -m lightsout.research: `search` one board's fewest presses on a Dask cluster, or
`sweep` a table of all-ones boards. Progress on stderr, results on stdout (and in files)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from .board import BoardSpec
from .checkpoint import CheckpointError
from .cluster import dask_client


def _say(text: str) -> None:
    print(f"lightsout.research: {text}", file=sys.stderr, flush=True)


def _cluster_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the LocalCluster (default 2, one thread each)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="an existing Dask scheduler (tcp://HOST:8786) instead of a LocalCluster")


def _search(args) -> int:
    from .search import search

    spec = BoardSpec.parse(args.board, args.rules)
    with dask_client(args.scheduler, args.workers) as client:
        result = search(spec, client, depth=args.depth, checkpoint=args.checkpoint,
                        subtree_seconds=args.subtree_seconds, seconds=args.seconds,
                        on_progress=lambda p: _say(p.line()), progress_every=args.progress,
                        sample=args.sample, batch=args.batch)
    if result.skipped:
        _say(f"skipped {result.skipped} subtrees finished in the checkpoint")
    out = {
        "board": result.board, "nullity": result.nullity, "depth": result.depth,
        "subtrees": result.subtrees, "presses": result.weight, "proven": result.proven,
        "lower_bound": result.lower_bound, "combination": result.combination,
        "done": result.done, "skipped": result.skipped, "pruned": result.pruned,
        "tasks": result.tasks, "timed_out": result.timed_out,
        "seconds": round(result.elapsed, 3), "task_seconds": round(result.task_seconds, 3),
        "workers": result.workers,
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(result.summary())
    if args.output:
        import lightsout

        lightsout.write_board(args.output, result.presses)
    return 0


def _sweep(args) -> int:
    from . import sweep as sw

    if args.size < 1 or args.size > 200:
        raise ValueError(f"--size must be 1..200, got {args.size}")
    if args.kind == "rectangles":
        sizes, title = sw.rectangles(args.size), (
            f"Fewest presses, all-ones m x n (plane), {args.budget:g} s a board")
        rules = args.rules
    else:
        sizes, title = sw.squares(args.size), (
            f"Fewest presses, all-ones n x n torus, {args.budget:g} s a board")
        rules = args.rules or "torus"

    def row(r, i, n):
        state = "proven" if r["proven"] else f"lower bound {r['lower_bound']}"
        _say(f"{i}/{n}: {r['rows']}x{r['cols']} nullity {r['nullity']}: {r['presses']} "
             f"({state}, {r['seconds']} s)")

    with dask_client(args.scheduler, args.workers) as client:
        rows = sw.sweep(client, sizes, rules, args.budget, args.csv, on_row=row)
    md = sw.markdown_grid(rows, title) if args.kind == "rectangles" else sw.markdown_list(
        rows, title)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(md)
    else:
        sys.stdout.write(md)
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m lightsout.research",
        description="The fewest presses of the hardest boards, as Dask jobs.")
    sub = parser.add_subparsers(dest="command", required=True)

    s = sub.add_parser("search", help="one board's fewest presses, split into subtrees")
    s.add_argument("board", help="ones:RxC (the all-ones board), or a board file")
    s.add_argument("--rules", help="the CLI's --rules text (two states), e.g. torus")
    s.add_argument("--depth", type=int, help="split depth (default: from the nullity)")
    s.add_argument("--checkpoint", help="file of finished subtrees: read to resume, appended")
    s.add_argument("--subtree-seconds", type=float, default=0.0,
                   help="time cap per subtree (default none; one that hits it stays open)")
    s.add_argument("--seconds", type=float, default=0.0,
                   help="time cap for the run (default none; the checkpoint keeps what finished)")
    s.add_argument("--sample", type=int,
                   help="run only this many random subtrees: the rate of a search too large "
                   "to finish")
    s.add_argument("--batch", type=int,
                   help="subtrees a task (default: adapted to about half a second a task)")
    s.add_argument("--progress", type=float, default=5.0, help="seconds between progress lines")
    s.add_argument("--json", action="store_true", help="the result as one JSON line")
    s.add_argument("-o", "--output", help="write the best presses to this board file")
    _cluster_args(s)
    s.set_defaults(run=_search)

    w = sub.add_parser("sweep", help="a table of all-ones boards, one task a board")
    w.add_argument("kind", choices=["rectangles", "torus"],
                   help="rectangles: every m x n, m <= n <= size; torus: every n x n torus")
    w.add_argument("--size", type=int, required=True, help="the largest side")
    w.add_argument("--budget", type=float, default=10.0, help="seconds a board (default 10)")
    w.add_argument("--rules", help="rules text (default: classic; torus for the torus table)")
    w.add_argument("--csv", required=True, help="the CSV file (rows already in it are kept)")
    w.add_argument("--markdown", help="the Markdown table (default: stdout)")
    _cluster_args(w)
    w.set_defaults(run=_sweep)

    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (ValueError, CheckpointError, OSError) as e:
        _say(f"error: {e}")
        return 2
    except KeyboardInterrupt:
        _say("interrupted (the checkpoint keeps the finished subtrees)")
        return 130


if __name__ == "__main__":
    sys.exit(main())
