"""What the parameters decide, as the language front end works it out: the pages render the
AST (the words follow what the rule file says), but the types of its expressions and what the
ruleset's parameters make of them come from the typed tree the front end builds
(:mod:`riichi_rules.language.typed`, ``program.typed``) and its one constant folder
(:mod:`riichi_rules.language.fold`).

A :class:`TypedView` finds, for an AST node, the typed node it was typed as. :func:`fold`
folds an expression's typed tree and gives it back as AST for the renderer: a part the
folder worked out becomes a literal (a :class:`Const` for true and false, which the AST has
no literal for), an ``and``/``or`` loses the parts that cannot change it, an ``if`` with a
decided condition becomes its branch. What the folder leaves alone stays as written: a
constant division by zero is shown as the division, as the front end reports it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.fold import fold as fold_typed
from riichi_rules.language.table_vocabulary import TABLE_FEATURES
from riichi_rules.language.typed import CONST, Typed, Typer, flatten, walk

__all__ = ["Const", "TypedView", "fold", "static_value"]


@dataclass(frozen=True, slots=True)
class Const:
    """A condition the parameters decide (the AST has no true/false literal)."""

    value: bool
    span: ast.Span


TRUE_SPAN = ast.Span("", 0, 0)
_EXPRESSIONS: tuple[type, ...] = ast.Expr.__args__

# The stages a scoring expression typed on its own is tried in: the first that types it
# without a diagnostic is taken (``han`` is only known from the fu stage on, ``yaku(...)``
# after the yaku ...).
_SCORING_STAGES = ("yaku", "fu", "limits", "payments")


class TypedView:
    """The typed trees of one ruleset, found by the AST node each typed node was typed from
    (the outermost, where one node was typed as several: ``x is not p`` is a ``not`` around
    the test). An expression no tree holds (a test's own rule, a clause of a disabled yaku)
    is typed on its own with the ruleset's parameters when first asked for."""

    def __init__(self, trees: Iterable[Typed | None] = (),
                 parameters: Mapping[str, object] | None = None,
                 features: Mapping[str, v.Feature] | None = None) -> None:
        self.parameters = dict(parameters or {})
        self.features: Mapping[str, v.Feature] = v.FEATURES if features is None else features
        self._typed: dict[int, tuple[ast.Expr, Typed]] = {}
        self._types: dict[int, tuple[Any, str]] = {}
        self._doubtful: dict[int, Any] = {}
        for tree in trees:
            self.add(tree)

    @classmethod
    def of_program(cls, program: Any, features: Mapping[str, v.Feature] | None = None
                   ) -> TypedView:
        """The view of a compiled program's typed rules (``program.typed``): the scoring
        rules, or with ``features`` the table's vocabulary the table rules."""
        typed = program.typed
        trees = typed.trees() if features is None else typed.table_trees()
        return cls(trees, program.config.parameters, features)

    def add(self, tree: Typed | None) -> None:
        for node in walk(tree):
            key = id(node.node)
            if key not in self._typed:
                self._typed[key] = (node.node, node)
                self._types[key] = (node.node, node.type)

    def know(self, expr: Any) -> None:  # expr: an ast.Expr (anything else is left alone)
        """Type ``expr`` on its own (with the view's parameters) unless its type is known."""
        if id(expr) not in self._types and _is_expression(expr):
            self.add(self._type_alone(expr))

    def typed(self, expr: Any) -> Typed | None:
        """The typed node ``expr`` was typed as, typing it on its own if no tree holds it."""
        if id(expr) not in self._typed:
            self.know(expr)
        found = self._typed.get(id(expr))
        return found[1] if found is not None else None

    def typed_as(self, expr: Any) -> Typed | None:
        """The typed node ``expr`` was typed as in the view's trees (None: none holds it)."""
        found = self._typed.get(id(expr))
        return found[1] if found is not None else None

    def type_of(self, expr: Any) -> str | None:
        """The type the front end gives ``expr`` (None for a node it never typed: one the
        renderer made itself)."""
        found = self._types.get(id(expr))
        return found[1] if found is not None else None

    def same_type(self, made: Any, like: Any) -> None:
        """``made`` (a node rebuilt from ``like``) has ``like``'s type."""
        found = self._types.get(id(like))
        if found is not None:
            self.set_type(made, found[1])

    def set_type(self, made: Any, type_: str) -> None:
        if id(made) not in self._types:
            self._types[id(made)] = (made, type_)

    def _type_alone(self, expr: Any) -> Typed:
        """``expr`` typed in the first stage (of the view's vocabulary, then of the other)
        that types it without a diagnostic; one that no stage types cleanly is noted as
        doubtful, and never folded."""
        tries = [(self.features, stage) for stage in _stages(self.features)]
        for other in (v.FEATURES, TABLE_FEATURES):
            if other is not self.features:
                tries += [(other, stage) for stage in _stages(other)]
        best: tuple[int, Typed] | None = None
        for features, stage in tries:
            typer = Typer(self.parameters, features)
            typer.stage = stage
            typed = typer.typed(expr)
            if best is None or len(typer.diagnostics) < best[0]:
                best = (len(typer.diagnostics), typed)
            if not typer.diagnostics:
                break
        assert best is not None
        if best[0]:
            self._doubtful[id(expr)] = expr
        return best[1]

    def doubtful(self, expr: Any) -> bool:
        """Whether ``expr`` was typed on its own with diagnostics (names it does not know):
        its types are the front end's best guess, and nothing in it is folded."""
        return id(expr) in self._doubtful


def _stages(features: Mapping[str, v.Feature]) -> tuple[str, ...]:
    return ("table",) if features is TABLE_FEATURES else _SCORING_STAGES


def fold(expr: Any, params: Mapping[str, object] | TypedView,
         features: Mapping[str, v.Feature] | None = None) -> Any:
    """``expr`` with the ruleset's parameters put in and what that decides worked out by the
    front end's folder (``closed or rule.kuitan`` with kuitan on is :class:`Const` true).
    ``params``: the ruleset's :class:`TypedView`, or its parameter values (the expression is
    then typed on its own). Returns an AST expression or a :class:`Const`."""
    view = params if isinstance(params, TypedView) else TypedView((), params, features)
    typed = view.typed(expr)
    if typed is None or view.doubtful(expr):
        return expr
    folded: dict[int, Typed] = {}
    _fold_into(folded, typed)
    return _back(expr, folded, view)


def static_value(expr: Any, params: Mapping[str, object] | TypedView) -> object | None:
    """The value of an expression that the parameters alone decide (a han value like ``2`` or
    ``rule.chiitoitsu_fu``), or None when it depends on the hand."""
    ok, value = _literal(fold(expr, params))
    return value if ok else None


# ---- the folded tree as AST ------------------------------------------------------------------


def _fold_into(folded: dict[int, Typed], typed: Typed) -> None:
    """The folded tree of ``typed``, each node by the AST node it was typed from."""
    for node in walk(fold_typed(typed)):
        folded.setdefault(id(node.node), node)


def _back(expr: Any, folded: dict[int, Typed], view: TypedView) -> Any:
    """``expr`` as the folded typed tree has it (a part the folder dropped from an ``and``
    or ``or``, or whose ``if`` it decided, is folded on its own)."""
    typed = folded.get(id(expr))
    if typed is None and _is_expression(expr):
        original = view.typed_as(expr)
        if original is not None:
            _fold_into(folded, original)
            typed = folded.get(id(expr))
    if typed is not None and typed.op == CONST and not _literal(expr)[0]:
        node = _literal_node(typed.data, expr.span)
        if node is not None:
            view.set_type(node, typed.type)
            return node
    if isinstance(expr, ast.Binary) and expr.op in ("and", "or"):
        return _back_logic(expr, folded, view)
    if isinstance(expr, ast.Ternary):
        cond = _back(expr.cond, folded, view)
        if isinstance(cond, Const):
            return _back(expr.then if cond.value else expr.other, folded, view)
    if isinstance(expr, ast.Comprehension):
        where = _back(expr.where, folded, view) if expr.where is not None else None
        if isinstance(where, Const) and where.value:
            where = None
        return ast.Comprehension(_back(expr.source, folded, view), expr.binder, where,
                                 expr.span)
    if not _is_expression(expr):
        return expr
    changes = {}
    for field in dataclasses.fields(expr):
        value = getattr(expr, field.name)
        if field.name == "span":
            continue
        if isinstance(value, tuple):
            new: Any = tuple(_back(x, folded, view) for x in value)
            if any(a is not b for a, b in zip(new, value, strict=True)):
                changes[field.name] = new
        elif dataclasses.is_dataclass(value):
            new = _back(value, folded, view)
            if new is not value:
                changes[field.name] = new
    if not changes:
        return expr
    made = dataclasses.replace(expr, **changes)
    view.same_type(made, expr)
    return made


def _back_logic(expr: ast.Binary, folded: dict[int, Typed], view: TypedView) -> Any:
    parts: list[ast.Expr] = []
    flatten(expr, expr.op, parts)
    absorbing = expr.op == "or"
    live = []
    for part in parts:
        back = _back(part, folded, view)
        if isinstance(back, Const):
            if back.value == absorbing:
                return Const(absorbing, expr.span)
            continue
        live.append(back)
    if not live:
        return Const(not absorbing, expr.span)
    if len(live) == len(parts) and all(a is b for a, b in zip(live, parts, strict=True)):
        return expr
    result = live[0]
    for part in live[1:]:
        result = ast.Binary(expr.op, result, part, expr.span)
        view.same_type(result, expr)
    return result


def _literal(node: object) -> tuple[bool, object]:
    """(is it a constant, its value)."""
    if isinstance(node, Const):
        return True, node.value
    if isinstance(node, ast.Int | ast.Str):
        return True, node.value
    if isinstance(node, ast.ListLit):
        values = [_literal(item) for item in node.items]
        if all(ok for ok, _ in values):
            return True, tuple(value for _, value in values)
    return False, None


def _literal_node(value: object, span: ast.Span) -> Any:
    """A constant as the AST writes it (true and false as :class:`Const`); None for one it
    has no literal for (a tile, a mapping, nothing)."""
    if isinstance(value, bool):
        return Const(value, span)
    if isinstance(value, int):
        return ast.Int(value, span)
    if isinstance(value, str):
        return ast.Str(value, span)
    if isinstance(value, (list, tuple)) and all(isinstance(x, (int, str)) for x in value):
        return ast.ListLit(tuple(_literal_node(x, span) for x in value), span)
    return None


def _is_expression(node: Any) -> bool:
    return isinstance(node, _EXPRESSIONS)
