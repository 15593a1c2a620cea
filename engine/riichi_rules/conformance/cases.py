"""Conformance case files: load them and check them, each problem at its file and line.

A case file is a YAML list of cases (``conformance/*.yaml``), validated by the JSON Schema
``conformance/schema/case.schema.json`` and then by the checks the schema cannot express:
case ids unique across the suite, ``expect`` keys naming known rulesets, yaku ids that some
bundled ruleset declares, duplicate YAML keys (which YAML itself silently drops).

The YAML is composed into nodes first (``yaml.compose``-style), so a JSON path reported by the
schema validator is walked down the node tree to the line and column it was written at.
A file is loaded whole or not at all: every problem in it is collected into one
:class:`CaseFileError`, and the other files of a suite still load.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError, best_match  # type: ignore[import-untyped]

from riichi_rules import resources
from riichi_rules.errors import Diagnostic, DiagnosticError, did_you_mean

__all__ = [
    "DEFAULT",
    "OUTCOME_FIELDS",
    "Case",
    "CaseFileError",
    "Expectation",
    "Suite",
    "case_files",
    "is_case_file",
    "known_ruleset_ids",
    "known_yaku_ids",
    "load_file",
    "load_suite",
    "schema_file",
]

DEFAULT = "default"
"""The ``expect`` key whose outcome applies to every ruleset without an override."""

OUTCOME_FIELDS = (
    "han", "fu", "yakuman", "limit", "yaku", "yaku_han", "points", "payments",
    "winner_receives", "error",
)
"""The fields an outcome may state; only the stated ones are compared."""

_DORA_IDS = frozenset({"dora", "ura_dora", "aka_dora"})
_SUFFIXES = (".yaml", ".yml")

PathKey = tuple[str | int, ...]


class CaseFileError(DiagnosticError):
    """Problems in one conformance case file (each names the file, line and column)."""

    def __init__(self, file: Path, diagnostics: Sequence[Diagnostic]) -> None:
        self.file = file
        super().__init__(diagnostics)


@dataclass(frozen=True, slots=True)
class Expectation:
    """What one ruleset must produce for a case: the outcome fields to compare, or the reason
    the ruleset cannot decide the case."""

    fields: Mapping[str, Any]
    undecided: str | None = None
    source: str | None = None


@dataclass(frozen=True)
class Case:
    """One conformance case, as written (``win`` is the DESIGN.md JSON form of a win)."""

    id: str
    source: str
    tags: tuple[str, ...]
    win: Mapping[str, Any] | None
    events: tuple[Any, ...] | None
    expect: Mapping[str, Mapping[str, Any]]
    notes: str
    file: Path
    line: int

    @property
    def location(self) -> str:
        return f"{_short(self.file)}:{self.line}"

    def expectation(self, ruleset_id: str) -> Expectation | None:
        """The expectation for a ruleset: its override laid over the default field by field
        (an override stating ``error``, or a default's ``error`` under an override stating
        scores, replaces the other side whole); None when neither is given."""
        default = self.expect.get(DEFAULT)
        override = self.expect.get(ruleset_id)
        if override is not None and "undecided" in override:
            return Expectation({}, undecided=str(override["undecided"]),
                               source=override.get("source"))
        if default is None and override is None:
            return None
        base = _fields(default)
        mine = _fields(override)
        replace_whole = "error" in mine or (mine and "error" in base)
        merged = mine if replace_whole else {**base, **mine}
        source = (override or {}).get("source") or (default or {}).get("source")
        return Expectation(merged, source=source)


def _fields(outcome: Mapping[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (outcome or {}).items() if k in OUTCOME_FIELDS}


@dataclass
class Suite:
    """Every case file of a folder: the cases of the files that loaded, and the errors of
    those that did not."""

    root: Path
    files: list[Path] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    errors: list[CaseFileError] = field(default_factory=list)


# --------------------------------------------------------------------------- public API


def schema_file() -> Path:
    """The JSON Schema of a case file."""
    return resources.conformance_dir() / "schema" / "case.schema.json"


def is_case_file(path: Path, root: Path) -> bool:
    """Whether ``path`` is a case file of the suite in ``root``: ``*.yaml`` or ``*.yml`` under
    it, not in its ``schema/`` folder."""
    if path.suffix not in _SUFFIXES or root not in path.parents:
        return False
    return "schema" not in path.relative_to(root).parts


def case_files(root: Path) -> list[Path]:
    """The case files under ``root``, sorted."""
    return sorted(p for p in root.rglob("*") if p.is_file() and is_case_file(p, root))


def load_suite(
    root: Path | None = None,
    *,
    known_rulesets: Collection[str] | None = None,
    known_yaku: Collection[str] | None = None,
) -> Suite:
    """Load every case file under ``root`` (default: the bundled suite). A broken file is
    reported in ``errors`` and the others still load. ``known_rulesets`` / ``known_yaku``
    default to the bundled rulesets and every yaku id they declare."""
    root = resources.conformance_dir() if root is None else root
    suite = Suite(root)
    if not root.is_dir():
        suite.errors.append(CaseFileError(root, [Diagnostic(
            str(root), 1, 1, "no such folder of conformance cases")]))
        return suite
    rulesets = known_ruleset_ids() if known_rulesets is None else known_rulesets
    yaku = known_yaku_ids() if known_yaku is None else known_yaku
    seen: dict[str, str] = {}
    for path in case_files(root):
        suite.files.append(path)
        try:
            suite.cases.extend(load_file(path, known_rulesets=rulesets, known_yaku=yaku,
                                         seen_ids=seen))
        except CaseFileError as error:
            suite.errors.append(error)
    return suite


def load_file(
    path: Path,
    *,
    known_rulesets: Collection[str] | None = None,
    known_yaku: Collection[str] | None = None,
    seen_ids: dict[str, str] | None = None,
) -> list[Case]:
    """Load and check one case file. Raises :class:`CaseFileError` with every problem found.

    ``seen_ids`` (id -> ``file:line``) carries the ids of files loaded before, so an id reused
    in another file is reported; the ids of this file are added to it when it loads."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseFileError(path, [Diagnostic(_short(path), 1, 1,
                                              f"cannot read the file: {exc}")]) from None
    return _Loader(path, text).load(known_rulesets, known_yaku,
                                    {} if seen_ids is None else seen_ids)


