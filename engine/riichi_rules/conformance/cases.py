"""Conformance case files: load them and check them, each problem at its file and line.

A case file is a YAML list of cases (``conformance/*.yaml``), validated by the JSON Schema
``conformance/schema/case.schema.json`` and then by the checks the schema cannot express:
case ids unique across the suite, ``expect`` keys naming known rulesets, yaku ids that some
bundled ruleset declares, duplicate YAML keys (which YAML itself silently drops).

The YAML is composed into nodes first (``yaml.compose``-style), so a JSON path reported by the
schema validator is walked down the node tree to the line and column it was written at.
A file is loaded whole or not at all: every problem in it is collected into one
:class:`CaseFileError`, and the other files of a suite still load.

A case states a ``win`` to score, or a ``deal`` and ``events`` for the referee
(:mod:`riichi_rules.conformance.events`): the events are read here, each step keeping its line,
so a bad tile or meld, or a fifth copy of a tile, is reported where it is written. A case may
name ``rulesets`` of its own (ruleset folders, relative to the case file) that it also runs
under; its ``expect`` may then name their ids.

Long because a case file is loaded whole or not at all: the schema, the checks it cannot
express and the reading of every field (wins, deals, events, expectations) report into one
:class:`CaseFileError`, each problem at the line it was written, through one loader.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError, best_match  # type: ignore[import-untyped]

from riichi_rules import limits, resources
from riichi_rules.bounded_yaml import FastStrictLoader, StrictLoader, shape_problem
from riichi_rules.conformance.events import (
    Deal,
    Step,
    StepError,
    parse_deal,
    parse_event,
    tile_budget,
)
from riichi_rules.errors import (
    ConfigError,
    Diagnostic,
    DiagnosticError,
    InputError,
    did_you_mean,
)
from riichi_rules.rulesets.dated import parse_day

if TYPE_CHECKING:
    from riichi_rules.rulesets.config import RulesetConfig

__all__ = [
    "DEFAULT",
    "EVENT_FIELDS",
    "OUTCOME_FIELDS",
    "WIN_FIELDS",
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
    "load_text",
    "schema_file",
    "suite_parts",
]

DEFAULT = "default"
"""The ``expect`` key whose outcome applies to every ruleset without an override."""

WIN_FIELDS = (
    "han", "fu", "yakuman", "limit", "yaku", "yaku_han", "points", "payments",
    "winner_receives", "error",
)
"""The fields the outcome of a ``win`` case may state."""

EVENT_FIELDS = (
    "legal", "illegal", "furiten", "claims", "wins", "deltas", "tenpai", "next", "sticks",
    "game_over", "final_scores", "final_points",
)
"""The fields the outcome of an ``events`` case may state."""

OUTCOME_FIELDS = WIN_FIELDS + EVENT_FIELDS
"""The fields an outcome may state; only the stated ones are compared."""

_GROUPS = ({"legal", "illegal"},)
"""Fields an override replaces together: stating one drops the default's other."""

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
    owner: str = DEFAULT
    """Whose expectation it is: the ruleset's own override, an override of a ruleset it
    extends (the nearest), or ``default``."""


