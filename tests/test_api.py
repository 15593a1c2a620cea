"""The Python API: every name ``riichi_rules`` exports is there, and importing the package
loads nothing heavy until a name is used."""

from __future__ import annotations

import subprocess
import sys

import riichi_rules


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
    assert (result.han, result.fu, result.total) == (4, 20, 5200)


def test_importing_the_package_is_light() -> None:
    code = ("import sys, riichi_rules; "
            "print(sorted(m for m in ('lark', 'jsonschema', 'riichi_rules.scoring.scorer') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
