"""``riichi compare A B C ...``: the parameters, yaku and conformance cases on which three or
more rulesets do not all agree, one column per ruleset."""

from __future__ import annotations

import json

import pytest

from compare_cases import bundled, clause_line, expected_outcome
from riichi_rules.cli import main
from riichi_rules.comparison.matrix import matrix
from riichi_rules.comparison.render import render_matrix_markdown, render_matrix_text
from riichi_rules.conformance.cases import Case

IDS = ("ema-2016", "ema-2025", "wrc-2025")


@pytest.fixture(scope="module")
def suite() -> list[Case]:
    return bundled("multiple-ron.yaml", "riichi.yaml", "limits.yaml")


def test_the_rows_where_not_all_agree(suite: list) -> None:  # type: ignore[type-arg]
    m = matrix(list(IDS), suite=suite)
    assert m.rulesets == IDS
    params = {p.name: p.values for p in m.parameters}
    # variants.md #12: no kiriage at EMA 2016, kiriage at EMA 2025 and WRC 2025; #24: a head
    # bump at WRC 2025 only
    assert params["kiriage"] == (False, True, True)
    assert params["multiple_ron"][0] == params["multiple_ron"][1] != params["multiple_ron"][2]
    assert "riichi_deposit" not in params  # 1000 in all three (variants.md #1-#4)
    rows = {r.case: r for r in m.cases}
    by_id = {c.id: c for c in suite}
    # each cell is the case's own expectation under that ruleset
    for name in ("multiple-ron-double", "riichi-with-one-tile-left"):
        row = rows[name]
        assert row.kind == "referee"
        assert row.cells == tuple(expected_outcome(by_id[name], r) for r in IDS)
    double = rows["multiple-ron-double"]
    assert double.cells[2] == "illegal_ron" and double.why[1] == ()
    (reason,) = double.why[2]
    assert reason.origin == clause_line("claim ron", "up to")
    assert reason.parameters == ("multiple_ron",)
    # variants.md #36: four tiles at EMA 2016, one at EMA 2025, none at WRC 2025
    riichi = rows["riichi-with-one-tile-left"]
    assert riichi.cells == ("illegal_riichi", "legal", "legal")
    for why in riichi.why[1:]:
        (reason,) = why
        assert reason.origin == clause_line("riichi_rule declare", "allow")
        assert reason.parameters == ("riichi_min_wall_tiles",)
    # conformance/limits.yaml: 3 han 60 fu, 7700 without kiriage, 8000 with it
    kiriage = rows["limit-3-han-60-fu-kiriage"]
    case = by_id[kiriage.case]
    expectations = [case.expectation(r) for r in IDS]
    points = [e.fields["points"] for e in expectations if e is not None]
    assert kiriage.kind == "scoring"
    assert kiriage.cells == tuple(f"3h60f {p}" for p in points) == (
        "3h60f 7700", "3h60f 8000", "3h60f 8000")
    assert all("rule.kiriage" in str(r) for why in kiriage.why[1:] for r in why)
    # a case every ruleset decides alike is no row (variants.md #24: the nearest winner alone)
    assert "multiple-ron-head-bump-nearest-wins" in by_id
    assert "multiple-ron-head-bump-nearest-wins" not in rows
    assert m.cases_compared == len(suite)
    assert m.referee_compared == sum(1 for c in suite if c.events is not None)


def test_the_json_shape(suite: list) -> None:  # type: ignore[type-arg]
    out = matrix(list(IDS), suite=suite).to_json()
    assert set(out) == {"rulesets", "parameters", "yaku", "cases_compared",
                        "cases_compared_by_kind", "cases"}
    assert out["rulesets"] == list(IDS)
    kiriage = next(p for p in out["parameters"] if p["name"] == "kiriage")
    assert kiriage["values"] == {"ema-2016": False, "ema-2025": True, "wrc-2025": True}
    double = next(c for c in out["cases"] if c["case"] == "multiple-ron-double")
    assert set(double) == {"case", "kind", "location", "source", "outcomes", "reasons"}
    assert double["kind"] == "referee" and list(double["outcomes"]) == list(IDS)
    assert double["outcomes"]["wrc-2025"] == "illegal_ron"
    assert list(double["reasons"]) == ["wrc-2025"]  # only where it differs from the first
    assert double["reasons"]["wrc-2025"][0].endswith(
        f"({clause_line('claim ron', 'up to')}) [rule.multiple_ron]")
    json.dumps(out)


def test_text_and_markdown(suite: list) -> None:  # type: ignore[type-arg]
    m = matrix(list(IDS), suite=suite)
    text = render_matrix_text(m)
    assert text.splitlines()[0] == " | ".join(IDS)
    double = next(r for r in m.cases if r.case == "multiple-ron-double")
    row = next(line for line in text.splitlines() if line.strip().startswith(
        "multiple-ron-double "))
    assert row.endswith(f"illegal_ron   ({double.location})")
    assert row.count(double.cells[0]) == 2  # the same under EMA 2016 and EMA 2025
    assert "      wrc-2025: claim ron, up to: " in text
    markdown = render_matrix_markdown(m)
    assert f"| case | {' | '.join(IDS)} | why |" in markdown
    assert "| `kiriage` | no | yes | yes |" in markdown


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", *IDS, "--no-cases", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rulesets"] == list(IDS) and out["cases"] == []
    assert main(["compare", *IDS, "--no-cases", "--markdown"]) == 0
    assert "| `kiriage` | no | yes | yes |" in capsys.readouterr().out
    assert main(["compare", "ema-2016"]) == 2
    assert "two rulesets or more" in capsys.readouterr().err
    assert main(["compare", "ema-2016", "ema-2025", "ema-2016", "--no-cases"]) == 1
    assert "given twice" in capsys.readouterr().err
    assert main(["compare", *IDS, "nonexistent-ruleset", "--no-cases"]) == 1
