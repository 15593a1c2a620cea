"""The reference evaluator, the compiled closures and generated code agree, rule by rule and
reading by reading, for every bundled ruleset (and the conformance ruleset with every local
yaku): on every conformance case's win, and on wins drawn at random (hypothesis picks the
seeds); and the lists of yaku generated code runs at once give what the scorer works out
rule by rule.

The two backends take every shortcut they know (caches per reading or shared locals,
kernels, kind masks, guards, index look-ups); the evaluator takes none, so a fast path that
changes an answer shows here."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_rules.conformance.cases import Case, known_ruleset_ids, load_suite
from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.rules import TypedStep
from riichi_rules.language.vocabulary import Env, WinFacts
from riichi_rules.readings import readings
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.backends import BACKENDS, DEFAULT_BACKEND
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import _fired
from riichi_rules.search.situations import random_situation

RULESETS = known_ruleset_ids()
CHECK_LISTS = ("yakuman_checks", "closed_checks", "open_checks")
# the running values the fu, limits and payments read, tried in turn: a 1-han 30-fu hand, a
# mangan by han, a counted yakuman, a double yakuman
STAGES = ((1, 30, 0, 0, frozenset({"riichi"})), (5, 40, 0, 0, frozenset({"pinfu"})),
          (13, 20, 0, 0, frozenset()), (0, 30, 2, 2, frozenset({"suuankou_tanki"})))


@cache
def _program(ruleset: str, backend: str = "generated") -> ScoringProgram:
    prog = compile_program(load_config(ruleset), backend)
    assert prog.backend == backend
    return prog


@cache
def _cases() -> tuple[Case, ...]:
    return tuple(load_suite().cases)


@cache
def _case_wins() -> tuple[Win, ...]:
    out = []
    for case in _cases():
        if case.win is None:
            continue
        try:
            out.append(Win.from_json(case.win))
        except InputError:
            continue
    return tuple(out)


def _envs(win: Win, prog: ScoringProgram) -> Iterator[Env]:
    env = Env(WinFacts(win), prog.slot_count, prog.cache_size)
    for reading in readings(win):
        env.use(reading)
        yield env


def _same(compiled: Any, reference: Any, what: str, win: Win) -> None:
    assert compiled == reference, f"{what}: compiled {compiled!r}, reference {reference!r} " \
                                  f"for {win.to_json()}"


def _check_yaku(prog: ScoringProgram, env: Env, win: Win) -> None:
    typed = prog.typed.yaku
    overridden = set(prog.config.yaku_overrides)
    for rule in (*prog.yakuman, *prog.yaku):
        spec = typed[rule.id]
        holds = bool(rule.when(env))
        _same(holds, bool(evaluate(spec.when, env)) if spec.when else True,
              f"{rule.id} when", win)
        if not holds or rule.id in overridden:
            continue
        if rule.han_closed is not None and spec.han is not None:
            _same(rule.han_closed(env), evaluate(spec.han, env), f"{rule.id} han", win)
        if rule.han_open is not None and spec.han_open is not None:
            _same(rule.han_open(env), evaluate(spec.han_open, env), f"{rule.id} open", win)
        for (value, when), (tvalue, twhen) in zip(rule.multiples, spec.multiples, strict=True):
            if when(env):
                _same(value(env), evaluate(tvalue, env), f"{rule.id} multiple", win)
            _same(bool(when(env)), bool(evaluate(twhen, env)) if twhen else True,
                  f"{rule.id} multiple's condition", win)
    for dora in prog.dora:
        spec = typed[dora.id]
        _same(bool(dora.when(env)), bool(evaluate(spec.when, env)) if spec.when else True,
              f"{dora.id} when", win)
        assert spec.han is not None
        _same(dora.count(env), evaluate(spec.han, env), f"{dora.id} count", win)


def _check_fu(prog: ScoringProgram, env: Env, win: Win) -> None:
    steps = prog.typed.fu
    assert len(steps) == len(prog.fu.steps)
    for step, spec in zip(prog.fu.steps, steps, strict=True):
        if step.each is not None:
            # the compiler may hoist the filter into the list it goes through: compare the
            # groups that pass it, and their values
            source, where, slot, _ = step.each
            assert spec.source is not None
            compiled = []
            for group in source(env):
                env.slots[slot] = group
                if where is None or where(env):
                    compiled.append((id(group), step.value(env)))
            reference = [(id(g), evaluate(spec.value, env, (g,)))
                         for g in evaluate(spec.source, env)
                         if spec.where is None or evaluate(spec.where, env, (g,))]
            _same(compiled, reference, f"fu {step.label}", win)
            continue
        _check_step(step.when, step.value, spec, env, win, f"fu {step.label}")


def _check_step(when: Any, value: Any, spec: TypedStep, env: Env, win: Win, what: str) -> None:
    holds = when is None or bool(when(env))
    _same(holds, spec.when is None or bool(evaluate(spec.when, env)), f"{what} when", win)
    if holds:
        _same(value(env), evaluate(spec.value, env), what, win)


def _check_limits_and_payments(prog: ScoringProgram, env: Env, win: Win) -> None:
    limits = prog.typed.limits
    base = next(s for s in limits if s.keyword == "base")
    payments = prog.typed.payments
    for han, fu, total, top, yaku in STAGES:
        env.han, env.fu, env.yakuman_total, env.yakuman_max, env.yaku = han, fu, total, top, yaku
        env.basic = prog.limits.basic(env)
        _same(env.basic, evaluate(base.value, env), "base", win)
        specs = [s for s in limits if s.keyword == "limit"]
        for step, spec in zip(prog.limits.limits, specs, strict=True):
            _check_step(step.when, step.points, spec, env, win, f"limit {step.name}")
        env.basic = 2000
        pays = [s for s in payments if s.keyword == "pay"]
        for step, spec in zip(prog.payments.pays, pays, strict=True):
            _check_step(step.when, step.amount, spec, env, win, f"pay {step.payer}")
        honba = [s for s in payments if s.keyword == "honba"]
        for step, spec in zip(prog.payments.honba, honba, strict=True):
            _check_step(step.when, step.amount, spec, env, win, "honba")
        deposit = [s for s in payments if s.keyword == "deposit"]
        if prog.payments.deposit is not None:
            _same(prog.payments.deposit(env), evaluate(deposit[0].value, env), "deposit", win)


def _check_lists(win: Win, ruleset: str) -> None:
    """Each list of yaku run at once by generated code gives what the scorer works out rule
    by rule, from the generated conditions and from the closures."""
    generated, closures = _program(ruleset, "generated"), _program(ruleset, "closures")
    for env, env_c in zip(_envs(win, generated), _envs(win, closures), strict=True):
        for name in CHECK_LISTS:
            checks = getattr(generated, name)
            assert checks.run is not None, name
            yakuman = name == "yakuman_checks"
            at_once = [(r.id, h, m) for r, h, m in checks.run(env)]
            one_by_one = [(r.id, h, m) for r, h, m in _fired(
                checks._replace(run=None), env, yakuman)]
            by_closures = [(r.id, h, m) for r, h, m in _fired(getattr(closures, name), env_c,
                                                              yakuman)]
            _same(at_once, one_by_one, f"{name} at once", win)
            _same(at_once, by_closures, f"{name} at once, against the closures", win)


def _agree(win: Win, ruleset: str) -> None:
    for backend in BACKENDS:
        prog = _program(ruleset, backend)
        for env in _envs(win, prog):
            _check_yaku(prog, env, win)
            _check_fu(prog, env, win)
            _check_limits_and_payments(prog, env, win)
    _check_lists(win, ruleset)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_conformance_win(ruleset: str) -> None:
    wins = _case_wins()
    assert len(wins) > 100
    for win in wins:
        _agree(win, ruleset)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(RULESETS))
def test_random_wins(seed: int, ruleset: str) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < 20:
        win = random_situation(rng).to_win()
        if win is not None:
            _agree(win, ruleset)
            checked += 1


# ---- the table rules --------------------------------------------------------------------------


def _checked_table(prog: ScoringProgram, mismatches: list[str]) -> ScoringProgram:
    """``prog`` whose every table-rule clause also asks the reference evaluator, on the same
    question, and notes where the two answers part."""
    from riichi_rules.scoring.program import TableProgram, TableRule

    specs = {(s.kind, s.name): s for s in prog.typed.table}

    def checked(what: str, fn: Any, tree: Any) -> Any:
        if fn is None or tree is None:
            return fn

        def both(env: Any) -> Any:
            compiled = fn(env)
            reference = evaluate(tree, env)
            if compiled != reference:
                mismatches.append(f"{what}: compiled {compiled!r}, reference {reference!r}")
            return compiled

        return both

    def rule_of(rule: TableRule) -> TableRule:
        spec = specs[(rule.kind, rule.name)]
        what = f"{rule.kind} {rule.name}"
        pays = tuple(dataclasses.replace(
            p, amount=checked(f"{what} pay", p.amount, s.value),
            when=checked(f"{what} pay when", p.when, s.when))
            for p, s in zip(rule.pays, spec.pays, strict=True))
        gains = tuple(dataclasses.replace(
            g, amount=checked(f"{what} gain", g.amount, s.value),
            when=checked(f"{what} gain when", g.when, s.when))
            for g, s in zip(rule.gains, spec.gains, strict=True))
        return dataclasses.replace(
            rule, when=checked(f"{what} when", rule.when, spec.when),
            allow=checked(f"{what} allow", rule.allow, spec.allow),
            forbid=checked(f"{what} forbid", rule.forbid, spec.forbid),
            up_to=checked(f"{what} up to", rule.up_to, spec.up_to),
            result=checked(f"{what} result", rule.result, spec.result),
            balance=checked(f"{what} balance", rule.balance, spec.balance),
            pays=pays, gains=gains)

    rules = {kind: tuple(rule_of(r) for r in kept) for kind, kept in prog.table.rules.items()}
    return dataclasses.replace(prog, table=TableProgram(rules, prog.table.slot_count,
                                                        prog.table.cache_size))


def _rulesets_and_backends() -> list[object]:
    """Each ruleset with each backend; the backend the scorer does not use by default, unless
    ``pytest -m exhaustive``, only for the rulesets with rule files of their own (sanma.rules
    beside the base's): the others compile the base's rules alone, with other values."""
    base = load_config("base").rule_files
    out: list[object] = []
    for ruleset in RULESETS:
        own = load_config(ruleset).rule_files
        for backend in BACKENDS:
            always = backend == DEFAULT_BACKEND or own != base
            out.append(pytest.param(ruleset, backend, id=f"{ruleset}-{backend}",
                                    marks=[] if always else [pytest.mark.exhaustive]))
    return out


@pytest.mark.parametrize(("ruleset", "backend"), _rulesets_and_backends())
def test_every_table_rule_on_every_referee_case(ruleset: str, backend: str) -> None:
    """Every question the referee puts to a table rule while it follows the conformance
    suite's referee cases, answered alike by the compiled clause (of each backend) and the
    evaluator."""
    from riichi_rules.conformance.events import play

    mismatches: list[str] = []
    prog = _checked_table(_program(ruleset, backend), mismatches)
    # the referee cases dealt at this ruleset's table (its players: sanma-table.yaml's at
    # the three-player rulesets, the others at the four-player ones)
    cases = [c for c in _cases()
             if c.deal is not None and c.events is not None and c.plays(prog.config)]
    assert cases, ruleset
    for case in cases:
        assert case.deal is not None
        play(case.deal, case.steps, prog, name=case.id)
    assert not mismatches, mismatches[:5]
