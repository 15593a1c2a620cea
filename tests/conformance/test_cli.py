"""riichi_rules.cli.conformance: the `riichi conformance` subcommand (matrix, JSON, exit codes).

The case is EMA 2016 scoring example 2 (4 han 30 fu, 7700; a kiriage mangan, 8000, in EMA 2025:
variants.md #12).
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from riichi_rules.cli import conformance

CASES = """\
- id: example-2
  source: EMA 2016 scoring example 2
  tags: [kiriage]
  win: {hand: 22p234p123s456s789s, win: 9s, riichi: true, seat: S}
  expect:
    default: {han: 4, fu: 30, points: 7700}
    ema-2025: {points: 8000, limit: mangan}
- id: example-2-undecided
  source: EMA 2016 scoring example 2
  win: {hand: 22p234p123s456s789s, win: 9s, riichi: true, seat: S}
  expect:
    default: {points: 7700}
    ema-2025: {undecided: "for the test"}
"""

WRONG = """\
- id: wrong
  source: "derivation: deliberately wrong"
  win: {hand: 22p234p123s456s789s, win: 9s, riichi: true, seat: S}
  expect:
    default: {points: 7000}
"""


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="riichi")
    conformance.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["conformance", *argv])


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = conformance.run(parse(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    folder = tmp_path / "suite"  # beside, not above, a club's folder
    folder.mkdir()
    (folder / "a.yaml").write_text(CASES, encoding="utf-8")
    return folder


def test_options() -> None:
    args = parse(["--ruleset", "tenhou", "--ruleset", "jpml", "--tag", "x", "--json",
                  "--cases", "somewhere"])
    assert args.rulesets == ["tenhou", "jpml"]
    assert args.tags == ["x"]
    assert args.json is True
    assert args.cases == Path("somewhere")
    defaults = parse([])
    assert defaults.rulesets is None and defaults.tags is None and defaults.cases is None


def test_text_matrix_and_summary(cases: Path) -> None:
    code, out, _ = run(["--cases", str(cases), "--ruleset", "ema-2016", "--ruleset",
                        "ema-2025"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["case", "ema-2016", "ema-2025"]
    row = next(line for line in lines if line.startswith("example-2 "))
    assert "ok 4h30f 7700" in row and "ok 4h mangan 8000" in row
    row = next(line for line in lines if line.startswith("example-2-undecided"))
    assert "-- undecided" in row
    assert lines[-1] == "3 passed, 0 failed, 1 skipped"


def test_failures_exit_1_with_details(cases: Path) -> None:
    (cases / "b.yaml").write_text(WRONG, encoding="utf-8")
    code, out, _ = run(["--cases", str(cases), "--ruleset", "ema-2016"])
    assert code == 1
    assert "FAIL 4h30f 7700" in out
    assert "points: expected 7000, got 7700" in out
    assert "engine explanation:" in out
    assert out.splitlines()[-1] == "2 passed, 1 failed"


def test_broken_file_exits_1_and_is_listed(cases: Path) -> None:
    (cases / "c.yaml").write_text("- id: [\n", encoding="utf-8")
    code, out, _ = run(["--cases", str(cases), "--ruleset", "ema-2016"])
    assert code == 1
    assert "Broken case files:" in out and "c.yaml:" in out
    assert out.splitlines()[-1] == "2 passed, 0 failed, 1 broken case file(s)"


def test_json_output(cases: Path) -> None:
    (cases / "b.yaml").write_text(WRONG, encoding="utf-8")
    code, out, _ = run(["--cases", str(cases), "--ruleset", "ema-2016", "--ruleset",
                        "ema-2025", "--json"])
    assert code == 1
    data = json.loads(out)
    assert data["cases"] == 3
    assert data["rulesets"] == ["ema-2016", "ema-2025"]
    assert (data["passed"], data["failed"], data["skipped"]) == (3, 2, 1)
    assert data["errors"] == []
    assert len(data["results"]) == 6
    wrong = [r for r in data["results"] if r["case"] == "wrong"]
    assert {r["status"] for r in wrong} == {"failed"}
    assert all("trace" in r and r["mismatches"] for r in wrong)
    ok = next(r for r in data["results"] if r["case"] == "example-2"
              and r["ruleset"] == "ema-2025")
    assert ok["status"] == "passed" and ok["actual"]["points"] == 8000 and "trace" not in ok


def test_tag_filter(cases: Path) -> None:
    code, out, _ = run(["--cases", str(cases), "--ruleset", "ema-2016", "--tag", "kiriage",
                        "--json"])
    data = json.loads(out)
    assert code == 0 and data["cases"] == 1
    assert [r["case"] for r in data["results"]] == ["example-2"]


def test_unknown_ruleset(cases: Path) -> None:
    code, out, err = run(["--cases", str(cases), "--ruleset", "tenhuo"])
    assert code == 1 and out == ""
    assert "cannot load a ruleset" in err


def test_ruleset_given_as_a_path(cases: Path) -> None:
    from riichi_rules import resources

    path = resources.rulesets_dir() / "ema-2025" / "ruleset.json"
    code, out, _ = run(["--cases", str(cases), "--ruleset", str(path), "--json"])
    assert code == 0
    assert json.loads(out)["rulesets"] == ["ema-2025"]


def test_through_the_riichi_command(cases: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main = pytest.importorskip("riichi_rules.cli").main
    code = main(["conformance", "--cases", str(cases), "--ruleset", "ema-2025", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["passed"] == 1


# ---- a ruleset that extends another: the expectations it takes, the changes it makes ------

# A club ruleset on ema-2016 that switches kiriage on (EMA 2025's rule: 4 han 30 fu is a
# mangan, 8000, [senegrom-mahjong]); it takes ema-2016's expectations of the cases above.
KIRIAGE_CLUB = {"id": "kiriage-club", "name": "A test club", "extends": "ema-2016",
                "parameters": {"kiriage": True},
                "source": {"rulebook": "a test club", "edition": "2026"}}


def _club(tmp_path: Path, ruleset: dict[str, object], cases: str | None = None) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "ruleset.json").write_text(json.dumps(ruleset), encoding="utf-8")
    if cases is not None:
        (folder / "cases").mkdir()
        (folder / "cases" / "own.yaml").write_text(cases, encoding="utf-8")
    return folder


def test_a_change_of_the_club_is_shown_with_its_cause(cases: Path, tmp_path: Path) -> None:
    club = _club(tmp_path, KIRIAGE_CLUB)
    code, out, _ = run(["--cases", str(cases), "--ruleset", str(club)])
    assert code == 0, out  # a difference the club's own change explains is not a failure
    assert "example-2 under kiriage-club" in out
    assert "differs from ema-2016" in out and "[rule.kiriage]" in out
    assert "0 passed, 0 failed, 2 changed by the ruleset's own rules" in out
    code, out, _ = run(["--cases", str(cases), "--ruleset", str(club), "--json"])
    assert json.loads(out)["changed"] == 2 and json.loads(out)["failed"] == 0


def test_a_failure_no_change_explains_stays_a_failure(tmp_path: Path) -> None:
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "wrong.yaml").write_text(WRONG, encoding="utf-8")
    club = _club(tmp_path, {**KIRIAGE_CLUB, "parameters": {}})  # changes nothing
    code, out, _ = run(["--cases", str(tmp_path / "cases"), "--ruleset", str(club)])
    assert code == 1
    assert "0 passed, 1 failed" in out and "changed" not in out.splitlines()[-1]


def test_the_club_folder_brings_its_own_cases(cases: Path, tmp_path: Path) -> None:
    own = CASES.replace("example-2", "club-example-2").replace("ema-2025:", "kiriage-club:")
    club = _club(tmp_path, KIRIAGE_CLUB, own)
    code, out, _ = run(["--cases", str(cases), "--ruleset", str(club), "--json"])
    assert code == 0
    report = json.loads(out)
    by_case = {r["case"]: r["status"] for r in report["results"]}
    # its own cases state the club's outcome (8000, kiriage): passed, not changed
    assert by_case["club-example-2"] == "passed"
    assert by_case["club-example-2-undecided"] == "skipped"
    assert by_case["example-2"] == "changed"


def test_a_club_case_may_not_reuse_an_id(cases: Path, tmp_path: Path) -> None:
    club = _club(tmp_path, KIRIAGE_CLUB, CASES)
    code, out, _ = run(["--cases", str(cases), "--ruleset", str(club)])
    assert code == 1
    assert "case id 'example-2' is already used at" in out
