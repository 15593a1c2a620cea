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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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

# ---- words ---------------------------------------------------------------------------------

_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
_HONOUR_NAMES = ("East wind", "South wind", "West wind", "North wind", "White dragon",
                 "Green dragon", "Red dragon")

# How an enum value reads after "the wait is" / "the hand is".
_WAIT_WORDS = {
    "two_sided": "two-sided", "closed": "closed", "edge": "an edge wait",
    "pair": "a wait on either of two pairs", "single": "a single-tile wait on the pair",
    "thirteen_sided": "thirteen-sided",
}
_FORM_WORDS = {
    "standard": "four sets and a pair", "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
}
# Whole sentences for "<how the tile was released> is X" and "<where it comes from> is X"
# (table rules: ``on is discard``, ``from is left``), by the type of the left side.
_ENUM_SENTENCES: dict[str, dict[str, str]] = {
    v.RELEASE: {
        "discard": "the tile was discarded",
        "added_kan": "the tile was added to a pung to make a kan",
        "closed_kan": "the tile was declared in a concealed kan",
    },
    v.DIRECTION: {
        "left": "the tile comes from the player on the left",
        "across": "the tile comes from the player opposite",
        "right": "the tile comes from the player on the right",
    },
}

# The nouns of the collections a comprehension goes through: (singular, plural).
_SOURCE_NOUNS: dict[str, tuple[str, str]] = {
    "tiles": ("tile", "tiles"), "groups": ("group", "groups"), "sets": ("set", "sets"),
    "melds": ("declared meld", "declared melds"), "pairs": ("pair", "pairs"),
    "waits": ("waiting tile", "waiting tiles"), "dora": ("dora indicator", "dora indicators"),
    "ura": ("ura-dora indicator", "ura-dora indicators"),
    # the table rules'
    "hand": ("concealed tile", "concealed tiles"),
    "readings": ("reading of the hand", "readings of the hand"),
    "own_discards": ("tile the player discarded", "tiles the player discarded"),
    "first_discards": ("first discard", "first discards"),
    "own_added_kan_tiles": ("tile the player added to a kan", "tiles the player added to kans"),
}
# Sources whose elements may be named by what the filter says they are ("chows").
_RENAMEABLE = frozenset({"tiles", "groups", "sets", "melds", "pairs"})

# Where a vocabulary phrase reads badly inside a sentence, the word used instead.
_VALUE_WORDS = {
    "yakuman_total": "the total of the yakuman multiples",
    "yakuman_max": "the largest single yakuman multiple",
}
_FORMULA_WORDS = {"han": "han", "fu": "fu", "basic": "basic points"}
_PLURAL_FEATURES = frozenset({"basic", "tiles", "dora", "ura", "waits", "groups", "sets",
                              "pairs", "melds"})

# Negated forms of the verbs of feature phrases (the verb that comes first in the phrase is
# negated; "is" and "are" when no other verb comes before them).
_VERB_NEGATIONS = {
    " has declared ": " has not declared ", " declared ": " did not declare ",
    " comes ": " does not come ", " completes ": " does not complete ",
    " would ": " would not ", " began ": " did not begin ", " ended ": " did not end ",
    " won ": " did not win ", " has had ": " has not had ", " was ": " was not ",
    " were ": " were not ", " is ": " is not ", " are ": " are not ",
    " holds ": " does not hold ", " has ": " does not have ",
}
# "the number of <plural noun> who/that <verb phrase>" (a count feature's phrase): the verb
# of the clause as it agrees with one.
_SINGULAR_VERBS = {"have": "has", "are": "is", "were": "was"}

