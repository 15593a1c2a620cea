"""The Python API: every name ``riichi_rules`` exports is there, and importing the package
loads nothing heavy until a name is used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import riichi_rules

FIXTURES = Path(__file__).parent / "records" / "fixtures"


def test_every_exported_name_resolves() -> None:
    assert sorted(riichi_rules.__all__) == sorted(riichi_rules._API)
    for name in riichi_rules.__all__:
        assert getattr(riichi_rules, name) is not None, name
    assert set(riichi_rules.__all__) <= set(dir(riichi_rules))


def test_scoring_from_python() -> None:
    # EMA 2016 §4 (the default ruleset): menzen tsumo 1 + pinfu 1 + ittsu 2 = 4 han; pinfu
    # tsumo 20 fu; basic 20 x 2^6 = 1280; the dealer pays 2560 -> 2600, each other 1300
    result = riichi_rules.score(
        {"hand": "22p234p123s456s789s", "win": "9s", "tsumo": True, "seat": "S"})
    assert (result.han, result.fu, result.points) == (4, 20, 5200)


def test_scoring_a_hand_with_its_fields_as_keywords() -> None:
    # The same hand won by the dealer (seat E, the default) at Tenhou: menzen tsumo 1 + pinfu 1
    # + ittsu 2 = 4 han 20 fu; basic 20 x 2^6 = 1280, each of three pays 2 x 1280 = 2560 ->
    # 2600: 7800 (Tenhou's points table, riichi-wiki-tenhou-rules)
    result = riichi_rules.score("22p234p123s456s789s", win="9s", tsumo=True, ruleset="tenhou")
    assert (result.han, result.fu, result.points) == (4, 20, 7800)
    assert riichi_rules.score({"hand": "22p234p123s456s789s", "win": "9s"}, "tenhou",
                              tsumo=True).points == 7800


def test_a_win_and_keywords_together_are_refused() -> None:
    win = riichi_rules.Win.from_json({"hand": "22p234p123s456s789s", "win": "9s"})
    with pytest.raises(riichi_rules.InputError, match="not both"):
        riichi_rules.score(win, tsumo=True)
    with pytest.raises(riichi_rules.InputError, match="unknown field"):
        riichi_rules.score("22p234p123s456s789s", win="9s", tsumi=True)


def test_comparing_and_replaying_from_python() -> None:
    # EMA 2016 has no kiriage, WRC 2025 rounds 4 han 30 fu up to mangan (their ruleset.json)
    kiriage = {p.name: (p.a, p.b) for p in
               riichi_rules.compare("ema-2016", "wrc-2025", cases=False).parameters}["kiriage"]
    assert kiriage == (False, True)
    assert riichi_rules.load_ruleset("tenhou@2009-06-01").parameters["tenpai_yame"] is False
    # tests/records/fixtures/synthetic_game.xml: a game of two hands, each a win
    [game] = riichi_rules.replay([FIXTURES / "synthetic_game.xml"], "tenhou")
    assert (game.hands, game.wins) == (2, 2)


def test_importing_the_package_is_light() -> None:
    code = ("import sys, riichi_rules; "
            "print(sorted(m for m in ('lark', 'jsonschema', 'riichi_rules.scoring.scorer') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
