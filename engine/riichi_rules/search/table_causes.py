"""Why referees part: a referee case (a deal and events, as the conformance suite writes them)
followed under several rulesets, and where the outcomes differ, followed again with every
question also put to the others (referee/shadow.py); what each outcome is, in a few words, and
which clauses of the table rules (or scorings of a win) answered differently in a way that
changes it: the table rules' counterpart of causes.py.

The table search puts its witnesses down to their causes with a :class:`Panel`
(table_differences.py), and :mod:`riichi_rules.comparison.cases` makes the suite's referee
case differences from one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from riichi_rules.conformance.cases import EVENT_FIELDS, Case
from riichi_rules.conformance.events import Play, observe, play
from riichi_rules.errors import RuleFault, RulesetFault
from riichi_rules.hand import Win
from riichi_rules.language import ast
from riichi_rules.referee.hand import HandReferee
from riichi_rules.referee.shadow import ABSENT, SCORING, Part, Scored, Shadow, scored_alike
from riichi_rules.scoring.program import ScoringProgram, names_read, parameters_read

__all__ = ["Cause", "Outcome", "Panel", "Trace", "cells", "outcome_of", "part_origin",
           "part_parameters", "part_text"]


@dataclass(frozen=True, slots=True)
class Trace:
    """A case followed under one ruleset of a panel with every question also put to the
    others: by the panel's index of each other ruleset, the clauses that answered differently
    (the first answers here and there) and the scorings of wins that differ."""

    table: tuple[Mapping[Part, tuple[Any, Any]], ...]
    scoring: tuple[tuple[tuple[Win, Scored, Scored], ...], ...]


@dataclass(frozen=True, slots=True)
class Cause:
    """A clause of a table rule (or the scoring of a win, ``part`` :data:`SCORING`) that the
    two rulesets answer differently: ``a`` and ``b`` are the answers (for a scoring, of
    ``win``)."""

    part: Part
    a: Any
    b: Any
    win: Win | None = None


_MOST = 3
"""The largest set of clauses tried together as the cause of a difference, once the clauses
that the others do without are dropped."""

Outcome = Mapping[str, Any]
"""What the referee says after a case's events, as far as the case states it (:func:`_stated`),
with ``illegal``: the disagreements the last event raises, ``earlier``: those raised before it,
and ``error`` when an event cannot happen at all."""


class Panel:
    """Referee cases under several compiled rulesets."""

    def __init__(self, programs: Sequence[ScoringProgram]) -> None:
        self.programs = tuple(programs)
        self._shadows: dict[int, Shadow] = {}
        self._swapped: dict[tuple[int, int, frozenset[Part]], Shadow] = {}
        self._traced: tuple[str, dict[int, Trace]] = ("", {})

    def outcomes(self, case: Case) -> list[Outcome]:
        """The case's outcome under each ruleset of the panel, in order."""
        return [_outcome(case, p) for p in self.programs]

    def causes(self, case: Case, outcomes: Sequence[Outcome], i: int, j: int
               ) -> tuple[Cause, ...]:
        """Why the outcomes under rulesets ``i`` and ``j`` differ: of the clauses (and the
        scoring) they answer differently, the fewest whose answers, taken from ``j`` in the
        hand followed under ``i`` (or the other way round), give ``j``'s outcome
        (:meth:`_explaining`). Failing that, those whose answer alone changes the outcome under
        either, and failing that, all of them."""
        ti, tj = self._trace(case, i), self._trace(case, j)
        mine, theirs = ti.table[j], tj.table[i]
        parts = [*mine, *(p for p in theirs if p not in mine)]
        if ti.scoring[j] or tj.scoring[i]:
            parts.append(SCORING)
        chosen = (self._explaining(case, outcomes, i, j, parts)
                  or self._explaining(case, outcomes, j, i, parts)
                  or [p for p in parts if self._changes(case, outcomes, i, j, p)
                      or self._changes(case, outcomes, j, i, p)]
                  or parts)
        out: list[Cause] = []
        for part in chosen:
            if part == SCORING:
                pairs = [*ti.scoring[j], *((w, b, a) for w, a, b in tj.scoring[i])]
                for win, a, b in pairs:
                    if not any(scored_alike(a, c.a) and scored_alike(b, c.b) for c in out
                               if c.part == SCORING):
                        out.append(Cause(SCORING, a, b, win))
            elif part in mine:
                out.append(Cause(part, *mine[part]))
            else:
                there, here = theirs[part]
                out.append(Cause(part, here, there))
        return tuple(out)

    def parted(self, case: Case, i: int, j: int) -> list[Part]:
        """The clauses that answer rulesets ``i`` and ``j`` differently in the case, followed
        under either."""
        ti, tj = self._trace(case, i), self._trace(case, j)
        return list(dict.fromkeys([*ti.table[j], *tj.table[i]]))

    def matters(self, case: Case, outcomes: Sequence[Outcome], parts: Sequence[Part]
                ) -> bool:
        """Whether ``parts``, answering as under the other of the first two rulesets,
        account for some of the difference between their outcomes: followed under either
        with those answers, the case's outcome differs from the other's in fewer of its
        fields (a seat's claims or furiten, a next-hand flag, each a field), and in none it
        did not (a cheap first look before :meth:`causes`)."""
        for i, j in ((0, 1), (1, 0)):
            before = _fields_apart(outcomes[i], outcomes[j])
            after = _fields_apart(self._swapped_outcome(case, i, j, parts), outcomes[j])
            if after < before:
                return True
        return False

    def _explaining(self, case: Case, outcomes: Sequence[Outcome], i: int, j: int,
                    parts: Sequence[Part]) -> list[Part]:
        """A smallest set of parts whose answers, taken from ruleset ``j`` in the hand
        followed under ``i``, give ``j``'s outcome (none, if all of them together do not).
        The parts that the others do without are dropped one by one; among those left, the
        smallest sets (of up to :data:`_MOST`) that do it alone are joined, or else all those
        left are kept. (Two clauses that make up for each other, like two ways of paying the
        same stick, stay out unless both are needed.)"""
        if self._swapped_outcome(case, i, j, parts) != outcomes[j]:
            return []
        kept = list(parts)
        for part in parts:
            rest = [p for p in kept if p != part]
            if rest and self._swapped_outcome(case, i, j, rest) == outcomes[j]:
                kept = rest
        for size in range(1, min(len(kept) - 1, _MOST) + 1):
            found = [p for subset in combinations(kept, size)
                     if self._swapped_outcome(case, i, j, subset) == outcomes[j]
                     for p in subset]
            if found:
                return list(dict.fromkeys(found))
        return kept

    def _changes(self, case: Case, outcomes: Sequence[Outcome], i: int, j: int,
                 part: Part) -> bool:
        """Whether the outcome under ruleset ``i`` changes when ``part`` answers as under
        ``j``."""
        return self._swapped_outcome(case, i, j, (part,)) != outcomes[i]

    def _swapped_outcome(self, case: Case, i: int, j: int, parts: Sequence[Part]) -> Outcome:
        key = (i, j, frozenset(parts))
        if key not in self._swapped:
            self._swapped[key] = Shadow(self.programs[i], [self.programs[j]], swap=parts)
        shadow = self._swapped[key]
        return _outcome(case, shadow.program, shadow)

    def _trace(self, case: Case, i: int) -> Trace:
        """The case followed under ruleset ``i`` with every question also put to the others
        (kept for the case at hand)."""
        key = f"{case.location} {case.id}"
        if self._traced[0] != key:
            self._traced = (key, {})
        traces = self._traced[1]
        if i not in traces:
            if i not in self._shadows:
                others = [p for k, p in enumerate(self.programs) if k != i]
                self._shadows[i] = Shadow(self.programs[i], others)
            shadow = self._shadows[i]
            _outcome(case, shadow.program, shadow)
            place = [k - (k > i) for k in range(len(self.programs))]  # among the others
            traces[i] = Trace(
                tuple({} if k == i else dict(shadow.table.get(place[k], {}))
                      for k in range(len(self.programs))),
                tuple(() if k == i else tuple(shadow.scoring.get(place[k], ()))
                      for k in range(len(self.programs))))
        return traces[i]


