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
