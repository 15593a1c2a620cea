"""Referee situations in the conformance format: reading a deal and its events (errors at the
file and line), and running them through the referee (riichi_rules.conformance.events and the
events half of the runner).

The table used throughout: seat 0 (the dealer) holds 159m159p159s1234z, seat 1
46p55p666m23s1234z, seats 2 and 3 fillers with no pair and no chow. When seat 0 throws 5p,
seat 1, on its left, may chow it (46p) or pon it (55p): EMA 2016 §3.3.3, §3.3.4. In the kuikae
table seat 1 holds 555p: after ponning a 5p it may not throw its third one at once (§3.3.2:
not the tile just called).
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from riichi_rules import resources
from riichi_rules.conformance.cases import (
    Case,
    CaseFileError,
    known_ruleset_ids,
    known_yaku_ids,
    load_file,
    load_text,
)
from riichi_rules.conformance.events import Player, Step, StepError, observe, parse_event, play
from riichi_rules.conformance.runner import (
    compare_events,
    rulesets_for,
    run_case,
    run_suite,
    short_events,
)
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import program

HANDS = "[159m159p159s1234z, 46p55p666m23s1234z, 37m37p37s1234567z, 48m48p48s1234567z]"
KUIKAE = "[159m19p159s12346z, 46p555p666m23s123z, 37m37p37s1234567z, 48m48p48s1234567z]"


def case_text(events: str, expect: str, hands: str = HANDS, extra: str = "") -> str:
    """One events case; ``events`` and ``expect`` are YAML, indented by the caller's dedent."""
    return (
        "- id: t\n"
        '  source: "EMA 2016 §3.3.3, §3.3.4"\n'
        f"{extra}"
        "  deal:\n"
        f"    hands: {hands}\n"
        "    dora: 9p\n"
        "  events:\n"
        + textwrap.indent(textwrap.dedent(events).strip("\n"), "    ") + "\n"
        "  expect:\n"
        + textwrap.indent(textwrap.dedent(expect).strip("\n"), "    ") + "\n"
    )


def write(folder: Path, text: str, name: str = "t.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def load_one(folder: Path, text: str) -> Case:
    [case] = load_file(write(folder, text))
    return case


def problems(path: Path) -> list[tuple[int, str]]:
    with pytest.raises(CaseFileError) as info:
        load_file(path, known_rulesets=known_ruleset_ids(), known_yaku=known_yaku_ids())
    for d in info.value.diagnostics:
        assert d.file.endswith(path.name)
    return [(d.line, d.message) for d in info.value.diagnostics]


# ------------------------------------------------------------------ reading events


def test_a_case_reads_into_a_deal_and_steps(tmp_path: Path) -> None:
    case = load_one(tmp_path, case_text("""
        - turn: [0, 5p]
        - call: {seat: 1, meld: "45-6p", from: 0}
        - discard: [1, 1z]
        """, "default: {legal: true}"))
    assert case.deal is not None
    assert case.deal.dealer == 0 and case.deal.wall == 70 and case.deal.scores == (25000,) * 4
    assert [len(h) for h in case.deal.hands] == [13, 13, 13, 13]
    kinds = [(s.kind, s.seat, s.line) for s in case.steps]
    # a turn is a draw and a discard, both at the turn's line
    assert kinds == [("draw", 0, 7), ("discard", 0, 7), ("call", 1, 8), ("discard", 1, 9)]
    assert str(case.steps[2].meld.called) == "5p"  # type: ignore[union-attr]
    assert case.steps[2].from_seat == 0


def test_parse_event_forms() -> None:
    [riichi] = parse_event({"riichi": 2}, 3)
    assert (riichi.kind, riichi.seat, riichi.line) == ("riichi", 2, 3)
    [kan] = parse_event({"added_kan": {"seat": 1, "meld": "555=5p"}}, 4)
    assert str(kan.tile) == "5p"  # the added tile defaults to the one after the pon's
    [end] = parse_event({"draw_end": {"kind": "exhaustive", "shown": [2, 0]}}, 5)
    assert end.end == "exhaustive" and end.shown == (0, 2)
    [ron] = parse_event({"ron": {"seat": 1, "from": 3, "ura": ["1m", "2z"]}}, 6)
    assert [str(t) for t in ron.ura] == ["1m", "2z"]
    with pytest.raises(StepError, match="from the left, but seat 3 sits on seat 1's across"):
        parse_event({"call": {"seat": 1, "meld": "5-55p", "from": 3}}, 7)
    with pytest.raises(StepError, match="a closed kan is four tiles with no mark"):
        parse_event({"closed_kan": {"seat": 1, "meld": "5555=p"}}, 8)
    with pytest.raises(StepError, match="cannot call its own discard"):
        parse_event({"call": {"seat": 1, "meld": "5-55p", "from": 1}}, 9)
    [kan] = parse_event({"closed_kan": {"seat": 1, "meld": "1111m", "dora": "7s"}}, 10)
    assert str(kan.dora) == "7s"
    with pytest.raises(StepError, match="only a kan turns a new dora indicator, not a chi"):
        parse_event({"call": {"seat": 1, "meld": "5-46p", "from": 0, "dora": "7s"}}, 11)


def test_unknown_event_gets_a_hint_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, case_text("""
        - turn: [0, 5p]
        - drew: [1, 5z]
        """, "default: {legal: true}"))
    [(line, message)] = problems(path)
    assert line == 8 and "unknown key 'drew'" in message
    with pytest.raises(CaseFileError) as info:
        load_file(path)
    assert info.value.diagnostics[0].hint == "did you mean 'draw'?"


