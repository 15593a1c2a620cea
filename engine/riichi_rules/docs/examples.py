"""The worked examples of the yaku pages: the conformance cases whose expected yaku under a
ruleset include a yaku, and whether the engine agrees with each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules import resources
from riichi_rules.rulesets.config import RulesetConfig


@dataclass(frozen=True)
class _Example:
    id: str
    source: str
    win: Mapping[str, Any]
    fields: Mapping[str, Any]
    location: str
    case: Any  # the conformance Case (for the runner), or None


def _load_cases() -> list[Any]:
    """The conformance cases: through the conformance loader when it is there, else read
    straight from the YAML files. Files that do not load are left out (``riichi conformance``
    reports them)."""
    try:
        from riichi_rules.conformance.cases import load_suite
    except ImportError:  # pragma: no cover - the loader ships with the package
        return _read_cases_directly()
    return list(load_suite().cases)


@dataclass(frozen=True)
class _PlainCase:
    id: str
    source: str
    win: Mapping[str, Any] | None
    expect: Mapping[str, Mapping[str, Any]]
    location: str

    def expectation(self, ruleset_id: str) -> Any:
        default = dict(self.expect.get("default") or {})
        override = self.expect.get(ruleset_id)
        if override is not None and "undecided" in override:
            return None
        fields = {**default, **(override or {})}
        return _PlainExpectation(fields) if fields else None


@dataclass(frozen=True)
class _PlainExpectation:
    fields: Mapping[str, Any]
    undecided: str | None = None


def _read_cases_directly() -> list[Any]:  # pragma: no cover - fallback
    import yaml

    root = resources.conformance_dir()
    out: list[Any] = []
    for path in sorted(root.rglob("*.yaml")):
        if "schema" in path.relative_to(root).parts:
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        for item in data if isinstance(data, list) else []:
            if isinstance(item, dict) and "id" in item and "expect" in item:
                out.append(_PlainCase(str(item["id"]), str(item.get("source", "")),
                                      item.get("win"), item["expect"], path.name))
    return out


def _examples_for(cases: Sequence[Any], ruleset_id: str) -> dict[str, list[_Example]]:
    """yaku id -> the cases whose expected yaku under this ruleset include it."""
    out: dict[str, list[_Example]] = {}
    for case in cases:
        if case.win is None:
            continue
        expectation = case.expectation(ruleset_id)
        if expectation is None or getattr(expectation, "undecided", None) is not None:
            continue
        fields = expectation.fields
        for yaku_id in fields.get("yaku", ()) or ():
            out.setdefault(yaku_id, []).append(_Example(
                case.id, str(case.source), case.win, fields, str(case.location), case))
    return out


def _engine_agrees(example: _Example, config: RulesetConfig) -> bool | None:
    try:
        from riichi_rules.conformance.runner import run_case
    except ImportError:  # pragma: no cover
        return None
    if example.case is None or not hasattr(example.case, "events"):
        return None
    try:
        return bool(run_case(example.case, config).passed)
    except Exception:  # a broken case must not stop the docs build
        return None

