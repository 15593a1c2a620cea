"""Load a ruleset.json: validate it (JSON Schema + checks), resolve ``extends``, merge.

A config is loaded whole or not at all: every problem in every file of the ``extends``
chain is collected into one :class:`ConfigError`, each diagnostic naming the file, the line
and column of the offending key or value, and its JSON path.

A ruleset may give a parameter's earlier values by date (``history``: see
:mod:`riichi_rules.rulesets.dated`): ``load_config("tenhou", date=...)`` or
``load_config("tenhou@2009-06-01")`` is the ruleset with the values in force that day.

Long because a ruleset is loaded whole or not at all: the schema, the checks the schema
cannot express, the ``extends`` chain, dated values and the merge report into one
:class:`ConfigError` with each problem's line and column, through one loader.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from riichi_rules import limits, resources
from riichi_rules.errors import ConfigError, Diagnostic, InputError, did_you_mean
from riichi_rules.limits import number_text, too_large_number
from riichi_rules.rulesets.dated import Dated, Era, eras, parse_day, split_name, values_on
from riichi_rules.user_cache import cache_root, make_folder, trusted
from riichi_rules.version import __version__

if TYPE_CHECKING:  # the positions in a file are mapped only for a diagnostic
    from riichi_rules.rulesets.jsonpos import PathKey, PositionMap

RULESET_FILE = "ruleset.json"
BASE_ID = "base"


@dataclass(frozen=True)
class RulesetConfig:
    """A ruleset with its ``extends`` chain resolved and its parameters fully merged.

    ``parameters`` are the values in force on ``date`` (None: today, the values the files
    give); ``history`` the values by date of the parameters that changed, oldest first, the
    last one (``until`` None) today's."""

    id: str
    name: str
    source: Mapping[str, str]
    path: Path
    chain: tuple[str, ...]
    parameters: Mapping[str, object]
    rule_files: tuple[Path, ...]
    yaku_overrides: Mapping[str, Mapping[str, object]]
    local_yaku: tuple[str, ...]
    uncertain: Mapping[str, str]
    # parameter -> where this ruleset (or the nearest one of its chain that cites the value)
    # finds its value: registry ids of rulesets/sources.json with a section or quote
    citations: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # parameter -> the id of the ruleset whose file holds that citation
    cited_by: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # parameter -> where the value was looked for, when no source read states it
    unsourced: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    history: Mapping[str, tuple[Dated, ...]] = field(
        default_factory=lambda: MappingProxyType({}))
    date: dt.date | None = None

    def __hash__(self) -> int:  # the mappings are not hashable; equal configs share a path
        return hash((self.path, self.id, self.chain, self.date))

    @property
    def label(self) -> str:
        """The id, with the date when the ruleset is taken at one: ``tenhou@2009-06-01``."""
        return self.id if self.date is None else f"{self.id}@{self.date.isoformat()}"

    def at(self, day: dt.date | None) -> RulesetConfig:
        """The ruleset with the values in force on ``day`` (None: today's)."""
        if day == self.date:
            return self
        return _at(self, day)

    def eras(self) -> tuple[Era, ...]:
        """The spans of days over which none of the values changed, oldest first."""
        return eras(self.history)

    def key(self) -> tuple[object, ...]:
        """What the compiled rules depend on: the files and the values in force (equal for
        two dates with the same values)."""
        return (self.path, self.chain, self.rule_files, _hashable(self.parameters),
                _hashable(self.yaku_overrides), self.local_yaku)


# --------------------------------------------------------------------------- public API


def bundled_ids() -> tuple[str, ...]:
    """The ids of the bundled rulesets (folders holding a ruleset.json), base excluded."""
    root = resources.rulesets_dir()
    return tuple(
        sorted(
            d.name
            for d in root.iterdir()
            if d.is_dir() and d.name != BASE_ID and (d / RULESET_FILE).is_file()
        )
    )


def local_yaku_dir() -> Path:
    """The folder of optional local yaku: ``<id>.rules`` each."""
    return resources.rulesets_dir() / "local"