def test_bad_tiles_melds_and_hands_name_their_lines(tmp_path: Path) -> None:
    text = case_text("""
        - turn: [0, 8z]
        - call: {seat: 1, meld: "5+55p", from: 0}
        """, "default: {legal: true}",
        hands="[159m159p159s1234z, 46p55p666m23s123z, 37m37p37s1234567z, 48m48p48s1234567z]")
    found = problems(write(tmp_path, text))
    assert [line for line, _ in found] == [4, 7, 8]
    assert "seat 1 is dealt 12 tiles, not 13" in found[0][1]
    assert "unknown tile '8z'" in found[1][1]
    assert "marks the called tile as coming from the right" in found[2][1]
    assert "(mark -)" in found[2][1]


def test_a_fifth_tile_is_reported_at_the_event(tmp_path: Path) -> None:
    # the four hands hold all four 1z: seat 1 cannot draw a fifth
    text = case_text("""
        - turn: [0, 5p]
        - turn: [1, 1z]
        """, "default: {legal: true}")
    [(line, message)] = problems(write(tmp_path, text))
    assert line == 8 and "brings a fifth 1z to the table" in message


def test_events_outcomes_state_event_fields_only(tmp_path: Path) -> None:
    text = case_text("- turn: [0, 5p]", "default: {han: 1, legal: true, illegal: illegal_call}")
    found = problems(write(tmp_path, text))
    assert (9, "case 't' expect.default: 'han' is stated by cases with a 'win'; this case's "
                "outcome states legal, illegal, furiten, claims, wins, deltas, tenpai, next, "
                "sticks, game_over, final_scores, final_points") in found
    assert any("state 'legal' or 'illegal'" in m for _, m in found)


def test_events_need_a_deal(tmp_path: Path) -> None:
    text = textwrap.dedent("""\
        - id: no-deal
          source: x
          events: [{draw: [0, 1m]}]
          expect: {default: {legal: true}}
        """)
    [(line, message)] = problems(write(tmp_path, text))
    assert line == 1 and "a case with 'events' needs a 'deal'" in message


def test_legal_and_illegal_are_overridden_together(tmp_path: Path) -> None:
    case = load_one(tmp_path, case_text("- turn: [0, 5p]", """
        default: {legal: true, claims: {1: [chi, pon]}}
        tenhou: {illegal: illegal_call}
        """))
    assert case.expectation("tenhou").fields == {  # type: ignore[union-attr]
        "illegal": "illegal_call", "claims": {1: ["chi", "pon"]}}
    assert case.expectation("ema-2016").fields == {  # type: ignore[union-attr]
        "legal": True, "claims": {1: ["chi", "pon"]}}


# ------------------------------------------------------------------ running events


