"""tenhou.net/6 JSON (Tenhou's ``mjlog2json`` output) to a
:class:`~riichi_rules.records.events.GameRecord`.

The file is an object with ``ref`` (the log id), ``rule.disp`` (``鳳南喰赤``; ``三`` first for
3-player), red fives (``赤`` in ``disp``, ``rule.aka51``..``aka53`` as Tenhou's converter writes
them, or ``rule.aka`` as tenhou.net/6's editor writes it), ``name``, ``sc`` (final score and
points per seat) and ``log``: one array per hand,

``[[round, honba, sticks], scores, dora, ura, haipai0, takes0, discards0, ..., haipai3, takes3,
discards3, result]``

Tiles are two-digit codes: 11..19 man, 21..29 pin, 31..39 sou, 41..47 East..Red, 51/52/53 the
red 5m/5p/5s. In ``takes`` a string is a call of another seat's discard; its letter stands just
before the called tile, and the letter's place (in characters) says whom it came from:
``c282627`` chi (always from the left); pon ``p`` at place 0 (left), 2 (across) or 4 (right);
daiminkan ``m`` at place 0, 2 or 6. In ``discards``: ``60`` the tile just drawn (tsumogiri),
``r..`` a riichi discard, ``..a..`` an ankan (the letter at place 6), ``..k..`` a kakan (the
letter where the pon's ``p`` was, followed by the added tile), ``f44`` a 3-player north, ``0``
the place of the discard after a daiminkan (there is none). A kakan, a north or an ankan after
which no tile is taken any more was won on: robbing the kan (chankan; an ankan only by thirteen
orphans) or a ron on the north (Mahjong Soul's converters name its seat as the win's
``from``). The result is ``["和了", deltas, [who, from, pao, text, yaku...], ...]`` (a
deltas/details pair per winner) or a draw (``流局``
with deltas, ``全員聴牌``, ``全員不聴``, ``流し満貫``, ``九種九牌``, ``四風連打``, ``四家立直``,
``四槓散了``, ``三家和了``). Converters of Mahjong Soul logs write the same form with Mahjong
Soul's yaku names and their own names of limits and draws
(:mod:`riichi_rules.records.tenhou6_names`); the reader knows those too.

The format keeps each seat's takes and discards apart, so the reader replays the hand to put the
events in table order: after each discard it looks for a seat whose next take calls that tile from
that seat. A call names the tile and the seat, not the discard: when that seat lets the same tile
go again before the caller's turn comes, the call may belong to either discard, and the reader
keeps the reading with which the whole hand replays (the earliest discard first). Riichi
acceptance and new dora indicators are placed where Tenhou's mjlog has them (see
:mod:`riichi_rules.records.events`). What the format does not record:

* fu of limit hands (``満貫8000点``): :attr:`RecordedWin.fu` is None;
* the tenpai seats at a nagashi mangan, and the hands shown at a draw: the reader shows those
  of the tenpai seats, of the seat that declared nine terminals, of the four at four riichi
  and of the three who called ron at a triple ron (as Tenhou's mjlog shows them; all three
  ``ron3`` of the corpus show the hands of the seats other than the discarder).

Long because the reader both translates its format and follows the hand (the tiles each seat
holds, the melds, the dora shown, how the hand ends) in one pass, as each reader does for
itself: one hand follower shared by the readers (issue #14) would leave the translation here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType, Relative
from riichi_rules.limits import RECORD_VALUES, load_json, quoted
from riichi_rules.records.dates import day_of_id, day_written
from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    Event,
    GameRecord,
    HandRecord,
    NewDora,
    Nukidora,
    RecordedWin,
    RecordError,
    RecordRules,
    RiichiAccepted,
    RiichiDeclared,
    Win,
)
from riichi_rules.records.tenhou6_names import (
    DRAW_NAMES,
    KITA_NAMES,
    LIMIT_NAMES,
    MAHJONG_SOUL_ROOMS,
    MAHJONG_SOUL_YAKU_NAMES,
    ROUND_WIND_NAMES,
    SEAT_WIND_NAMES,
    TENHOU_YAKU_NAMES,
    VALUE_TEXT,
)
from riichi_rules.records.tenhou_agari import TENHOU_YAKU, TENHOU_YAKUMAN
from riichi_rules.records.text import at_most, load_text
from riichi_rules.tiles import WINDS, Tile

__all__ = ["TENHOU_YAKU_NAMES", "read_tenhou6", "tile_of_code"]

_SOURCE_OF = {Relative.LEFT: 3, Relative.ACROSS: 2, Relative.RIGHT: 1}  # seat offset
_PON_PLACE = {0: Relative.LEFT, 2: Relative.ACROSS, 4: Relative.RIGHT}
_KAN_PLACE = {0: Relative.LEFT, 2: Relative.ACROSS, 6: Relative.RIGHT}
_YAKU = re.compile(r"(?P<name>.+)\((?:(?P<han>[0-9]{1,2})飜|役満)\)")
_RIICHI_DISCARD = re.compile(r"r[0-9]{1,2}")
_STANDARD_DISP = re.compile(r"四?[般上特鳳]?[東南]喰?赤?速?")
_TENHOU_DISP = re.compile(r"四?[般上特鳳]?[東南]")


def tile_of_code(code: object) -> Tile:
    """A tenhou.net/6 tile code (11..19, 21..29, 31..39, 41..47; 51..53 red fives) as a
    tile. Raises ValueError."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(f"a tile code is a number, not {quoted(code)}")
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return Tile.of((suit - 1) * 9 + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return Tile.of(27 + number - 1)
    if suit == 5 and 1 <= number <= 3:
        return Tile.of((number - 1) * 9 + 4, True)
    raise ValueError(f"{code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


class _Fail(Exception):
    """An error in one hand; the reader adds the file, hand and event (``hand``: the replay
    that failed, when there was one)."""

    hand: _Hand | None = None


@dataclass(frozen=True, slots=True)
class _Marked:
    """A call string split up: ``letter`` at character ``place``; ``tiles`` all the codes in
    order; ``marked`` the position (in ``tiles``) of the code after the letter."""

    letter: str
    place: int
    tiles: tuple[Tile, ...]
    marked: int


def _split(text: str) -> _Marked:
    letters = [(i, c) for i, c in enumerate(text) if not "0" <= c <= "9"]
    if len(letters) != 1:
        raise _Fail(f"{quoted(text)} is not a call: one letter among two-digit tile codes expected")
    place, letter = letters[0]
    before, after = text[:place], text[place + 1 :]
    if len(before) % 2 or len(after) % 2 or not after:
        raise _Fail(f"{quoted(text)}: the tile codes must have two digits each")
    try:
        tiles = tuple(tile_of_code(int(s[i : i + 2])) for s in (before, after)
                      for i in range(0, len(s), 2))
    except ValueError as exc:
        raise _Fail(f"{quoted(text)}: {exc}") from None
    return _Marked(letter, place, tiles, len(before) // 2)


def _make(mtype: MeldType, tiles: Sequence[Tile], called: Tile | None,
          source: Relative | None, text: str) -> Meld:
    try:
        return Meld.make(mtype, tiles, called, source)
    except InputError as exc:
        raise _Fail(f"{quoted(text)}: {exc.message}") from None


@dataclass(frozen=True, slots=True)
class _TakeCall:
    meld: Meld
    source: Relative


def _take_call(text: str) -> _TakeCall:
    """A call in ``takes``: chi, pon or daiminkan."""
    sp = _split(text)
    called = sp.tiles[sp.marked]
    if sp.letter == "c":
        if sp.place != 0 or len(sp.tiles) != 3:
            raise _Fail(f"{quoted(text)}: a chi is 'c' and three tiles, the called one first")
        return _TakeCall(_make(MeldType.CHI, sp.tiles, called, Relative.LEFT, text),
                         Relative.LEFT)
    if sp.letter == "p":
        if sp.place not in _PON_PLACE or len(sp.tiles) != 3:
            raise _Fail(f"{quoted(text)}: a pon is three tiles with 'p' at place 0, 2 or 4")
        src = _PON_PLACE[sp.place]
        return _TakeCall(_make(MeldType.PON, sp.tiles, called, src, text), src)
    if sp.letter == "m":
        if sp.place not in _KAN_PLACE or len(sp.tiles) != 4:
            raise _Fail(f"{quoted(text)}: a daiminkan is four tiles with 'm' at place 0, 2 or 6")
        src = _KAN_PLACE[sp.place]
        return _TakeCall(_make(MeldType.DAIMINKAN, sp.tiles, called, src, text), src)
    raise _Fail(f"{quoted(text)}: a take is a tile or a call (c, p, m), not '{sp.letter}'")


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Fail(f"{what} must be a whole number, not {quoted(value)}")
    return value


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _Fail(f"{what} must be a list, not {quoted(value)}")
    return value


def _code(value: object, what: str) -> Tile:
    try:
        return tile_of_code(value)
    except ValueError as exc:
        raise _Fail(f"{what}: {exc}") from None


@dataclass(frozen=True, slots=True)
class _Result:
    kind: str  # "win" or a drawn-hand kind
    name: str
    wins: tuple[tuple[list[int], list[Any]], ...]  # (deltas, info) per winner
    deltas: list[int] | None


def _parse_result(value: object, players: int) -> _Result:
    res = _list(value, "the result")
    if not res or not isinstance(res[0], str):
        raise _Fail(f"the result starts with its name (和了, 流局, ...), not {quoted(res)}")
    name = res[0]
    if name == "和了":
        if len(res) < 3 or len(res) % 2 == 0:
            raise _Fail("a win result is 和了 followed by (deltas, details) per winner")
        wins = []
        for i in range(1, len(res), 2):
            deltas = [_int(d, "a score change") for d in _list(res[i], "the deltas")]
            info = _list(res[i + 1], "the win details")
            if len(deltas) < players or len(info) < 4:
                raise _Fail(f"win details {quoted(info)} / deltas {quoted(deltas)} are too short")
            wins.append((deltas, info))
        return _Result("win", name, tuple(wins), None)
    if name not in DRAW_NAMES:
        raise _Fail(f"unknown result {quoted(name)}")
    draw_deltas: list[int] | None = None
    if len(res) > 1:
        draw_deltas = [_int(d, "a score change") for d in _list(res[1], "the deltas")]
        if len(draw_deltas) < players:
            raise _Fail(f"deltas {quoted(draw_deltas)} have fewer than {players} seats")
    return _Result(DRAW_NAMES[name], name, (), draw_deltas)


class _Hand:
    """Replays one hand of a tenhou.net/6 log in table order."""

    def __init__(self, raw: object, players: int, red: bool,
                 skips: Sequence[bool] = ()) -> None:
        data = _list(raw, "a hand")
        if len(data) != 17:
            raise _Fail(f"a hand has 17 entries (header, scores, dora, ura, 4 x (haipai, "
                        f"takes, discards), result), not {len(data)}")
        header = _list(data[0], "the hand header")
        if len(header) != 3:
            raise _Fail(f"the hand header is [round, honba, sticks], not {quoted(header)}")
        self.round, self.honba, self.sticks = (_int(v, "the hand header") for v in header)
        if not 0 <= self.round < 16 or self.honba < 0 or self.sticks < 0:
            raise _Fail(f"the hand header {quoted(header)} is not a round 0..15 and honba, "
                        "sticks >= 0")
        self.players = players
        self.red = red
        scores = [_int(v, "a score") for v in _list(data[1], "the scores")]
        if len(scores) < players:
            raise _Fail(f"{len(scores)} scores for {players} players")
        self.scores = tuple(scores[:players])
        self.dora = [_code(v, "a dora indicator") for v in _list(data[2], "the dora")]
        self.ura = [_code(v, "an ura indicator") for v in _list(data[3], "the ura")]
        if not self.dora:
            raise _Fail("the hand has no dora indicator")
        self.haipai: list[list[Tile]] = []
        self.takes: list[list[Any]] = []
        self.discards: list[list[Any]] = []
        for seat in range(4):
            hai = _list(data[4 + 3 * seat], f"seat {seat}'s starting hand")
            takes = _list(data[5 + 3 * seat], f"seat {seat}'s takes")
            discards = _list(data[6 + 3 * seat], f"seat {seat}'s discards")
            if seat >= players:
                if hai or takes or discards:
                    raise _Fail(f"seat {seat} plays in a {players}-player game")
                continue
            if len(hai) != 13:
                raise _Fail(f"seat {seat}'s starting hand has {len(hai)} tiles, not 13")
            self.haipai.append([self.tile(v, f"seat {seat}'s starting hand") for v in hai])
            self.takes.append(takes)
            self.discards.append(discards)
        self.result = _parse_result(data[16], players)
        self.dealer = self.round % 4
        if self.dealer >= players:
            raise _Fail(f"round {self.round} has no dealer in a {players}-player game")
        # state
        self.concealed = [list(h) for h in self.haipai]
        self.melds: list[list[Meld]] = [[] for _ in range(players)]
        self.north = [0] * players
        self.ti = [0] * players
        self.di = [0] * players
        self.events: list[Event] = []
        self.last_draw: list[Tile | None] = [None] * players
        self.declared: set[int] = set()
        self.accepted: set[int] = set()
        self.shown = [self.dora[0]]
        self.pending: list[int] = []  # seats of open kans whose indicator is not yet shown
        self.where = ""
        self.unplaced_dora = False
        self.last: tuple[int, Tile] | None = None  # the last discard or added kan
        self.skips = skips  # what to do at each ambiguous call (True: not this discard)
        self.choices: list[bool] = []  # what was done at each ambiguous call so far

    # -- helpers --
    def tile(self, value: object, what: str) -> Tile:
        tile = _code(value, what)
        if tile.red and not self.red:
            raise _Fail(f"{what}: a red five in a game without red fives")
        return tile

    @property
    def n(self) -> int:
        return len(self.events)

    def add(self, event: Event) -> None:
        self.events.append(event)

    def remove(self, seat: int, tile: Tile, what: str) -> None:
        try:
            self.concealed[seat].remove(tile)
        except ValueError:
            raise _Fail(f"{what}: seat {seat} does not hold {tile}") from None

    def next_take(self, seat: int) -> object:
        i = self.ti[seat]
        return self.takes[seat][i] if i < len(self.takes[seat]) else None

    def all_taken(self) -> bool:
        return all(self.ti[s] >= len(self.takes[s]) for s in range(self.players))

    def show_dora(self, seat: int) -> None:
        k = len(self.shown)
        if k >= len(self.dora):
            self.unplaced_dora = True
            return
        self.shown.append(self.dora[k])
        self.add(NewDora(seat, self.dora[k], index=self.n))

    def flush_dora(self) -> None:
        for seat in self.pending:
            self.show_dora(seat)
        self.pending.clear()

    # -- the replay --
    def replay(self) -> tuple[Event, ...]:
        cur = self.dealer
        need_draw = True
        while True:
            if need_draw:
                if self.ti[cur] >= len(self.takes[cur]):
                    self.end_after_discard()
                    break
                self.draw(cur)
            if self.di[cur] >= len(self.discards[cur]):
                self.end_after_draw(cur)
                break
            nxt = self.act(cur)
            if nxt is None:
                self.end_after_discard()
                break
            cur, need_draw = nxt
        for seat in range(self.players):
            if self.ti[seat] < len(self.takes[seat]) or self.di[seat] < len(self.discards[seat]):
                self.where = f"seat {seat}"
                raise _Fail(
                    f"seat {seat} has takes/discards left after the hand's end "
                    f"(takes {self.ti[seat]}/{len(self.takes[seat])}, discards "
                    f"{self.di[seat]}/{len(self.discards[seat])})"
                )
        return tuple(self.events)

    def draw(self, seat: int) -> None:
        i = self.ti[seat]
        value = self.takes[seat][i]
        self.where = f"seat {seat} takes[{i}] = {quoted(value)}"
        if isinstance(value, str):
            raise _Fail(f"seat {seat} calls where it should draw: no discard to call")
        tile = self.tile(value, "a draw")
        self.ti[seat] += 1
        if len(self.concealed[seat]) % 3 != 1:
            raise _Fail(f"seat {seat} draws holding {len(self.concealed[seat])} tiles")
        self.concealed[seat].append(tile)
        self.last_draw[seat] = tile
        self.add(Draw(seat, tile, index=self.n))

    def act(self, seat: int) -> tuple[int, bool] | None:
        """The seat's next discard entry; returns who acts next (and whether they draw), or
        None when the hand ended."""
        i = self.di[seat]
        value = self.discards[seat][i]
        self.where = f"seat {seat} discards[{i}] = {quoted(value)}"
        self.di[seat] += 1
        if len(self.concealed[seat]) % 3 != 2:
            raise _Fail(f"seat {seat} acts holding {len(self.concealed[seat])} tiles")
        if isinstance(value, str) and value.startswith("r"):
            tile = self.discard_tile(seat, value[1:])
            self.flush_dora()
            self.declared.add(seat)
            self.add(RiichiDeclared(seat, index=self.n))
            return self.discard(seat, tile, value[1:] == "60", riichi=True)
        if isinstance(value, str):
            return self.kan_or_north(seat, value)
        if value == 0:
            raise _Fail("0 stands only for the missing discard after a daiminkan")
        tile = self.discard_tile(seat, value)
        self.flush_dora()
        return self.discard(seat, tile, value == 60, riichi=False)

    def discard_tile(self, seat: int, value: object) -> Tile:
        if isinstance(value, str):
            if not (value.isascii() and value.isdigit() and len(value) <= 2):
                raise _Fail("a riichi discard is 'r' and a tile code")
            value = int(value)
        if value == 60:
            drawn = self.last_draw[seat]
            if drawn is None:
                raise _Fail(f"60 (the tile just drawn), but seat {seat} has not just drawn")
            return drawn
        return self.tile(value, "a discard")

    def discard(
        self, seat: int, tile: Tile, tsumogiri: bool, riichi: bool
    ) -> tuple[int, bool] | None:
        self.remove(seat, tile, "a discard")
        self.last_draw[seat] = None
        self.add(Discard(seat, tile, tsumogiri, index=self.n))
        self.last = (seat, tile)
        ends = self.all_taken()
        if riichi and not (ends and self.result.kind in ("win", "sanchahou")):
            self.accepted.add(seat)
            self.add(RiichiAccepted(seat, index=self.n))
        if ends:
            return None
        caller = self.find_caller(seat, tile)
        if caller is None or self.skip_call(seat, tile):
            return (seat + 1) % self.players, True
        who, call = caller
        i = self.ti[who]
        self.where = f"seat {who} takes[{i}] = {quoted(self.takes[who][i])}"
        self.ti[who] += 1
        own = list(call.meld.tiles)
        own.remove(tile)
        for t in own:
            self.remove(who, t, f"a {call.meld.type}")
        self.melds[who].append(call.meld)
        self.last_draw = [None] * self.players
        self.add(Call(who, call.meld, seat, index=self.n))
        if call.meld.type is MeldType.DAIMINKAN:
            j = self.di[who]
            if j >= len(self.discards[who]) or self.discards[who][j] != 0:
                raise _Fail(f"seat {who}'s discards need a 0 after its daiminkan")
            self.di[who] += 1
            self.pending.append(who)
            return who, True
        return who, False

    def skip_call(self, seat: int, tile: Tile) -> bool:
        """Whether the call that matches this discard is left for a later one. A call names the
        tile and the seat it came from, not the discard: when the discarder lets the same tile
        go again later, either discard may be the called one. Such a choice is taken from
        :attr:`skips` (the call first, by default) and noted in :attr:`choices`, so that
        :func:`_replay_hand` can try the other way when this one fails."""
        if tile not in self.later_discards(seat):
            return False
        k = len(self.choices)
        skip = self.skips[k] if k < len(self.skips) else False
        self.choices.append(skip)
        return skip

    def later_discards(self, seat: int) -> list[Tile]:
        """The tiles of the seat's discard entries not yet played. Entry k follows take k, so
        ``60`` (and ``r60``) stands for the tile of take k."""
        out: list[Tile] = []
        for k in range(self.di[seat], len(self.discards[seat])):
            value = self.discards[seat][k]
            if isinstance(value, str) and _RIICHI_DISCARD.fullmatch(value):
                value = int(value[1:])
            if value == 60 and k < len(self.takes[seat]):
                value = self.takes[seat][k]
            try:
                out.append(tile_of_code(value))
            except ValueError:
                continue  # a kan, a call or 0: not a discarded tile
        return out

    def find_caller(self, seat: int, tile: Tile) -> tuple[int, _TakeCall] | None:
        found: list[tuple[int, _TakeCall]] = []
        for off in range(1, self.players):
            who = (seat + off) % self.players
            value = self.next_take(who)
            if not isinstance(value, str):
                continue
            self.where = f"seat {who} takes[{self.ti[who]}] = {quoted(value)}"
            call = _take_call(value)
            if (who + _SOURCE_OF[call.source]) % 4 == seat and call.meld.called == tile:
                found.append((who, call))
        if not found:
            return None
        # a pon or kan outranks a chi; two matching calls cannot both be this discard's
        found.sort(key=lambda wc: wc[1].meld.type is MeldType.CHI)
        return found[0]

    def kan_or_north(self, seat: int, value: str) -> tuple[int, bool] | None:
        sp = _split(value)
        if sp.letter == "f":
            if len(sp.tiles) != 1 or sp.tiles[0].kind != 30:
                raise _Fail("a north set aside is 'f44'")
            self.remove(seat, sp.tiles[0], "a nukidora")
            self.north[seat] += 1
            self.last_draw[seat] = None
            self.add(Nukidora(seat, sp.tiles[0], index=self.n))
            if self.all_taken():  # won on (Mahjong Soul's converters: ldseat is the kita's)
                self.last = (seat, sp.tiles[0])
                return None
            return seat, True
        if sp.letter == "a":
            if sp.place != 6 or len(sp.tiles) != 4:
                raise _Fail("an ankan is four tiles with 'a' at place 6")
            meld = _make(MeldType.CLOSED_KAN, sp.tiles, None, None, value)
            for t in meld.tiles:
                self.remove(seat, t, "an ankan")
            self.melds[seat].append(meld)
            self.last_draw[seat] = None
            self.add(ClosedKan(seat, meld, index=self.n))
            if self.all_taken():  # robbed by thirteen orphans: no replacement, no indicator
                self.last = (seat, meld.tiles[0])
                return None
            self.flush_dora()
            self.show_dora(seat)
            return seat, True
        if sp.letter == "k":
            if sp.place not in _PON_PLACE or len(sp.tiles) != 4 or sp.marked > 2:
                raise _Fail("a kakan is four tiles with 'k' at place 0, 2 or 4")
            added = sp.tiles[sp.marked]
            called = sp.tiles[sp.marked + 1]
            source = _PON_PLACE[sp.place]
            at = next((i for i, m in enumerate(self.melds[seat])
                       if m.type is MeldType.PON and m.tiles[0].kind == added.kind), None)
            if at is None:
                raise _Fail(f"seat {seat} adds {added} to a pon it does not have")
            old = self.melds[seat][at]
            if old.called != called or old.source is not source:
                raise _Fail(f"the kakan does not match seat {seat}'s pon {old.to_json()}")
            meld = _make(MeldType.ADDED_KAN, sp.tiles, called, source, value)
            self.remove(seat, added, "a kakan")
            self.melds[seat][at] = meld
            self.last_draw[seat] = None
            self.add(AddedKan(seat, meld, added, index=self.n))
            self.last = (seat, added)
            self.flush_dora()
            if self.all_taken():
                return None  # robbed: chankan
            self.pending.append(seat)
            return seat, True
        raise _Fail(f"a discard entry is a tile, 'r', 'a', 'k' or 'f', not '{sp.letter}'")

    # -- the end --
    def end_after_draw(self, seat: int) -> None:
        """The seat drew and did not discard: tsumo or kyuushu kyuuhai."""
        self.where = f"seat {seat}, after its last draw"
        res = self.result
        if res.kind == "win":
            if len(res.wins) != 1:
                raise _Fail("a tsumo has one winner")
            deltas, info = res.wins[0]
            who, from_who = _int(info[0], "the winner"), _int(info[1], "from")
            if who != seat or from_who != seat:
                raise _Fail(f"the hand ends on seat {seat}'s draw, but the result is seat "
                            f"{who} winning from seat {from_who}")
            drawn = self.last_draw[seat]
            if drawn is None:
                raise _Fail(f"seat {seat} wins by tsumo without having just drawn")
            self.win(seat, seat, drawn, deltas, info, first=True)
            return
        if res.kind != "kyuushu_kyuuhai":
            raise _Fail(f"the hand ends on seat {seat}'s draw, but the result is {res.name}")
        hand = tuple(sorted(self.concealed[seat]))
        self.add(DrawnHand(seat, res.kind, (), {seat: hand}, self.draw_deltas(), index=self.n))

    def end_after_discard(self) -> None:
        """Nobody takes another tile: a ron on the last discard (or added kan), or a draw."""
        self.where = "after the last discard"
        res = self.result
        if self.last is None:
            raise _Fail("the hand ends before any discard")
        last_seat, last_tile = self.last
        if res.kind == "win":
            for k, (deltas, info) in enumerate(res.wins):
                who, from_who = _int(info[0], "the winner"), _int(info[1], "from")
                if from_who != last_seat or who == last_seat:
                    raise _Fail(f"seat {who} wins from seat {from_who}, but the last discard "
                                f"was seat {last_seat}'s")
                self.win(who, from_who, last_tile, deltas, info, first=k == 0)
            return
        if res.kind == "kyuushu_kyuuhai":
            raise _Fail("kyuushu kyuuhai after a discard")
        revealed: dict[int, tuple[Tile, ...]] = {}
        tenpai: tuple[int, ...] = ()
        if res.kind == "exhaustive":
            if res.name == "全員聴牌":
                tenpai = tuple(range(self.players))
            elif res.deltas is not None:
                tenpai = tuple(s for s in range(self.players) if res.deltas[s] > 0)
        elif res.kind == "suucha_riichi":
            tenpai = ()
            revealed = {s: tuple(sorted(self.concealed[s])) for s in sorted(self.declared)}
        elif res.kind == "sanchahou":  # the three seats that called ron, as mjlog shows them
            revealed = {s: tuple(sorted(self.concealed[s])) for s in range(self.players)
                        if s != last_seat}
        for s in tenpai:
            revealed[s] = tuple(sorted(self.concealed[s]))
        self.add(DrawnHand(last_seat, res.kind, tenpai, revealed, self.draw_deltas(),
                           index=self.n))

    def yaku_id(self, name: str, who: int) -> int | None:
        """Tenhou's id of a yaku named as Tenhou or Mahjong Soul names it (its wind yaku
        name no wind: the winner's seat wind or the round's)."""
        if name in TENHOU_YAKU_NAMES:
            return TENHOU_YAKU_NAMES[name]
        if name in SEAT_WIND_NAMES:
            return 10 + (who - self.dealer) % self.players
        if name in ROUND_WIND_NAMES:
            return 14 + self.round // 4
        return MAHJONG_SOUL_YAKU_NAMES.get(name)

    def draw_deltas(self) -> tuple[int, ...]:
        d = self.result.deltas
        return tuple(d[: self.players]) if d is not None else (0,) * self.players

    def win(self, who: int, from_who: int, win_tile: Tile, deltas: list[int],
            info: list[Any], first: bool) -> None:
        if not 0 <= who < self.players or not 0 <= from_who < self.players:
            raise _Fail(f"win details {quoted(info[:3])} name a seat outside "
                        f"0..{self.players - 1}")
        pao_value = _int(info[2], "the pao seat")
        pao = pao_value if pao_value != who else None
        text = info[3]
        if not isinstance(text, str):
            raise _Fail(f"the win's text is a string, not {quoted(text)}")
        m = VALUE_TEXT.fullmatch(text)
        if m is None:
            raise _Fail(f"cannot read the win's value {quoted(text)}")
        a, b = int(m["a"]), (int(m["b"]) if m["b"] else None)
        tsumo = who == from_who
        if not tsumo:
            points = a
        elif m["all"]:
            points = a * (self.players - 1)
        elif b is not None:
            points = a * (self.players - 2) + b
        else:
            raise _Fail(f"a tsumo's value {quoted(text)} has no payments per seat")
        limit = 0
        if m["limit"]:
            limit = LIMIT_NAMES.get(m["limit"], 5)
        yaku_pairs: list[tuple[str, int]] = []
        yakuman: list[str] = []
        for entry in info[4:]:
            y = _YAKU.fullmatch(entry) if isinstance(entry, str) else None
            if y is not None and y["name"] in KITA_NAMES and y["han"] is not None:
                yaku_pairs.append(("kita", int(y["han"])))  # Mahjong Soul's, three players
                continue
            tid = self.yaku_id(y["name"], who) if y is not None else None
            if y is None or tid is None:
                raise _Fail(f"unknown yaku {quoted(entry)}")
            if y["han"] is None:
                if tid not in TENHOU_YAKUMAN:
                    raise _Fail(f"{quoted(entry)} is not a yakuman")
                yakuman.append(TENHOU_YAKUMAN[tid])
            else:
                if tid not in TENHOU_YAKU:
                    raise _Fail(f"{quoted(entry)}: a yakuman written with han")
                yaku_pairs.append((TENHOU_YAKU[tid], int(y["han"])))
        yaku: dict[str, int] = {}
        for name, han in yaku_pairs:
            if han > 0:
                yaku[name] = yaku.get(name, 0) + han
        han_total = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku_pairs)
        recorded = RecordedWin(
            han=han_total,
            fu=int(m["fu"]) if m["fu"] else None,
            points=points,
            limit=limit,
            yaku=tuple(yaku.items()),
            yakuman=tuple(yakuman),
            deltas=tuple(deltas[: self.players]),
            pao=pao,
            honba=self.honba,
            sticks=self.sticks + len(self.accepted) if first else 0,
        )
        concealed = list(self.concealed[who])
        if not tsumo:
            concealed.append(win_tile)
        shown = tuple(self.shown)
        ura = tuple(self.ura) if who in self.accepted else ()
        self.add(
            Win(who, from_who, tuple(sorted(concealed)), win_tile, tuple(self.melds[who]),
                shown, ura, recorded, self.north[who], index=self.n)
        )


_MAX_TRIES = 256
"""How many readings of a hand's ambiguous calls :func:`_replay_hand` tries at most."""


def _replay_hand(raw: object, players: int, red: bool) -> tuple[_Hand, tuple[Event, ...]]:
    """One hand in table order. A call whose discard is ambiguous (see
    :meth:`_Hand.skip_call`) is first placed on the earliest discard that fits; when the
    replay then fails, the choices are tried again depth first, the last one first, until one
    reading replays to the end. Raises the first reading's :class:`_Fail` when none does."""
    skips: list[bool] = []
    first: _Fail | None = None
    for _ in range(_MAX_TRIES):
        hand = _Hand(raw, players, red, skips)
        try:
            return hand, hand.replay()
        except _Fail as exc:
            if first is None:
                exc.hand = hand
                first = exc
            made = hand.choices
            while made and made[-1]:
                made.pop()
            if not made:
                break
            made[-1] = True
            skips = made
    assert first is not None
    raise first


def _rules(data: Mapping[str, Any], name: str) -> RecordRules:
    rule = data.get("rule", {})
    if not isinstance(rule, Mapping):
        raise RecordError(f"{name}: 'rule' must be an object, not {quoted(rule)}", name)
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise RecordError(f"{name}: rule.disp must be a string, not {quoted(disp)}", name)
    players = 3 if disp.startswith("三") else 4
    body = disp[1:] if disp[:1] in ("三", "四") else disp
    red = "赤" in disp or any(rule.get(key) for key in ("aka", "aka51", "aka52", "aka53"))
    label = ("三" if players == 3 else "四") + body
    # a lobby of Tenhou's, a room of Mahjong Soul's (as converters of its logs write it), or
    # a game the file does not place (tenhou.net/6's editor, other converters)
    platform = ("tenhou" if _TENHOU_DISP.match(body)
                else "mahjong-soul" if MAHJONG_SOUL_ROOMS.search(disp) else "")
    # a lobby of Tenhou's with marks beyond these (chips, 祝) has a scoring of its own
    standard = platform != "tenhou" or bool(_STANDARD_DISP.fullmatch(body))
    raw: dict[str, object] = {"rule": dict(rule)}
    if "lobby" in data:
        raw["lobby"] = data["lobby"]
    # the length of the game, where disp says it (a game the file does not place may not)
    hanchan = (True if "南" in disp or "South" in disp
               else False if "東" in disp or "East" in disp else None)
    return RecordRules(players, red, "喰" in disp, hanchan, standard, label, raw, platform)


def _load(path_or_text: str | Path | bytes | Mapping[str, Any],
          source: str | None) -> tuple[object, str, str]:
    """(the parsed JSON, the name, the name shown in messages): see :func:`load_text`."""
    if isinstance(path_or_text, Mapping):
        return path_or_text, source or "<json>", source or "<json>"
    text, name, shown = load_text(path_or_text, source, "{")
    at_most(text, name, shown, ",", RECORD_VALUES, "values")
    try:
        return load_json(text), name, shown
    except json.JSONDecodeError as exc:
        raise RecordError(f"{shown}: not valid JSON (truncated?): {exc.msg} at line "
                          f"{exc.lineno}, column {exc.colno}", name) from None


def read_tenhou6(
    path_or_text: str | Path | bytes | Mapping[str, Any], *, source: str | None = None
) -> GameRecord:
    """Read one tenhou.net/6 JSON game: a path, the JSON text (starting with ``{``), its bytes
    (gzip accepted), or the parsed object. Raises :class:`RecordError` naming the hand and the
    entry."""
    data, name, shown = _load(path_or_text, source)
    if not isinstance(data, Mapping) or not isinstance(data.get("log"), list):
        raise RecordError(f"{shown}: not a tenhou.net/6 game (an object with a 'log' list)", name)
    rules = _rules(data, shown)
    players = rules.players
    names = data.get("name", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RecordError(f"{shown}: 'name' must be a list of strings", name)
    hands: list[HandRecord] = []
    errors: list[str] = []
    for index, raw in enumerate(data["log"]):
        try:
            hand, events = _replay_hand(raw, players, rules.red_fives)
        except _Fail as exc:
            failed = exc.hand
            where = f"hand {index}"
            if failed is not None:
                label = f"{WINDS[failed.round // 4].value}{failed.round % 4 + 1}-{failed.honba}"
                where = f"hand {index} ({label}), event {failed.n}"
                if failed.where:
                    where += f" ({failed.where})"
            raise RecordError(f"{shown}: {where}: {exc}", name) from None
        if hand.unplaced_dora or len(hand.shown) != len(hand.dora):
            errors.append(f"hand {index}: {len(hand.dora)} dora indicators listed, "
                          f"{len(hand.shown)} placed after kans")
        hands.append(
            HandRecord(
                index=index,
                round_wind=WINDS[hand.round // 4],
                kyoku=hand.round % 4 + 1,
                honba=hand.honba,
                sticks=hand.sticks,
                dealer=hand.dealer,
                scores=hand.scores,
                dora_indicator=hand.dora[0],
                hands=tuple(tuple(sorted(h)) for h in hand.haipai),
                events=events,
            )
        )
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in sc
    ):
        final_scores = tuple(int(sc[2 * s]) for s in range(players))
        final_points = tuple(float(sc[2 * s + 1]) for s in range(players))
    else:
        errors.append("the game has no final result ('sc')")
    game_id = data.get("ref")
    title = data.get("title")
    day = day_of_id(game_id if isinstance(game_id, str) else None) or (
        day_written(" ".join(t for t in title if isinstance(t, str)))
        if isinstance(title, list) else None)
    return GameRecord(
        source=name,
        game_id=game_id if isinstance(game_id, str) and game_id else None,
        rules=rules,
        players=tuple(names[:players]) if names else ("",) * players,
        start_points=hands[0].scores[0] if hands else 0,
        hands=tuple(hands),
        final_scores=final_scores,
        final_points=final_points,
        errors=tuple(errors),
        date=day,
    )