@dataclass(frozen=True)
class Case:
    """One conformance case, as written (``win`` is the DESIGN.md JSON form of a win;
    ``events`` the events as written, ``deal`` and ``steps`` the same read; ``rulesets`` the
    case's own ruleset folders, ``ruleset_ids`` their ids; ``date`` the day the situation is
    set on, for rulesets whose values changed over time; ``players`` the numbers of players of
    the rulesets it runs under)."""

    id: str
    source: str
    tags: tuple[str, ...]
    win: Mapping[str, Any] | None
    events: tuple[Any, ...] | None
    expect: Mapping[str, Mapping[str, Any]]
    notes: str
    file: Path
    line: int
    deal: Deal | None = None
    steps: tuple[Step, ...] = ()
    rulesets: tuple[Path, ...] = ()
    ruleset_ids: tuple[str, ...] = ()
    date: dt.date | None = None
    players: tuple[int, ...] = (4,)

    @property
    def location(self) -> str:
        return f"{_short(self.file)}:{self.line}"

    def at(self, line: int) -> str:
        """``file:line`` of a line of the case's file (an event's line)."""
        return f"{_short(self.file)}:{line}"

    def plays(self, config: RulesetConfig) -> bool:
        """Whether the case is played at a ruleset's table: its number of players (the
        ruleset's ``players`` parameter) is one the case states (four, unless it says)."""
        return config.parameters.get("players", 4) in self.players

    def expectation(self, ruleset_id: str, extends: Sequence[str] = ()
                    ) -> Expectation | None:
        """The expectation for a ruleset: its override, or else that of the nearest ruleset
        it extends (``extends``: the ``extends`` chain, nearest first), laid over the default
        field by field (an override stating ``error``, or a default's ``error`` under an
        override stating scores, replaces the other side whole); None when none is given."""
        default = self.expect.get(DEFAULT)
        owner = next((r for r in (ruleset_id, *extends) if r in self.expect and r != DEFAULT),
                     DEFAULT)
        override = self.expect.get(owner) if owner != DEFAULT else None
        if override is not None and "undecided" in override:
            return Expectation({}, undecided=str(override["undecided"]),
                               source=override.get("source"), owner=owner)
        if default is None and override is None:
            return None
        base = _fields(default)
        mine = _fields(override)
        for group in _GROUPS:
            if group & set(mine):
                base = {k: v for k, v in base.items() if k not in group}
        replace_whole = "error" in mine or (mine and "error" in base)
        merged = mine if replace_whole else {**base, **mine}
        source = (override or {}).get("source") or (default or {}).get("source")
        return Expectation(merged, source=source, owner=owner)


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
    for part in suite_parts(root, known_rulesets=known_rulesets, known_yaku=known_yaku):
        suite.files += part.files
        suite.cases += part.cases
        suite.errors += part.errors
    return suite


def suite_parts(
    root: Path | None = None,
    *,
    known_rulesets: Collection[str] | None = None,
    known_yaku: Collection[str] | None = None,
) -> Iterator[Suite]:
    """:func:`load_suite` file by file: a :class:`Suite` of each file (its cases, or its
    error), loaded when asked for, so that a command that stops early loads no more."""
    root = resources.conformance_dir() if root is None else root
    if not root.is_dir():
        yield Suite(root, errors=[CaseFileError(root, [Diagnostic(
            str(root), 1, 1, "no such folder of conformance cases")])])
        return
    rulesets = known_ruleset_ids() if known_rulesets is None else known_rulesets
    yaku = known_yaku_ids() if known_yaku is None else known_yaku
    seen: dict[str, str] = {}
    for path in case_files(root):
        part = Suite(root, [path])
        try:
            part.cases = load_file(path, known_rulesets=rulesets, known_yaku=yaku,
                                   seen_ids=seen)
        except CaseFileError as error:
            part.errors.append(error)
        yield part


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
        text = limits.read_text(path, limits.CASE_FILE_BYTES, "a case file")
    except InputError as exc:
        raise CaseFileError(path, [Diagnostic(_short(path), 1, 1, exc.message)]) from None
    return _Loader(path, text).load(known_rulesets, known_yaku,
                                    {} if seen_ids is None else seen_ids)


