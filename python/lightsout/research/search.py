"""The fewest presses of one board as a Dask job: the kernel coordinates' search tree cut at a
depth into independent subtrees, each a task run by the C++ engine (ResearchBoard.subtree), the
best weight found so far shared with every worker through a distributed.Variable (each task
reads it when it starts and looks only for lighter solutions), finished subtrees appended to a
checkpoint, and progress reported as results arrive.

The proven lower bound is the minimum, over the subtrees still open, of their cheap bound (the
bound the search checks at a subtree's root; groups of subtrees share their common ancestor's),
and of the best found: every subtree closed is proven to hold nothing lighter than the best.
"""

from __future__ import annotations

import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Optional

import numpy as np

from .board import BoardSpec, research_board
from .checkpoint import Checkpoint, Entry

# Subtrees of about this many free coordinates by default: a few milliseconds to a few seconds
# each for the boards that finish, and within the engine's one-thread size, so that a worker is
# a core.
SUBTREE_DIMENSION = 22
# At most 2^BOUND_DEPTH cheap bounds are computed by the driver before it sends a task (about a
# millisecond each on a 79 x 79 board: the driver's serial part, kept to a second or so).
BOUND_DEPTH = 10


def default_depth(nullity: int, subtree_dimension: int = SUBTREE_DIMENSION, kept: int = 0) -> int:
    """The split depth for a nullity: subtrees of `subtree_dimension` free coordinates, but at
    least 16 subtrees when the nullity allows (so that two workers share a small search too).
    With symmetries that keep a subspace of `kept` dimensions (ResearchBoard.kept), the subtrees
    are its cosets: the smallest that the symmetries permute."""
    if kept:
        return nullity - kept
    return max(min(4, nullity), nullity - subtree_dimension)


def _shared_best(variable: Optional[str], below: Optional[int]) -> Optional[int]:
    """The smaller of `below` and the best in the Variable named `variable` (when there is one)."""
    if variable is not None:
        try:
            from distributed import Variable

            shared = Variable(variable).get(timeout=5)
            if shared is not None and (below is None or shared < below):
                below = int(shared)
        except Exception:  # no shared best yet (or no cluster): the bound given is still valid
            pass
    return below


def run_subtrees(spec: BoardSpec, depth: int, prefixes: List[int], below: Optional[int],
                 seconds: float, variable: Optional[str]) -> List[Dict]:
    """One task: the subtrees (depth, p) of spec's board for p in `prefixes`, one after another,
    each searched for solutions lighter than the best known: the smaller of `below`, the shared
    best (read from the Variable named `variable` when the task starts) and what the task itself
    has found. `seconds` caps each subtree (0: no cap)."""
    below = _shared_best(variable, below)
    board = research_board(spec)
    out = []
    for prefix in prefixes:
        start = time.perf_counter()
        weight, found, proven, lower_bound, combination = board.subtree(depth, prefix, below,
                                                                        seconds, threads=1)
        out.append({"depth": depth, "prefix": prefix, "weight": weight if found else None,
                    "combination": combination if found else None,
                    "lower_bound": lower_bound, "proven": proven,
                    "seconds": time.perf_counter() - start, "below": below})
        if found:
            below = weight
    return out


def canonical_fraction(board, depth: int, samples: int = 20000, seed: int = 1) -> float:
    """The share of the 2^depth subtrees that the board's symmetries leave to search (the others
    are images of those): counted when there are at most `samples`, else estimated from that many
    random prefixes."""
    total = 1 << depth
    if total <= samples:
        return sum(board.canonical(depth, p) for p in range(total)) / total
    rng = random.Random(seed)
    return sum(board.canonical(depth, rng.randrange(total)) for _ in range(samples)) / samples


