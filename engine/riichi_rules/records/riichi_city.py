"""Riichi City (麻雀一番街) game records, the raw JSON of its API (``/record/getRoomData``), to a
:class:`~riichi_rules.records.events.GameRecord`.

The file is ``{"code": 0, "message": "ok", "data": {...}}``; ``data`` holds ``keyValue`` (the
record's id), ``playerCount``, ``round`` (1 an East-only game, 2 a hanchan), ``initPoints``
and ``handRecord``, one object per hand: ``players`` (``userId``, ``nickname``, ``position``:
the seats in turn order, 0..3), ``paiShan`` and ``handCardEncode`` (the wall, which a replay
does not need) and ``handEventRecord``, the hand's events in order, each ``{eventPos,
eventType, userId, startTime, data}`` with ``data`` a JSON object written as a string. Tiles
are numbers (:func:`~riichi_rules.records.riichi_city_codes.tile_of_code`). The events
(:data:`~riichi_rules.records.riichi_city_codes.EVENT_TYPES`):

* ``1``, a seat's deal: ``hand_cards`` (the dealer's 14, the last its first draw, as the wall
  shows), and the hand's header, the same in each: ``dealer_pos``, ``quan_feng`` (the round
  wind), ``chang_ci`` (the kyoku, 1..4), ``ben_chang_num`` (honba), ``li_zhi_bang_num``
  (riichi sticks), ``bao_pai_card`` (the dora indicator), ``user_info_list`` (each seat's
  ``hand_points``);
* ``2``, a seat's turn: ``in_card`` the tile drawn (``is_gang_incard``: a kan's replacement),
  0 when it drew none (the dealer's first turn; a turn after a call);
* ``4``, an action (:data:`~riichi_rules.records.riichi_city_codes.ACTIONS`): ``card``,
  ``group_cards`` (the tiles of the hand a call or a closed kan melds with ``card``),
  ``hand_cards`` (a winner's hand), ``is_li_zhi`` (a discard declaring riichi) and
  ``move_cards_pos``, whose first number is the place of the discarded tile in the hand,
  counted from 1, the tile just drawn being the last: a discard from that place is tsumogiri;
* ``5``, the hand's result: ``end_type``, ``win_info`` (per winner: ``fang_info``, the yaku as
  ``fang_type`` and ``fang_num``; ``all_fang_num`` the han, ``all_fu``, ``all_point`` the
  hand's value; ``user_cards``; ``li_bao_card`` the ura indicators; at an exhaustive draw, per
  tenpai seat: ``user_cards`` and ``ting_card_list``, its waits) and ``user_profit`` (per seat
  ``point_profit``: the score change, honba and every riichi stick on the table included, the
  sticks paid in the hand not, as Tenhou counts them; ``is_bao_pai`` the liable seat);
* ``6``, after the last hand, the game's result: per seat ``point_num`` (the final score) and
  ``score`` (the final points, in tenths);
* ``7``, a kan's new dora indicator (``cards``: the kan indicators so far); ``8``, a riichi
  declaration stands: its stick is paid. ``3`` (a call offered), ``9`` (furiten), ``10``
  (pause) and ``11`` (waits) change nothing and are passed over.

Seat 0 is the first dealer (the first hand's ``dealer_pos``, less its ``chang_ci - 1``), seat
``n`` the ``n``-th after it in turn order. The game's date is the day (UTC) its first event was
sent (``startTime``, milliseconds). Events keep the record's order; a riichi stick is paid
(:class:`RiichiAccepted`) at the record's ``8``, or before the next draw or call when that
comes first, as Tenhou orders them.

What the record does not say, and what the reader takes:

* the limit of a win: :attr:`RecordedWin.limit` is 0 but for a yakuman (5); the han and fu are
  given (the fu of a limit hand too) and compared;
* each win's score changes at a double ron: ``user_profit`` gives the two together; a later
  winner (in turn order from the discarder) is taken to gain its ``point_profit`` from the
  discarder, the first (who takes the honba and the sticks) the rest;
* the rules beyond the number of players and the game's length: red fives (seen in the wall),
  kuitan and the rest are those of the platform (:attr:`RecordRules.platform` ``riichi-city``).

The reader translates the events into the steps of the hand follower
(:mod:`riichi_rules.records.follower`). Malformed or truncated JSON, a ``data`` that is not a
JSON object, a tile not held, a call of a tile nobody discarded, an unknown action or end, a
hand without its result: a :class:`RecordError` naming the file, the hand and the event (its
``eventPos``). A three-player game is not read.

Long because the record says a hand's start, a win and its score apart, each its own way:
deals merged into one starting position, a win announced before the result scores it, a double
ron's score changes shared out between the winners, the draws told by their ends; the codes
are :mod:`riichi_rules.records.riichi_city_codes`'.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from riichi_rules.hand import MeldType
from riichi_rules.limits import RECORD_VALUES, load_json, quoted
from riichi_rules.records.events import (
    GameRecord,
    HandRecord,
    RecordedWin,
    RecordError,
    RecordRules,
)
from riichi_rules.records.fields import json_field, json_int, json_list, json_object
from riichi_rules.records.follower import Fail, TileFollower
from riichi_rules.records.riichi_city_codes import (
    ACTIONS,
    DRAW_ENDS,
    END_TYPES,
    EVENT_TYPES,
    FANG_NAMES,
    FANG_YAKU,
    FANG_YAKUMAN,
    NAGASHI_FANG,
    ROUND_WINDS,
    tile_of_code,
)
from riichi_rules.records.text import at_most, load_text
from riichi_rules.tiles import Tile

__all__ = ["looks_like_riichi_city", "read_riichi_city"]

_SEATS = 4
_CHIS = (2, 3, 4)  # the actions (ACTIONS) the reader follows
_PON, _MINKAN, _RON, _ANKAN, _KAKAN, _TSUMO, _DISCARD, _NINE = 5, 6, 7, 8, 9, 10, 11, 12
_CALLS = frozenset({*_CHIS, _PON, _MINKAN})  # a call of a discard
_PASSED = frozenset({3, 9, 10, 11})  # event types that change nothing at the table
_HEADER = ("dealer_pos", "quan_feng", "chang_ci", "ben_chang_num", "li_zhi_bang_num",
           "bao_pai_card")


def _tile(value: object, what: str) -> Tile:
    try:
        return tile_of_code(value)
    except ValueError as exc:
        raise Fail(f"{what}: {exc}") from None


def _tiles(value: object, what: str) -> list[Tile]:
    return [_tile(v, what) for v in json_list(value, what)]


def _shown(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


@dataclass(frozen=True, slots=True)
class _Claim:
    """A win announced (ron or tsumo) before the hand's result gives its score."""

    seat: int
    tile: Tile
    tsumo: bool


