"""Melds and the situation of a win (:class:`Win`), their notations and their validation.

Compact meld notation: the meld's tiles in mpsz, with a direction mark right after the called
tile: ``-`` from the left, ``=`` across, ``+`` from the right. ``4-56s`` (chi, 4s called),
``40-6p`` (chi, red 5p called), ``55=5p`` (pon), ``5555=p`` (daiminkan: mark after the 4th
tile), ``555=5p`` (kakan: mark after the 3rd tile, the 4th is the added one), ``5555p`` (ankan).

Decisions: a meld's tiles are kept sorted (so ``654s`` reads as ``456s``); ``double_riichi``
implies ``riichi`` (``Win.from_json`` sets ``riichi`` too, so ``riichi`` is true in every riichi
hand and the scorer awards double riichi instead of riichi). ``kita`` counts the Norths the
winner set aside (three-player mahjong): no tile of the hand, but copies of 4z all the same, and
a call for the first go-around (no tenhou, chiihou or renhou after one), whose replacement tile
may be won on (rinshan). Whether a ruleset allows them is the scorer's question. A ``Win`` built
directly is not checked: call :meth:`Win.validate` (``from_json`` does).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from mypy_extensions import mypyc_attr

from riichi_rules.errors import InputError, did_you_mean
from riichi_rules.limits import COUNT, number_text
from riichi_rules.native import pickled_by_fields
from riichi_rules.tiles import RED_KINDS, NotationError, Tile, Wind, format_tiles, parse_tiles

NORTH = 30  # the kind of the North wind (4z), the tile a player may set aside (kita)

__all__ = ["Meld", "MeldType", "Relative", "Win", "format_meld", "parse_meld"]


class MeldType(StrEnum):
    """A meld's kind. The values are the JSON format's words (``kakan``, ``ankan``); the
    code's names are English (docs/architecture.md, "Names")."""

    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    ADDED_KAN = "kakan"
    CLOSED_KAN = "ankan"


class Relative(StrEnum):
    """The player a tile was called from, relative to the caller."""

    LEFT = "left"
    ACROSS = "across"
    RIGHT = "right"


_MARKS = {"-": Relative.LEFT, "=": Relative.ACROSS, "+": Relative.RIGHT}
_MARK_OF = {v: k for k, v in _MARKS.items()}
_KANS = frozenset({MeldType.DAIMINKAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN})
_SIZE = {
    MeldType.CHI: 3,
    MeldType.PON: 3,
    MeldType.DAIMINKAN: 4,
    MeldType.ADDED_KAN: 4,
    MeldType.CLOSED_KAN: 4,
}


def _tile_order(tile: Tile) -> tuple[int, bool]:
    return tile.kind, tile.red