def known_ruleset_ids() -> tuple[str, ...]:
    """The ids a case's ``expect`` may name: the bundled rulesets."""
    from riichi_rules.rulesets.config import bundled_ids

    return bundled_ids()


@cache
def known_yaku_ids() -> frozenset[str]:
    """Every yaku, yakuman and dora id some bundled ruleset declares."""
    from riichi_rules.scoring.scorer import program

    ids: set[str] = set(_DORA_IDS)
    for ruleset in known_ruleset_ids():
        ids.update(program(ruleset).declarations)
    return frozenset(ids)


# --------------------------------------------------------------------------- loading


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads(schema_file().read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _short(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _Loader:
    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.name = _short(path)
        self.lines = text.splitlines()
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        self.root: yaml.Node | None = None

    # -- diagnostics -----------------------------------------------------------------------
    def at(self, line: int, column: int, message: str, hint: str = "") -> None:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diagnostics.append(Diagnostic(self.name, line, column, message, source, hint))

    def at_node(self, node: yaml.Node | None, message: str, hint: str = "") -> None:
        if node is None:
            self.at(1, 1, message, hint)
        else:
            self.at(node.start_mark.line + 1, node.start_mark.column + 1, message, hint)

    def fail(self) -> CaseFileError:
        ordered = sorted(self.diagnostics, key=lambda d: (d.line, d.column))
        return CaseFileError(self.path, ordered)

    # -- the steps -------------------------------------------------------------------------
    def load(
        self,
        known_rulesets: Collection[str] | None,
        known_yaku: Collection[str] | None,
        seen_ids: dict[str, str],
    ) -> list[Case]:
        data = self._parse()
        if self.diagnostics:
            raise self.fail()
        self._duplicate_keys(self.root)
        if data is None:
            self.at(1, 1, "the file holds no cases: a case file is a YAML list of cases "
                    "(- id: ...)")
            raise self.fail()
        errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
        for error in errors:
            self._schema_error(data, error)
        if self.diagnostics:
            raise self.fail()
        assert isinstance(data, list)
        cases = self._cases(data, known_rulesets, known_yaku, seen_ids)
        if self.diagnostics:
            raise self.fail()
        for case in cases:
            seen_ids[case.id] = case.location
        return cases

    def _parse(self) -> object:
        loader = yaml.SafeLoader(self.text)
        try:
            self.root = loader.get_single_node()
            if self.root is None:
                return None
            return loader.construct_document(self.root)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            message = f"invalid YAML: {exc.problem or exc.context}"
            if exc.context and exc.problem and exc.context_mark is not None:
                message += f" ({exc.context} started at line {exc.context_mark.line + 1})"
            if mark is None:
                self.at(1, 1, message)
            else:
                self.at(mark.line + 1, mark.column + 1, message)
            return None
        except yaml.YAMLError as exc:
            self.at(1, 1, f"invalid YAML: {exc}")
            return None
        finally:
            loader.dispose()

    def _duplicate_keys(self, node: yaml.Node | None, seen: set[int] | None = None) -> None:
        seen = set() if seen is None else seen
        if node is None or id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            first: dict[str, yaml.Node] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in first:
                        line = first[key.value].start_mark.line + 1
                        self.at_node(key, f"duplicate key '{key.value}' (first at line {line}): "
                                     "YAML would keep only the last one")
                    else:
                        first[key.value] = key
                self._duplicate_keys(value, seen)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                self._duplicate_keys(item, seen)

    # -- positions -------------------------------------------------------------------------
    def node_at(self, path: PathKey) -> tuple[yaml.Node | None, yaml.Node | None]:
        """The value node at a JSON path (or its deepest existing ancestor) and, when the
        last step was a mapping key, that key's node."""
        node = self.root
        key_node: yaml.Node | None = None
        for part in path:
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                        key_node, node = key, value
                        break
                else:
                    return node, None
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                    and 0 <= part < len(node.value):
                node, key_node = node.value[part], None
            else:
                return node, None
        return node, key_node

    def _where(self, data: object, path: PathKey) -> str:
        """``case 'pinfu-ron' expect.tenhou.han`` (or ``case #3 ...`` before it has an id)."""
        if not path:
            return "the file"
        head = path[0]
        label = f"case #{head + 1}" if isinstance(head, int) else str(head)
        if isinstance(data, list) and isinstance(head, int) and head < len(data):
            item = data[head]
            if isinstance(item, Mapping) and isinstance(item.get("id"), str):
                label = f"case '{item['id']}'"
        rest = _render(path[1:])
        return f"{label} {rest}" if rest else label

    # -- schema errors ---------------------------------------------------------------------
    def _schema_error(self, data: object, error: ValidationError) -> None:
        error = _leaf(error)
        path: PathKey = tuple(error.absolute_path)
        node, key_node = self.node_at(path)
        where = self._where(data, path)
        instance = error.instance
        validator = error.validator
        if validator == "oneOf" and isinstance(instance, Mapping) and "id" in instance:
            if "win" in instance and "events" in instance:
                self.at_node(node, f"{where}: a case has a 'win' or 'events', not both")
            else:
                self.at_node(node, f"{where}: a case needs a 'win' (the situation to score)")
            return
        if validator == "additionalProperties" and _is_undecided_rule(error):
            self.at_node(key_node or node, f"{where}: 'undecided' states no outcome beside it "
                         "(only 'source' may go with it)")
            return
        if validator in ("additionalProperties", "unevaluatedProperties") \
                and isinstance(instance, Mapping):
            extras = [k for k in instance if repr(k) in error.message] or list(instance)
            allowed = _allowed_keys(error)
            for extra in extras:
                child, child_key = self.node_at((*path, extra))
                where_key = self._where(data, (*path, extra))
                self.at_node(child_key or child, f"{where_key}: unknown key '{extra}'",
                             did_you_mean(str(extra), allowed))
            return
        if validator == "required" and isinstance(instance, Mapping):
            self.at_node(node, f"{where}: {error.message}")
            return
        if validator == "type" and instance is None:
            self.at_node(key_node or node, f"{where}: a value is missing (found null; "
                         f"expected {error.validator_value})")
            return
        if validator == "pattern" and path and path[-1] == "id":
            self.at_node(node, f"{where}: case ids are kebab-case (lower-case words joined "
                         f"by '-'), not {instance!r}")
            return
        if isinstance(node, yaml.MappingNode) and isinstance(instance, str):
            # a propertyNames failure: the instance is one of the mapping's keys
            for key, _value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == instance:
                    self.at_node(key, f"{where}: key {error.message}")
                    return
        self.at_node(node, f"{where}: {error.message}")

    # -- building and checking cases -------------------------------------------------------
    def _cases(
        self,
        data: list[Any],
        known_rulesets: Collection[str] | None,
        known_yaku: Collection[str] | None,
        seen_ids: dict[str, str],
    ) -> list[Case]:
        cases: list[Case] = []
        here: dict[str, int] = {}
        for index, raw in enumerate(data):
            node, _ = self.node_at((index,))
            id_node, _ = self.node_at((index, "id"))
            case_id: str = raw["id"]
            if case_id in here:
                self.at_node(id_node, f"duplicate case id '{case_id}' (first at line "
                             f"{here[case_id]})")
            elif case_id in seen_ids:
                self.at_node(id_node, f"duplicate case id '{case_id}': already used at "
                             f"{seen_ids[case_id]}")
            line = node.start_mark.line + 1 if node is not None else 1
            here.setdefault(case_id, line)
            expect: dict[str, dict[str, Any]] = raw["expect"]
            for key, outcome in expect.items():
                self._check_outcome(data, (index, "expect", key), outcome, known_yaku)
                if key != DEFAULT and known_rulesets is not None and key not in known_rulesets:
                    _, key_node = self.node_at((index, "expect", key))
                    self.at_node(key_node, f"case '{case_id}': unknown ruleset '{key}' in "
                                 "'expect' (use 'default' or a ruleset id)",
                                 did_you_mean(key, [DEFAULT, *known_rulesets]))
            events = raw.get("events")
            cases.append(Case(
                id=case_id, source=raw["source"], tags=tuple(raw.get("tags", ())),
                win=raw.get("win"), events=tuple(events) if events is not None else None,
                expect=expect, notes=raw.get("notes", ""), file=self.path, line=line,
            ))
        return cases

    def _check_outcome(
        self, data: object, path: PathKey, outcome: Mapping[str, Any],
        known_yaku: Collection[str] | None,
    ) -> None:
        stated = [k for k in outcome if k in OUTCOME_FIELDS]
        if "error" in outcome and len(stated) > 1:
            node, key_node = self.node_at((*path, "error"))
            self.at_node(key_node or node, f"{self._where(data, path)}: an outcome stating "
                         "'error' states no scores beside it (the hand does not score)")
        if known_yaku is None:
            return
        for name in outcome.get("yaku", []):
            if name not in known_yaku:
                node, _ = self.node_at((*path, "yaku", outcome["yaku"].index(name)))
                self.at_node(node, f"{self._where(data, path)}: unknown yaku id '{name}'",
                             did_you_mean(name, known_yaku))
        for name in outcome.get("yaku_han", {}):
            if name not in known_yaku:
                _, key_node = self.node_at((*path, "yaku_han", name))
                self.at_node(key_node, f"{self._where(data, path)}: unknown yaku id '{name}'",
                             did_you_mean(name, known_yaku))


def _leaf(error: ValidationError) -> ValidationError:
    """The most specific error under a oneOf/anyOf, unless it is the case-level choice
    between 'win' and 'events' (reported as such)."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        instance = error.instance
        if isinstance(instance, Mapping) and "id" in instance and "expect" in instance:
            return error
        error = best_match(error.context)
    return error


def _is_undecided_rule(error: ValidationError) -> bool:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    return set(schema.get("properties", {})) == {"undecided", "source"}


def _allowed_keys(error: ValidationError) -> list[str]:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    keys = list(schema.get("properties", {}))
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        defs = _validator().schema.get("$defs", {})
        keys.extend(defs.get(ref.rsplit("/", 1)[1], {}).get("properties", {}))
    return keys


def _render(path: Sequence[str | int]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif out:
            out += f".{part}"
        else:
            out = str(part)
    return out

