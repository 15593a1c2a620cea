"""The distance of a condition: 0 exactly when it has the wanted value, and smaller the
nearer a situation is."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_rules.hand import Win
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.typed import Typed, Typer
from riichi_rules.language.vocabulary import Env, WinFacts
from riichi_rules.readings import readings
from riichi_rules.scoring.scorer import program
from riichi_rules.search.distance import distance
from riichi_rules.search.situations import random_situation


def _condition(text: str) -> Typed:
    (decl,) = parse_rules(f'yaku x "X" {{ han 1\n when {text} }}', "t.rules").declarations
    clause = decl.first("when")
    assert clause is not None and clause.value is not None
    return Typer({}).condition(clause.value, "limits")


def _env(hand: str, win: str, **situation: object) -> Env:
    w = Win.from_json({"hand": hand, "win": win, **situation})
    env = Env(WinFacts(w), 0, 0)
    env.use(readings(w)[0])
    return env


def test_a_number_that_misses_by_less_is_nearer() -> None:
    env = _env("123m456p789s11122z", "2z")
    cond = _condition("han >= 5")
    env.han = 3
    three = distance(cond, env)
    env.han = 4
    four = distance(cond, env)
    env.han = 5
    assert three > four > distance(cond, env) == 0


def test_a_count_is_as_near_as_its_nearest_elements() -> None:
    # two pungs and two chows: one more pung is needed for 'three pungs'; with the pair a
    # pung instead, still one more (the count does not look at the pair)
    cond = _condition("count(sets where pung) >= 3")
    env = _env("111222m456p789s11z", "1z")
    assert 0 < distance(cond, env) < 1
    assert distance(_condition("count(sets where pung) >= 2"), env) == 0


def test_and_sums_or_takes_the_nearest() -> None:
    env = _env("123m456p789s11122z", "2z", tsumo=True)
    # ron fails (1), closed holds (0)
    assert distance(_condition("ron and closed"), env) == 1
    assert distance(_condition("ron or closed"), env) == 0
    assert distance(_condition("ron and open"), env) == 2


def test_every_costs_each_failing_element() -> None:
    env = _env("123m456p789s11122z", "2z")  # four tiles of honours, ten suited
    near = distance(_condition("every tile is honour"), env)
    env2 = _env("123m11122233344z", "4z")  # three suited
    assert distance(_condition("every tile is honour"), env2) < near


@cache
def _conditions() -> tuple[Typed, ...]:
    rules = program("ema-2016").typed
    return tuple(y.when for y in rules.yaku.values() if y.when is not None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_zero_exactly_when_the_condition_has_the_wanted_value(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        win = random_situation(rng).to_win()
        if win is None:
            continue
        env = Env(WinFacts(win), 0, 0)
        for reading in readings(win):
            env.use(reading)
            for cond in _conditions():
                value = bool(evaluate(cond, env))
                assert (distance(cond, env, True) == 0) == value
                assert (distance(cond, env, False) == 0) == (not value)
