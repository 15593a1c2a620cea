"""mjai event streams (the JSON-lines records of the Mjai / Mortal / mjai.app ecosystem) to a
:class:`~riichi_rules.records.events.GameRecord`.

One JSON object a line (``.mjson``, ``.jsonl``; a JSON array of the same objects is accepted
too), each with a ``type``: ``start_game {names?}``, ``start_kyoku {bakaze, dora_marker, kyoku
(1..4), honba, kyotaku, oya, scores, tehais}``, ``tsumo {actor, pai}``, ``dahai {actor, pai,
tsumogiri}``, ``chi``/``pon``/``daiminkan {actor, target, pai, consumed}``, ``kakan {actor,
pai, consumed}`` (``pai`` the added tile, ``consumed`` the pon's three), ``ankan {actor,
consumed}``, ``dora {dora_marker}``, ``reach {actor}``, ``reach_accepted {actor}``, ``hora
{actor, target, deltas, ura_markers?}``, ``ryukyoku {deltas}``, ``end_kyoku``, ``end_game``;
``none`` lines are skipped. Tiles are ``1m``..``9m``, ``1p``.., ``1s``.., ``5mr``/``5pr``/``5sr``
for the red fives, ``E S W N`` for the winds and ``P F C`` for white, green and red dragon;
``?`` is a tile the writer could not see (a bot's view of the game), which a replay cannot use.

The original server (gimite/mjai) writes more, which is read where present: ``hora`` may give
``pai``, ``hora_tehais``, ``uradora_markers``, ``fu``, ``fan``, ``hora_points`` and ``yakus``
(``[[name, fan], ...]``, its names in :data:`MJAI_YAKU`); ``ryukyoku`` may give ``reason``
(:data:`MJAI_DRAWS`), ``tehais`` (``?`` for the hands not shown) and ``tenpais``; ``end_game``
may give ``scores``. What the stream does not say:

* the score of a win, in the many logs whose ``hora`` gives only ``deltas``: only its score
  changes can be checked. Such a win's :class:`RecordedWin` has ``han``, ``fu`` and
  ``points`` None and no yaku (``scored`` False), and one note in :attr:`GameRecord.errors`
  lists the game's such wins (:data:`UNSCORED`);
* the limit name (:attr:`RecordedWin.limit` is 0) and the liable seat (``pao`` is None);
* the kind of a draw without ``reason``: the wall ran out when 70 tiles were drawn; else the
  last action tells it (a draw not discarded: nine terminals; four riichi accepted; four winds
  discarded in the first go-around; four kans; a discard: triple ron);
* the tenpai seats at an exhaustive draw without ``tenpais``: the seats with a positive score
  change; when nobody pays, either all four or none are tenpai, and it is all four when every
  hand has a wait. A seat paid at the draw whose hand has no wait had a nagashi mangan (its
  tenpai seats are then left empty, as tenhou.net/6 leaves them);
* the hands shown at a draw without ``tehais``: those of the tenpai seats, of the seat that
  declared nine terminals, at four riichi of the four, and at a triple ron of the three who
  called it (as Tenhou shows them);
* the rules: a 4-player game, red fives when ``start_game.aka_flag`` says so or a red five is
  seen, kuitan assumed; not whether the game is east-only or a hanchan
  (:attr:`RecordRules.hanchan` is None, unless a South hand is taken to show a hanchan); there
  is no end result in points (:attr:`GameRecord.final_points`).

The reader translates each event into the steps of the hand follower
(:mod:`riichi_rules.records.follower`); the spellings are :mod:`riichi_rules.records.mjai_names`'.
A bad line, a tile not held, a call of a tile nobody released, an event before
``start_kyoku``, a hand without a result or a stream without ``end_game`` (truncated) is a
:class:`RecordError` naming the file, the line, the hand and the event.

Long because of what the stream leaves unsaid: the kind of a draw, its tenpai seats and the
hands shown are worked out here from what it does say (above), beside the translation.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType
from riichi_rules.limits import RECORD_TAGS, RECORD_VALUES, load_json, quoted
from riichi_rules.records.dates import day_of_id, day_written, tenhou_id
from riichi_rules.records.events import (
    Discard,
    Draw,
    GameRecord,
    HandRecord,
    RecordedWin,
    RecordError,
    RecordRules,
    RiichiAccepted,
    WonHand,
)
from riichi_rules.records.fields import json_field, json_int
from riichi_rules.records.follower import Fail, TileFollower
from riichi_rules.records.mjai_names import (
    MJAI_DRAWS,
    MJAI_YAKU,
    MJAI_YAKUMAN,
    mjai_name,
    tile_of_mjai,
)
from riichi_rules.records.text import at_most, load_text
from riichi_rules.tiles import Tile, Wind
from riichi_rules.waits import waits

__all__ = [
    "MJAI_DRAWS",
    "MJAI_YAKU",
    "MJAI_YAKUMAN",
    "UNSCORED",
    "looks_like_mjai",
    "read_mjai",
    "tile_of_mjai",
]

_SEATS = 4
_LIVE_WALL = 70  # 136 tiles - 14 dead wall - 4 x 13 dealt: draws (kan draws included)

UNSCORED: Final = ("recorded only by the score changes (deltas), without han, fu, yaku or "
                   "points: only the score changes can be checked")
"""What the note in :attr:`GameRecord.errors` says of the wins the log does not score (one
note a game: ``"2 wins recorded only ... (hand 0 (E1-0) line 28, hand 3 (E4-0) line 160)"``)."""

_YAKUHAI = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}


FIRST_PROTOCOL = (
    "start_kyoku gives only oya and dora_marker: an mjai log of the first protocol "
    "(gimite/mjai's, whose haipai events deal the hands and whose hora and ryukyoku give no "
    "score changes), without the round, honba, riichi sticks, scores and score changes a "
    "replay needs")
"""Why a log of mjai's first protocol is not read (its start_kyoku has only ``oya`` and
``dora_marker``)."""


def _ints(value: object, what: str, n: int) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise Fail(f"{what} must be a list of {n} whole numbers, not {quoted(value)}")
    return [json_int(v, what) for v in value]


def _seat(ev: Mapping[str, Any], key: str) -> int:
    seat = json_int(json_field(ev, key), key)
    if not 0 <= seat < _SEATS:
        raise Fail(f"{key} {seat} is not a seat 0..3")
    return seat


class _Hand(TileFollower):
    """One hand, its events translated into the follower's steps."""

    HELD = "concealed tiles"

    def __init__(self, reader: _Reader, ev: Mapping[str, Any]) -> None:
        super().__init__(_SEATS)
        self.reader = reader
        if "oya" in ev and not {"bakaze", "kyoku", "honba", "scores", "tehais"} & set(ev):
            raise Fail(FIRST_PROTOCOL)
        try:
            round_wind = Wind.parse(json_field(ev, "bakaze"))
        except InputError as exc:
            raise Fail(f"bakaze: {exc.message}") from None
        kyoku = json_int(json_field(ev, "kyoku"), "kyoku")
        if not 1 <= kyoku <= 4:
            raise Fail(f"kyoku {kyoku} is not 1..4")
        honba = json_int(json_field(ev, "honba"), "honba")
        sticks = json_int(json_field(ev, "kyotaku"), "kyotaku")
        if honba < 0 or sticks < 0:
            raise Fail("honba and kyotaku must be 0 or more")
        dealer = _seat(ev, "oya")
        scores = tuple(_ints(json_field(ev, "scores"), "scores", _SEATS))
        dora = self.tile(json_field(ev, "dora_marker"), "dora_marker")
        tehais = json_field(ev, "tehais")
        if not isinstance(tehais, list) or len(tehais) != _SEATS:
            raise Fail("tehais must be a list of 4 hands")
        hands: list[list[Tile]] = []
        for seat, hand in enumerate(tehais):
            if not isinstance(hand, list) or len(hand) != 13:
                raise Fail(f"tehais[{seat}] must be a list of 13 tiles, not {quoted(hand)}")
            hands.append([self.tile(t, f"tehais[{seat}]") for t in hand])
        self.set_up(round_wind=round_wind, kyoku=kyoku, honba=honba, sticks=sticks,
                    dealer=dealer, scores=scores, hands=hands, dora=dora)
        self.draws = 0

    def named(self, held: Tile) -> str:
        return mjai_name(held)

    def tile(self, value: object, what: str) -> Tile:
        try:
            tile = tile_of_mjai(value)
        except ValueError as exc:
            raise Fail(f"{what}: {exc}") from None
        if tile.red:
            if self.reader.aka is False:
                raise Fail(f"{what}: a red five in a game without red fives (aka_flag)")
            self.reader.red_seen = True
        return tile

    def tiles(self, ev: Mapping[str, Any], key: str, n: int) -> list[Tile]:
        value = json_field(ev, key)
        if not isinstance(value, list) or len(value) != n:
            raise Fail(f"{key} must be a list of {n} tiles, not {quoted(value)}")
        return [self.tile(t, key) for t in value]

    # -- events --
    def step(self, kind: str, ev: Mapping[str, Any]) -> None:
        if not (kind == "hora" and self.events and isinstance(self.events[-1], WonHand)):
            self.check_open()
        handler = getattr(self, "on_" + kind)
        handler(ev)

    def on_tsumo(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        tile = self.tile(json_field(ev, "pai"), "pai")
        self.size(seat, 1, "draws")
        self.draws += 1
        if self.draws > _LIVE_WALL:
            raise Fail(f"draw {self.draws}: the wall has {_LIVE_WALL} tiles to draw")
        self.draw(seat, tile)

    def on_dahai(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        tile = self.tile(json_field(ev, "pai"), "pai")
        tsumogiri = ev.get("tsumogiri")
        if tsumogiri is not None and not isinstance(tsumogiri, bool):
            raise Fail(f"tsumogiri must be true or false, not {quoted(tsumogiri)}")
        if tsumogiri and self.last_draw[seat] != tile:
            drawn = self.last_draw[seat]
            raise Fail(f"tsumogiri of {mjai_name(tile)}, but seat {seat} just drew "
                       + (mjai_name(drawn) if drawn is not None else "nothing"))
        self.discard(seat, tile, tsumogiri, "dahai")

    def _claim(self, ev: Mapping[str, Any], mtype: MeldType, consumed: int) -> None:
        seat = _seat(ev, "actor")
        target = _seat(ev, "target")
        tile = self.tile(json_field(ev, "pai"), "pai")
        own = self.tiles(ev, "consumed", consumed)
        self.claimed(seat, tile, target)
        self.size(seat, 1, f"calls {mtype}")
        self.call(seat, target, mtype, tile, own, str(mtype))

    def on_chi(self, ev: Mapping[str, Any]) -> None:
        self._claim(ev, MeldType.CHI, 2)

    def on_pon(self, ev: Mapping[str, Any]) -> None:
        self._claim(ev, MeldType.PON, 2)

    def on_daiminkan(self, ev: Mapping[str, Any]) -> None:
        self._claim(ev, MeldType.DAIMINKAN, 3)

    def on_kakan(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        added = self.tile(json_field(ev, "pai"), "pai")
        pon_tiles = self.tiles(ev, "consumed", 3)
        self.size(seat, 2, "adds to a pon")
        at = self.pon_of(seat, added)
        pon = self.melds[seat][at]
        if sorted(pon_tiles) != sorted(pon.tiles):
            raise Fail(f"consumed {[mjai_name(t) for t in pon_tiles]} are not the tiles of "
                       f"seat {seat}'s pon {[mjai_name(t) for t in pon.tiles]}")
        self.added_kan(seat, at, added, "kakan")

    def on_ankan(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        tiles = self.tiles(ev, "consumed", 4)
        self.size(seat, 2, "declares a closed kan")
        self.closed_kan(seat, tiles, "ankan")

    def on_dora(self, ev: Mapping[str, Any]) -> None:
        self.show_dora(self.tile(json_field(ev, "dora_marker"), "dora_marker"))

    def on_reach(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        self.declare_riichi(seat)
        self.last_actor = seat

    def on_reach_accepted(self, ev: Mapping[str, Any]) -> None:
        self.accept_riichi(_seat(ev, "actor"))

    def on_hora(self, ev: Mapping[str, Any]) -> None:
        seat = _seat(ev, "actor")
        target = _seat(ev, "target")
        deltas = tuple(_ints(json_field(ev, "deltas"), "deltas", _SEATS))
        first = not self.ended
        if seat == target:
            if not first:
                raise Fail("a second winner wins by ron on the same tile, not by tsumo")
            drawn = self.last_draw[seat]
            if drawn is None:
                raise Fail(f"seat {seat} wins by tsumo without having just drawn")
            self.size(seat, 2, "wins by tsumo")
            win_tile = drawn
            concealed = list(self.concealed[seat])
            concealed.remove(win_tile)
        else:
            rel = self.release
            if rel is None or rel.seat != target:
                raise Fail(f"seat {seat} wins on seat {target}, which has just released no "
                           "tile")
            self.size(seat, 1, "wins by ron")
            win_tile = rel.held
            concealed = list(self.concealed[seat])
        if "pai" in ev and self.tile(ev["pai"], "pai") != win_tile:
            raise Fail(f"pai {quoted(ev['pai'])}, but the winning tile is "
                       f"{mjai_name(win_tile)}")
        shown = ev.get("hora_tehais")
        if isinstance(shown, list) and "?" not in shown:
            tiles = sorted(self.tile(t, "hora_tehais") for t in shown)
            if tiles != sorted(concealed):
                raise Fail(f"hora_tehais {shown} is not seat {seat}'s hand as followed")
        hand = tuple(sorted([*concealed, win_tile]))
        ura_value = ev.get("ura_markers", ev.get("uradora_markers", []))
        if not isinstance(ura_value, list):
            raise Fail(f"ura_markers must be a list of tiles, not {quoted(ura_value)}")
        ura = tuple(self.tile(t, "ura_markers") for t in ura_value)
        recorded = RecordedWin(
            han=None, fu=None, points=None, limit=0, yaku=(), yakuman=(), deltas=deltas,
            pao=None, honba=self.honba, sticks=self.sticks_won(first))
        if "hora_points" in ev or "fan" in ev or "yakus" in ev:
            recorded = self.score(ev, recorded, hand, self.melds[seat])
        else:
            self.reader.unscored.append(f"hand {len(self.reader.hands)} ({self.label}) line "
                                        f"{self.reader.line}")
        self.win(seat, target, hand, win_tile, ura if seat in self.accepted else (), recorded)

    def score(self, ev: Mapping[str, Any], base: RecordedWin, hand: Sequence[Tile],
              melds: Sequence[Meld]) -> RecordedWin:
        """The gimite/mjai score fields of a ``hora``: ``fan``, ``fu``, ``hora_points``,
        ``yakus``."""
        points = json_int(json_field(ev, "hora_points"), "hora_points")
        fu = json_int(ev["fu"], "fu") if ev.get("fu") is not None else None
        yakus = json_field(ev, "yakus")
        if not isinstance(yakus, list):
            raise Fail(f"yakus must be a list of [name, fan], not {quoted(yakus)}")
        yaku: dict[str, int] = {}
        yakuman: list[str] = []
        for entry in yakus:
            if (not isinstance(entry, list) or len(entry) != 2
                    or not isinstance(entry[0], str)):
                raise Fail(f"a yakus entry is [name, fan], not {quoted(entry)}")
            name, fan = entry[0], json_int(entry[1], f"the fan of {entry[0]}")
            if name in MJAI_YAKUMAN:
                yakuman.append(MJAI_YAKUMAN[name])
            elif name == "sangenpai":
                dragons = [k for k in _YAKUHAI
                           if sum(t.kind == k for t in hand)
                           + sum(m.tiles[0].kind == k and m.type is not MeldType.CHI
                                 for m in melds) * 3 >= 3]
                if len(dragons) != fan:
                    raise Fail(f"sangenpai {fan}, but the hand has {len(dragons)} dragon "
                                "triplets")
                for k in dragons:
                    yaku[_YAKUHAI[k]] = 1
            elif name in MJAI_YAKU:
                if fan > 0:
                    yaku[MJAI_YAKU[name]] = yaku.get(MJAI_YAKU[name], 0) + fan
            else:
                raise Fail(f"unknown yaku {quoted(name)}")
        han = 13 * len(yakuman) if yakuman else sum(yaku.values())
        if "fan" in ev and not yakuman and json_int(ev["fan"], "fan") != han:
            raise Fail(f"fan {ev['fan']}, but the yakus add up to {han}")
        return RecordedWin(han=han, fu=fu, points=points, limit=0, yaku=tuple(yaku.items()),
                           yakuman=tuple(yakuman), deltas=base.deltas, pao=None,
                           honba=base.honba, sticks=base.sticks)

    def on_ryukyoku(self, ev: Mapping[str, Any]) -> None:
        deltas = tuple(_ints(json_field(ev, "deltas"), "deltas", _SEATS))
        reason = ev.get("reason")
        if reason is not None and reason not in MJAI_DRAWS:
            raise Fail(f"unknown ryukyoku reason {quoted(reason)} "
                        f"(known: {', '.join(MJAI_DRAWS)})")
        kind = MJAI_DRAWS[reason] if reason is not None else self.draw_kind()
        if reason is None and kind == "exhaustive" and any(
                deltas[s] > 0 and not waits(self.concealed[s], self.melds[s])
                for s in range(_SEATS)):
            kind = "nagashi_mangan"  # paid at the draw without being tenpai
        seat = self.last_actor
        revealed: dict[int, tuple[Tile, ...]] = {}
        tehais = ev.get("tehais")
        if isinstance(tehais, list) and len(tehais) == _SEATS:
            for s, shown in enumerate(tehais):
                if not isinstance(shown, list) or not shown or "?" in shown:
                    continue
                tiles = tuple(sorted(self.tile(t, f"tehais[{s}]") for t in shown))
                if list(tiles) != sorted(self.concealed[s]):
                    raise Fail(f"tehais[{s}] is not seat {s}'s hand as followed")
                revealed[s] = tiles
        tenpai: tuple[int, ...] = ()
        if kind in ("exhaustive", "nagashi_mangan"):
            tenpai = self.tenpai(ev, deltas, kind)
            if not isinstance(tehais, list):
                revealed = self.shown_hands(tenpai)
        elif kind == "kyuushu_kyuuhai":
            revealed = revealed or self.shown_hands([seat])
        elif kind == "suucha_riichi" and not isinstance(tehais, list):
            revealed = self.shown_hands(sorted(self.declared))
        elif kind == "sanchahou" and not isinstance(tehais, list):
            revealed = self.shown_hands(s for s in range(_SEATS) if s != seat)
        self.drawn(seat, kind, tenpai, revealed, deltas)

    def tenpai(self, ev: Mapping[str, Any], deltas: Sequence[int],
               kind: str) -> tuple[int, ...]:
        flags = ev.get("tenpais")
        if flags is not None:
            if not isinstance(flags, list) or len(flags) != _SEATS or not all(
                    isinstance(f, bool) for f in flags):
                raise Fail(f"tenpais must be a list of 4 booleans, not {quoted(flags)}")
            return tuple(s for s in range(_SEATS) if flags[s])
        if kind == "nagashi_mangan":
            return ()
        if any(deltas):
            return tuple(s for s in range(_SEATS) if deltas[s] > 0)
        if all(waits(self.concealed[s], self.melds[s]) for s in range(_SEATS)):
            return tuple(range(_SEATS))
        return ()

    def draw_kind(self) -> str:
        """The kind of a draw the log does not name (see the module's docstring)."""
        last = self.events[-1] if self.events else None
        if self.draws >= _LIVE_WALL:
            return "exhaustive"
        if isinstance(last, Draw):
            return "kyuushu_kyuuhai"
        if isinstance(last, RiichiAccepted) and len(self.accepted) == 4:
            return "suucha_riichi"
        discards = [e for e in self.events if isinstance(e, Discard)]
        if (len(discards) == 4 and len(self.events) == 8 and discards[0].tile.wind
                and all(d.tile == discards[0].tile for d in discards)):
            return "suufon_renda"
        if len(self.kans) >= 4 and len(set(self.kans)) > 1:
            return "suukaikan"
        if isinstance(last, Discard):
            return "sanchahou"
        raise Fail(f"a draw after {self.draws} of {_LIVE_WALL} tiles that the log does not "
                    "name (no 'reason'), and no abortive draw fits")


_HAND_EVENTS = frozenset({"tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "dora",
                          "reach", "reach_accepted", "hora", "ryukyoku"})


class _Reader:
    def __init__(self, name: str) -> None:
        self.name = name
        self.line = 0
        self.text = ""
        self.hands: list[HandRecord] = []
        self.hand: _Hand | None = None
        self.players: tuple[str, ...] = ("",) * _SEATS
        self.raw: dict[str, object] = {"format": "mjai"}
        self.aka: bool | None = None
        self.red_seen = False
        self.started = False
        self.ended = False
        self.final_scores: tuple[int, ...] | None = None
        self.errors: list[str] = []
        self.unscored: list[str] = []  # the wins given only by their deltas: where

    def where(self) -> str:
        shown = self.text if len(self.text) <= 100 else self.text[:97] + "..."
        place = f"{self.name}: line {self.line}"
        if self.hand is not None:
            place += f", {self.hand.place(len(self.hands))}"
        return f"{place} ({shown})"

    def read(self, lines: Sequence[tuple[int, str, object]]) -> GameRecord:
        for number, text, ev in lines:
            self.line, self.text = number, text
            try:
                self.step(ev)
            except Fail as exc:
                raise RecordError(f"{self.where()}: {exc}", self.name) from None
        if self.hand is not None and not self.hand.ended:
            raise RecordError(f"{self.name}: truncated: hand {len(self.hands)} "
                              f"({self.hand.label}) has no result (no hora or ryukyoku)",
                              self.name)
        if not self.ended:
            raise RecordError(f"{self.name}: truncated: the stream ends without end_game",
                              self.name)
        if not self.hands:
            raise RecordError(f"{self.name}: no hand (no start_kyoku)", self.name)
        if self.unscored:
            n = len(self.unscored)
            self.errors.append(f"{n} win{'s' if n > 1 else ''} {UNSCORED} "
                               f"({', '.join(self.unscored)})")
        if self.final_scores is None:
            self.errors.append("the game has no final result (end_game without scores)")
        red = self.aka if self.aka is not None else self.red_seen
        # mjai does not say how long the game is: only a West hand shows a hanchan (an east
        # game may run on into South where nobody has reached the return points, and a
        # hanchan may end early on a bust)
        hanchan = True if any(h.round_wind is Wind.W for h in self.hands) else None
        # the metadata of start_game may name the game (a Tenhou log id in a URL) or its date
        texts = [v for v in self.raw.values() if isinstance(v, str)]
        game_id = next((i for i in map(tenhou_id, texts) if i), None)
        day = day_of_id(game_id) or next((d for d in map(day_written, texts) if d), None)
        tenhou = game_id is not None or any("tenhou.net/" in text for text in texts)
        rules = RecordRules(_SEATS, red, True, hanchan, True, "mjai", self.raw,
                            "tenhou" if tenhou else "")
        return GameRecord(
            source=self.name, game_id=game_id, rules=rules, players=self.players,
            start_points=self.hands[0].scores[0], hands=tuple(self.hands),
            final_scores=self.final_scores, final_points=None, errors=tuple(self.errors),
            date=day)

    def step(self, ev: object) -> None:
        if not isinstance(ev, Mapping) or not isinstance(ev.get("type"), str):
            raise Fail("an mjai event is a JSON object with a 'type'")
        kind = ev["type"]
        if self.ended:
            raise Fail(f"a {kind} event after end_game")
        if kind == "none":
            return
        if kind in _HAND_EVENTS:
            if self.hand is None:
                raise Fail(f"a {kind} event before start_kyoku")
            self.hand.step(kind, ev)
        elif kind == "start_game":
            self.start_game(ev)
        elif kind == "start_kyoku":
            self.finish_hand()
            self.hand = _Hand(self, ev)
        elif kind == "end_kyoku":
            if self.hand is None:
                raise Fail("end_kyoku without a hand")
            self.finish_hand()
        elif kind == "end_game":
            self.finish_hand()
            if "scores" in ev:
                self.final_scores = tuple(_ints(ev["scores"], "scores", _SEATS))
            self.ended = True
        else:
            self.errors.append(f"line {self.line}: skipped an unknown event type {quoted(kind)}")

    def start_game(self, ev: Mapping[str, Any]) -> None:
        if self.started or self.hands or self.hand is not None:
            raise Fail("start_game in the middle of a game")
        self.started = True
        names = ev.get("names")
        if names is not None:
            if (not isinstance(names, list) or len(names) != _SEATS
                    or not all(isinstance(n, str) for n in names)):
                raise Fail(f"names must be a list of 4 strings, not {quoted(names)}")
            self.players = tuple(names)
        aka = ev.get("aka_flag")
        if aka is not None:
            if not isinstance(aka, bool):
                raise Fail(f"aka_flag must be true or false, not {quoted(aka)}")
            self.aka = aka
        self.raw.update({k: v for k, v in ev.items() if k not in ("type", "names")})

    def finish_hand(self) -> None:
        hand = self.hand
        if hand is None:
            return
        if not hand.ended:
            raise Fail(f"hand {len(self.hands)} ({hand.label}) has no result (no hora or "
                        "ryukyoku): truncated?")
        self.hands.append(hand.record(len(self.hands)))
        self.hand = None


def _lines(text: str, name: str) -> list[tuple[int, str, object]]:
    """(line number, text, parsed object) of each non-empty line; a JSON array of events is
    numbered by its position from 1. A log that starts with a ``#`` comment (gimite/mjai's
    own logs: ``# Original file: ...``, then each event followed by a drawing of the table)
    has its events on the lines that start with ``{"``."""
    stripped = text.lstrip()
    drawn = stripped.startswith("#")
    if stripped.startswith("["):
        try:
            items = load_json(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{name}: not valid JSON (truncated?): {exc.msg} at line "
                              f"{exc.lineno}, column {exc.colno}", name) from None
        if not isinstance(items, list):
            raise RecordError(f"{name}: not an mjai event list", name)
        return [(i, json.dumps(ev, ensure_ascii=False), ev) for i, ev in enumerate(items, 1)]
    out: list[tuple[int, str, object]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or (drawn and not line.startswith("{\"")):
            continue
        try:
            out.append((number, line, load_json(line)))
        except json.JSONDecodeError as exc:
            shown = line if len(line) <= 100 else line[:97] + "..."
            raise RecordError(f"{name}: line {number} ({shown}): not valid JSON (truncated?): "
                              f"{exc.msg} at column {exc.colno}", name) from None
    return out


def looks_like_mjai(data: bytes) -> bool:
    """Whether a file's content is an mjai stream: its first line (or a JSON array's first
    item) is an object with a ``type``; a tenhou.net/6 game is one object with a ``log``."""
    text = data.lstrip()
    if text.startswith(b"["):
        return b'"type"' in text[:200]
    while text.startswith(b"#"):  # gimite/mjai's own logs start with a comment
        text = text.split(b"\n", 1)[-1].lstrip() if b"\n" in text else b""
    first = text.split(b"\n", 1)[0].strip()
    try:
        ev = load_json(first.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False
    return isinstance(ev, dict) and isinstance(ev.get("type"), str)


def read_mjai(path_or_text: str | Path | bytes | Sequence[Mapping[str, Any]], *,
              source: str | None = None) -> GameRecord:
    """Read one mjai game: a path, the text (JSON lines, or a JSON array), its bytes (gzip
    accepted), or the list of parsed events. ``source`` names it in messages (default: the
    file's name).
    Raises :class:`RecordError` naming the file, the line, the hand and the event."""
    if isinstance(path_or_text, Sequence) and not isinstance(path_or_text, str | bytes):
        name = source or "<events>"
        lines: list[tuple[int, str, object]] = [
            (i, json.dumps(ev, ensure_ascii=False), ev) for i, ev in enumerate(path_or_text, 1)]
        return _Reader(name).read(lines)
    text, name, shown = load_text(path_or_text, source, "{[#")
    at_most(text, name, shown, "{", RECORD_TAGS, "events (objects)")
    at_most(text, name, shown, "\n", RECORD_VALUES, "lines")
    try:
        record = _Reader(shown).read(_lines(text, shown))
    except RecordError as exc:
        exc.source = name
        raise
    return replace(record, source=name)
