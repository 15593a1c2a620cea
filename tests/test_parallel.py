"""run_all: a function over items in this process, in processes and on a local Dask cluster,
the results in the items' order, a worker's exception raised again here."""

from __future__ import annotations

import pytest

from riichi_rules.parallel import ClusterError, check_cluster, run_all


def _square(n: int) -> int:
    return n * n


def _refuse(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


ITEMS = [5, 1, 4, 2, 3, 9, 0, 7]
SQUARES = [25, 1, 16, 4, 9, 81, 0, 49]  # each item times itself


def test_one_process_and_processes_keep_the_order() -> None:
    assert list(run_all(_square, ITEMS)) == SQUARES
    assert list(run_all(_square, ITEMS, jobs=2)) == SQUARES
    assert list(run_all(_square, ITEMS, jobs=2, chunk=3)) == SQUARES
    assert list(run_all(_square, [], jobs=2)) == []


def test_a_local_cluster_keeps_the_order_and_raises_again() -> None:
    assert list(run_all(_square, ITEMS, jobs=2, cluster="local", chunk=3)) == SQUARES
    with pytest.raises(ValueError, match="three"):
        list(run_all(_refuse, ITEMS, jobs=2, cluster="local"))


def test_processes_raise_again() -> None:
    with pytest.raises(ValueError, match="three"):
        list(run_all(_refuse, ITEMS, jobs=2))


def test_what_a_cluster_is() -> None:
    assert check_cluster("local") == "local"
    assert check_cluster("tcp://10.0.0.1:8786") == "tcp://10.0.0.1:8786"
    with pytest.raises(ClusterError, match=r"not 'tcp:10\.0\.0\.1'"):
        check_cluster("tcp:10.0.0.1")


def _dies_on_three(n: int) -> int:
    """Kills its process (as the machine running out of memory would) on 3."""
    if n == 3:
        import os

        os._exit(1)
    return n * n


def _lost(n: int) -> int:
    return -n


# the squares, and -3 for the item whose process died
SQUARES_BUT_THREE = [25, 1, 16, 4, -3, 81, 0, 49]


def test_a_dead_process_costs_its_item_alone() -> None:
    # the chunk of 3 holding the 3 dies; it and the chunks in flight run again one item at a
    # time: the 3 kills a process again and is lost, the others give their squares
    assert list(run_all(_dies_on_three, ITEMS, jobs=2, lost=_lost)) == SQUARES_BUT_THREE
    assert list(run_all(_dies_on_three, ITEMS, jobs=2, chunk=3, lost=_lost)) \
        == SQUARES_BUT_THREE
    from concurrent.futures.process import BrokenProcessPool

    with pytest.raises(BrokenProcessPool):  # no 'lost': the death is raised
        list(run_all(_dies_on_three, ITEMS, jobs=2))


def test_a_dead_cluster_worker_costs_its_item_alone() -> None:
    # Dask runs a task again after its worker died (3 times by default), then gives it up
    # (KilledWorker): that item is lost, the others are the same as in one process
    assert list(run_all(_dies_on_three, ITEMS, jobs=2, cluster="local", chunk=3,
                        lost=_lost)) == SQUARES_BUT_THREE