def _bad_meld(message: str) -> InputError:
    return InputError("bad_meld", message)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld. Build it with :meth:`Meld.make` (validated) or :func:`parse_meld`."""

    type: MeldType
    tiles: tuple[Tile, ...]
    called: Tile | None
    source: Relative | None

    @property
    def opened(self) -> bool:
        """False only for a closed kan (ankan)."""
        return self.type is not MeldType.CLOSED_KAN

    @property
    def is_kan(self) -> bool:
        return self.type in _KANS

    @classmethod
    def make(
        cls,
        type: MeldType | str,
        tiles: Iterable[Tile],
        called: Tile | None = None,
        source: Relative | str | None = None,
    ) -> Meld:
        """A validated meld (tiles sorted). Raises InputError ``bad_meld``."""
        try:  # a member as it is: an Enum's call by value is interpreted, 0.5 us
            mtype = type if isinstance(type, MeldType) else MeldType(type)
        except ValueError:
            raise _bad_meld(
                f"unknown meld type {type!r}: use chi, pon, daiminkan, kakan or ankan"
            ) from None
        try:
            src = source if source is None or isinstance(source, Relative) else Relative(source)
        except ValueError:
            raise _bad_meld(f"unknown direction {source!r}: use left, across or right") from None
        ts = tuple(sorted(tiles, key=_tile_order))
        if len(ts) != _SIZE[mtype]:
            raise _bad_meld(f"a {mtype} has {_SIZE[mtype]} tiles, not {len(ts)} "
                            f"('{format_tiles(ts)}')")
        kinds = [t.kind for t in ts]
        if mtype is MeldType.CHI:
            k = kinds[0]
            if not (k < 27 and k % 9 <= 6 and kinds[1] == k + 1 and kinds[2] == k + 2):
                raise _bad_meld(
                    "a chi is three consecutive tiles of one suit (like 456s), not "
                    f"'{format_tiles(ts)}'"
                )
        elif len(set(kinds)) != 1:
            raise _bad_meld(f"a {mtype} is {len(ts)} identical tiles, not '{format_tiles(ts)}'")
        if sum(t.red for t in ts) > 1:
            raise _bad_meld(f"'{format_tiles(ts)}' has more than one red five")
        if mtype is MeldType.CLOSED_KAN:
            if called is not None or src is not None:
                raise _bad_meld("an ankan (closed kan) has no called tile and no direction")
        else:
            if called is None or src is None:
                raise _bad_meld(f"a {mtype} needs the called tile and who it was called from")
            if called not in ts:
                raise _bad_meld(f"the called tile {called} is not one of the tiles "
                                f"'{format_tiles(ts)}'")
            if mtype is MeldType.CHI and src is not Relative.LEFT:
                raise _bad_meld(f"a chi can only be called from the left, not {src}")
        return cls(mtype, ts, called, src)

    def to_json(self) -> dict[str, str]:
        """``{"type": "chi", "tiles": "456s", "called": "4s", "from": "left"}``."""
        out = {"type": self.type.value, "tiles": format_tiles(self.tiles)}
        if self.called is not None and self.source is not None:
            out["called"] = str(self.called)
            out["from"] = self.source.value
        return out

    @classmethod
    def from_json(cls, obj: object) -> Meld:
        """A meld from its JSON object, or from its compact string (``"4-56s"``)."""
        if isinstance(obj, str):
            return parse_meld(obj)
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise _bad_meld(f"a meld is an object or a compact string like '4-56s', not {obj!r}")
        allowed = ("type", "tiles", "called", "from")
        for key in obj:
            if key not in allowed:
                hint = did_you_mean(str(key), allowed)
                raise InputError(
                    "bad_field",
                    f"unknown meld field {key!r}" + (f": {hint}" if hint else ""),
                )
        for key in ("type", "tiles"):
            if key not in obj:
                raise _bad_meld(f"a meld needs '{key}'")
        for key in allowed:
            if key in obj and not isinstance(obj[key], str):
                raise InputError("bad_field", f"meld field '{key}' must be a string")
        called: Tile | None = None
        if "called" in obj:
            one = parse_tiles(obj["called"])
            if len(one) != 1:
                raise _bad_meld(f"'called' is one tile, not '{obj['called']}'")
            called = one[0]
        return cls.make(obj["type"], parse_tiles(obj["tiles"]), called, obj.get("from"))


def parse_meld(text: str) -> Meld:
    """Parse the compact meld notation (``4-56s``, ``55=5p``, ``5555=p``, ``555=5p``, ``5555p``)."""
    if not isinstance(text, str):
        raise _bad_meld(f"a meld is written as a string like '4-56s', not {text!r}")
    marks = [(i, c) for i, c in enumerate(text) if c in _MARKS]
    if len(marks) > 1:
        raise _bad_meld(f"'{text}' has more than one direction mark (- = +)")
    plain = text
    mark_at = -1  # index of the called tile among the meld's tiles
    source: Relative | None = None
    if marks:
        pos, ch = marks[0]
        source = _MARKS[ch]
        before = text[:pos]
        mark_at = sum(c.isdigit() for c in before) - 1
        if pos == 0 or not text[pos - 1].isdigit():
            raise _bad_meld(
                f"the mark '{ch}' at position {pos + 1} in '{text}' must follow the called tile's "
                "number"
            )
        plain = before + text[pos + 1 :]
    try:
        tiles = parse_tiles(plain)
    except NotationError as e:
        raise NotationError(e.code, f"in meld '{text}': {e.message}") from None
    if not tiles:
        raise _bad_meld("an empty meld")
    if source is None:
        if len(tiles) == 4:
            return Meld.make(MeldType.CLOSED_KAN, tiles)
        raise _bad_meld(
            f"'{text}' has no direction mark: put - (left), = (across) or + (right) after the "
            "called tile; only a closed kan (like 5555p) has none"
        )
    called = tiles[mark_at]
    if len(tiles) == 3:
        kinds = sorted(t.kind for t in tiles)
        if kinds[0] == kinds[2]:
            mtype = MeldType.PON
        elif kinds[0] < 27 and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2:
            mtype = MeldType.CHI
        else:
            raise _bad_meld(
                f"'{text}' is neither a chi (three consecutive tiles of one suit, like 4-56s) "
                "nor a pon (three identical tiles, like 55=5p)"
            )
    elif len(tiles) == 4:
        if mark_at not in (2, 3):
            pos, ch = marks[0]
            digits = "".join(c for c in text if c.isdigit())
            suit = text[-1] if text[-1:].isalpha() else "p"
            raise _bad_meld(
                f"the mark '{ch}' at position {pos + 1} in '{text}' follows the "
                f"{_ORDINALS[mark_at]} tile: a kan called from a discard (daiminkan) has it "
                f"after the 4th tile ({digits}{ch}{suit}), an added kan (kakan) after the 3rd "
                f"({digits[:3]}{ch}{digits[3:]}{suit}), a closed kan none ({digits}{suit})")
        mtype = MeldType.DAIMINKAN if mark_at == 3 else MeldType.ADDED_KAN
    else:
        raise _bad_meld(f"'{text}' has {len(tiles)} tiles: a meld has 3 (or 4 for a kan)")
    return Meld.make(mtype, tiles, called, source)


_ORDINALS = ("1st", "2nd", "3rd", "4th")


def format_meld(meld: Meld) -> str:
    """The compact notation of a meld (see the module docstring)."""
    if meld.called is None or meld.source is None:
        return format_tiles(meld.tiles)
    rest = list(meld.tiles)
    rest.remove(meld.called)
    if meld.type is MeldType.CHI:
        order = sorted([*rest, meld.called], key=lambda t: t.kind)
        at = order.index(meld.called)
    elif meld.type is MeldType.PON:
        order = [rest[0], meld.called, rest[1]]
        at = 1
    elif meld.type is MeldType.DAIMINKAN:
        order = [*rest, meld.called]
        at = 3
    else:
        order = [rest[0], rest[1], meld.called, rest[2]]
        at = 2
    names = [str(t)[0] for t in order]
    names[at] += _MARK_OF[meld.source]
    return "".join(names) + str(order[0])[1]


# The situation of a win besides tsumo, as the JSON form names them.
SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
_KEYS = (
    "hand",
    "win",
    "tsumo",
    "melds",
    "seat",
    "round",
    *SITUATION_FLAGS,
    "dora",
    "ura",
    "honba",
    "sticks",
    "kita",
)
_KEY_SET = frozenset(_KEYS)
_FLAG_FIELDS = ("tsumo", *SITUATION_FLAGS)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Win:
    """The situation of a win. ``concealed`` includes the winning tile, not the meld tiles."""

    concealed: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat: Wind = Wind.E
    round: Wind = Wind.E
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    honba: int = 0
    sticks: int = 0
    kita: int = 0  # Norths the winner set aside as dora (three-player mahjong)

    @property
    def dealer(self) -> bool:
        return self.seat is Wind.E

    @property
    def closed(self) -> bool:
        """No opened meld (closed kans allowed)."""
        return not any(m.opened for m in self.melds)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles then every meld's tiles."""
        out = self.concealed
        for m in self.melds:
            out += m.tiles
        return out

    # ----------------------------------------------------------------- JSON

    @classmethod
    def from_json(cls, obj: Mapping[str, object]) -> Win:
        """Read and validate the JSON form. Raises InputError (see :meth:`validate`)."""
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise InputError("bad_field", f"a win is a JSON object, not {type(obj).__name__}")
        if not _KEY_SET.issuperset(obj):
            for key in obj:
                if key in _KEY_SET:
                    continue
                hint = did_you_mean(str(key), _KEYS)
                raise InputError(
                    "bad_field", f"unknown field {key!r}" + (f": {hint}" if hint else "")
                )
        for key in ("hand", "win"):
            if key not in obj:
                raise InputError("bad_field", f"missing field '{key}'")
        hand = _str_field(obj, "hand")
        win_text = _str_field(obj, "win")
        flags = {}
        for name in _FLAG_FIELDS:
            value = obj.get(name, False)
            if value is not True and value is not False:
                raise InputError("bad_field", f"'{name}' must be true or false, not {value!r}")
            flags[name] = value
        if flags["double_riichi"]:
            flags["riichi"] = True
        melds_obj = obj.get("melds", [])
        if not isinstance(melds_obj, list):
            raise InputError("bad_field", "'melds' must be a list")
        seat = Wind.parse(obj.get("seat", "E"))
        round_ = Wind.parse(obj.get("round", "E"))
        honba = _count_field(obj, "honba")
        sticks = _count_field(obj, "sticks")
        kita = _count_field(obj, "kita")
        concealed = parse_tiles(hand)
        win_tiles = parse_tiles(win_text)
        if len(win_tiles) != 1:
            raise InputError("bad_field", f"'win' is one tile, like '9s', not '{win_text}'")
        melds = tuple(Meld.from_json(m) for m in melds_obj)
        win = cls(
            concealed=concealed,
            win_tile=win_tiles[0],
            melds=melds,
            seat=seat,
            round=round_,
            dora=_indicators(obj, "dora"),
            ura=_indicators(obj, "ura"),
            honba=honba,
            sticks=sticks,
            kita=kita,
            **flags,
        )
        win.validate()
        return win

    def to_json(self) -> dict[str, object]:
        """The canonical JSON form (every field, melds as objects; ``kita`` only when a North
        was set aside)."""
        out: dict[str, object] = {
            "hand": format_tiles(self.concealed),
            "win": str(self.win_tile),
            "tsumo": self.tsumo,
            "melds": [m.to_json() for m in self.melds],
            "seat": self.seat.value,
            "round": self.round.value,
        }
        for name in SITUATION_FLAGS:
            out[name] = getattr(self, name)
        out["dora"] = [str(t) for t in self.dora]
        out["ura"] = [str(t) for t in self.ura]
        out["honba"] = self.honba
        out["sticks"] = self.sticks
        if self.kita:
            out["kita"] = self.kita
        return out

    # ----------------------------------------------------------- validation

    def validate(self) -> None:
        """Raise InputError (``tile_count``, ``too_many_copies``, ``win_not_in_hand``,
        ``impossible_flags``) if this is not a possible win."""
        n = len(self.concealed) + 3 * len(self.melds)
        if n != 14:
            raise InputError(
                "tile_count",
                f"{n} tiles ({len(self.concealed)} in the hand + 3 for each of "
                f"{len(self.melds)} melds): a winning hand has 14 (kans count as 3)",
            )
        counts = [0] * 34
        reds = [0, 0, 0]
        for t in (*self.all_tiles, *self.dora, *self.ura):
            counts[t.kind] += 1
            if t.red:
                reds[RED_KINDS.index(t.kind)] += 1
        counts[NORTH] += self.kita
        for kind, c in enumerate(counts) if max(counts) > 4 else ():
            if c > 4:
                name = str(Tile.of(kind))
                kita = " and the Norths set aside (kita)" if kind == NORTH and self.kita else ""
                raise InputError(
                    "too_many_copies",
                    f"{c} copies of {name} (hand, melds and dora/ura indicators{kita} "
                    "together): there are only 4",
                )
        for i, r in enumerate(reds) if max(reds) > 1 else ():
            if r > 1:
                raise InputError(
                    "too_many_copies",
                    f"{r} red fives {Tile.of(RED_KINDS[i], True)}: there is only one of each suit",
                )
        if self.win_tile not in self.concealed:
            raise InputError(
                "win_not_in_hand",
                f"the winning tile {self.win_tile} is not in the hand "
                f"'{format_tiles(self.concealed)}' (the hand includes the winning tile; "
                "0m/0p/0s, the red fives, are different tiles from 5m/5p/5s here)",
            )
        _check_count("honba", self.honba)
        _check_count("sticks", self.sticks)
        self._check_flags()

    def _check_flags(self) -> None:
        if not (self.ippatsu or self.rinshan or self.haitei or self.houtei or self.chankan
                or self.tenhou or self.chiihou or self.renhou or self.ura
                or len(self.dora) > 5 or ((self.riichi or self.double_riichi) and self.melds)):
            return  # nothing that any check below could refuse
        problems: list[str] = []
        in_riichi = self.riichi or self.double_riichi
        has_kan = any(m.is_kan for m in self.melds)
        first_turn = [n for n in ("tenhou", "chiihou", "renhou") if getattr(self, n)]
        if self.ippatsu and not in_riichi:
            problems.append("ippatsu needs riichi")
        if in_riichi and not self.closed:
            problems.append("riichi needs a closed hand (only closed kans allowed)")
        if self.rinshan and not has_kan and not self.kita:
            problems.append("rinshan needs a kan (or a North set aside, kita)")
        if self.rinshan and not self.tsumo:
            problems.append("rinshan is a self-drawn win (tsumo)")
        if self.haitei and self.rinshan:
            problems.append(
                "haitei and rinshan cannot both happen (no replacement tile from the last draw)"
            )
        if self.haitei and not self.tsumo:
            problems.append("haitei is a self-drawn win (tsumo); on a discard it is houtei")
        if self.houtei and self.tsumo:
            problems.append("houtei is a win on a discard, not tsumo; self-drawn it is haitei")
        if self.chankan and self.tsumo:
            problems.append("chankan is a win on another player's kan, not tsumo")
        if self.chankan and self.rinshan:
            problems.append("chankan and rinshan cannot both happen")
        if self.chankan and self.houtei:
            problems.append("chankan is a win on a kan, not on the last discard (houtei)")
        if self.tenhou and not (self.dealer and self.tsumo):
            problems.append("tenhou is the dealer's self-drawn win on the first draw")
        if self.chiihou and (self.dealer or not self.tsumo):
            problems.append("chiihou is a non-dealer's self-drawn win on the first draw")
        if self.renhou and (self.dealer or self.tsumo):
            problems.append("renhou is a non-dealer's win on a discard before their first draw")
        if len(first_turn) > 1:
            problems.append(f"{' and '.join(first_turn)} cannot both happen")
        if first_turn and self.melds:
            problems.append(f"{first_turn[0]} cannot happen after a meld or kan")
        if first_turn and self.kita:
            problems.append(f"{first_turn[0]} cannot happen after a North is set aside (kita "
                            "interrupts the first go-around as a call does)")
        if first_turn and (in_riichi or self.ippatsu):
            problems.append(f"{first_turn[0]} cannot happen after declaring riichi")
        if self.ura and not in_riichi:
            problems.append("ura dora indicators are only shown for riichi")
        if len(self.ura) > len(self.dora):
            problems.append(
                f"{len(self.ura)} ura dora indicators but {len(self.dora)} dora indicators: "
                "there is one ura under each dora indicator"
            )
        if len(self.dora) > 5:
            problems.append(f"{len(self.dora)} dora indicators: there are at most 5")
        if problems:
            raise InputError("impossible_flags", "; ".join(problems))


