"""Every way to read a complete hand: groups, the group the win tile completed, and the wait.

A hand with a choice of waits has one :class:`Reading` per choice; the scorer keeps the best.
Decomposition works on tile counts (cached per suit and per hand), independent of red fives
and of the win; red fives are then handed out to groups deterministically (the win tile to
its group first, then plain tiles before red ones, group by group).

Group order in a standard reading: the concealed sets by kind (pungs before chows of the same
first kind), then the declared melds in their given order, then the pair, always last.
A group is concealed unless it is an opened meld or a pung completed by ron (a chow or pair
completed by ron stays concealed; an ankan is concealed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import product

from mypy_extensions import mypyc_attr

from riichi_rules.hand import Meld, MeldType, Win
from riichi_rules.native import pickled_by_fields
from riichi_rules.tiles import TILE_PROPERTY_TABLES, Suit, Tile

__all__ = [
    "Form",
    "Group",
    "GroupTraits",
    "Reading",
    "Shape",
    "Wait",
    "counts_of",
    "is_thirteen_orphans",
    "readings",
    "seven_pairs",
    "standard_decompositions",
]


class Shape(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    SINGLE = "single"


class Form(StrEnum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


class Wait(StrEnum):
    TWO_SIDED = "two_sided"
    CLOSED = "closed"
    EDGE = "edge"
    PAIR = "pair"  # shanpon: the win completed a pung
    SINGLE = "single"  # tanki: the win completed the pair
    THIRTEEN_SIDED = "thirteen_sided"


_SHAPE_FLAGS: dict[str, frozenset[Shape]] = {
    "is_chow": frozenset({Shape.CHOW}), "is_pung": frozenset({Shape.PUNG}),
    "is_kong": frozenset({Shape.KONG}), "is_triplet": frozenset({Shape.PUNG, Shape.KONG}),
    "is_pair": frozenset({Shape.PAIR}), "is_single": frozenset({Shape.SINGLE}),
}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class GroupTraits:
    """What a group's shape and tile kinds say about it, shared by the groups alike:
    ``is_<shape>`` (``is_triplet``: a pung or kong), and for each property ``p`` of
    :data:`TILE_PROPERTY_TABLES`, ``all_<p>`` (every tile has it) and ``any_<p>`` (some tile
    has it)."""

    is_chow: bool
    is_pung: bool
    is_kong: bool
    is_triplet: bool
    is_pair: bool
    is_single: bool
    all_simple: bool
    any_simple: bool
    all_terminal: bool
    any_terminal: bool
    all_honour: bool
    any_honour: bool
    all_wind: bool
    any_wind: bool
    all_dragon: bool
    any_dragon: bool
    all_yaochuu: bool
    any_yaochuu: bool
    all_green: bool
    any_green: bool
    all_suited: bool
    any_suited: bool


@cache
def _traits(shape: Shape, kinds: tuple[int, ...]) -> GroupTraits:
    flags: dict[str, bool] = {name: shape in shapes for name, shapes in _SHAPE_FLAGS.items()}
    for name, table in TILE_PROPERTY_TABLES.items():
        flags["all_" + name] = all(table[k] for k in kinds)
        flags["any_" + name] = any(table[k] for k in kinds)
    return GroupTraits(**flags)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Group:
    """A chow, pung, kong, pair or (thirteen orphans) single; ``meld`` if it is a declared meld.

    Derived at construction (rules read them often, and plain groups are shared): the lowest
    tile, its suit, number and kind, the kinds, and the group's :class:`GroupTraits`."""

    shape: Shape
    tiles: tuple[Tile, ...]
    concealed: bool
    meld: Meld | None = None
    tile: Tile = field(init=False, compare=False, repr=False)  # the lowest tile
    suit: Suit = field(init=False, compare=False, repr=False)
    number: int = field(init=False, compare=False, repr=False)  # the lowest tile's number
    first: int = field(init=False, compare=False, repr=False)  # the lowest tile's kind
    kinds: tuple[int, ...] = field(init=False, compare=False, repr=False)
    traits: GroupTraits = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        lowest = self.tiles[0]
        kinds = tuple(t.kind for t in self.tiles)
        object.__setattr__(self, "tile", lowest)
        object.__setattr__(self, "suit", lowest.suit)
        object.__setattr__(self, "number", lowest.number)
        object.__setattr__(self, "first", lowest.kind)
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "traits", _traits(self.shape, kinds))


