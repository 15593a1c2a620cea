"""The code generator (riichi_rules.language.codegen) and generated code as it is kept
(riichi_rules.language.generated): no text of the rules becomes code or a name; kept code
loaded again answers alike; what the generator does not write falls back to closures; a
value is kept in a local only when it is asked more than once. (What generated code answers
on real hands is checked beside the closures in test_compiler.py and, rule by rule, against
the reference evaluator in test_evaluate.py.)"""

from __future__ import annotations

import ast as py
import re
from typing import Any

import pytest

from riichi_rules.hand import Win
from riichi_rules.language import ast
from riichi_rules.language.codegen import Generator, Unsupported
from riichi_rules.language.compiler import ExpressionCompiler
from riichi_rules.language.generated import Generated
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.typed import Typed
from riichi_rules.language.vocabulary import FEATURES, Env, WinFacts
from riichi_rules.readings import readings
from riichi_rules.rulesets.config import load_config, parameter_defaults
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.scorer import score

# 123m 123m 456p 789s 55z won on 5z: two alike chows, a white dragon pair, a single wait
WIN = {"hand": "123m123m456p789s55z", "win": "5z"}
# the names generated code may use: its own locals (a letter prefix and a number), the
# environment, the element of a kernel, the prefixes read from the environment, the
# globals it is given (_k and a number) and a few builtins
OWN_NAME = re.compile(r"^(env|_x|_[a-z]+\d+|_p_[a-z_]+|_k\d+|len|tuple|range|set|bool)$")


def _typed(expr: str) -> Typed:
    (decl,) = parse_rules(f"yaku t {{ han 1 when {expr} }}", "t.rules").declarations
    cond = decl.clauses[1].value
    assert isinstance(cond, ast.Expr.__args__)  # type: ignore[attr-defined]
    compiler = ExpressionCompiler(parameter_defaults(), lambda name: True, lambda f, n: "")
    tree = compiler.typer.type(cond, ())
    assert not compiler.diagnostics, [d.render() for d in compiler.diagnostics]
    return tree


def _values(function: Any, win: dict[str, Any]) -> list[Any]:
    w = Win.from_json(win)
    env = Env(WinFacts(w), 1, 0)
    out = []
    for reading in readings(w):
        env.use(reading)
        out.append(function(env))
    return out


def _module(generator: Generator) -> py.Module:
    module = py.Module(body=list(generator._pending), type_ignores=[])
    return py.fix_missing_locations(module)


def test_no_text_of_the_rules_becomes_code_or_a_name() -> None:
    # a rule's text that reads like Python stays a value: compared with the wait, never run
    hostile = "'); __import__('os').system('echo hacked'); ('"
    generator = Generator(FEATURES, "scoring")
    name = generator.function(
        _typed(f'wait == "{hostile}" or count(sets where chow) == 4'), "expression")
    module = _module(generator)
    names = {n.id for n in py.walk(module) if isinstance(n, py.Name)}
    names |= {n.name for n in py.walk(module) if isinstance(n, py.FunctionDef)}
    names |= {n.arg for n in py.walk(module) if isinstance(n, py.arg)}
    assert all(OWN_NAME.match(n) or re.match(r"^expression_\d+$", n) for n in names), names
    strings = [n.value for n in py.walk(module)
               if isinstance(n, py.Constant) and isinstance(n.value, str)]
    assert strings == [hostile]
    assert _values(generator.make(name), WIN) == [True]  # four chows, whatever the wait


def test_kept_code_loaded_again_answers_alike() -> None:
    generator = Generator(FEATURES, "scoring")
    expressions = ["some(sets as a where chow: count(sets where chow and tile == a.tile) >= 2)",
                   "every tile is (suited or dragon)", "pair is value",
                   "sum(sets where chow: number)", "count(distinct suit of tiles) == 4"]
    made = [generator.make(generator.function(_typed(e), "expression")) for e in expressions]
    kept = generator.generated()
    again = Generated.loads(kept.dumps())
    assert again.names == kept.names
    for function in made:
        loaded = again.functions[function.__name__]
        assert loaded is not function
        assert _values(loaded, WIN) == _values(function, WIN)
    # the answers, written out from the hand: 123m twice; 5z is a dragon; the seat and round
    # winds are East, the pair white; 1 + 1 + 4 + 7; m, p, s and z
    assert [_values(again.functions[f.__name__], WIN) for f in made] == [
        [True], [True], [True], [13], [True]]


def test_a_value_asked_once_is_not_kept_in_a_local() -> None:
    once = Generator(FEATURES, "scoring")
    once.function(_typed("count(sets where triplet) == 1"), "expression")
    twice = Generator(FEATURES, "scoring")
    twice.function(_typed("count(sets where triplet) == 1 or count(sets where triplet) == 3"),
                   "expression")

    def kept_locals(generator: Generator) -> set[str]:
        return {n.id for n in py.walk(_module(generator))
                if isinstance(n, py.Name) and isinstance(n.ctx, py.Store)
                and n.id.startswith("_m")}

    assert kept_locals(once) == set()
    assert len(kept_locals(twice)) == 1  # the count, shared by the two comparisons


def test_a_tree_the_generator_does_not_write_falls_back_to_closures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from riichi_rules.language import codegen

    original = codegen._Body.op_distinct

    def refuse(self: Any, node: Typed, scope: tuple[str, ...]) -> Any:
        raise Unsupported("not written, for this test")

    monkeypatch.setattr(codegen._Body, "op_distinct", refuse)
    config = load_config("ema-2016")
    program = compile_program(config, "generated")
    monkeypatch.setattr(codegen._Body, "op_distinct", original)
    # honitsu's condition counts distinct suits: a closure, and the program needs a cache
    # cell for the closures' shared values
    (honitsu,) = [r for r in program.yaku if r.id == "honitsu"]
    assert honitsu.when.__code__.co_filename != "<riichi-rules generated>"
    assert program.cache_size > 0
    assert program.closed_checks.run is None  # the list's function was not written either
    half_flush = {"hand": "123456789m11z222z", "win": "2z", "tsumo": True}
    assert score(half_flush, program).to_json() == score(
        half_flush, compile_program(config, "closures")).to_json()
