"""The vocabulary of the rules language: the names a rule can use, their types and their
meaning in Python. Nothing here is named after or shaped for one yaku: rules build yaku from
these tiles, groups, readings, waits, counts and quantifiers.

Each entry carries a short English phrase; the documentation renders conditions with them.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from riichi_rules.hand import Win
from riichi_rules.readings import Form, Group, Reading, Shape, Wait
from riichi_rules.tiles import Tile, dora_of
from riichi_rules.waits import waits as waits_of

# ---- types ---------------------------------------------------------------------------------

BOOL = "bool"
INT = "int"
STR = "str"
TILE = "tile"
GROUP = "group"
WAIT = "wait"
FORM = "form"
READING = "reading"
DIRECTION = "direction"
RELEASE = "release"
SEAT = "seat"  # a player at the table, with their score and place (table rules)
ANY = "any"


def list_of(element: str) -> str:
    return f"list[{element}]"


def element_of(type_: str) -> str | None:
    """The element type of a list type, or None."""
    if type_.startswith("list[") and type_.endswith("]"):
        return type_[5:-1]
    return None


ENUMS: dict[str, tuple[str, ...]] = {
    WAIT: tuple(w.value for w in Wait),
    FORM: tuple(f.value for f in Form),
    DIRECTION: ("left", "across", "right"),
    RELEASE: ("discard", "added_kan", "closed_kan", "kita"),
}


# ---- the evaluation environment -----------------------------------------------------------

MISSING: Any = object()  # an empty cache cell
# the value tiles (dragons, the seat wind, the round wind) by seat wind and round wind
_VALUE_TABLES = tuple(tuple(tuple(kind >= 31 or kind in (27 + seat, 27 + round_)
                                  for kind in range(34)) for round_ in range(4))
                      for seat in range(4))
_WIND_TILES = tuple(Tile.of(27 + i) for i in range(4))
KIND_BITS: tuple[int, ...] = tuple(1 << k for k in range(34))  # a kind's bit in a kind mask
ALL_KINDS = (1 << 34) - 1


class WinFacts:
    """What a win offers every reading, computed once per win."""

    __slots__ = ("_waits", "closed", "dealer", "dora", "first_turn", "kinds", "open",
                 "present", "riichi", "ron", "round_wind", "seat_wind", "tiles", "ura",
                 "value_table", "win")

    def __init__(self, win: Win) -> None:
        self.win = win
        tiles = win.concealed
        closed = True
        for meld in win.melds:
            tiles += meld.tiles
            if meld.opened:
                closed = False
        self.tiles: tuple[Tile, ...] = tiles
        kinds = [tile.kind for tile in tiles]
        self.kinds: list[int] = kinds
        present = 0
        for kind in kinds:
            present |= KIND_BITS[kind]
        self.present: int = present
        self.closed: bool = closed
        self.open = not closed
        self.ron = not win.tsumo
        seat, round_ = win.seat.tile_kind - 27, win.round.tile_kind - 27  # 0 for East ...
        self.dealer = seat == 0
        self.riichi = win.riichi or win.double_riichi
        self.first_turn = win.tenhou or win.chiihou or win.renhou
        self.seat_wind = _WIND_TILES[seat]
        self.round_wind = _WIND_TILES[round_]
        self.value_table: tuple[bool, ...] = _VALUE_TABLES[seat][round_]
        self.dora = win.dora
        self.ura = win.ura
        self._waits: tuple[Tile, ...] | None = None

    @property
    def waits(self) -> tuple[Tile, ...]:
        """The tiles that completed the hand before the win (computed on first use)."""
        if self._waits is None:
            before = list(self.win.concealed)
            before.remove(self.win.win_tile)
            self._waits = tuple(Tile.of(k) for k in sorted(waits_of(before, self.win.melds)))
        return self._waits


class Env:
    """The mutable state one evaluation reads: the win, the reading, bound variables and the
    running totals of the scoring stages."""

    __slots__ = (
        "basic", "cache", "cache_size", "facts", "fu", "han", "melds", "pair", "pairs",
        "reading", "sets", "slots", "win", "win_group", "yaku", "yakuman_max", "yakuman_total",
    )

    def __init__(self, facts: WinFacts, slot_count: int, cache_size: int = 0) -> None:
        self.facts = facts
        self.cache_size = cache_size
        self.cache: list[Any] = []
        self.win = facts.win
        self.slots: list[Any] = [None] * slot_count
        self.yaku: frozenset[str] = frozenset()
        self.han = 0
        self.fu = 0
        self.basic = 0
        self.yakuman_total = 0
        self.yakuman_max = 0
        self.reading: Reading | None = None
        self.sets: tuple[Group, ...] = ()
        self.pairs: tuple[Group, ...] = ()
        self.pair: Group | None = None
        self.melds: tuple[Group, ...] = ()
        self.win_group: Group | None = None

    def held(self, kind: int) -> int:
        """How many tiles of this kind the hand holds (melds included)."""
        return self.facts.kinds.count(kind)

    def use(self, reading: Reading) -> None:
        """Point the environment at one reading of the hand (and forget what was cached for
        the previous one)."""
        self.reading = reading
        self.cache = [MISSING] * self.cache_size
        groups = reading.groups
        if reading.form is Form.STANDARD:
            self.sets = groups[:4]
            self.pair = groups[4]
            self.pairs = (groups[4],)
        else:
            self.sets = ()
            self.pair = None
            self.pairs = tuple(g for g in groups if g.shape is Shape.PAIR)
        self.melds = reading.melds
        self.win_group = groups[reading.win_group] if reading.win_group is not None else None


def _reading(env: Env) -> Reading:
    assert env.reading is not None, "a reading-level name was evaluated without a reading"
    return env.reading


# ---- names ---------------------------------------------------------------------------------
# The entries are NamedTuples (not dataclasses, which cost some 0.5 ms each to define at
# import: every command that scores a hand imports this module).


class Feature(NamedTuple):
    """A name a rule can read from the situation."""

    type: str
    get: Callable[[Env], Any]
    phrase: str
    stages: frozenset[str] = frozenset()  # empty = available everywhere
    cost: int = 1  # how dear it is to read (conditions run their cheaper parts first)
    # for a list of tiles: the kinds it holds, as a mask (bit k: kind k), read in one step
    # (a test of every tile by its kind alone is then a test of the mask)
    present: Callable[[Env], int] | None = None


_SCORE_STAGES = frozenset({"fu", "limits", "payments"})

def _at(path: str) -> Callable[[Any], Any]:
    """A feature read straight from the environment (an attribute path, read in C)."""
    return operator.attrgetter(path)


FEATURES: dict[str, Feature] = {
    # the situation
    "tsumo": Feature(BOOL, _at("win.tsumo"), "the win is by self-draw"),
    "ron": Feature(BOOL, _at("facts.ron"), "the win is on a discard"),
    "closed": Feature(BOOL, _at("facts.closed"), "the hand is closed"),
    "open": Feature(BOOL, _at("facts.open"), "the hand is open"),
    "dealer": Feature(BOOL, _at("facts.dealer"), "the winner is the dealer"),
    "riichi": Feature(BOOL, _at("facts.riichi"), "the winner declared riichi"),
    "double_riichi": Feature(BOOL, _at("win.double_riichi"),
                             "the winner declared riichi on the first uninterrupted turn"),
    "ippatsu": Feature(BOOL, _at("win.ippatsu"),
                       "the win comes within one uninterrupted turn of riichi"),
    "rinshan": Feature(BOOL, _at("win.rinshan"), "the winning tile is a kan replacement"),
    "chankan": Feature(BOOL, _at("win.chankan"), "the winning tile robs a kan"),
    "haitei": Feature(BOOL, _at("win.haitei"), "the winning tile is the last of the wall"),
    "houtei": Feature(BOOL, _at("win.houtei"), "the winning tile is the last discard"),
    "first_turn": Feature(BOOL, _at("facts.first_turn"),
                          "the win comes in the first uninterrupted go-around, before the "
                          "winner's first discard"),
    "seat_wind": Feature(TILE, _at("facts.seat_wind"), "the winner's seat wind"),
    "round_wind": Feature(TILE, _at("facts.round_wind"), "the round wind"),
    "win": Feature(TILE, _at("win.win_tile"), "the winning tile"),
    "tiles": Feature(list_of(TILE), _at("facts.tiles"), "the tiles of the hand",
                     present=_at("facts.present")),
    "dora": Feature(list_of(TILE), _at("facts.dora"), "the dora indicators"),
    "ura": Feature(list_of(TILE), _at("facts.ura"), "the ura-dora indicators"),
    "kita": Feature(INT, _at("win.kita"),
                    "the number of Norths the winner set aside as dora (kita)"),
    "waits": Feature(list_of(TILE), _at("facts.waits"),
                     "the tiles that would have completed the hand", cost=100),
    # the reading
    "form": Feature(FORM, _at("reading.form"), "the hand's form"),
    "wait": Feature(WAIT, _at("reading.wait"), "the wait"),
    "groups": Feature(list_of(GROUP), _at("reading.groups"), "the groups"),
    "sets": Feature(list_of(GROUP), _at("sets"), "the sets"),
    "pairs": Feature(list_of(GROUP), _at("pairs"), "the pairs"),
    "pair": Feature(GROUP, _at("pair"), "the pair"),
    "melds": Feature(list_of(GROUP), _at("melds"), "the declared melds"),
    "win_group": Feature(GROUP, _at("win_group"), "the group the winning tile completed"),
    # scoring stages
    "han": Feature(INT, _at("han"), "the han", _SCORE_STAGES),
    "fu": Feature(INT, _at("fu"), "the fu", _SCORE_STAGES),
    "basic": Feature(INT, _at("basic"), "the basic points", frozenset({"limits", "payments"})),
    "yakuman_total": Feature(INT, _at("yakuman_total"), "the yakuman multiples added up",
                             _SCORE_STAGES),
    "yakuman_max": Feature(INT, _at("yakuman_max"), "the largest single yakuman multiple",
                           _SCORE_STAGES),
}


# The names of the situation rules (``situation``): the facts of the win alone, known before
# the hand is read (the features of a reading and of the scoring stages are left out).
READING_FEATURES = frozenset({"form", "wait", "groups", "sets", "pairs", "pair", "melds",
                              "win_group"})
SITUATION_FEATURES: dict[str, Feature] = {
    name: feature for name, feature in FEATURES.items()
    if name not in READING_FEATURES and not feature.stages}


def _table(test: Callable[[Tile], bool]) -> tuple[bool, ...]:
    return tuple(test(Tile.of(kind)) for kind in range(34))


class TileProperty(NamedTuple):
    """A property of a tile: by kind from a fixed table, from a table the situation gives
    (``situational``), or (red fives) from the tile itself."""

    phrase: str
    table: tuple[bool, ...] | None = None
    situational: Callable[[Env], tuple[bool, ...]] | None = None
    red: bool = False

    def test(self, env: Env, tile: Tile) -> bool:
        if self.red:
            return tile.red
        table = self.table if self.table is not None else self.situational(env)  # type: ignore[misc]
        return table[tile.kind]


TILE_PREDICATES: dict[str, TileProperty] = {
    "simple": TileProperty("a simple (2-8 of a suit)", _table(lambda t: t.simple)),
    "terminal": TileProperty("a terminal (1 or 9 of a suit)", _table(lambda t: t.terminal)),
    "honour": TileProperty("an honour", _table(lambda t: t.honour)),
    "wind": TileProperty("a wind", _table(lambda t: t.wind)),
    "dragon": TileProperty("a dragon", _table(lambda t: t.dragon)),
    "yaochuu": TileProperty("a terminal or honour", _table(lambda t: t.yaochuu)),
    "green": TileProperty("green (2s 3s 4s 6s 8s or green dragon)", _table(lambda t: t.green)),
    "suited": TileProperty("a suit tile", _table(lambda t: t.suited)),
    "red": TileProperty("a red five", red=True),
    "value": TileProperty("a value tile (a dragon, the seat wind or the round wind)",
                          situational=lambda e: e.facts.value_table),
}


class GroupProperty(NamedTuple):
    """A property of a group: one of some shapes, or a test of the group."""

    phrase: str
    shapes: frozenset[Shape] | None = None
    check: Callable[[Env, Group], bool] | None = None
    pure: Callable[[Group], bool] | None = None  # the test when it needs only the group

    def test(self, env: Env, group: Group) -> bool:
        if self.shapes is not None:
            return group.shape in self.shapes
        if self.pure is not None:
            return self.pure(group)
        return self.check(env, group)  # type: ignore[misc]


def _shape(phrase: str, flag: str, *shapes: Shape) -> GroupProperty:
    """A property of shape: the group's trait ``flag`` (``GroupTraits.is_chow`` ...) says it."""
    return GroupProperty(phrase, frozenset(shapes), pure=operator.attrgetter("traits." + flag))