@mypyc_attr(native_class=False)
@dataclass(slots=True, unsafe_hash=True)
class Reading:
    """One way to read a complete hand; ``groups[win_group]`` is the group the win completed;
    ``melds`` are the groups of the called melds (and closed kans), also in ``groups``.
    Not frozen, as a scoring ``Result`` is not: one is built for every reading of every hand,
    and a frozen dataclass is built at a third of the speed; nothing changes one once made,
    and it hashes by its fields, as it did frozen."""

    form: Form
    groups: tuple[Group, ...]
    win_group: int | None
    wait: Wait
    melds: tuple[Group, ...] = ()


# ------------------------------------------------------------------ decomposition on counts

_CHOW = Shape.CHOW
_PUNG = Shape.PUNG
_PAIR = Shape.PAIR
# a split into the pair (None in a suit without it) and the sets ascending, as concealed
# plain groups (interned: see _plain)
_SuitDecomp = tuple[Group | None, tuple[Group, ...]]
_Decomp = tuple[Group, tuple[Group, ...]]


@cache
def _sets(counts: tuple[int, ...], offset: int, chows: bool) -> tuple[tuple[Group, ...], ...]:
    """Every way to split one suit's counts into pungs and chows (kinds are ``offset + i``),
    as concealed plain groups."""
    n = len(counts)
    i = 0
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        return ((),)
    c = counts[i]
    out: list[tuple[Group, ...]] = []
    for pungs in range(c // 3, -1, -1):
        ch = c - 3 * pungs
        sub = list(counts)
        sub[i] = 0
        if ch:
            if not chows or i + 2 >= n or counts[i + 1] < ch or counts[i + 2] < ch:
                continue
            sub[i + 1] -= ch
            sub[i + 2] -= ch
        prefix = (_plain(_PUNG, offset + i),) * pungs
        if ch:
            prefix += (_plain(_CHOW, offset + i),) * ch
        for rest in _sets(tuple(sub), offset, chows):
            out.append(prefix + rest)
    return tuple(out)


def _suit_decomps(counts: tuple[int, ...], offset: int) -> tuple[_SuitDecomp, ...]:
    """One suit's decompositions: all sets, or (when its count is 2 mod 3) sets and a pair."""
    chows = offset < 27
    r = sum(counts) % 3
    if r == 0:
        return tuple((None, s) for s in _sets(counts, offset, chows))
    if r == 1:
        return ()
    out: list[_SuitDecomp] = []
    for i, c in enumerate(counts):
        if c >= 2:
            sub = (*counts[:i], c - 2, *counts[i + 1 :])
            pair = _plain(_PAIR, offset + i)
            out.extend((pair, s) for s in _sets(sub, offset, chows))
    return tuple(out)


_LIMIT = 1 << 16  # entries a suit's table holds before it is cleared (a bound on memory)

# a suit's tile counts packed in an int, three bits a number: kind k adds _UNIT[k] to the key
# of suit _SUIT_OF[k]
_SUIT_OF: tuple[int, ...] = tuple(k // 9 for k in range(34))
_UNIT: tuple[int, ...] = tuple(1 << (3 * (k % 9)) for k in range(34))
_SIZE = (9, 9, 9, 7)
_SUIT_TABLES: tuple[dict[int, tuple[_SuitDecomp, ...]], ...] = ({}, {}, {}, {})
_ODD_DIGITS = int("001" * 9, 2)  # a count of 1 or 3 sets its lowest bit
_THIRD_BIT = int("100" * 9, 2)  # a count of 4 sets its third bit


# the three counts packed in nine bits, for each of the 512 values
_DIGITS: tuple[tuple[int, int, int], ...] = tuple((n & 7, (n >> 3) & 7, n >> 6) for n in range(512))


def _unpack(key: int, size: int) -> tuple[int, ...]:
    """A suit's counts from its packed key (``size`` numbers)."""
    counts = _DIGITS[key & 511] + _DIGITS[(key >> 9) & 511] + _DIGITS[(key >> 18) & 511]
    return counts if size == 9 else counts[:size]


def _unpack_all(keys: Sequence[int]) -> tuple[int, ...]:
    """The 34 counts of a hand from its packed keys by suit."""
    return _unpack(keys[0], 9) + _unpack(keys[1], 9) + _unpack(keys[2], 9) + _unpack(keys[3], 7)


def _suit_table(suit: int, key: int) -> tuple[_SuitDecomp, ...]:
    """The decompositions of one suit's packed counts, computed once."""
    table = _SUIT_TABLES[suit]
    found = table.get(key)
    if found is None:
        if len(table) >= _LIMIT:
            table.clear()
        found = table[key] = _suit_decomps(_unpack(key, _SIZE[suit]), 9 * suit)
    return found


def _combine(keys: Sequence[int]) -> tuple[_Decomp, ...]:
    """Every (pair kind, sets) split of a hand given as packed counts per suit."""
    parts: list[tuple[_SuitDecomp, ...]] = []
    pairs = 0
    single = 0  # the suits with one way only
    for suit in range(4):
        key = keys[suit]
        if not key:
            continue
        d = _suit_table(suit, key)
        if not d:
            return ()  # this suit has no split (a count of 1 mod 3 tiles has none)
        if d[0][0] is not None:  # its splits have a pair (a count of 2 mod 3 tiles)
            pairs += 1
            if pairs > 1:
                return ()
        parts.append(d)
        if len(d) == 1:
            single += 1
    if pairs != 1:
        return ()
    if len(parts) == single:  # the common case: one way for each suit
        pair: Group | None = None
        sets: tuple[Group, ...] = ()
        for ((p, s),) in parts:
            if p is not None:
                pair = p
            sets += s
        assert pair is not None
        return ((pair, sets),)
    out: list[_Decomp] = []
    for combo in product(*parts):
        pair = None
        sets = ()
        for p, s in combo:
            if p is not None:
                pair = p
            sets += s
        assert pair is not None
        out.append((pair, sets))
    return tuple(out)


def _pack(counts: Sequence[int]) -> list[int]:
    keys = [0, 0, 0, 0]
    for kind, c in enumerate(counts):
        if c:
            keys[_SUIT_OF[kind]] += c * _UNIT[kind]
    return keys


def standard_decompositions(
    counts: Sequence[int],
) -> tuple[tuple[int, tuple[tuple[Shape, int], ...]], ...]:
    """Every (pair kind, sets) split of a 34-count vector into sets and exactly one pair.

    Sets are ``(Shape.CHOW, first kind)`` or ``(Shape.PUNG, kind)``, ascending by kind
    (pungs before chows of the same kind).
    """
    return tuple((pair.first, tuple((g.shape, g.first) for g in sets))
                 for pair, sets in _combine(_pack(counts)))


def completing_kinds(counts: Sequence[int], kinds: Iterable[int]) -> list[int]:
    """The kinds of ``kinds`` (in their order) whose tile, added to ``counts`` (34 counts),
    makes a hand that :func:`standard_decompositions` splits: the hand's suits are looked up
    in their tables once, and then only the suit of each kind, with the tile added."""
    keys = _pack(counts)
    pairs_of: list[int | None] = []  # by suit: 1 if its splits hold the pair; None: no split
    for suit in range(4):
        key = keys[suit]
        if not key:
            pairs_of.append(0)
            continue
        found = _suit_table(suit, key)
        pairs_of.append(None if not found else int(found[0][0] is not None))
    others: list[int | None] = []  # by suit: the pairs of the other suits; None: one has no split
    for suit in range(4):
        rest = pairs_of[:suit] + pairs_of[suit + 1 :]
        others.append(None if None in rest else sum(p for p in rest if p is not None))
    out: list[int] = []
    for kind in kinds:
        suit = _SUIT_OF[kind]
        pairs = others[suit]
        if pairs is None or pairs > 1:
            continue
        found = _suit_table(suit, keys[suit] + _UNIT[kind])
        if found and pairs + (found[0][0] is not None) == 1:
            out.append(kind)
    return out


_YAOCHUU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def seven_pairs(counts: Sequence[int]) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    return sum(counts) == 14 and counts.count(2) == 7


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus one more of them."""
    return (
        sum(counts) == 14
        and all(counts[k] for k in _YAOCHUU_KINDS)
        and sum(counts[k] for k in _YAOCHUU_KINDS) == 14
    )


def counts_of(tiles: Sequence[Tile]) -> tuple[int, ...]:
    """The 34-count vector of some tiles."""
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return tuple(counts)


# ------------------------------------------------------------------ skeletons (no tiles yet)

_Skeleton = tuple[Form, tuple[Group, ...], int, Wait]  # form, concealed groups, win index, wait


def _chow_wait(first: int, win: int) -> Wait:
    pos = win - first
    if pos == 1:
        return Wait.CLOSED
    number = first % 9 + 1
    if pos == 0:
        return Wait.EDGE if number == 7 else Wait.TWO_SIDED
    return Wait.EDGE if number == 1 else Wait.TWO_SIDED


def _skeletons(
    decomps: tuple[_Decomp, ...], counts: Sequence[int] | None, win: int
) -> list[_Skeleton]:
    """The readings of the concealed part, as concealed plain groups; melds are added later.
    ``counts`` is given when seven pairs or thirteen orphans are possible."""
    out: list[_Skeleton] = []
    for pair, sets in decomps:
        groups = (*sets, pair)
        seen: list[int] = []  # a group read twice (two alike chows) is one choice
        for idx, group in enumerate(groups):
            first = group.first
            if group.shape is _CHOW:
                if not first <= win <= first + 2:
                    continue
                wait = _chow_wait(first, win)
            elif first != win:
                continue
            else:
                wait = Wait.PAIR if group.shape is _PUNG else Wait.SINGLE
            if id(group) in seen:
                continue
            seen.append(id(group))
            out.append((Form.STANDARD, groups, idx, wait))
    if counts is not None:
        if seven_pairs(counts):
            kinds = [k for k, c in enumerate(counts) if c]
            pairs = tuple(_plain(_PAIR, k) for k in kinds)
            out.append((Form.SEVEN_PAIRS, pairs, kinds.index(win), Wait.SINGLE))
        elif is_thirteen_orphans(counts):
            doubled = next(k for k in _YAOCHUU_KINDS if counts[k] == 2)
            orphans = (
                _plain(_PAIR, doubled),
                *(_plain(Shape.SINGLE, k) for k in _YAOCHUU_KINDS if k != doubled),
            )
            if doubled == win:
                out.append((Form.THIRTEEN_ORPHANS, orphans, 0, Wait.THIRTEEN_SIDED))
            else:
                idx = next(i for i, g in enumerate(orphans) if g.first == win)
                out.append((Form.THIRTEEN_ORPHANS, orphans, idx, Wait.SINGLE))
    return out


# ------------------------------------------------------------------ materialising groups

_OFFSETS = {
    Shape.CHOW: (0, 1, 2),
    Shape.PUNG: (0, 0, 0),
    Shape.PAIR: (0, 0),
    Shape.SINGLE: (0,),
    Shape.KONG: (0, 0, 0, 0),
}
_MELD_SHAPE = {
    MeldType.CHI: Shape.CHOW,
    MeldType.PON: Shape.PUNG,
    MeldType.DAIMINKAN: Shape.KONG,
    MeldType.ADDED_KAN: Shape.KONG,
    MeldType.CLOSED_KAN: Shape.KONG,
}


@cache
def _plain(shape: Shape, first: int, concealed: bool = True) -> Group:
    """The group of this shape from this kind on, without red fives (interned: at most 34
    kinds x 5 shapes x 2)."""
    return Group(shape, tuple(Tile.of(first + o) for o in _OFFSETS[shape]), concealed, None)


@cache
def _red_group(shape: Shape, tiles: tuple[Tile, ...], concealed: bool) -> Group:
    """A group of the concealed tiles with a red five (open when a ron completed its pung),
    interned: a few dozen exist."""
    return Group(shape, tiles, concealed, None)


# a meld's group, by the meld's value: melds alike (a pon of 5z called from the left ...) come
# back hand after hand and share their group
_MELD_GROUPS: dict[Meld, Group] = {}


def _meld_group(meld: Meld) -> Group:
    group = _MELD_GROUPS.get(meld)
    if group is None:
        if len(_MELD_GROUPS) >= 4096:
            _MELD_GROUPS.clear()
        group = _MELD_GROUPS[meld] = Group(_MELD_SHAPE[meld.type], meld.tiles, not meld.opened,
                                           meld)
    return group


def _build(
    sk: _Skeleton,
    counts: tuple[int, ...],
    reds: tuple[int, ...],
    win_tile: Tile,
    melds: tuple[Meld, ...],
    meld_groups: tuple[Group, ...],
    tsumo: bool,
) -> Reading:
    form, concealed, win_idx, wait = sk
    # a pung completed by ron is open
    ron_pung = win_idx if (not tsumo and concealed[win_idx].shape is _PUNG) else -1
    if not reds:
        if ron_pung < 0 and not melds:
            return Reading(form, concealed, win_idx, wait)
        groups = list(concealed)
        if ron_pung >= 0:
            groups[ron_pung] = _plain(_PUNG, concealed[ron_pung].first, False)
    else:
        # pools of actual tiles per kind: plain ones first, then the red one(s)
        pools: dict[int, list[Tile]] = {}
        for k in reds:
            n_red = reds.count(k)
            pools[k] = [Tile.of(k)] * (counts[k] - n_red) + [Tile.of(k, True)] * n_red
        if win_tile.kind in pools:
            pools[win_tile.kind].remove(win_tile)
        groups = []
        for i, plain in enumerate(concealed):
            sh, k = plain.shape, plain.first
            if not (pools.keys() & plain.kinds):  # no red five's kind: its tiles are plain
                groups.append(plain if i != ron_pung else _plain(sh, k, False))
                continue
            kinds = [k + o for o in _OFFSETS[sh]]
            if i == win_idx:
                kinds.remove(win_tile.kind)
            tiles = [pools[x].pop(0) if x in pools else Tile.of(x) for x in kinds]
            if i == win_idx:
                tiles.append(win_tile)
                tiles.sort(key=_tile_order)
            if any(t.red for t in tiles):
                groups.append(_red_group(sh, tuple(tiles), i != ron_pung))
            else:
                groups.append(plain if i != ron_pung else _plain(sh, k, False))
    if form is Form.STANDARD and melds:
        n = len(groups) - 1
        groups[n:n] = meld_groups
        if win_idx == n:
            win_idx += len(melds)
        return Reading(form, tuple(groups), win_idx, wait, meld_groups)
    return Reading(form, tuple(groups), win_idx, wait)


def _tile_order(t: Tile) -> int:
    return 2 * t.kind + t.red


_MIDDLE_DIGITS = int("000" + "111" * 7 + "000", 2)  # the counts of 2..8 of a suit


def readings(win: Win) -> tuple[Reading, ...]:
    """Every reading of the hand, times every concealed group the win tile could have completed.

    Empty if the hand is not complete or the win tile is not in it. Standard readings come
    first (by decomposition, then by win group), then seven pairs or thirteen orphans.
    """
    keys = [0, 0, 0, 0]
    reds: list[int] = []
    for t in win.concealed:
        kind = t.kind
        keys[_SUIT_OF[kind]] += _UNIT[kind]
        if t.red:
            reds.append(kind)
    win_tile = win.win_tile
    wk = win_tile.kind
    held = (keys[_SUIT_OF[wk]] // _UNIT[wk]) & 7
    if not held or (win_tile.red and wk not in reds) or (
            not win_tile.red and held == reds.count(wk)):
        return ()  # the win tile is not in the hand (or only red copies of it are)
    counts: tuple[int, ...] | None = None
    melds = win.melds
    if not melds and len(win.concealed) == 14 and (
            not (keys[0] | keys[1] | keys[2] | keys[3]) & (_ODD_DIGITS | _THIRD_BIT)  # 7 pairs?
            or not (keys[0] | keys[1] | keys[2]) & _MIDDLE_DIGITS):  # thirteen orphans?
        counts = _unpack_all(keys)
    skeletons = _skeletons(_combine(keys), counts, wk)
    if not skeletons:
        return ()
    if counts is None and reds:
        counts = _unpack_all(keys)
    reds.sort()
    meld_groups = tuple(_meld_group(m) for m in melds)
    red_kinds = tuple(reds)
    return tuple(_build(sk, counts or (), red_kinds, win_tile, melds, meld_groups, win.tsumo)
                 for sk in skeletons)


pickled_by_fields(GroupTraits, Group, Reading)
