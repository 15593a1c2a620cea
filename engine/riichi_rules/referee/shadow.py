"""A hand followed under one ruleset with every question also put to other rulesets: which
clauses of the table rules, and which scorings of a win, the others answer differently.

A :class:`Shadow` copies a compiled program so that each clause of its table rules, when the
referee asks it, also asks the same clause of the same-named rule of each other program, on the
same question (the same environment), and notes where the answers part; its referee
(:meth:`Shadow.referee`, a :class:`HandReferee`) does the same for every win it scores. The
clauses in ``swap`` (and the scoring, if :data:`SCORING` is among them) answer as the first
other program does: replaying a hand so shows what those answers change."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import Any

from riichi_rules.errors import InputError, RuleFault
from riichi_rules.hand import Win
from riichi_rules.language.table_vocabulary import TableEnv
from riichi_rules.language.vocabulary import MISSING
from riichi_rules.referee.hand import HandReferee
from riichi_rules.scoring.program import Fn, PayStep, ScoringProgram, TableProgram, TableRule
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import score

__all__ = ["ABSENT", "SCORING", "Part", "Scored", "Shadow", "scored_alike"]

Part = tuple[str, str, str]
"""A clause of a table rule: (kind, name, clause), the clause ``when``, ``allow``, ``forbid``,
``up_to``, ``result``, ``balance``, or ``pay N`` / ``gain N`` (the Nth, from 0)."""

SCORING: Part = ("score", "", "")
"""The part that stands for the scoring of a win."""

ABSENT = "absent"
"""The answer of a program that has no such rule or clause."""

_CONDITIONS = frozenset({"when", "allow", "forbid"})

Scored = Result | InputError
"""A win's score, or the error the scorer refuses it with."""

class Shadow:
    """``program`` with every question also put to ``others``. After a hand, :attr:`table`
    holds, by the index of each other program, the first answers (here, there) of each clause
    that answered differently, and :attr:`scoring` the scorings of the wins that differ;
    :meth:`clear` empties both for the next hand."""

    def __init__(self, program: ScoringProgram, others: Sequence[ScoringProgram],
                 swap: Collection[Part] = ()) -> None:
        self.others = tuple(others)
        self.swap = frozenset(swap)
        self.table: dict[int, dict[Part, tuple[Any, Any]]] = {}
        self.scoring: dict[int, list[tuple[Win, Scored, Scored]]] = {}
        # the label of the other program whose rule had no value on a question (a RuleFault
        # raised through this shadow is then that program's, not ``program``'s)
        self.faulted = ""
        rules = {kind: tuple(self._rule(rule) for rule in kept)
                 for kind, kept in program.table.rules.items()}
        table = TableProgram(rules, program.table.slot_count, program.table.cache_size)
        self.program = dataclasses.replace(program, table=table)

    def clear(self) -> None:
        self.table = {}
        self.scoring = {}
        self.faulted = ""

    def referee(self, program: ScoringProgram, **kwargs: Any) -> HandReferee:
        """A referee under ``program`` (this shadow's) that also scores each win under the
        others: a ``make_referee`` for :func:`riichi_rules.conformance.events.play`."""
        return HandReferee(program, scorer=self.score, **kwargs)

    # ---- the table rules -----------------------------------------------------------------
    def _rule(self, rule: TableRule) -> TableRule:
        twins = [other.table.named(rule.kind, rule.name) for other in self.others]

        def part(clause: str, mine: Fn | None, theirs: list[Fn | None]) -> Fn | None:
            if mine is None:
                return None
            return self._asked((rule.kind, rule.name, clause), mine, theirs)

        def clause(name: str) -> Fn | None:
            return part(name, getattr(rule, name),
                        [getattr(t, name) if t is not None else None for t in twins])

        def steps(name: str) -> tuple[PayStep, ...]:
            out = []
            for index, step in enumerate(getattr(rule, name)):
                theirs = [getattr(t, name)[index] if t is not None
                          and index < len(getattr(t, name)) else None for t in twins]
                key = (rule.kind, rule.name, f"{name.rstrip('s')} {index}")
                out.append(dataclasses.replace(
                    step, amount=self._asked(key, step.amount,
                                             [s.amount if s else None for s in theirs]),
                    when=part(key[2], step.when, [s.when if s else None for s in theirs])))
            return tuple(out)

        return dataclasses.replace(
            rule, when=clause("when"), allow=clause("allow"), forbid=clause("forbid"),
            up_to=clause("up_to"), result=clause("result"), balance=clause("balance"),
            pays=steps("pays"), gains=steps("gains"))

    def _asked(self, key: Part, mine: Fn, theirs: list[Fn | None]) -> Fn:
        pairs = list(zip(self.others, theirs, strict=True))
        # a condition the other program lacks does not hold there (no such rule: the action
        # is not allowed, nor forbidden, and no furiten or liability follows from it)
        absent: Any = False if key[2] in _CONDITIONS else ABSENT

        def asked(env: TableEnv) -> Any:
            here = mine(env)
            answer = here
            for number, (other, fn) in enumerate(pairs):
                try:
                    there = _asked_of(fn, env, other) if fn is not None else absent
                except RuleFault:
                    self.faulted = other.config.label
                    raise
                if there != here:
                    self.table.setdefault(number, {}).setdefault(key, (here, there))
                    if number == 0 and key in self.swap and there is not ABSENT:
                        answer = there
            return answer

        return asked

    # ---- the scoring of wins -------------------------------------------------------------
    def score(self, win: Win, program: ScoringProgram) -> Result:
        here = _scored(win, program)
        answer = here
        for number, other in enumerate(self.others):
            there = _scored(win, other)
            if not scored_alike(here, there):
                self.scoring.setdefault(number, []).append((win, here, there))
                if number == 0 and SCORING in self.swap:
                    answer = there
                    if isinstance(there, RuleFault):
                        self.faulted = other.config.label
        if isinstance(answer, InputError):
            raise answer
        return answer


def _asked_of(fn: Fn, env: TableEnv, program: ScoringProgram) -> Any:
    """``fn`` (a clause compiled for ``program``) on the question ``env``, with the slots and
    cache sized for ``program`` for the while (the facts still to be worked out by this
    ruleset's rules, such as a claim's furiten, worked out first, with its own)."""
    env.settle()
    slots, cache = env.slots, env.cache
    env.slots = [None] * program.table.slot_count
    env.cache = [MISSING] * program.table.cache_size
    try:
        return fn(env)
    finally:
        env.slots, env.cache = slots, cache


def _scored(win: Win, program: ScoringProgram) -> Scored:
    try:
        return score(win, program)
    except InputError as error:
        return error


def _key(scored: Scored) -> tuple[Any, ...]:
    if isinstance(scored, InputError):
        return ("error", scored.code)
    return (scored.han, scored.fu, scored.yakuman, scored.limit,
            tuple((y.id, y.han, y.yakuman) for y in scored.yaku),
            tuple((p.payer, p.points, p.honba) for p in scored.payments), scored.sticks)


def scored_alike(a: Scored, b: Scored) -> bool:
    """Whether two scorings of a win come to the same: the same error, or the same han, fu,
    limit, yaku and payments."""
    return _key(a) == _key(b)