def _fields_apart(x: Outcome, y: Outcome) -> set[tuple[str, Any]]:
    """The fields on which two outcomes differ, a field of a mapping (a seat's claims) each."""
    out: set[tuple[str, Any]] = set()
    for name in set(x) | set(y):
        a, b = x.get(name), y.get(name)
        if a == b:
            continue
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            out.update((name, k) for k in set(a) | set(b) if a.get(k) != b.get(k))
        else:
            out.add((name, None))
    return out


def programs_on(case: Any, progs: Sequence[ScoringProgram]) -> list[ScoringProgram]:
    """The programs as a case runs under them: a ruleset whose values changed over time is
    taken at the case's date, unless it was named with a date of its own."""
    from riichi_rules.scoring.scorer import program

    day = getattr(case, "date", None)
    return [p if day is None or p.config.date is not None or not p.config.history
            else program(p.config.at(day)) for p in progs]


def _outcome(case: Case, program: ScoringProgram, shadow: Shadow | None = None) -> Outcome:
    """What the referee says after the case's events under ``program`` (a shadow's, whose
    referee then also asks the others). Raises :class:`RulesetFault` where a rule has no
    value on them, as a scoring case does (comparison/cases.py)."""
    assert case.deal is not None
    if shadow is not None:
        shadow.clear()
    try:
        played = play(case.deal, case.steps, program, name=case.id,
                      make_referee=shadow.referee if shadow is not None else HandReferee)
        return outcome_of(case, played)
    except RuleFault as fault:  # the fault of the program asked, or of another the shadow asked
        label = shadow.faulted if shadow is not None and shadow.faulted else program.config.label
        raise RulesetFault(label, case.id, case.location, fault) from None


