"""The renderer's conditions: a test as an English clause ("every set is a chow", "there are
at least 3 concealed pungs or kongs", "neither A nor B")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from riichi_rules.docs.english import COMPARE_WORDS as _COMPARE_WORDS
from riichi_rules.docs.english import COMPARE_WORDS_PLURAL as _COMPARE_WORDS_PLURAL
from riichi_rules.docs.english import COUNT_WORDS as _COUNT_WORDS
from riichi_rules.docs.english import ENUM_SENTENCES as _ENUM_SENTENCES
from riichi_rules.docs.english import FORM_WORDS as _FORM_WORDS
from riichi_rules.docs.english import MIRROR_OP as _MIRROR_OP
from riichi_rules.docs.english import NEGATE_OP as _NEGATE_OP
from riichi_rules.docs.english import SHAPES as _SHAPES
from riichi_rules.docs.english import SOURCE_NOUNS as _SOURCE_NOUNS
from riichi_rules.docs.english import WAIT_WORDS as _WAIT_WORDS
from riichi_rules.docs.english import count_clause as _count_clause
from riichi_rules.docs.english import has_article as _has_article
from riichi_rules.docs.english import join as _join
from riichi_rules.docs.english import negate_phrase as _negate_phrase
from riichi_rules.docs.english import plural as _plural
from riichi_rules.docs.english import strip as _strip
from riichi_rules.docs.folding import Const
from riichi_rules.docs.render_nouns import RendererBase, Scope, _Elem, _NounPhrase, _predicate_kind
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.language.typed import flatten as _flatten


class Conditions(RendererBase):
    """Conditions in English (the values are :class:`~riichi_rules.docs.render.Renderer`'s)."""

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

