"""Result.json_text writes exactly the text of json.dumps(Result.to_json()).

The expected text is json.dumps's own (the standard library's encoder), on random wins of every
kind (tests/oracle/generate.py: yakuman, limits and none, fu items with and without a group,
melds, red fives), with honba and riichi sticks, under two rulesets."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from tests.oracle.generate import random_wins

from riichi_rules.errors import InputError
from riichi_rules.scoring.scorer import score


@pytest.mark.parametrize("ruleset", ["ema-2016", "tenhou"])
def test_json_text_is_the_text_json_dumps_writes(ruleset: str) -> None:
    rng = random.Random(18)
    scored = 0
    yakuman = 0
    for win in random_wins(18, 600, red_fives=ruleset == "tenhou"):
        win["honba"] = rng.choice([0, 0, 1, 3])
        win["sticks"] = rng.choice([0, 0, 1, 2])
        try:
            result = score(win, ruleset)
        except InputError:
            continue  # no yaku: nothing to write
        scored += 1
        yakuman += result.yakuman > 0
        assert result.json_text() == json.dumps(result.to_json()), win
    assert scored > 300 and yakuman > 0  # the sample covers yakuman and plain hands


def test_json_text_escapes_as_json_dumps_does() -> None:
    result = score({"hand": "123456789s234p55m", "win": "9s", "riichi": True, "seat": "S"},
                   "ema-2016")
    odd = replace(result, ruleset='my "rules"\\ \u00e9\n')
    assert odd.json_text() == json.dumps(odd.to_json())