def outcome_of(case: Case, played: Play) -> Outcome:
    """The outcome of the case's events as followed (:func:`play`), as the panel compares
    it (for a caller that has followed them already)."""
    if played.error:
        return {"error": f"{case.steps[played.error_step].text}: {played.error}"}
    observed = observe(played)
    out: dict[str, Any] = {
        "earlier": [f"{d.what} (line {case.steps[k].line})"
                    for k, raised in enumerate(played.disagreements[:-1]) for d in raised],
        "illegal": observed["illegal"],
    }
    for name, seats in _stated(case).items():
        value: Any = observed.get(name)
        if name in ("final_scores", "final_points") and observed.get("game_over") is False:
            value = None  # the game goes on: no final standings to compare
        out[name] = value if seats is None else {s: value.get(s, []) for s in seats}
    return out


def _stated(case: Case) -> dict[str, tuple[int, ...] | None]:
    """The fields the case's expectations state (any ruleset's), with the seats they state for
    ``furiten`` and ``claims`` (None: the whole field): what the case is about, and so what
    its outcomes are compared on (with the disagreements the events raise, always)."""
    out: dict[str, tuple[int, ...] | None] = {}
    for expected in case.expect.values():
        for name, value in expected.items():
            if name not in EVENT_FIELDS or name in ("legal", "illegal"):
                continue
            if name in ("furiten", "claims"):
                seats = {*(out.get(name) or ()), *(int(s) for s in value)}
                out[name] = tuple(sorted(seats))
            else:
                out[name] = None
    return out


# ---- the outcomes in a few words ------------------------------------------------------------

_DETAILS = ("wins", "deltas", "furiten", "claims", "tenpai", "sticks", "next", "game_over",
            "final_scores", "final_points")
"""The fields shown when the last event's verdict and wins agree, in this order."""

_FOLLOWS = {"deltas": ("wins",), "final_scores": ("deltas", "sticks"),
            "final_points": ("final_scores", "deltas", "sticks")}
"""Fields left out when a field they follow from differs too."""


def cells(outcomes: Sequence[Outcome]) -> list[str]:
    """Each outcome in a few words, showing what differs among them: the verdict on the last
    event (the disagreement it raises, or the wins where the case states them, or "legal")
    where that differs, else the fields that differ ("deltas -4000/+2000/+2000/0",
    "furiten 1: none", "game over")."""
    heads = [_head(o) for o in outcomes]
    if len(set(heads)) > 1:
        return heads
    fields = [f for f in _DETAILS if _differ(outcomes, f)]
    fields = [f for f in fields if not any(g in fields for g in _FOLLOWS.get(f, ()))]
    if not fields:
        return heads
    return ["; ".join(_field(o, f, outcomes) for f in fields) for o in outcomes]


def _head(outcome: Mapping[str, Any]) -> str:
    if "error" in outcome:
        return f"cannot happen: {outcome['error']}"
    parts = list(outcome["earlier"])
    if outcome["illegal"]:
        parts.append(", ".join(outcome["illegal"]))
    elif outcome.get("wins"):
        parts.append(_wins(outcome))
    else:
        parts.append("legal")
    return "; ".join(parts)


