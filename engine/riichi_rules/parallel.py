"""One function over many items (files, most often), with the results in the items' order:
in this process, in ``jobs`` processes on this machine, or on a Dask cluster (``cluster``:
``"local"``, a cluster of ``jobs`` worker processes started for the run, or the address of a
running ``dask.distributed`` scheduler, ``tcp://HOST:PORT``).

The function and the items go to the workers by pickle, so the function must be a module's
own (not a lambda) and the workers must have the same riichi-rules installed. Whatever the
function returns, including a report of a bad file, comes back the same way from every
engine, so that a command gathers the same output from each. An exception the function
raises is raised again here. Dask is the optional ``cluster`` extra; without it, or without a
scheduler to reach, :class:`ClusterError` says so.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"
_AHEAD = 4  # tasks kept waiting on a cluster for each worker, beyond the one it runs
_INSTALL = "pip install 'riichi-rules[cluster]'"


class ClusterError(Exception):
    """The cluster cannot be used: Dask is missing, or the scheduler cannot be reached."""


def check_cluster(cluster: str) -> str:
    """``cluster`` as given if it names a cluster (``local`` or ``tcp://HOST:PORT``, or any
    address ``dask.distributed`` takes: ``tls://``, ``ucx://``...); else :class:`ClusterError`
    saying what is wrong. Dask's presence is checked too."""
    if cluster != LOCAL and "://" not in cluster:
        raise ClusterError(f"--cluster takes 'local' or a scheduler's address such as "
                           f"tcp://HOST:8786, not {cluster!r}")
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed scheduler, which is not "
                           f"installed: {_INSTALL}") from None
    return cluster


def run_all(fn: Callable[[T], R], items: Sequence[T], jobs: int = 1,
            cluster: str | None = None, chunk: int = 1) -> Iterator[R]:
    """``fn`` of each item, in order. ``jobs``: processes on this machine (with ``cluster``
    ``local``: the local cluster's workers; default one a processor). ``chunk``: items a
    process or worker takes at a time."""
    if cluster is not None:
        return _on_cluster(fn, items, cluster, jobs, chunk)
    if jobs > 1 and len(items) > 1:
        return _in_processes(fn, items, jobs, chunk)
    return map(fn, items)


def _in_processes(fn: Callable[[T], R], items: Sequence[T], jobs: int, chunk: int
                  ) -> Iterator[R]:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(fn, items, chunksize=chunk)


def _each(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    """On a worker: ``fn`` of each item of a chunk."""
    return [fn(item) for item in chunk]


def _on_cluster(fn: Callable[[T], R], items: Sequence[T], cluster: str, jobs: int, chunk: int
                ) -> Iterator[R]:
    check_cluster(cluster)
    client, local = _client(cluster, jobs)
    try:
        workers = max(len(client.scheduler_info(n_workers=-1).get("workers", {})), 1)
        chunks = (list(items[i:i + chunk]) for i in range(0, len(items), chunk))
        pending: deque[Any] = deque()
        for part in chunks:
            pending.append(client.submit(_each, fn, part, pure=False))
            if len(pending) > workers * _AHEAD:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        client.close()
        if local is not None:
            local.close()


def _client(cluster: str, jobs: int) -> tuple[Any, Any]:
    """A client of the cluster, and the local cluster started for it (None for a running
    scheduler)."""
    import logging
    from importlib import import_module

    dask: Any = import_module("distributed")  # untyped: used as Any
    Client, LocalCluster = dask.Client, dask.LocalCluster
    if cluster == LOCAL:
        workers = jobs if jobs > 1 else (os.cpu_count() or 1)
        # logs silenced: a worker may log a traceback when the scheduler closes before it
        # at the end (a task's own exception still comes back through its future)
        local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                             dashboard_address=None, silence_logs=logging.CRITICAL)
        return Client(local), local
    try:
        return Client(cluster, timeout="10s"), None
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {cluster}: {error}") from None