def _is_winning(env: Env, group: Group) -> bool:
    reading = _reading(env)
    return reading.win_group is not None and reading.groups[reading.win_group] is group


GROUP_PREDICATES: dict[str, GroupProperty] = {
    "chow": _shape("a chow", "is_chow", Shape.CHOW),
    "pung": _shape("a pung", "is_pung", Shape.PUNG),
    "kong": _shape("a kong", "is_kong", Shape.KONG),
    "triplet": _shape("a pung or kong", "is_triplet", Shape.PUNG, Shape.KONG),
    "pair": _shape("a pair", "is_pair", Shape.PAIR),
    "single": _shape("a single tile", "is_single", Shape.SINGLE),
    "concealed": GroupProperty("concealed", pure=operator.attrgetter("concealed")),
    "open": GroupProperty("open", pure=lambda g: not g.concealed),
    "called": GroupProperty("called from another player",
                            pure=lambda g: g.meld is not None and g.meld.opened),
    "declared": GroupProperty("a declared meld", pure=lambda g: g.meld is not None),
    "winning": GroupProperty("the group the winning tile completed", check=_is_winning),
}


class Attribute(NamedTuple):
    type: str
    get: Callable[[Any], Any]
    phrase: str


ATTRIBUTES: dict[str, dict[str, Attribute]] = {
    TILE: {
        "suit": Attribute(STR, operator.attrgetter("suit"), "suit"),
        "number": Attribute(INT, operator.attrgetter("number"), "number"),
        "kind": Attribute(TILE, lambda t: Tile.of(t.kind), "kind (a red five counts as a five)"),
    },
    GROUP: {
        "suit": Attribute(STR, operator.attrgetter("suit"), "suit"),
        "number": Attribute(INT, operator.attrgetter("number"), "lowest number"),
        "tile": Attribute(TILE, operator.attrgetter("tile"), "lowest tile"),
        "tiles": Attribute(list_of(TILE), lambda g: g.tiles, "tiles"),
        "size": Attribute(INT, lambda g: len(g.tiles), "number of tiles"),
    },
    READING: {
        "sets": Attribute(list_of(GROUP), lambda r: r.groups[:4] if r.form == "standard" else (),
                          "sets"),
        "groups": Attribute(list_of(GROUP), lambda r: r.groups, "groups"),
        "pair": Attribute(GROUP, lambda r: r.groups[4] if r.form == "standard" else None,
                          "pair"),
        "wait": Attribute(WAIT, lambda r: r.wait, "wait"),
        "form": Attribute(FORM, lambda r: r.form, "form"),
    },
    SEAT: {
        "points": Attribute(INT, operator.attrgetter("points"), "score"),
        "place": Attribute(INT, operator.attrgetter("place"),
                           "place (1 for the highest score; equal scores in seat order, the "
                           "first dealer's seat first)"),
        "rank": Attribute(INT, operator.attrgetter("rank"),
                          "rank (1 + the number of players with a higher score)"),
        "tied": Attribute(INT, operator.attrgetter("tied"),
                          "number of players with the same score, itself included"),
    },
}


