"""The mjai event-stream reader.

``fixtures/synthetic_game.mjson`` is the made-up game of ``synthetic_game.xml`` / ``.json``
(see test_mjlog.py and test_tenhou6.py) written by hand as mjai events, from the tenhou.net/6
form: tile codes 11..19 -> ``1m``..``9m``, 41..47 -> ``E S W N P F C``, 51..53 -> ``5mr``..;
the calls' letters give ``target`` (chi: the left seat; ``p`` at place 0: the left seat);
``60`` in the discards is ``tsumogiri: true``. Its first win is written as Mortal's libriichi
writes a win (``deltas`` and ``ura_markers`` only), its second as gimite/mjai's server does
(with ``fu``, ``fan``, ``hora_points`` and ``yakus``). Expected values are read off the fixture.

With the Tenhou corpus (../shared), every 4-player game is written out as mjai by the test-only
:mod:`mjai_writer` in both styles and must read back as the same game, and Tenhou's own
tenhou.net/6 conversions must replay to the same wins, score changes and disagreements.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from mjai_writer import to_mjai
from tile_text import one, tiles

from corpus_data import TENHOU, need_corpus
from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType, Relative
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
    RecordError,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.records.files import read_record, read_records
from riichi_rules.records.mjai import UNSCORED, read_mjai, tile_of_mjai
from riichi_rules.records.mjlog import read_mjlog
from riichi_rules.records.tenhou6 import read_tenhou6
from riichi_rules.referee.replay import GameReport, replay_files, replay_game
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind

FIXTURES = Path(__file__).parent / "fixtures"
MJSON = FIXTURES / "synthetic_game.mjson"
LINES = MJSON.read_text(encoding="utf-8").splitlines()
JSON_DIR = TENHOU / "tenhou6" / "tsubakisakura_mjlog2json"
corpus = need_corpus()


@pytest.fixture(scope="module")
def game() -> GameRecord:
    return read_mjai(MJSON)


# ---------------------------------------------------------------- the hand-written game


def test_header(game: GameRecord) -> None:
    assert game.players == ("A", "B", "C", "D")  # start_game.names
    assert game.game_id is None and game.final_scores is None and game.final_points is None
    # 4 players; red fives seen (5pr, 5mr, 5sr in hand 1); only East hands: an east game or
    # a hanchan that ended early, mjai does not say (None)
    r = game.rules
    assert (r.players, r.red_fives, r.kuitan, r.hanchan, r.standard) == (4, True, True, None,
                                                                        True)
    assert len(game.hands) == 2 and game.start_points == 25000
    h0, h1 = game.hands
    assert (h0.round_wind, h0.kyoku, h0.honba, h0.sticks, h0.dealer) == (Wind.E, 1, 0, 0, 0)
    assert (h1.name, h1.scores) == ("E1-1", (27000, 23000, 25000, 25000))
    assert h0.dora_indicator == one("2z") and h1.dora_indicator == one("7z")  # "S", "C"
    assert h0.hands[3] == tiles("66778m133344s11z")
    assert h1.hands[0] == tiles("123m055p123s5577z")  # "5pr" is the red 5p


def test_first_hand_events(game: GameRecord) -> None:
    ev = game.hands[0].events
    # lines 3..28 of the file: 26 events, the first a draw of 3m discarded at once
    assert len(ev) == 26
    assert ev[0] == Draw(0, one("3m"), index=0)
    assert ev[1] == Discard(0, one("3m"), True, index=1)
    # line 5: seat 1 chis seat 0's 3m with 4m 5m: seat 0 sits on its left
    assert ev[2] == Call(1, Meld.make(MeldType.CHI, tiles("345m"), one("3m"), Relative.LEFT), 0,
                         index=2)
    # line 9: seat 3 pons seat 2's East: seat 2 is its left
    pon = Meld.make(MeldType.PON, tiles("111z"), one("1z"), Relative.LEFT)
    assert ev[6] == Call(3, pon, 2, index=6)
    # lines 12-14: reach, the declaring discard 9s (not the 5s just drawn), reach_accepted
    assert ev[9:12] == (RiichiDeclared(0, index=9), Discard(0, one("9s"), False, index=10),
                        RiichiAccepted(0, index=11))
    # lines 19-23: East drawn and added to the pon, the replacement W, then the new indicator
    kan = Meld.make(MeldType.ADDED_KAN, tiles("1111z"), one("1z"), Relative.LEFT)
    assert ev[16:21] == (Draw(3, one("1z"), index=16), AddedKan(3, kan, one("1z"), index=17),
                         Draw(3, one("3z"), index=18), NewDora(3, one("2z"), index=19),
                         Discard(3, one("3z"), True, index=20))


def test_unscored_ron(game: GameRecord) -> None:
    win = game.hands[0].events[-1]
    assert isinstance(win, WonHand) and not win.tsumo
    # seat 0's 13 tiles after its riichi (234m456789p222s + 5s drawn, 9s discarded) + the 5s
    assert (win.seat, win.from_seat, win.win_tile) == (0, 1, one("5s"))
    assert win.hand == tiles("234m456789p22255s")
    assert win.dora == (one("2z"), one("2z")) and win.ura == (one("9m"), one("9m"))
    rec = win.recorded
    assert rec.deltas == (3000, -2000, 0, 0)  # line 28
    # no score in the line: nothing to compare but the deltas; 1 stick: seat 0's riichi
    assert (rec.han, rec.fu, rec.points, rec.yaku, rec.yakuman) == (None, None, None, (), ())
    assert not rec.scored and win.hand  # a win all the same
    assert (rec.honba, rec.sticks, rec.pao) == (0, 1, None)
    # one note for the game, naming each such win (the second win, line 42, is scored)
    assert game.errors[0] == f"1 win {UNSCORED} (hand 0 (E1-0) line 28)"


def test_second_hand_kans_and_scored_tsumo(game: GameRecord) -> None:
    ev = game.hands[1].events
    # a closed kan's indicator follows it at once (line 33), an open kan's the replacement
    # draw (line 38), each credited to its kan's declarer
    assert ev[1] == ClosedKan(0, Meld.make(MeldType.CLOSED_KAN, tiles("0555p")), index=1)
    assert ev[2] == NewDora(0, one("7z"), index=2)
    assert ev[5] == Call(1, Meld.make(MeldType.DAIMINKAN, tiles("4444z"), one("4z"),
                                      Relative.LEFT), 0, index=5)
    assert ev[6:8] == (Draw(1, one("6z"), index=6), NewDora(1, one("2z"), index=7))
    win = ev[-1]
    assert isinstance(win, WonHand) and win.tsumo and win.seat == 2 and win.win_tile == one("6z")
    assert win.hand == tiles("406m999m999p999s66z") and win.ura == ()
    rec = win.recorded
    # line 42: fu 50, fan 6, 12000 points; yakus in gimite's names
    assert (rec.han, rec.fu, rec.points, rec.limit) == (6, 50, 12000, 0)
    assert rec.yaku == (("menzen_tsumo", 1), ("sanankou", 2), ("sanshoku_doukou", 2),
                        ("aka_dora", 1))
    assert (rec.deltas, rec.honba, rec.sticks) == ((-6100, -3100, 12300, -3100), 1, 0)


def test_same_game_as_its_mjlog_twin(game: GameRecord) -> None:
    x = read_mjlog(FIXTURES / "synthetic_game.xml")
    for hx, hm in zip(x.hands, game.hands, strict=True):
        for f in fields(HandRecord):
            if f.name != "events":
                assert getattr(hx, f.name) == getattr(hm, f.name), f.name
        assert len(hx.events) == len(hm.events)
        for a, b in zip(hx.events, hm.events, strict=True):
            if isinstance(a, WonHand) and isinstance(b, WonHand):
                # what mjai does not carry: the limit name; the first win has no score at all
                b = replace(b, recorded=replace(b.recorded, limit=a.recorded.limit))
                if not b.recorded.scored:
                    b = replace(b, recorded=a.recorded)
            assert a == b


def test_inputs(game: GameRecord) -> None:
    text = MJSON.read_text(encoding="utf-8")
    events = [json.loads(line) for line in LINES]
    forms = [read_mjai(text, source="g.mjson"), read_mjai(text.encode()), read_mjai(events),
             read_mjai(json.dumps(events))]
    assert all(f.hands == game.hands for f in forms)
    assert [f.source for f in forms] == ["g.mjson", "<bytes>", "<events>", "<text>"]


def test_read_record_tells_the_format_by_content(tmp_path: Path, game: GameRecord) -> None:
    # an mjai stream under a name that says nothing, and under .json (tenhou.net/6's suffix)
    for name in ("game.log", "game.json", "game.jsonl"):
        path = tmp_path / name
        path.write_text(MJSON.read_text(encoding="utf-8"), encoding="utf-8")
        assert read_record(path).hands == game.hands
    assert read_record(FIXTURES / "synthetic_game.json").rules.label == "四鳳南喰赤"
    found = list(read_records([tmp_path]))  # a folder: .json, .jsonl and .log alike
    assert [Path(g.source).name for g in found if isinstance(g, GameRecord)] == [
        "game.json", "game.jsonl", "game.log"]


@pytest.mark.parametrize(
    ("text", "tile"),
    [("1m", "1m"), ("9s", "9s"), ("5mr", "0m"), ("5pr", "0p"), ("5sr", "0s"), ("E", "1z"),
     ("N", "4z"), ("P", "5z"), ("F", "6z"), ("C", "7z")],
)
def test_tiles(text: str, tile: str) -> None:
    # mjai: P F C are the white, green and red dragons (5z 6z 7z)
    assert str(tile_of_mjai(text)) == tile


@pytest.mark.parametrize("text", ["0m", "5zr", "4mr", "Z", "1z", "10m", "", 11, None, "?"])
def test_bad_tiles(text: object) -> None:
    with pytest.raises(ValueError):
        tile_of_mjai(text)


# ---------------------------------------------------------------- draws


def _kyoku(tehais: list[str], **extra: Any) -> dict[str, Any]:
    hands = [[t for t in h.split()] for h in tehais]
    return {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1m", "kyoku": 1, "honba": 0,
            "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": hands, **extra}


# four tenpai hands (waits worked out by hand): 1112345678999m waits on 1m..9m; 123456789p
# 55s 23s on 1s 4s; 111222333s 44p 78p on 6p 9p; EEE SSS WWW NN 67m on 5m 8m
TENPAI = ["1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m",
          "1p 2p 3p 4p 5p 6p 7p 8p 9p 5s 5s 2s 3s",
          "1s 1s 1s 2s 2s 2s 3s 3s 3s 4p 4p 7p 8p",
          "E E E S S S W W W N N 6m 7m"]
# four hands without a wait: no two tiles of a suit less than three apart, no honour pair
# but one; the first has ten kinds of terminals and honours (nine terminals may be declared)
NOTEN = ["1m 9m 1p 9p 1s 9s E S W N 4m 5p 6s",
         "2m 5m 8m 2p 5p 8p 2s 5s 8s E S W N",
         "3m 6m 9m 3p 6p 9p 3s 6s 9s P F C C",
         "1m 4m 7m 1p 4p 7p 2s 5s 8s P F C C"]


def _draw(tehais: list[str], ending: dict[str, Any]) -> DrawnHand:
    events = [{"type": "start_game"}, _kyoku(tehais),
              {"type": "tsumo", "actor": 0, "pai": "2p"}, ending, {"type": "end_game"}]
    if ending.get("reason") != "kyushukyuhai" and "reason" in ending:
        events[3:3] = [{"type": "dahai", "actor": 0, "pai": "2p", "tsumogiri": True}]
    game = read_mjai(events)
    last = game.hands[0].events[-1]
    assert isinstance(last, DrawnHand)
    return last


def test_nine_terminals_inferred() -> None:
    # no reason: the dealer drew and did not discard, so it declared nine terminals
    hand = NOTEN[0].split()
    d = _draw(NOTEN, {"type": "ryukyoku", "deltas": [0, 0, 0, 0]})
    assert (d.kind, d.seat, d.tenpai) == ("kyuushu_kyuuhai", 0, ())
    assert d.revealed == {0: tuple(sorted([*(tile_of_mjai(t) for t in hand), one("2p")]))}


def test_exhaustive_draw_as_gimite_writes_it() -> None:
    d = _draw(NOTEN, {"type": "ryukyoku", "reason": "fanpai", "deltas": [3000, -1000, -1000,
                                                                          -1000],
                      "tenpais": [True, False, False, False],
                      "tehais": [NOTEN[0].split(), ["?"] * 13, ["?"] * 13, ["?"] * 13]})
    assert (d.kind, d.tenpai, d.deltas) == ("exhaustive", (0,), (3000, -1000, -1000, -1000))
    assert list(d.revealed) == [0]


def test_triple_ron_inferred() -> None:
    # no reason: the hand ends on a discard before the wall runs out, so three called ron on
    # it; their hands are shown, as Tenhou's mjlog shows them at a ron3 (the hands of the
    # three seats other than the discarder in all three of the corpus). The three wait on 5m
    # (123456789p 46m SS: closed wait; 123456789s EEE + 5m alone; 234m 111p 999s WW 67m).
    tehais = ["1m 9m 2p 8p 2s 8s N P F C 3m 7m 5p",
              "1p 2p 3p 4p 5p 6p 7p 8p 9p 4m 6m S S",
              "1s 2s 3s 4s 5s 6s 7s 8s 9s 5m E E E",
              "2m 3m 4m 1p 1p 1p 9s 9s 9s W W 6m 7m"]
    events = [{"type": "start_game"}, _kyoku(tehais),
              {"type": "tsumo", "actor": 0, "pai": "5m"},
              {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True},
              {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_game"}]
    d = read_mjai(events).hands[0].events[-1]
    assert isinstance(d, DrawnHand) and (d.kind, d.seat, d.tenpai) == ("sanchahou", 0, ())
    assert d.revealed == {s: tuple(sorted(tile_of_mjai(t) for t in tehais[s].split()))
                          for s in (1, 2, 3)}


@pytest.mark.parametrize(("tehais", "tenpai"), [(TENPAI, (0, 1, 2, 3)), (NOTEN, ())])
def test_nobody_pays_all_or_none_tenpai(tehais: list[str], tenpai: tuple[int, ...]) -> None:
    # deltas all 0 at an exhaustive draw: all four tenpai or none (noten payments need both
    # kinds of seats); all four are tenpai when every hand has a wait
    d = _draw(tehais, {"type": "ryukyoku", "reason": "fanpai", "deltas": [0, 0, 0, 0]})
    assert d.tenpai == tenpai


# ---------------------------------------------------------------- bad input


def bad(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "bug.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_mjai(path)
    err = info.value
    assert err.code == "bad_record" and isinstance(err, InputError)
    assert err.source == str(path) and err.message.startswith("bug.mjson: "), err.message
    return err.message


def edited(number: int, line: str) -> list[str]:
    """The fixture with line ``number`` (from 1) replaced."""
    return [*LINES[: number - 1], line, *LINES[number:]]


def test_bad_json_line(tmp_path: Path) -> None:
    msg = bad(tmp_path, edited(4, '{"type":"dahai","actor":0,"pai":"3m",'))
    assert msg.startswith('bug.mjson: line 4 ({"type":"dahai","actor":0,"pai":"3m",): not '
                          "valid JSON (truncated?): ")


def test_unknown_tile(tmp_path: Path) -> None:
    msg = bad(tmp_path, edited(4, '{"type":"dahai","actor":0,"pai":"3x","tsumogiri":true}'))
    assert msg == ('bug.mjson: line 4, hand 0 (E1-0), event 1 ({"type":"dahai","actor":0,'
                   '"pai":"3x","tsumogiri":true}): pai: \'3x\' is not an mjai tile (1m..9m, '
                   "1p..9p, 1s..9s, 5mr/5pr/5sr, E S W N P F C)")


def test_hidden_tile(tmp_path: Path) -> None:
    msg = bad(tmp_path, edited(3, '{"type":"tsumo","actor":0,"pai":"?"}'))
    assert msg.endswith("pai: '?' is a hidden tile: this is one player's view of the game, "
                        "and a replay needs every tile")


def test_event_before_start_kyoku(tmp_path: Path) -> None:
    msg = bad(tmp_path, [LINES[0], LINES[2]])
    assert msg == ('bug.mjson: line 2 ({"type":"tsumo","actor":0,"pai":"3m"}): a tsumo event '
                   "before start_kyoku")


def test_truncated_in_a_hand(tmp_path: Path) -> None:
    msg = bad(tmp_path, LINES[:20])
    assert msg == "bug.mjson: truncated: hand 0 (E1-0) has no result (no hora or ryukyoku)"


def test_truncated_between_hands(tmp_path: Path) -> None:
    msg = bad(tmp_path, LINES[:29])  # through the first end_kyoku
    assert msg == "bug.mjson: truncated: the stream ends without end_game"


def test_next_hand_before_a_result(tmp_path: Path) -> None:
    msg = bad(tmp_path, [*LINES[:20], LINES[29]])
    assert msg.startswith("bug.mjson: line 21, hand 0 (E1-0), event 18 (")
    assert msg.endswith("hand 0 (E1-0) has no result (no hora or ryukyoku): truncated?")


def test_discard_of_a_tile_not_held(tmp_path: Path) -> None:
    # seat 1 holds one 9p (tehais[1]); line 6 discards 8p instead
    msg = bad(tmp_path, edited(6, '{"type":"dahai","actor":1,"pai":"8p","tsumogiri":false}'))
    assert msg.endswith("): dahai: seat 1 does not hold 8p")
    assert msg.startswith("bug.mjson: line 6, hand 0 (E1-0), event 3 (")


def test_call_of_a_tile_not_discarded(tmp_path: Path) -> None:
    msg = bad(tmp_path, edited(5, '{"type":"chi","actor":1,"target":0,"pai":"6m",'
                                  '"consumed":["4m","5m"]}'))
    assert msg.endswith("seat 1 calls 6m from seat 0, but the last discard is seat 0's 3m")


def test_win_without_deltas(tmp_path: Path) -> None:
    msg = bad(tmp_path, edited(28, '{"type":"hora","actor":0,"target":1}'))
    assert msg.endswith("): missing field 'deltas'")


def test_replay_checks_an_unscored_win_by_its_deltas_only(game: GameRecord) -> None:
    report = replay_game(game, program("tenhou"))
    # line 28's win gives only deltas, line 42's its score: one win checked by deltas only
    assert (report.wins, report.deltas_only) == (2, 1)
    assert report.notes == list(game.errors)  # the reader's notes, passed on
    assert report.to_json()["notes"] == list(game.errors)
    # the same game as the tenhou.net/6 twin, whose score for the first win (2000 + 1000
    # riichi stick) agrees with the deltas: nothing within the hands to report
    assert [d for d in report.disagreements if d.hand != "end"] == []


def test_an_unscored_win_with_wrong_deltas_is_reported() -> None:
    lines = edited(28, '{"type":"hora","actor":0,"target":1,"deltas":[4000,-3000,0,0],'
                       '"ura_markers":["9m","9m"]}')
    report = replay_game(read_mjai("\n".join(lines)), program("tenhou"))
    # ours: the ron of the fixture's first hand as its mjlog twin records it (AGARI sc
    # "240,30,250,-20,...": seat 0 +3000 = 2000 + the 1000 stick, seat 1 -2000)
    assert [(d.hand, d.what, d.message) for d in report.disagreements
            if d.what in ("score", "deltas")] == [
        ("E1-0 (hand 0)", "deltas", "seat 0's win: score changes [3000, -2000, 0, 0], the "
         "record has [4000, -3000, 0, 0]")]
    assert report.deltas_only == 1


def test_a_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    broken = tmp_path / "a_bug.mjson"
    broken.write_text("\n".join(LINES[:20]) + "\n", encoding="utf-8")
    good = tmp_path / "b_good.mjson"
    good.write_text(MJSON.read_text(encoding="utf-8"), encoding="utf-8")
    reports = list(replay_files([tmp_path], "tenhou"))
    assert [Path(r.source).name for r in reports] == ["a_bug.mjson", "b_good.mjson"]
    assert reports[0].error.startswith("a_bug.mjson: truncated: hand 0")
    assert (reports[1].error, reports[1].hands, reports[1].wins) == ("", 2, 2)


# ---------------------------------------------------------------- the corpus, written as mjai


def _same(a: Event, b: Event, *, scored: bool) -> bool:
    """``a`` (read from Tenhou) and ``b`` (read back from mjai) are the same event but for what
    mjai cannot say: the limit name and the liable seat; in Mortal's style the whole score and,
    at a nagashi mangan, the tenpai seats (tenhou.net/6 lacks them too)."""
    if a == b:
        return True
    if isinstance(a, WonHand) and isinstance(b, WonHand):
        theirs = a.recorded
        if scored:
            ours = replace(b.recorded, limit=theirs.limit, pao=theirs.pao,
                           yaku=tuple(sorted(b.recorded.yaku)))
            theirs = replace(theirs, yaku=tuple(sorted(theirs.yaku)))
            yakuman = {"suuankou_tanki": "suuankou", "kokushi_13": "kokushi",
                       "junsei_chuuren": "chuuren"}  # mjai has no names of their own
            theirs = replace(theirs, yakuman=tuple(yakuman.get(y, y) for y in theirs.yakuman))
            return replace(b, recorded=ours) == replace(a, recorded=theirs)
        return not b.recorded.scored and replace(b, recorded=theirs) == a and (
            b.recorded.deltas, b.recorded.honba, b.recorded.sticks) == (
            theirs.deltas, theirs.honba, theirs.sticks)
    if not scored and isinstance(a, DrawnHand) and isinstance(b, DrawnHand):
        return a.kind == b.kind == "nagashi_mangan" and replace(
            b, tenpai=a.tenpai, revealed=a.revealed) == a
    return False


@cache
def _corpus() -> list[GameRecord]:
    games = [g for g in read_records([TENHOU / "mjlog", TENHOU / "tenhou6"])
             if isinstance(g, GameRecord) and g.rules.players == 4]
    assert games  # every four-player game the readers read (test_replay_corpus: all but those
    # KNOWN_REPLAY.md lists as unreadable)
    return games


@corpus
@pytest.mark.parametrize("scored", [True, False], ids=["gimite", "mortal"])
def test_corpus_reads_back(scored: bool) -> None:
    wins = expected = 0
    for g in _corpus():
        m = read_mjai(to_mjai(g, scored=scored), source=Path(g.source).name)
        assert m.players == g.players and len(m.hands) == len(g.hands), g.source
        for hx, hm in zip(g.hands, m.hands, strict=True):
            assert replace(hx, events=()) == replace(hm, events=()), (g.source, hx.name)
            for a, b in zip(hx.events, hm.events, strict=True):
                assert _same(a, b, scored=scored), (g.source, hx.name, a, b)
            wins += sum(isinstance(e, WonHand) for e in hm.events)
            expected += sum(isinstance(e, WonHand) for e in hx.events)
    assert wins == expected > 500


@cache
def _replays(scored: bool) -> list[tuple[GameReport, GameReport]]:
    prog = program("tenhou")
    out = []
    for path in sorted(JSON_DIR.glob("*.json")):
        g = read_tenhou6(path)
        m = read_mjai(to_mjai(g, scored=scored), source=path.name)
        out.append((replay_game(g, prog), replay_game(m, prog)))
    assert out  # one per file of the folder
    return out


def _found(report: GameReport) -> list[tuple[str, int, str, str]]:
    """The disagreements within the hands (the end result, "end", needs the final points that
    mjai does not record)."""
    return [(d.hand, d.event, d.what, d.message) for d in report.disagreements
            if d.hand != "end"]


@corpus
def test_tenhou6_games_replay_alike() -> None:
    for t6, mj in _replays(scored=True):
        assert (mj.hands, mj.wins, mj.error, mj.unsupported) == (t6.hands, t6.wins, "", "")
        assert _found(mj) == _found(t6), t6.source
        assert not [d for d in mj.disagreements if d.hand == "end"]


@corpus
def test_deltas_only_replay_checks_the_deltas() -> None:
    # Mortal's style: the same wins and every disagreement but those about the score itself
    for t6, mj in _replays(scored=False):
        assert (mj.hands, mj.wins) == (t6.hands, t6.wins)
        assert [d for d in _found(mj) if d[2] != "score"] == [
            d for d in _found(t6) if d[2] != "score"], t6.source


@corpus
def test_deltas_only_replay_reports_no_score_it_cannot_check() -> None:
    for t6, mj in _replays(scored=False):
        assert _found(mj) == _found(t6), t6.source
        assert (mj.deltas_only, t6.deltas_only) == (mj.wins, 0)


# ---- gimite/mjai's own logs: a comment, then each event followed by a drawing of the table ---


def test_a_log_with_drawings_of_the_table(game: GameRecord) -> None:
    # gimite/mjai's logs (its test/test.mjlog.golden.log) start with "# Original file: ..." and
    # follow each event with the table drawn in text; the events are the lines that start
    # with '{"'
    drawn = ["# Original file: test/synthetic.mjlog", ""]
    for line in LINES:
        drawn += [line, "E-1 kyoku 0 honba  dora_marker: 6s", " {0} tehai: 1m 2m",
                  "     ho:", "-" * 80]
    assert read_mjai("\n".join(drawn)).hands == game.hands


def test_the_first_protocol_is_refused_saying_why() -> None:
    # mjai's first protocol (gimite/mjai 2012): start_kyoku gives only oya and dora_marker,
    # haipai events deal the hands, and hora and ryukyoku give no score changes
    lines = ['{"type":"start_game","names":["a","b","c","d"]}',
             '{"type":"start_kyoku","oya":0,"dora_marker":"6s"}',
             '{"type":"haipai","actor":0,"pais":["1m","2m","3m","4m","5m","6m","7m","8m","9m",'
             '"1p","2p","3p","4p"]}']
    with pytest.raises(RecordError, match="an mjai log of the first protocol") as info:
        read_mjai("\n".join(lines), source="golden.log")
    assert "line 2" in info.value.message and "\n" not in info.value.message