def _str_field(obj: Mapping[str, object], key: str) -> str:
    value = obj[key]
    if not isinstance(value, str):
        raise InputError(
            "bad_field", f"'{key}' must be a string of tiles like '123m', not {value!r}"
        )
    return value


def _bool_field(obj: Mapping[str, object], key: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise InputError("bad_field", f"'{key}' must be true or false, not {value!r}")
    return value


def _count_field(obj: Mapping[str, object], key: str) -> int:
    value = obj.get(key, 0)
    _check_count(key, value)
    assert isinstance(value, int)
    return value


def _check_count(key: str, value: object) -> None:
    """A honba or stick count: a whole number from 0 to :data:`~riichi_rules.limits.COUNT`."""
    if type(value) is not int or not 0 <= value <= COUNT:
        shown = number_text(value) if type(value) is int else repr(value)[:40]
        raise InputError("bad_field", f"'{key}' must be a whole number from 0 to {COUNT}, "
                         f"not {shown}")


_NONE_GIVEN: list[str] = []  # an absent list of indicators (told from one given empty)


def _indicators(obj: Mapping[str, object], key: str) -> tuple[Tile, ...]:
    """A list of tiles (``["6s", "1z"]``) or one mpsz string (``"6s1z"``)."""
    value = obj.get(key, _NONE_GIVEN)
    if value is _NONE_GIVEN or (type(value) is list and not value):
        return ()
    if isinstance(value, str):
        return parse_tiles(value)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError("bad_field", f"'{key}' must be a list of tiles like [\"6s\"]")
    if len(value) == 1:
        return parse_tiles(value[0])
    out: list[Tile] = []
    for v in value:
        out.extend(parse_tiles(v))
    return tuple(out)


pickled_by_fields(Meld, Win)
