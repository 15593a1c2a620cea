"""`riichi replay`: the text and JSON reports, the readers' notes and the wins an mjai log
gives only by their score changes.

The fixture is tests/records/fixtures/synthetic_game.mjson (see tests/records/test_mjai.py):
two hands, two wins; the first win gives only ``deltas`` (line 28), the second its score
(line 42); ``end_game`` has no scores."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from riichi_rules.records.mjai import UNSCORED

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

MJSON = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.mjson"
NOTES = [f"1 win {UNSCORED} (hand 0 (E1-0) line 28)",
         "the game has no final result (end_game without scores)"]


def test_text_report_shows_the_notes(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON))
    assert run.status == 0  # notes are not disagreements
    assert run.lines == [
        *(f"{MJSON}: note: {n}" for n in NOTES),
        "1 games, 2 hands, 2 wins (1 checked only by their score changes): 0 disagreements, "
        "0 unreadable, 0 not replayed, 2 notes",
    ]


def test_json_report(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--json")
    data = run.json()
    assert run.status == 0
    assert list(data) == ["games", "hands", "wins", "deltas_only", "disagreements", "notes",
                          "unsupported", "errors"]
    assert (data["games"], data["hands"], data["wins"], data["deltas_only"]) == (1, 2, 2, 1)
    assert data["disagreements"] == [] and data["errors"] == []
    assert data["notes"] == [{"source": str(MJSON), "note": n} for n in NOTES]


def test_wrong_deltas_of_an_unscored_win(riichi: RunCli, tmp_path: Path) -> None:
    lines = MJSON.read_text(encoding="utf-8").splitlines()
    # line 28 with seat 0's gain and seat 1's loss 1000 too high
    lines[27] = ('{"type":"hora","actor":0,"target":1,"deltas":[4000,-3000,0,0],'
                 '"ura_markers":["9m","9m"]}')
    path = tmp_path / "g.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = riichi("replay", str(path))
    assert run.status == 1
    assert any(": E1-0 (hand 0) event 25: deltas: seat 0's win: score changes "
               "[3000, -2000, 0, 0], the record has [4000, -3000, 0, 0]" in line
               for line in run.lines), run.out
    assert not any(": score: " in line for line in run.lines), run.out


GAME = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.json"


def test_the_date_of_the_records_that_give_none(riichi: RunCli, tmp_path: Path) -> None:
    # tests/referee/test_replay.py derives the fixture's results: Tenhou's tenths (today's
    # rule), not the whole thousands of 2015; its length left unsaid (no end to check)
    import json

    data = json.loads(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**data, "rule": {"disp": "", "aka": 1}}), encoding="utf-8")
    today = riichi("replay", str(path), "--ruleset", "tenhou", "--json").json()
    assert today["disagreements"] == []
    assert any("its results fit the rules of tenhou from 2021-10-04" in n["note"]
               for n in today["notes"])
    for argv in (["--date", "2015-01-01"], ["--ruleset", "tenhou@2015-01-01"]):
        run = riichi("replay", str(path), *argv, "--json")
        assert run.status == 1
        (found,) = run.json()["disagreements"]
        assert found["what"] == "standings"


def test_a_date_that_is_not_one(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--date", "2015-02-30")
    assert run.status == 2 and "not a date of the calendar" in run.err
    run = riichi("replay", str(MJSON), "--ruleset", "tenhou@2015-02-30")
    assert run.status == 2 and "not a date of the calendar" in run.err
