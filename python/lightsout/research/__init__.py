"""lightsout.research: the fewest presses of the hardest boards as Dask jobs.

``python3 -m lightsout.research search ones:39x39 --workers 2`` splits one board's search into
independent subtrees run by the C++ engine on a Dask cluster (a LocalCluster here, or
``--scheduler tcp://HOST:8786``), with a checkpoint to resume from; ``sweep`` runs tables (every
all-ones m x n, or the torus n x n) one board a task. Guide: docs/research.md.
"""

from .board import BoardSpec, research_board
from .checkpoint import Checkpoint, CheckpointError
from .cluster import dask_client
from .search import (Progress, SearchResult, canonical_fraction, default_depth, run_subtrees,
                     search)

__all__ = ["BoardSpec", "Checkpoint", "CheckpointError", "Progress", "SearchResult",
           "canonical_fraction", "dask_client", "default_depth", "research_board",
           "run_subtrees", "search"]
