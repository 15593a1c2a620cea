"""Referee cases under several rulesets: their outcomes in a few words, the clauses behind a
difference (only those whose answer matters), and the parameters a clause reads."""

from __future__ import annotations

from typing import Any

from riichi_rules import resources
from riichi_rules.conformance.cases import Case, load_file
from riichi_rules.conformance.events import play
from riichi_rules.referee.shadow import Shadow
from riichi_rules.scoring.scorer import program
from riichi_rules.search.table_causes import Panel, cells, part_origin, part_parameters


def _case(file: str, case_id: str) -> Case:
    return next(c for c in load_file(resources.conformance_dir() / file) if c.id == case_id)


def _outcome(**fields: Any) -> dict[str, Any]:
    return {"earlier": [], "illegal": [], **fields}


def test_cells_show_the_verdict_where_it_differs() -> None:
    win = {"han": 2, "fu": 30, "yakuman": 0, "points": 2000}
    legal = _outcome(wins={1: win, 2: win}, deltas=[-4000, 2000, 2000, 0])
    refused = _outcome(illegal=["illegal_ron"], wins={1: win, 2: win},
                       deltas=[-4000, 2000, 2000, 0])
    assert cells([legal, refused]) == ["seat 1 2h30f 2000, seat 2 2h30f 2000", "illegal_ron"]
    earlier = _outcome(earlier=["illegal_ron (line 236)"], illegal=["illegal_ron"])
    assert cells([_outcome(), earlier]) == ["legal", "illegal_ron (line 236); illegal_ron"]


def test_cells_show_only_the_fields_that_differ_where_the_verdict_agrees() -> None:
    # the same wins, the honba and sticks shared out differently: the score changes differ,
    # and the final scores that follow from them are left out
    win = {"han": 2, "fu": 30, "yakuman": 0, "points": 2000}
    a = _outcome(wins={1: win}, deltas=[-4600, 4300, 2300, 0], next={"dealer_keeps": False,
                 "honba_added": False}, final_scores=[20400, 29300, 27300, 25000])
    b = _outcome(wins={1: win}, deltas=[-4300, 4300, 2000, 0], next={"dealer_keeps": False,
                 "honba_added": False}, final_scores=[20700, 29300, 27000, 25000])
    assert cells([a, b]) == ["deltas -4600/+4300/+2300/0", "deltas -4300/+4300/+2000/0"]
    # furiten and claims: only the seats whose lists differ
    c = _outcome(furiten={1: ["own_discard"], 2: []}, claims={1: [], 2: []})
    d = _outcome(furiten={1: [], 2: []}, claims={1: ["ron"], 2: []})
    assert cells([c, d]) == ["furiten 1: own_discard; claims 1: none",
                             "furiten 1: none; claims 1: ron"]
    assert cells([_outcome(game_over=False), _outcome(game_over=True)]) == [
        "game goes on", "game over"]


def test_a_clause_reads_the_parameters_of_the_lets_it_uses() -> None:
    # rulesets/base/table.rules, standings final_points: "result score - rule.return_points +
    # bonus" reads rule.return_points itself, rule.final_points_rounding through "score", and
    # rule.tied_ranks, rule.uma and rule.uma_east_only (through "uma") and (through "oka")
    # rule.oka, rule.return_points and rule.start_points through "bonus"
    prog = program("ema-2016")
    part = ("standings", "final_points", "result")
    assert part_parameters(prog, part) == {"return_points", "final_points_rounding",
                                           "tied_ranks", "uma", "uma_east_only", "oka",
                                           "start_points"}
    lines = (resources.rulesets_dir() / "base" / "table.rules").read_text(
        encoding="utf-8").splitlines()
    number = int(part_origin(prog, part).rsplit(":", 1)[1])
    assert lines[number - 1].strip().startswith("result score - rule.return_points + bonus")
    # the balance clause reads one parameter, and no let
    assert part_parameters(prog, ("standings", "final_points", "balance")) == {
        "final_points_rounding"}


def test_a_clause_answered_differently_that_changes_nothing_is_not_a_cause() -> None:
    # conformance/multiple-ron.yaml multiple-ron-triple: EMA 2016 lets three win on one tile,
    # Tenhou two (variants.md #24, #26). Each winner after the first is paid the honba under
    # EMA 2016, only the first at Tenhou (variants.md #25), so the honba rule answers the
    # second winner differently; but with no honba on the table (the deal states none) that
    # answer changes no score, and only the "up to" clause is a cause.
    case = _case("multiple-ron.yaml", "multiple-ron-triple")
    assert case.deal is not None and case.deal.honba == 0
    ema16, tenhou = program("ema-2016"), program("tenhou")
    shadow = Shadow(ema16, [tenhou])
    play(case.deal, case.steps, shadow.program, make_referee=shadow.referee)
    honba = ("collect", "honba_counters", "when")
    assert shadow.table[0][honba] == (True, False)
    panel = Panel([ema16, tenhou])
    outcomes = panel.outcomes(case)
    assert outcomes[0] != outcomes[1]
    assert [c.part for c in panel.causes(case, outcomes, 0, 1)] == [("claim", "ron", "up_to")]


def test_the_clauses_that_part_and_those_that_matter() -> None:
    # conformance/multiple-ron.yaml multiple-ron-triple, as above: the "up to" clause and the
    # honba rule answer differently; only the first accounts for the difference (the third
    # ron refused at Tenhou), the second changes no score with no honba on the table
    case = _case("multiple-ron.yaml", "multiple-ron-triple")
    panel = Panel([program("ema-2016"), program("tenhou")])
    outcomes = panel.outcomes(case)
    up_to, honba = ("claim", "ron", "up_to"), ("collect", "honba_counters", "when")
    parted = panel.parted(case, 0, 1)
    assert up_to in parted and honba in parted
    assert panel.matters(case, outcomes, [up_to])
    assert not panel.matters(case, outcomes, [honba])
