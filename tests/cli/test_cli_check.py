"""`riichi check`: rule files on their own, rulesets (id, folder, ruleset.json), folders of
rule files, the diagnostics format and the exit status. (The catalogue of rule-file mistakes
is tests/language/test_check_catalogue.py.)"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.rulesets.config import bundled_ids

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

HOUSE_SOURCE = {"rulebook": "house rules", "edition": "1"}


def _ruleset(folder: Path, rules: dict[str, str], **fields: object) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in rules.items():
        (folder / name).write_text(text, encoding="utf-8")
    data = {"id": "house", "name": "House rules", "source": HOUSE_SOURCE, "extends": "ema-2016",
            "rules": list(rules), **fields}
    (folder / "ruleset.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def test_every_bundled_ruleset_is_clean(riichi: RunCli) -> None:
    ids = bundled_ids()
    assert "ema-2016" in ids
    run = riichi("check", *ids)
    assert run.status == 0, run.out
    assert [line.split(":")[1].strip() for line in run.lines] == list(ids)
    assert all(line.startswith("ok: ") for line in run.lines)


def test_ruleset_summary(riichi: RunCli) -> None:
    run = riichi("check", "ema-2025")
    assert run.status == 0
    # the chain comes from rulesets/ema-2025/ruleset.json ("extends": "ema-2016") and
    # rulesets/ema-2016/ruleset.json ("extends": "base")
    assert "base -> ema-2016 -> ema-2025" in run.out
    assert re.search(r"\d+ yaku, \d+ yakuman", run.out)


def test_ruleset_by_folder_and_by_file(riichi: RunCli) -> None:
    folder = resources.rulesets_dir() / "tenhou"
    assert riichi("check", str(folder)).status == 0
    assert riichi("check", str(folder / "ruleset.json")).status == 0


def test_rule_file_on_its_own(riichi: RunCli) -> None:
    path = resources.rulesets_dir() / "base" / "yaku.rules"
    declared = len(re.findall(r"^(?:override\s+)?yaku\s", path.read_text(), re.MULTILINE))
    run = riichi("check", str(path))
    assert run.status == 0, run.out
    assert run.out.strip() == f"ok: {path}: {declared} declarations ({declared} yaku)"


def test_house_ruleset_ok(riichi: RunCli, tmp_path: Path) -> None:
    folder = _ruleset(tmp_path / "house", {"house.rules": (
        "override yaku pinfu \"Pinfu\" {\n"
        "    han 1 closed\n"
        "    when form is standard and every set is chow and wait is two_sided\n"
        "    source \"house rule: a value pair is allowed\"\n"
        "}\n"
    )})
    run = riichi("check", str(folder))
    assert run.status == 0, run.out
    assert run.out.startswith(f"ok: {folder}: House rules (base -> ema-2016 -> house)")


def test_every_problem_is_reported(riichi: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "two.rules"
    path.write_text(
        "yaku a \"A\" {\n"  # 1
        "    han 1 closed\n"  # 2
        "    when every set is chwo\n"  # 3: 'chwo' at column 23
        "}\n"  # 4
        "yaku b \"B\" {\n"  # 5
        "    han 1 closed\n"  # 6
        "    when rule.kuitann\n"  # 7: 'rule.kuitann' at column 10
        "}\n",
        encoding="utf-8",
    )
    run = riichi("check", str(path))
    assert run.status == 1
    heads = [line for line in run.lines if line.startswith(str(path) + ":")]
    assert heads[0].startswith(f"{path}:3:23: unknown name 'chwo'")
    assert heads[1].startswith(f"{path}:7:10: unknown parameter 'rule.kuitann'")
    assert run.lines[-1] == f"{path}: 2 problems"


def test_config_error_points_at_the_json(riichi: RunCli, tmp_path: Path) -> None:
    folder = _ruleset(tmp_path / "house", {}, parameters={"kuitann": True})
    # json.dumps(indent=2): "parameters" opens on line 10, its key "kuitann" is line 11,
    # indented 4 spaces -> column 5
    text = (folder / "ruleset.json").read_text().splitlines()
    assert text[10].strip().startswith('"kuitann"')
    run = riichi("check", str(folder))
    assert run.status == 1
    assert "ruleset.json:11:5: parameters.kuitann: unknown parameter 'kuitann'" in run.out
    assert "hint: did you mean 'kuitan'?" in run.out


def test_ruleset_with_a_broken_rule_file(riichi: RunCli, tmp_path: Path,
                                         monkeypatch: Any) -> None:
    _ruleset(tmp_path / "house", {"house.rules": (
        "yaku four_chows \"Four chows\" {\n"
        "    han 1 closed\n"
        "    when count(sets where chow) == 4 and wait is two_side\n"  # column 50
        "}\n"
    )})
    monkeypatch.chdir(tmp_path)
    run = riichi("check", "house")
    assert run.status == 1
    assert run.lines[0].startswith("house/house.rules:3:50: 'two_side' is not a wait")
    assert run.lines[-1] == "house: 1 problem"


def test_mixed_paths(riichi: RunCli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("yakuu a \"A\" {\n    han 1 closed\n    when tsumo\n}\n", encoding="utf-8")
    run = riichi("check", "ema-2016", str(bad), "wrc-2025")
    assert run.status == 1
    assert run.lines[0].startswith("ok: ema-2016: ")
    assert run.lines[1].startswith(f"{bad}:1:1: unknown kind of declaration 'yakuu'")
    assert run.lines[-1].startswith("ok: wrc-2025: ")


def test_missing_things(riichi: RunCli, tmp_path: Path) -> None:
    missing = riichi("check", str(tmp_path / "nope.rules"))
    assert missing.status == 1
    assert "no such file" in missing.out
    unknown = riichi("check", "ema-2061")
    assert unknown.status == 1
    assert "did you mean 'ema-2016'?" in unknown.out
    assert riichi("check").status == 2  # no PATH: usage error


def test_folder_of_rule_files(riichi: RunCli, tmp_path: Path) -> None:
    (tmp_path / "a.rules").write_text("yaku a \"A\" {\n    han 1 closed\n    when tsumo\n}\n")
    (tmp_path / "b.rules").write_text("yaku b \"B\" {\n    han 1 closed\n    when tsumoo\n}\n")
    run = riichi("check", str(tmp_path))
    assert run.status == 1
    assert run.lines[0] == f"ok: {tmp_path / 'a.rules'}: 1 declaration (1 yaku)"
    assert run.lines[1].startswith(f"{tmp_path / 'b.rules'}:3:10: unknown name 'tsumoo'")


def test_json_output(riichi: RunCli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("yaku a \"A\" {\n    hann 1\n    when tsumo\n}\n", encoding="utf-8")
    run = riichi("check", "--json", "ema-2016", str(bad))
    assert run.status == 1
    ok, broken = run.json_lines()
    assert (ok["path"], ok["kind"], ok["ok"], ok["diagnostics"]) == (
        "ema-2016", "ruleset", True, [])
    assert (broken["path"], broken["kind"], broken["ok"]) == (str(bad), "rules", False)
    (diagnostic,) = broken["diagnostics"]
    assert (diagnostic["line"], diagnostic["column"]) == (2, 5)
    assert diagnostic["source_line"] == "    hann 1"
    assert diagnostic["hint"] == "did you mean 'han'?"


def test_check_as_a_process(riichi_process: RunCli) -> None:
    mistake = Path(__file__).parents[1] / "language" / "mistakes" / "unknown_name.rules"
    run = riichi_process("check", str(mistake))
    assert run.status == 1
    assert f"{mistake}:6:23: unknown name 'chwo'" in run.out
    assert "    hint: did you mean 'chow'?" in run.out


def test_check_sources_finds_every_citation_resolved(riichi: RunCli) -> None:
    from riichi_rules.rulesets.sources import load_sources

    run = riichi("check", "--sources")
    assert run.status == 0, run.out
    assert run.lines == [f"ok: {resources.rulesets_dir() / 'sources.json'}: "
                         f"{len(load_sources())} sources, every one cited, every citation "
                         "resolves"]
    report = riichi("check", "--sources", "--json").json()
    assert report["ok"] is True and report["problems"] == []


def test_check_without_a_path_or_sources_is_a_usage_error(riichi: RunCli) -> None:
    run = riichi("check")
    assert run.status == 2 and "give a PATH, or --sources" in run.err
