"""riichi_rules.cli.lasting: the collector paused in the block, its objects frozen after."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from riichi_rules.cli.lasting import lasting


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    was_on = gc.isenabled()
    yield
    gc.unfreeze()  # what a test froze goes back to the collector's care
    if was_on:
        gc.enable()


def test_the_collector_is_paused_in_the_block_and_resumed_after() -> None:
    gc.enable()
    with lasting():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_paused_collector_stays_paused() -> None:
    gc.disable()
    with lasting():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_what_the_block_made_is_frozen_out_of_later_collections() -> None:
    gc.unfreeze()
    with lasting():
        made = [[] for _ in range(100)]  # containers: objects the collector tracks
    assert gc.get_freeze_count() >= len(made)


def test_an_error_in_the_block_resumes_the_collector() -> None:
    gc.enable()
    with pytest.raises(ValueError), lasting():
        raise ValueError("a ruleset that does not load")
    assert gc.isenabled()
