"""Whole-number arithmetic as the rules language does it: ``/`` is division rounded down,
``%`` its remainder, ``^`` a power with an exponent from 0 to :data:`MAX_EXPONENT`. Where it
cannot give a value (a division by zero, a negative exponent: a fraction, a larger one: a
number too big to be a score), :func:`fault` says why; the checker reports that of constant
parts, and compiled rules raise :class:`~riichi_rules.errors.RuleFault` for the rest."""

from __future__ import annotations

import operator
from collections.abc import Callable

from riichi_rules.errors import RuleFault

MAX_EXPONENT = 64
MAX_DEPTH = 100
"""How deep an expression may nest (a chain of ``and`` or of ``or`` counts as one level)."""

OPERATIONS: dict[str, Callable[[int, int], int]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
    "%": operator.mod, "^": operator.pow,
}


def fault(op: str, a: int, b: int) -> str:
    """Why ``a op b`` has no whole-number value here, or ``""`` when it has one."""
    if op in ("/", "%") and b == 0:
        return f"division by zero ({a} {op} {b})"
    if op == "^" and b < 0:
        return (f"a negative exponent ({a} ^ {b}) gives a fraction: the rules count in "
                "whole numbers")
    if op == "^" and b > MAX_EXPONENT:
        return f"an exponent above {MAX_EXPONENT} ({a} ^ {b}) gives a number too big to score"
    return ""


def guarded(op: str, where: str) -> Callable[[int, int], int]:
    """The operation ``op`` as a rule written at ``where`` (``file:line:col``) runs it:
    raising :class:`~riichi_rules.errors.RuleFault` where it has no value."""
    plain = OPERATIONS[op]
    if op not in ("/", "%", "^"):
        return plain

    def run(a: int, b: int) -> int:
        why = fault(op, a, b)
        if why:
            raise RuleFault(where, why)
        return plain(a, b)

    return run
