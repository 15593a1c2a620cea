"""Fuzz: rule files. Token soup and mangled bundled rule files are checked without anything
escaping but diagnostics; random arithmetic in a house ruleset's yaku either fails `riichi
check`'s compile with diagnostics or scores (or refuses with a rule_fault) every win."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from fuzzing import assert_ours, fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules import resources
from riichi_rules.errors import InputError, RiichiError
from riichi_rules.language.parser import _KEYWORDS
from riichi_rules.rulesets.config import clear_cache, load_config, parameter_defaults
from riichi_rules.scoring.lowering import check_rule_text, compile_program
from riichi_rules.scoring.scorer import score

SYMBOLS = ("{", "}", "(", ")", "[", "]", ",", ".", ":", "..", "+", "-", "*", "/", "%", "^",
           "==", "!=", "<", "<=", ">", ">=", "=", "#", '"', "'")
NAMES = ("tiles", "sets", "pair", "melds", "waits", "dora", "ura", "win", "closed", "open",
         "tsumo", "ron", "riichi", "dealer", "han", "fu", "basic", "chow", "pung", "simple",
         "honour", "number", "suit", "it", "held", "next", "round_up", "rule.kiriage",
         "rule.red_fives", "yaku(pinfu)", "1m", "5z", "0p", "0", "1", "13", "99999999999")
TOKENS = st.sampled_from(_KEYWORDS + SYMBOLS + NAMES) | st.text(max_size=4)


@cache
def _bundled_rules() -> tuple[str, ...]:
    base = resources.rulesets_dir() / "base"
    return tuple(p.read_text(encoding="utf-8") for p in sorted(base.glob("*.rules")))


def _check(text: str) -> None:
    diagnostics = check_rule_text(text, "fuzz.rules", parameter_defaults())
    for d in diagnostics:
        assert d.file == "fuzz.rules" and d.line >= 1 and d.column >= 1 and d.message, d
        assert d.render()


@fuzz(300)
@given(tokens=st.lists(TOKENS, max_size=60))
def test_token_soup(tokens: list[str]) -> None:
    _check(" ".join(tokens))


@fuzz(200)
@given(which=st.integers(0, 10), cuts=st.lists(st.tuples(st.integers(0, 30_000),
                                                         st.integers(0, 40), TOKENS),
                                               min_size=1, max_size=4))
def test_mangled_bundled_rules(which: int, cuts: list[tuple[int, int, str]]) -> None:
    """A bundled rule file with a few spans cut out or replaced by another token."""
    texts = _bundled_rules()
    text = texts[which % len(texts)]
    for at, length, token in cuts:
        at %= len(text) + 1
        text = text[:at] + token + text[at + length:]
    _check(text)


LEAF = st.sampled_from(["0", "1", "2", "13", "64", "65", "-1", "count(tiles)",
                        "count(sets where chow)", "count(dora)", "held(win)", "count(ura)",
                        "(count(tiles) - 14)", "999999999", "rule.red_fives"])
OPERATORS = st.sampled_from(["+", "-", "*", "/", "%", "^"])
EXPR = st.recursive(LEAF, lambda inner: st.builds(
    lambda a, op, b: f"({a} {op} {b})", inner, OPERATORS, inner), max_leaves=6)
WINS = (
    {"hand": "22p234p123s456s789s", "win": "9s"},
    {"hand": "22p234p123s456s789s", "win": "9s", "tsumo": True, "riichi": True,
     "dora": ["1p"], "ura": ["8s"], "seat": "S"},
    {"hand": "19m19p19s1234567z7z", "win": "7z", "tsumo": True},
    {"hand": "11223344556677p", "win": "7p", "tsumo": True, "seat": "S"},
)


@fuzz(25)
@given(han=EXPR, fu=EXPR, when=st.sampled_from(["closed", "count(tiles) > 0",
                                                 "count(sets) * 2 / count(dora) > 1"]))
def test_random_arithmetic_scores_or_faults(tmp_path_factory: Any, han: str, fu: str,
                                            when: str) -> None:
    folder: Path = tmp_path_factory.mktemp("house")
    (folder / "house.rules").write_text(
        f'yaku fuzz "Fuzz" {{\n    han {han}\n    when {when}\n}}\n'
        f'override fu fu {{\n    base "Base" 20\n    add "Fuzz" {fu}\n    round up 10\n}}\n',
        encoding="utf-8")
    (folder / "ruleset.json").write_text(json.dumps({
        "id": "house", "name": "House", "source": {"rulebook": "fuzz", "edition": "1"},
        "extends": "ema-2016", "rules": ["house.rules"]}), encoding="utf-8")
    clear_cache()
    try:
        prog = compile_program(load_config(folder))
    except RiichiError as error:  # the checker proved a fault: diagnostics at their place
        assert_ours(error)
        return
    for win in WINS:
        try:
            result = score(win, prog)
        except InputError as error:
            assert_ours(error)
            continue
        assert result.points >= 0 and result.han >= 0
