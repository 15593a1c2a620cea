"""A win looked at under one ruleset: the environments its rules are read in, reading by
reading, and its score; and how far it is from making a condition hold."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.typed import Typed, reads_stage
from riichi_rules.language.vocabulary import Env, WinFacts
from riichi_rules.readings import Reading, readings
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import score
from riichi_rules.search.distance import distance


class Probe:
    """``win`` under ``program``: its score (or the input error that refuses it), and the
    environments of its readings, with the scoring stages' values where a rule reads them."""

    def __init__(self, win: Win, program: ScoringProgram) -> None:
        self.win = win
        self.program = program
        self.error = ""

    @cached_property
    def readings(self) -> tuple[Reading, ...]:
        return readings(self.win)

    @cached_property
    def result(self) -> Result | None:
        try:
            return score(self.win, self.program)
        except InputError as error:
            self.error = error.code
            return None

    def envs(self, staged: bool = False, stage: str = "limits", fu_line: int = 0
             ) -> Iterator[Env]:
        """An environment for each reading (the same object, pointed at each in turn); for a
        rule that reads the scoring stages, the scored one (see :meth:`scored`) when the win
        scores."""
        scored = self.scored(stage, fu_line) if staged else None
        if scored is not None:
            yield scored
            return
        env = Env(WinFacts(self.win), 0, 0)
        for reading in self.readings:
            env.use(reading)
            yield env

    def scored(self, stage: str = "limits", fu_line: int = 0) -> Env | None:
        """The environment of the reading the win scored with, as a rule of ``stage`` reads
        it: with the yaku, han, fu and yakuman that scored; the basic points of the base
        formula (as the limits read them) or, for the payments, the limited ones; for a fu
        item written at line ``fu_line``, the fu counted by the lines before it. None when
        the win does not score."""
        result = self.result
        if result is None:
            return None
        env = Env(WinFacts(self.win), 0, 0)
        env.use(result.reading)
        env.yaku = frozenset(y.id for y in result.yaku)
        env.han, env.fu = result.han, result.fu
        if stage == "fu" and fu_line:
            env.fu = sum(item.fu for item in result.fu_items
                         if _line(item.origin) < fu_line)
        multiples = [y.yakuman for y in result.yaku if y.yakuman]
        env.yakuman_total, env.yakuman_max = sum(multiples), max(multiples, default=0)
        if stage == "payments":
            env.basic = result.basic
        else:
            base = next(step.value for step in self.program.typed.limits
                        if step.keyword == "base")
            env.basic = int(evaluate(base, env))
        return env

    def distance(self, condition: Typed | None, want: bool = True, stage: str = "limits",
                 fu_line: int = 0) -> float:
        """How far the win is from making ``condition`` ``want`` (a missing condition always
        holds), in its nearest reading."""
        if condition is None:
            return 0.0 if want else 1.0
        staged = reads_stage(condition)
        return min((distance(condition, env, want)
                    for env in self.envs(staged, stage, fu_line)), default=1.0)


def _line(origin: str) -> int:
    """The line of an origin ``file:line[; note]``."""
    where = origin.split("; ")[0]
    number = where.rsplit(":", 1)[-1]
    return int(number) if number.isdigit() else 0
