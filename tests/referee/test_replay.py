"""Replaying records (riichi_rules.referee.replay): each game by the rules of its day, the
games that are refused and why, and what is not compared.

The record is tests/records/fixtures/synthetic_game.json, two hands that end 20,900 / 19,900 /
37,300 / 21,900 with results -19.1 / -30.1 / +47.3 / +1.9: Tenhou's results in tenths, as
Tenhou gives them since a day between 2021-10-04 and 2022-06-01 (ruleset tenhou, history of
final_points_rounding): 20.9 - 30 - 10 = -19.1, 19.9 - 30 - 20 = -30.1, 21.9 - 30 + 10 = 1.9,
37.3 - 30 + 20 + 20 = 47.3. Before, Tenhou rounded each score but the first's to the thousand:
21 - 30 - 10 = -19, 20 - 30 - 20 = -30, 22 - 30 + 10 = 2, first 47. The record's ``disp`` is
emptied where the test needs a game whose length the record does not say (no end of game to
check, only the final points).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.records.files import read_games
from riichi_rules.records.mjlog import read_mjlog
from riichi_rules.records.tenhou6 import read_tenhou6
from riichi_rules.referee.replay import on_its_day, replay_dated, replay_files
from riichi_rules.rulesets import load_config
from riichi_rules.scoring.scorer import program

FIXTURES = Path(__file__).parents[1] / "records" / "fixtures"
GAME: dict[str, Any] = json.loads((FIXTURES / "synthetic_game.json").read_text(encoding="utf-8"))
TENHOU = load_config("tenhou")
STANDINGS = ("end", -1, "standings")


def game(**fields: Any) -> Any:
    return read_tenhou6({**GAME, "rule": {"disp": "", "aka": 1}, **fields})


def whats(report: Any) -> list[tuple[str, int, str]]:
    return [(d.hand, d.event, d.what) for d in report.disagreements]


def test_a_dated_record_is_judged_by_the_rules_of_its_day() -> None:
    late = replay_dated(game(ref="2023053016gm-0029-0000-e54b3b98"), TENHOU)
    assert (late.ruleset, whats(late)) == ("tenhou@2023-05-30", [])
    early = replay_dated(game(ref="2015060814gm-0029-0000-f1ac5f4d"), TENHOU)
    assert early.ruleset == "tenhou@2015-06-08" and whats(early) == [STANDINGS]
    assert early.final_points == [-19.0, -30.0, 47.0, 2.0]


def test_a_ruleset_named_with_a_date_is_used_as_it_is() -> None:
    report = replay_dated(game(ref="2023053016gm-0029-0000-e54b3b98"),
                          load_config("tenhou@2015-01-01"))
    assert report.ruleset == "tenhou@2015-01-01" and whats(report) == [STANDINGS]


def test_a_record_without_a_date() -> None:
    # tried under each era of the ruleset: only the latest fits, and a note says so
    report = replay_dated(game(), TENHOU)
    assert (report.ruleset, whats(report)) == ("tenhou", [])
    assert "the record gives no date: its results fit the rules of tenhou from 2021-10-04" in (
        report.notes)
    # the date given for the records that give none
    given = replay_dated(game(), TENHOU, dt.date(2015, 1, 1))
    assert given.ruleset == "tenhou@2015-01-01" and whats(given) == [STANDINGS]
    # a ruleset without a history: replayed once, no note
    plain = replay_dated(game(), load_config("ema-2016"))
    assert plain.ruleset == "ema-2016" and not [n for n in plain.notes if "date" in n]


def test_a_record_that_fits_no_era_says_so() -> None:
    # results that no era gives: replayed under the latest era with the fewest disagreements
    report = replay_dated(game(sc=[20900, -19.5, 19900, -30.1, 37300, 47.3, 21900, 2.3]),
                          TENHOU)
    assert whats(report) == [STANDINGS]
    assert any("which its results fit best" in n for n in report.notes)


def test_on_its_day() -> None:
    prog = program("tenhou")
    assert on_its_day(game(ref="2015060814gm-0029-0000-f1ac5f4d"), prog).config.label == (
        "tenhou@2015-06-08")
    assert on_its_day(game(), prog) is prog
    pinned = program("tenhou@2009-06-01")
    assert on_its_day(game(ref="2015060814gm-0029-0000-f1ac5f4d"), pinned) is pinned


def test_games_refused_with_the_reason() -> None:
    soul = read_tenhou6({**GAME, "rule": {"disp": "玉の間南喰赤"}})
    refused = replay_dated(soul, TENHOU)
    assert refused.unsupported == (
        "四玉の間南喰赤: a game of Mahjong Soul, whose rules are not those of tenhou: replay it "
        "with --ruleset mahjong-soul (or a ruleset extending it)")
    assert refused.hands == 0 and not refused.disagreements
    # under its platform's ruleset it is replayed (the two hands; its end is Mahjong Soul's)
    assert not replay_dated(soul, load_config("mahjong-soul")).unsupported
    # a three-player game named under tenhou replays under the bundled ruleset extending it
    # for three players; under a four-player ruleset that has none, it is refused
    three = read_tenhou6({**GAME, "rule": {"disp": "三鳳南喰赤"}, "log": []})
    assert replay_dated(three, TENHOU).ruleset.startswith("tenhou-sanma")
    assert replay_dated(three, load_config("ema-2016")).unsupported == (
        "三鳳南喰赤: a 3-player game, and ema-2016 seats 4 players (rule.players): replay it "
        "with a ruleset for 3 players")
    # and a four-player game is refused under a three-player ruleset
    assert ": a 4-player game, and tenhou-sanma seats 3 players" in replay_dated(
        game(), load_config("tenhou-sanma")).unsupported
    chips = read_tenhou6({**GAME, "rule": {"disp": "般南喰赤祝5"}})
    assert replay_dated(chips, TENHOU).unsupported.endswith(
        "a special lobby's scoring (not modelled)")
    # a game the record does not place on a platform replays under the ruleset given
    assert not replay_dated(game(), load_config("m-league")).unsupported


def test_a_user_lobby_keeps_its_end_result_to_itself(tmp_path: Path) -> None:
    # a Tenhou user lobby (GO lobby other than 0) sets its own uma and oka: the hands are
    # checked, the final points are not compared (a note says why)
    text = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
    ranked = replay_dated(read_mjlog(text), TENHOU)
    assert not [n for n in ranked.notes if "not compared" in n]
    lobby = read_mjlog(text.replace('lobby="0"', 'lobby="10011"'))
    report = replay_dated(lobby, load_config("tenhou@2015-01-01"))
    assert STANDINGS not in whats(report)
    assert any("the final points are not compared: a user lobby of Tenhou's (lobby 10011"
               in n for n in report.notes)


def test_replay_files_dates_the_records_that_give_none(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**GAME, "rule": {"disp": "", "aka": 1}}), encoding="utf-8")
    (report,) = replay_files([path], "tenhou", dt.date(2015, 1, 1))
    assert report.ruleset == "tenhou@2015-01-01" and whats(report) == [STANDINGS]
    (report,) = replay_files([path], "tenhou")
    assert report.ruleset == "tenhou" and whats(report) == []


def test_a_bug_costs_only_its_file_or_game(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is the boundary: an error that is not the record's (here made up: a reader
    and the referee raising what they never should) is that file's or game's one error
    line, and the other files still replay."""
    from riichi_rules.referee import replay

    good = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.mjson"
    odd = tmp_path / "odd.mjson"
    odd.write_bytes(good.read_bytes())
    reader, referee = replay.read_games, replay.replay_dated

    def broken_reader(path: str | Path) -> Any:
        if Path(path).name == "odd.mjson":
            raise TypeError("a reader's bug\nover two lines")
        return reader(path)

    monkeypatch.setattr(replay, "read_games", broken_reader)
    config = load_config("tenhou")
    reports = list(replay_files([odd, good], config))
    assert [r.error for r in reports] == [
        "internal error reading this record (TypeError: a reader's bug over two lines): a bug "
        "of riichi-rules; please report it with this file", ""]
    assert reports[1].hands == 2

    class Unprintable(Exception):
        def __str__(self) -> str:
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    def broken_referee(*args: Any) -> Any:
        raise Unprintable

    monkeypatch.setattr(replay, "read_games", reader)
    monkeypatch.setattr(replay, "replay_dated", broken_referee)
    (report,) = replay_files([good], config)
    assert report.error == ("internal error replaying this record (Unprintable): a bug of "
                            "riichi-rules; please report it with this file")
    assert report.source == str(good) and report.game_id == read_games(good)[0].game_id
    monkeypatch.setattr(replay, "replay_dated", referee)
