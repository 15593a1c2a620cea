"""The compiler: what expressions mean on real hands, and the problems it reports. Each
expression's values are also asked of generated code (:mod:`riichi_rules.language.codegen`):
the two backends must give the same values."""

from __future__ import annotations

from typing import Any

import pytest

from riichi_rules.hand import Win
from riichi_rules.language import ast
from riichi_rules.language.codegen import Generator
from riichi_rules.language.compiler import ExpressionCompiler
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.vocabulary import FEATURES, Env, WinFacts
from riichi_rules.readings import readings
from riichi_rules.rulesets.config import parameter_defaults
from riichi_rules.scoring.lowering import check_rule_text


def _values(expr: str, win: dict[str, Any], stage: str = "yaku",
            tiles_unread: bool = False) -> list[Any]:
    """The expression's value on each reading of the win, compiled as a rule would be
    (``tiles_unread``: going through the hand's tiles fails); generated code must give the
    same values."""
    (decl,) = parse_rules(f"yaku t {{ han 1 when {expr} }}", "t.rules").declarations
    cond = decl.clauses[1].value
    assert isinstance(cond, ast.Expr.__args__)  # type: ignore[attr-defined]
    compiler = ExpressionCompiler(parameter_defaults(), lambda name: True, lambda f, n: "")
    tree = compiler.typer.type(cond, ())
    assert not compiler.diagnostics, [d.render() for d in compiler.diagnostics]
    compiled = compiler.lowerer.lower(tree)
    generator = Generator(FEATURES, "scoring")
    generated = generator.make(generator.function(tree, "expression"))
    w = Win.from_json(win)
    facts = WinFacts(w)
    if tiles_unread:
        facts.tiles = _Unread(facts.tiles)
    env = Env(facts, compiler.slot_count, compiler.cache_size)
    out = []
    for reading in readings(w):
        env.use(reading)
        value = compiled.fn(env)
        assert generated(env) == value, f"generated {generated(env)!r}, closures {value!r}"
        out.append(value)
    return out


# 123m 456m 789m 234p 55s, won on 5s (single wait): one reading.
STRAIGHT = {"hand": "123456789m234p55s", "win": "5s"}
# 111 222 333 m as pungs or as three identical chows, 456p, 77z pair, won on 7z.
AMBIGUOUS = {"hand": "111222333m456p77z", "win": "7z", "tsumo": True}


@pytest.mark.parametrize(
    ("expr", "win", "expected"),
    [
        ("count(sets)", STRAIGHT, [4]),
        ("count(sets where chow)", STRAIGHT, [4]),
        ("count(tiles where suit == \"m\")", STRAIGHT, [9]),
        ("count(distinct suit of sets)", STRAIGHT, [2]),
        ("count(distinct number of sets where suit == \"m\")", STRAIGHT, [3]),
        ("every set is chow", STRAIGHT, [True]),
        ("some tile is honour", STRAIGHT, [False]),
        ("no tile is honour", STRAIGHT, [True]),
        ("pair is simple and pair is 5s", STRAIGHT, [True]),
        ("wait is single", STRAIGHT, [True]),
        ("some(sets as a where chow: a.number == 7 and a.suit == \"m\")", STRAIGHT, [True]),
        ("sum(sets: number)", STRAIGHT, [1 + 4 + 7 + 2]),
        ("max(sets: number)", STRAIGHT, [7]),
        ("every([1..3] as n: some(sets where number == n))", STRAIGHT, [False]),
        ("count(waits)", STRAIGHT, [1]),
        ("5s in waits and not (4s in waits)", STRAIGHT, [True]),
        ("if closed then 2 else 1", STRAIGHT, [2]),
        ("round_up(21, 10) + 2 ^ 3 - 7 % 4 * 1", STRAIGHT, [30 + 8 - 3]),
        ("count(sets where triplet)", AMBIGUOUS, sorted([3, 0])),
        ("every group has yaochuu", AMBIGUOUS, [False, False]),
        ("pair is value", AMBIGUOUS, [True, True]),
        ("seat_wind == 1z and round_wind is 1z", AMBIGUOUS, [True, True]),
    ],
)
def test_expression_values(expr: str, win: dict[str, Any], expected: list[Any]) -> None:
    assert sorted(_values(expr, win)) == sorted(expected)


# 111p 111s 123m 123m 11z won on 1z by ron (West seat, East round): a triple of ones in two
# suits, a pure double chow, a single wait.
DOUBLES = {"hand": "111p111s123m123m11z", "win": "1z", "seat": "W"}


