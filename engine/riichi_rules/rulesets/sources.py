"""The registry of sources (``rulesets/sources.json``) and the check of every citation.

Rulesets, rule files and conformance cases name their sources by registry id, with the
section or a short quote: ``ema-rcr-2016 §3.3.7``, ``[riichi-wiki-tenhou-rules]``. This
module loads the registry (validated by ``rulesets/schema/sources.schema.json``), finds the
ids a text cites, and walks every citing text of the bundled data to report an id that is
not in the registry, a text that cites none, a pointer at notes kept outside the repository,
and a registry entry that nothing cites.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from riichi_rules import resources

SOURCES_FILE = "sources.json"
SOURCES_SCHEMA = "sources.schema.json"

# A registry id: kebab-case with at least one hyphen (ema-rcr-2016, riichi-wiki-tenhou-rules).
_ID = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+"
_TOKEN = re.compile(rf"(?<![A-Za-z0-9_/.-])({_ID})(?![A-Za-z0-9_-])")
# Where an id-shaped word is meant as a citation: inside [...] or followed by a section sign.
_BRACKETS = re.compile(r"\[([^\[\]\n]*)\]")
_SECTION = re.compile(rf"(?<![A-Za-z0-9_/.-])({_ID}) (?:§|ch\.)")
# Pointers at the team's private notes (outside the repository) that a citation must not hold.
_OUTSIDE = (
    (re.compile(r"variants\.md"), "the private comparison notes"),
    (re.compile(r"rules-sources"), "the private source folder"),
    (re.compile(r"\b\d{3}_\*?[0-9a-f]*\.txt"), "a private source file"),
    (re.compile(r"\[[^\]\n]*\bS\d{1,2}\b[^\]\n]*\]|\(S\d{1,2}\b|\bS\d{1,2}\s*[/,]\s*S\d"),
     "a source key of the private notes"),
)


@dataclass(frozen=True)
class Source:
    """One entry of the registry."""

    id: str
    title: str
    edition: str
    kind: str
    url: str | None
    language: str
    covers: str
    publisher: str = ""
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Citation:
    """A text that cites: where it is (file, line, what) and the text."""

    file: Path
    line: int
    where: str
    text: str
    required: bool  # must name at least one registry id


@dataclass(frozen=True)
class Problem:
    file: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def registry_file() -> Path:
    return resources.rulesets_dir() / SOURCES_FILE


@cache
def load_sources(path: Path | None = None) -> Mapping[str, Source]:
    """The registry by id, validated by its JSON Schema (ValueError naming the entry if not)."""
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

    path = path or registry_file()
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    schema = json.loads((resources.rulesets_dir() / "schema" / SOURCES_SCHEMA)
                        .read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        at = "/".join(str(p) for p in e.path)
        raise ValueError(f"{path}: {at or 'top'}: {e.message} (see {SOURCES_SCHEMA})")
    out: dict[str, Source] = {}
    for entry in data["sources"]:
        if entry["id"] in out:
            raise ValueError(f"{path}: source id {entry['id']!r} appears twice")
        out[entry["id"]] = Source(
            id=entry["id"], title=entry["title"], edition=entry["edition"], kind=entry["kind"],
            url=entry["url"], language=entry["language"], covers=entry["covers"],
            publisher=entry.get("publisher", ""), also=tuple(entry.get("also", ())))
    return out


def cited_ids(text: str, known: Iterable[str]) -> list[str]:
    """The registry ids ``text`` names, in order of first mention."""
    known_set = set(known)
    out: list[str] = []
    for m in _TOKEN.finditer(text):
        if m.group(1) in known_set and m.group(1) not in out:
            out.append(m.group(1))
    return out


def unknown_ids(text: str, known: Iterable[str]) -> list[str]:
    """Ids used as citations (inside ``[...]`` or before ``§``/``ch.``) not in the registry."""
    known_set = set(known)
    candidates = [m.group(1) for m in _SECTION.finditer(text)]
    for m in _BRACKETS.finditer(text):
        candidates += [t.group(1) for t in _TOKEN.finditer(m.group(1))]
    return sorted({c for c in candidates if c not in known_set and not _ruleset_or_yaku(c)})


def outside_pointers(text: str) -> list[str]:
    """What in ``text`` points at notes kept outside the repository."""
    return [what for pattern, what in _OUTSIDE if pattern.search(text)]


def check(root: Path | None = None) -> list[Problem]:
    """Every citation problem in the bundled rulesets, rule files and conformance cases."""
    sources = load_sources()
    problems: list[Problem] = []
    used: set[str] = set()
    for c in citations(root):
        ids = cited_ids(c.text, sources)
        used.update(ids)
        for what in outside_pointers(c.text):
            problems.append(Problem(c.file, c.line, f"{c.where}: points at {what}; cite a "
                                    f"source of {SOURCES_FILE} by id instead"))
        for bad in unknown_ids(c.text, sources):
            problems.append(Problem(c.file, c.line, f"{c.where}: {bad!r} is not a source id "
                                    f"of {SOURCES_FILE}"))
        if c.required and not ids and not c.text.lstrip().lower().startswith("derivation"):
            problems.append(Problem(c.file, c.line, f"{c.where}: names no source of "
                                    f"{SOURCES_FILE} (cite an id with a section or quote)"))
    for sid in sources:
        if sid not in used:
            problems.append(Problem(registry_file(), 1, f"source {sid!r} is cited nowhere"))
    return problems


def citations(root: Path | None = None) -> Iterator[Citation]:
    """Every citing text: ruleset.json (source notes, citations, uncertain, notes, x-source of
    the schema), the ``source "..."`` clauses and comments of .rules files, the sources,
    notes and undecided reasons of conformance cases (and their comments)."""
    rulesets = root / "rulesets" if root else resources.rulesets_dir()
    conformance = root / "conformance" if root else resources.conformance_dir()
    yield from _schema_citations(rulesets / "schema" / "ruleset.schema.json")
    ruleset_files = [*rulesets.glob("*/ruleset.json"), *conformance.glob("rulesets/*/ruleset.json")]
    for path in sorted(ruleset_files):
        yield from _ruleset_citations(path)
    for path in sorted(rulesets.glob("**/*.rules")):
        yield from _rules_citations(path)
    for path in sorted(conformance.glob("*.yaml")):
        yield from _case_citations(path)
    readme = conformance / "README.md"
    if readme.is_file():
        yield from _lines(readme, required=False, where="text")


# --------------------------------------------------------------------------- internals


def _ruleset_or_yaku(word: str) -> bool:
    """Ids of rulesets and their parameters' values share the id shape; they are not sources."""
    rulesets = resources.rulesets_dir()
    return (rulesets / word / "ruleset.json").is_file() or word in {"local-yaku"}


