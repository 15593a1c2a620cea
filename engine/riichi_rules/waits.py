"""Tenpai: which tile kinds complete a hand (standard, seven pairs or thirteen orphans)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld
from riichi_rules.readings import (
    completing_kinds,
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
    out = set(completing_kinds(counts, candidates))
    if sum(counts) == 13:  # no melds: seven pairs and thirteen orphans too (is_complete)
        out.update(_seven_pairs_or_orphans(counts))
    return frozenset(out)


def _seven_pairs_or_orphans(counts: tuple[int, ...]) -> list[int]:
    """The kinds that make 13 tiles seven pairs or thirteen orphans. Seven pairs: 14 tiles in
    seven pairs were six pairs and a single, the wait. Thirteen orphans: 14 terminals and
    honours, each of the 13 kinds among them, were 13 of them, all 13 kinds (each a wait) or
    12 kinds and a pair (the kind missing, the wait)."""
    if counts.count(2) == 6 and counts.count(1) == 1:
        return [counts.index(1)]
    if sum(counts[k] for k in _YAOCHUU) == 13:
        missing = [k for k in _YAOCHUU if not counts[k]]
        if len(missing) <= 1:
            return missing or sorted(_YAOCHUU)
    return []


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