@pytest.mark.parametrize(
    ("expr", "win", "expected"),
    [
        # equalities between an element and an outer value are looked up in an index of the
        # (filtered) list: each value written out from the hand's groups
        ("some(sets as a where chow: count(sets where chow and tile == a.tile) >= 2)",
         DOUBLES, [True]),  # 123m twice
        ("count(sets where chow and tile == 1m)", DOUBLES, [2]),
        ("count(sets where triplet and number == 1)", DOUBLES, [2]),  # 111p, 111s
        ("count(distinct suit of sets where triplet and number == 1)", DOUBLES, [2]),
        ("some(sets as a where triplet: count(sets where triplet and suit == a.suit) == 2)",
         DOUBLES, [False]),  # one pung in p, one in s
        ("some(sets where triplet and tile == seat_wind)", DOUBLES, [False]),  # 3z: none
        ("pair is round_wind and pair is not seat_wind", DOUBLES, [True]),  # 11z, East round
        ("count(tiles where it == win)", DOUBLES, [2]),  # the 1z pair
        # a count compared with a constant asks a cheaper bound first: the same answers
        ("count(sets where triplet and suited) == 2", DOUBLES, [True]),
        ("count(sets where triplet and suited) >= 3", DOUBLES, [False]),
        ("count(sets where triplet and suited) > 1", DOUBLES, [True]),
        ("count(sets where triplet and suited) != 2", DOUBLES, [False]),
        ("count(sets where triplet and suited) != 3", DOUBLES, [True]),  # two triplets
        ("count(sets where chow and suited) == 0", STRAIGHT, [False]),  # four chows
        # ... and a loop whose body needs such a count asks the bound once, before the loop
        ("some(sets as a where triplet: "
         "count(distinct suit of sets where triplet and number == a.number) == 3)",
         DOUBLES, [False]),  # two pungs only: the bound (2) says no at once
        ("some(sets as a where triplet: "
         "count(distinct suit of sets where triplet and number == a.number) == 2)",
         DOUBLES, [True]),  # 111p and 111s
        ("some(sets as a where chow: not (count(sets where chow and tile == a.tile) >= 2))",
         DOUBLES, [False]),  # negated: no bound asked; each 123m has its twin
        ("some(sets as a where chow: not (count(sets where chow and tile == a.tile) >= 3))",
         DOUBLES, [True]),
        ("some(sets where not (tile == 1p) and triplet)", DOUBLES, [True]),  # 111s
    ],
)
def test_index_and_bound_values(expr: str, win: dict[str, Any], expected: list[Any]) -> None:
    assert _values(expr, win) == expected


# 123m 456p 789s 111z 22z won on 2z: terminals (1m, 9s), simples, two winds, one green (8s).
MIXED = {"hand": "123m456p789s111z22z", "win": "2z"}
# 234m 234m 567p 678s 55s won on 5s: all simples; greens 2s..8s absent but 6s and 8s.
SIMPLE = {"hand": "234m234m567p678s55s", "win": "5s"}


@pytest.mark.parametrize(
    ("expr", "win", "expected"),
    [
        # tests of the hand's tiles by kind alone are tests of the mask of the kinds it
        # holds: each answer written out from the tiles above
        ("every tile is suited", MIXED, [False]),  # 1z, 2z
        ("every tile is simple", SIMPLE, [True]),
        ("every tile is not honour", SIMPLE, [True]),
        ("some tile is honour", MIXED, [True]),
        ("some tile is dragon", MIXED, [False]),  # winds only
        ("no tile is green", MIXED, [False]),  # 8s
        ("no tile is terminal", SIMPLE, [True]),
        ("every(tiles where suited: not terminal)", MIXED, [False]),  # 1m, 9s
        ("every(tiles where suited: simple or terminal)", MIXED, [True]),
        ("some(tiles where honour: dragon)", MIXED, [False]),
        ("some(tiles as t: t is terminal and t is suited)", MIXED, [True]),
        ("every(tiles as t: t is simple or t is honour)", MIXED, [False]),
        ("count(distinct suit of tiles)", MIXED, [4]),  # m, p, s, z
        ("count(distinct suit of tiles where suited)", MIXED, [3]),
        ("count(distinct suit of tiles where honour)", SIMPLE, [0]),
        ("count(distinct number of tiles where honour)", MIXED, [2]),  # 1z, 2z
        ("count(distinct number of tiles where simple)", SIMPLE, [7]),  # 2..8
        ("count(distinct suit of tiles where suited) == 1", SIMPLE, [False]),
    ],
)
def test_tests_of_the_tiles_by_kind(expr: str, win: dict[str, Any], expected: list[Any]) -> None:
    assert _values(expr, win) == expected
    assert _values(expr, win, tiles_unread=True) == expected  # the mask alone answers


