"""What the parameters decide on the pages, as the language front end folds it
(riichi_rules.docs.folding): the folded AST, the types read from the typed tree."""

from __future__ import annotations

from typing import Any

from riichi_rules.docs.folding import Const, TypedView, fold, static_value
from riichi_rules.docs.render import Renderer
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.parser import parse_rules
from riichi_rules.scoring.scorer import program


def when(text: str) -> Any:
    decl = parse_rules(f'yaku x "X" {{\n han 1\n when {text}\n}}\n', "t.rules").declarations[0]
    clause = decl.first("when")
    assert clause is not None
    return clause.value


def test_a_division_by_zero_is_shown_as_written() -> None:
    # the front end leaves '1 / 0' unfolded (language/fold.py: constant arithmetic with no
    # value is left to fail where it runs); the page says the division, not a made-up 0
    folded = fold(when("han == 1 / 0"), {})
    assert isinstance(folded, ast.Binary) and isinstance(folded.right, ast.Binary)
    # (the renderer's own folder made it 'the han is 0')
    assert Renderer().condition(folded) == "the han is 1 ÷ 0"


def test_parameters_fold_to_their_values() -> None:
    # kuitan on: 'closed or rule.kuitan' always holds (the compiler's own folding)
    always = fold(when("closed or rule.kuitan"), {"kuitan": True})
    assert isinstance(always, Const) and always.value
    folded = fold(when("closed or rule.kuitan"), {"kuitan": False})
    assert isinstance(folded, ast.Name) and folded.name == "closed"
    # arithmetic of parameters: 25 + 1
    assert static_value(when("rule.chiitoitsu_fu + 1"), {"chiitoitsu_fu": 25}) == 26


def test_an_expression_with_unknown_names_is_not_folded() -> None:
    # 'nonsense' is no name of either vocabulary: the typer would make the test false, and a
    # page must not claim that
    expr = when("nonsense is standard or rule.kuitan")
    view = TypedView((), {"kuitan": False})
    assert fold(expr, view) is expr
    assert view.doubtful(expr)


def test_types_come_from_the_programs_typed_tree() -> None:
    prog = program("tenhou")
    view = TypedView.of_program(prog)
    pinfu = prog.typed.yaku["pinfu"].when
    assert pinfu is not None
    # the condition is typed as a test, and each node of it has the front end's type
    assert view.type_of(pinfu.node) == v.BOOL
    assert view.typed_as(pinfu.node) is pinfu
