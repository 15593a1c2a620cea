"""The renderer's base: the types of expressions, what a name refers to, and the noun
phrases of comprehensions ("concealed pungs or kongs whose number is 1", "the first 2 dora
indicators")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riichi_rules.docs.english import COMPARE_WORDS as _COMPARE_WORDS
from riichi_rules.docs.english import FORMULA_WORDS as _FORMULA_WORDS
from riichi_rules.docs.english import IDENTICAL_SHAPES as _IDENTICAL_SHAPES
from riichi_rules.docs.english import MIRROR_OP as _MIRROR_OP
from riichi_rules.docs.english import PLURAL_FEATURES as _PLURAL_FEATURES
from riichi_rules.docs.english import PRENOMINAL as _PRENOMINAL
from riichi_rules.docs.english import RENAMEABLE as _RENAMEABLE
from riichi_rules.docs.english import SHAPES as _SHAPES
from riichi_rules.docs.english import SOURCE_NOUNS as _SOURCE_NOUNS
from riichi_rules.docs.english import VALUE_WORDS as _VALUE_WORDS
from riichi_rules.docs.english import bare as _bare
from riichi_rules.docs.english import format_value
from riichi_rules.docs.english import has_article as _has_article
from riichi_rules.docs.english import plural as _plural
from riichi_rules.docs.english import strip as _strip
from riichi_rules.docs.english import with_article as _with_article
from riichi_rules.docs.folding import TRUE_SPAN as _TRUE_SPAN
from riichi_rules.docs.folding import Const, TypedView
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.typed import flatten as _flatten

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



class RendererBase:
    """What the parts of the renderer share: the parameters and titles it words things
    with, the types of expressions, what names refer to, and the noun phrases of
    comprehensions ("concealed pungs or kongs whose number is 1"). The values and conditions
    themselves are :class:`~riichi_rules.docs.render.Renderer`'s and
    :class:`~riichi_rules.docs.render_conditions.Conditions`'.

    ``params``: the ruleset's parameter values (shown as "(here: on)"); ``param_titles``: the
    schema title of each parameter; ``yaku_titles``: the title of each yaku id, for
    ``yaku(ID)``; ``view``: the ruleset's typed trees, which the types of expressions are read
    from (by default each expression is typed on its own, with ``params``).
    """

    def __init__(
        self,
        params: Mapping[str, object] | None = None,
        param_titles: Mapping[str, str] | None = None,
        yaku_titles: Mapping[str, str] | None = None,
        features: Mapping[str, v.Feature] | None = None,
        view: TypedView | None = None,
    ) -> None:
        self.features: Mapping[str, v.Feature] = v.FEATURES if features is None else features
        self.params = params
        self.param_titles = param_titles or {}
        self.yaku_titles = yaku_titles or {}
        self.view = view if view is not None else TypedView((), params, self.features)

    # -- what the values and conditions are (render.py, render_conditions.py) -------------
    def _val(self, expr: Any, scope: Scope, formula: bool = False, level: int = 0) -> str:
        raise NotImplementedError

    def _cond(self, expr: Any, scope: Scope, ctx: str, neg: bool) -> str:
        raise NotImplementedError

    # -- types -----------------------------------------------------------------------------
    def _type(self, expr: Any, scope: Scope) -> str:
        """The type the language front end gives ``expr`` (its typed tree, through the
        :class:`~riichi_rules.docs.folding.TypedView`); for a name the renderer made itself
        (the element of ``every tile is ...``), the element's or the vocabulary's."""
        known = self.view.type_of(expr)
        if known is not None:
            return known
        if isinstance(expr, Const):
            return v.BOOL
        if isinstance(expr, ast.Name):
            return self._name_type(expr.name, scope)
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

