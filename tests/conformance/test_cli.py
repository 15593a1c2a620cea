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
    (tmp_path / "a.yaml").write_text(CASES, encoding="utf-8")
    return tmp_path


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