class _Players:
    """The players of the game and their seats, fixed by the first hand."""

    def __init__(self, hand: Mapping[str, Any]) -> None:
        players = json_list(json_field(hand, "players"), "players")
        if len(players) != _SEATS:
            raise Fail(f"{len(players)} players: this reader reads 4-player games")
        self.position: dict[int, int] = {}
        self.names: dict[int, str] = {}
        for p in players:
            p = json_object(p, "a player")
            user = json_int(json_field(p, "userId"), "userId")
            position = json_int(json_field(p, "position"), "position")
            if not 0 <= position < _SEATS or position in self.position.values():
                raise Fail(f"player {user}'s position {position} is not a free seat 0..3")
            self.position[user] = position
            name = p.get("nickname", "")
            self.names[user] = name if isinstance(name, str) else ""
        self.first: int | None = None  # the first dealer's position

    def seat(self, user: object) -> int:
        """The seat of a player (``userId``)."""
        if self.first is None:
            raise Fail("an action before the first deal")
        position = self.position.get(user) if isinstance(user, int) else None
        if position is None:
            raise Fail(f"user {quoted(user)} is not one of the game's players")
        return (position - self.first) % _SEATS

    def by_seat(self) -> tuple[str, ...]:
        names = [""] * _SEATS
        for user, name in self.names.items():
            names[self.seat(user)] = name
        return tuple(names)