def test_claims_pass_and_fail(tmp_path: Path) -> None:
    good = load_one(tmp_path, case_text("- turn: [0, 5p]",
                                        "default: {legal: true, claims: {1: [chi, pon], 2: []}}"))
    result = run_case(good, "ema-2016")
    assert result.passed, result.report()
    assert result.short == "legal"
    wrong = load_one(tmp_path, case_text("- turn: [0, 5p]", "default: {claims: {1: [pon]}}"))
    result = run_case(wrong, "ema-2016")
    assert result.failed
    assert result.mismatches == ("claims.1: expected ['pon'], got ['chi', 'pon']",)
    report = result.report()
    assert "the events, as the referee followed them:" in report
    assert "line 7: turn: [0, 5p] (the discard)" in report


def test_the_disagreement_of_the_last_event(tmp_path: Path) -> None:
    # EMA 2016 §3.3.2: after a pon, not the tile just called
    text = case_text("""
        - turn: [0, 5p]
        - call: {seat: 1, meld: "5-55p", from: 0}
        - discard: [1, 5p]
        """, "default: {illegal: illegal_discard}", hands=KUIKAE)
    case = load_one(tmp_path, text)
    result = run_case(case, "ema-2016")
    assert result.passed, result.report()
    assert result.short == "illegal_discard"
    legal = load_one(tmp_path, text.replace("{illegal: illegal_discard}", "{legal: true}"))
    [problem] = run_case(legal, "ema-2016").mismatches
    assert problem == "legal: expected the last event to be legal, but it raised illegal_discard"
    other = load_one(tmp_path, text.replace("illegal_discard}", "illegal_call}"))
    [problem] = run_case(other, "ema-2016").mismatches
    assert "expected the last event to raise illegal_call, but it raised illegal_discard" in problem


def test_an_illegal_event_before_the_last_fails_the_case(tmp_path: Path) -> None:
    text = case_text("""
        - turn: [0, 5p]
        - call: {seat: 1, meld: "5-55p", from: 0}
        - discard: [1, 5p]
        - turn: [2, 9m]
        """, "default: {legal: true}", hands=KUIKAE)
    result = run_case(load_one(tmp_path, text), "ema-2016")
    assert result.failed
    [problem] = result.mismatches
    assert "t.yaml:9: event 'discard: [1, 5p]' (not the last one) raised illegal_discard" in problem


def test_an_impossible_event_names_its_line(tmp_path: Path) -> None:
    text = case_text("""
        - turn: [0, 9m]
        - discard: [1, 9s]
        """, "default: {legal: true}")
    result = run_case(load_one(tmp_path, text), "ema-2016")
    assert result.failed
    [problem] = result.mismatches
    assert "t.yaml:8: event 'discard: [1, 9s]' cannot happen: seat 1 holds 13 tiles" in problem
    text = case_text("- turn: [1, 9s, 7p]", "default: {legal: true}")
    [problem] = run_case(load_one(tmp_path, text), "ema-2016").mismatches
    assert "cannot happen: seat 1 does not hold 7p" in problem


def test_who_draws_first(tmp_path: Path) -> None:
    # 000 §3.3: turns go round from East (the dealer, seat 0) in seat order. A deal given
    # mid-hand begins on the turn of its first event's seat, unless it states next_draw.
    fresh = case_text("- draw: [1, 9m]", "default: {illegal: turn}")
    assert run_case(load_one(tmp_path, fresh), "ema-2016").passed
    mid = "    dora: 9p\n    wall: 40\n    discards: [7p, 8p, \"\", \"\"]\n"
    later = case_text("- draw: [2, 9m]", "default: {legal: true}").replace("    dora: 9p\n", mid)
    result = run_case(load_one(tmp_path, later), "ema-2016")
    assert result.passed, result.report()
    stated = later.replace("wall: 40", "wall: 40\n    next_draw: 3").replace(
        "{legal: true}", "{illegal: turn}")
    result = run_case(load_one(tmp_path, stated), "ema-2016")
    assert result.passed, result.report()
    assert "seat 3 is to draw next" in result.trace


# seat 1 holds 666m 23m 234p 567s 88s and calls kan on seat 0's 6m (kans.yaml)
KAN = "[258m258p25s34567z, 666m23m234p567s88s, 258m258p25s34567z, 258m258p25s34567z]"


