"""Scenarios played out under two rulesets at once (search/table_driver.py): what a case's
outcome is, that a watched clause answers as before while it is measured, that every drive is
a valid beginning of a case under both rulesets, and a drive that reaches liability for four
kongs (the pao suukantsu rule of M.League, not of EMA 2016) down to the payments."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from compare_cases import bundled
from riichi_rules.conformance.events import play
from riichi_rules.language.table_vocabulary import TableEnv
from riichi_rules.scoring.scorer import program
from riichi_rules.search.table_driver import Driver, instrument, outcome
from riichi_rules.search.table_scenarios import Intent, Scenario, TableBias, random_scenario
from riichi_rules.search.table_targets import differing_clauses
from riichi_rules.tiles import parse_tiles


def _case(case_id: str, file: str = "furiten.yaml") -> object:
    return next(c for c in bundled(file) if c.id == case_id)


def test_the_outcome_of_a_case_is_what_it_states() -> None:
    """furiten-own-discard-blocks-the-other-wait (conformance/furiten.yaml, EMA 2016 §3.2):
    seat 1 waits on 2s and 5s with a 5s in its river; the hand goes on, so the outcome is the
    verdict, the claims and furiten; its ron (the next case) is refused, so that case's
    outcome is the disagreement it raises."""
    case = _case("furiten-own-discard-blocks-the-other-wait")
    ema = program("ema-2016")
    seen = outcome(play(case.deal, case.steps, ema))  # type: ignore[attr-defined]
    assert seen is not None
    assert seen["illegal"] == [] and seen["furiten"][1] == ["own_discard"]
    assert seen["claims"][1] == [] and "deltas" not in seen
    refused = _case("furiten-own-discard-ron-refused")
    seen = outcome(play(refused.deal, refused.steps, ema))  # type: ignore[attr-defined]
    assert seen is not None and seen["illegal"] == ["furiten_ron"]


def test_a_watched_clause_answers_as_before() -> None:
    """The furiten rules watched: the case's outcome is the same, and the watcher saw the
    questions put to the rule (the furiten of every seat, asked by the runner)."""
    case = _case("furiten-own-discard-blocks-the-other-wait")
    ema = program("ema-2016")
    asked: list[TableEnv] = []
    watched = instrument(ema, {("furiten", "own_discard", "when"): asked.append})
    plain = outcome(play(case.deal, case.steps, ema))  # type: ignore[attr-defined]
    again = outcome(play(case.deal, case.steps, watched))  # type: ignore[attr-defined]
    assert plain == again and asked


PAIRS = [("ema-2016", "tenhou"), ("ema-2016", "m-league"), ("mahjong-soul", "tenhou"),
         ("ema-2025", "jpml")]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PAIRS), st.integers(0, 40))
def test_every_drive_is_the_beginning_of_a_valid_case(seed: int, pair: tuple[str, str],
                                                      which: int) -> None:
    """The driver plays only what both rulesets allow: every event it plays can happen at the
    table and raises no disagreement under either ruleset, but for a candidate's last event
    (whose verdicts then differ)."""
    a, b = program(pair[0]), program(pair[1])
    pairs = differing_clauses(a, b)
    target = pairs[which % len(pairs)]
    driver = Driver(a, b, [target])
    scenario = random_scenario(random.Random(seed), TableBias(frozenset(
        {"tenpai", "riichi", "calls", "kans", "wins", "end"})))
    drive = driver.run(scenario)
    deal = scenario.deal()
    for program_ in (a, b):
        played = play(deal, drive.steps, program_)
        assert not played.error
        assert not any(played.disagreements)
    for candidate in drive.candidates:
        for program_ in (a, b):
            played = play(deal, candidate.steps, program_)
            assert not played.error and not any(played.disagreements[:-1])


def test_liability_for_four_kongs() -> None:
    """Seat 3 holds four pungs and a single 1s (2227771s111555z); it declares concealed kans
    of 2s, 7s and 1z (drawing each fourth tile), then calls the fourth 5z from seat 1's
    discard and wins on its replacement tile, the 1s: four kongs, a yakuman, 32000 by
    self-draw for a non-dealer (EMA 2016 §4: the dealer pays half, the others a quarter
    each). M.League makes the player who fed the fourth kong liable (variants.md #27): seat 1
    pays it all. EMA 2016 has no liability for four kongs."""
    a, b = program("ema-2016"), program("m-league")
    pair = next(p for p in differing_clauses(a, b) if p.part == ("pao", "suukantsu", "when"))
    hands = tuple(tuple(t.kind for t in parse_tiles(h)) for h in (
        "269m159p158s2346z", "259m369p1s234567z", "122334p3334555s", "2227771s111555z"))
    scenario = Scenario(hands, 0, (Intent("kan", 3, "closed", 0), Intent("kan", 3, "closed", 1),
                                   Intent("kan", 3, "closed", 2), Intent("kan", 3, "open", 0),
                                   Intent("tsumo", 3)), wall=40)
    drive = Driver(a, b, [pair]).run(scenario)
    assert drive.nearest == 0 and drive.zero is not None
    kinds = [s.kind for s in drive.steps]
    assert kinds.count("closed_kan") == 3 and kinds[-3:] == ["call", "draw", "tsumo"]
    ending = next(c for c in drive.candidates if c.kind == "ending")
    assert ending.parted
    deltas = {}
    for program_ in (a, b):
        seen = outcome(play(scenario.deal(), ending.steps, program_))
        assert seen is not None and seen["wins"][3]["yakuman"] >= 1
        deltas[program_.config.id] = seen["deltas"]
    assert deltas["ema-2016"] == [-16000, -8000, -8000, 32000]
    assert deltas["m-league"] == [0, -32000, 0, 32000]