_COMPARE_WORDS = {
    "==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
    ">=": "is at least",
}
_COMPARE_WORDS_PLURAL = {
    "==": "are", "!=": "are not", "<": "are fewer than", "<=": "are at most",
    ">": "are more than", ">=": "are at least",
}
_NEGATE_OP = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_MIRROR_OP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_COUNT_WORDS = {
    "==": "exactly", "!=": "a number other than", "<": "fewer than", "<=": "at most",
    ">": "more than", ">=": "at least",
}
_ARITH_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "÷", "%": "mod", "^": "^"}
_PRECEDENCE = {"+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "^": 7}
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

_SHAPES = frozenset(n for n, p in v.GROUP_PREDICATES.items() if p.shapes is not None)
_IDENTICAL_SHAPES = frozenset({"pung", "kong", "triplet", "pair"})
_PRENOMINAL = frozenset({"concealed", "open"})


def _strip(phrase: str) -> str:
    """A phrase without its parenthetical explanation: "a simple (2-8 of a suit)" -> "a simple"."""
    return re.sub(r"\s*\([^)]*\)", "", phrase).strip()


def _bare(phrase: str) -> str:
    """A noun phrase without its indefinite article."""
    for article in ("a ", "an "):
        if phrase.startswith(article):
            return phrase[len(article):]
    return phrase


def _has_article(phrase: str) -> bool:
    return phrase.startswith(("a ", "an "))


def _with_article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _plural_word(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _plural(noun: str) -> str:
    """"pung or kong" -> "pungs or kongs", "single tile" -> "single tiles"."""
    parts = _bare(noun).split(" or ")
    out = []
    for part in parts:
        words = part.split(" ")
        words[-1] = _plural_word(words[-1])
        out.append(" ".join(words))
    return " or ".join(out)


def _join(items: Sequence[str], word: str) -> str:
    """"A", "A and B", "A, B, and C" (and "A, and B" when A or B has an "and" of its own)."""
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        if any(f" {word} " in item or "," in item or item.startswith(("both ", "all of: "))
               for item in items):
            return f"{items[0]}, {word} {items[1]}"
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f", {word} {items[-1]}"


def tile_name(text: str) -> str:
    """A tile in words: ``5z`` -> "the White dragon (5z)", ``0p`` -> "the red 5 of circles
    (0p)"."""
    digit, letter = text[0], text[1]
    if letter == "z":
        index = int(digit) - 1
        name = _HONOUR_NAMES[index] if 0 <= index < len(_HONOUR_NAMES) else text
        return f"the {name} ({text})"
    if digit == "0":
        return f"the red 5 of {_SUIT_NAMES.get(letter, letter)} ({text})"
    return f"the {digit} of {_SUIT_NAMES.get(letter, letter)} ({text})"


def format_value(value: object) -> str:
    """A parameter's value in words: on/off, a number, a quoted text, a list."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(x) for x in value) if value else "none"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {format_value(x)}" for k, x in value.items())
    return str(value)


# ---- folding what the parameters decide ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Const:
    """A value folded from parameters (the AST has no true/false literal)."""

    value: bool
    span: ast.Span


_TRUE_SPAN = ast.Span("", 0, 0)


def _literal(node: object) -> tuple[bool, object]:
    """(is it a constant, its value)."""
    if isinstance(node, Const):
        return True, node.value
    if isinstance(node, ast.Int):
        return True, node.value
    if isinstance(node, ast.Str):
        return True, node.value
    if isinstance(node, ast.ListLit):
        values = [_literal(item) for item in node.items]
        if all(ok for ok, _ in values):
            return True, tuple(value for _, value in values)
    return False, None


def _const_node(value: object, span: ast.Span) -> Any:
    if isinstance(value, bool):
        return Const(value, span)
    if isinstance(value, int):
        return ast.Int(value, span)
    if isinstance(value, str):
        return ast.Str(value, span)
    if isinstance(value, (list, tuple)) and all(isinstance(x, (int, str)) for x in value):
        return ast.ListLit(tuple(_const_node(x, span) for x in value), span)
    return None


_ORDERS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
           ">=": lambda a, b: a >= b}


def fold(expr: Any, params: Mapping[str, object]) -> Any:
    """``expr`` with every parameter replaced by its value and what that decides worked out
    (``closed or rule.kuitan`` with kuitan on is :class:`Const` true), as the compiler folds
    it. Returns an AST expression or a :class:`Const`."""
    if isinstance(expr, ast.Param):
        if expr.name in params:
            node = _const_node(params[expr.name], expr.span)
            if node is not None:
                return node
        return expr
    if isinstance(expr, ast.Binary):
        if expr.op in ("and", "or"):
            return _fold_logic(expr, params)
        left, right = fold(expr.left, params), fold(expr.right, params)
        lok, lv = _literal(left)
        rok, rv = _literal(right)
        if lok and rok:
            if expr.op in ("==", "is"):
                return Const(lv == rv, expr.span)
            if expr.op in ("!=", "is_not"):
                return Const(lv != rv, expr.span)
            if expr.op in _ORDERS and isinstance(lv, int) and isinstance(rv, int):
                return Const(bool(_ORDERS[expr.op](lv, rv)), expr.span)
            if expr.op in ("in", "not_in") and isinstance(rv, tuple):
                return Const((lv in rv) == (expr.op == "in"), expr.span)
            if expr.op in _PRECEDENCE and type(lv) is int and type(rv) is int:
                return ast.Int(_arith(expr.op, lv, rv), expr.span)
        return ast.Binary(expr.op, left, right, expr.span)
    if isinstance(expr, ast.Unary):
        operand = fold(expr.operand, params)
        if isinstance(operand, Const) and expr.op == "not":
            return Const(not operand.value, expr.span)
        if isinstance(operand, ast.Int) and expr.op == "-":
            return ast.Int(-operand.value, expr.span)
        return ast.Unary(expr.op, operand, expr.span)
    if isinstance(expr, ast.Ternary):
        cond = fold(expr.cond, params)
        if isinstance(cond, Const):
            return fold(expr.then if cond.value else expr.other, params)
        return ast.Ternary(cond, fold(expr.then, params), fold(expr.other, params), expr.span)
    if isinstance(expr, ast.Attr):
        return ast.Attr(fold(expr.obj, params), expr.name, expr.span)
    if isinstance(expr, ast.Call):
        return ast.Call(expr.func, tuple(fold(a, params) for a in expr.args), expr.span)
    if isinstance(expr, ast.ListLit):
        return ast.ListLit(tuple(fold(a, params) for a in expr.items), expr.span)
    if isinstance(expr, ast.Range):
        return ast.Range(fold(expr.low, params), fold(expr.high, params), expr.span)
    if isinstance(expr, ast.Quantified):
        body = fold(expr.body, params) if expr.body is not None else None
        return ast.Quantified(expr.quantifier, _fold_comp(expr.comp, params), body, expr.span)
    if isinstance(expr, ast.NounTest):
        return ast.NounTest(expr.quantifier, expr.noun, expr.test, fold(expr.subject, params),
                            expr.span)
    if isinstance(expr, ast.Aggregate):
        body = fold(expr.body, params) if expr.body is not None else None
        return ast.Aggregate(expr.kind, _fold_comp(expr.comp, params), expr.attr, body,
                             expr.span)
    return expr


def _arith(op: str, a: int, b: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a // b if b else 0
    if op == "%":
        return a % b if b else 0
    result: int = a ** b
    return result


def _fold_comp(comp: ast.Comprehension, params: Mapping[str, object]) -> ast.Comprehension:
    where = fold(comp.where, params) if comp.where is not None else None
    if isinstance(where, Const) and where.value:
        where = None
    return ast.Comprehension(fold(comp.source, params), comp.binder, where, comp.span)


def _fold_logic(expr: ast.Binary, params: Mapping[str, object]) -> Any:
    parts: list[Any] = []
    _flatten(expr, expr.op, parts)
    absorbing = expr.op == "or"
    live = []
    for part in parts:
        folded = fold(part, params)
        if isinstance(folded, Const):
            if folded.value == absorbing:
                return Const(absorbing, expr.span)
            continue
        live.append(folded)
    if not live:
        return Const(not absorbing, expr.span)
    for index, part in enumerate(live):
        # "X or not X" is true, "X and not X" false
        if any(_complements(part, other) for other in live[index + 1:]):
            return Const(absorbing, expr.span)
    result = live[0]
    for part in live[1:]:
        result = ast.Binary(expr.op, result, part, expr.span)
    return result


_OPPOSITE_OPS = {"is": "is_not", "is_not": "is", "==": "!=", "!=": "=="}


def _complements(a: Any, b: Any) -> bool:
    """Whether one condition is the other negated (``on is X`` and ``on is not X``)."""
    if isinstance(a, ast.Unary) and a.op == "not":
        return bool(_plain_node(a.operand) == _plain_node(b))
    if isinstance(b, ast.Unary) and b.op == "not":
        return bool(_plain_node(b.operand) == _plain_node(a))
    if isinstance(a, ast.Binary) and isinstance(b, ast.Binary) and \
            _OPPOSITE_OPS.get(a.op) == b.op:
        return bool((_plain_node(a.left), _plain_node(a.right))
                    == (_plain_node(b.left), _plain_node(b.right)))
    return False


def _plain_node(node: Any) -> Any:
    """An AST node as plain data, without its place in the file."""
    if isinstance(node, tuple):
        return tuple(_plain_node(x) for x in node)
    if hasattr(node, "__dataclass_fields__") and not isinstance(node, ast.Span):
        return (type(node).__name__, *(_plain_node(getattr(node, name))
                                       for name in node.__dataclass_fields__ if name != "span"))
    return node


def _flatten(node: Any, op: str, out: list[Any]) -> None:
    if isinstance(node, ast.Binary) and node.op == op:
        _flatten(node.left, op, out)
        _flatten(node.right, op, out)
    else:
        out.append(node)


def static_value(expr: Any, params: Mapping[str, object]) -> object | None:
    """The value of an expression that the parameters alone decide (a han value like ``2`` or
    ``rule.chiitoitsu_fu``), or None when it depends on the hand."""
    ok, value = _literal(fold(expr, params))
    return value if ok else None


# ---- the renderer --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Elem:
    """An element a comprehension binds: how the text refers to it."""

    name: str | None
    type: str
    label: str  # "A" for ``as a``, else "it"
    head: str  # its singular noun ("chow", "tile")
    identical: bool  # a group of identical tiles (pung, kong, pair)


@dataclass
class _NounPhrase:
    head: str
    head_plural: str
    adjectives: list[str] = field(default_factory=list)
    post: list[tuple[str, str]] = field(default_factory=list)  # (singular, plural)
    label: str | None = None

    def _post(self, plural: bool) -> str:
        parts = [p[1] if plural else p[0] for p in self.post]
        simple = [p for p in parts if not p.startswith(("whose ", "that ", "for which "))]
        clauses = [p for p in parts if p.startswith(("whose ", "that ", "for which "))]
        text = " ".join(simple)
        if clauses:
            text = (text + " " if text else "") + " and ".join(clauses)
        return text

    def singular(self, article: bool = True, label: bool = True) -> str:
        noun = " ".join([*self.adjectives, self.head])
        if article:
            noun = _with_article(noun)
        if label and self.label:
            noun += f" {self.label}"
        post = self._post(False)
        return f"{noun} {post}" if post else noun

    def plural(self) -> str:
        noun = " ".join([*self.adjectives, self.head_plural])
        post = self._post(True)
        return f"{noun} {post}" if post else noun


Scope = tuple[_Elem, ...]


class Renderer:
    """Renders conditions and values of one ruleset (or of none: then parameters are shown
    by title only).

    ``params``: the ruleset's parameter values (shown as "(here: on)"); ``param_titles``: the
    schema title of each parameter; ``yaku_titles``: the title of each yaku id, for
    ``yaku(ID)``.
    """

    def __init__(
        self,
        params: Mapping[str, object] | None = None,
        param_titles: Mapping[str, str] | None = None,
        yaku_titles: Mapping[str, str] | None = None,
        features: Mapping[str, v.Feature] | None = None,
    ) -> None:
        self.features: Mapping[str, v.Feature] = v.FEATURES if features is None else features
        self.params = params
        self.param_titles = param_titles or {}
        self.yaku_titles = yaku_titles or {}

    # -- entry points ----------------------------------------------------------------------
    def condition(self, expr: Any) -> str:
        """A condition as a sentence (without a final full stop)."""
        return self._cond(expr, (), "top", False)

    def value(self, expr: Any) -> str:
        """A value in words or as a formula ("fu x 2^(han + 2)")."""
        return self._val(expr, (), formula=True)

    def for_each(self, comp: ast.Comprehension, body: Any) -> str:
        """``add ... for (COMP): BODY``: "for each pung or kong: 2 x (…)"."""
        np, inner = self._noun_phrase(comp, ())
        return f"for each {np.singular(article=False)}: {self._val(body, inner, formula=True)}"

    # -- types -----------------------------------------------------------------------------
    def _type(self, expr: Any, scope: Scope) -> str:
        if isinstance(expr, Const):
            return v.BOOL
        if isinstance(expr, ast.Int):
            return v.INT
        if isinstance(expr, ast.Str):
            return v.STR
        if isinstance(expr, ast.TileLit):
            return v.TILE
        if isinstance(expr, ast.Name):
            return self._name_type(expr.name, scope)
        if isinstance(expr, ast.Param):
            value = self.params.get(expr.name) if self.params else None
            if isinstance(value, bool):
                return v.BOOL
            if isinstance(value, int):
                return v.INT
            if isinstance(value, str):
                return v.STR
            return v.ANY
        if isinstance(expr, ast.HasYaku | ast.Quantified | ast.NounTest):
            return v.BOOL
        if isinstance(expr, ast.Attr):
            attribute = v.ATTRIBUTES.get(self._type(expr.obj, scope), {}).get(expr.name)
            return attribute.type if attribute else v.ANY
        if isinstance(expr, ast.Call):
            function = v.FUNCTIONS.get(expr.func)
            return function.result if function else v.ANY
        if isinstance(expr, ast.ListLit):
            types = {self._type(i, scope) for i in expr.items}
            return v.list_of(types.pop() if len(types) == 1 else v.ANY)
        if isinstance(expr, ast.Range):
            return v.list_of(v.INT)
        if isinstance(expr, ast.Unary):
            return v.BOOL if expr.op == "not" else v.INT
        if isinstance(expr, ast.Binary):
            return v.INT if expr.op in _PRECEDENCE else v.BOOL
        if isinstance(expr, ast.Ternary):
            return self._type(expr.then, scope)
        if isinstance(expr, ast.Aggregate):
            return v.INT
        return v.ANY

    def _name_type(self, name: str, scope: Scope) -> str:
        if name == "it" and scope:
            return scope[-1].type
        for elem in reversed(scope):
            if elem.name == name:
                return elem.type
        if scope:
            if _predicate_kind(name, scope[-1].type) is not None:
                return v.BOOL
            attribute = v.ATTRIBUTES.get(scope[-1].type, {}).get(name)
            if attribute is not None:
                return attribute.type
        feature = self.features.get(name)
        return feature.type if feature else v.ANY

    # -- references ------------------------------------------------------------------------
    def _binder(self, name: str, scope: Scope) -> _Elem | None:
        if name == "it":
            return scope[-1] if scope else None
        for elem in reversed(scope):
            if elem.name == name:
                return elem
        return None

    def _implicit(self, name: str, scope: Scope) -> bool:
        """Whether a bare name is a predicate or attribute of the innermost element."""
        if not scope or self._binder(name, scope) is not None:
            return False
        element = scope[-1].type
        return (_predicate_kind(name, element) is not None
                or name in v.ATTRIBUTES.get(element, {}))

    def _attr_words(self, name: str, owner_type: str, identical: bool) -> str:
        attribute = v.ATTRIBUTES.get(owner_type, {}).get(name)
        if attribute is None:
            return name.replace("_", " ")
        if owner_type == v.GROUP and identical and name in ("number", "tile"):
            return name
        return _strip(attribute.phrase)

    def _subject_identical(self, expr: Any, scope: Scope) -> bool:
        if isinstance(expr, ast.Name):
            elem = self._binder(expr.name, scope)
            if elem is not None:
                return elem.identical
            return expr.name == "pair"
        return False

    def _param(self, name: str, note: bool = True) -> str:
        title = self.param_titles.get(name, name)
        return f"“{title}”" + (self._note(name) if note else "")

    def _note(self, name: str) -> str:
        """" (here: on)": a parameter's value in this ruleset, when known."""
        if self.params is not None and name in self.params:
            return f" (here: {format_value(self.params[name])})"
        return ""

    def _subject(self, expr: Any, scope: Scope) -> tuple[str, str]:
        """A clause's subject, and the note to put at the clause's end (a parameter's value)."""
        if isinstance(expr, ast.Param):
            return self._param(expr.name, note=False), self._note(expr.name)
        return self._val(expr, scope), ""

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

    def _name_value(self, name: str, scope: Scope, formula: bool) -> str:
        elem = self._binder(name, scope)
        if elem is not None:
            return elem.label
        if self._implicit(name, scope):
            inner = scope[-1]
            if name in v.ATTRIBUTES.get(inner.type, {}):
                words = self._attr_words(name, inner.type, inner.identical)
                return f"its {words}" if inner.label == "it" else f"the {words} of {inner.label}"
            return self._cond(ast.Name(name, _TRUE_SPAN), scope, "inner", False)
        if formula and name in _FORMULA_WORDS:
            return _FORMULA_WORDS[name]
        if name in _VALUE_WORDS:
            return _VALUE_WORDS[name]
        feature = self.features.get(name)
        if feature is not None:
            return _strip(feature.phrase)
        if name in v.ENUMS.get(v.WAIT, ()) or name in v.ENUMS.get(v.FORM, ()):
            return name.replace("_", " ")
        return name

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

    def _is_plural(self, expr: Any) -> bool:
        """Whether a subject takes "are": a list, or a feature whose phrase is plural."""
        if not isinstance(expr, ast.Name):
            return False
        if expr.name in _PLURAL_FEATURES:
            return True
        feature = self.features.get(expr.name)
        return feature is not None and v.element_of(feature.type) is not None

    def _count_feature(self, expr: Any, scope: Scope) -> tuple[str, str] | None:
        """(plural noun, verb phrase) of a count feature, whose phrase reads "the number of
        <plural noun> who/that <verb phrase>" ("the number of kans that have been declared in
        this hand"), else None."""
        if not isinstance(expr, ast.Name) or self._binder(expr.name, scope) is not None \
                or self._implicit(expr.name, scope):
            return None
        feature = self.features.get(expr.name)
        if feature is None or feature.type != v.INT:
            return None
        match = re.fullmatch(r"the number of (.+?) (?:who|that) (.+)", _strip(feature.phrase))
        return (match[1], match[2]) if match else None

    # -- conditions ------------------------------------------------------------------------
    def _cond(self, expr: Any, scope: Scope, ctx: str, neg: bool) -> str:
        """``ctx``: "top" (a list may take an Oxford comma), "and" (inside an and-list),
        "or" (inside an or-list), "inner" (inside anything else)."""
        if isinstance(expr, Const):
            return "never" if expr.value == neg else "always"
        if isinstance(expr, ast.Binary):
            if expr.op in ("and", "or"):
                return self._logic(expr, scope, ctx, neg)
            if expr.op in ("is", "is_not"):
                return self._is(expr.left, expr.right, scope, neg != (expr.op == "is_not"))
            if expr.op == "has":
                return self._has(expr.left, expr.right, scope, neg)
            if expr.op in ("in", "not_in"):
                return self._in(expr.left, expr.right, scope, neg != (expr.op == "not_in"))
            if expr.op in _COMPARE_WORDS:
                return self._compare(expr.op, expr.left, expr.right, scope, neg)
        if isinstance(expr, ast.Unary) and expr.op == "not":
            return self._cond(expr.operand, scope, ctx, not neg)
        if isinstance(expr, ast.Name):
            return self._name_cond(expr.name, scope, neg)
        if isinstance(expr, ast.Param):
            value = "off" if neg else "on"
            return f"{self._param(expr.name, note=False)} is {value}{self._note(expr.name)}"
        if isinstance(expr, ast.HasYaku):
            title = self.yaku_titles.get(expr.yaku, expr.yaku)
            return f"the hand {'does not score' if neg else 'scores'} {title}"
        if isinstance(expr, ast.NounTest):
            return self._noun_test(expr, scope, neg)
        if isinstance(expr, ast.Quantified):
            return self._quantified(expr, scope, neg)
        if isinstance(expr, ast.Ternary):
            text = (f"if {self._cond(expr.cond, scope, 'inner', False)}, "
                    f"{self._cond(expr.then, scope, 'inner', False)}, otherwise "
                    f"{self._cond(expr.other, scope, 'inner', False)}")
            return f"it is not the case that {text}" if neg else text
        text = self._val(expr, scope)
        return f"{text} is {'false' if neg else 'true'}"

    def _logic(self, expr: ast.Binary, scope: Scope, ctx: str, neg: bool) -> str:
        parts: list[Any] = []
        _flatten(expr, expr.op, parts)
        if neg and expr.op == "or" and len(parts) == 2:
            a, b = (self._cond(p, scope, "inner", False) for p in parts)
            return f"neither {a} nor {b}"
        if neg:
            inner = self._logic(expr, scope, "inner", False)
            if expr.op == "and":
                return f"it is not the case that {inner}"
            return f"none of these holds: {inner}"
        word = expr.op
        if word == "and":
            texts = self._and_texts(parts, scope)
        else:
            texts = [self._cond(p, scope, word, False) for p in parts]
        if word == "or" and len(texts) > 2 and any(
                isinstance(p, ast.Binary) and p.op == "and" for p in parts):
            # a list of alternatives some of which are "A and B": semicolons keep them apart
            texts = [self._cond(p, scope, "or;", False) for p in parts]
            text = "; ".join(texts[:-1]) + f"; or {texts[-1]}"
        else:
            text = _join(texts, word)
        if word == "or" and ctx in ("and", "inner", "or", "body"):
            return f"either {text}"
        if word == "and" and ctx in ("or", "inner"):
            return f"both {text}" if len(texts) == 2 else f"all of: {text}"
        return text

    def _and_texts(self, parts: Sequence[Any], scope: Scope) -> list[str]:
        """The conditions of an and-list; "X is a pung or kong" and "X is a dragon" side by
        side read as one: "X is a pung or kong of dragons"."""
        texts: list[str] = []
        index = 0
        while index < len(parts):
            if index + 1 < len(parts):
                merged = self._shape_and_tiles(parts[index], parts[index + 1], scope)
                if merged is not None:
                    texts.append(merged)
                    index += 2
                    continue
            texts.append(self._cond(parts[index], scope, "and", False))
            index += 1
        return texts

    def _shape_and_tiles(self, first: Any, second: Any, scope: Scope) -> str | None:
        tests = []
        for part in (first, second):
            if not (isinstance(part, ast.Binary) and part.op == "is"
                    and isinstance(part.left, ast.Name) and isinstance(part.right, ast.Name)
                    and self._binder(part.right.name, scope) is None):
                return None
            tests.append((part.left.name, part.right.name))
        (subject, a), (other, b) = tests
        if subject != other or self._type(first.left, scope) != v.GROUP:
            return None
        if a not in _SHAPES or b not in v.TILE_PREDICATES:
            return None
        tile = _strip(v.TILE_PREDICATES[b].phrase)
        if not _has_article(tile):
            return None
        shape = _strip(v.GROUP_PREDICATES[a].phrase)
        return f"{self._val(first.left, scope)} is {shape} of {_plural(tile)}"

    def _name_cond(self, name: str, scope: Scope, neg: bool) -> str:
        if scope and self._binder(name, scope) is None:
            inner = scope[-1]
            kind = _predicate_kind(name, inner.type)
            if kind is not None:
                phrase = _strip(kind)
                return f"{inner.label} is {'not ' if neg else ''}{phrase}"
        feature = self.features.get(name)
        if feature is not None and feature.type == v.BOOL:
            return _negate_phrase(_strip(feature.phrase)) if neg else _strip(feature.phrase)
        text = self._name_value(name, scope, False)
        return f"{text} is {'false' if neg else 'true'}"

    def _is(self, left: Any, right: Any, scope: Scope, neg: bool) -> str:
        not_ = "not " if neg else ""
        left_type = self._type(left, scope)
        if isinstance(right, ast.Name) and self._binder(right.name, scope) is None:
            kind = _predicate_kind(right.name, left_type)
            if kind is not None:
                subject = self._val(left, scope)
                if left_type == v.list_of(v.TILE):
                    return f"all of {subject} are {not_}{_plural(_strip(kind))}"
                return f"{subject} is {not_}{_strip(kind)}"
            if left_type == v.FORM and right.name in _FORM_WORDS:
                subject = "the hand"
                if isinstance(left, ast.Attr) and self._type(left.obj, scope) == v.READING:
                    subject = self._val(left.obj, scope)
                return f"{subject} is {not_}{_FORM_WORDS[right.name]}"
            sentence = _ENUM_SENTENCES.get(left_type, {}).get(right.name)
            if sentence is not None:
                return _negate_phrase(sentence) if neg else sentence
            if left_type == v.WAIT and right.name in _WAIT_WORDS:
                return f"{self._val(left, scope)} is {not_}{_WAIT_WORDS[right.name]}"
            if right.name in v.ENUMS.get(left_type, ()):
                return f"{self._val(left, scope)} is {not_}{right.name.replace('_', ' ')}"
        verb = "are" if self._is_plural(left) else "is"
        subject, note = self._subject(left, scope)
        return f"{subject} {verb} {not_}{self._val(right, scope)}{note}"

    def _has(self, left: Any, right: Any, scope: Scope, neg: bool) -> str:
        verb = "does not have" if neg else "has"
        if isinstance(right, ast.Name) and right.name in v.TILE_PREDICATES:
            phrase = _strip(v.TILE_PREDICATES[right.name].phrase)
            thing = phrase if _has_article(phrase) else f"a {phrase} tile"
            return f"{self._val(left, scope)} {verb} {thing}"
        return f"{self._val(left, scope)} {verb} {self._val(right, scope)}"

    def _compare(self, op: str, left: Any, right: Any, scope: Scope, neg: bool) -> str:
        if neg:
            op = _NEGATE_OP[op]
        if isinstance(right, ast.Aggregate) and not isinstance(left, ast.Aggregate):
            left, right, op = right, left, _MIRROR_OP[op]
        if isinstance(left, ast.Aggregate) and left.kind in ("count", "distinct"):
            return self._count_sentence(op, left, right, scope)
        if self._count_feature(right, scope) is not None \
                and self._count_feature(left, scope) is None:
            left, right, op = right, left, _MIRROR_OP[op]
        counted = self._count_feature(left, scope)
        if counted is not None and isinstance(right, ast.Int):
            return _count_clause(op, right.value, *counted)
        if isinstance(left, ast.Call) and left.func == "held" and len(left.args) == 1 \
                and isinstance(right, ast.Int):
            what = self._val(left.args[0], scope)
            return "the hand holds " + _count_clause(op, right.value, "copies", f"of {what}",
                                                     noun_only=True)
        if op in ("==", "!=") and isinstance(right, ast.Binary) and right.op in ("+", "-") \
                and isinstance(right.right, ast.Int):
            subject, note = self._subject(left, scope)
            more = "more" if right.op == "+" else "less"
            return (f"{subject} is {'not ' if op == '!=' else ''}{right.right.value} {more} "
                    f"than {self._val(right.left, scope)}{note}")
        if op in ("==", "!=") and isinstance(left, ast.Attr) and isinstance(right, ast.Attr) \
                and left.name == right.name:
            owner_l, owner_r = self._type(left.obj, scope), self._type(right.obj, scope)
            words = self._attr_words(left.name, owner_l, self._subject_identical(left.obj, scope))
            if words == self._attr_words(right.name, owner_r,
                                         self._subject_identical(right.obj, scope)):
                verb = "has" if op == "==" else "does not have"
                return (f"{self._val(left.obj, scope)} {verb} the same {words} as "
                        f"{self._val(right.obj, scope)}")
        plural = self._is_plural(left)
        words = (_COMPARE_WORDS_PLURAL if plural else _COMPARE_WORDS)[op]
        if op in ("==", "!=") and v.element_of(self._type(left, scope)) is not None \
                and v.element_of(self._type(right, scope)) is not None:
            words = "are the same as" if op == "==" else "are not the same as"
        subject, note = self._subject(left, scope)
        return f"{subject} {words} {self._val(right, scope)}{note}"

    def _count_sentence(self, op: str, agg: ast.Aggregate, right: Any, scope: Scope) -> str:
        np, inner = self._noun_phrase(agg.comp, scope)
        n = right.value if isinstance(right, ast.Int) else None
        if agg.kind == "distinct":
            attr_word = self._attr_words(agg.attr or "", inner[-1].type, inner[-1].identical)
            if n is None:
                return (f"the number of different {_plural(attr_word)} among the "
                        f"{np.plural()} {_COMPARE_WORDS[op]} {self._val(right, scope)}")
            if n == 1 and op == "==":
                return f"the {np.plural()} come in exactly one {attr_word}"
            return (f"the {np.plural()} come in {_COUNT_WORDS[op]} {n} different "
                    f"{_plural(attr_word)}")
        if n is None:
            return (f"the number of {np.plural()} {_COMPARE_WORDS[op]} "
                    f"{self._val(right, scope)}")
        if n == 0 and op in ("==", "<="):
            return f"there are no {np.plural()}"
        if (n == 0 and op == ">") or (n == 1 and op == ">="):
            return f"there is at least one {np.singular(article=False, label=False)}"
        if n == 0 and op == "!=":
            return f"there is at least one {np.singular(article=False, label=False)}"
        if n == 1 and op == "==":
            return f"there is exactly one {np.singular(article=False, label=False)}"
        if n == 1 and op == "<":
            return f"there are no {np.plural()}"
        return f"there are {_COUNT_WORDS[op]} {n} {np.plural()}"

    def _noun_test(self, expr: ast.NounTest, scope: Scope, neg: bool) -> str:
        quantifier, test = expr.quantifier, expr.test
        if test == "is_not":
            # every X is not P = no X is P; some X is not P; no X is not P = every X is P
            if quantifier == "every":
                quantifier, test = "no", "is"
            elif quantifier == "no":
                quantifier, test = "every", "is"
        if neg:
            quantifier = {"every": "not every", "some": "no", "no": "some"}[quantifier]
        collection = v.NOUNS.get(expr.noun, expr.noun)
        noun = _SOURCE_NOUNS.get(collection, (expr.noun, expr.noun))[0]
        feature = self.features.get(collection)
        element = (v.element_of(feature.type) or v.ANY) if feature else v.ANY
        elem = _Elem(None, element, f"the {noun}", noun, False)
        inner = (*scope, elem)
        it = ast.Name("it", expr.span)
        if test == "has":
            predicate = self._has(it, expr.subject, inner, False)
        else:
            predicate = self._is(it, expr.subject, inner, test == "is_not")
        # "the tile is a simple" -> "every tile is a simple"
        prefix = f"the {noun} "
        rest = predicate[len(prefix):] if predicate.startswith(prefix) else predicate
        return f"{quantifier} {noun} {rest}"

    def _quantified(self, expr: ast.Quantified, scope: Scope, neg: bool) -> str:
        quantifier = expr.quantifier
        np, inner = self._noun_phrase(expr.comp, scope)
        if expr.body is None:
            if quantifier == "every":
                return "always" if not neg else "never"
            exists = (quantifier == "some") != neg
            if exists:
                return f"there is {np.singular()}"
            return f"there is no {np.singular(article=False)}"
        body_neg = False
        if neg:
            if quantifier == "every":
                quantifier, body_neg = "some", True
            else:
                quantifier = "no" if quantifier == "some" else "some"
        subject_form = self._quantified_subject(expr, np, inner, quantifier, body_neg)
        if subject_form is not None:
            return subject_form
        body = self._cond(expr.body, inner, "body", body_neg)
        if quantifier == "every":
            return f"for every {np.singular(article=False)}, {body}"
        if quantifier == "some":
            return f"there is {np.singular()} for which {body}"
        return f"there is no {np.singular(article=False)} for which {body}"

    def _quantified_subject(self, expr: ast.Quantified, np: _NounPhrase, inner: Scope,
                            quantifier: str, body_neg: bool) -> str | None:
        """"every tile the player discarded is a terminal or honour" for ``every(own_discards
        as d: d is yaochuu)``: when the body says one thing about the element, and names it
        once, as its subject. None when it does not."""
        if np.post or np.adjectives or expr.body is None:
            return None
        noun = np.singular(article=False, label=False)
        label = f"the {noun}"
        elem = inner[-1]
        renamed = (*inner[:-1], _Elem(elem.name, elem.type, label, elem.head, elem.identical))
        if isinstance(expr.body, ast.Binary) and expr.body.op in ("and", "or"):
            return None
        body = self._cond(expr.body, renamed, "body", body_neg)
        if body.count(label) != 1:
            return None
        if body.startswith(label + " ") \
                and not body.startswith((label + " is not ", label + " does not ")):
            return f"{quantifier} {noun} {body[len(label) + 1:]}"
        if quantifier == "some" and not body.startswith(label) \
                and re.search(rf"\b(of|to|on) {re.escape(label)}$", body):
            # "the hand holds fewer than 4 copies of some waiting tile"
            return body.replace(label, f"some {noun}")
        return None

    def _in(self, left: Any, right: Any, scope: Scope, neg: bool) -> str:
        """``x in LIST``: "x is among the player's discards", "x is one of 1s, 5s or 9s";
        ``"daisangen" in rule.pao_yakuman``: "“Pao yakuman” includes “daisangen”"."""
        if isinstance(right, ast.Param):
            verb = "does not include" if neg else "includes"
            return (f"{self._param(right.name, note=False)} {verb} {self._val(left, scope)}"
                    f"{self._note(right.name)}")
        not_ = "not " if neg else ""
        if isinstance(right, ast.ListLit | ast.Range):
            return f"{self._val(left, scope)} is {not_}one of {self._val(right, scope)}"
        if isinstance(right, ast.Ternary):
            return (f"{self._val(left, scope)} is {not_}among "
                    f"{self._val(right.then, scope, level=1)} if "
                    f"{self._cond(right.cond, scope, 'inner', False)}, else among "
                    f"{self._val(right.other, scope, level=1)}")
        return f"{self._val(left, scope)} is {not_}among {self._val(right, scope)}"

    # -- noun phrases of comprehensions ------------------------------------------------------
    def _source_noun(self, source: Any, scope: Scope) -> tuple[str, str, bool]:
        """(singular, plural, may be renamed by the filter)."""
        if isinstance(source, ast.Name) and self._binder(source.name, scope) is None:
            nouns = _SOURCE_NOUNS.get(source.name)
            if nouns is not None:
                return nouns[0], nouns[1], source.name in _RENAMEABLE
        if isinstance(source, ast.Call) and source.func == "take" and len(source.args) == 2:
            items, n = source.args
            singular, plural, _ = self._source_noun(items, scope)
            if isinstance(n, ast.Aggregate) and n.kind == "count" and n.comp.where is None \
                    and n.comp.binder is None and _same_node(n.comp.source, items):
                return singular, plural, False
            if isinstance(n, ast.Int) and n.value == 1:
                only = "only the first"
            elif isinstance(n, ast.Ternary) and self._all_or_first(n.then, n.other, items):
                only = (f"all of them if {self._cond(n.cond, scope, 'inner', False)}, else "
                        "only the first")
            elif isinstance(n, ast.Ternary) and self._all_or_first(n.other, n.then, items):
                only = (f"only the first if {self._cond(n.cond, scope, 'inner', False)}, else "
                        "all of them")
            else:
                only = f"only the first {self._val(n, scope, formula=True, level=1)}"
            return f"{singular} ({only})", f"{plural} ({only})", False
        text = self._val(source, scope)
        if isinstance(source, ast.Attr) and source.name in _SOURCE_NOUNS:
            owner = self._val(source.obj, scope)
            singular, plural = _SOURCE_NOUNS[source.name]
            return f"{singular} in {owner}", f"{plural} in {owner}", False
        return f"element of {text}", f"elements of {text}", False

    @staticmethod
    def _all_or_first(every: Any, first: Any, items: Any) -> bool:
        """Whether ``every`` counts all of ``items`` and ``first`` is 1 (the branches of
        ``take(items, if ... then count(items) else 1)``)."""
        return (isinstance(every, ast.Aggregate) and every.kind == "count"
                and every.comp.where is None and every.comp.binder is None
                and _same_node(every.comp.source, items)
                and isinstance(first, ast.Int) and first.value == 1)

    def _noun_phrase(self, comp: ast.Comprehension, scope: Scope) -> tuple[_NounPhrase, Scope]:
        source_type = self._type(comp.source, scope)
        element = v.element_of(source_type) or v.ANY
        singular, plural, renameable = self._source_noun(comp.source, scope)
        conjuncts: list[Any] = []
        if comp.where is not None:
            _flatten(comp.where, "and", conjuncts)
        declared = isinstance(comp.source, ast.Name) and comp.source.name == "melds"
        # the conjunct that names the elements ("chow", "red five"), if any
        head_index = -1
        identical = False
        if renameable:
            for index, part in enumerate(conjuncts):
                name = _predicate_name(part)
                if name is None:
                    continue
                if element == v.GROUP and name in _SHAPES:
                    noun = _bare(_strip(v.GROUP_PREDICATES[name].phrase))
                    identical = name in _IDENTICAL_SHAPES
                elif element == v.TILE and name in v.TILE_PREDICATES and _has_article(
                        _strip(v.TILE_PREDICATES[name].phrase)):
                    noun = _bare(_strip(v.TILE_PREDICATES[name].phrase))
                else:
                    continue
                head_index = index
                singular = f"declared {noun}" if declared else noun
                plural = _plural(singular)
                break
        label = None
        if comp.binder is not None:
            label = comp.binder.upper() if len(comp.binder) <= 2 else comp.binder
        head_word = singular.split(" or ")[0].split(" ")[-1]
        elem = _Elem(comp.binder, element, label or "it", head_word, identical)
        inner = (*scope, elem)
        np = _NounPhrase(singular, plural, label=label)
        if singular.endswith(")") and " (" in singular:  # "dora indicator (only the first)"
            np.head, only = singular.split(" (", 1)
            np.head_plural = plural.split(" (", 1)[0]
            np.post.append((f"({only}", f"({only}"))
        has_of = False
        for index, part in enumerate(conjuncts):
            if index == head_index:
                continue
            has_of = self._modifier(np, part, inner, element, has_of)
        return np, inner

    def _modifier(self, np: _NounPhrase, part: Any, inner: Scope, element: str,
                  has_of: bool) -> bool:
        """Add one conjunct of a ``where`` to the noun phrase; returns whether an "of ..."
        modifier is present."""
        elem = inner[-1]
        name = _predicate_name(part)
        if name is not None:
            if element == v.GROUP and name in v.GROUP_PREDICATES:
                phrase = _strip(v.GROUP_PREDICATES[name].phrase)
                if name in _PRENOMINAL:
                    np.adjectives.append(phrase)
                elif _has_article(phrase):
                    np.post.append((f"that is {phrase}", f"that are {_plural(phrase)}"))
                elif phrase.startswith("the "):
                    np.post.append((f"that is {phrase}", f"that are {phrase}"))
                else:
                    np.post.append((phrase, phrase))
                return has_of
            if name in v.TILE_PREDICATES:
                phrase = _strip(v.TILE_PREDICATES[name].phrase)
                noun = _plural(phrase) if _has_article(phrase) else f"{phrase} tiles"
                if element == v.GROUP:
                    if not has_of:
                        np.post.append((f"of {noun}", f"of {noun}"))
                        return True
                    np.post.append((f"whose tiles are all {noun}", f"whose tiles are all {noun}"))
                    return has_of
                if not _has_article(phrase):
                    np.adjectives.append(phrase)
                else:
                    np.post.append((f"that is {phrase}", f"that are {noun}"))
                return has_of
        if isinstance(part, ast.Binary) and part.op in ("==", "is", "!=", "is_not", "<", "<=",
                                                        ">", ">="):
            op = {"is": "==", "is_not": "!="}.get(part.op, part.op)
            attr = self._element_attr(part.left, inner)
            right = part.right
            if attr is None:
                attr = self._element_attr(part.right, inner)
                right, op = part.left, _MIRROR_OP[op]
            if attr == "it" and op == "==":
                value = self._val(right, inner)
                np.post.append((f"equal to {value}", f"equal to {value}"))
                return has_of
            if attr is not None and attr != "it":
                value = self._val(right, inner)
                if attr == "tile" and element == v.GROUP and elem.identical and op == "==" \
                        and not has_of:
                    np.post.append((f"of {value}", f"of {value}"))
                    return True
                words = self._attr_words(attr, element, elem.identical)
                same = self._same_attr_owner(right, attr, inner)
                if same is not None and op in ("==", "!="):
                    value = f"the same as {same}'s" if op == "==" else f"not the same as {same}'s"
                    np.post.append((f"whose {words} is {value}", f"whose {words} is {value}"))
                    return has_of
                np.post.append((f"whose {words} {_COMPARE_WORDS[op]} {value}",
                                f"whose {words} {_COMPARE_WORDS[op]} {value}"))
                return has_of
        text = self._cond(part, inner, "inner", False)
        np.post.append((f"for which {text}", f"for which {text}"))
        return has_of

    def _same_attr_owner(self, expr: Any, attr: str, inner: Scope) -> str | None:
        """The label of a bound element when ``expr`` is its attribute ``attr`` (``a.suit``
        compared with ``suit``), else None."""
        if isinstance(expr, ast.Attr) and expr.name == attr and isinstance(expr.obj, ast.Name):
            elem = self._binder(expr.obj.name, inner[:-1])
            if elem is not None and elem.label != "it":
                return elem.label
        return None

    def _element_attr(self, expr: Any, inner: Scope) -> str | None:
        """"it" when ``expr`` is the element itself, the attribute name when it is an attribute
        of the element, else None."""
        elem = inner[-1]
        if isinstance(expr, ast.Name):
            if expr.name == "it" or (elem.name is not None and expr.name == elem.name):
                return "it"
            if self._binder(expr.name, inner) is None and expr.name in v.ATTRIBUTES.get(
                    elem.type, {}):
                return expr.name
        if isinstance(expr, ast.Attr) and isinstance(expr.obj, ast.Name) and (
                expr.obj.name == "it" or (elem.name is not None and expr.obj.name == elem.name)):
            return expr.name
        return None


def _same_node(a: Any, b: Any) -> bool:
    """Whether two expressions are written alike (their spans aside)."""
    if isinstance(a, ast.Name) and isinstance(b, ast.Name):
        return a.name == b.name
    return False


def _predicate_name(expr: Any) -> str | None:
    """The predicate a conjunct applies to the element: ``chow`` or ``it is chow``."""
    if isinstance(expr, ast.Name):
        return expr.name
    if (isinstance(expr, ast.Binary) and expr.op == "is" and isinstance(expr.left, ast.Name)
            and expr.left.name == "it" and isinstance(expr.right, ast.Name)
            and (expr.right.name in v.TILE_PREDICATES or expr.right.name in v.GROUP_PREDICATES)):
        return expr.right.name
    return None


def _predicate_kind(name: str, type_: str) -> str | None:
    """The phrase of predicate ``name`` on a value of ``type_`` (as the compiler resolves
    it: tile properties lift to groups and lists of tiles), or None."""
    tile = v.TILE_PREDICATES.get(name)
    if type_ == v.TILE and tile is not None:
        return tile.phrase
    if type_ == v.GROUP:
        group = v.GROUP_PREDICATES.get(name)
        if group is not None:
            return group.phrase
        if tile is not None:
            return tile.phrase
    if type_ == v.list_of(v.TILE) and tile is not None:
        return tile.phrase
    return None


def _negate_phrase(phrase: str) -> str:
    """"the player has declared riichi" -> "the player has not declared riichi": the verb that
    comes first is negated (of two verbs starting at the same place, the longer one)."""
    found = [(phrase.find(verb), -len(verb), verb) for verb in _VERB_NEGATIONS
             if verb in phrase]
    if not found:
        return f"it is not the case that {phrase}"
    _, _, verb = min(found)
    return phrase.replace(verb, _VERB_NEGATIONS[verb], 1)


def _count_clause(op: str, n: int, noun: str, rest: str, noun_only: bool = False) -> str:
    """A count as a clause: (``<``, 4, "kans", "have been declared") -> "fewer than 4 kans
    have been declared"; with ``noun_only`` the rest does not agree with the count ("copies",
    "of W": "at least one copy of W")."""
    if (n == 0 and op in ("==", "<=")) or (n == 1 and op == "<"):
        return f"no {noun} {rest}"
    if (n == 0 and op in (">", "!=")) or (n == 1 and op == ">="):
        return f"at least one {_singular(noun)} {rest if noun_only else _agree(rest)}"
    if n == 1 and op == "==":
        return f"exactly one {_singular(noun)} {rest if noun_only else _agree(rest)}"
    return f"{_COUNT_WORDS[op]} {n} {noun} {rest}"


def _singular(noun: str) -> str:
    """"players" -> "player", "copies" -> "copy", "kans" -> "kan"."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if noun.endswith("s") else noun


def _agree(clause: str) -> str:
    """A verb phrase as it agrees with one: "have declared riichi" -> "has declared riichi",
    "claim ron" -> "claims ron"."""
    verb, _, rest = clause.partition(" ")
    if verb in _SINGULAR_VERBS:
        verb = _SINGULAR_VERBS[verb]
    elif verb.isalpha() and not verb.endswith(("ed", "s")):
        verb += "s"
    return f"{verb} {rest}" if rest else verb


# ---- conveniences --------------------------------------------------------------------------


def render_condition(expr: Any, params: Mapping[str, object] | None = None,
                     param_titles: Mapping[str, str] | None = None) -> str:
    """A condition as an English sentence."""
    return Renderer(params, param_titles).condition(expr)


def render_value(expr: Any, params: Mapping[str, object] | None = None,
                 param_titles: Mapping[str, str] | None = None) -> str:
    """A value as words or a formula."""
    return Renderer(params, param_titles).value(expr)


def number_word(n: int) -> str:
    """0..9 in words, larger numbers as digits."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