class _Hand(TileFollower):
    """One hand's events, translated in the record's order into the follower's steps."""

    HELD = "concealed tiles"

    def __init__(self, players: _Players, index: int) -> None:
        super().__init__(_SEATS)
        self.seating = players
        self.index = index
        self.header: dict[str, int] = {}
        self.started = False
        self.dealt: dict[int, list[Tile]] = {}
        self.pending: int | None = None  # a declaring discard not yet passed
        self.rinshan: int | None = None  # the seat to draw a kan's replacement tile
        self.claims: list[_Claim] = []
        self.nine: int | None = None  # the seat that declared nine terminals
        self.red = False

    # -- naming --
    @property
    def name(self) -> str:
        return f"hand {self.index} ({self.label})" if self.started else f"hand {self.index}"

    def tile(self, value: object, what: str) -> Tile:
        tile = _tile(value, what)
        self.red = self.red or tile.red
        return tile

    def not_held(self, seat: int, held: Tile, what: str) -> str:
        return (f"seat {seat} {what} {held}, which it does not hold (it holds "
                f"{_shown(sorted(self.concealed[seat]))})")

    # -- the deal --
    def deal(self, seat: int, data: Mapping[str, Any]) -> None:
        if self.started:
            raise Fail("a deal after the hand began")
        if seat in self.dealt:
            raise Fail(f"seat {seat} is dealt twice")
        header = {key: json_int(json_field(data, key), key) for key in _HEADER}
        if not self.header:
            self.header = header
            self.scores = self.points(json_field(data, "user_info_list"))
        elif header != self.header:
            differ = [k for k in _HEADER if header[k] != self.header[k]]
            raise Fail(f"seat {seat}'s deal gives another hand header ({', '.join(differ)})")
        self.dealt[seat] = [self.tile(v, "hand_cards") for v in
                            json_list(json_field(data, "hand_cards"), "hand_cards")]

    def points(self, value: object) -> tuple[int, ...]:
        scores: dict[int, int] = {}
        for entry in json_list(value, "user_info_list"):
            entry = json_object(entry, "a user_info_list entry")
            seat = self.seating.seat(json_field(entry, "user_id"))
            scores[seat] = json_int(json_field(entry, "hand_points"), "hand_points")
        if sorted(scores) != list(range(_SEATS)):
            raise Fail("user_info_list must give the points of the 4 players")
        return tuple(scores[s] for s in range(_SEATS))

    def begin(self) -> None:
        """Every seat dealt: the starting hands, and the dealer's first draw (its 14th tile)."""
        if sorted(self.dealt) != list(range(_SEATS)):
            missing = sorted(set(range(_SEATS)) - set(self.dealt))
            raise Fail(f"the hand begins before seat {missing[0]} is dealt")
        h = self.header
        if h["quan_feng"] not in ROUND_WINDS:
            raise Fail(f"quan_feng {h['quan_feng']} is not a round wind (49 East, 65 South, "
                       "81 West, 97 North)")
        if not 1 <= h["chang_ci"] <= 4 or h["ben_chang_num"] < 0 or h["li_zhi_bang_num"] < 0:
            raise Fail(f"chang_ci {h['chang_ci']} is not 1..4, or honba or sticks below 0")
        dealer = self.seating.seat(self.user_at(h["dealer_pos"]))
        if dealer != h["chang_ci"] - 1:
            raise Fail(f"the dealer (position {h['dealer_pos']}, seat {dealer}) is not "
                       f"the dealer of kyoku {h['chang_ci']}")
        for seat in range(_SEATS):
            size = 14 if seat == dealer else 13
            if len(self.dealt[seat]) != size:
                raise Fail(f"seat {seat} is dealt {len(self.dealt[seat])} tiles, not {size}")
        first = self.dealt[dealer].pop()
        self.set_up(round_wind=ROUND_WINDS[h["quan_feng"]], kyoku=h["chang_ci"],
                    honba=h["ben_chang_num"], sticks=h["li_zhi_bang_num"], dealer=dealer,
                    scores=self.scores, hands=[self.dealt[s] for s in range(_SEATS)],
                    dora=self.tile(h["bao_pai_card"], "bao_pai_card"))
        self.started = True
        self.take(self.dealer, first)

    def user_at(self, position: int) -> int:
        for user, p in self.seating.position.items():
            if p == position:
                return user
        raise Fail(f"dealer_pos {position} is not a seat 0..3")

    # -- the table --
    def stand(self) -> None:
        """The declaring discard has passed: its riichi stick is paid."""
        if self.pending is not None:
            self.accept_riichi(self.pending)
            self.pending = None

    def take(self, seat: int, tile: Tile, replacement: bool = False) -> None:
        """``seat`` draws ``tile`` (``replacement``: a kan's replacement tile)."""
        self.stand()
        if replacement != (self.rinshan == seat):
            raise Fail(f"seat {seat} draws a kan's replacement tile without a kan"
                       if replacement else f"seat {self.rinshan} has a kan's replacement tile "
                       f"to draw, but seat {seat} draws")
        self.size(seat, 1, "draws")
        self.rinshan = None
        self.last_draw = [None] * _SEATS
        self.draw(seat, tile)

    def kan(self, seat: int) -> None:
        super().kan(seat)
        self.rinshan = seat

    # -- events --
    def step(self, etype: int, user: object, data: Mapping[str, Any]) -> None:
        if etype == 1:
            self.deal(self.seating.seat(user), data)
            return
        if etype in _PASSED:
            return
        if not self.started:
            self.begin()
        if etype == 6:
            return  # the game's result, read by the game
        self.check_open()
        if etype == 2:
            self.turn(self.seating.seat(user), data)
        elif etype == 4:
            seat = self.seating.seat(user)
            if "user_id" in data and data["user_id"] != user:
                raise Fail(f"the action's user_id {data['user_id']} is not the event's "
                            f"userId {user}")
            self.act(seat, data)
        elif etype == 5:
            self.result(data)
        elif etype == 7:
            self.new_dora(data)
        elif etype == 8:
            self.riichi_stands(self.seating.seat(data.get("user_id", user)))
        else:
            raise Fail(f"unknown eventType {etype}")

    def turn(self, seat: int, data: Mapping[str, Any]) -> None:
        code = json_int(json_field(data, "in_card"), "in_card")
        if code == 0:
            return  # the dealer's first turn, or a turn after a call: nothing drawn
        replacement = data.get("is_gang_incard") is True
        self.take(seat, self.tile(code, "in_card"), replacement)

    def act(self, seat: int, data: Mapping[str, Any]) -> None:
        action = json_int(json_field(data, "action"), "action")
        if self.rinshan is not None and action != _RON:
            raise Fail(f"seat {self.rinshan} has a kan's replacement tile to draw")
        if action == _DISCARD:
            self.on_discard(seat, data)
        elif action in _CALLS:
            self.on_call(seat, action, data)
        elif action == _ANKAN:
            self.on_closed_kan(seat, data)
        elif action == _KAKAN:
            self.on_added_kan(seat, data)
        elif action in (_RON, _TSUMO):
            self.claim(seat, action == _TSUMO, data)
        elif action == _NINE:
            if self.last_draw[seat] is None:
                raise Fail(f"seat {seat} declares nine terminals without having just drawn")
            self.nine = seat
            self.last_actor = seat
        elif action in ACTIONS:
            raise Fail(f"action {action} ({ACTIONS[action]}): a 3-player action, not read")
        else:
            raise Fail(f"unknown action {action}")

    def on_discard(self, seat: int, data: Mapping[str, Any]) -> None:
        tile = self.tile(json_field(data, "card"), "card")
        self.size(seat, 2, "discards")
        if data.get("is_li_zhi") is True:
            kind = data.get("li_zhi_type", 1)
            if kind not in (1, 2):
                raise Fail(f"li_zhi_type {quoted(kind)}: open riichi (開立直), not read")
            self.declare_riichi(seat)
            self.pending = seat
        place = data.get("move_cards_pos")
        drawn = self.last_draw[seat]
        tsumogiri = (drawn is not None and isinstance(place, list) and bool(place)
                     and place[0] == len(self.concealed[seat]))
        if tsumogiri and drawn != tile:
            raise Fail(f"seat {seat} discards {tile} from the place of the tile it drew "
                        f"({drawn})")
        self.discard(seat, tile, tsumogiri, "discards")

    def on_call(self, seat: int, action: int, data: Mapping[str, Any]) -> None:
        tile = self.tile(json_field(data, "card"), "card")
        own = [self.tile(v, "group_cards") for v in json_list(json_field(data, "group_cards"),
                                                           "group_cards")]
        rel = self.claimed(seat, tile, None)
        mtype = (MeldType.CHI if action in _CHIS else MeldType.PON if action == _PON
                 else MeldType.DAIMINKAN)
        self.stand()
        self.size(seat, 1, f"calls {mtype}")
        self.call(seat, rel.seat, mtype, tile, own, f"melds ({mtype})")

    def on_closed_kan(self, seat: int, data: Mapping[str, Any]) -> None:
        tiles = [self.tile(json_field(data, "card"), "card"),
                 *(self.tile(v, "group_cards")
                   for v in json_list(json_field(data, "group_cards"), "group_cards"))]
        self.size(seat, 2, "declares a closed kan")
        self.closed_kan(seat, tiles, "declares a closed kan of")

    def on_added_kan(self, seat: int, data: Mapping[str, Any]) -> None:
        added = self.tile(json_field(data, "card"), "card")
        self.size(seat, 2, "adds to a pon")
        self.added_kan(seat, self.pon_of(seat, added), added, "adds")

    def new_dora(self, data: Mapping[str, Any]) -> None:
        cards = json_list(json_field(data, "cards"), "cards")
        if len(cards) != len(self.shown):  # the kan indicators so far, the new one last
            raise Fail(f"cards lists {len(cards)} kan dora indicators; "
                        f"{len(self.shown) - 1} were shown before this one")
        self.show_dora(self.tile(cards[-1], "cards"))

    def riichi_stands(self, seat: int) -> None:
        if seat in self.accepted:
            return  # paid already, before the draw or call that came first
        if seat != self.pending:
            raise Fail(f"seat {seat}'s riichi stick is paid, but it has not just declared "
                        "riichi")
        self.stand()

    def claim(self, seat: int, tsumo: bool, data: Mapping[str, Any]) -> None:
        tile = self.tile(json_field(data, "card"), "card")
        if tsumo:
            if self.claims or self.last_draw[seat] != tile:
                raise Fail(f"seat {seat} wins by tsumo on {tile}, which it has not just drawn")
        else:
            rel = self.release
            if rel is None or rel.seat == seat or rel.held != tile:
                last = f"seat {rel.seat}'s {rel.held}" if rel is not None else "no tile"
                raise Fail(f"seat {seat} wins by ron on {tile}, but the tile just released "
                            f"is {last}")
            if any(c.seat == seat or c.tsumo for c in self.claims):
                raise Fail(f"seat {seat} wins twice on one tile")
        self.claims.append(_Claim(seat, tile, tsumo))

    # -- the result --
    def result(self, data: Mapping[str, Any]) -> None:
        end = json_int(json_field(data, "end_type"), "end_type")
        profits = self.profits(json_field(data, "user_profit"))
        deltas = tuple(p[0] for p in profits)
        infos = [json_object(w, "a win_info entry") for w in json_list(data.get("win_info") or [],
                                                              "win_info")]
        if end in (0, 1):
            self.wins(end == 1, infos, deltas, [s for s in range(_SEATS) if profits[s][1]])
        elif end in DRAW_ENDS:
            self.draw_result(end, infos, deltas)
        else:
            raise Fail(f"the hand ends by end_type {end} ({END_TYPES.get(end, 'unknown')}): "
                        "not a result this reader reads")
        self.ended = True

    def profits(self, value: object) -> list[tuple[int, bool]]:
        """(point_profit, is_bao_pai) of each seat."""
        by_seat: dict[int, tuple[int, bool]] = {}
        for entry in json_list(value, "user_profit"):
            entry = json_object(entry, "a user_profit entry")
            seat = self.seating.seat(json_field(entry, "user_id"))
            by_seat[seat] = (json_int(json_field(entry, "point_profit"), "point_profit"),
                             entry.get("is_bao_pai") is True)
        if sorted(by_seat) != list(range(_SEATS)):
            raise Fail("user_profit must give the score change of the 4 players")
        return [by_seat[s] for s in range(_SEATS)]

    def wins(self, tsumo: bool, infos: list[Mapping[str, Any]], deltas: tuple[int, ...],
             liable: list[int]) -> None:
        if not self.claims or any(c.tsumo != tsumo for c in self.claims):
            raise Fail(f"a {'tsumo' if tsumo else 'ron'} result without the winner's "
                        f"{'tsumo' if tsumo else 'ron'} action")
        by_seat = {self.seating.seat(json_field(w, "user_id")): w for w in infos}
        claimed = {c.seat for c in self.claims}
        if set(by_seat) != claimed:
            raise Fail(f"win_info names seats {sorted(by_seat)}; seats {sorted(claimed)} "
                        "declared the win")
        if len(liable) > 1:
            raise Fail(f"seats {liable} are all liable (is_bao_pai)")
        pao = liable[0] if liable else None
        rel = self.release
        from_seat = self.claims[0].seat if tsumo else (rel.seat if rel is not None else -1)
        order = sorted(self.claims, key=lambda c: (c.seat - from_seat) % _SEATS)
        # a later winner gains its own point_profit from the discarder; the first the rest
        later = [(0,) * _SEATS for _ in order]
        for k, c in enumerate(order[1:], 1):
            own = [0] * _SEATS
            own[c.seat] = deltas[c.seat]
            own[from_seat] = -deltas[c.seat]
            later[k] = tuple(own)
        first = tuple(d - sum(w[s] for w in later[1:]) for s, d in enumerate(deltas))
        for k, c in enumerate(order):
            self.one_win(c, from_seat, by_seat[c.seat], first if k == 0 else later[k],
                     pao if pao != c.seat else None, k == 0)

    def one_win(self, claim: _Claim, from_seat: int, info: Mapping[str, Any],
            deltas: tuple[int, ...], pao: int | None, first: bool) -> None:
        seat = claim.seat
        yaku: dict[str, int] = {}
        yakuman: list[str] = []
        for entry in json_list(json_field(info, "fang_info"), "fang_info"):
            entry = json_object(entry, "a fang_info entry")
            kind = json_int(json_field(entry, "fang_type"), "fang_type")
            han = json_int(json_field(entry, "fang_num"), "fang_num")
            if kind in FANG_YAKUMAN:
                yakuman.append(FANG_YAKUMAN[kind])
            elif kind in FANG_YAKU:
                if han > 0:
                    yaku[FANG_YAKU[kind]] = yaku.get(FANG_YAKU[kind], 0) + han
            else:
                raise Fail(f"fang_type {kind} ({FANG_NAMES.get(kind, 'unknown')}): no yaku "
                            "of ours stands for it")
        han_total = json_int(json_field(info, "all_fang_num"), "all_fang_num")
        if not yakuman and han_total != sum(yaku.values()):
            raise Fail(f"all_fang_num {han_total}, but the yaku of seat {seat}'s win add up "
                        f"to {sum(yaku.values())}")
        shown = [self.tile(v, "user_cards") for v in json_list(json_field(info, "user_cards"),
                                                           "user_cards")]
        hand = tuple(sorted(shown if claim.tsumo else [*shown, claim.tile]))
        ura_value = info.get("li_bao_card") or []
        ura = tuple(self.tile(v, "li_bao_card") for v in json_list(ura_value, "li_bao_card"))
        recorded = RecordedWin(
            han=13 * len(yakuman) if yakuman else han_total,
            fu=json_int(json_field(info, "all_fu"), "all_fu"),
            points=json_int(json_field(info, "all_point"), "all_point"),
            limit=5 if yakuman else 0,
            yaku=tuple(yaku.items()),
            yakuman=tuple(yakuman),
            deltas=deltas,
            pao=pao,
            honba=self.honba,
            sticks=self.sticks_won(first),
        )
        self.win(seat, from_seat, hand, claim.tile, ura if seat in self.declared else (),
                 recorded)

    def draw_result(self, end: int, infos: list[Mapping[str, Any]],
                    deltas: tuple[int, ...]) -> None:
        kind = DRAW_ENDS[end]
        seat = self.last_actor
        tenpai: list[int] = []
        revealed: dict[int, tuple[Tile, ...]] = {}
        if kind == "exhaustive":
            for info in infos:
                who = self.seating.seat(json_field(info, "user_id"))
                fang = info.get("fang_info") or []
                if any(isinstance(f, Mapping) and f.get("fang_type") == NAGASHI_FANG
                       for f in json_list(fang, "fang_info")):
                    kind = "nagashi_mangan"
                if json_list(info.get("ting_card_list") or [], "ting_card_list"):
                    tenpai.append(who)
                    revealed[who] = tuple(sorted(_tiles(json_field(info, "user_cards"),
                                                        "user_cards")))
        elif kind == "kyuushu_kyuuhai":
            if self.nine is None:
                raise Fail("nine terminals without the seat's declaration")
            seat = self.nine
            revealed = self.shown_hands([seat])
        elif kind == "suucha_riichi":
            revealed = self.shown_hands(sorted(self.declared))
        elif kind == "sanchahou":
            callers = [c.seat for c in self.claims] or [s for s in range(_SEATS) if s != seat]
            revealed = self.shown_hands(sorted(callers))
        self.drawn(seat, kind, tuple(sorted(tenpai)), revealed, deltas)


