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
events in table order, step by step on the hand follower (:mod:`riichi_rules.records.follower`,
which holds the table and checks each step): after each discard it looks for a seat whose next
take calls that tile from that seat. A call names the tile and the seat, not the discard: when
that seat lets the same tile go again before the caller's turn comes, the call may belong to
either discard, and the reader keeps the reading with which the whole hand replays (the
earliest discard first). Riichi acceptance and new dora indicators are placed where Tenhou's
mjlog has them (see :mod:`riichi_rules.records.events`). What the format does not record:

* fu of limit hands (``満貫8000点``): :attr:`RecordedWin.fu` is None;
* the tenpai seats at a nagashi mangan, and the hands shown at a draw: the reader shows those
  of the tenpai seats, of the seat that declared nine terminals, of the four at four riichi
  and of the three who called ron at a triple ron (as Tenhou's mjlog shows them; all three
  ``ron3`` of the corpus show the hands of the seats other than the discarder).

Long because that replay is the reader's own (which discard each call takes, the readings of
an ambiguous call tried in turn, where Tenhou reveals each indicator), besides the translation
of the call strings and the win's text; the names are :mod:`riichi_rules.records.tenhou6_names`'.
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
    GameRecord,
    HandRecord,
    RecordedWin,
    RecordError,
    RecordRules,
)
from riichi_rules.records.fields import json_int, json_list
from riichi_rules.records.follower import Fail, TileFollower, source_of
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


