"""One neutral model of a recorded game, whatever format it was read from.

A :class:`GameRecord` holds the game's rules, players and :class:`HandRecord` s; each hand is the
starting position plus a list of events, in the order they happened at the table, that a referee
can follow one by one. The readers (:mod:`riichi_rules.records.mjlog`,
:mod:`riichi_rules.records.tenhou6`, :mod:`riichi_rules.records.mjai`,
:mod:`riichi_rules.records.riichi_city`) produce the same event stream for the same game, each
translating its format into the steps of one hand follower
(:mod:`riichi_rules.records.follower`), which makes the events.

Conventions:

* seats are absolute, ``0 .. players-1``; seat 0 is the first dealer (East in East 1);
* tiles are :class:`~riichi_rules.tiles.Tile`, red fives kept (``Tile(4, True)`` = ``0m``);
  a game without red fives has none;
* melds are :class:`~riichi_rules.hand.Meld`, their ``source`` relative to the caller (left =
  kamicha, across = toimen, right = shimocha). In 3-player Tenhou the empty North seat keeps its
  place, so West calling from East is ``across``, as Tenhou records it;
* every event has ``seat`` (who acted) and, keyword-only, ``index`` (its position in
  :attr:`HandRecord.events`);
* events are values: nothing changes one once read. ``Draw`` and ``Discard``, most of a record,
  are not frozen dataclasses (they hash by their fields all the same): a frozen one is built
  one ``object.__setattr__`` at a time, 0.6 to 0.8 us against 0.25, a tenth of the reading
  (bench/README.md, issue 18's fifth pass). They are also this module's only classes mypyc
  compiles (:mod:`riichi_rules.native`), their ``__init__`` written out to run compiled (a
  dataclass's own runs interpreted), and ``acyclic`` (a seat, a tile, a flag and an index
  make no reference cycle): the cyclic garbage collector does not follow them, most of the
  objects a record keeps. Every other class stays an ordinary one (``native_class=False``),
  as interpreted code reads it fastest.

Order of events around a turn (Tenhou's own order, which the tenhou.net/6 reader reproduces):
``Draw``; then ``ClosedKan`` / ``AddedKan`` (each followed by a replacement ``Draw``) or
``RiichiDeclared`` + ``Discard``; ``RiichiAccepted`` comes right after the declaring discard
unless that discard is won on; then a ``Call`` of the discard, or the next seat's ``Draw``.
A closed kan's new indicator (``NewDora``) follows the kan at once; an open or added kan's
follows the replacement draw (before the next discard, or right after a further kan), as Tenhou
reveals it; a kan won on (chankan) or followed by a replacement-tile win reveals none.
A hand ends with one ``WonHand`` per winner (two for a double ron, in Tenhou's order) or one
``DrawnHand``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from riichi_rules.errors import InputError, one_line
from riichi_rules.hand import Meld
from riichi_rules.native import pickled_by_fields
from riichi_rules.tiles import Tile, Wind

__all__ = [
    "DRAWN_HAND_KINDS",
    "AddedKan",
    "Call",
    "ClosedKan",
    "Discard",
    "Draw",
    "DrawnHand",
    "Event",
    "GameRecord",
    "HandRecord",
    "NewDora",
    "Nukidora",
    "RecordError",
    "RecordRules",
    "RecordedWin",
    "RiichiAccepted",
    "RiichiDeclared",
    "WonHand",
]


@mypyc_attr(native_class=False)
class RecordError(InputError):
    """A game record that cannot be read: malformed, truncated, or inconsistent (a tile
    discarded that is not in the hand, a call of a tile nobody discarded). ``code`` is
    ``bad_record``; the message names the file and, where there is one, the hand and event
    (``"bug3.xml: hand 4 (E4-0), event 37 (<N who=\"2\" m=\"...\"/>): ..."``), on one line
    (a line break quoted from the record is written as an escape)."""

    def __init__(self, message: str, source: str = "") -> None:
        super().__init__("bad_record", one_line(message))
        self.source = source


DRAWN_HAND_KINDS = frozenset(
    {
        "exhaustive",
        "kyuushu_kyuuhai",
        "suufon_renda",
        "suucha_riichi",
        "suukaikan",
        "sanchahou",
        "nagashi_mangan",
    }
)
"""The kinds of :class:`DrawnHand`: the wall ran out, or an abortive draw (nine terminals,
four winds, four riichi, four kans, triple ron), or nagashi mangan (Tenhou records it as a
draw, ``RYUUKYOKU type="nm"``)."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RecordRules:
    """The rules the game was played under, as far as the record says.

    ``standard`` is False for Tenhou's special lobbies (chip, "ratio", 1,000-point start: GO
    bits 0x200/0x400/0x800), whose scoring differs from the standard rules of their number of
    ``players`` (shared/data/tenhou/README.md, "Rules"). ``label`` is Tenhou's style of
    name (``四鳳南喰赤``); ``raw`` what the record said (GO attributes, or tenhou.net/6 ``rule``).
    ``hanchan`` is None when the record does not say how long the game is (mjai).
    ``platform`` is the id of the bundled ruleset of the platform the game was played on
    (``tenhou``, ``mahjong-soul``), "" when the record does not say; a game of another
    platform than Tenhou has ``standard`` True.
    """

    players: int
    red_fives: bool
    kuitan: bool
    hanchan: bool | None
    standard: bool
    label: str
    raw: Mapping[str, object]
    platform: str = ""