def parameter_schemas() -> Mapping[str, Mapping[str, Any]]:
    """Each parameter's schema (title, description, allowed values, default, x-source)."""
    defs: dict[str, Any] = _schema()["$defs"]
    names = _schema()["properties"]["parameters"]["properties"]
    return MappingProxyType({n: MappingProxyType(defs[n]) for n in names})


def parameter_values() -> Mapping[str, tuple[Any, ...]]:
    """The values a parameter (or, for a list parameter, each of its items) may take, where
    the schema lists them: what a rule may compare it with."""
    out: dict[str, tuple[Any, ...]] = {}
    for name, schema in parameter_schemas().items():
        values = schema.get("enum") or schema.get("items", {}).get("enum")
        if values:
            out[name] = tuple(values)
    return MappingProxyType(out)


def parameter_defaults() -> Mapping[str, object]:
    """The schema default of every parameter."""
    return MappingProxyType({n: _freeze(s["default"]) for n, s in parameter_schemas().items()})


_CACHE: dict[Path, tuple[tuple[tuple[Path, int], ...], RulesetConfig]] = {}
_DATED: dict[tuple[RulesetConfig, dt.date | None], RulesetConfig] = {}


def clear_cache() -> None:
    _CACHE.clear()
    _DATED.clear()


def load_config(name_or_path: str | Path, date: dt.date | str | None = None) -> RulesetConfig:
    """Load a bundled ruleset by id (``"ema-2016"``), or a ruleset.json / its folder by path;
    at ``date`` (a date or ``YYYY-MM-DD``), or at the date written after the name
    (``"tenhou@2009-06-01"``), with the values in force that day.

    Raises :class:`ConfigError` with every problem found in the file and its ``extends`` chain
    (and for a date that is not one).

    Tenhou's uma is 20-10 today, and was +10/+5/-5/-10 in East-only games until 2009-07-31
    (rulesets/tenhou/ruleset.json, its history).

    Examples:
        >>> load_config("tenhou").parameters["uma"]
        (20, 10, -10, -20)
        >>> load_config("tenhou@2009-06-01").parameters["uma_east_only"]
        (10, 5, -5, -10)
    """
    day: dt.date | None = None
    if isinstance(name_or_path, str):
        try:
            name_or_path, day = split_name(name_or_path)
        except ValueError as exc:
            raise ConfigError([Diagnostic(str(name_or_path), 1, 1, str(exc))]) from None
    if date is not None:
        try:
            given = date if isinstance(date, dt.date) else parse_day(date)
        except ValueError as exc:
            raise ConfigError([Diagnostic(str(name_or_path), 1, 1, str(exc))]) from None
        if day is not None and day != given:
            raise ConfigError([Diagnostic(
                str(name_or_path), 1, 1, f"two dates given: {day} (after the name) and "
                f"{given}", "give the date once")])
        day = given
    config = _load(name_or_path)
    return config if day is None else config.at(day)


def _at(config: RulesetConfig, day: dt.date | None) -> RulesetConfig:
    """``config`` at ``day`` (None: today), made once per config and day."""
    cached = _DATED.get((config, day))
    if cached is None:
        params = values_on(config.parameters, config.history, day)
        cached = replace(config, parameters=MappingProxyType(params), date=day)
        _DATED[(config, day)] = cached
    return cached


def _load(name_or_path: str | Path) -> RulesetConfig:
    path = _locate(name_or_path)
    cached = _CACHE.get(path)
    if cached is not None and all(_mtime(p) == t for p, t in cached[0]):
        return cached[1]
    loader = _Loader()
    layers = loader.load(path, [])
    if loader.diagnostics or layers is None:
        raise ConfigError(loader.diagnostics)
    config = _merge(layers)
    problems = _check_places(layers, config.parameters)
    if problems:
        raise ConfigError(problems)
    _CACHE[path] = (tuple((layer.path, _mtime(layer.path)) for layer in layers), config)
    return config


# --------------------------------------------------------------------------- internals


@cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(resources.schema_file().read_text(encoding="utf-8"))
    return schema


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    return Draft202012Validator(_schema())


STAMPS_KEPT = 256
"""How many valid-config stamps the cache keeps (the oldest go first)."""


