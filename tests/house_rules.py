"""A club's house ruleset written for a test: its ruleset.json, extending a bundled ruleset,
and (when given) one rule file of its own, house.rules."""

from __future__ import annotations

import json
from pathlib import Path


def house_ruleset(folder: Path, rules: str = "", extends: str = "tenhou",
                  **fields: object) -> Path:
    """``folder`` holding the house ruleset (made if need be): id ``house``, its ``rules``
    text as house.rules, and any other fields of ruleset.json (``parameters``, ``yaku``,
    ``name`` ...)."""
    folder.mkdir(parents=True, exist_ok=True)
    data: dict[str, object] = {"id": "house", "name": "House",
                               "source": {"rulebook": "house", "edition": "1"},
                               "extends": extends}
    if rules:
        (folder / "house.rules").write_text(rules, encoding="utf-8")
        data["rules"] = ["house.rules"]
    data.update(fields)
    (folder / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    return folder
