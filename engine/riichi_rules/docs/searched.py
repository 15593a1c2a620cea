"""What the search finds, for the rulebook: for each ruleset a witness and a near miss of every
scoring rule (:func:`riichi_rules.search.witness.witness_report`), for each comparison the
differences between its two rulesets (:func:`riichi_rules.search.differences.search_differences`)
and, given recorded wins, what each difference does to them
(:func:`riichi_rules.impact.wins.measure`).

The pages must come out the same on every build: the seed is fixed and the budgets are counted
in situations, never in seconds. The searches of different rulesets are independent, so they
may run in worker processes (``jobs``); each is decided by its seed alone. What a search found
is kept in a cache folder (the rulebook's ``.search/``), under a fingerprint of everything that
decides it (the engine's code, the ruleset's parameters and rule files, the grammar, the
budgets and seed, the recorded wins' files): a build that changes none of them (``mkdocs
serve`` rebuilding after an edit of a hand-written page) does not search again. An entry is
JSON read back by type (:mod:`riichi_rules.docs.typed_json`: a file there can make no object
but the search's own values), and one that is not whole, of another format or of another
fingerprint is set aside, with a note saying why, and searched again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from riichi_rules import limits, resources
from riichi_rules.docs.typed_json import plain, typed
from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.impact.corpus import read_wins
from riichi_rules.impact.wins import Impact, WinChange, measure
from riichi_rules.records.files import record_files
from riichi_rules.rulesets.config import load_config, local_yaku_dir
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import program
from riichi_rules.search.causes import Cause, Reason
from riichi_rules.search.climb import Budget
from riichi_rules.search.differences import Differences, search_differences
from riichi_rules.search.witness import witness_report

SEED = 0
WITNESS_SITUATIONS = 200_000  # per ruleset (one witness a rule: most stop far sooner)
DIFFERENCE_SITUATIONS = 30_000  # per pair of rulesets

Scored = tuple[Win, Result]


@dataclass(frozen=True, slots=True)
class RuleWitness:
    """One scoring rule's witness and near miss (None when not found) and, without a witness,
    why (the search's findings, with paths relative to the project)."""

    kind: str  # yaku | yakuman | dora | fu | limit
    name: str
    ordinal: int
    file: str
    line: int
    witness: Scored | None
    near_miss: Scored | None
    why: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Witnesses:
    """The witnesses of one ruleset's scoring rules, and what the search spent."""

    ruleset: str
    rules: tuple[RuleWitness, ...]
    tried: int
    situations: int = WITNESS_SITUATIONS
    seed: int = SEED

    def of(self, kind: str, name: str) -> RuleWitness | None:
        """The first rule of that kind and name (a yaku, a dora kind, a fu item)."""
        return next((r for r in self.rules if r.kind == kind and r.name == name), None)

    def at(self, kind: str, file: str, line: int) -> RuleWitness | None:
        """The rule of that kind written at ``file:line`` (a fu item, a limit)."""
        return next((r for r in self.rules if r.kind == kind and r.line == line
                     and Path(r.file).resolve() == Path(file).resolve()), None)


@dataclass(frozen=True, slots=True)
class PairSearch:
    """What was found for one comparison: the searched differences and, given recorded
    wins, their impact (None without a corpus)."""

    differences: Differences
    impact: Impact | None = None
    corpus: tuple[str, ...] = ()


def witnesses(ruleset: str, situations: int = WITNESS_SITUATIONS,
              seed: int = SEED) -> Witnesses:
    """The witness report of a ruleset (an id or a path), one witness a rule."""
    report = witness_report(program(ruleset), Budget.of(situations), seed=seed, samples=1)
    rules = tuple(RuleWitness(
        w.target.kind, w.target.name, w.target.ordinal, w.target.span.file, w.target.span.line,
        w.witness, w.near_miss,
        tuple(_relative(d.message) for d in (*w.problems, *w.notes)))
        for w in report.rules)
    return Witnesses(report.ruleset, rules, sum(w.tried for w in report.rules), situations,
                     seed)


def pair_search(a: str, b: str, corpus: Sequence[str] = (),
                situations: int = DIFFERENCE_SITUATIONS, seed: int = SEED) -> PairSearch:
    """The differences between two rulesets (ids or paths) and, given recorded wins (the
    files ``riichi compare --corpus`` reads), what they do to those wins."""
    prog_a, prog_b = program(a), program(b)
    found = search_differences(prog_a, prog_b, Budget.of(situations), seed)
    impact = measure(prog_a, prog_b, read_wins(corpus, prog_a)) if corpus else None
    # the targets aimed at stay behind: they hold compiled rules (not sent between processes)
    return PairSearch(dataclasses.replace(found, targets=[]), impact, tuple(corpus))


def _relative(message: str) -> str:
    """A finding's message with the project's paths made relative to it (the pages must not
    depend on where the project lies)."""
    root = str(resources.data_root().resolve())
    return message.replace(root + os.sep, "").replace(root, ".")


_T = TypeVar("_T")
_R = TypeVar("_R")


def run_all(work: Callable[[_T], _R], items: Iterable[_T], jobs: int = 1) -> list[_R]:
    """``work`` on each item, in order; in ``jobs`` worker processes when more than one
    (started afresh, not forked: the mkdocs hook runs inside a server with threads)."""
    items = list(items)
    if jobs <= 1 or len(items) <= 1:
        return [work(item) for item in items]
    with ProcessPoolExecutor(max_workers=min(jobs, len(items)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        return list(pool.map(work, items))


def _task(item: tuple[str, ...]) -> Witnesses | PairSearch:
    """One ruleset's witnesses (``(ruleset,)``) or one pair's search (``(a, b, *corpus)``)."""
    if len(item) == 1:
        return witnesses(item[0])
    return pair_search(item[0], item[1], item[2:])


def search_site(rulesets: Sequence[str], pairs: Sequence[tuple[str, str]],
                corpus: Sequence[str] = (), jobs: int = 1, cache: Path | None = None,
                notes: list[str] | None = None) -> tuple[list[Witnesses], list[PairSearch]]:
    """The witnesses of each ruleset and the searched differences of each pair (rulesets as
    paths or ids), in the order given; those the ``cache`` folder holds are read from it, the
    others searched and written to it (the entries not used are removed). Why an entry of
    the cache was set aside is added to ``notes``."""
    tasks = [(ruleset,) for ruleset in rulesets] + [(a, b, *corpus) for a, b in pairs]
    keys = [fingerprint(task) for task in tasks]
    done: dict[str, Witnesses | PairSearch] = {}
    if cache is not None:
        for key in keys:
            try:
                kept = read_cached(cache / f"{key}{CACHE_SUFFIX}", key)
            except InputError as error:
                if notes is not None:
                    notes.append(f"{cache / (key + CACHE_SUFFIX)}: {error.message}; "
                                 "searched again")
                continue
            if kept is not None:
                done[key] = kept
    todo = [(key, task) for key, task in zip(keys, tasks, strict=True) if key not in done]
    for (key, _), found in zip(todo, run_all(_task, [t for _, t in todo], jobs), strict=True):
        done[key] = found
    if cache is not None:
        searched = {key for key, _ in todo}
        _write_cache(cache, {key: done[key] for key in keys}, set(done) - searched)
    results = [done[key] for key in keys]
    return ([w for w in results if isinstance(w, Witnesses)],
            [p for p in results if isinstance(p, PairSearch)])


def fingerprint(task: tuple[str, ...]) -> str:
    """What decides a search's outcome, hashed: the engine's code, the grammar, each
    ruleset's parameters, yaku changes and rule files, the budgets and seed, and the size and
    time of each file of recorded wins."""
    digest = hashlib.sha256(repr((task, WITNESS_SITUATIONS, DIFFERENCE_SITUATIONS, SEED))
                            .encode())
    package = Path(__file__).resolve().parents[1]
    files = [*sorted(package.rglob("*.py")), resources.grammar_file()]
    for ruleset in task[:1 if len(task) == 1 else 2]:
        config = load_config(ruleset)
        digest.update(json.dumps([config.parameters, config.yaku_overrides],
                                 sort_keys=True, default=str).encode())
        files += [*config.rule_files, *(local_yaku_dir() / f"{name}.rules"
                                        for name in config.local_yaku)]
    for path in files:
        digest.update(str(path).encode())
        digest.update(path.read_bytes() if path.is_file() else b"")
    for path in record_files(task[2:]):
        stat = path.stat() if path.exists() else None
        digest.update(f"{path}:{stat and stat.st_size}:{stat and stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


CACHE_FORMAT = "riichi-rules search 1"  # changed when what an entry holds changes
CACHE_SUFFIX = ".json"
CACHE_BYTES = 64 << 20  # far above an entry's size (a comparison with 6,000 recorded wins)
_KINDS: dict[str, type[Witnesses] | type[PairSearch]] = {
    "witnesses": Witnesses, "pair": PairSearch}


def read_cached(path: Path, key: str) -> Witnesses | PairSearch | None:
    """The cache entry of fingerprint ``key``, or None when there is none. Raises
    :class:`InputError` (``bad_cache``) for a file that is not an entry of this format and
    key, read as the JSON of the search's own types (never as code)."""
    if not path.is_file():
        return None
    try:
        entry = limits.load_json(limits.read_text(path, CACHE_BYTES, "a search cache entry"))
    except json.JSONDecodeError as error:
        raise InputError("bad_cache", f"not JSON ({error.msg} at line {error.lineno}, "
                         f"column {error.colno})") from None
    except InputError as error:
        raise InputError("bad_cache", error.message) from None
    if not (isinstance(entry, dict) and entry.get("format") == CACHE_FORMAT):
        raise InputError("bad_cache", f"not an entry of the format {CACHE_FORMAT!r}")
    if entry.get("key") != key or entry.get("kind") not in _KINDS or set(entry) != {
            "format", "key", "kind", "found"}:
        raise InputError("bad_cache", "not the entry of this fingerprint")
    try:
        return typed(_KINDS[entry["kind"]], entry["found"])
    except ValueError as error:
        raise InputError("bad_cache", limits.cut(str(error), 200)) from None


def _write_cache(cache: Path, entries: dict[str, Witnesses | PairSearch],
                 kept: set[str]) -> None:
    """Write the entries not ``kept`` (read from the folder); remove those of other
    fingerprints, and the entries of the older format (pickles, never read)."""
    cache.mkdir(parents=True, exist_ok=True)
    for key, found in entries.items():
        if key in kept:
            continue
        kind = "witnesses" if isinstance(found, Witnesses) else "pair"
        entry = {"format": CACHE_FORMAT, "key": key, "kind": kind, "found": plain(found)}
        (cache / f"{key}{CACHE_SUFFIX}").write_text(
            json.dumps(entry, separators=(",", ":")) + "\n", encoding="utf-8")
    for old in [*cache.glob(f"*{CACHE_SUFFIX}"), *cache.glob("*.pickle")]:
        if old.stem not in entries or old.suffix == ".pickle":
            old.unlink()


def default_jobs() -> int:
    """One worker a processor the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# ---- the search's causes and the recorded wins' ----------------------------------------------


def cause_key(cause: Cause) -> tuple[str, str]:
    """What a searched cause is about, as :func:`reason_key` says it of a recorded win's: a
    yaku or dora kind by id, a fu item by label, a limit by the limits on each side (or, when
    only its basic points differ, by its name), the payments, or a win refused."""
    if cause.stage in ("yaku", "dora"):
        return ("yaku", cause.name)
    if cause.stage == "limit":
        name, _, basic = cause.name.partition(" (")
        return ("limit", f"{name} basic points" if basic else name)
    if cause.stage in ("payments", "honba", "deposit"):
        return ("payments", "")
    if cause.stage == "refused":
        return ("refused", "")
    return (cause.stage, cause.name)


def reason_key(reason: Reason) -> tuple[str, str]:
    """What a cause of ``riichi compare --corpus`` (:mod:`riichi_rules.impact.wins`) is
    about, as :func:`cause_key` says it of a searched one."""
    what = reason.what
    if what.startswith("yaku "):
        return ("yaku", what.removeprefix("yaku "))
    if what.startswith("fu: "):
        label = what.removeprefix("fu: ")
        return ("fu", "fu" if label == "rounding" else label)
    if what.startswith("limit "):
        name, _, basic = what.removeprefix("limit ").partition(": ")
        return ("limit", f"{name} basic points" if basic else name)
    if what.startswith("payments"):
        return ("payments", "")
    if what.startswith("not a win under "):
        return ("refused", "")
    return (what, "")


def cause_changes(cause: Cause, impact: Impact) -> list[WinChange]:
    """The recorded wins that a searched cause changes (those whose causes include one
    about the same rule)."""
    key = cause_key(cause)
    return [change for change in impact.changes
            if any(reason_key(r) == key for r in change.causes)]