def test_a_kans_indicator_is_turned_where_the_ruleset_turns_it(tmp_path: Path) -> None:
    # variants.md #11: an open kan's new indicator is turned at once, before the replacement
    # draw, at EMA 2016 [S2]; after the replacement draw, at the discard, at Tenhou [S15,S16]
    text = case_text("""
        - turn: [0, 6m]
        - call: {seat: 1, meld: "6666-m", from: 0, dora: 7s}
        - draw: [1, 4m]
        - discard: [1, 4m]
        """, "default: {legal: true}", hands=KAN)
    case = load_one(tmp_path, text)
    ema = run_case(case, "ema-2016")
    assert ema.passed, ema.report()
    assert ("line 8: call: {seat: 1, meld: 6666-m, from: 0, dora: 7s} (new dora indicator 7s "
            "turned over at the kan, before the replacement draw)") in ema.trace
    tenhou = run_case(case, "tenhou")
    assert tenhou.passed, tenhou.report()
    assert "(new dora indicator 7s turned over before line 10: discard: [1, 4m])" in tenhou.trace
    # the same indicator written as its own event right after the kan: too early at Tenhou,
    # reported at its line
    literal = load_one(tmp_path, text.replace(", dora: 7s}", "}\n    - new_dora: 7s"))
    [problem] = run_case(literal, "tenhou").mismatches
    assert "t.yaml:9: event 'new_dora: 7s' (not the last one) raised dora_timing" in problem
    # a self-draw on the replacement tile ends the hand before Tenhou turns the indicator
    rinshan = load_one(tmp_path, text.replace("- discard: [1, 4m]", "- tsumo: {seat: 1}"))
    assert "new dora indicator 7s not turned over" in run_case(rinshan, "tenhou").trace


def test_a_kans_indicator_counts_in_the_tile_budget(tmp_path: Path) -> None:
    # the hands hold all four 2m (three in seats 0, 2, 3, one in seat 1)
    text = case_text("""
        - turn: [0, 6m]
        - call: {seat: 1, meld: "6666-m", from: 0, dora: 2m}
        """, "default: {legal: true}", hands=KAN)
    [(line, message)] = problems(write(tmp_path, text))
    assert line == 8 and "brings a fifth 2m to the table" in message


def test_a_win_scores_and_settles(tmp_path: Path) -> None:
    # seat 1's 234m567p34s678s55p waits on 2s and 5s; seat 2 throws 2s: tanyao 1 + pinfu 1 =
    # 2 han 30 fu, 480 x 4 = 1920 -> 2000 (EMA 2016 ch.4); a non-dealer won: the deal passes
    # and the honba are cleared (variants.md #44, #45)
    hands = "[159m159p159s1234z, 234m567p34s678s55p, 37m37p37s1234567z, 48m48p48s1234567z]"
    text = case_text("""
        - turn: [0, 9m]
        - turn: [1, 6z]
        - turn: [2, 2s]
        - ron: {seat: 1, from: 2}
        """, """
        default:
          wins: {1: {han: 2, fu: 30, yaku: [tanyao, pinfu], points: 2000}}
          deltas: [0, 2000, -2000, 0]
          next: {dealer_keeps: false, honba_added: false}
          sticks: 0
        """, hands=hands)
    result = run_case(load_one(tmp_path, text), "tenhou")
    assert result.passed, result.report()
    assert result.short == "2h30f 2000"
    wrong = load_one(tmp_path, text.replace("points: 2000", "points: 2600")
                     .replace("wins: {1:", "wins: {3: {points: 1000}, 1:"))
    mismatches = run_case(wrong, "tenhou").mismatches
    assert "wins.1.points: expected 2600, got 2000" in mismatches
    assert "wins.3: seat 3 did not win (winners: 1)" in mismatches


