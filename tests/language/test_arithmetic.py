"""Rule arithmetic made total: what the checker proves of constant parts (a division by zero,
an exponent out of range, han below 1), the depth an expression may nest, and the clear error
a compiled rule raises where a value it computes has none."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from riichi_rules.errors import RuleFault
from riichi_rules.language.arithmetic import MAX_DEPTH, MAX_EXPONENT, fault
from riichi_rules.rulesets.config import load_config, parameter_defaults
from riichi_rules.scoring.lowering import check_rule_text, compile_program
from riichi_rules.scoring.scorer import score


def _problems(text: str) -> list[str]:
    return [d.message for d in check_rule_text(text, "t.rules", parameter_defaults())]


def _yaku(han: str, when: str = "closed") -> str:
    return f'yaku t "T" {{\n    han {han}\n    when {when}\n}}\n'


@pytest.mark.parametrize(("han", "message"), [
    ("1 / 0", "this has no value: division by zero (1 / 0)"),
    ("7 % (2 - 2)", "this has no value: division by zero (7 % 0)"),
    ("2 ^ -1", "this has no value: a negative exponent (2 ^ -1) gives a fraction"),
    ("2 ^ 100000", f"this has no value: an exponent above {MAX_EXPONENT} (2 ^ 100000)"),
    ("0", "a yaku is worth 1 han or more, not 0 (closed)"),
    ("2, open 3", "open han 3 is more than closed han 2"),
])
def test_constant_values_that_cannot_be(han: str, message: str) -> None:
    (problem,) = _problems(_yaku(han))
    assert problem.startswith(message)


def test_a_tower_of_powers_is_refused_at_once() -> None:
    # 9^9^9^9 = 9^(9^(9^9)): 9^9 = 387,420,489 is the exponent of the next power, far above
    # the bound; the checker stops there instead of computing it
    start = time.perf_counter()
    (problem,) = _problems(_yaku("1", "count(tiles) == 9^9^9^9"))
    assert time.perf_counter() - start < 1.0
    assert "an exponent above 64 (9 ^ 387420489)" in problem


def test_a_long_chain_of_and_is_one_level_but_deep_arithmetic_is_refused() -> None:
    assert _problems(_yaku("1", " and ".join(["closed"] * 500))) == []
    (problem,) = _problems(_yaku(" + ".join(["1"] * 3000)))
    assert problem == f"this expression nests more than {MAX_DEPTH} deep"


@pytest.mark.parametrize(("op", "a", "b", "why"), [
    ("/", 1, 0, "division by zero"), ("%", 1, 0, "division by zero"),
    ("^", 2, -1, "a negative exponent"), ("^", 2, MAX_EXPONENT + 1, "an exponent above"),
    ("^", 2, MAX_EXPONENT, ""), ("/", -7, 2, ""),
])
def test_fault(op: str, a: int, b: int, why: str) -> None:
    assert fault(op, a, b).startswith(why) and bool(fault(op, a, b)) == bool(why)


def test_a_value_with_none_at_scoring_is_a_rule_fault_naming_its_place(tmp_path: Path) -> None:
    # 14 / (count(tiles) - 14): every winning hand holds 14 tiles, so this divides by zero
    (tmp_path / "t.rules").write_text(_yaku("14 / (count(tiles) - 14)"), encoding="utf-8")
    (tmp_path / "ruleset.json").write_text(json.dumps({
        "id": "t", "name": "t", "source": {"rulebook": "t", "edition": "1"},
        "extends": "ema-2016", "rules": ["t.rules"]}), encoding="utf-8")
    prog = compile_program(load_config(tmp_path))
    with pytest.raises(RuleFault) as caught:
        score({"hand": "22p234p123s456s789s", "win": "9s"}, prog)
    assert caught.value.code == "rule_fault"
    assert caught.value.message.endswith("t.rules:2:9: division by zero (14 / 0)")