def stamp_folder() -> Path | None:
    """The cache of configs found valid (docs/limits.md, "Files riichi-rules writes"):
    ``$XDG_CACHE_HOME/riichi-rules/valid-configs`` (``~/.cache/...`` by default); None when
    ``RIICHI_RULES_NO_CACHE`` is set."""
    if os.environ.get("RIICHI_RULES_NO_CACHE"):
        return None
    return cache_root() / "valid-configs"


def _stamp(data: object) -> Path | None:
    """Where the fact "this content is valid under this schema" is remembered between runs,
    so that a command started again does not pay for loading jsonschema: an empty file named
    by the sha256 of riichi-rules' version, the schema and the config's content. A changed
    file has another name, and is validated again; the other checks run every time."""
    folder = stamp_folder()
    if folder is None:
        return None
    digest = hashlib.sha256(json.dumps([__version__, _schema(), data],
                                       sort_keys=True).encode("utf-8")).hexdigest()
    return folder / digest


def _remember(stamp: Path) -> None:
    """Write a stamp, and drop the oldest past :data:`STAMPS_KEPT` (a cache never grows
    without bound)."""
    try:
        make_folder(stamp.parent)
        stamp.touch()
        stamps = list(stamp.parent.iterdir())
        if len(stamps) > STAMPS_KEPT:
            stamps.sort(key=_mtime)
            for old in stamps[:len(stamps) - STAMPS_KEPT]:
                old.unlink(missing_ok=True)
    except OSError:  # a read-only or vanished home: validate every time
        pass


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return -1


def _locate(name_or_path: str | Path) -> Path:
    if isinstance(name_or_path, str):
        bundled = resources.rulesets_dir() / name_or_path / RULESET_FILE
        if "/" not in name_or_path and "\\" not in name_or_path and bundled.is_file():
            return bundled.resolve()
    candidate = Path(name_or_path)
    if candidate.is_dir():
        candidate = candidate / RULESET_FILE
    if candidate.is_file():
        return candidate.resolve()
    raise ConfigError(
        [
            Diagnostic(
                file=str(name_or_path),
                line=0,  # a name, not a place in a file
                column=0,
                message=f"no ruleset '{name_or_path}': neither a bundled ruleset id "
                f"nor a {RULESET_FILE} (or a folder holding one)",
                hint=did_you_mean(str(name_or_path), (*bundled_ids(), BASE_ID))
                or f"bundled rulesets: {', '.join(bundled_ids())}",
            )
        ]
    )


@dataclass
class _Layer:
    """One validated ruleset.json of a chain."""

    path: Path
    data: dict[str, Any]
    file: _File | None = None  # its positions, mapped only when a diagnostic needs them