def test_a_win_without_a_yaku_is_reported(tmp_path: Path) -> None:
    # EMA 2016 ch.4: a hand needs at least one yaku. Seat 1 pons 5p and self-draws 9s:
    # 123m 456p 678s 99s + 555p, open, with terminals: no yaku, so the win does not score
    # (the case's win is recorded without a score, so this is not a comparison with a record)
    hands = "[159m159p159s1234z, 123m456p78s99s55p1z, 37m37p37s1234567z, 48m48p48s1234567z]"
    text = case_text("""
        - turn: [0, 2m, 5p]
        - call: {seat: 1, meld: "5-55p", from: 0}
        - discard: [1, 1z]
        - turn: [2, 9m]
        - turn: [3, 9m]
        - turn: [0, 9p]
        - draw: [1, 9s]
        - tsumo: {seat: 1}
        """, "default: {illegal: score}", hands=hands)
    result = run_case(load_one(tmp_path, text), "ema-2016")
    assert result.passed, result.report()
    assert "seat 1's win does not score" in result.trace


def test_the_game_ends_after_the_last_hand_of_its_rounds(tmp_path: Path) -> None:
    # table.rules next_hand game_end: the game ends after the last hand of its last round once
    # the dealer loses the deal: East 4 in an east-only game (rounds: 1), South 4 otherwise.
    # East 4 (dealer seat 3), every hand noten at the exhaustive draw, seat 0 past 30,000 (so
    # Tenhou's West-round extension, variants.md #49, does not apply)
    hands = "[159m159p159s1234z, 268m268p268s4567z, 37m37p37s1234567z, 48m48p48s1234567z]"
    deal = ("    dora: 9m\n    dealer: 3\n    rounds: 1\n    scores: [31000, 23000, 23000, 23000]"
            "\n    wall: 0\n    discards: [5m, 6p, 5s, 4p]\n")
    text = case_text("- draw_end: {kind: exhaustive}", "default: {game_over: true}",
                     hands=hands).replace("    dora: 9p\n", deal)
    for ruleset in ("ema-2016", "tenhou"):
        result = run_case(load_one(tmp_path, text), ruleset)
        assert result.passed, result.report()
        south = load_one(tmp_path, text.replace("rounds: 1", "rounds: 2"))
        assert run_case(south, ruleset).mismatches == ("game_over: expected True, got False",)


def test_next_needs_an_ended_hand(tmp_path: Path) -> None:
    text = case_text("- turn: [0, 5p]", "default: {next: {dealer_keeps: true}}")
    assert run_case(load_one(tmp_path, text), "ema-2016").mismatches == (
        "next: the hand has not ended",)


def test_compare_events() -> None:
    actual: dict[str, Any] = {
        "legal": True, "illegal": [], "furiten": {0: [], 1: ["temporary"], 2: [], 3: []},
        "claims": {0: [], 1: ["ron"], 2: [], 3: []}, "wins": {}, "deltas": [0, -1000, 0, 0],
        "tenpai": [1], "sticks": 1,
    }
    assert compare_events({"furiten": {"1": ["temporary"]}, "claims": {1: ["ron"]},
                           "deltas": [0, -1000, 0, 0], "tenpai": [1], "sticks": 1}, actual) == []
    assert compare_events({"furiten": {1: []}}, actual) == [
        "furiten.1: expected none, got ['temporary']"]
    assert compare_events({"tenpai": [0, 1]}, actual) == [
        "tenpai: expected seats [0, 1], got [1]"]
    assert compare_events({"sticks": 0}, actual) == ["sticks: expected 0, got 1"]
    assert compare_events({"legal": False}, actual) == [
        "legal: expected the last event to raise a disagreement, but it raised none"]
    assert short_events(actual) == "+0/-1000/+0/+0"
    for name, value in (("game_over", True), ("final_points", [1.0, 0.0, 0.0, -1.0])):
        assert compare_events({name: value}, actual) == [f"{name}: the hand has not ended"]
    ended = {**actual, "game_over": False, "final_points": [30.3, 7.1, -10.4, -27.0]}
    assert compare_events({"game_over": False, "final_points": [30.3, 7.1, -10.4, -27]},
                          ended) == []
    assert compare_events({"final_points": [30.3, 7.1, -10.5, -26.9]}, ended) == [
        "final_points: expected [30.3, 7.1, -10.5, -26.9], got [30.3, 7.1, -10.4, -27.0]"]


# ------------------------------------------------------------------ a case's own rulesets


