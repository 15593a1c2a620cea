"""Recorded wins rescored under two rulesets A and B: how many change, how, by how many points,
and why, by cause (the rule and the differing parameters behind each difference, as
:func:`riichi_rules.search.causes.reasons` names them for the conformance cases).

A win *differs* in one or more of these kinds (:data:`KINDS`):

* ``points``: what the winner receives differs (the hand's value, with the honba and riichi
  sticks the win carries);
* ``value``: han, fu, limit, basic points or yakuman multiple differ;
* ``yaku``: the yaku that score (with their han or multiple) differ;
* ``only_a`` / ``only_b``: it is a win under one ruleset only (under the other: no yaku, or
  another error).

The points moved by a win are B's minus A's, counted over the wins that score under both. A
rule whose part differs only because another's did (a limit reached with the han a red five
added) is not a cause of its own (see :class:`riichi_rules.search.causes.Explainer`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.impact.corpus import INTERNAL, CorpusWin, Unread, read_wins
from riichi_rules.records.files import record_files
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import program, score
from riichi_rules.search.causes import Reason, outcome, reasons

KINDS: Mapping[str, str] = {
    "points": "different points",
    "value": "different han, fu, limit or yakuman multiple",
    "yaku": "different yaku",
    "only_a": "a win under {a} only",
    "only_b": "a win under {b} only",
}
"""The kinds of difference, each with its title ({a}, {b}: the rulesets' ids)."""


@dataclass(frozen=True, slots=True)
class WinChange:
    """A win whose outcome differs: the outcomes in short (``4h30f 7700``, ``error no_yaku``),
    the kinds of difference, the causes, and the points moved (B - A; None unless the win
    scores under both)."""

    win: CorpusWin
    a: str
    b: str
    kinds: tuple[str, ...]
    causes: tuple[Reason, ...]
    moved: int | None

    def to_json(self) -> dict[str, Any]:
        w = self.win
        return {"win": w.id, "source": w.source, "line": w.line, "game": w.game,
                "hand": w.hand, "seat": w.seat, "a": self.a, "b": self.b,
                "kinds": list(self.kinds), "causes": [cause_text(c) for c in self.causes],
                "points": self.moved}


@dataclass(frozen=True, slots=True)
class CauseImpact:
    """The wins one cause changes, and the points they move."""

    cause: Reason
    changes: tuple[WinChange, ...]

    @property
    def moved(self) -> list[int]:
        """The points moved by each of its wins that score under both rulesets."""
        return [c.moved for c in self.changes if c.moved is not None]

    @property
    def largest(self) -> WinChange | None:
        """The win that moves the most points either way (the first, on a tie)."""
        scored = [c for c in self.changes if c.moved is not None]
        return max(scored, key=lambda c: abs(c.moved or 0)) if scored else None


@dataclass(frozen=True, slots=True)
class Impact:
    """Every win of a corpus under rulesets ``a`` and ``b``.

    ``found`` wins = skipped + unreadable + read; read = scored under both + under A only +
    under B only + under neither; ``changes`` are the wins whose outcome differs (those scored
    under both that differ, and those scored under one only). ``unread`` keeps every win not
    read (and every file not read at all, standing for no win)."""

    a: str
    b: str
    read: int
    scored_both: int
    neither: Mapping[str, int]  # wins scored under neither ruleset, by their errors
    changes: tuple[WinChange, ...]
    unread: tuple[Unread, ...]
    neither_examples: Mapping[str, str] = field(default_factory=dict)  # the first win of each

    @property
    def skipped(self) -> Counter[str]:
        return _by_reason(u for u in self.unread if u.skipped)

    @property
    def unreadable(self) -> Counter[str]:
        return _by_reason(u for u in self.unread if not u.skipped and u.wins)

    @property
    def files_unreadable(self) -> Counter[str]:
        return Counter(u.reason for u in self.unread if not u.wins)

    @property
    def found(self) -> int:
        return self.read + sum(u.wins for u in self.unread)

    @property
    def kinds(self) -> dict[str, int]:
        counts = Counter(kind for c in self.changes for kind in c.kinds)
        return {kind: counts[kind] for kind in KINDS}

    @property
    def causes(self) -> list[CauseImpact]:
        """Each cause with its wins, the most wins first (a win with several causes is under
        each)."""
        by_cause: dict[Reason, list[WinChange]] = {}
        for change in self.changes:
            for cause in change.causes:
                by_cause.setdefault(cause, []).append(change)
        return sorted((CauseImpact(c, tuple(w)) for c, w in by_cause.items()),
                      key=lambda ci: (-len(ci.changes), cause_text(ci.cause)))

    def example(self, reason: str) -> str:
        """The message of the first win (or file) not read for ``reason``, or the first win
        scored under neither ruleset for it."""
        return next((u.message for u in self.unread if u.reason == reason),
                    self.neither_examples.get(reason, ""))

    def kind_title(self, kind: str) -> str:
        return KINDS[kind].format(a=self.a, b=self.b)

    def to_json(self, examples: int = 3) -> dict[str, Any]:
        def reasons_json(counts: Counter[str]) -> dict[str, Any]:
            return {"total": sum(counts.values()), "reasons": [
                {"reason": r, "count": n, "example": self.example(r)}
                for r, n in counts.most_common()]}

        scored = [c.moved for c in self.changes if c.moved is not None]
        return {
            "a": self.a, "b": self.b,
            "wins": {
                "found": self.found, "skipped": reasons_json(self.skipped),
                "unreadable": reasons_json(self.unreadable), "read": self.read,
                "scored_both": self.scored_both, "only_a": self.kinds["only_a"],
                "only_b": self.kinds["only_b"],
                "neither": reasons_json(Counter(self.neither)),
                "differ": len(self.changes), "same": self.read - len(self.changes)
                - sum(self.neither.values()),
            },
            "files_unreadable": reasons_json(self.files_unreadable),
            "kinds": self.kinds,
            "points": _points_json(scored),
            "causes": [{
                "cause": cause_text(ci.cause), "what": ci.cause.what, "origin": ci.cause.origin,
                "parameters": list(ci.cause.parameters), "wins": len(ci.changes),
                "share": _share(len(ci.changes), self.read),
                "points": _points_json(ci.moved, ci.largest),
                "examples": [c.win.id for c in ci.changes[:examples]],
            } for ci in self.causes],
            "differences": [c.to_json() for c in self.changes],
        }


def _by_reason(unread: Iterable[Unread]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for u in unread:
        counts[u.reason] += u.wins
    return counts


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _points_json(moved: list[int], largest: WinChange | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"wins": len(moved), "total": sum(moved),
                           "mean": round(sum(moved) / len(moved), 1) if moved else 0.0}
    if largest is not None:
        out["largest"] = {"points": largest.moved, "win": largest.win.id}
    return out


def cause_text(cause: Reason) -> str:
    """``limit none vs mangan (rulesets/base/scoring.rules:5) [rule.kiriage]``."""
    return str(cause) if cause.origin else cause.what + (
        f" [rule.{', rule.'.join(cause.parameters)}]" if cause.parameters else "")


Ruleset = str | Path | ScoringProgram
FileMap = Callable[[Callable[[tuple[str, str, str]], "Impact"], Sequence[tuple[str, str, str]]],
                   Iterator["Impact"]]


def corpus_impact(a: Ruleset, b: Ruleset, paths: Iterable[str | Path],
                  map_files: FileMap | None = None) -> Impact:
    """Every recorded win of the files (see :mod:`riichi_rules.impact.corpus`; the referee
    follows game records under ``a``) scored under ``a`` and under ``b``. ``map_files`` (like
    :func:`riichi_rules.parallel.run_all`) runs :func:`file_impact` over the files elsewhere
    (rulesets then by id or path, not as programs); the files' impacts are joined in order."""
    prog_a, prog_b = program(a), program(b)
    if map_files is None:
        return measure(prog_a, prog_b, read_wins(paths, prog_a))
    if isinstance(a, ScoringProgram) or isinstance(b, ScoringProgram):
        raise TypeError("map_files takes the rulesets by id or path")
    work = [(str(path), str(a), str(b)) for path in record_files(paths)]
    return joined(prog_a, prog_b, map_files(file_impact, work))


def file_impact(work: tuple[str, str, str]) -> Impact:
    """The impact of one file: ``(file, ruleset A, ruleset B)``."""
    path, a, b = work
    prog_a = program(a)
    return measure(prog_a, program(b), read_wins([path], prog_a))


DIED = ("the process reading this file died (the machine ran out of memory, or a bug of "
        "riichi-rules; please report it with this file)")


def lost_impact(work: tuple[str, str, str]) -> Impact:
    """What stands for a file whose process died (``lost`` of
    :func:`riichi_rules.parallel.run_all`): the file not read, saying so."""
    path = work[0]
    return Impact("", "", 0, 0, {}, (), (Unread(path, False, INTERNAL, f"{path}: {DIED}", 0),))


def joined(a: ScoringProgram, b: ScoringProgram, parts: Iterable[Impact]) -> Impact:
    """The impacts of files one after another, as one: what :func:`measure` gives for the
    wins of all the files in that order."""
    read = both = 0
    neither: Counter[str] = Counter()
    neither_examples: dict[str, str] = {}
    changes: list[WinChange] = []
    unread: list[Unread] = []
    for part in parts:
        read += part.read
        both += part.scored_both
        neither.update(part.neither)
        for errors, example in part.neither_examples.items():
            neither_examples.setdefault(errors, example)
        changes.extend(part.changes)
        unread.extend(part.unread)
    return Impact(a.config.label, b.config.label, read, both, dict(neither), tuple(changes),
                  tuple(unread), neither_examples)


def measure(a: ScoringProgram, b: ScoringProgram, wins: Iterable[CorpusWin | Unread]) -> Impact:
    """Score each win under both rulesets and keep those whose outcome differs."""
    read = both = 0
    neither: Counter[str] = Counter()
    neither_examples: dict[str, str] = {}
    changes: list[WinChange] = []
    unread: list[Unread] = []
    for item in wins:
        if isinstance(item, Unread):
            unread.append(item)
            continue
        read += 1
        (ra, error_a), (rb, error_b) = _scored(item.win, a), _scored(item.win, b)
        if ra is None and rb is None:
            errors = error_a if error_a == error_b else f"{error_a} / {error_b}"
            neither[errors] += 1
            neither_examples.setdefault(errors, item.id)
        elif ra is None or rb is None:
            changes.append(_one_sided(item, ra, rb, a, b, error_a or error_b))
        else:
            both += 1
            kinds = _kinds(ra, rb)
            if kinds:
                changes.append(WinChange(
                    item, outcome(ra), outcome(rb), kinds,
                    reasons(item.win, a, b),
                    rb.winner_receives - ra.winner_receives))
    return Impact(a.config.label, b.config.label, read, both, dict(neither), tuple(changes),
                  tuple(unread), neither_examples)


def _scored(win: Win, prog: ScoringProgram) -> tuple[Result | None, str]:
    """The result, or None and the error's code (``internal_error`` for a bug, which costs
    that win alone)."""
    try:
        return score(win, prog), ""
    except InputError as error:
        return None, error.code
    except Exception:
        return None, "internal_error"


def _kinds(ra: Result, rb: Result) -> tuple[str, ...]:
    kinds = []
    if ra.winner_receives != rb.winner_receives:
        kinds.append("points")
    if (ra.han, ra.fu, ra.limit, ra.basic, ra.yakuman) != (
            rb.han, rb.fu, rb.limit, rb.basic, rb.yakuman):
        kinds.append("value")
    if {(y.id, y.han, y.yakuman) for y in ra.yaku} != {(y.id, y.han, y.yakuman) for y in rb.yaku}:
        kinds.append("yaku")
    return tuple(kinds)


def _one_sided(
    item: CorpusWin, ra: Result | None, rb: Result | None, a: ScoringProgram,
    b: ScoringProgram, error: str,
) -> WinChange:
    """A win under one ruleset only (``error``: the other's): its causes (the yaku it scores
    there whose two versions part, a refusal the parameters give); else the error."""
    causes = reasons(item.win, a, b)
    if not causes:
        other = b if ra is not None else a
        causes = (Reason(f"not a win under {other.config.label}: {error}", "", ()),)
    return WinChange(item, outcome(ra, "" if ra else error), outcome(rb, "" if rb else error),
                     ("only_a" if ra is not None else "only_b",), causes, None)