@mypyc_attr(acyclic=True)
@dataclass(slots=True, unsafe_hash=True, init=False)
class Draw:
    """``seat`` draws ``tile`` (from the wall, or the replacement tile after a kan or a north)."""

    seat: int
    tile: Tile
    index: int = field(kw_only=True)

    def __init__(self, seat: int, tile: Tile, *, index: int) -> None:
        self.seat = seat
        self.tile = tile
        self.index = index


@mypyc_attr(acyclic=True)
@dataclass(slots=True, unsafe_hash=True, init=False)
class Discard:
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn (None when the
    record does not say)."""

    seat: int
    tile: Tile
    tsumogiri: bool | None
    index: int = field(kw_only=True)

    def __init__(self, seat: int, tile: Tile, tsumogiri: bool | None, *, index: int) -> None:
        self.seat = seat
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.index = index


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RiichiDeclared:
    """``seat`` declares riichi; its declaring :class:`Discard` follows."""

    seat: int
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """The declaring discard was not won on: ``seat`` pays its 1,000-point stick."""

    seat: int
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Call:
    """``seat`` calls the last discard (of ``from_seat``) into ``meld``: chi, pon or
    daiminkan. ``meld.called`` is the discarded tile."""

    seat: int
    meld: Meld
    from_seat: int
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ClosedKan:
    """``seat`` declares a closed kan (ankan) of four concealed tiles."""

    seat: int
    meld: Meld
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class AddedKan:
    """``seat`` adds ``tile`` to its pon (kakan): ``meld`` is the kan (4 tiles; ``called`` and
    ``source`` those of the pon). Others may rob it (chankan)."""

    seat: int
    meld: Meld
    tile: Tile
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Nukidora:
    """3-player only: ``seat`` sets a North aside as a dora (nukidora), then draws a
    replacement tile."""

    seat: int
    tile: Tile
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class NewDora:
    """A new dora indicator turned after a kan; ``seat`` is the kan's declarer."""

    seat: int
    indicator: Tile
    index: int = field(kw_only=True)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RecordedWin:
    """What the record says the win scored (Tenhou's own scoring).

    ``han`` is the yaku total (dora included) or 13 per yakuman; ``fu`` is None when the record
    does not give it (tenhou.net/6 writes only the limit name for limit hands); ``points`` is
    the hand's value before honba and sticks (on tsumo, all payers together); ``limit`` 0 none
    (or not recorded: mjai), 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (kazoe
    included); ``yaku`` our ids with their han, 0-han entries (dora 0) left out, in the record's
    order; ``yakuman`` our ids, one entry per yakuman; ``deltas`` this win's score change per
    seat, honba and sticks included; ``pao`` the liable seat; ``honba``/``sticks`` the counters
    this win collects as recorded (Tenhou gives the second winner of a double ron the honba
    again and 0 sticks, although only the first collects them: shared/data/tenhou/README.md,
    "Double ron").

    A record may give a win's score changes without its score (an mjai log written by Mortal
    or mjai.app): ``han``, ``fu`` and ``points`` are then None, ``yaku`` and ``yakuman`` empty,
    and :attr:`scored` is False. Raises ValueError when only one of ``han`` and ``points`` is
    given, or yaku come without them."""

    han: int | None
    fu: int | None
    points: int | None
    limit: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[str, ...]
    deltas: tuple[int, ...]
    pao: int | None
    honba: int
    sticks: int

    def __post_init__(self) -> None:
        if (self.han is None) != (self.points is None) or (
                self.han is None and (self.fu is not None or self.yaku or self.yakuman)):
            raise ValueError("a recorded win gives han and points together, or no score at all")

    @property
    def scored(self) -> bool:
        """Whether the record gives the win's score (han, points, yaku), not only its score
        changes."""
        return self.points is not None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class WonHand:
    """``seat`` wins: on ``from_seat``'s discard (or added kan), or by tsumo when ``from_seat ==
    seat``. ``hand`` is the concealed tiles with ``win_tile``, sorted; ``melds`` in the order
    they were made (an added kan in its pon's place); ``dora``/``ura`` the indicators (ura only
    for a winner in riichi); ``nukidora`` the Norths set aside (3-player)."""

    seat: int
    from_seat: int
    hand: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...]
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]
    recorded: RecordedWin
    nukidora: int = 0
    index: int = field(kw_only=True)

    @property
    def tsumo(self) -> bool:
        return self.from_seat == self.seat


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class DrawnHand:
    """The hand ends without a win. ``kind`` is one of :data:`DRAWN_HAND_KINDS`; ``seat`` the
    seat whose action ended it (the declarer of kyuushu kyuuhai, else the last to act);
    ``tenpai`` the seats tenpai at an exhaustive draw or nagashi mangan (empty for abortive
    draws, and for a tenhou.net/6 nagashi mangan, which does not record it); ``revealed`` the
    concealed hands shown (sorted); ``deltas`` the score changes per seat."""

    seat: int
    kind: str
    tenpai: tuple[int, ...]
    revealed: Mapping[int, tuple[Tile, ...]]
    deltas: tuple[int, ...]
    index: int = field(kw_only=True)