RULES = """\
{
  "id": "with-sanrenkou",
  "name": "EMA 2016 with sanrenkou",
  "source": {"rulebook": "test", "edition": "1"},
  "extends": "ema-2016",
  "parameters": {},
  "local_yaku": ["sanrenkou"]
}
"""

# examples/house-rules/README.md: a pon of 2m with 111m 333m 456s 99p won on 4s is sanrenkou,
# 2 han 40 fu (2600); without the local yaku it has no yaku
SANRENKOU = """\
- id: sanrenkou
  source: "rulesets/local/sanrenkou.rules; examples/house-rules/README.md"
  rulesets: [rules]
  win:
    hand: 111m333m456s99p
    win: 4s
    seat: S
    melds: [{type: pon, tiles: 222m, called: 2m, from: left}]
  expect:
    with-sanrenkou: {han: 2, fu: 40, yaku: [sanrenkou], points: 2600}
"""


def test_a_case_runs_under_its_own_ruleset(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "ruleset.json").write_text(RULES, encoding="utf-8")
    case = load_one(tmp_path, SANRENKOU)
    assert case.ruleset_ids == ("with-sanrenkou",)
    bundled = [load_config("ema-2016"), load_config("tenhou")]
    # no default: the bundled rulesets have no expectation, only its own ruleset runs
    assert [c.id for c in rulesets_for(case, bundled)] == ["with-sanrenkou"]
    assert rulesets_for(case, bundled, own=False) == []
    [result] = run_suite([case], bundled)
    assert result.ruleset == "with-sanrenkou" and result.passed, result.report()
    with_default = load_one(tmp_path, SANRENKOU + "    default: {error: no_yaku}\n")
    results = run_suite([with_default], bundled)
    assert [(r.ruleset, r.passed) for r in results] == [
        ("ema-2016", True), ("tenhou", True), ("with-sanrenkou", True)]


def test_own_ruleset_errors_name_their_lines(tmp_path: Path) -> None:
    text = SANRENKOU.replace("rulesets: [rules]", "rulesets: [missing]")
    found = problems(write(tmp_path, text))
    assert [line for line, _ in found] == [3, 10, 10]
    assert "rulesets[0]: no ruleset at 'missing' (a folder holding a ruleset.json" in found[0][1]
    # without the ruleset, its id and its yaku are unknown
    assert "unknown ruleset 'with-sanrenkou'" in found[1][1] + found[2][1]
    assert "unknown yaku id 'sanrenkou'" in found[1][1] + found[2][1]


def test_steps_are_plain_data() -> None:
    step = Step("draw", 0, 1, "draw: [0, 1m]")
    assert step.meld is None and step.ura == () and step.shown is None


def test_a_case_followed_step_by_step_is_the_case_played(tmp_path: Path) -> None:
    """Player follows the steps one at a time as play() does in one go: the same
    disagreements, and the same outcome."""
    case = next(c for c in load_file(resources.conformance_dir() / "kans.yaml")
                if c.id == "kokushi-robs-a-closed-kan-claims")
    assert case.deal is not None
    ema = program("ema-2016")
    whole = play(case.deal, case.steps, ema)
    player = Player(case.deal, ema, case.deal.first_drawer(case.steps))
    assert all(player.step(step) for step in case.steps)
    stepped = player.finish()
    assert stepped.disagreements == whole.disagreements
    assert observe(stepped) == observe(whole)


def test_cases_written_as_text_load_as_from_a_file(tmp_path: Path) -> None:
    """load_text checks a case a program wrote as load_file checks a file: the same case, and
    the same errors (here a tag that is not kebab-case)."""
    text = (resources.conformance_dir() / "furiten.yaml").read_text(encoding="utf-8")
    where = tmp_path / "furiten.yaml"
    where.write_text(text, encoding="utf-8")
    from_file = load_file(where)
    from_text = load_text(text, where)
    assert [c.id for c in from_text] == [c.id for c in from_file]
    assert [c.steps for c in from_text] == [c.steps for c in from_file]
    bad = ("- id: x\n  source: s\n  tags: [Not_Kebab]\n"
           "  win: {hand: 123m456p789s11122z, win: 2z}\n  expect: {default: {han: 1}}\n")
    with pytest.raises(CaseFileError):
        load_text(bad, where)
