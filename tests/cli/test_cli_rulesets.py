"""`riichi rulesets`: every bundled ruleset, with what its ruleset.json says."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from riichi_rules import resources

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py


def _bundled() -> dict[str, dict[str, Any]]:
    """Each bundled ruleset.json as written (base excluded: it is not a ruleset to play)."""
    out = {}
    for path in sorted(resources.rulesets_dir().glob("*/ruleset.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["id"] != "base":
            out[data["id"]] = data
    return out


def test_json_lists_every_bundled_ruleset(riichi: RunCli) -> None:
    run = riichi("rulesets", "--json")
    assert run.status == 0
    listed = {row["id"]: row for row in run.json()}
    files = _bundled()
    assert set(listed) == set(files)
    assert {"ema-2016", "ema-2025", "wrc-2022", "wrc-2025", "tenhou", "mahjong-soul",
            "m-league", "jpml"} <= set(listed)
    for ruleset_id, data in files.items():
        row = listed[ruleset_id]
        assert row["name"] == data["name"]
        assert row["source"] == data["source"]
        assert row["extends"] == data.get("extends")


def test_text_table(riichi: RunCli) -> None:
    run = riichi("rulesets")
    assert run.status == 0
    header, *rows = run.lines
    assert header.split()[:3] == ["ID", "EXTENDS", "NAME"]
    files = _bundled()
    assert [row.split()[0] for row in rows] == sorted(files)
    for row in rows:
        data = files[row.split()[0]]
        assert row.split()[1] == data.get("extends", "-")
        assert data["name"] in row
        assert data["source"]["rulebook"] in row
