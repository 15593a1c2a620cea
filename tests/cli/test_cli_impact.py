"""``riichi compare A B --corpus FILES`` and ``riichi replay FILES --compare B``
(riichi_rules.cli.impact, riichi_rules.impact.render).

The fixtures and the values expected of them are derived in tests/impact/test_wins.py
(fixtures/wins.jsonl) and tests/impact/test_standings.py (synthetic_game.mjson)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from corpus_data import TENHOU, need_corpus

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

TESTS = Path(__file__).parents[1]
WINS = TESTS / "impact" / "fixtures" / "wins.jsonl"
MJSON = TESTS / "records" / "fixtures" / "synthetic_game.mjson"


def test_corpus_text(riichi: RunCli) -> None:
    run = riichi("compare", "ema-2016", "wrc-2025", "--corpus", str(WINS))
    assert run.status == 0, run.err
    out = run.out
    assert "Wins found           8" in out
    assert "  skipped            2   three-player game 1, special lobby's scoring 1" in out
    assert "  unreadable         2   bad JSON 1, bad_record 1" in out
    assert "Wins whose outcome differs: 2 of 4 read (50.00 %)" in out
    assert "  limit none vs mangan (rulesets/base/scoring.rules:5) [rule.kiriage]" in out
    assert f"      e.g. {WINS}:1 (fixture-a E1-0 seat 1): 4h30f 7700 | 4h30f 8000" in out
    assert ("      1 win (25.00 %), points moved -400 (-400 a win), largest -400 at "
            f"{WINS}:2 (fixture-a E2-1 seat 0)") in out


def test_corpus_json_and_markdown(riichi: RunCli) -> None:
    run = riichi("compare", "ema-2016", "wrc-2025", "--corpus", str(WINS), "--json",
                 "--examples", "1")
    data = run.json()
    assert data["corpus"] == [str(WINS)]
    assert list(data) == ["corpus", "a", "b", "wins", "files_unreadable", "kinds", "points",
                          "causes", "differences"]
    assert [c["wins"] for c in data["causes"]] == [1, 1]
    assert all(len(c["examples"]) == 1 for c in data["causes"])
    run = riichi("compare", "ema-2016", "wrc-2025", "--corpus", str(WINS), "--markdown")
    assert "| different points | 2 |" in run.lines
    assert any(line.startswith("| limit none vs mangan (rulesets/base/scoring.rules:5) "
                               "[rule.kiriage] | 1 | 25.00 % | +300 | +300 |")
               for line in run.lines), run.out


def test_corpus_errors(riichi: RunCli, tmp_path: Path) -> None:
    missing = tmp_path / "missing.xml"
    run = riichi("compare", "ema-2016", "wrc-2025", "--corpus", str(missing))
    assert run.status == 1  # a file that could not be read at all
    assert "Files not read: 1" in run.out
    run = riichi("compare", "ema-2016", "no-such-ruleset", "--corpus", str(WINS))
    assert run.status == 1 and run.err


def test_replay_compare_text(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--compare", "ema-2016")
    assert run.status == 0, run.out
    # the fixture gives no date: today's Tenhou, final points in tenths (tests/impact/
    # test_standings.py derives them)
    assert "  tenhou    scores   20900   19900   37300   21900   places 3 4 1 2   points " \
           "  -19.1   -30.1   +47.3    +1.9" in run.lines
    assert "  places flip: seat 0 3 -> 2, seat 3 2 -> 3" in run.lines
    assert sum(1 for line in run.lines if line.startswith("  approximated under ema-2016: ")
               and ": dora_timing: " in line) == 2
    assert run.lines[-1] == ("1 games settled under tenhou and ema-2016: places flip in 1 "
                             "(0 with another first place); 1 approximated; 0 not settled")


def test_replay_compare_json(riichi: RunCli) -> None:
    data = riichi("replay", str(MJSON), "--compare", "ema-2016", "--json").json()
    compared = data["compare"]
    assert (compared["a"], compared["b"], compared["settled"], compared["flipped"]) == (
        "tenhou", "ema-2016", 1, 1)
    (game,) = compared["games"]
    assert game["b"] == {"scores": [27900, 25900, 38300, 27900], "places": [2, 4, 1, 3],
                         "points": [-2.1, -19.1, 23.3, -2.1]}
    assert game["flipped"] == [0, 3]


def test_replay_compare_with_an_unknown_ruleset(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--compare", "no-such-ruleset")
    assert run.status == 2 and run.err


@need_corpus(TENHOU / "agari.jsonl")
def test_the_issue_figure_in_under_30_seconds(riichi: RunCli) -> None:
    # issue #13: "the command must say how many and why, and run in under 30 s"
    started = time.perf_counter()
    data = riichi("compare", "ema-2016", "wrc-2025", "--corpus",
                  str(TENHOU / "agari.jsonl"), "--json").json()
    assert time.perf_counter() - started < 30
    assert data["wins"]["differ"] == len(data["differences"]) > 0
    assert data["kinds"]["points"] == sum(1 for d in data["differences"] if d["points"])