class _Unread(tuple):  # type: ignore[type-arg]
    """The hand's tiles, which a test by kind must not go through."""

    def __iter__(self) -> Any:
        raise AssertionError("the tiles were gone through")


def test_dora_indicator_successor_counts_red_fives_as_fives() -> None:
    # indicator 4p points to 5p; the hand holds 555p (one of them the red 0p) and 456p:
    # four fives, so four dora, the red one among them.
    win = {"hand": "123m505p456p789s11z", "win": "1z", "dora": ["4p"], "tsumo": True}
    assert _values("sum(dora as d: count(tiles where it == next(d)))", win) == [4]
    assert _values("count(tiles where red)", win) == [1]


def _problems(text: str) -> list[str]:
    return [
        f"{d.line}:{d.column}: {d.message} | {d.hint}"
        for d in check_rule_text(text, "t.rules", parameter_defaults())
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yaku a { han 1 when every set is chwo }",
         "1:34: unknown name 'chwo' | did you mean 'chow'?"),
        ("yaku a { han 1 when rule.kuitann }", "1:21: unknown parameter 'rule.kuitann'"),
        ("yaku a { han 1 when 3 }", "1:21: a condition must be true or false, not a number"),
        ("yaku a { han closed when tsumo }", "1:14: this value must be a number"),
        ("yaku a { han 1 when some(sets where chow: c.number == 1) }", "unknown name 'c'"),
        ("yaku a { han 1 when some(sets as c: c.nmber == 1) }", "has no attribute 'nmber'"),
        ("yaku a { han 1 when wait is two_side }", "'two_side' is not a wait"),
        ("yaku a { han 1 when every(sets) }", "every(...) needs a condition"),
        ("yaku a { han 1 when yaku(pinfu) }", "yaku(...) can only be asked"),
        ("yaku a { han 1 when fu > 20 }", "'fu' is only known in the fu and limits"),
        ("yaku a { han 1 when count(tsumo) > 1 }", "is not a list to go through"),
        ("yaku a { han 1 when pair is 3 }", "cannot test whether a group is a number"),
        ("yaku a { han 1 when foo(1) }", "unknown function 'foo'"),
        ("yaku a { han 1 when next(1z, 2z) == 1z }", "next() takes 1 argument(s), not 2"),
        ("yaku a { han 1 when if closed then 1 else wait }", "different types"),
        ("yaku a { when closed }", "yaku 'a' has no 'han' clause"),
        ("yaku a { han 1 when closed pay each 1 }", "a yaku has no 'pay' clause"),
        ("yakuu a { han 1 }", "unknown kind of declaration 'yakuu' | did you mean 'yaku'?"),
        ("yaku a { han 1 when closed }\nyaku a { han 2 when closed }", "2:1: yaku 'a' is "
         "already declared at t.rules:1 | write 'override yaku a'"),
        ("yaku a { han 1 when closed replaces b }\nyaku b { han 1 when closed replaces a }",
         "'replaces' goes round in a circle"),
        # the clauses of the end of a game: only where they belong, one result in all
        ("yaku a { han 1 when closed gain 1000 }", "a yaku has no 'gain' clause"),
        ("standings a { result points when closed }", "a standings has no 'when' clause"),
        ("standings a { result points }\nstandings b { result 0 }",
         "2:1: standings 'b' gives a result, and so does standings 'a' (t.rules:1)"),
        ("standings a { result points result 0 }", "'result' is given twice"),
        ("standings a { gain place == 1 }", "this value must be a number"),
        ("standings a { balance when points }", "a condition must be true or false"),
        ("collect a { gain sticks when seats }", "a condition must be true or false"),
        ("next_hand a { when some(seats where pionts < 0) }", "unknown name 'pionts'"),
        ("standings a { result nth(rule.uma) }", "nth() takes 2 argument(s), not 1"),
    ],
)
def test_problems_are_reported_with_place_and_hint(text: str, expected: str) -> None:
    problems = _problems(text)
    assert any(expected in p for p in problems), problems