Event = (
    Draw
    | Discard
    | RiichiDeclared
    | RiichiAccepted
    | Call
    | ClosedKan
    | AddedKan
    | Nukidora
    | NewDora
    | WonHand
    | DrawnHand
)
"""Any event of a hand."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand (kyoku): ``index`` from 0 in the game; ``round_wind`` and ``kyoku`` (1..4)
    name it (East 1 = E, 1); ``honba`` and ``sticks`` are the counters at its start; ``scores``
    the scores at its start (one per seat, as ``hands``); ``hands`` the starting 13 tiles of each
    seat (4 seats, or 3 in a 3-player game), sorted."""

    index: int
    round_wind: Wind
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora_indicator: Tile
    hands: tuple[tuple[Tile, ...], ...]
    events: tuple[Event, ...]

    @property
    def name(self) -> str:
        """``E1-0`` style: round wind, kyoku, honba."""
        return f"{self.round_wind.value}{self.kyoku}-{self.honba}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game. ``final_scores``/``final_points`` are the record's end result (Tenhou
    ``owari``: scores, and points after uma and oka), None when it has none; ``errors`` lists
    things the reader noticed but could read past (an ignored tag, a missing end result);
    ``date`` the day the game was played, when the record says (its log id, a date in its
    title or metadata: :mod:`riichi_rules.records.dates`)."""

    source: str
    game_id: str | None
    rules: RecordRules
    players: tuple[str, ...]
    start_points: int
    hands: tuple[HandRecord, ...]
    final_scores: tuple[int, ...] | None
    final_points: tuple[float, ...] | None
    errors: tuple[str, ...]
    date: dt.date | None = None


pickled_by_fields(Draw, Discard)
