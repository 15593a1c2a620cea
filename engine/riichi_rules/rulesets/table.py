"""The table a ruleset is played at, as its parameters say: the players (their seats), the
tiles of the set (the kinds a ruleset takes out, e.g. 2m to 8m with three players, and its red
fives, the dead wall), and whether chi and kita are played. Vocabulary for the scorer and the
referee: the rules themselves say what a seat, a tile or a kita does."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.tiles import WINDS, Tile, Wind, parse_tiles

__all__ = ["Table"]

_KINDS = 34
_FIVES = (4, 13, 22)  # the kinds 5m, 5p, 5s: a red five of a suit is one of its four fives


class Table(NamedTuple):  # not a dataclass: quicker to define at import
    """The ruleset's table: ``players`` (seated East, South ... as many), ``removed`` the tile
    kinds taken out of the set, ``chi`` and ``kita`` whether they are played, ``red_fives``
    how many suits have one of their fives red (``rule.red_fives``), ``dead_wall`` the tiles
    not drawn in turn (``rule.dead_wall``)."""

    players: int
    removed: frozenset[int]
    chi: bool
    kita: bool
    red_fives: int = 0
    dead_wall: int = 14

    @staticmethod
    @cache
    def of(config: RulesetConfig) -> Table:
        params = config.parameters
        removed = params.get("removed_tiles") or ()
        kinds = frozenset(t.kind for t in parse_tiles("".join(removed)))  # type: ignore[arg-type]
        return Table(int(params.get("players") or 4), kinds,  # type: ignore[call-overload]
                     params.get("chi", True) is not False, params.get("kita") is True,
                     int(params.get("red_fives") or 0),  # type: ignore[call-overload]
                     int(params.get("dead_wall", 14)))  # type: ignore[call-overload]

    @property
    def seats(self) -> tuple[Wind, ...]:
        """The seat winds of the players, East first."""
        return WINDS[:self.players]

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds in the set (0..33 but the removed ones)."""
        return tuple(k for k in range(_KINDS) if k not in self.removed)

    @property
    def live_wall(self) -> int:
        """The tiles drawn in turn in a hand (a replacement tile included): the set less the
        dead wall and the deal, 13 tiles to each player (136 - 14 - 52 = 70 with four
        players; 108 - 14 - 39 = 55 with three)."""
        return 4 * len(self.kinds) - self.dead_wall - 13 * self.players

    def tile_set(self) -> tuple[Tile, ...]:
        """Every tile of the set: four of each kind in it, one five of each of the first
        ``red_fives`` suits red (a suit whose five is out of the set has none)."""
        red = set(_FIVES[:min(self.red_fives, 3)])
        out: list[Tile] = []
        for kind in self.kinds:
            if kind in red:
                out += [Tile.of(kind, True), *[Tile.of(kind)] * 3]
            else:
                out += [Tile.of(kind)] * 4
        return tuple(out)
