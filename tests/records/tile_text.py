"""Tiles written in the notation, for the record readers' tests."""

from __future__ import annotations

from riichi_rules.tiles import Tile, parse_tiles


def tiles(text: str) -> tuple[Tile, ...]:
    """The tiles of ``text``, sorted (as a reader gives a hand)."""
    return tuple(sorted(parse_tiles(text)))


def one(text: str) -> Tile:
    (tile,) = parse_tiles(text)
    return tile
