"""Final standings: riichi sticks left at the end, uma, oka, ties and rounding."""

from __future__ import annotations

from riichi_rules.referee.standings import final_points, final_scores
from riichi_rules.rulesets.config import load_config


def _rules(ruleset: str, **changes: object) -> dict[str, object]:
    return {**load_config(ruleset).parameters, **changes}


def test_sticks_left_go_to_the_first_place() -> None:
    # Tenhou game 2011020613gm-00a9-0000-3774f8d1 ends in a draw with 3 sticks on the table;
    # its recorded end scores give them to the first place (variants.md #46: "to 1st").
    assert final_scores([16600, 13300, 32200, 34900], 3, _rules("tenhou")) == [
        16600, 13300, 32200, 37900]


def test_tied_first_places_and_the_last_stick() -> None:
    # Tenhou game 2018022422gm-00a9-0000-0067d2a4: seats 2 and 3 tie at 30,300 and one stick
    # is left; the record gives it to seat 2, the earlier seat (variants.md #4: seat order).
    scores = [16300, 22100, 30300, 30300]
    assert final_scores(scores, 1, _rules("tenhou")) == [16300, 22100, 31300, 30300]
    # EMA 2025 splits it between tied first places (variants.md #46); WRC 2025 leaves it.
    split = _rules("ema-2025", deposits_at_end="first_split_on_tie")
    assert final_scores(scores, 1, split) == [16300, 22100, 30800, 30800]
    assert final_scores(scores, 1, _rules("wrc-2025")) == scores


def test_final_points_with_uma_and_shared_places() -> None:
    # EMA 2016: 30,000 start and return, uma +15/+5/-5/-15, tied places share their uma
    # (variants.md #1, #2, #4): seats 1 and 2 tie for second: (5 - 5) / 2 = 0 each.
    assert final_points([45000, 30000, 30000, 15000], _rules("ema-2016")) == [
        30.0, 0.0, 0.0, -30.0]


def test_tenhou_results_in_whole_thousands_the_first_balancing() -> None:
    # Tenhou game bug8.xml ends 77,800 / 2,400 / 16,500 / 3,300 and records 88 / -48 / -3 /
    # -37: 16,500 counts as 17,000 (-13 + 10 uma = -3), 3,300 as 3,000 (-27 - 10 = -37),
    # 2,400 as 2,000 (-28 - 20 = -48), and the first takes the balance, 88.
    assert final_points([77800, 2400, 16500, 3300], _rules("tenhou")) == [
        88.0, -48.0, -3.0, -37.0]


def test_a_hand_played_after_a_bust_is_reported_where_a_bust_ends_the_game() -> None:
    # The synthetic two-hand game of tests/records/fixtures, its first hand started with seat
    # 1 at 1,000 points: the first hand's win costs seat 1 2,000 (the fixture's own score
    # changes), so seat 1 is at -1,000 when the second hand starts. Tenhou ends a game when a
    # score drops below 0 (variants.md #47); EMA 2016 plays on.
    from dataclasses import replace
    from pathlib import Path

    from riichi_rules.records.mjlog import read_mjlog
    from riichi_rules.referee.replay import replay_game
    from riichi_rules.scoring.scorer import program

    game = read_mjlog(Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.xml")
    first = replace(game.hands[0], scores=(25000, 1000, 25000, 25000))
    game = replace(game, hands=(first, *game.hands[1:]), final_points=None)
    tenhou = {d.what for d in replay_game(game, program("tenhou")).disagreements}
    ema = {d.what for d in replay_game(game, program("ema-2016")).disagreements}
    assert "bust" in tenhou
    assert "bust" not in ema
