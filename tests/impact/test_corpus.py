"""Recorded wins read from files (riichi_rules.impact.corpus): a JSON-lines file of wins, and
game records followed by the referee.

fixtures/wins.jsonl is described in test_wins.py. tests/records/fixtures/synthetic_game.mjson
(and .xml, the same made-up game: tests/records/test_mjai.py) has two hands:

* E1-0: seat 0 (the dealer, East) declares riichi and wins by ron on seat 1's 5s, holding
  234m 456789p 222s 5s (its line 28: ``hora actor 0 target 1``, ura markers 9m 9m); the dora
  markers are S (start_kyoku) and S (line 22, after seat 3's added kan);
* E1-1 (1 honba): seat 2 wins by tsumo on F (line 42).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_data import TENHOU, need_corpus
from riichi_rules.errors import InputError
from riichi_rules.impact.corpus import (
    NOT_FOLLOWED,
    SKIP_SPECIAL_LOBBY,
    SKIP_THREE_PLAYER,
    UNREADABLE_FILE,
    CorpusWin,
    Unread,
    read_wins,
)
from riichi_rules.records.events import WonHand
from riichi_rules.records.files import read_records
from riichi_rules.referee import hand as referee_hand
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind, parse_tiles

WINS = Path(__file__).parent / "fixtures" / "wins.jsonl"
RECORDS = Path(__file__).parents[1] / "records" / "fixtures"
MJSON, XML = RECORDS / "synthetic_game.mjson", RECORDS / "synthetic_game.xml"
TENHOU_PROGRAM = program("tenhou")


def test_a_file_of_wins_line_by_line() -> None:
    items = list(read_wins([WINS], TENHOU_PROGRAM))
    assert [(type(i).__name__, getattr(i, "line", None)) for i in items if
            isinstance(i, CorpusWin)] == [("CorpusWin", 1), ("CorpusWin", 2), ("CorpusWin", 3),
                                          ("CorpusWin", 9)]
    unread = [i for i in items if isinstance(i, Unread)]
    assert [(u.where, u.skipped, u.reason) for u in unread] == [
        (f"{WINS}:4", True, SKIP_THREE_PLAYER), (f"{WINS}:5", True, SKIP_SPECIAL_LOBBY),
        (f"{WINS}:6", False, "bad JSON"), (f"{WINS}:7", False, "bad_record")]
    assert "missing field 'context'" in unread[3].message
    second = items[1]
    assert isinstance(second, CorpusWin)
    win = second.win
    # line 2: East seat, East round, riichi, 1 honba, 1 stick, indicator East (1z)
    assert (win.seat, win.round, win.riichi, win.tsumo, win.honba, win.sticks) == (
        Wind.E, Wind.E, True, False, 1, 1)
    assert win.dora == parse_tiles("1z") and win.ura == parse_tiles("1z")
    assert (second.game, second.hand, second.seat) == ("fixture-a", "E2-1", 0)


def test_a_game_record_through_the_referee() -> None:
    first, second = read_wins([MJSON], TENHOU_PROGRAM)
    assert isinstance(first, CorpusWin) and isinstance(second, CorpusWin)
    assert (first.hand, first.seat, first.line, first.game) == ("E1-0", 0, None, None)
    win = first.win
    assert sorted(win.concealed) == sorted(parse_tiles("234m456789p222s55s"))
    assert (win.seat, win.riichi, win.tsumo, win.win_tile) == (Wind.E, True, False,
                                                             parse_tiles("5s")[0])
    assert win.dora == parse_tiles("2z2z") and win.ura == parse_tiles("9m9m")
    assert (second.hand, second.seat, second.win.tsumo, second.win.honba) == ("E1-1", 2, True, 1)
    assert first.id == "synthetic_game.mjson E1-0 seat 0"


def test_the_same_game_in_two_formats_gives_the_same_wins() -> None:
    from_mjai = [i.win for i in read_wins([MJSON], TENHOU_PROGRAM) if isinstance(i, CorpusWin)]
    from_xml = [i.win for i in read_wins([XML], TENHOU_PROGRAM) if isinstance(i, CorpusWin)]
    assert from_mjai == from_xml and len(from_xml) == 2


def test_a_special_lobby_is_skipped_win_by_win(tmp_path: Path) -> None:
    # GO type 169 | 0x200: a special lobby (shared/data/tenhou/README.md, "GO type bits")
    path = tmp_path / "lobby.xml"
    path.write_text(XML.read_text(encoding="utf-8").replace('type="169"', 'type="681"'),
                    encoding="utf-8")
    items = list(read_wins([path], TENHOU_PROGRAM))
    assert [(type(i).__name__, getattr(i, "reason", "")) for i in items] == [
        ("Unread", SKIP_SPECIAL_LOBBY)] * 2


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "broken.xml"
    path.write_text("<mjloggm ver=", encoding="utf-8")
    (item,) = read_wins([path], TENHOU_PROGRAM)
    assert isinstance(item, Unread) and (item.reason, item.wins) == (UNREADABLE_FILE, 0)


def test_a_win_the_referee_cannot_build_is_unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise InputError("impossible_flags", "made up for the test")

    monkeypatch.setattr(referee_hand, "situation_flags", refuse)  # the win's flags
    items = list(read_wins([MJSON], TENHOU_PROGRAM))
    assert [(type(i).__name__, getattr(i, "reason", "")) for i in items] == [
        ("Unread", NOT_FOLLOWED)] * 2
    assert isinstance(items[0], Unread) and "made up for the test" in items[0].message


def test_a_folder_holds_both_kinds(tmp_path: Path) -> None:
    (tmp_path / "wins.jsonl").write_bytes(WINS.read_bytes())
    (tmp_path / "game.mjson").write_bytes(MJSON.read_bytes())
    read = [i for i in read_wins([tmp_path], TENHOU_PROGRAM) if isinstance(i, CorpusWin)]
    assert len(read) == 2 + 4  # the game's two wins, then the file's four


@need_corpus()
def test_every_win_of_the_records_is_read_or_accounted_for() -> None:
    folders = [TENHOU / "mjlog", TENHOU / "tenhou6"]
    records = [r for r in read_records(folders) if not isinstance(r, Exception)]
    events = sum(1 for r in records for h in r.hands for e in h.events
                 if isinstance(e, WonHand))
    items = list(read_wins(folders, TENHOU_PROGRAM))
    assert sum(1 if isinstance(i, CorpusWin) else i.wins for i in items) == events
    skipped = sum(i.wins for i in items if isinstance(i, Unread) and i.skipped)
    # 3-player games, Tenhou's special lobbies, and games of another platform (whose own
    # ruleset is not tenhou) are not followed
    not_modelled = sum(1 for r in records if r.rules.players != 4 or not r.rules.standard
                       or r.rules.platform not in ("", "tenhou")
                       for h in r.hands for e in h.events if isinstance(e, WonHand))
    assert skipped == not_modelled
