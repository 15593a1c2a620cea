"""The constant folder: what does not depend on the situation is worked out, the rest left."""

from __future__ import annotations

import pytest

from riichi_rules.language import typed as t
from riichi_rules.language.fold import fold
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.typed import Typed, Typer


def _typed(condition: str, **parameters: object) -> Typed:
    (decl,) = parse_rules(f'yaku x "X" {{ han 1\n when {condition} }}', "t.rules").declarations
    clause = decl.first("when")
    assert clause is not None and clause.value is not None
    return Typer(parameters).condition(clause.value, "limits")


@pytest.mark.parametrize(("condition", "parameters", "value"), [
    # a parameter compared with a constant is a constant
    ('rule.renhou != "none"', {"renhou": "mangan"}, True),
    ('rule.renhou != "none"', {"renhou": "none"}, False),
    # 'and' with a false part is false whatever the rest; 'or' with a true part is true
    ("rule.kiriage and tsumo", {"kiriage": False}, False),
    ("rule.kiriage or tsumo", {"kiriage": True}, True),
    # arithmetic of constants
    ("2 ^ 3 + 1 == 9", {}, True),
    ("if rule.kan_dora then 1 == 1 else 1 == 2", {"kan_dora": False}, False),
])
def test_constant_conditions_fold_to_their_value(
        condition: str, parameters: dict[str, object], value: bool) -> None:
    folded = fold(_typed(condition, **parameters))
    assert (folded.op, folded.data) == (t.CONST, value)


def test_the_parts_that_cannot_change_a_chain_are_dropped() -> None:
    # kiriage true: 'rule.kiriage and basic >= 1920' is 'basic >= 1920'
    folded = fold(_typed("han >= 5 or (rule.kiriage and tsumo)", kiriage=True))
    assert folded.op == t.OR
    assert [p.op for p in folded.parts if p is not None] == [t.COMPARE, t.FEATURE]


@pytest.mark.parametrize(("condition", "value"), [
    # a test or its negation always holds, whatever the situation (rulesets/base/table.rules:
    # a kan rule's 'on is closed_kan or on is not closed_kan' once its parameter is put in)
    ("tsumo or not tsumo", True),
    ("form is standard or form is not standard", True),
    ("count(sets) == 4 or count(sets) != 4", True),
    # and both never do
    ("riichi and not riichi", False),
    ("closed and han >= 2 and not closed", False),
])
def test_a_test_with_its_negation_folds(condition: str, value: bool) -> None:
    folded = fold(_typed(condition))
    assert (folded.op, folded.data) == (t.CONST, value)


def test_a_test_and_another_do_not_fold() -> None:
    # 'tsumo or not riichi' is not decided by its form
    assert fold(_typed("tsumo or not riichi")).op == t.OR


def test_what_reads_the_situation_stays() -> None:
    folded = fold(_typed("count(sets where chow) >= 1 + 1"))
    assert folded.op == t.COMPARE
    left, right = folded.parts
    assert left is not None and left.op == t.COUNT
    assert right is not None and (right.op, right.data) == (t.CONST, 2)


def test_a_division_by_zero_is_left_to_fail_where_it_runs() -> None:
    folded = fold(_typed("1 / 0 == 1"))
    assert folded.op == t.COMPARE
