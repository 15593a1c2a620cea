"""Objects made once for the whole of a command: the modules of the scorer, a ruleset and its
program. Python's cyclic garbage collector would walk them again and again while they are
made (a cold ``riichi score`` spent some 6 to 9 ms of its 90 in collections that found
nothing to free) and at every full collection afterwards."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["lasting"]


@contextmanager
def lasting() -> Iterator[None]:
    """Make the objects of the block with the collector paused, then set them aside from its
    later collections (``gc.freeze``: they are kept to the end anyway). The collector is
    left as it was found (a caller that paused it keeps it paused)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