class Function(NamedTuple):
    """A function a rule can call; a ``situational`` one is also given the environment."""

    params: tuple[str, ...]
    result: str
    call: Callable[..., Any]
    phrase: str
    situational: bool = False
    args: tuple[str, ...] = ()  # the arguments' names, for messages


def _round_up(value: int, step: int) -> int:
    return -(-value // step) * step if step > 0 else value


def _take(items: tuple[Any, ...], n: int) -> tuple[Any, ...]:
    return tuple(items[:max(n, 0)])


def _nth(items: tuple[int, ...], n: int) -> int:
    """The n-th item, counting from 1 (0 past either end)."""
    return items[n - 1] if 1 <= n <= len(items) else 0


def _nearest(value: int, step: int) -> int:
    """To the nearest multiple of ``step``, halves away from zero."""
    if step <= 0:
        return value
    sign = -1 if value < 0 else 1
    return sign * ((abs(value) + step // 2) // step) * step


FUNCTIONS: dict[str, Function] = {
    "next": Function((TILE,), TILE, lambda t: Tile.of(dora_of(t)),
                     "the tile an indicator points to", args=("indicator",)),
    "held": Function((TILE,), INT, lambda env, t: env.held(t.kind),
                     "how many of the hand's tiles are", situational=True, args=("tile",)),
    "round_up": Function((INT, INT), INT, _round_up, "rounded up to a multiple of",
                         args=("value", "step")),
    "min": Function((INT, INT), INT, min, "the smaller of", args=("a", "b")),
    "larger": Function((INT, INT), INT, max, "the larger of", args=("a", "b")),
    "take": Function((list_of(TILE), INT), list_of(TILE), _take, "the first n items of"),
    "nth": Function((list_of(INT), INT), INT, _nth, "the item at a position (from 1) of",
                    args=("numbers", "position")),
    "nearest": Function((INT, INT), INT, _nearest,
                        "rounded to the nearest multiple of (halves away from zero)",
                        args=("value", "step")),
}

# Nouns of the sugar ``every set is chow``: noun -> the collection feature it ranges over.
NOUNS: dict[str, str] = {
    "tile": "tiles", "group": "groups", "set": "sets", "meld": "melds", "pair": "pairs",
    "wait": "waits",
}

# Names bound by the engine for the stages it runs (``fu`` while fu is added up ...).
STAGES = ("yaku", "dora", "fu", "limits", "payments")


def all_names(features: Mapping[str, Feature] | None = None) -> list[str]:
    """Every name a rule may use, for "did you mean" hints."""
    names = set(FEATURES if features is None else features)
    names |= set(TILE_PREDICATES) | set(GROUP_PREDICATES) | set(FUNCTIONS)
    for attrs in ATTRIBUTES.values():
        names |= set(attrs)
    for values in ENUMS.values():
        names |= set(values)
    return sorted(names | {"it"})