@dataclass
class _File:
    """One ruleset.json being checked; the positions of its keys and values (for the
    diagnostics) are mapped on first use."""

    path: Path
    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _pm: PositionMap | None = None

    @property
    def pm(self) -> PositionMap:
        if self._pm is None:
            from riichi_rules.rulesets.jsonpos import scan

            self._pm = scan(self.text)
        return self._pm

    def at(self, line: int, column: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(
            Diagnostic(
                file=str(self.path),
                line=line,
                column=column,
                message=message,
                source_line=self.pm.source_line(line),
                hint=hint,
            )
        )

    def at_value(self, path: PathKey, message: str, hint: str = "") -> None:
        from riichi_rules.rulesets.jsonpos import render_path

        pos = self.pm.value(path)
        self.at(pos.line, pos.column, f"{render_path(path)}: {message}", hint)

    def at_key(self, path: PathKey, message: str, hint: str = "") -> None:
        from riichi_rules.rulesets.jsonpos import render_path

        pos = self.pm.key(path)
        self.at(pos.line, pos.column, f"{render_path(path)}: {message}", hint)


class _Loader:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.done: dict[Path, list[_Layer] | None] = {}

    def load(self, path: Path, stack: list[Path], referrer: _File | None = None
             ) -> list[_Layer] | None:
        """The chain base..path of validated layers, or None if any file has problems.
        ``referrer``: the file whose ``extends`` names this one."""
        if path in self.done:
            return self.done[path]
        self.done[path] = None
        try:
            text = limits.read_text(path, limits.CONFIG_BYTES, f"a {RULESET_FILE}")
        except InputError as exc:
            self.diagnostics.append(Diagnostic(str(path), 1, 1, exc.message))
            return None
        repeated: list[str] = []  # an object given a key twice (json.loads keeps the last)
        data, problem = _parse(text, repeated)
        if not _looks_like_ruleset(path, data):
            # not a ruleset: say so, and show nothing of the file (it may be anything)
            why = (f"{problem.message} (line {problem.line}, column {problem.column})"
                   if problem is not None
                   else "a JSON value without the \"id\" and \"source\" of a ruleset")
            self._not_a_ruleset(path, why, referrer)
            return None
        if problem is not None:
            lines = text.splitlines()
            source = lines[problem.line - 1] if 0 < problem.line <= len(lines) else ""
            self.diagnostics.append(replace(problem, file=str(path), source_line=source))
            return None
        f = _File(path, text)
        for where, value in _large_numbers(data, ()):
            f.at_value(where, f"this number ({number_text(value)}) is too large: a ruleset "
                       f"writes numbers up to {limits.NUMBER:,}")
        for dup in f.pm.duplicates if repeated else ():
            from riichi_rules.rulesets.jsonpos import render_path

            f.at(
                dup.again.line,
                dup.again.column,
                f"{render_path(dup.path)}: duplicate key '{dup.path[-1]}' "
                f"(first given at line {dup.first.line})",
            )
        _check_schema(f, data)
        if isinstance(data, dict):
            _check_content(f, data)
        parent_path: Path | None = None
        if isinstance(data, dict) and isinstance(data.get("extends"), str):
            parent_path = self._parent(f, data["extends"], [*stack, path])
        # this file's problems first (in text order), then its parent's
        self.diagnostics.extend(sorted(f.diagnostics, key=lambda d: (d.line, d.column)))
        parent: list[_Layer] | None = []
        if parent_path is not None:
            parent = self.load(parent_path, [*stack, path], f)
        result = None
        if not f.diagnostics and parent is not None and isinstance(data, dict):
            result = [*parent, _Layer(path, data, f)]
        self.done[path] = result
        return result

    def _not_a_ruleset(self, path: Path, why: str, referrer: _File | None) -> None:
        hint = (f"a ruleset is a {RULESET_FILE} (or a folder holding one): a JSON object with "
                "\"id\", \"name\", \"source\" and \"extends\"")
        if referrer is None:
            self.diagnostics.append(Diagnostic(str(path), 1, 1, f"not a ruleset: {why}",
                                               hint=hint))
            return
        pos = referrer.pm.value(("extends",))
        target = str(path) if len(str(path)) < 200 else f"{str(path)[:200]}..."
        self.diagnostics.append(Diagnostic(
            str(referrer.path), pos.line, pos.column, f"extends: '{target}' is not a ruleset: "
            f"{why}", referrer.pm.source_line(pos.line), hint))

    def _parent(self, f: _File, target: str, stack: list[Path]) -> Path | None:
        """The file ``extends`` names, or None (with a diagnostic) if missing or a cycle."""
        parent_path = _resolve_extends(f.path, target)
        if parent_path is None:
            f.at_value(
                ("extends",),
                f"unknown ruleset '{target}': neither a bundled ruleset id nor a path "
                f"(relative to this file) to a {RULESET_FILE} or a folder holding one",
                did_you_mean(target, (*bundled_ids(), BASE_ID)),
            )
            return None
        if parent_path in stack:
            cycle = [*stack[stack.index(parent_path) :], parent_path]
            f.at_value(
                ("extends",),
                "cycle in extends: " + " -> ".join(_short(p) for p in cycle),
            )
            return None
        return parent_path


def _parse(text: str, repeated: list[str]) -> tuple[object, Diagnostic | None]:
    """The JSON value of a ruleset.json's text, or None and the problem (its file left to
    fill in, its source line given only for a file that is a ruleset); an object given a key
    twice is noted in ``repeated``."""
    deep = limits.json_nesting(text)
    if deep is not None:
        line, column = _line_column(text, deep)
        return None, Diagnostic("", line, column, f"arrays and objects nest more than "
                                f"{limits.JSON_DEPTH} deep here")
    try:
        return json.loads(text, object_pairs_hook=lambda pairs: _object(pairs, repeated)), None
    except json.JSONDecodeError as exc:
        return None, Diagnostic("", exc.lineno, exc.colno, f"invalid JSON: {exc.msg}")
    except (ValueError, RecursionError):  # a number of more than 4,300 digits
        return None, Diagnostic("", 1, 1, "invalid JSON here: a number has more digits than "
                                "Python reads (4,300)")


def _line_column(text: str, offset: int) -> tuple[int, int]:
    return (text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def _looks_like_ruleset(path: Path, data: object) -> bool:
    """A file named ruleset.json, or a JSON object with a ruleset's "id" and "source" (or
    "extends"): only then are its lines shown in diagnostics."""
    if path.name == RULESET_FILE:
        return True
    return isinstance(data, dict) and ({"id", "source"} <= data.keys() or "extends" in data)


def _large_numbers(value: object, path: PathKey) -> list[tuple[PathKey, int]]:
    """The whole numbers of a JSON value beyond :data:`~riichi_rules.limits.NUMBER`, with
    their paths."""
    found: list[tuple[PathKey, int]] = []
    stack: list[tuple[object, PathKey]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, (*where, k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (*where, i)) for i, v in enumerate(item))
        elif too_large_number(item):
            assert isinstance(item, int)
            found.append((where, item))
    return sorted(found, key=lambda pair: [str(p) for p in pair[0]])


def _object(pairs: list[tuple[str, Any]], repeated: list[str]) -> dict[str, Any]:
    """A JSON object as ``json.loads`` makes it (a key given twice keeps its last value),
    noting in ``repeated`` a key given twice."""
    made = dict(pairs)
    if len(made) < len(pairs):
        repeated.append(pairs[0][0])
    return made


def _short(path: Path) -> str:
    return path.parent.name if path.name == RULESET_FILE else path.name


def _resolve_extends(file: Path, target: str) -> Path | None:
    if "/" not in target and "\\" not in target and not target.endswith(".json"):
        bundled = resources.rulesets_dir() / target / RULESET_FILE
        if bundled.is_file():
            return bundled.resolve()
    candidate = file.parent / target
    if candidate.is_dir():
        candidate = candidate / RULESET_FILE
    return candidate.resolve() if candidate.is_file() else None


_IDENT = re.compile(r"^[a-z][a-z0-9_]*$")


def _check_schema(f: _File, data: object) -> None:
    stamp = _stamp(data)
    if stamp is not None and stamp.exists() and trusted(stamp):  # not one others wrote
        return
    errors = list(_validator().iter_errors(data))
    if not errors and stamp is not None:
        _remember(stamp)
    for err in errors:
        path: PathKey = tuple(err.absolute_path)
        schema_path = list(err.absolute_schema_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = list(err.schema.get("properties", {}))
            what = ("parameter" if path in (("parameters",), ("uncertain",), ("citations",),
                                             ("unsourced",), ("history",))
                    else "key")
            for key in err.instance:
                if key not in allowed:
                    f.at_key(
                        (*path, key),
                        f"unknown {what} '{key}'",
                        did_you_mean(key, allowed) or _known(what, allowed),
                    )
        elif "propertyNames" in schema_path:
            key = str(err.instance)
            f.at_key((*path, key), f"invalid key '{key}': {err.message}")
        elif err.validator == "not" and not path and "then" in schema_path:
            f.at_key(("extends",), "the base ruleset must not extend another ruleset")
        elif err.validator == "pattern" and path[:1] == ("history",) and path[-1] == "until":
            f.at_value(path, f"'{err.instance}' is not a date: write it YYYY-MM-DD "
                       "(e.g. 2010-05-31)")
        elif err.validator == "minProperties" and path[:1] == ("yaku",):
            f.at_value(
                path,
                "an empty yaku override changes nothing",
                "give one of enabled, han_closed, han_open, note",
            )
        else:
            f.at_value(path, err.message if len(err.message) <= 300
                       else err.message[:300] + "...")


def _known(what: str, allowed: list[str]) -> str:
    if what == "parameter" or len(allowed) > 12:
        return ""
    return "known keys: " + ", ".join(allowed)


def _check_content(f: _File, data: dict[str, Any]) -> None:
    """Checks beyond the schema: files that must exist, values that must agree."""
    rules = data.get("rules")
    if isinstance(rules, list):
        for i, name in enumerate(rules):
            if isinstance(name, str) and not (f.path.parent / name).is_file():
                f.at_value(
                    ("rules", i),
                    f"rule file '{name}' not found (looked for {f.path.parent / name})",
                )
    local = data.get("local_yaku")
    if isinstance(local, list):
        available = _local_yaku_ids()
        for i, name in enumerate(local):
            if isinstance(name, str) and _IDENT.match(name) and name not in available:
                f.at_value(
                    ("local_yaku", i),
                    f"unknown local yaku '{name}' (no {name}.rules in {local_yaku_dir()})",
                    did_you_mean(name, available),
                )
    params = data.get("parameters")
    if isinstance(params, dict):
        for name, value in params.items():
            _check_value(f, ("parameters", name), name, value)
    history = data.get("history")
    if isinstance(history, dict):
        for name, timeline in history.items():
            if isinstance(timeline, list):
                _check_history(f, name, timeline,
                               params.get(name, _UNSET) if isinstance(params, dict) else _UNSET)
    yaku = data.get("yaku")
    if isinstance(yaku, dict):
        for yid, override in yaku.items():
            if isinstance(override, dict):
                closed, opened = override.get("han_closed"), override.get("han_open")
                if type(closed) is int and type(opened) is int and opened > closed:
                    f.at_value(
                        ("yaku", yid, "han_open"),
                        f"open han ({opened}) exceeds closed han ({closed})",
                    )


_UMA = frozenset({"uma", "uma_east_only"})
_UNSET = object()


def _check_value(f: _File, path: PathKey, name: str, value: object) -> None:
    """Checks of one parameter's value beyond its schema (an uma must sum to 0)."""
    rows: list[tuple[PathKey, object]] = []
    if name in _UMA:
        rows.append((path, value))
    elif name == "uma_floating" and isinstance(value, dict):
        rows.extend(((*path, k), row) for k, row in value.items())
    for where, row in rows:
        numbers = _int_list(row)
        if numbers and sum(numbers) != 0:
            f.at_value(where, f"the uma must sum to 0 (it sums to {sum(numbers)})")


def _check_history(f: _File, name: str, timeline: list[object], today: object) -> None:
    """A parameter's earlier values: real dates, in order, each value valid and different
    from the one that follows it."""
    previous: tuple[dt.date, int] | None = None
    for i, entry in enumerate(timeline):
        if not isinstance(entry, dict):
            continue
        if "value" in entry:
            _check_value(f, ("history", name, i, "value"), name, entry["value"])
        until = entry.get("until")
        if not isinstance(until, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", until):
            continue  # the schema says so
        try:
            day = parse_day(until)
        except ValueError as exc:
            f.at_value(("history", name, i, "until"), str(exc))
            continue
        if previous is not None and day <= previous[0]:
            f.at_value(("history", name, i, "until"),
                       f"{day} is not after {previous[0]} (history.{name}[{previous[1]}]): "
                       "the dates must be in order, oldest first",
                       "each entry gives the last day its value was in force")
        previous = (day, i)
    for i, entry in enumerate(timeline):
        after = (timeline[i + 1] if i + 1 < len(timeline) else {"value": today})
        if (isinstance(entry, dict) and isinstance(after, dict) and "value" in entry
                and after.get("value", _UNSET) is not _UNSET
                and _freeze(entry["value"]) == _freeze(after["value"])):
            what = (f"history.{name}[{i + 1}]" if i + 1 < len(timeline)
                    else f"parameters.{name}")
            f.at_value(("history", name, i, "value"),
                       f"the same value as the next one ({what}): the entry changes nothing")


_PLACES = ("uma", "uma_east_only")  # one item a place (uma_east_only may be empty)


def _check_places(layers: list[_Layer], params: Mapping[str, object]) -> list[Diagnostic]:
    """The merged values that must agree with the number of players: an uma (and an
    East-only uma, when given) has one item a place, and a floating uma is for four
    players. Each problem is reported where the file nearest the leaf sets the value."""
    players = params.get("players", 4)
    out: list[Diagnostic] = []
    wrong = [name for name in _PLACES if isinstance(params.get(name), tuple)
             and len(params[name]) not in ((0, players) if name == "uma_east_only"  # type: ignore[arg-type]
                                           else (players,))]
    if players != 4 and params.get("uma_floating") is not None:
        wrong.append("uma_floating")
    for name in wrong:
        layer = next((lay for lay in reversed(layers)
                      if name in lay.data.get("parameters", {}) or
                      "players" in lay.data.get("parameters", {})), layers[-1])
        key = name if name in layer.data.get("parameters", {}) else "players"
        line = column = 1
        source = ""
        if layer.file is not None:
            pm = layer.file.pm
            pos = pm.value(("parameters", key))
            line, column, source = pos.line, pos.column, pm.source_line(pos.line)
        value = params[name]
        count = f"{len(value)} places" if isinstance(value, tuple) else "four-player rows"
        out.append(Diagnostic(
            str(layer.path), line, column,
            f"parameters.{name}: {count} for {players} players",
            source, f"give one item a place ({players}), 1st place first"
            if name != "uma_floating" else "a floating uma is for four players: set it to null"))
    return out


def _int_list(value: object) -> list[int] | None:
    if isinstance(value, list) and all(type(v) is int for v in value):
        return value
    return None


def _local_yaku_ids() -> list[str]:
    d = local_yaku_dir()
    return sorted(p.stem for p in d.glob("*.rules")) if d.is_dir() else []


def _hashable(value: object) -> object:
    """A frozen value (tuples, mapping proxies) made hashable."""
    if isinstance(value, Mapping):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


def _freeze(value: object) -> object:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    return value


def _merge(layers: list[_Layer]) -> RulesetConfig:
    params: dict[str, object] = dict(parameter_defaults())
    rule_files: list[Path] = []
    yaku: dict[str, dict[str, object]] = {}
    local: list[str] = []
    uncertain: dict[str, str] = {}
    citations: dict[str, str] = {}
    cited_by: dict[str, str] = {}
    unsourced: dict[str, str] = {}
    earlier: dict[str, tuple[Dated, ...]] = {}
    for layer in layers:
        data = layer.data
        own = data.get("parameters", {})
        for name, value in own.items():
            params[name] = _freeze(value)
            uncertain.pop(name, None)  # a value set again is no longer the parent's doubt
            earlier.pop(name, None)  # nor are its earlier values
            citations.pop(name, None)  # nor is the parent's citation its source
            cited_by.pop(name, None)
            unsourced.pop(name, None)
        # what this layer says of a value's source replaces what the layers below said
        for key, texts in (("citations", citations), ("uncertain", uncertain),
                           ("unsourced", unsourced)):
            for name, text in data.get(key, {}).items():
                for other in (citations, uncertain, unsourced):
                    other.pop(name, None)
                cited_by.pop(name, None)
                texts[name] = text
                if key == "citations":
                    cited_by[name] = data["id"]
        for name, timeline in data.get("history", {}).items():
            earlier[name] = tuple(Dated(parse_day(e["until"]), _freeze(e["value"]),
                                        e.get("note", "")) for e in timeline)
        rule_files.extend((layer.path.parent / r).resolve() for r in data.get("rules", []))
        for yid, override in data.get("yaku", {}).items():
            yaku.setdefault(yid, {}).update(override)
        local.extend(y for y in data.get("local_yaku", []) if y not in local)
    rule_files.extend((local_yaku_dir() / f"{y}.rules").resolve() for y in local)
    leaf = layers[-1]
    return RulesetConfig(
        id=leaf.data["id"],
        name=leaf.data["name"],
        source=MappingProxyType(dict(leaf.data["source"])),
        path=leaf.path,
        chain=tuple(layer.data["id"] for layer in layers),
        parameters=MappingProxyType(params),
        rule_files=tuple(rule_files),
        yaku_overrides=MappingProxyType({k: MappingProxyType(v) for k, v in yaku.items()}),
        local_yaku=tuple(local),
        uncertain=MappingProxyType(uncertain),
        citations=MappingProxyType(citations),
        cited_by=MappingProxyType(cited_by),
        unsourced=MappingProxyType(unsourced),
        history=MappingProxyType({name: (*timeline, Dated(None, params[name]))
                                  for name, timeline in earlier.items()}),
    )
