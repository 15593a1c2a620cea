"""Tiles, suits, winds and the mpsz notation (``123m456p11z``, ``0m`` = red five man).

A tile is ``Tile(kind, red)``: ``kind`` 0..33 (``1m``..``9m`` = 0..8, ``1p``..``9p`` = 9..17,
``1s``..``9s`` = 18..26, ``1z``..``7z`` = 27..33: East South West North White Green Red).
Use :meth:`Tile.of` for interned instances; every property is a table lookup by kind.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any

from riichi_rules.errors import InputError

__all__ = [
    "KINDS",
    "NotationError",
    "Suit",
    "Tile",
    "Wind",
    "dora_of",
    "format_tiles",
    "parse_tiles",
]

KINDS = range(34)
"""Every tile kind, 0..33."""

RED_KINDS = (4, 13, 22)
"""The kinds that have a red copy: 5m, 5p, 5s."""


class NotationError(InputError):
    """Bad mpsz notation. ``code`` is ``"unknown_tile"`` (e.g. ``8z``) or ``"bad_notation"``."""


class Suit(StrEnum):
    """The four suits; the value is the mpsz letter."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOUR = "z"


_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOUR)
_SUIT_OF_LETTER = {s.value: s for s in _SUITS}
_SUIT: tuple[Suit, ...] = tuple(_SUITS[k // 9] for k in KINDS)
_NUMBER: tuple[int, ...] = tuple(k % 9 + 1 for k in KINDS)
_HONOUR: tuple[bool, ...] = tuple(k >= 27 for k in KINDS)
_TERMINAL: tuple[bool, ...] = tuple(k < 27 and k % 9 in (0, 8) for k in KINDS)
_SIMPLE: tuple[bool, ...] = tuple(k < 27 and k % 9 not in (0, 8) for k in KINDS)
_WIND: tuple[bool, ...] = tuple(27 <= k <= 30 for k in KINDS)
_DRAGON: tuple[bool, ...] = tuple(k >= 31 for k in KINDS)
_YAOCHUU: tuple[bool, ...] = tuple(_TERMINAL[k] or _HONOUR[k] for k in KINDS)
_GREEN_KINDS = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z
_GREEN: tuple[bool, ...] = tuple(k in _GREEN_KINDS for k in KINDS)
TILE_PROPERTY_TABLES: dict[str, tuple[bool, ...]] = {
    "simple": _SIMPLE, "terminal": _TERMINAL, "honour": _HONOUR, "wind": _WIND,
    "dragon": _DRAGON, "yaochuu": _YAOCHUU, "green": _GREEN,
    "suited": tuple(not honour for honour in _HONOUR),
}
"""The properties a tile has by its kind alone, each as a table by kind."""

_DORA: tuple[int, ...] = tuple(
    (k // 9) * 9 + (k % 9 + 1) % 9
    if k < 27
    else (27 + (k - 27 + 1) % 4 if k <= 30 else 31 + (k - 31 + 1) % 3)
    for k in KINDS
)


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: ``kind`` 0..33 and ``red`` for a red five. Prefer :meth:`Tile.of`."""

    kind: int
    red: bool = False
    # derived at construction (rules read them often; tiles are interned): the suit, the
    # number, and each property of TILE_PROPERTY_TABLES
    suit: Suit = field(init=False, compare=False, repr=False)
    number: int = field(init=False, compare=False, repr=False)
    simple: bool = field(init=False, compare=False, repr=False)  # 2..8 of a suit
    terminal: bool = field(init=False, compare=False, repr=False)  # 1 or 9 of a suit
    honour: bool = field(init=False, compare=False, repr=False)
    wind: bool = field(init=False, compare=False, repr=False)
    dragon: bool = field(init=False, compare=False, repr=False)
    yaochuu: bool = field(init=False, compare=False, repr=False)  # a terminal or an honour
    green: bool = field(init=False, compare=False, repr=False)  # 2s 3s 4s 6s 8s 6z
    suited: bool = field(init=False, compare=False, repr=False)  # not an honour

    def __post_init__(self) -> None:
        if not (type(self.kind) is int and 0 <= self.kind <= 33):
            raise ValueError(f"tile kind must be an int 0..33, not {self.kind!r}")
        if self.red and self.kind not in RED_KINDS:
            raise ValueError(f"only fives can be red, not kind {self.kind}")
        object.__setattr__(self, "suit", _SUIT[self.kind])
        object.__setattr__(self, "number", _NUMBER[self.kind])
        for name, table in TILE_PROPERTY_TABLES.items():
            object.__setattr__(self, name, table[self.kind])

    def __eq__(self, other: object) -> bool:
        # tiles are interned (Tile.of), so identity settles most comparisons quickly
        if self is other:
            return True
        if type(other) is not Tile:
            return NotImplemented
        return self.kind == other.kind and self.red == other.red

    def __hash__(self) -> int:
        return self.kind * 2 + self.red

    # ordered by kind, a red five after the plain one: written out, not the dataclass's
    # order=True, which refuses a class compiled by mypyc (it has these slots already)
    def __lt__(self, other: object) -> bool:
        if type(other) is not Tile:
            return NotImplemented
        return (self.kind, self.red) < (other.kind, other.red)

    def __le__(self, other: object) -> bool:
        if type(other) is not Tile:
            return NotImplemented
        return (self.kind, self.red) <= (other.kind, other.red)

    def __gt__(self, other: object) -> bool:
        if type(other) is not Tile:
            return NotImplemented
        return (self.kind, self.red) > (other.kind, other.red)

    def __ge__(self, other: object) -> bool:
        if type(other) is not Tile:
            return NotImplemented
        return (self.kind, self.red) >= (other.kind, other.red)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied as the interned tile (the dataclass's way, field by field, fails
        # on the form mypyc compiles: a frozen dataclass refuses it)
        return Tile.of, (self.kind, self.red)

    @staticmethod
    def of(kind: int, red: bool = False) -> Tile:
        """The interned tile of this kind (and redness)."""
        if red:
            return _RED_TILES[kind]
        return _TILES[kind]

    def __str__(self) -> str:
        return _NAMES_RED[self.kind] if self.red else _NAMES[self.kind]


_NAMES: tuple[str, ...] = tuple(f"{_NUMBER[k]}{_SUIT[k].value}" for k in KINDS)
_NAMES_RED: tuple[str, ...] = tuple(f"0{_SUIT[k].value}" for k in KINDS)
_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in KINDS)
_RED_TILES: dict[int, Tile] = {k: Tile(k, True) for k in RED_KINDS}
# notation: suit letter -> digit -> tile (0 = the red five; honours 1z..7z only)
_BY_LETTER: dict[str, dict[str, Tile]] = {
    letter: {
        str(d): (_RED_TILES[suit * 9 + 4] if d == 0 and suit < 3 else _TILES[suit * 9 + d - 1])
        for d in range(10)
        if (suit < 3) or 1 <= d <= 7
    }
    for suit, letter in enumerate("mpsz")
}


def _tile_from(digit: str, letter: str, position: int, text: str) -> Tile:
    number = ord(digit) - 48
    suit = _SUITS.index(_SUIT_OF_LETTER[letter])
    if suit == 3:
        if not 1 <= number <= 7:
            raise NotationError(
                "unknown_tile",
                f"unknown tile '{digit}z' at position {position + 1} in '{text}': "
                "honours are 1z..7z (East South West North White Green Red)",
            )
        return _TILES[27 + number - 1]
    if number == 0:
        return _RED_TILES[suit * 9 + 4]
    return _TILES[suit * 9 + number - 1]


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse mpsz notation with compressed runs (``"123m0p11z"``). Raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError("bad_notation", f"tiles must be written as a string, not {text!r}")
    return _parse(text)


@lru_cache(maxsize=8192)
def _parse(text: str) -> tuple[Tile, ...]:
    """:func:`parse_tiles` on a string, remembered (the result is immutable)."""
    out: list[Tile] = []
    pending: list[str] = []  # digits waiting for their suit letter
    for ch in text:
        if "0" <= ch <= "9":
            pending.append(ch)
            continue
        row = _BY_LETTER.get(ch)
        if row is None or not pending:
            break  # not notation: _explain() says what is wrong, and where
        for digit in pending:
            tile = row.get(digit)
            if tile is None:
                break
            out.append(tile)
        else:
            pending.clear()
            continue
        break
    else:
        if not pending:
            return tuple(out)
    raise _explain(text)


def _explain(text: str) -> NotationError:
    """The first problem in a text that is not tile notation."""
    pending: list[int] = []  # positions of digits waiting for their suit letter
    for i, ch in enumerate(text):
        if "0" <= ch <= "9":
            pending.append(i)
        elif ch in _SUIT_OF_LETTER:
            if not pending:
                return NotationError(
                    "bad_notation",
                    f"suit letter '{ch}' at position {i + 1} in '{text}' has no numbers before it",
                )
            for p in pending:
                try:
                    _tile_from(text[p], ch, p, text)
                except NotationError as error:
                    return error
            pending.clear()
        else:
            return NotationError(
                "bad_notation",
                f"unexpected character {ch!r} at position {i + 1} in '{text}': "
                "write tiles as numbers followed by a suit letter m, p, s or z (e.g. 123m11z)",
            )
    return NotationError(
        "bad_notation",
        f"the numbers from position {pending[0] + 1 if pending else 1} in '{text}' have no "
        "suit letter (m, p, s or z) after them",
    )


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compressed mpsz, keeping the order and merging consecutive tiles of one suit."""
    if type(tiles) is tuple:  # a group's tiles, shared by the groups alike: remembered
        known = _FORMATTED.get(id(tiles))
        if known is not None and known[0] is tiles:
            return known[1]
    parts: list[str] = []
    letter = ""
    for t in tiles:
        name = _NAMES_RED[t.kind] if t.red else _NAMES[t.kind]
        if name[1] != letter and letter:
            parts.append(letter)
        letter = name[1]
        parts.append(name[0])
    if letter:
        parts.append(letter)
    text = "".join(parts)
    if type(tiles) is tuple:
        if len(_FORMATTED) >= 4096:  # a bound on memory
            _FORMATTED.clear()
        _FORMATTED[id(tiles)] = (tiles, text)  # the tuple is kept: its id stays its own
    return text


_FORMATTED: dict[int, tuple[Iterable[Tile], str]] = {}


def dora_of(indicator: Tile) -> int:
    """The kind a dora indicator points at (9m -> 1m, 4z -> 1z, 7z -> 5z)."""
    return _DORA[indicator.kind]


class Wind(StrEnum):
    """A seat or round wind."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"

    @property
    def tile_kind(self) -> int:
        """27..30 (the kinds of 1z..4z)."""
        return _WIND_KIND[self]

    @classmethod
    def parse(cls, text: object) -> Wind:
        """Accept ``E``/``east``/``1z`` etc. (any case); else raise InputError ``bad_field``."""
        if isinstance(text, Wind):
            return text
        if isinstance(text, str):
            found = _WIND_NAMES.get(text.strip().lower())
            if found is not None:
                return found
        raise InputError(
            "bad_field",
            f"{text!r} is not a wind: write E, S, W or N (or east, south, west, north, 1z..4z)",
        )


WINDS: tuple[Wind, ...] = (Wind.E, Wind.S, Wind.W, Wind.N)  # in seat order: index 0 is East
_WIND_KIND = {wind: 27 + i for i, wind in enumerate(WINDS)}
_WIND_NAMES: dict[str, Wind] = {}
for _w, _name, _z in (
    (Wind.E, "east", "1z"),
    (Wind.S, "south", "2z"),
    (Wind.W, "west", "3z"),
    (Wind.N, "north", "4z"),
):
    _WIND_NAMES[_w.value.lower()] = _w
    _WIND_NAMES[_name] = _w
    _WIND_NAMES[_z] = _w
