"""A proven lower bound on a board's fewest presses, best first: the open subtrees of the kernel
coordinates' tree in a heap by their cheap bound (ResearchBoard.bound); the least is split into
its two children (whose bounds are never below it) until the time is up. The least bound in the
heap is proven at every moment, and only grows."""

from __future__ import annotations

import heapq
import time
from typing import Optional, Tuple


def best_first_bound(board, seconds: float, upper: Optional[int] = None,
                     max_nodes: int = 2_000_000) -> Tuple[int, int, int]:
    """(lower bound, nodes split, deepest depth reached) after `seconds` of splitting; stops
    early at `upper` (a known solution's weight: the bound cannot pass it) or when the least
    subtree is a single solution (the bound is then exact)."""
    d = board.nullity
    heap = [(board.bound(0, 0), 0, 0)]
    end = time.perf_counter() + seconds
    split = deepest = 0
    while heap and time.perf_counter() < end and len(heap) < max_nodes:
        b, depth, prefix = heap[0]
        if (upper is not None and b >= upper) or depth == d:
            break
        heapq.heappop(heap)
        for bit in (0, 1):
            child = (prefix << 1) | bit
            heapq.heappush(heap, (max(b, board.bound(depth + 1, child)), depth + 1, child))
        split += 1
        deepest = max(deepest, depth + 1)
    lower = heap[0][0] if heap else 0
    return (min(lower, upper) if upper is not None else lower), split, deepest
