"""The impact reports as text and Markdown (riichi_rules.impact.render); the command's own
output is tested in tests/cli/test_cli_impact.py. Values derived in test_wins.py and
test_standings.py."""

from __future__ import annotations

from pathlib import Path

from riichi_rules.hand import Win
from riichi_rules.impact.corpus import CorpusWin
from riichi_rules.impact.render import standings_json, standings_text, wins_markdown, wins_text
from riichi_rules.impact.standings import settle_files
from riichi_rules.impact.wins import measure
from riichi_rules.scoring.scorer import program

MJSON = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.mjson"


def test_a_cause_of_wins_under_one_ruleset_only_moves_no_points() -> None:
    # test_wins.py: a renhou with no other yaku is a win under WRC 2025, not under M.League
    win = Win.from_json({"hand": "111m456m789p23499s", "win": "4s", "seat": "S",
                         "renhou": True})
    impact = measure(program("wrc-2025"), program("m-league"),
                     [CorpusWin("x.jsonl", 1, "g", "E1-0", 1, win)])
    text = wins_text(impact, ["x.jsonl"])
    assert "  a win under wrc-2025 only                          1" in text
    assert "      1 win (100.00 %), no points moved (each is a win under one ruleset only)" in text
    assert "Points moved" not in text  # no win scored under both
    markdown = wins_markdown(impact, ["x.jsonl"])
    assert "| a win under wrc-2025 only | 1 |" in markdown
    assert "`x.jsonl:1 (g E1-0 seat 1)`: " in markdown and "→ error no_yaku |" in markdown


def test_standings_report_and_json_agree() -> None:
    settled = list(settle_files([MJSON], "tenhou", "ema-2016"))
    text = standings_text(settled, "tenhou", "ema-2016")
    data = standings_json(settled, "tenhou", "ema-2016")
    assert (data["settled"], data["flipped"], data["approximated"], data["not_settled"]) == (
        1, 1, 1, 0)
    assert "cannot be replayed from a record" in text
    assert text.splitlines()[-1].startswith("1 games settled under tenhou and ema-2016")
