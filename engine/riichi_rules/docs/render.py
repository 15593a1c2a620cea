"""Render the rules language back into English, from the AST.

A condition becomes a sentence ("every set is a chow, the pair is not a value tile, and the
wait is two-sided"); a value becomes a formula ("fu x 2^(han + 2)"). The words come from the
vocabulary (each entry's ``phrase``); this module only knows how to put them together:
quantifiers, counts, comparisons, ``and``/``or``/``not`` and the noun phrases of a
comprehension ("concealed pungs or kongs whose number is 1").

Parameters (``rule.NAME``) are shown by their schema title, with their value in the ruleset
when one is given ("“Kuitan (open all simples)” is on (here: on)"). :func:`fold` evaluates
what the parameters decide, as the compiler does, so a page can also say what a condition
comes to in one ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riichi_rules.docs.english import ARITH_SYMBOLS as _ARITH_SYMBOLS
from riichi_rules.docs.english import PRECEDENCE as _PRECEDENCE
from riichi_rules.docs.english import format_value, tile_name
from riichi_rules.docs.english import join as _join
from riichi_rules.docs.english import plural as _plural
from riichi_rules.docs.english import strip as _strip
from riichi_rules.docs.folding import Const, fold, static_value
from riichi_rules.docs.render_conditions import Conditions
from riichi_rules.docs.render_nouns import Scope
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v

__all__ = [
    "Const",
    "Renderer",
    "fold",
    "format_value",
    "render_condition",
    "render_value",
    "static_value",
    "tile_name",
]


class Renderer(Conditions):
    """Renders conditions and values of one ruleset (or of none: then parameters are shown
    by title only).

    ``params``: the ruleset's parameter values (shown as "(here: on)"); ``param_titles``: the
    schema title of each parameter; ``yaku_titles``: the title of each yaku id, for
    ``yaku(ID)``.
    """

    # -- entry points ----------------------------------------------------------------------
    def condition(self, expr: Any) -> str:
        """A condition as a sentence (without a final full stop)."""
        self.view.know(expr)
        return self._cond(expr, (), "top", False)

    def value(self, expr: Any) -> str:
        """A value in words or as a formula ("fu x 2^(han + 2)")."""
        self.view.know(expr)
        return self._val(expr, (), formula=True)

    def for_each(self, comp: ast.Comprehension, body: Any) -> str:
        """``add ... for (COMP): BODY``: "for each pung or kong: 2 x (…)"."""
        np, inner = self._noun_phrase(comp, ())
        return f"for each {np.singular(article=False)}: {self._val(body, inner, formula=True)}"


    # -- values ----------------------------------------------------------------------------
    def _val(self, expr: Any, scope: Scope, formula: bool = False, level: int = 0) -> str:
        if isinstance(expr, Const):
            return "true" if expr.value else "false"
        if isinstance(expr, ast.Int):
            return str(expr.value)
        if isinstance(expr, ast.Str):
            return f"“{expr.value}”"
        if isinstance(expr, ast.TileLit):
            return tile_name(expr.text)
        if isinstance(expr, ast.Param):
            return self._param(expr.name)
        if isinstance(expr, ast.Name):
            return self._name_value(expr.name, scope, formula)
        if isinstance(expr, ast.Attr):
            owner = self._type(expr.obj, scope)
            words = self._attr_words(expr.name, owner, self._subject_identical(expr.obj, scope))
            if isinstance(expr.obj, ast.Name):
                elem = self._binder(expr.obj.name, scope)
                if elem is not None:
                    return f"its {words}" if elem.label == "it" else f"the {words} of {elem.label}"
            return f"the {words} of {self._val(expr.obj, scope)}"
        if isinstance(expr, ast.Call):
            return self._call(expr, scope, formula)
        if isinstance(expr, ast.ListLit):
            return _join([self._val(i, scope, formula) for i in expr.items], "or")
        if isinstance(expr, ast.Range):
            return (f"the numbers {self._val(expr.low, scope, formula)} to "
                    f"{self._val(expr.high, scope, formula)}")
        if isinstance(expr, ast.Unary) and expr.op == "-":
            return f"\u2212{self._val(expr.operand, scope, formula, 8)}"
        if isinstance(expr, ast.Binary) and expr.op == "/" and isinstance(expr.right, ast.Int) \
                and expr.right.value == 2:
            text = f"half of {self._val(expr.left, scope, formula, 7)}"
            return f"({text})" if level > _PRECEDENCE["/"] else text
        if isinstance(expr, ast.Binary) and expr.op in _PRECEDENCE:
            prec = _PRECEDENCE[expr.op]
            left = self._val(expr.left, scope, formula, prec + (1 if expr.op == "^" else 0))
            right = self._val(expr.right, scope, formula, prec + (0 if expr.op == "^" else 1))
            text = (f"{left}^{right}" if expr.op == "^"
                    else f"{left} {_ARITH_SYMBOLS[expr.op]} {right}")
            return f"({text})" if prec < level else text
        if isinstance(expr, ast.Ternary):
            # a chain "if A then x else if B then y else z": "x if A, y if B, else z"
            branches = []
            node: Any = expr
            while isinstance(node, ast.Ternary):
                branches.append(f"{self._val(node.then, scope, formula, 1)} if "
                                f"{self._cond(node.cond, scope, 'inner', False)}")
                node = node.other
            text = ", ".join(branches) + f", else {self._val(node, scope, formula, 1)}"
            return f"({text})" if level > 0 else text
        if isinstance(expr, ast.Aggregate):
            return self._aggregate_value(expr, scope, formula)
        return self._cond(expr, scope, "inner", False)

    def _call(self, expr: ast.Call, scope: Scope, formula: bool) -> str:
        args = [self._val(a, scope, formula, 1) for a in expr.args]
        if expr.func == "next" and len(args) == 1:
            return f"the tile {args[0]} points to"
        if expr.func == "take" and len(args) == 2:
            return f"the first {args[1]} of {args[0]}"
        if expr.func == "round_up" and len(args) == 2:
            return f"{args[0]} rounded up to a multiple of {args[1]}"
        if expr.func == "min" and len(args) == 2:
            return f"the smaller of {args[0]} and {args[1]}"
        if expr.func == "larger" and len(args) == 2:
            return f"the larger of {args[0]} and {args[1]}"
        if expr.func == "nth" and len(args) == 2:
            return f"item {args[1]} of {args[0]}"
        if expr.func == "nearest" and len(args) == 2:
            return f"{args[0]} rounded to the nearest multiple of {args[1]}"
        if expr.func == "held" and len(args) == 1:
            return f"the number of the hand's tiles matching {args[0]}"
        function = v.FUNCTIONS.get(expr.func)
        phrase = _strip(function.phrase) if function else expr.func
        return f"{phrase} {_join(args, 'and')}"

    def _aggregate_value(self, expr: ast.Aggregate, scope: Scope, formula: bool) -> str:
        np, inner = self._noun_phrase(expr.comp, scope)
        if expr.kind == "count":
            return f"the number of {np.plural()}"
        if expr.kind == "distinct":
            attr = _plural(self._attr_words(expr.attr or "", inner[-1].type, inner[-1].identical))
            return f"the number of different {attr} among the {np.plural()}"
        body = self._val(expr.body, inner, formula) if expr.body is not None else ""
        each = np.singular(article=False)
        if expr.kind == "sum":
            return f"the total, over every {each}, of {body}"
        return f"the largest, over every {each}, of {body}"



# ---- conveniences --------------------------------------------------------------------------


def render_condition(expr: Any, params: Mapping[str, object] | None = None,
                     param_titles: Mapping[str, str] | None = None) -> str:
    """A condition as an English sentence."""
    return Renderer(params, param_titles).condition(expr)


def render_value(expr: Any, params: Mapping[str, object] | None = None,
                 param_titles: Mapping[str, str] | None = None) -> str:
    """A value as words or a formula."""
    return Renderer(params, param_titles).value(expr)

