"""The example club ruleset examples/house-rules: it loads and compiles, each local yaku it
switches on scores, its han change and its parameters show in scores, and plain Tenhou scores
none of it. Also the kan dora parameters (rule.kan_dora, rule.kan_ura_dora) of dora.rules.

Sources: the local yaku and their values, riichi.wiki "Local yaku" (arcturus.su wiki page
3730, mirrored in MahjongRepository/mahjong_wiki content/english/riichi/yaku/optional/
local-yaku.md; "LY" below), riichi.wiki "Renhou" and "Daisharin"; Tenhou's rules, variants.md
(no renhou #16, yakuman counted from 13 han #13, no kiriage #12, kan dora and kan ura #9); JPML
has no kan dora and no kan ura dora (variants.md #9). Payments as EMA 2016 chapter 4: a
non-dealer ron pays 4 x basic points rounded up to 100; a yakuman is 8,000 basic. Every
expected value is derived in the comment above it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import score

HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house-rules"


@pytest.fixture(scope="module")
def house() -> ScoringProgram:
    return compile_program(load_config(HOUSE))


def _scored(win: dict[str, Any], ruleset: str | ScoringProgram) -> dict[str, int]:
    return {y.id: (y.yakuman or y.han) for y in score(win, ruleset).yaku}


# A ron on a discard before South's first draw: 234m 456p 678s 345s 22s, won on 2s.
RENHOU = {"hand": "234m456p678s22345s", "win": "2s", "renhou": True, "seat": "S"}
# Daisharin, ron on 5p.
DAISHARIN = {"hand": "22334455667788p", "win": "5p", "seat": "S"}
# Open 111m 222m(pon) 333m, 456s on 4s, 99p.
SANRENKOU = {"hand": "111333m456s99p", "win": "4s", "melds": ["2-22m"], "seat": "S"}
# Open pure straight: chi 123s, 456s 789s 234p, 55m pair won on 5m.
OPEN_ITTSU = {"hand": "456789s234p55m", "win": "5m", "melds": ["1-23s"], "seat": "S"}


def test_it_loads_and_compiles(house: ScoringProgram) -> None:
    config = house.config
    assert config.chain == ("base", "tenhou", "house-rules")
    assert config.local_yaku == ("renhou_yakuman", "daisharin", "sanrenkou")
    # the uma the file sets, in place of Tenhou's +20/+10/-10/-20 (variants.md #2)
    assert config.parameters["uma"] == (30, 10, -10, -30)
    assert config.parameters["kan_ura_dora"] is False
    # what it does not set comes from Tenhou: red fives, counted yakuman
    assert config.parameters["red_fives"] == 3
    assert config.parameters["kazoe_yakuman"] == "yakuman"
    ids = {rule.id for rule in (*house.yaku, *house.yakuman)}
    assert {"renhou_yakuman", "daisharin", "sanrenkou"} <= ids


def test_renhou_is_a_yakuman(house: ScoringProgram) -> None:
    # renhou_yakuman (riichi.wiki "Renhou": may be a yakuman): 8,000 x 4 = 32,000.
    result = score(RENHOU, house)
    assert _scored(RENHOU, house) == {"renhou_yakuman": 1}
    assert result.points == 32000


def test_daisharin_is_a_yakuman(house: ScoringProgram) -> None:
    # riichi.wiki "Daisharin": a yakuman, 32,000 for a non-dealer ron.
    result = score(DAISHARIN, house)
    assert _scored(DAISHARIN, house) == {"daisharin": 1}
    assert result.points == 32000


def test_sanrenkou_scores_two_han(house: ScoringProgram) -> None:
    # LY, Sanrenkou: 2 han, the hand's only yaku. Fu 20 + 8 (111m concealed terminal) + 2
    # (222m open) + 4 (333m concealed) = 34 -> 40; 40 x 2^4 = 640 basic x4 = 2,560 -> 2,600.
    result = score(SANRENKOU, house)
    assert _scored(SANRENKOU, house) == {"sanrenkou": 2}
    assert (result.han, result.fu, result.points) == (2, 40, 2600)


def test_the_open_pure_straight_is_worth_two_han(house: ScoringProgram) -> None:
    # The club's override: ittsu 2 han when open (Tenhou, like EMA 2016 §4: 1 han open).
    # Fu 20 + 2 (single wait on the 55m pair) = 22 -> 30 under both.
    # House: 2 han 30 fu = 480 basic x4 = 1,920 -> 2,000.
    # Tenhou: 1 han 30 fu = 240 basic x4 = 960 -> 1,000.
    result = score(OPEN_ITTSU, house)
    assert _scored(OPEN_ITTSU, house) == {"ittsu": 2}
    assert (result.han, result.fu, result.points) == (2, 30, 2000)
    tenhou = score(OPEN_ITTSU, "tenhou")
    assert _scored(OPEN_ITTSU, "tenhou") == {"ittsu": 1}
    assert (tenhou.han, tenhou.fu, tenhou.points) == (1, 30, 1000)


def test_closed_ittsu_keeps_its_two_han(house: ScoringProgram) -> None:
    # The override sets han_open only: closed, ittsu stays 2 (EMA 2016 scoring example 2:
    # riichi, pinfu, closed ittsu = 4 han 30 fu, 1,920 basic, 7,700 without kiriage).
    win = {"hand": "123456789s234p55m", "win": "9s", "riichi": True, "seat": "S"}
    assert _scored(win, house) == {"riichi": 1, "pinfu": 1, "ittsu": 2}
    assert score(win, house).points == 7700


def test_plain_tenhou_scores_none_of_the_local_yaku() -> None:
    # Renhou: Tenhou has none (variants.md #16): the hand is tanyao 1 han; fu 20 + 10 closed
    # ron + 2 single wait = 32 -> 40, 320 basic x4 = 1,280 -> 1,300.
    assert _scored(RENHOU, "tenhou") == {"tanyao": 1}
    assert score(RENHOU, "tenhou").points == 1300
    # Daisharin: tanyao 1 + pinfu 1 + ryanpeikou 3 + chinitsu 6 = 11 han (LY, Daisharin: "at
    # least a sanbaiman"), short of Tenhou's 13 for a counted yakuman: 6,000 x 4 = 24,000.
    result = score(DAISHARIN, "tenhou")
    assert "daisharin" not in _scored(DAISHARIN, "tenhou")
    assert (result.han, result.limit, result.points) == (11, "sanbaiman", 24000)
    # Sanrenkou: open, terminals, a chow and no value pung: no yaku at all.
    with pytest.raises(InputError) as caught:
        score(SANRENKOU, "tenhou")
    assert caught.value.code == "no_yaku"


# ---- kan dora and kan ura dora (dora.rules: the first indicator, then one per kan) -------------

# EMA 2016 scoring example 2 (riichi, pinfu, ittsu: 4 han 30 fu) with two dora indicators
# (the first and a kan dora) and two ura indicators.
KAN_WIN = {"hand": "123456789s234p55m", "win": "9s", "riichi": True, "seat": "S",
           "dora": ["1z", "4m"], "ura": ["1z", "4m"]}


def test_kan_dora_and_kan_ura_count_where_the_ruleset_has_them() -> None:
    # EMA 2016 (kan dora and kan ura used, variants.md #9): 1z points to 2z (none held);
    # 4m points to 5m (two held): dora 2 and ura dora 2. 4 + 4 = 8 han: baiman,
    # 4,000 x 4 = 16,000.
    assert _scored(KAN_WIN, "ema-2016") == {"riichi": 1, "pinfu": 1, "ittsu": 2, "dora": 2,
                                           "ura_dora": 2}
    assert score(KAN_WIN, "ema-2016").points == 16000


def test_jpml_counts_only_the_first_indicator() -> None:
    # JPML: no kan dora, no ura dora at all (variants.md #8, #9): only the first dora
    # indicator, 1z, which points to nothing held. 4 han 30 fu = 1,920 basic x4 = 7,680
    # -> 7,700 (no kiriage in JPML).
    assert _scored(KAN_WIN, "jpml") == {"riichi": 1, "pinfu": 1, "ittsu": 2}
    assert score(KAN_WIN, "jpml").points == 7700


def test_the_house_rules_count_kan_dora_but_not_kan_ura(house: ScoringProgram) -> None:
    # House rules: kan dora yes (Tenhou), kan ura no: dora 2 (the kan indicator 4m), ura 0
    # (only the first ura indicator, 1z, counts). 6 han: haneman, 3,000 x 4 = 12,000.
    assert _scored(KAN_WIN, house) == {"riichi": 1, "pinfu": 1, "ittsu": 2, "dora": 2}
    assert score(KAN_WIN, house).points == 12000
    # Plain Tenhou counts both: 8 han, baiman 16,000.
    assert _scored(KAN_WIN, "tenhou")["ura_dora"] == 2
    assert score(KAN_WIN, "tenhou").points == 16000