def _event(raw: object) -> tuple[int, int, object, Mapping[str, Any]]:
    """(eventPos, eventType, userId, data) of a raw event."""
    ev = json_object(raw, "an event")
    pos = json_int(json_field(ev, "eventPos"), "eventPos")
    etype = json_int(json_field(ev, "eventType"), "eventType")
    text = json_field(ev, "data")
    if text in ("", None):
        return pos, etype, ev.get("userId"), {}
    if not isinstance(text, str):
        raise Fail(f"data must be a JSON object written as a string, not {quoted(text)}")
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        raise Fail(f"data is not valid JSON (truncated?): {exc.msg}: column "
                    f"{exc.colno}") from None
    return pos, etype, ev.get("userId"), json_object(data, "data")


def _what(etype: int, data: Mapping[str, Any]) -> str:
    """An event named for messages: ``eventType 4 (ActionBrc), action 11 (OutCard)``."""
    what = f"eventType {etype} ({EVENT_TYPES.get(etype, 'unknown')})"
    action = data.get("action")
    if etype == 4 and isinstance(action, int):
        what += f", action {action} ({ACTIONS.get(action, 'unknown')})"
    return what


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name
        self.errors: list[str] = []
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.start_time: int | None = None
        self.red = False

    def read(self, top: object) -> GameRecord:
        if not isinstance(top, Mapping) or not isinstance(top.get("data"), Mapping):
            raise RecordError(f"{self.name}: not a Riichi City game (an object with 'data')",
                              self.name)
        data = top["data"]
        if top.get("code", 0) != 0:
            raise RecordError(f"{self.name}: the API answered code {quoted(top.get('code'))} "
                              f"({quoted(top.get('message'))}), not a game", self.name)
        count = data.get("playerCount", _SEATS)
        if count != _SEATS:
            raise RecordError(f"{self.name}: a {count}-player game (playerCount): this reader "
                              "reads 4-player games", self.name)
        raw_hands = data.get("handRecord")
        if not isinstance(raw_hands, list) or not raw_hands:
            raise RecordError(f"{self.name}: data.handRecord must be a list of hands", self.name)
        try:
            players = _Players(json_object(raw_hands[0], "a hand"))
        except Fail as exc:
            raise RecordError(f"{self.name}: hand 0: {exc}", self.name) from None
        hands = [self.hand(players, index, raw) for index, raw in enumerate(raw_hands)]
        if self.final_scores is None:
            self.errors.append("the game has no final result (no RoomEnd event)")
        length = data.get("round")
        hanchan = True if length == 2 else False if length == 1 else None
        red = self.red or any(self.red_in(raw) for raw in raw_hands)
        label = "Riichi City 4-player" + {True: " hanchan", False: " East-only",
                                          None: ""}[hanchan]
        rules = RecordRules(_SEATS, red, True, hanchan, True, label,
                            {k: v for k, v in data.items() if k != "handRecord"}, "riichi-city")
        game_id = data.get("keyValue")
        day = _day(self.start_time)
        start = data.get("initPoints")
        return GameRecord(
            source=self.name,
            game_id=game_id if isinstance(game_id, str) and game_id else None,
            rules=rules,
            players=players.by_seat(),
            start_points=start if isinstance(start, int) else hands[0].scores[0],
            hands=tuple(hands),
            final_scores=self.final_scores,
            final_points=self.final_points,
            errors=tuple(self.errors),
            date=day,
        )

    def hand(self, players: _Players, index: int, raw: object) -> HandRecord:
        hand = _Hand(players, index)
        where = ""
        try:
            events = json_list(json_field(json_object(raw, "a hand"), "handEventRecord"),
                               "handEventRecord")
            for number, ev in enumerate(events):
                where = f", event {number}"
                pos, etype, user, data = _event(ev)
                where = f", event {pos} ({_what(etype, data)})"
                if self.start_time is None and isinstance(ev, Mapping):
                    start = ev.get("startTime")
                    self.start_time = start if isinstance(start, int) else None
                if players.first is None and etype == 1:
                    dealer_pos = json_int(json_field(data, "dealer_pos"), "dealer_pos")
                    kyoku = json_int(json_field(data, "chang_ci"), "chang_ci")
                    players.first = (dealer_pos - kyoku + 1) % _SEATS
                if etype == 6:
                    self.game_end(players, data)
                if etype not in EVENT_TYPES:
                    self.errors.append(f"{hand.name}{where}: passed over")
                    continue
                hand.step(etype, user, data)
            where = ""
            if not hand.ended:
                raise Fail("the hand has no result (no GameEnd event): truncated?")
        except Fail as exc:
            raise RecordError(f"{self.name}: {hand.name}{where}: {exc}", self.name) from None
        self.red = self.red or hand.red
        return hand.record(index)

    def game_end(self, players: _Players, data: Mapping[str, Any]) -> None:
        scores: dict[int, tuple[int, float]] = {}
        for entry in json_list(json_field(data, "user_data"), "user_data"):
            entry = json_object(entry, "a user_data entry")
            seat = players.seat(json_field(entry, "user_id"))
            scores[seat] = (json_int(json_field(entry, "point_num"), "point_num"),
                            json_int(json_field(entry, "score"), "score") / 10)
        if sorted(scores) != list(range(_SEATS)):
            raise Fail("user_data must give the result of the 4 players")
        self.final_scores = tuple(scores[s][0] for s in range(_SEATS))
        self.final_points = tuple(scores[s][1] for s in range(_SEATS))

    @staticmethod
    def red_in(raw: object) -> bool:
        """Whether a hand's wall (``paiShan``, the tiles left after the deal) holds a red
        five; its deal and draws are read for them too."""
        wall = raw.get("paiShan") if isinstance(raw, Mapping) else None
        return isinstance(wall, list) and any(isinstance(c, int) and c >= 0x100 for c in wall)


