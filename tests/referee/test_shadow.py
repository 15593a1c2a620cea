"""A hand followed under one ruleset with every question also put to another: the clauses and
scorings that answer differently, and a clause (or the scoring) swapped for the other's."""

from __future__ import annotations

from pathlib import Path

import pytest

from house_rules import house_ruleset
from riichi_rules import resources
from riichi_rules.conformance.cases import Case, load_file
from riichi_rules.conformance.events import observe, play
from riichi_rules.errors import RuleFault
from riichi_rules.referee.shadow import SCORING, Shadow
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import program

OWN_DISCARD = ("furiten", "own_discard", "when")


def _case(file: str, case_id: str) -> Case:
    cases = load_file(resources.conformance_dir() / file)
    return next(c for c in cases if c.id == case_id)


def _play(case: Case, shadow: Shadow) -> dict[str, object]:
    assert case.deal is not None
    return observe(play(case.deal, case.steps, shadow.program, make_referee=shadow.referee))


def test_a_clause_answered_differently_is_noted_and_changes_nothing() -> None:
    # conformance/furiten.yaml: seat 1's own added 5s makes it furiten under EMA 2016, not
    # under EMA 2025 (variants.md #34); the first ruleset's answers still decide the hand
    case = _case("furiten.yaml", "furiten-added-kan-tile-counts-as-a-discard")
    assert case.deal is not None
    ema16, ema25 = program("ema-2016"), program("ema-2025")
    shadow = Shadow(ema16, [ema25])
    shadowed = _play(case, shadow)
    assert shadow.table[0][OWN_DISCARD] == (True, False)
    assert shadowed == observe(play(case.deal, case.steps, ema16))
    expected = case.expectation("ema-2016")
    assert expected is not None
    assert shadowed["furiten"][1] == expected.fields["furiten"][1]  # type: ignore[index]


def test_a_swapped_clause_answers_as_the_other_ruleset() -> None:
    case = _case("furiten.yaml", "furiten-added-kan-tile-counts-as-a-discard")
    shadow = Shadow(program("ema-2016"), [program("ema-2025")], swap=[OWN_DISCARD])
    swapped = _play(case, shadow)
    expected = case.expectation("ema-2025")  # not furiten, and so it may claim ron
    assert expected is not None
    assert swapped["furiten"][1] == expected.fields["furiten"][1]  # type: ignore[index]
    assert swapped["claims"][1] == expected.fields["claims"][1]  # type: ignore[index]


def test_a_win_scored_differently_is_noted_and_may_be_swapped() -> None:
    # conformance/riichi.yaml: 4 han 30 fu, 7700 under EMA 2016, a kiriage mangan (8000) under
    # EMA 2025 (variants.md #12)
    case = _case("riichi.yaml", "riichi-ippatsu-ron")
    ema16, ema25 = program("ema-2016"), program("ema-2025")
    want16, want25 = case.expectation("ema-2016"), case.expectation("ema-2025")
    assert want16 is not None and want25 is not None
    shadow = Shadow(ema16, [ema25])
    _play(case, shadow)
    totals = {(a.points, b.points) for _, a, b in shadow.scoring[0]
              if isinstance(a, Result) and isinstance(b, Result)}
    assert (want16.fields["wins"][1]["points"], want25.fields["wins"][1]["points"]) in totals
    swapped = _play(case, Shadow(ema16, [ema25], swap=[SCORING]))
    assert swapped["wins"][1]["points"] == want25.fields["wins"][1]["points"]  # type: ignore[index]
    assert swapped["deltas"] == want25.fields["deltas"]


def test_a_fault_of_the_other_ruleset_is_its_own(tmp_path: Path) -> None:
    """A rule of the other ruleset with no value on a question the shadow puts to it (a noten
    payment that divides by noten_count, 0 when all four are tenpai) stops the hand as that
    ruleset's fault, not the followed one's: conformance/draws.yaml's all-tenpai draw, with
    the other's 'when' swapped in (Tenhou's asks no payment when all are tenpai, and so
    would not ask the amount)."""
    case = _case("draws.yaml", "draw-exhaustive-all-tenpai")
    house = program(load_config(house_ruleset(
        tmp_path, 'override draw noten_payment "Noten payments" {\n    when tenpai_count > 0\n'
        '    gain 3000 / noten_count\n    doc "x"\n    source "house"\n}\n')))
    shadow = Shadow(program("tenhou"), [house], swap=[("draw", "noten_payment", "when")])
    with pytest.raises(RuleFault, match=r"house\.rules:3:10: division by zero \(3000 / 0\)"):
        _play(case, shadow)
    assert shadow.faulted == house.config.label
    shadow.clear()
    assert shadow.faulted == ""
