"""riichi_rules.conformance.runner: running a case under a ruleset, comparing outcomes.

The hands and figures here come from EMA 2016 scoring example 2 (9s ron, riichi + pinfu +
ittsu = 4 han 30 fu: 7700 for a non-dealer; kiriage rulesets round it to a mangan, variants.md
#12) and from derivations written next to them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from riichi_rules.conformance.cases import Case
from riichi_rules.conformance.runner import (
    FAILED,
    PASSED,
    SKIPPED,
    compare,
    run_case,
    run_suite,
    short,
)

EXAMPLE_2 = {"hand": "22p234p123s456s789s", "win": "9s", "riichi": True, "seat": "S"}


def make_case(expect: dict[str, Any], win: dict[str, Any] | None = None,
              tags: tuple[str, ...] = (), events: tuple[Any, ...] | None = None) -> Case:
    return Case(
        id="t", source="EMA 2016 scoring example 2", tags=tags,
        win=EXAMPLE_2 if win is None and events is None else win, events=events,
        expect=expect, notes="", file=Path("t.yaml"), line=1,
    )


# ------------------------------------------------------------------ compare


def test_compare_only_the_stated_fields() -> None:
    actual = {"han": 4, "fu": 30, "points": 7700, "limit": None}
    assert compare({"points": 7700}, actual) == []
    assert compare({}, actual) == []
    assert compare({"han": 4, "fu": 40}, actual) == ["fu: expected 40, got 30"]
    assert compare({"limit": None}, actual) == []
    assert compare({"limit": "mangan"}, actual) == ["limit: expected 'mangan', got None"]


def test_compare_yaku_as_an_exact_set() -> None:
    actual = {"yaku": ["riichi", "pinfu", "ittsu"]}
    assert compare({"yaku": ["ittsu", "riichi", "pinfu"]}, actual) == []
    [problem] = compare({"yaku": ["riichi", "pinfu", "tanyao"]}, actual)
    assert "missing tanyao" in problem and "unexpected ittsu" in problem


def test_compare_yaku_han_only_for_the_listed_ids() -> None:
    actual = {"yaku_han": {"riichi": 1, "pinfu": 1, "ittsu": 2}}
    assert compare({"yaku_han": {"ittsu": 2}}, actual) == []
    assert compare({"yaku_han": {"ittsu": 1}}, actual) == ["yaku_han.ittsu: expected 1 han, got 2"]
    [problem] = compare({"yaku_han": {"dora": 1}}, actual)
    assert "did not score" in problem


def test_compare_payments_in_any_order_with_honba_default_zero() -> None:
    actual = {"payments": [{"from": "E", "points": 4000, "honba": 0},
                           {"from": "W", "points": 2000, "honba": 0},
                           {"from": "N", "points": 2000, "honba": 0}]}
    expected = [{"from": "N", "points": 2000}, {"from": "E", "points": 4000},
                {"from": "W", "points": 2000}]
    assert compare({"payments": expected}, actual) == []
    [problem] = compare({"payments": expected[:2]}, actual)
    assert problem.startswith("payments: expected")


def test_compare_errors() -> None:
    assert compare({"error": "no_yaku"}, {"error": "no_yaku"}) == []
    assert compare({"error": "no_yaku"}, {"error": "not_a_win"}) == [
        "error: expected 'no_yaku', got 'not_a_win'"]
    [problem] = compare({"error": "no_yaku"}, {"han": 1, "fu": 30, "points": 1000})
    assert "but it scored 1h30f 1000" in problem
    assert compare({"han": 1}, {"error": "no_yaku"}) == [
        "the scorer refused the hand with 'no_yaku'"]


def test_short_outcomes() -> None:
    assert short({"han": 4, "fu": 30, "points": 7700, "limit": None, "yakuman": 0}) == \
        "4h30f 7700"
    assert short({"han": 5, "fu": 30, "points": 8000, "limit": "mangan", "yakuman": 0}) == \
        "5h mangan 8000"
    assert short({"han": 0, "points": 32000, "limit": "yakuman", "yakuman": 1}) == \
        "yakuman 32000"
    assert short({"points": 64000, "yakuman": 2}) == "x2 yakuman 64000"
    assert short({"error": "no_yaku"}) == "error no_yaku"


# ------------------------------------------------------------------ run_case


def test_run_case_passes_with_the_examples_figures() -> None:
    case = make_case({"default": {"han": 4, "fu": 30, "yaku": ["riichi", "pinfu", "ittsu"],
                                  "points": 7700}})
    result = run_case(case, "ema-2016")
    assert result.status == PASSED and result.passed
    assert result.ruleset == "ema-2016"
    assert result.expected == {"han": 4, "fu": 30, "yaku": ["riichi", "pinfu", "ittsu"],
                               "points": 7700}
    assert result.actual["points"] == 7700
    assert "Pure straight" in result.trace and "yaku.rules" in result.trace  # explain()
    assert result.short == "4h30f 7700"


def test_run_case_reports_mismatches_and_the_explanation() -> None:
    case = make_case({"default": {"points": 7700}})
    result = run_case(case, "ema-2025")  # kiriage: a mangan (variants.md #12)
    assert result.status == FAILED and not result.passed
    assert result.mismatches == ("points: expected 7700, got 8000",)
    report = result.report()
    assert "t under ema-2025 (t.yaml:1): failed" in report
    assert "expected: points=7700" in report and "actual:   points=8000" in report
    assert "engine explanation:" in report and "mangan" in report


def test_run_case_uses_the_ruleset_override() -> None:
    case = make_case({"default": {"points": 7700},
                      "ema-2025": {"points": 8000, "limit": "mangan",
                                   "source": "variants.md #12"}})
    result = run_case(case, "ema-2025")
    assert result.passed, result.report()
    assert result.expected == {"points": 8000, "limit": "mangan"}
    assert result.expected_source == "variants.md #12"


def test_run_case_with_an_expected_error() -> None:
    no_yaku = {"hand": "234m678m123p567s99s", "win": "2p", "seat": "S"}
    case = make_case({"default": {"error": "no_yaku"}}, win=no_yaku)
    result = run_case(case, "tenhou")
    assert result.passed
    assert result.actual == {"error": "no_yaku"}
    assert result.trace.startswith("InputError no_yaku:")
    wrong = run_case(make_case({"default": {"han": 1}}, win=no_yaku), "tenhou")
    assert wrong.failed and wrong.short == "error no_yaku"


def test_run_case_skips_undecided_and_missing_expectations() -> None:
    undecided = run_case(make_case({"default": {"points": 7700},
                                    "jpml": {"undecided": "no source"}}), "jpml")
    assert undecided.status == SKIPPED and undecided.reason == "undecided: no source"
    assert undecided.short == "undecided"
    # an events case built without its deal (not through the loader) cannot run
    events = run_case(make_case({"default": {"legal": True}}, events=({"draw": [0, "1m"]},)),
                      "ema-2016")
    assert events.failed and "could not be read" in events.mismatches[0]
    missing = run_case(make_case({"tenhou": {"points": 7700}}), "ema-2016")
    assert missing.skipped and "no expectation" in missing.reason


def test_run_case_accepts_a_ruleset_path() -> None:
    from riichi_rules import resources

    path = resources.rulesets_dir() / "tenhou" / "ruleset.json"
    result = run_case(make_case({"default": {"points": 7700}}), path)
    assert result.ruleset == "tenhou" and result.passed


def test_run_suite_filters_by_tag() -> None:
    a = make_case({"default": {"points": 7700}}, tags=("kiriage",))
    b = make_case({"default": {"points": 7700}}, tags=("other",))
    results = run_suite([a, b], ["ema-2016", "tenhou"], tags=["kiriage"])
    assert [(r.case.tags, r.ruleset) for r in results] == [
        (("kiriage",), "ema-2016"), (("kiriage",), "tenhou")]
    assert len(run_suite([a, b], ["ema-2016"])) == 2


def test_to_json() -> None:
    result = run_case(make_case({"default": {"points": 7000}}), "ema-2016")
    data = result.to_json(trace=True)
    assert data["case"] == "t" and data["status"] == "failed"
    assert data["expected"] == {"points": 7000} and data["actual"]["points"] == 7700
    assert data["mismatches"] == ["points: expected 7000, got 7700"]
    assert "trace" in data and "trace" not in result.to_json()


def test_a_dated_case_runs_at_its_date() -> None:
    # conformance/game-end.yaml: the same South 4 draw (the dealer alone tenpai, first with
    # 31,000 after the payments) on 2010-06-01 and on 2010-06-02, around Tenhou's tenpai-yame
    # of June 2010 (ruleset tenhou, history of tenpai_yame)
    from riichi_rules.conformance.cases import load_suite
    from riichi_rules.conformance.runner import at_case_date
    from riichi_rules.rulesets.config import load_config

    cases = {c.id: c for c in load_suite().cases}
    before = cases["game-end-tenpai-yame-tenhou-before-june-2010"]
    after = cases["game-end-tenpai-yame-tenhou-from-june-2010"]
    assert str(before.date) == "2010-06-01" and str(after.date) == "2010-06-02"
    tenhou = load_config("tenhou")
    assert at_case_date(before, tenhou).parameters["tenpai_yame"] is False
    assert at_case_date(after, tenhou).parameters["tenpai_yame"] is True
    for case in (before, after):
        result = run_case(case, "tenhou")
        assert result.passed, result.report()
    # a ruleset named with a date of its own keeps it: tenhou as of 2009 plays on after the
    # draw of 2010-06-02, which the case does not expect
    pinned = load_config("tenhou@2009-06-01")
    assert at_case_date(after, pinned) is pinned
    assert run_case(after, pinned).failed


def test_a_case_runs_at_tables_of_its_players() -> None:
    # a four-player case is not run under a three-player ruleset, nor a three-player case under
    # a four-player one (conformance/sanma.yaml), unless the case says it holds at either
    from dataclasses import replace

    from riichi_rules.conformance.runner import rulesets_for
    from riichi_rules.rulesets.config import load_config

    configs = [load_config("tenhou"), load_config("tenhou-sanma")]
    four = make_case({"default": {"points": 7700}})
    three = replace(four, players=(3,))
    either = replace(four, players=(3, 4))
    assert [c.id for c in rulesets_for(four, configs)] == ["tenhou"]
    assert [c.id for c in rulesets_for(three, configs)] == ["tenhou-sanma"]
    assert [c.id for c in rulesets_for(either, configs)] == ["tenhou", "tenhou-sanma"]
    assert [r.ruleset for r in run_suite([four, three], ["tenhou", "tenhou-sanma"])] == [
        "tenhou", "tenhou-sanma"]
