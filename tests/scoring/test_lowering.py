"""The lowering of a ruleset to its program: which rules read only flags and numbers of the
situation (the scorer remembers their outcomes by those values)."""

from __future__ import annotations

from pathlib import Path

import pytest

from house_rules import house_ruleset
from riichi_rules import resources
from riichi_rules.conformance.cases import known_ruleset_ids
from riichi_rules.errors import RuleError
from riichi_rules.language import ast
from riichi_rules.language.parser import parse_rules
from riichi_rules.language.vocabulary import FEATURES
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.lowering import plain_inputs
from riichi_rules.scoring.scorer import program, score


def test_the_limits_and_payments_read_flags_and_numbers_only() -> None:
    prog = program("ema-2016")
    assert plain_inputs(prog.limits.declaration, FEATURES, frozenset({"basic"})) == (
        "fu", "han", "yakuman_max", "yakuman_total")
    assert plain_inputs(prog.payments.declaration, FEATURES) == (
        "basic", "dealer", "ron", "tsumo")
    assert prog.limits.inputs is not None and len(prog.limits.inputs) == 4
    assert prog.payments.inputs is not None and len(prog.payments.inputs) == 4


def test_the_fu_rule_reads_the_hand() -> None:
    assert plain_inputs(program("ema-2016").fu.declaration, FEATURES) is None


def _declaration(body: str) -> ast.Declaration:
    (declaration,) = parse_rules(f"payments p {{\n{body}\n}}\n", "t.rules").declarations
    return declaration


@pytest.mark.parametrize(("body", "expected"), [
    ("pay discarder basic * 4 when ron", ("basic", "ron")),
    ("let pot = basic * (if dealer then 6 else 4)\npay discarder round_up(pot, 100)",
     ("basic", "dealer")),
    ("pay discarder 100 * held(1m)", None),  # a function of the hand
    ("pay discarder 1000 when yaku(riichi)", None),  # the yaku that scored
    ("pay discarder 100 * count(sets where triplet)", None),  # a loop over the reading
    ("pay discarder 1000 when win is 1m", None),  # a tile
    ("pay discarder 1000 when wait is closed", None),  # not a flag or number
])
def test_plain_inputs(body: str, expected: tuple[str, ...] | None) -> None:
    assert plain_inputs(_declaration(body), FEATURES) == expected


# ---------------------------------------------------------------- "enabled": false


def _house(tmp_path: Path, yaku: str) -> str:
    return str(house_ruleset(tmp_path, yaku={yaku: {"enabled": False}}))


PINFU_ITTSU = {"hand": "22p234p123s456s789s", "win": "9s", "tsumo": True, "seat": "S"}


def test_pinfu_switched_off(tmp_path: Path) -> None:
    """docs/house-rules.md: "enabled: false (the yaku does not exist at this table)". The fu
    rule asks yaku(pinfu) (rulesets/base/fu.rules: no self-draw fu with pinfu); with no pinfu
    at the table that is false. 22p 234p 123s 456s 789s, 9s by tsumo, seat S: menzen tsumo 1
    + ittsu 2 = 3 han; 20 + 2 self-draw = 22 -> 30 fu; basic 30 x 2^5 = 960: the dealer pays
    1920 -> 2000, the others 960 -> 1000 each (EMA 2016 §4 payments)."""
    result = score(PINFU_ITTSU, _house(tmp_path, "pinfu"))
    assert {y.id for y in result.yaku} == {"menzen_tsumo", "ittsu"}
    assert (result.han, result.fu, result.points) == (3, 30, 4000)
    assert "pinfu" not in program(_house(tmp_path, "pinfu")).declarations


def test_riichi_switched_off(tmp_path: Path) -> None:
    """double_riichi 'replaces riichi': with riichi off it has nothing to replace, and a win
    in riichi scores no riichi yaku (its own yaku, ippatsu and double riichi, stay)."""
    ruleset = _house(tmp_path, "riichi")
    plain = score({**PINFU_ITTSU, "riichi": True}, ruleset)
    assert {y.id for y in plain.yaku} == {"menzen_tsumo", "pinfu", "ittsu"}
    double = score({**PINFU_ITTSU, "double_riichi": True}, ruleset)
    assert "double_riichi" in {y.id for y in double.yaku}


def test_switching_off_an_unknown_yaku_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="no yaku 'pinfuu' is declared"):
        program(_house(tmp_path, "pinfuu"))


def test_a_misspelt_yaku_override_is_reported_at_its_key(tmp_path: Path) -> None:
    from riichi_rules.errors import RuleError
    from riichi_rules.rulesets.config import load_config
    from riichi_rules.scoring.lowering import compile_program

    text = ('{\n  "id": "club", "name": "Club", "extends": "tenhou",\n'
            '  "source": {"rulebook": "a club", "edition": "1"},\n'
            '  "yaku": {"itsu": {"han_open": 2}}\n}\n')
    (tmp_path / "ruleset.json").write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as info:
        compile_program(load_config(tmp_path))
    (d,) = info.value.diagnostics
    # line 4, the key "itsu" at column 12 (after '  "yaku": {'), underlined with its quotes
    assert (d.line, d.column, d.end_column) == (4, 12, 18)
    assert d.message == "yaku.itsu: no yaku 'itsu' is declared in the rule files"
    assert d.hint == "did you mean 'ittsu'?"


@pytest.mark.parametrize("ruleset", known_ruleset_ids())
def test_the_declared_ids_are_the_declarations(ruleset: str) -> None:
    """What a case file may name (conformance's known_yaku_ids) is read from the program's
    rules: the scoring declarations are the yaku, yakuman and dora, each once."""
    prog = program(ruleset)
    assert prog.declared_ids() == frozenset(prog.declarations)


def test_the_declared_ids_of_house_rulesets(tmp_path: Path) -> None:
    """The same where the two could part: local yaku switched on (the conformance suite's
    local-yaku ruleset), a bundled yaku switched off and a house file's own yaku."""
    house_ruleset(tmp_path, 'yaku house "House" {\n    han 1\n    when closed\n}\n',
                  yaku={"pinfu": {"enabled": False}})
    for config in (load_config(resources.conformance_dir() / "rulesets" / "local-yaku"),
                   load_config(tmp_path)):
        prog = program(config)
        assert prog.declared_ids() == frozenset(prog.declarations)
    assert "house" in program(load_config(tmp_path)).declared_ids()