@dataclass
class Progress:
    """What the search knows at one moment (given to on_progress and printed)."""

    subtrees: int  # at the split depth
    done: int  # closed: searched, pruned, or skipped from the checkpoint
    skipped: int  # of those, found finished in the checkpoint
    pruned: int  # closed by their cheap bound alone, never sent
    mirrored: int  # closed as images of a searched subtree under the board's symmetries
    tasks: int  # subtrees run by tasks in this run
    timed_out: int  # tasks that ran out of time (their subtree stays open)
    best: Optional[int]
    lower_bound: int
    elapsed: float
    projected: Optional[float]  # projected total seconds of this run, from its rate so far

    def line(self) -> str:
        proj = f", projected total {self.projected:.0f} s" if self.projected is not None else ""
        skipped = f" ({self.skipped} from the checkpoint)" if self.skipped else ""
        mirrored = f", {self.mirrored} mirrored" if self.mirrored else ""
        return (f"subtrees {self.done}/{self.subtrees} done{skipped}, {self.tasks} run, "
                f"{self.pruned} pruned{mirrored}; best {self.best}, lower bound {self.lower_bound}; "
                f"{self.elapsed:.1f} s{proj}")


@dataclass
class SearchResult:
    board: str
    nullity: int
    depth: int
    subtrees: int
    weight: int  # the best found
    lower_bound: int  # proven: no solution has fewer presses
    proven: bool
    combination: int
    presses: np.ndarray
    done: int
    skipped: int
    pruned: int
    mirrored: int
    tasks: int
    timed_out: int
    elapsed: float
    task_seconds: float  # the engine's time, summed over tasks
    workers: int  # worker threads of the cluster
    stopped: bool  # stopped early (stop_after, seconds): the rest is in the checkpoint
    log: List[Progress] = field(default_factory=list)

    def summary(self) -> str:
        state = "proven" if self.proven else f"not proven, lower bound {self.lower_bound}"
        return (f"{self.board}: fewest presses {self.weight} ({state}); nullity {self.nullity}, "
                f"{self.subtrees} subtrees at depth {self.depth}: {self.tasks} run, "
                f"{self.pruned} pruned, {self.mirrored} mirrored by the board's symmetries, "
                f"{self.skipped} skipped from the checkpoint; "
                f"{self.elapsed:.1f} s on {self.workers} workers")


class _Bounds:
    """The cheap bounds of the groups of subtrees (ancestors at depth min(depth, BOUND_DEPTH)) and
    how many subtrees of each are still open, for the proven lower bound and for pruning."""

    def __init__(self, board, depth: int, bound_depth: int = BOUND_DEPTH):
        self.group_depth = min(depth, bound_depth)
        self.shift = depth - self.group_depth
        self.bound = [board.bound(self.group_depth, g) for g in range(1 << self.group_depth)]
        self.open = [1 << self.shift] * (1 << self.group_depth)
        self.by_value = Counter()
        for g, b in enumerate(self.bound):
            self.by_value[b] += 1
        self.extra: Counter = Counter()  # lower bounds of timed-out subtrees, kept open

    def close(self, prefix: int, count: int = 1) -> None:
        g = prefix >> self.shift
        self.open[g] -= count
        if self.open[g] == 0:
            self.by_value[self.bound[g]] -= 1
            if self.by_value[self.bound[g]] == 0:
                del self.by_value[self.bound[g]]

    def lower_bound(self, best: Optional[int]) -> int:
        values = list(self.by_value) + list(self.extra)
        if best is not None:
            values.append(best)
        return min(values) if values else 0