def load_text(
    text: str,
    path: Path,
    *,
    known_rulesets: Collection[str] | None = None,
    known_yaku: Collection[str] | None = None,
) -> list[Case]:
    """Load and check cases written as ``text``, as if read from ``path`` (a case a program
    wrote, checked before it is shown: riichi compare --search). Raises
    :class:`CaseFileError`."""
    return _Loader(path, text).load(known_rulesets, known_yaku, {})


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
        ids.update(program(ruleset).declared_ids())
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
        for raw in data if isinstance(data, list) else ():
            if isinstance(raw, dict) and isinstance(raw.get("date"), dt.date):
                raw["date"] = raw["date"].isoformat()  # YAML reads 2010-06-01 as a date
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
        shape = shape_problem(self.text)
        if shape is not None:
            self.at(*shape)
            return None
        if FastStrictLoader is not None:  # libyaml; on any error, the Python loader says it
            try:
                fast = FastStrictLoader(self.text)
                self.root = fast.get_single_node()
                return None if self.root is None else fast.construct_document(self.root)
            except (yaml.YAMLError, ValueError):  # the errors the Python loader reports
                pass
        try:
            loader = StrictLoader(self.text)
        except yaml.reader.ReaderError as exc:  # a character YAML does not allow
            before = self.text[:exc.position]
            self.at(before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1,
                    f"invalid YAML: the character #x{exc.character:04x} is not allowed in "
                    "YAML (a control character)", "remove it, or write it as an escape in a "
                    "double-quoted string (\"\\x1f\")")
            return None
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
        except ValueError as exc:  # a timestamp that is no date of the calendar (2010-02-30)
            self.at(1, 1, f"invalid YAML: {exc}", "write a date YYYY-MM-DD of the calendar")
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
            if "win" in instance and ("events" in instance or "deal" in instance):
                self.at_node(node, f"{where}: a case has a 'win' or 'deal' and 'events', "
                             "not both")
            elif "events" in instance:
                self.at_node(node, f"{where}: a case with 'events' needs a 'deal' (the "
                             "hands, the dora indicator...)")
            elif "deal" in instance:
                self.at_node(node, f"{where}: a case with a 'deal' needs 'events'")
            else:
                self.at_node(node, f"{where}: a case needs a 'win' (a hand to score) or a "
                             "'deal' and 'events' (a referee situation)")
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
        message = error.message if len(error.message) <= 300 else error.message[:300] + "..."
        self.at_node(node, f"{where}: {message}")

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
            paths, own_ids, own_yaku = self._own_rulesets(data, index, raw.get("rulesets", []))
            rulesets = None if known_rulesets is None else [*known_rulesets, *own_ids]
            yaku = None if known_yaku is None else {*known_yaku, *own_yaku}
            kind = "events" if "events" in raw else "win"
            expect: dict[str, dict[str, Any]] = raw["expect"]
            for key, outcome in expect.items():
                self._check_outcome(data, (index, "expect", key), outcome, yaku, kind)
                if key != DEFAULT and rulesets is not None and key not in rulesets:
                    _, key_node = self.node_at((index, "expect", key))
                    self.at_node(key_node, f"case '{case_id}': unknown ruleset '{key}' in "
                                 "'expect' (use 'default', a ruleset id, or the id of a ruleset "
                                 "the case names in 'rulesets')",
                                 did_you_mean(key, [DEFAULT, *rulesets]))
            events = raw.get("events")
            deal, steps = (None, ()) if events is None else self._events(data, index, raw)
            day: dt.date | None = None
            if "date" in raw:
                try:
                    day = parse_day(raw["date"])
                except ValueError as error:
                    date_node, _ = self.node_at((index, "date"))
                    self.at_node(date_node, f"case '{case_id}': date: {error}")
            cases.append(Case(
                id=case_id, source=raw["source"], tags=tuple(raw.get("tags", ())),
                win=raw.get("win"), events=tuple(events) if events is not None else None,
                expect=expect, notes=raw.get("notes", ""), file=self.path, line=line,
                deal=deal, steps=steps, rulesets=paths, ruleset_ids=own_ids, date=day,
                players=_players(raw.get("players", 4)),
            ))
        return cases

    def _own_rulesets(
        self, data: object, index: int, names: Sequence[str],
    ) -> tuple[tuple[Path, ...], tuple[str, ...], frozenset[str]]:
        """The case's own rulesets: their folders, ids and declared yaku ids."""
        from riichi_rules.rulesets.config import load_config
        from riichi_rules.scoring.scorer import program

        paths: list[Path] = []
        ids: list[str] = []
        yaku: set[str] = set()
        for number, name in enumerate(names):
            node, _ = self.node_at((index, "rulesets", number))
            folder = (self.path.parent / name).resolve()
            where = self._where(data, (index, "rulesets", number))
            if not (folder / "ruleset.json").is_file() and not folder.is_file():
                self.at_node(node, f"{where}: no ruleset at '{name}' (a folder holding a "
                             f"ruleset.json, relative to {self.name})")
                continue
            try:
                config = load_config(folder)
                declared = program(config).declared_ids()
            except (ConfigError, DiagnosticError) as error:
                first = error.diagnostics[0].render() if error.diagnostics else str(error)
                self.at_node(node, f"{where}: the ruleset '{name}' does not load: {first}")
                continue
            paths.append(folder)
            ids.append(config.id)
            yaku.update(declared)
        return tuple(paths), tuple(ids), frozenset(yaku)

    def _events(self, data: object, index: int, raw: Mapping[str, Any]
                ) -> tuple[Deal | None, tuple[Step, ...]]:
        """Read the deal and the events of a case, each problem at its line."""
        deal: Deal | None = None
        try:
            deal = parse_deal(raw["deal"])
        except (StepError, InputError) as error:
            key = error.key if isinstance(error, StepError) else ()
            path: PathKey = (index, "deal", *key)
            node, _ = self.node_at(path)
            message = error.message if isinstance(error, InputError) else str(error)
            self.at_node(node, f"{self._where(data, path)}: {message}")
        steps: list[Step] = []
        readable = True
        for number, event in enumerate(raw["events"]):
            node, _ = self.node_at((index, "events", number))
            line = node.start_mark.line + 1 if node is not None else 1
            try:
                steps.extend(parse_event(event, line))
            except StepError as error:
                readable = False
                [kind] = event
                path = (index, "events", number, kind, *error.key)
                at, _ = self.node_at(path)
                self.at_node(at, f"{self._where(data, (index, 'events', number))}: {error}")
        if deal is not None and readable:
            over = tile_budget(deal, steps)
            if over is not None:
                at_step, message = over
                if at_step is None:
                    node, _ = self.node_at((index, "deal"))
                    self.at_node(node, f"{self._where(data, (index, 'deal'))}: {message}")
                else:
                    line = steps[at_step].line
                    self.at(line, _column(self.lines, line),
                            f"{self._where(data, (index, 'events'))}: {message}")
        return deal, tuple(steps)

    def _check_outcome(
        self, data: object, path: PathKey, outcome: Mapping[str, Any],
        known_yaku: Collection[str] | None, kind: str,
    ) -> None:
        stated = [k for k in outcome if k in OUTCOME_FIELDS]
        where = self._where(data, path)
        allowed = EVENT_FIELDS if kind == "events" else WIN_FIELDS
        for name in stated:
            if name not in allowed:
                _, key_node = self.node_at((*path, name))
                other = "a 'win'" if kind == "events" else "'events'"
                self.at_node(key_node, f"{where}: '{name}' is stated by cases with {other}; "
                             f"this case's outcome states {', '.join(allowed)}")
        if "error" in outcome and len(stated) > 1:
            node, key_node = self.node_at((*path, "error"))
            self.at_node(key_node or node, f"{where}: an outcome stating 'error' states no "
                         "scores beside it (the hand does not score)")
        if "legal" in outcome and "illegal" in outcome:
            _, key_node = self.node_at((*path, "illegal"))
            self.at_node(key_node, f"{where}: state 'legal' or 'illegal' (the disagreement "
                         "the last event raises), not both")
        if known_yaku is None:
            return
        scored: list[tuple[PathKey, Mapping[str, Any]]] = [(path, outcome)]
        for seat, win in (outcome.get("wins") or {}).items():
            scored.append(((*path, "wins", seat), win))
        for at, fields in scored:
            for name in fields.get("yaku", []):
                if name not in known_yaku:
                    node, _ = self.node_at((*at, "yaku", fields["yaku"].index(name)))
                    self.at_node(node, f"{self._where(data, at)}: unknown yaku id '{name}'",
                                 did_you_mean(name, known_yaku))
            for name in fields.get("yaku_han", {}):
                if name not in known_yaku:
                    _, key_node = self.node_at((*at, "yaku_han", name))
                    self.at_node(key_node, f"{self._where(data, at)}: unknown yaku id "
                                 f"'{name}'", did_you_mean(name, known_yaku))


def _players(value: int | list[int]) -> tuple[int, ...]:
    """A case's ``players`` (a number or a list of them, as the schema allows) as a tuple."""
    return tuple(sorted(value)) if isinstance(value, list) else (value,)


def _column(lines: Sequence[str], line: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text) - len(text.lstrip()) + 1


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
    """The keys a schema allows: its properties and those of the schemas it refers to."""
    defs = _validator().schema.get("$defs", {})
    keys: list[str] = []
    schema: object = error.schema
    seen: set[str] = set()
    while isinstance(schema, Mapping):
        keys.extend(schema.get("properties", {}))
        ref = schema.get("$ref")
        if not (isinstance(ref, str) and ref.startswith("#/$defs/")) or ref in seen:
            break
        seen.add(ref)
        schema = defs.get(ref.rsplit("/", 1)[1], {})
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