def _line_of(text: str, needle: str) -> int:
    at = text.find(needle[:60])
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def _schema_citations(path: Path) -> Iterator[Citation]:
    raw = path.read_text(encoding="utf-8")
    schema = json.loads(raw)
    for name, definition in schema.get("$defs", {}).items():
        if "x-source" in definition:
            text = definition["x-source"]
            yield Citation(path, _line_of(raw, text), f"{name} x-source", text, True)


def _ruleset_citations(path: Path) -> Iterator[Citation]:
    raw = path.read_text(encoding="utf-8")
    data = json.loads(raw)
    texts: list[tuple[str, str, bool]] = []
    notes = data.get("source", {}).get("notes")
    if notes:
        texts.append(("source.notes", notes, True))
    for key in ("citations", "uncertain"):
        for name, text in data.get(key, {}).items():
            texts.append((f"{key}.{name}", text, True))
    extra = data.get("notes", [])
    for i, text in enumerate([extra] if isinstance(extra, str) else extra):
        texts.append((f"notes[{i}]", text, True))
    for yid, override in data.get("yaku", {}).items():
        if "note" in override:
            texts.append((f"yaku.{yid}.note", override["note"], False))
    for where, text, required in texts:
        yield Citation(path, _line_of(raw, json.dumps(text, ensure_ascii=False)[1:]), where,
                       text, required)


_SOURCE_CLAUSE = re.compile(r'\bsource\s+"((?:[^"\\]|\\.)*)"')


def _rules_citations(path: Path) -> Iterator[Citation]:
    raw = path.read_text(encoding="utf-8")
    for m in _SOURCE_CLAUSE.finditer(raw):
        text = m.group(1).replace('\\"', '"')
        yield Citation(path, raw.count("\n", 0, m.start()) + 1, "source", text, True)
    yield from _lines(path, required=False, where="comment", only_comments=True)


def _lines(path: Path, *, required: bool, where: str,
           only_comments: bool = False) -> Iterator[Citation]:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if only_comments and not line.lstrip().startswith("#"):
            continue
        yield Citation(path, i, where, line, required)


def _case_citations(path: Path) -> Iterator[Citation]:
    import yaml

    from riichi_rules.bounded_yaml import StrictLoader

    raw = path.read_text(encoding="utf-8")
    for i, line in enumerate(raw.splitlines(), 1):
        if line.lstrip().startswith("#"):
            yield Citation(path, i, "comment", line, False)
    cases = yaml.load(raw, Loader=StrictLoader) or []  # the safe loader, decimal numbers
    for case in cases if isinstance(cases, list) else []:
        if not isinstance(case, dict):
            continue
        cid = str(case.get("id", "?"))
        at = _line_of(raw, f"id: {cid}")
        if isinstance(case.get("source"), str):
            yield Citation(path, at, f"{cid} source", case["source"], True)
        if isinstance(case.get("notes"), str):
            yield Citation(path, at, f"{cid} notes", case["notes"], False)
        for rid, outcome in (case.get("expect") or {}).items():
            if not isinstance(outcome, dict):
                continue
            for key in ("source", "undecided"):
                if isinstance(outcome.get(key), str):
                    yield Citation(path, at, f"{cid} {rid} {key}", outcome[key], True)
