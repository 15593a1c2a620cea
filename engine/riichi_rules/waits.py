"""Tenpai: which tile kinds complete a hand (standard, seven pairs or thirteen orphans)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld
from riichi_rules.readings import (
    counts_of,
    is_thirteen_orphans,
    seven_pairs,
    standard_decompositions,
)
from riichi_rules.tiles import KINDS, Tile

__all__ = ["is_complete", "waits"]

_YAOCHUU = frozenset(k for k in KINDS if Tile.of(k).yaochuu)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a 34-count vector of concealed tiles (3n + 2 of them) is a complete hand.

    Seven pairs and thirteen orphans count only when there are 14 tiles (no melds).
    """
    c = tuple(counts)
    if standard_decompositions(c):
        return True
    return sum(c) == 14 and (seven_pairs(c) or is_thirteen_orphans(c))


@lru_cache(maxsize=1 << 14)
def _waits(counts: tuple[int, ...]) -> frozenset[int]:
    out: list[int] = []
    work = list(counts)
    # a tile that neither matches nor sits within two of a held tile of its suit would be
    # isolated (thirteen orphans aside), so only those kinds are tried
    candidates: set[int] = set()
    for k in KINDS:
        if counts[k]:
            if k >= 27:
                candidates.add(k)
            else:
                lo, hi = k - k % 9, k - k % 9 + 8
                candidates.update(range(max(lo, k - 2), min(hi, k + 2) + 1))
    if all(counts[k] == 0 for k in KINDS if k not in _YAOCHUU):
        candidates.update(_YAOCHUU)
    for k in sorted(candidates):
        work[k] += 1
        if is_complete(work):
            out.append(k)
        work[k] -= 1
    return frozenset(out)


def waits(concealed: Sequence[Tile], melds: Sequence[Meld] = ()) -> frozenset[int]:
    """The kinds that complete 13 - 3 * len(melds) concealed tiles.

    A kind the hand already holds all four of is still listed (callers decide tenpai rules).
    Raises InputError ``tile_count`` for a wrong number of tiles.
    """
    expected = 13 - 3 * len(melds)
    if len(concealed) != expected:
        raise InputError(
            "tile_count",
            f"{len(concealed)} concealed tiles with {len(melds)} melds: a hand waiting to win "
            f"has {expected}",
        )
    return _waits(counts_of(concealed))
