"""One function over many items (files, most often), with the results in the items' order:
in this process, in ``jobs`` processes on this machine, or on a Dask cluster (``cluster``:
``"local"``, a cluster of ``jobs`` worker processes started for the run, or the address of a
running ``dask.distributed`` scheduler, ``tcp://HOST:PORT``).

The function and the items go to the workers by pickle, so the function must be a module's
own (not a lambda) and the workers must have the same riichi-rules installed. Whatever the
function returns, including a report of a bad file, comes back the same way from every
engine, so that a command gathers the same output from each. An exception the function
raises is raised again here. A process that dies (killed, out of memory) while it runs the
function costs only the item it died on, when the caller says what stands for a lost item
(``lost``): the items it held are run again one at a time, and the one it dies on again is
given ``lost(item)`` (on a cluster, the items of a task Dask gives up on after its retries
are run again alone, and one that Dask gives up on alone is lost). Dask is the
optional ``cluster`` extra; without it, or without a scheduler to reach,
:class:`ClusterError` says so.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

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


def run_all(fn: Callable[[T], R], items: Iterable[T], jobs: int = 1,
            cluster: str | None = None, chunk: int = 1,
            lost: Callable[[T], R] | None = None) -> Iterator[R]:
    """``fn`` of each item, in order (the items are read as they are needed: a stream will
    do). ``jobs``: processes on this machine (with ``cluster`` ``local``: the local cluster's
    workers; default one a processor). ``chunk``: items a process or worker takes at a time.
    ``lost``: the result of an item whose process died (without it, the death is raised:
    ``BrokenProcessPool``, or Dask's ``KilledWorker``)."""
    if cluster is not None:
        return _on_cluster(fn, items, cluster, jobs, chunk, lost)
    if jobs > 1 and not (isinstance(items, Sized) and len(items) <= 1):
        return _in_processes(fn, items, jobs, chunk, lost)
    return map(fn, items)


def _chunks(items: Iterable[T], chunk: int) -> Iterator[list[T]]:
    it = iter(items)
    while part := list(islice(it, max(chunk, 1))):
        yield part


def _in_processes(fn: Callable[[T], R], items: Iterable[T], jobs: int, chunk: int,
                  lost: Callable[[T], R] | None) -> Iterator[R]:
    """The chunks in ``jobs`` processes, a few ahead of the one whose results are given;
    after a death, the items in flight are run again one at a time (a death then is the
    item's: ``lost(item)``), and the chunks after them go on as before."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    chunks = _chunks(items, chunk)
    pool = ProcessPoolExecutor(max_workers=jobs)
    flight: deque[tuple[list[T], Future[list[R]]]] = deque()
    try:
        while True:
            while len(flight) < jobs * _AHEAD:
                part = next(chunks, None)
                if part is None:
                    break
                flight.append((part, pool.submit(_each, fn, part)))
            if not flight:
                return
            part, future = flight.popleft()
            try:
                results = future.result()
            except BrokenProcessPool:
                if lost is None:
                    raise
                pool.shutdown(wait=False, cancel_futures=True)
                again = [item for p in [part, *(p for p, _ in flight)] for item in p]
                flight.clear()
                pool = ProcessPoolExecutor(max_workers=jobs)
                for item in again:  # one at a time, so that a death is the item's
                    try:
                        result = pool.submit(fn, item).result()
                    except BrokenProcessPool:
                        pool.shutdown(wait=False, cancel_futures=True)
                        pool = ProcessPoolExecutor(max_workers=jobs)
                        result = lost(item)
                    yield result
                continue
            yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _each(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    """On a worker: ``fn`` of each item of a chunk."""
    return [fn(item) for item in chunk]


def _on_cluster(fn: Callable[[T], R], items: Iterable[T], cluster: str, jobs: int,
                chunk: int, lost: Callable[[T], R] | None) -> Iterator[R]:
    check_cluster(cluster)
    client, local = _client(cluster, jobs)
    from importlib import import_module

    killed: type[Exception] = import_module("distributed").KilledWorker

    def results(part: list[T], future: Any) -> list[R]:
        """The chunk's results; when Dask gave it up (its workers died), each item's alone,
        ``lost(item)`` for the one that kills its worker."""
        try:
            return list(future.result())
        except killed:
            if lost is None:
                raise
        # Dask gives up on every task that was on a worker when it died that often, the
        # neighbours of the item that kills it too: each is run again alone, and only an
        # item that kills its worker alone is lost
        out = []
        for item in part:
            try:
                out.append(client.submit(fn, item, pure=False).result())
            except killed:
                out.append(lost(item))
        return out

    try:
        workers = max(len(client.scheduler_info(n_workers=-1).get("workers", {})), 1)
        pending: deque[tuple[list[T], Any]] = deque()
        for part in _chunks(items, chunk):
            pending.append((part, client.submit(_each, fn, part, pure=False)))
            if len(pending) > workers * _AHEAD:
                yield from results(*pending.popleft())
        while pending:
            yield from results(*pending.popleft())
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
        # one retry after a death (Dask's default is three): the run alone that follows a
        # death is the test that matters, and each retry costs a worker
        with import_module("dask").config.set({"distributed.scheduler.allowed-failures": 1}):
            local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=logging.CRITICAL)
        return Client(local), local
    try:  # within Dask's own connect timeout (distributed.comm.timeouts.connect)
        return Client(cluster), None
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {cluster}: {error}") from None