def _day(milliseconds: int | None) -> dt.date | None:
    """The day (UTC) of a time in milliseconds since 1970, None when there is none or it is
    out of range."""
    if milliseconds is None:
        return None
    try:
        return dt.datetime.fromtimestamp(milliseconds / 1000, dt.UTC).date()
    except (OverflowError, OSError, ValueError):
        return None


_BROKEN_HAND = re.compile(r'"handEventRecord"')
_BROKEN_EVENT = re.compile(r'"eventPos"\s*:\s*(\d+)')


def _broken_at(text: str, position: int) -> str:
    """Where in the game a JSON error falls: `` (the text breaks off in hand 3, at event
    57)``, the last event whose ``eventPos`` was read; "" before the first hand's events."""
    starts = [m.start() for m in _BROKEN_HAND.finditer(text, 0, position)]
    if not starts:
        return ""
    events = _BROKEN_EVENT.findall(text, starts[-1], position)
    return (f" (the text breaks off in hand {len(starts) - 1}"
            + (f", at event {events[-1]})" if events else ")"))


def looks_like_riichi_city(data: bytes) -> bool:
    """Whether a file's content is a Riichi City game: a JSON object with
    ``data.handRecord[].handEventRecord``."""
    return (data.lstrip()[:1] == b"{" and b'"handEventRecord"' in data
            and b'"handRecord"' in data)


def read_riichi_city(path_or_text: str | Path | bytes | Mapping[str, Any], *,
                     source: str | None = None) -> GameRecord:
    """Read one Riichi City game: a path, the JSON text, its bytes (gzip accepted) or the
    parsed object. ``source`` names it in messages (default: the file's name). Raises
    :class:`RecordError` naming the file, the hand and the event."""
    if isinstance(path_or_text, Mapping):
        name = source or "<json>"
        return _Reader(name).read(path_or_text)
    text, name, shown = load_text(path_or_text, source, "{")
    at_most(text, name, shown, ",", RECORD_VALUES, "values")
    try:
        top = load_json(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{shown}: not valid JSON (truncated?): {exc.msg}: line "
                          f"{exc.lineno}, column {exc.colno}{_broken_at(text, exc.pos)}",
                          name) from None
    try:
        record = _Reader(shown).read(top)
    except RecordError as exc:
        exc.source = name
        raise
    return replace(record, source=name)
