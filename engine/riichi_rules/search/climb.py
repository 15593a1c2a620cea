"""The search's loop: from random situations, change one part at a time and keep the changes
that bring a measure (a distance, 0 at the goal) no further away; start afresh when it has
stopped getting closer. Each situation that reaches the goal is handed to the caller, who
decides whether that is enough.

A :class:`Budget` bounds the work by situations tried and, optionally, by time. Everything
random comes from the :class:`random.Random` given, so a seed and a number of situations
decide the whole path; a time limit only decides where it stops.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from riichi_rules.hand import Win
from riichi_rules.search.situations import NO_BIAS, Bias, Situation, mutate, random_situation

Measure = Callable[[Win], float]
Possible = Callable[[Win], bool]


@dataclass(slots=True)
class Budget:
    """How many situations may still be tried, and until when (``time.monotonic``; None: no
    time limit). ``tried`` counts what was spent."""

    situations: int
    deadline: float | None = None
    tried: int = field(default=0)

    @classmethod
    def of(cls, situations: int, seconds: float | None = None) -> Budget:
        return cls(situations, None if seconds is None else time.monotonic() + seconds)

    def left(self) -> bool:
        if self.tried >= self.situations:
            return False
        # the clock is read every 32 situations: it is dear next to a mutation
        return (self.deadline is None or self.tried % 32 != 0
                or time.monotonic() < self.deadline)

    def spend(self) -> None:
        self.tried += 1


class Climber:
    """One hill climb with restarts towards the wins that ``measure`` puts at 0."""

    def __init__(self, rng: random.Random, measure: Measure, bias: Bias = NO_BIAS,
                 start: Situation | None = None, patience: int = 150,
                 possible: Possible | None = None) -> None:
        self.rng = rng
        self.measure = measure
        self.possible = possible  # None: every win a situation makes is possible
        self.bias = bias
        self.current = start
        self.best = math.inf
        self.stale = 0
        self.patience = patience

    def step(self, budget: Budget) -> tuple[Situation, Win] | None:
        """Try one situation; return it (and its win) if it reaches the goal."""
        budget.spend()
        fresh = self.current is None or self.stale > self.patience
        if fresh or self.current is None:
            candidate = random_situation(self.rng, self.bias)
        else:
            candidate = mutate(self.rng, self.current, self.bias)
        win = candidate.to_win()
        if win is None or (self.possible is not None and not self.possible(win)):
            self.stale += 1  # not a win, or one the ruleset's situation rules refuse
            return None
        d = self.measure(win)
        if fresh or d <= self.best:
            self.stale = 0 if fresh or d < self.best else self.stale + 1
            self.current, self.best = candidate, d
        else:
            self.stale += 1
        if d > 0:
            return None
        if self.rng.random() < 0.5:  # the goal was reached here: look elsewhere next
            self.stale = self.patience + 1
        return candidate, win


def climb(rng: random.Random, measure: Measure, budget: Budget, bias: Bias = NO_BIAS,
          start: Situation | None = None) -> Iterator[tuple[Situation, Win]]:
    """The situations whose win measures 0, one climb, until the budget is spent."""
    climber = Climber(rng, measure, bias, start)
    while budget.left():
        found = climber.step(budget)
        if found is not None:
            yield found