def search(spec: BoardSpec, client, depth: Optional[int] = None,
           checkpoint: Optional[str] = None, subtree_seconds: float = 0.0,
           seconds: float = 0.0, stop_after: Optional[int] = None,
           on_progress: Optional[Callable[[Progress], None]] = None,
           on_result: Optional[Callable[[Dict, Progress], None]] = None,
           progress_every: float = 5.0, window: Optional[int] = None,
           sample: Optional[int] = None, sample_seed: int = 1, batch: Optional[int] = None,
           task_target: float = 0.5) -> SearchResult:
    """The fewest presses of spec's board on the Dask cluster of `client`.

    depth: the split (default: default_depth of the nullity). checkpoint: a file of finished
    subtrees, read when it exists (those are skipped) and appended to. subtree_seconds: a time
    cap per task (0: none; a subtree that hits it stays open, with its proven bound). seconds: a
    cap for the whole run (0: none). stop_after: stop once that many subtrees are closed in this
    run (the checkpoint keeps them). on_progress: called every `progress_every` seconds and at
    the end; on_result after every subtree's result. batch: subtrees a task (default: adapted so
    that a task takes about `task_target` seconds of the engine's time). sample: run only that many subtrees picked at random
    among those the board's symmetries leave to search (see canonical_fraction)
    (to measure the rate of a search too large to finish); the result is then not proven.
    Raises ValueError for a board the search does not take (more than 64 quiet patterns, more
    than two states, no solution) and CheckpointError for a checkpoint of another search."""
    from distributed import Variable, as_completed

    board = research_board(spec)
    d = board.nullity
    depth = default_depth(d, kept=board.kept) if depth is None else depth
    if not 0 <= depth <= min(d, 62):
        raise ValueError(f"depth must be 0..{min(d, 62)} for nullity {d}, got {depth}")
    start = time.perf_counter()
    cp = Checkpoint.open(checkpoint, spec.key, depth, d)
    try:
        threads = sum(client.nthreads().values()) or 1
        window = window or 2 * threads + 2
        # The greedy descent's solution, weighed here from its presses (whatever the engine
        # reports for a search of no steps).
        _, found0, _, _, comb0 = board.probe(0, 0)
        best_comb = int(comb0) if found0 else 0
        best = int(board.presses(best_comb).sum())
        if (e := cp.best()) is not None and e.weight < best:
            best, best_comb = e.weight, e.combination
        # A sample closes too few subtrees for the groups' bounds to matter: the root's is kept.
        bounds = _Bounds(board, depth, 0 if sample is not None else BOUND_DEPTH)
        total = 1 << depth
        skipped = 0
        for (dep, prefix), e in cp.entries.items():
            if e.proven and dep == depth:
                bounds.close(prefix)
                skipped += 1
        variable_name = f"lightsout-best-{uuid.uuid4().hex}"
        variable = Variable(variable_name, client=client)
        variable.set(best)

        counts = {"done": skipped, "pruned": 0, "mirrored": 0, "tasks": 0, "timed_out": 0}
        task_seconds = 0.0
        log: List[Progress] = []

        def progress() -> Progress:
            elapsed = time.perf_counter() - start
            ran = counts["done"] - skipped
            projected = None
            if ran > 0 and counts["done"] < total and sample is None:
                projected = elapsed + (total - counts["done"]) * elapsed / ran
            elif counts["done"] >= total:
                projected = elapsed
            return Progress(total, counts["done"], skipped, counts["pruned"], counts["mirrored"],
                            counts["tasks"],
                            counts["timed_out"], best, bounds.lower_bound(best), elapsed,
                            projected)

        def pending() -> Iterator[int]:
            if sample is not None:
                # Subtrees the symmetries search (canonical ones), picked at random.
                rng = random.Random(sample_seed)
                if total <= 4 * sample:
                    pool = [p for p in range(total) if board.canonical(depth, p)]
                    picks = rng.sample(pool, min(sample, len(pool)))
                else:
                    picks, seen = [], set()
                    for _ in range(64 * sample):
                        if len(picks) == sample:
                            break
                        p = rng.randrange(total)
                        if p not in seen:
                            seen.add(p)
                            if board.canonical(depth, p):
                                picks.append(p)
                for p in picks:
                    if not cp.finished(depth, p):
                        yield p
                return
            for g in range(1 << bounds.group_depth):
                if bounds.open[g] == 0:
                    continue
                if bounds.bound[g] >= best:  # every subtree of the group is closed
                    n = bounds.open[g]
                    bounds.close(g << bounds.shift, n)
                    counts["done"] += n
                    counts["pruned"] += n
                    if bounds.shift == 0:
                        cp.record(Entry(depth, g, None, None, bounds.bound[g], True))
                    continue
                for p in range(g << bounds.shift, (g + 1) << bounds.shift):
                    if cp.finished(depth, p):
                        continue
                    if not board.canonical(depth, p):
                        # The image of a subtree of smaller prefix: it weighs what that one
                        # does, whose result (or open bound) stands for both.
                        bounds.close(p)
                        counts["done"] += 1
                        counts["mirrored"] += 1
                        continue
                    yield p

        todo = pending()
        futures = as_completed()
        in_flight = 0
        stopped = False
        last_report = time.perf_counter()
        closed_this_run = 0

        exhausted = False

        def task_size() -> int:
            if batch is not None:
                return max(1, batch)
            ran = counts["tasks"]
            if ran < threads:  # nothing measured yet
                return 1
            mean = max(task_seconds / ran, 1e-6)
            return max(1, min(4096, int(task_target / mean)))

        def submit_more() -> None:
            nonlocal in_flight, exhausted
            while in_flight < window and not exhausted:
                prefixes: List[int] = []
                size = task_size()
                while len(prefixes) < size:
                    p = next(todo, None)
                    if p is None:
                        exhausted = True
                        break
                    prefixes.append(p)
                if not prefixes:
                    return
                futures.add(client.submit(
                    run_subtrees, spec, depth, prefixes, best, subtree_seconds, variable_name,
                    pure=False, key=f"subtrees-{depth}-{prefixes[0]}-{variable_name[-8:]}"))
                in_flight += 1

        def results() -> Iterator[Dict]:
            nonlocal in_flight
            for future in futures:
                in_flight -= 1
                yield from future.result()
                submit_more()

        submit_more()
        for r in results():
            counts["tasks"] += 1
            task_seconds += r["seconds"]
            if r["weight"] is not None and r["weight"] < best:
                best, best_comb = r["weight"], r["combination"]
                variable.set(best)
            entry = Entry(depth, r["prefix"], r["weight"], r["combination"], r["lower_bound"],
                          r["proven"], r["seconds"])
            cp.record(entry)
            if r["proven"]:
                bounds.close(r["prefix"])
                counts["done"] += 1
                closed_this_run += 1
            else:
                counts["timed_out"] += 1
                bounds.close(r["prefix"])
                bounds.extra[r["lower_bound"]] += 1
            now = time.perf_counter()
            if on_result is not None:
                on_result(r, progress())
            if (stop_after is not None and closed_this_run >= stop_after) or (
                    seconds > 0 and now - start >= seconds):
                stopped = True
                break
            if on_progress is not None and now - last_report >= progress_every:
                last_report = now
                p = progress()
                log.append(p)
                on_progress(p)
        if stopped:
            rest = list(futures.futures) if hasattr(futures, "futures") else []
            client.cancel(rest)
        else:
            # Whatever the window never sent (a group pruned after the last task) closes now.
            for _ in todo:
                pass
        final = progress()
        log.append(final)
        if on_progress is not None:
            on_progress(final)
        try:
            variable.delete()
        except Exception:
            pass
        # Subtrees never sent are open: their groups' bounds count in it, as do the timed-out
        # subtrees' own.
        lower = final.lower_bound
        proven = (not stopped and sample is None and counts["done"] >= total
                  and counts["timed_out"] == 0 and lower >= best)
        presses = board.presses(best_comb)
        if int(presses.sum()) != best:
            raise RuntimeError(f"the best combination weighs {int(presses.sum())}, not {best}")
        return SearchResult(spec.key, d, depth, total, best, min(lower, best), proven, best_comb,
                            presses, counts["done"], skipped, counts["pruned"],
                            counts["mirrored"], counts["tasks"],
                            counts["timed_out"], time.perf_counter() - start, task_seconds,
                            threads, stopped, log)
    finally:
        cp.close()