class _ReplayFailed(Fail):
    """A hand that no reading of its calls replays: the first reading's error and its
    ``hand``, which the reader names."""

    def __init__(self, message: str, hand: _Hand) -> None:
        super().__init__(message)
        self.hand = hand


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
        raise Fail(f"{quoted(text)} is not a call: one letter among two-digit tile codes expected")
    place, letter = letters[0]
    before, after = text[:place], text[place + 1 :]
    if len(before) % 2 or len(after) % 2 or not after:
        raise Fail(f"{quoted(text)}: the tile codes must have two digits each")
    try:
        tiles = tuple(tile_of_code(int(s[i : i + 2])) for s in (before, after)
                      for i in range(0, len(s), 2))
    except ValueError as exc:
        raise Fail(f"{quoted(text)}: {exc}") from None
    return _Marked(letter, place, tiles, len(before) // 2)


def _make(mtype: MeldType, tiles: Sequence[Tile], called: Tile | None,
          source: Relative | None, text: str) -> Meld:
    try:
        return Meld.make(mtype, tiles, called, source)
    except InputError as exc:
        raise Fail(f"{quoted(text)}: {exc.message}") from None


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
            raise Fail(f"{quoted(text)}: a chi is 'c' and three tiles, the called one first")
        return _TakeCall(_make(MeldType.CHI, sp.tiles, called, Relative.LEFT, text),
                         Relative.LEFT)
    if sp.letter == "p":
        if sp.place not in _PON_PLACE or len(sp.tiles) != 3:
            raise Fail(f"{quoted(text)}: a pon is three tiles with 'p' at place 0, 2 or 4")
        src = _PON_PLACE[sp.place]
        return _TakeCall(_make(MeldType.PON, sp.tiles, called, src, text), src)
    if sp.letter == "m":
        if sp.place not in _KAN_PLACE or len(sp.tiles) != 4:
            raise Fail(f"{quoted(text)}: a daiminkan is four tiles with 'm' at place 0, 2 or 6")
        src = _KAN_PLACE[sp.place]
        return _TakeCall(_make(MeldType.DAIMINKAN, sp.tiles, called, src, text), src)
    raise Fail(f"{quoted(text)}: a take is a tile or a call (c, p, m), not '{sp.letter}'")


def _code(value: object, what: str) -> Tile:
    try:
        return tile_of_code(value)
    except ValueError as exc:
        raise Fail(f"{what}: {exc}") from None


@dataclass(frozen=True, slots=True)
class _Result:
    kind: str  # "win" or a drawn-hand kind
    name: str
    wins: tuple[tuple[list[int], list[Any]], ...]  # (deltas, info) per winner
    deltas: list[int] | None


def _parse_result(value: object, players: int) -> _Result:
    res = json_list(value, "the result")
    if not res or not isinstance(res[0], str):
        raise Fail(f"the result starts with its name (和了, 流局, ...), not {quoted(res)}")
    name = res[0]
    if name == "和了":
        if len(res) < 3 or len(res) % 2 == 0:
            raise Fail("a win result is 和了 followed by (deltas, details) per winner")
        wins = []
        for i in range(1, len(res), 2):
            deltas = [json_int(d, "a score change") for d in json_list(res[i], "the deltas")]
            info = json_list(res[i + 1], "the win details")
            if len(deltas) < players or len(info) < 4:
                raise Fail(f"win details {quoted(info)} / deltas {quoted(deltas)} are too short")
            wins.append((deltas, info))
        return _Result("win", name, tuple(wins), None)
    if name not in DRAW_NAMES:
        raise Fail(f"unknown result {quoted(name)}")
    draw_deltas: list[int] | None = None
    if len(res) > 1:
        draw_deltas = [json_int(d, "a score change") for d in json_list(res[1], "the deltas")]
        if len(draw_deltas) < players:
            raise Fail(f"deltas {quoted(draw_deltas)} have fewer than {players} seats")
    return _Result(DRAW_NAMES[name], name, (), draw_deltas)


class _Hand(TileFollower):
    """Replays one hand of a tenhou.net/6 log in table order, step by step on the follower."""

    def __init__(self, raw: object, players: int, red: bool,
                 skips: Sequence[bool] = ()) -> None:
        super().__init__(players)
        data = json_list(raw, "a hand")
        if len(data) != 17:
            raise Fail(f"a hand has 17 entries (header, scores, dora, ura, 4 x (haipai, "
                        f"takes, discards), result), not {len(data)}")
        header = json_list(data[0], "the hand header")
        if len(header) != 3:
            raise Fail(f"the hand header is [round, honba, sticks], not {quoted(header)}")
        self.round, honba, sticks = (json_int(v, "the hand header") for v in header)
        if not 0 <= self.round < 16 or honba < 0 or sticks < 0:
            raise Fail(f"the hand header {quoted(header)} is not a round 0..15 and honba, "
                        "sticks >= 0")
        self.red = red
        scores = [json_int(v, "a score") for v in json_list(data[1], "the scores")]
        if len(scores) < players:
            raise Fail(f"{len(scores)} scores for {players} players")
        self.dora = [_code(v, "a dora indicator") for v in json_list(data[2], "the dora")]
        self.ura = [_code(v, "an ura indicator") for v in json_list(data[3], "the ura")]
        if not self.dora:
            raise Fail("the hand has no dora indicator")
        haipai: list[list[Tile]] = []
        self.takes: list[list[Any]] = []
        self.discards: list[list[Any]] = []
        for seat in range(4):
            hai = json_list(data[4 + 3 * seat], f"seat {seat}'s starting hand")
            takes = json_list(data[5 + 3 * seat], f"seat {seat}'s takes")
            discards = json_list(data[6 + 3 * seat], f"seat {seat}'s discards")
            if seat >= players:
                if hai or takes or discards:
                    raise Fail(f"seat {seat} plays in a {players}-player game")
                continue
            if len(hai) != 13:
                raise Fail(f"seat {seat}'s starting hand has {len(hai)} tiles, not 13")
            haipai.append([self.tile(v, f"seat {seat}'s starting hand") for v in hai])
            self.takes.append(takes)
            self.discards.append(discards)
        self.result = _parse_result(data[16], players)
        if self.round % 4 >= players:
            raise Fail(f"round {self.round} has no dealer in a {players}-player game")
        self.set_up(round_wind=WINDS[self.round // 4], kyoku=self.round % 4 + 1, honba=honba,
                    sticks=sticks, dealer=self.round % 4, scores=tuple(scores[:players]),
                    hands=haipai, dora=self.dora[0])
        self.ti = [0] * players
        self.di = [0] * players
        self.at: str | tuple[int, str, int, object] = ""  # see where
        self.unplaced_dora = False
        self.skips = skips  # what to do at each ambiguous call (True: not this discard)
        self.choices: list[bool] = []  # what was done at each ambiguous call so far

    @property
    def where(self) -> str:
        """The entry read last, for a message (``seat 1 takes[4] = 'p424242'``), made only
        for a message: :attr:`at` keeps its parts."""
        at = self.at
        if isinstance(at, str):
            return at
        seat, entries, i, value = at
        return f"seat {seat} {entries}[{i}] = {quoted(value)}"

    # -- helpers --
    def tile(self, value: object, what: str) -> Tile:
        tile = _code(value, what)
        if tile.red and not self.red:
            raise Fail(f"{what}: a red five in a game without red fives")
        return tile

    def next_take(self, seat: int) -> object:
        i = self.ti[seat]
        return self.takes[seat][i] if i < len(self.takes[seat]) else None

    def all_taken(self) -> bool:
        return all(self.ti[s] >= len(self.takes[s]) for s in range(self.players))

    def flush_dora(self, keep: int = 0) -> None:
        """The indicators of the kans still without one, but the last ``keep``: the hand's
        next indicators (none when the list runs out)."""
        while len(self.unrevealed) > keep:
            k = len(self.shown)
            if k < len(self.dora):
                self.show_dora(self.dora[k])
            else:
                self.unplaced_dora = True
                self.unrevealed.pop(0)

    # -- the replay --
    def replay(self) -> None:
        cur = self.dealer
        need_draw = True
        while True:
            if need_draw:
                if self.ti[cur] >= len(self.takes[cur]):
                    self.end_after_discard()
                    break
                self.take(cur)
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
                self.at = f"seat {seat}"
                raise Fail(
                    f"seat {seat} has takes/discards left after the hand's end "
                    f"(takes {self.ti[seat]}/{len(self.takes[seat])}, discards "
                    f"{self.di[seat]}/{len(self.discards[seat])})"
                )

    def take(self, seat: int) -> None:
        i = self.ti[seat]
        value = self.takes[seat][i]
        self.at = (seat, "takes", i, value)
        if isinstance(value, str):
            raise Fail(f"seat {seat} calls where it should draw: no discard to call")
        tile = self.tile(value, "a draw")
        self.ti[seat] += 1
        self.draw(seat, tile)

    def act(self, seat: int) -> tuple[int, bool] | None:
        """The seat's next discard entry; returns who acts next (and whether they draw), or
        None when the hand ended."""
        i = self.di[seat]
        value = self.discards[seat][i]
        self.at = (seat, "discards", i, value)
        self.di[seat] += 1
        if len(self.concealed[seat]) % 3 != 2:
            self.size(seat, 2, "acts")
        if isinstance(value, str) and value.startswith("r"):
            tile = self.discard_tile(seat, value[1:])
            self.flush_dora()
            self.declare_riichi(seat)
            return self.let_out(seat, tile, value[1:] == "60", riichi=True)
        if isinstance(value, str):
            return self.kan_or_north(seat, value)
        if value == 0:
            raise Fail("0 stands only for the missing discard after a daiminkan")
        tile = self.discard_tile(seat, value)
        self.flush_dora()
        return self.let_out(seat, tile, value == 60, riichi=False)

    def discard_tile(self, seat: int, value: object) -> Tile:
        if isinstance(value, str):
            if not (value.isascii() and value.isdigit() and len(value) <= 2):
                raise Fail("a riichi discard is 'r' and a tile code")
            value = int(value)
        if value == 60:
            drawn = self.last_draw[seat]
            if drawn is None:
                raise Fail(f"60 (the tile just drawn), but seat {seat} has not just drawn")
            return drawn
        return self.tile(value, "a discard")

    def let_out(
        self, seat: int, tile: Tile, tsumogiri: bool, riichi: bool
    ) -> tuple[int, bool] | None:
        """The seat discards; returns who acts next, as :meth:`act`."""
        self.discard(seat, tile, tsumogiri, "a discard")
        ends = self.all_taken()
        if riichi and not (ends and self.result.kind in ("win", "sanchahou")):
            self.accept_riichi(seat)
        if ends:
            return None
        caller = self.find_caller(seat, tile)
        if caller is None or self.skip_call(seat, tile):
            return (seat + 1) % self.players, True
        who, call = caller
        i = self.ti[who]
        self.at = (who, "takes", i, self.takes[who][i])
        self.ti[who] += 1
        own = list(call.meld.tiles)
        own.remove(tile)
        self.add_call(who, seat, call.meld, own, f"a {call.meld.type}")
        if call.meld.type is MeldType.DAIMINKAN:
            j = self.di[who]
            if j >= len(self.discards[who]) or self.discards[who][j] != 0:
                raise Fail(f"seat {who}'s discards need a 0 after its daiminkan")
            self.di[who] += 1
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
            self.at = (who, "takes", self.ti[who], value)
            call = _take_call(value)
            if source_of(who, seat) is call.source and call.meld.called == tile:
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
                raise Fail("a north set aside is 'f44'")
            self.nukidora(seat, sp.tiles[0], "a nukidora")
            if self.all_taken():  # won on (Mahjong Soul's converters: ldseat is the kita's)
                return None
            return seat, True
        if sp.letter == "a":
            if sp.place != 6 or len(sp.tiles) != 4:
                raise Fail("an ankan is four tiles with 'a' at place 6")
            meld = _make(MeldType.CLOSED_KAN, sp.tiles, None, None, value)
            self.closed_kan(seat, meld.tiles, "an ankan")
            if self.all_taken():  # robbed by thirteen orphans: no replacement, no indicator
                return None
            self.flush_dora()
            return seat, True
        if sp.letter == "k":
            if sp.place not in _PON_PLACE or len(sp.tiles) != 4 or sp.marked > 2:
                raise Fail("a kakan is four tiles with 'k' at place 0, 2 or 4")
            added = sp.tiles[sp.marked]
            called = sp.tiles[sp.marked + 1]
            source = _PON_PLACE[sp.place]
            at = self.pon_of(seat, added)
            old = self.melds[seat][at]
            if old.called != called or old.source is not source:
                raise Fail(f"the kakan does not match seat {seat}'s pon {old.to_json()}")
            _make(MeldType.ADDED_KAN, sp.tiles, called, source, value)  # the text is a kan
            self.added_kan(seat, at, added, "a kakan")
            self.flush_dora(keep=1)  # this kan's indicator comes after its replacement draw
            if self.all_taken():
                return None  # robbed: chankan
            return seat, True
        raise Fail(f"a discard entry is a tile, 'r', 'a', 'k' or 'f', not '{sp.letter}'")

    # -- the end --
    def end_after_draw(self, seat: int) -> None:
        """The seat drew and did not discard: tsumo or kyuushu kyuuhai."""
        self.at = f"seat {seat}, after its last draw"
        res = self.result
        if res.kind == "win":
            if len(res.wins) != 1:
                raise Fail("a tsumo has one winner")
            deltas, info = res.wins[0]
            who, from_who = json_int(info[0], "the winner"), json_int(info[1], "from")
            if who != seat or from_who != seat:
                raise Fail(f"the hand ends on seat {seat}'s draw, but the result is seat "
                            f"{who} winning from seat {from_who}")
            drawn = self.last_draw[seat]
            if drawn is None:
                raise Fail(f"seat {seat} wins by tsumo without having just drawn")
            self.one_win(seat, seat, drawn, deltas, info, first=True)
            return
        if res.kind != "kyuushu_kyuuhai":
            raise Fail(f"the hand ends on seat {seat}'s draw, but the result is {res.name}")
        self.drawn(seat, res.kind, (), self.shown_hands([seat]), self.draw_deltas())

    def end_after_discard(self) -> None:
        """Nobody takes another tile: a ron on the last discard (or added kan), or a draw."""
        self.at = "after the last discard"
        res = self.result
        if self.release is None:
            raise Fail("the hand ends before any discard")
        last_seat, last_tile = self.release.seat, self.release.held
        if res.kind == "win":
            for k, (deltas, info) in enumerate(res.wins):
                who, from_who = json_int(info[0], "the winner"), json_int(info[1], "from")
                if from_who != last_seat or who == last_seat:
                    raise Fail(f"seat {who} wins from seat {from_who}, but the last discard "
                                f"was seat {last_seat}'s")
                self.one_win(who, from_who, last_tile, deltas, info, first=k == 0)
            return
        if res.kind == "kyuushu_kyuuhai":
            raise Fail("kyuushu kyuuhai after a discard")
        revealed: dict[int, tuple[Tile, ...]] = {}
        tenpai: tuple[int, ...] = ()
        if res.kind == "exhaustive":
            if res.name == "全員聴牌":
                tenpai = tuple(range(self.players))
            elif res.deltas is not None:
                tenpai = tuple(s for s in range(self.players) if res.deltas[s] > 0)
        elif res.kind == "suucha_riichi":
            tenpai = ()
            revealed = self.shown_hands(sorted(self.declared))
        elif res.kind == "sanchahou":  # the three seats that called ron, as mjlog shows them
            revealed = self.shown_hands(s for s in range(self.players) if s != last_seat)
        revealed.update(self.shown_hands(tenpai))
        self.drawn(last_seat, res.kind, tenpai, revealed, self.draw_deltas())

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

    def one_win(self, who: int, from_who: int, win_tile: Tile, deltas: list[int],
            info: list[Any], first: bool) -> None:
        if not 0 <= who < self.players or not 0 <= from_who < self.players:
            raise Fail(f"win details {quoted(info[:3])} name a seat outside "
                        f"0..{self.players - 1}")
        pao_value = json_int(info[2], "the pao seat")
        pao = pao_value if pao_value != who else None
        text = info[3]
        if not isinstance(text, str):
            raise Fail(f"the win's text is a string, not {quoted(text)}")
        m = VALUE_TEXT.fullmatch(text)
        if m is None:
            raise Fail(f"cannot read the win's value {quoted(text)}")
        a, b = int(m["a"]), (int(m["b"]) if m["b"] else None)
        tsumo = who == from_who
        if not tsumo:
            points = a
        elif m["all"]:
            points = a * (self.players - 1)
        elif b is not None:
            points = a * (self.players - 2) + b
        else:
            raise Fail(f"a tsumo's value {quoted(text)} has no payments per seat")
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
                raise Fail(f"unknown yaku {quoted(entry)}")
            if y["han"] is None:
                if tid not in TENHOU_YAKUMAN:
                    raise Fail(f"{quoted(entry)} is not a yakuman")
                yakuman.append(TENHOU_YAKUMAN[tid])
            else:
                if tid not in TENHOU_YAKU:
                    raise Fail(f"{quoted(entry)}: a yakuman written with han")
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
            sticks=self.sticks_won(first),
        )
        concealed = list(self.concealed[who])
        if not tsumo:
            concealed.append(win_tile)
        self.win(who, from_who, concealed, win_tile,
                 tuple(self.ura) if who in self.accepted else (), recorded)


_MAX_TRIES = 256
"""How many readings of a hand's ambiguous calls :func:`_replay_hand` tries at most."""


def _replay_hand(raw: object, players: int, red: bool) -> _Hand:
    """One hand in table order. A call whose discard is ambiguous (see
    :meth:`_Hand.skip_call`) is first placed on the earliest discard that fits; when the
    replay then fails, the choices are tried again depth first, the last one first, until one
    reading replays to the end. Raises the first reading's error (:class:`_ReplayFailed`)
    when none does."""
    skips: list[bool] = []
    first: _ReplayFailed | None = None
    for _ in range(_MAX_TRIES):
        hand = _Hand(raw, players, red, skips)
        try:
            hand.replay()
            return hand
        except Fail as exc:
            if first is None:
                first = _ReplayFailed(str(exc), hand)
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
            hand = _replay_hand(raw, players, rules.red_fives)
        except Fail as exc:
            where = f"hand {index}"
            if isinstance(exc, _ReplayFailed):
                failed = exc.hand
                where = failed.place(index)
                if failed.where:
                    where += f" ({failed.where})"
            raise RecordError(f"{shown}: {where}: {exc}", name) from None
        if hand.unplaced_dora or len(hand.shown) != len(hand.dora):
            errors.append(f"hand {index}: {len(hand.dora)} dora indicators listed, "
                          f"{len(hand.shown)} placed after kans")
        hands.append(hand.record(index))
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