def _wins(outcome: Mapping[str, Any]) -> str:
    """"seat 1 2h30f 2000, seat 2 yakuman x1 32000" (as a scoring case's outcome)."""
    return ", ".join(
        f"seat {seat} " + (f"yakuman x{win['yakuman']}" if win["yakuman"]
                           else f"{win['han']}h{win['fu']}f") + f" {win['points']}"
        for seat, win in outcome["wins"].items()) or "no win"


def _differ(outcomes: Sequence[Mapping[str, Any]], name: str) -> bool:
    return any(o.get(name) != outcomes[0].get(name) for o in outcomes)


def _field(outcome: Mapping[str, Any], name: str, outcomes: Sequence[Mapping[str, Any]]) -> str:
    value: Any = outcome.get(name)
    if name == "wins":
        return _wins(outcome)
    if name in ("furiten", "claims"):  # the seats whose lists differ
        seats = sorted({s for o in outcomes for s in o[name]
                        if any(p[name].get(s) != o[name].get(s) for p in outcomes)})
        return "; ".join(f"{name} {s}: {', '.join(value.get(s, [])) or 'none'}" for s in seats)
    if value is None and name in ("final_scores", "final_points"):
        return f"no {name.replace('_', ' ')}"  # the game goes on
    if value is None:
        return f"{name.replace('_', ' ')}: the hand goes on"
    if name in ("deltas", "final_scores", "final_points"):
        return f"{name.replace('_', ' ')} " + "/".join(_signed(v, name) for v in value)
    if name == "tenpai":
        return "tenpai " + (", ".join(str(s) for s in value) or "none")
    if name == "next":
        keys = [k for k in value if any((o.get("next") or {}).get(k) != value[k]
                                        for o in outcomes)]
        words = {"dealer_keeps": ("dealer keeps", "deal passes"),
                 "honba_added": ("a honba added", "no honba added")}
        return ", ".join(words[k][0] if value[k] else words[k][1] for k in keys)
    if name == "game_over":
        return "game over" if value else "game goes on"
    return f"{name} {value}"


def _signed(value: float, name: str) -> str:
    if name == "final_scores":
        return str(value)
    if name == "final_points":
        return f"{value:+.1f}"
    return f"{int(value):+d}" if value else "0"


# ---- the clauses -----------------------------------------------------------------------------


def _clause(program: ScoringProgram, part: Part) -> tuple[ast.Declaration, ast.Clause] | None:
    kind, name, clause = part
    rule = program.table.named(kind, name)
    if rule is None:
        return None
    keyword, _, index = clause.partition(" ")
    found = rule.declaration.clauses_of(keyword)
    number = int(index or 0)
    return (rule.declaration, found[number]) if number < len(found) else None


def part_origin(program: ScoringProgram, part: Part) -> str:
    """Where the clause is written: "file:line" ("" if the ruleset has no such clause)."""
    found = _clause(program, part)
    return f"{found[1].span.file}:{found[1].span.line}" if found else ""


def part_parameters(program: ScoringProgram, part: Part) -> frozenset[str]:
    """The parameters the clause reads, itself or through the ``let`` names it uses."""
    found = _clause(program, part)
    if found is None:
        return frozenset()
    decl, clause = found
    lets = {c.name: c for c in decl.clauses_of("let") if c.name}
    read = set(parameters_read(clause))
    todo, seen = set(names_read(clause)), set()
    while todo:
        name = todo.pop()
        if name in lets and name not in seen:
            seen.add(name)
            read |= parameters_read(lets[name])
            todo |= names_read(lets[name])
    return frozenset(read)


def part_text(program: ScoringProgram, cause: Cause) -> str:
    """A clause and its two answers: "claim ron, up to: 2 vs 1"."""
    kind, name, clause = cause.part
    found = _clause(program, cause.part)
    keyword = clause.partition(" ")[0]
    said = keyword.replace("_", " ")
    if found is not None and found[1].name and keyword == "pay":
        said += f" {found[1].name}"
    return f"{kind} {name}, {said}: {_answer(cause.a)} vs {_answer(cause.b)}"


def _answer(value: Any) -> str:
    if value is ABSENT:
        return "no such rule"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