def test_every_problem_is_collected_not_just_the_first() -> None:
    text = (
        "yaku a { han 1 when every set is chwo }\n"
        "yaku b { han 1 when rule.nope }\n"
        "yaku c { han x when closed }\n"
    )
    lines = sorted(int(p.split(":")[0]) for p in _problems(text))
    assert lines == [1, 2, 3]


def test_bare_names_inside_a_comprehension_apply_to_its_element_first() -> None:
    # 'pair' inside the where is the group predicate (is the element a pair?), outside it
    # is the hand's pair.
    win = {"hand": "123456789m234p55s", "win": "5s"}
    assert _values("count(groups where pair) == 1 and pair is 5s", win) == [True]


def _table_value(text: str, env_setup: dict[str, Any]) -> Any:
    """The value of a table rule's ``result`` on a TableEnv with the given facts."""
    from riichi_rules.language.table_vocabulary import TABLE_FEATURES, TableEnv

    (decl,) = parse_rules(text, "t.rules").declarations
    clause = decl.first("result")
    assert clause is not None and clause.value is not None
    compiler = ExpressionCompiler(parameter_defaults(), lambda name: True, lambda f, n: "",
                                  features=TABLE_FEATURES)
    compiled = compiler.number(clause.value, "table")
    assert not compiler.diagnostics, [d.render() for d in compiler.diagnostics]
    env = TableEnv(compiler.slot_count, compiler.cache_size)
    for name, value in env_setup.items():
        setattr(env, name, value)
    return compiled.fn(env)


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        # nth counts from 1; past either end it is 0 (the default uma: +15/+5/-5/-15,
        # EMA 2016 §1)
        ("nth(rule.uma, 1)", 15), ("nth(rule.uma, 4)", -15), ("nth(rule.uma, 5)", 0),
        ("nth(rule.uma, 0)", 0),
        # nearest: halves away from zero (final_points_rounding: 16,500 -> 17,000,
        # -7,500 -> -8,000)
        ("nearest(16500, 1000)", 17000), ("nearest(-7500, 1000)", -8000),
        ("nearest(3300, 1000)", 3000), ("nearest(-3300, 1000)", -3000),
        ("nearest(1234, 0)", 1234),
    ],
)
def test_the_generic_helpers_of_the_standings(expr: str, expected: int) -> None:
    assert _table_value(f"standings t {{ result {expr} }}", {}) == expected


def test_seats_carry_their_places() -> None:
    from riichi_rules.language.table_vocabulary import seats_of

    # 30,300 twice: the earlier seat (2) is placed first (seat order), both rank 1, tied 2
    seats = seats_of([16300, 22100, 30300, 30300])
    assert [(s.place, s.rank, s.tied) for s in seats] == [(4, 4, 1), (3, 3, 1), (1, 1, 2),
                                                          (2, 1, 2)]
    text = "standings t { result count(seats where rank == 1) * 10 + max(seats: points) / 100 }"
    assert _table_value(text, {"seats": seats}) == 2 * 10 + 303


@pytest.mark.parametrize(("expr", "win", "expected"), [
    # seven pairs 22p 44p 66s 88s 55z 66z 77z: every tile an even simple or a dragon
    ("every tile is (dragon or (suited and number in [2, 4, 6, 8]))",
     {"hand": "2244p6688s556677z", "win": "7z"}, [True]),
    # a 3p among them: it is neither a dragon nor an even number
    ("every tile is (dragon or (suited and number in [2, 4, 6, 8]))",
     {"hand": "2233p6688s556677z", "win": "7z"}, [False]),
    ("no tile is (honour and not dragon)", {"hand": "2244p6688s556677z", "win": "7z"}, [True]),
])
def test_a_condition_on_each_element_after_is(expr: str, win: dict[str, Any],
                                              expected: list[Any]) -> None:
    assert _values(expr, win) == expected


def test_a_property_out_of_its_element_says_so() -> None:
    # 'every tile is dragon or (suited and ...)' reads as '(every tile is dragon) or (suited
    # and ...)': 'suited' is then outside any tile, and the message says so (the hint shows
    # the bracketed form, tested just above)
    text = ('yaku even "Even" {\n    han 1\n    when every tile is dragon or (suited and '
            'number in [2, 4, 6, 8])\n}\n')
    problems = check_rule_text(text, "t.rules", parameter_defaults())
    assert [p.message for p in problems] == [
        "'suited' says something of a tile, and none is in question here",
        "'number' says something of a tile or a group, and none is in question here"]
    assert "every tile is (dragon or (suited and number in [2, 4, 6, 8]))" in problems[0].hint
