"""The one constant folder of the typed tree: what does not depend on the situation is worked
out once (ruleset parameters are constants), so that two rulesets whose rules differ only in
parameters that do not change an outcome read alike."""

from __future__ import annotations

from riichi_rules.language.arithmetic import fault
from riichi_rules.language.evaluate import evaluate
from riichi_rules.language.typed import (
    AND,
    ARITH,
    BOUND,
    CALL,
    COMPARE,
    CONST,
    COUNT,
    DISTINCT,
    ERROR,
    FEATURE,
    HAS_YAKU,
    IF,
    MAX,
    NOT,
    OR,
    QUANTIFIED,
    SUM,
    Typed,
    structure,
)

_SITUATIONAL = frozenset({FEATURE, BOUND, HAS_YAKU})


def fold(node: Typed, faults: list[tuple[Typed, str]] | None = None) -> Typed:
    """The tree with what does not depend on the situation worked out: constant parts
    evaluated (ruleset parameters are constants), ``and``/``or`` chains without the parts
    that cannot change their value (and ``X or not X`` true, ``X and not X`` false), ``if``
    with a constant condition replaced by its branch.
    Constant arithmetic with no value (a division by zero, an exponent out of range: see
    :mod:`riichi_rules.language.arithmetic`) is left as it is, and put in ``faults``."""
    parts = tuple(fold(p, faults) if p is not None else None for p in node.parts)
    node = Typed(node.op, node.type, node.node, parts, node.data)
    if node.op in (AND, OR):
        absorbing = node.op == OR
        live = []
        for part in parts:
            assert part is not None
            if part.op == CONST:
                if bool(part.data) == absorbing:
                    return Typed(CONST, node.type, node.node, data=absorbing)
                continue
            live.append(part)
        if not live:
            return Typed(CONST, node.type, node.node, data=not absorbing)
        if any(_complements(a, b) for i, a in enumerate(live) for b in live[i + 1:]):
            return Typed(CONST, node.type, node.node, data=absorbing)
        return live[0] if len(live) == 1 else Typed(node.op, node.type, node.node,
                                                    tuple(live), node.data)
    if node.op == IF and parts[0] is not None and parts[0].op == CONST:
        chosen = parts[1] if parts[0].data else parts[2]
        assert chosen is not None
        return chosen
    if node.op in _SITUATIONAL or node.op in (QUANTIFIED, COUNT, DISTINCT, SUM, MAX, ERROR):
        return node
    if node.op == CALL and node.data[1].situational:
        return node
    if all(p is None or p.op == CONST for p in parts) and node.op != CONST:
        if node.op == ARITH:
            left, right = (p.data for p in parts if p is not None)
            why = fault(node.data, left, right)
            if why:
                if faults is not None:
                    faults.append((node, why))
                return node
        try:
            value = evaluate(node, None)
        except (ArithmeticError, TypeError, ValueError, AttributeError, IndexError):
            return node
        return Typed(CONST, node.type, node.node, data=value)
    return node


_OPPOSITE = {"==": "!=", "!=": "=="}


def _complements(a: Typed, b: Typed) -> bool:
    """Whether one test is the other negated (``on is closed_kan`` and ``on is not
    closed_kan``, ``x == y`` and ``x != y``)."""
    if a.op == NOT and structure(a.parts[0]) == structure(b):
        return True
    if b.op == NOT and structure(b.parts[0]) == structure(a):
        return True
    return (a.op == COMPARE == b.op and _OPPOSITE.get(a.data[0]) == b.data[0]
            and a.data[1] == b.data[1] and structure(a.parts[0]) == structure(b.parts[0])
            and structure(a.parts[1]) == structure(b.parts[1]))
