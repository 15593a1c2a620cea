"""Final standings, as the ``standings`` rules of rulesets/base/table.rules say: the riichi
sticks left at the end, uma, oka, ties and rounding."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi_rules.referee.standings import final_points, final_results, final_scores
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program


def _program(ruleset: str, **changes: object) -> ScoringProgram:
    """A bundled ruleset, with some parameters changed."""
    config = load_config(ruleset)
    return program(replace(config, parameters={**config.parameters, **changes}))


# ---- the riichi sticks left at the end (variants.md #46) ---------------------------------------


def test_sticks_left_go_to_the_first_place() -> None:
    # Tenhou game 2011020613gm-00a9-0000-3774f8d1 ends in a draw with 3 sticks on the table;
    # its recorded end scores give them to the first place (variants.md #46: "to 1st").
    assert final_scores(program("tenhou"), [16600, 13300, 32200, 34900], 3) == [
        16600, 13300, 32200, 37900]


def test_tied_first_places_and_the_last_stick() -> None:
    # Tenhou game 2018022422gm-00a9-0000-0067d2a4: seats 2 and 3 tie at 30,300 and one stick
    # is left; the record gives it to seat 2, the earlier seat (variants.md #4: seat order).
    scores = [16300, 22100, 30300, 30300]
    assert final_scores(program("tenhou"), scores, 1) == [16300, 22100, 31300, 30300]
    # EMA 2025 splits it between tied first places (variants.md #46 [S4]): 500 each
    assert final_scores(program("ema-2025"), scores, 1) == [16300, 22100, 30800, 30800]
    # WRC 2025 leaves it on the table (variants.md #46 [S25, S5])
    assert final_scores(program("wrc-2025"), scores, 1) == scores


def test_sticks_split_between_three_tied_first_places() -> None:
    # first_split_on_tie with 3 sticks (3,000) and three players tied at 30,000: 1,000 each
    # (variants.md #46, EMA 2025 [S4]: split between the tied first places)
    scores = [30000, 30000, 30000, 7000]
    assert final_scores(program("ema-2025"), scores, 3) == [31000, 31000, 31000, 7000]


def test_no_sticks_no_change() -> None:
    scores = [40000, 30000, 20000, 10000]
    for ruleset in ("ema-2016", "tenhou", "wrc-2025"):
        assert final_scores(program(ruleset), scores, 0) == scores


# ---- uma, oka and ties (variants.md #1-#4) -----------------------------------------------------


def test_final_points_with_uma_and_shared_places() -> None:
    # EMA 2016: 30,000 start and return, uma +15/+5/-5/-15, tied places share their uma
    # (variants.md #1, #2, #4): seats 1 and 2 tie for second: (5 - 5) / 2 = 0 each.
    assert final_points(program("ema-2016"), [45000, 30000, 30000, 15000]) == [
        30.0, 0.0, 0.0, -30.0]


def test_three_tied_first_places_share_three_uma() -> None:
    # EMA 2016 (variants.md #2, #4): three players tied at 40,000 share the uma of places 1-3,
    # (15 + 5 - 5) / 3 = 5 each: (40,000 - 30,000) / 1,000 + 5 = 15; the last: -30 - 15 = -45.
    assert final_points(program("ema-2016"), [40000, 40000, 40000, 0]) == [
        15.0, 15.0, 15.0, -45.0]


def test_split_ties_share_uma_and_oka() -> None:
    # M.League: 25,000 start, 30,000 return, uma +30/+10/-10/-30 and oka +20 (variants.md #1-#3:
    # "+50/+10/-10/-30"), ties split uma and oka (#4 [S18]). Seats 0 and 1 tie for first at
    # 35,000: 5 + (50 + 10) / 2 = 35 each; 20,000: -10 - 10 = -20; 10,000: -20 - 30 = -50.
    assert final_points(program("m-league"), [35000, 35000, 20000, 10000]) == [
        35.0, 35.0, -20.0, -50.0]
    # three tied at 30,000: 0 + (50 + 10 - 10) / 3 = 16.67, shown to one decimal as 16.7;
    # the last at 10,000: -20 - 30 = -50
    assert final_points(program("m-league"), [30000, 30000, 30000, 10000]) == [
        16.7, 16.7, 16.7, -50.0]


def test_seat_order_ties() -> None:
    # Tenhou: ties go to the seat nearer the first dealer (variants.md #4 [S14]); 25,000 start,
    # 30,000 return, uma +20/+10/-10/-20, oka +20 (#1-#3). All four at 25,000: seat 1 -5 + 10 =
    # 5, seat 2 -5 - 10 = -15, seat 3 -5 - 20 = -25; seat 0 -5 + 20 + 20 = 35 (whole thousands
    # or tenths alike).
    assert final_points(program("tenhou"), [25000] * 4) == [35.0, 5.0, -15.0, -25.0]


def test_oka_from_the_start_and_return_points() -> None:
    # The schema's oka: "usually 4 x (return_points - start_points)": with oka 0 written, a
    # 25,000 start and a 30,000 return give 4 x 5,000 = 20,000 to the first place, as Tenhou's
    # explicit oka 20 does.
    scores = [40000, 30000, 20000, 10000]
    explicit = final_points(program("tenhou"), scores)
    assert final_points(_program("tenhou", oka=0), scores) == explicit
    # 40,000: 10 + 20 + 20 = 50; 30,000: 0 + 10; 20,000: -10 - 10; 10,000: -20 - 20
    assert explicit == [50.0, 10.0, -20.0, -40.0]


def test_no_oka_where_start_and_return_are_equal() -> None:
    # EMA 2016: 30,000 start and return, no oka (variants.md #1, #3): the results sum to zero
    # without any bonus: (45,000 - 30,000) / 1,000 + 15 = 30, ...
    assert final_points(program("ema-2016"), [45000, 35000, 25000, 15000]) == [
        30.0, 10.0, -10.0, -30.0]


# ---- rounding ----------------------------------------------------------------------------------


def _tenhou_on(day: str) -> ScoringProgram:
    return program(load_config("tenhou", date=day))


def test_tenhou_results_in_whole_thousands_the_first_balancing() -> None:
    # Tenhou game bug8.xml (2009082902gm-00a9-0000-df6a8b53, 2009-08-29) ends 77,800 / 2,400 /
    # 16,500 / 3,300 and records 88 / -48 / -3 / -37: 16,500 counts as 17,000 (-13 + 10 uma =
    # -3), 3,300 as 3,000 (-27 - 10 = -37), 2,400 as 2,000 (-28 - 20 = -48), and the first
    # takes the balance, 88.
    assert final_points(_tenhou_on("2009-08-29"), [77800, 2400, 16500, 3300]) == [
        88.0, -48.0, -3.0, -37.0]


def test_a_negative_half_thousand_rounds_away_from_zero_and_the_first_balances() -> None:
    # final_points_rounding (schema): -7,500 counts as -8,000. 60,500 / 27,500 / 19,500 /
    # -7,500 under Tenhou: 27,500 -> 28,000: -2 + 10 = 8; 19,500 -> 20,000: -10 - 10 = -20;
    # -7,500 -> -8,000: -38 - 20 = -58; the first balances: -(8 - 20 - 58) = 70 (its own score
    # rounded would give 61 - 30 + 20 + 20 = 71: the balance is what counts).
    assert final_results(_tenhou_on("2021-10-03"), [60500, 27500, 19500, -7500]) == [
        70000, 8000, -20000, -58000]


def test_tenth_rounding_keeps_the_hundreds() -> None:
    # the same scores under today's Tenhou, whose results are exact tenths (its records since
    # 2022-06-01, e.g. 2023053016gm-0029-0000-e54b3b98): (60,500 - 30,000) / 1,000 + 20 + 20 =
    # 70.5; 27,500: -2.5 + 10 = 7.5; 19,500: -10.5 - 10 = -20.5; -7,500: -37.5 - 20 = -57.5
    for tenth in (program("tenhou"), _tenhou_on("2021-10-04")):
        assert final_points(tenth, [60500, 27500, 19500, -7500]) == [70.5, 7.5, -20.5, -57.5]


def test_tenhou_east_only_uma_of_2009() -> None:
    # Tenhou record 2009071823gm-0041-0000-ff3a2214 (2009-07-18, 四般東喰赤速, East only) ends
    # 41,100 / 37,300 / 14,000 / 7,600 and records 41 / 12 / -21 / -32: uma +10/+5/-5/-10,
    # scores but the first rounded to the thousand: 37 - 30 + 5 = 12, 14 - 30 - 5 = -21,
    # 8 - 30 - 10 = -32, first -(12 - 21 - 32) = 41. The East-only games of 2009-08-27 on fit
    # +20/+10/-10/-20 (ruleset tenhou, history of uma_east_only, last old day 2009-07-31):
    # 37 - 30 + 10 = 17, 14 - 30 - 10 = -26, 8 - 30 - 20 = -42, first 51.
    scores = [41100, 37300, 14000, 7600]
    assert final_points(_tenhou_on("2009-07-18"), scores, 1) == [41.0, 12.0, -21.0, -32.0]
    assert final_points(_tenhou_on("2009-07-31"), scores, 1) == [41.0, 12.0, -21.0, -32.0]
    assert final_points(_tenhou_on("2009-08-01"), scores, 1) == [51.0, 17.0, -26.0, -42.0]
    # a hanchan of the same day keeps the uma of every hanchan, +20/+10/-10/-20
    assert final_points(_tenhou_on("2009-07-18"), scores, 2) == [51.0, 17.0, -26.0, -42.0]


@pytest.mark.parametrize("ruleset", ["ema-2016", "tenhou", "m-league", "wrc-2025"])
def test_results_sum_to_zero_when_the_points_are_all_there(ruleset: str) -> None:
    # 4 x start points on the table (no sticks left): the results less the return points, the
    # uma (summing to 0) and the oka (4 x (return - start) when not written) add up to zero.
    start = int(load_config(ruleset).parameters["start_points"])  # type: ignore[call-overload]
    scores = [start + 12300, start - 4100, start + 800, start - 9000]
    assert sum(final_results(program(ruleset), scores)) == 0


# ---- the end of the game in a replay -----------------------------------------------------------


def test_a_hand_played_after_a_bust_is_reported_where_a_bust_ends_the_game() -> None:
    # The synthetic two-hand game of tests/records/fixtures, its first hand started with seat
    # 1 at 1,000 points: the first hand's win costs seat 1 2,000 (the fixture's own score
    # changes), so seat 1 is at -1,000 when the second hand starts. Tenhou ends a game when a
    # score drops below 0 (variants.md #47); EMA 2016 plays on.
    from pathlib import Path

    from riichi_rules.records.mjlog import read_mjlog
    from riichi_rules.referee.replay import replay_game

    game = read_mjlog(Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.xml")
    first = replace(game.hands[0], scores=(25000, 1000, 25000, 25000))
    game = replace(game, hands=(first, *game.hands[1:]), final_points=None)
    # (the fixture stops after two hands of East: both rulesets also report that the rules
    # would play on, at "end")
    tenhou = [d for d in replay_game(game, program("tenhou")).disagreements
              if d.what == "game_end" and d.hand != "end"]
    ema = [d for d in replay_game(game, program("ema-2016")).disagreements
           if d.what == "game_end" and d.hand != "end"]
    assert [d.hand for d in tenhou] == [game.hands[1].name]
    assert ema == []
