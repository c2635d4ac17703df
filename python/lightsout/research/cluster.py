"""Where the tasks run: a LocalCluster of single-threaded worker processes on this machine, or an
existing Dask cluster by its scheduler's address (SSH, SLURM, Kubernetes: the same code)."""

from __future__ import annotations

import contextlib
import logging
from typing import Iterator, Optional


@contextlib.contextmanager
def dask_client(scheduler: Optional[str] = None, workers: int = 2,
                quiet: bool = True) -> Iterator[object]:
    """A distributed.Client: connected to `scheduler` (tcp://HOST:8786), else to a new
    LocalCluster of `workers` processes of one thread each (one core each; the engine releases
    the GIL, but a process per worker keeps one slow subtree from holding up another)."""
    from distributed import Client, LocalCluster

    if quiet:
        for name in ("distributed", "distributed.nanny", "distributed.scheduler",
                     "distributed.worker", "distributed.core"):
            logging.getLogger(name).setLevel(logging.ERROR)
    if scheduler:
        client = Client(scheduler)
        try:
            yield client
        finally:
            client.close()
        return
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.ERROR if quiet else None)
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
