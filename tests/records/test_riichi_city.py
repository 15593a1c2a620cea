"""The Riichi City reader (:mod:`riichi_rules.records.riichi_city`) on a hand written by hand.

``fixtures/riichi_city_hand.json`` is one made-up hand in the form of Riichi City's API (the
form of ``shared/data/other-platforms/riichi-city``), one event a line. The derivation of what
it must read as:

* Tile codes (:mod:`riichi_rules.records.riichi_city_codes`): ``suit << 4 | number`` with suit
  0 pinzu, 1 souzu, 2 manzu, so 1p..9p = 1..9, 1s..9s = 17..25, 1m..9m = 33..41; the honours
  are 0x31..0x91 = 49 (East), 65 (South), 81 (West), 97 (North), 113 (White), 129 (Green),
  145 (Red).
* Seats: the players' positions are ana 0, ben 1, cho 2, dai 3, and ``dealer_pos`` is 2 in
  kyoku 1 (``chang_ci``), so the first dealer sits at position 2: seat 0 cho (user 103), seat 1
  dai (104), seat 2 ana (101), seat 3 ben (102).
* The deal: cho (dealer) 111m 234p 678s 99p 5z 6z and a 14th tile, 2z, its first draw; dai 123s
  456s 789p 33m 7z 4z; ana 77z 11p 22s 33z 44m 99s 6p; ben 234m 567m 345p 88p 67s. Dora
  indicator 49 = 1z (the dora 2z), East 1, 0 honba, 0 sticks, 25,000 each.
* Play: cho discards 2z from place 14 (``move_cards_pos`` [14, 13]: the tile it drew, 14th of
  14: tsumogiri); dai draws 2m (34) and discards 7z from place 12 (not tsumogiri); ana pons it
  (from seat 1, its left) and discards 6p (no draw: not tsumogiri); ben draws 9m (41) and
  discards it declaring riichi (tsumogiri); the ``LiZhiBrc`` (8) pays its stick; cho draws 8s
  (24) and lets it go (tsumogiri); ben rons on it.
* The win: ben's 234m 567m 345p 88p 67s + 8s, fang types 0 riichi, 2 ippatsu, 13 pinfu, 14
  tanyao: 4 han, 30 fu (20 + 10 for a closed ron), a non-dealer's 30 x 2^6 x 4 = 7,680 -> 7,700.
  Score changes (``point_profit``): ben +7,700 + the 1,000 stick on the table = +8,700, cho
  -7,700; ura indicator 25 = 9s (dora 1s: none in the hand).
* The end: ben 25,000 - 1,000 + 8,700 = 32,700; cho 17,300; dai and ana 25,000 (dai, seat 1,
  ahead of ana, seat 2, on the tie). Final points with the riichi-city uma +30/+10/-10/-30 and
  the oka +20 (return 30,000): ben 2.7 + 50 = 52.7, dai -5 + 10 = 5.0, ana -5 - 10 = -15.0,
  cho -12.7 - 30 = -42.7; the record's ``score`` says 527, 50, -150, -427 (tenths).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from tile_text import one, tiles

from riichi_rules.hand import Meld, MeldType, Relative
from riichi_rules.records.events import (
    Call,
    Discard,
    Draw,
    RecordedWin,
    RecordError,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.records.files import read_games, read_record
from riichi_rules.records.riichi_city import looks_like_riichi_city, read_riichi_city
from riichi_rules.records.riichi_city_codes import tile_of_code
from riichi_rules.referee.replay import replay_game
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind

FIXTURE = Path(__file__).parent / "fixtures" / "riichi_city_hand.json"
TEXT = FIXTURE.read_text(encoding="utf-8")
BEN = tiles("234m567m345p88p67s")


def game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TEXT)
    return data


def events_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = data["data"]["handRecord"][0]["handEventRecord"]
    return events


def edited(change: dict[str, Any], pos: int) -> str:
    """The fixture with the ``data`` of event ``pos`` updated by ``change``."""
    data = game()
    event = events_of(data)[pos]
    event["data"] = json.dumps({**json.loads(event["data"]), **change})
    return json.dumps(data)


@pytest.mark.parametrize(("code", "tile"), [
    (0x01, "1p"), (0x09, "9p"), (0x11, "1s"), (0x19, "9s"), (0x21, "1m"), (0x25, "5m"),
    (0x29, "9m"), (0x31, "1z"), (0x61, "4z"), (0x71, "5z"), (0x91, "7z"),
    (0x105, "0p"), (0x115, "0s"), (0x125, "0m"),
])
def test_tile_codes(code: int, tile: str) -> None:
    assert tile_of_code(code) == one(tile)


@pytest.mark.parametrize("code", [0, 0x0A, 0x10, 0x30, 0x32, 0xA1, 0x101, 0x135, True, "1p"])
def test_what_is_not_a_tile_code(code: object) -> None:
    with pytest.raises(ValueError, match=r"Riichi City tile code|a tile code is a number"):
        tile_of_code(code)


def test_the_handwritten_hand_reads_as_derived() -> None:
    record = read_riichi_city(FIXTURE)
    assert record.source == str(FIXTURE) and record.game_id == "handwritten-1"
    assert record.players == ("cho", "dai", "ana", "ben")
    assert record.date == dt.date(2024, 3, 27)  # startTime 1711548600000 ms: 14:10 UTC
    rules = record.rules
    assert (rules.players, rules.platform, rules.hanchan, rules.red_fives) == (
        4, "riichi-city", None, False)  # no 'round', no red five in the fixture
    (hand,) = record.hands
    assert (hand.round_wind, hand.kyoku, hand.honba, hand.sticks, hand.dealer) == (
        Wind.E, 1, 0, 0, 0)
    assert hand.scores == (25000,) * 4 and hand.dora_indicator == one("1z")
    assert hand.hands == (tiles("111m234p678s99p5z6z"), tiles("123s456s789p33m7z4z"),
                          tiles("77z11p22s33z44m99s6p"), BEN)
    pon = Meld.make(MeldType.PON, tiles("777z"), one("7z"), Relative.LEFT)
    recorded = RecordedWin(han=4, fu=30, points=7700, limit=0,
                           yaku=(("riichi", 1), ("ippatsu", 1), ("pinfu", 1), ("tanyao", 1)),
                           yakuman=(), deltas=(-7700, 0, 0, 8700), pao=None, honba=0,
                           sticks=1)
    assert list(hand.events) == [
        Draw(0, one("2z"), index=0),
        Discard(0, one("2z"), True, index=1),
        Draw(1, one("2m"), index=2),
        Discard(1, one("7z"), False, index=3),
        Call(2, pon, 1, index=4),
        Discard(2, one("6p"), False, index=5),
        Draw(3, one("9m"), index=6),
        RiichiDeclared(3, index=7),
        Discard(3, one("9m"), True, index=8),
        RiichiAccepted(3, index=9),
        Draw(0, one("8s"), index=10),
        Discard(0, one("8s"), True, index=11),
        WonHand(3, 0, tuple(sorted((*BEN, one("8s")))), one("8s"), (), (one("1z"),),
            (one("9s"),), recorded, index=12),
    ]
    assert record.final_scores == (17300, 25000, 25000, 32700)
    assert record.final_points == (-42.7, 5.0, -15.0, 52.7)
    assert record.errors == ()


def test_the_handwritten_hand_replays_under_riichi_city() -> None:
    report = replay_game(read_riichi_city(FIXTURE), program("riichi-city"))
    assert (report.hands, report.wins, report.error, report.unsupported) == (1, 1, "", "")
    assert report.disagreements == []
    # the end compared: the record's final scores and points are the derivation's
    assert report.final_scores == [17300, 25000, 25000, 32700]
    assert report.final_points == [-42.7, 5.0, -15.0, 52.7]


def test_a_record_file_is_recognised_by_its_content(tmp_path: Path) -> None:
    assert looks_like_riichi_city(TEXT.encode())
    assert not looks_like_riichi_city(b'{"log": []}')
    packed = tmp_path / "game.json.gz"
    packed.write_bytes(gzip.compress(TEXT.encode()))
    (from_gzip,) = read_games(packed)
    assert from_gzip.hands == read_record(FIXTURE).hands == read_riichi_city(TEXT).hands
    assert from_gzip.source == str(packed)
    assert read_riichi_city(game(), source="x").hands == from_gzip.hands


# ---- bad and truncated input: a RecordError naming the hand and the event, never a traceback


@pytest.mark.parametrize(("text", "says"), [
    (edited({"card": 41, "move_cards_pos": [3, 13]}, 5),  # cho discards 9m, not 2z
     "hand 0 (E1-0), event 5 (eventType 4 (ActionBrc), action 11 (OutCard)): seat 0 discards "
     "9m, which it does not hold"),
    (edited({"action": 99}, 7),
     "hand 0 (E1-0), event 7 (eventType 4 (ActionBrc), action 99 (unknown)): unknown action 99"),
    (edited({"card": 6}, 9),  # ana pons 6p, which dai did not discard
     "event 9 (eventType 4 (ActionBrc), action 5 (Peng)): seat 2 calls 6p, but the last discard "
     "is seat 1's 7z"),
    (edited({"card": 22}, 19),  # ben rons on 6s, not the 8s cho let go
     "event 19 (eventType 4 (ActionBrc), action 7 (ChiHu)): seat 3 wins by ron on 6s, but the "
     "tile just released is seat 0's 8s"),
    (edited({"in_card": 300}, 6),
     "event 6 (eventType 2 (SendCurrentAction)): in_card: 300 is not a Riichi City tile code"),
    (edited({"hand_cards": [33, 33, 33]}, 2),
     "hand 0, event 4 (eventType 2 (SendCurrentAction)): seat 0 is dealt 3 tiles, not 14"),
    (edited({"chang_ci": 2}, 1),
     "hand 0, event 1 (eventType 1 (GameStart)): seat 3's deal gives another hand header "
     "(chang_ci)"),
    (edited({"end_type": 8}, 20),
     "event 20 (eventType 5 (GameEnd)): the hand ends by end_type 8 (VoteTermination): not a "
     "result this reader reads"),
    (edited({"win_info": [{**json.loads(events_of(game())[20]["data"])["win_info"][0],
                           "fang_info": [{"fang_type": 48, "fang_num": 13}]}]}, 20),
     "fang_type 48 (八連荘 (paarenchan)): no yaku of ours stands for it"),
    (edited({"win_info": [{**json.loads(events_of(game())[20]["data"])["win_info"][0],
                           "all_fang_num": 5}]}, 20),
     "all_fang_num 5, but the yaku of seat 3's win add up to 4"),
    (TEXT.replace('"data": "{\\"end_type', '"data": "{\\"end_typ'),
     "event 20 (eventType 5 (GameEnd)): missing field 'end_type'"),
    (TEXT.replace('"data": "{\\"user_data', '"data": "[\\"user_data'),
     "hand 0 (E1-0), event 21: data is not valid JSON (truncated?)"),
    (TEXT.replace('"playerCount": 4', '"playerCount": 3'),
     "a 3-player game (playerCount): this reader reads 4-player games"),
    (TEXT.replace('"code": 0', '"code": 1'), "the API answered code 1"),
])
def test_a_bad_record_is_refused_naming_the_hand_and_event(text: str, says: str) -> None:
    with pytest.raises(RecordError) as info:
        read_riichi_city(text, source="rc.json")
    message = info.value.message
    assert message.startswith("rc.json: ") and "\n" not in message
    assert says in message, message


def test_a_hand_without_its_result_is_truncated() -> None:
    data = game()
    del events_of(data)[20:]
    with pytest.raises(RecordError, match=r"^rc\.json: hand 0 \(E1-0\): the hand has no result "
                                          r"\(no GameEnd event\): truncated\?$"):
        read_riichi_city(json.dumps(data), source="rc.json")


def test_truncated_text_is_refused_at_every_cut() -> None:
    """The fixture cut after every 50th character: not JSON, and the message says where the
    text breaks off: within the hand's events, at the last event begun."""
    start = TEXT.index('"handEventRecord"')
    for cut in range(1, len(TEXT) - 3, 50):
        with pytest.raises(RecordError) as info:
            read_riichi_city(TEXT[:cut], source="rc.json")
        message = info.value.message
        assert message.startswith("rc.json: not valid JSON (truncated?): ") and "\n" not in message
        assert ("(the text breaks off in hand 0" in message) is (cut > start), message
    # cut inside event 5's data (its eventPos read): at event 5
    cut = TEXT.index('action', TEXT.index('"eventPos": 5'))
    with pytest.raises(RecordError, match=r"\(the text breaks off in hand 0, at event 5\)$"):
        read_riichi_city(TEXT[:cut], source="rc.json")


def test_every_event_dropped_or_garbled_gives_a_record_or_a_record_error() -> None:
    """Each event left out, or its ``data`` cut in half: the reader reads the rest or refuses it
    with a RecordError, never another exception."""
    count = len(events_of(game()))
    for pos in range(count):
        for how in ("drop", "garble"):
            data = game()
            if how == "drop":
                del events_of(data)[pos]
            else:
                raw = events_of(data)[pos]["data"]
                events_of(data)[pos]["data"] = raw[: len(raw) // 2]
            try:
                read_riichi_city(data, source="rc.json")
            except RecordError as exc:
                assert exc.message.startswith("rc.json: ") and "\n" not in exc.message
