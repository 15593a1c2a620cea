"""Three-player wins scored by another engine: RiichiEnv's agari_3p.json [riichienv-rules].

tests/scoring/fixtures/riichienv_agari_3p.json holds 64 of the 402 cases of RiichiEnv's
riichienv-core/benches/data/agari_3p.json (Apache License 2.0; the file names the commit and
the indices taken: every case with three Norths set aside, a kan or a yakuman, and a spread of
the rest). Each case gives the hand (Tenhou tile ids 0..135, 16/52/88 the red fives), its
melds, the winning tile, the indicators and the situation (``kita_count``, the winds as 0..2),
and RiichiEnv's expected han, fu and yaku (its ids, riichienv-core/src/yaku.rs, "based on
yans.yml"). RiichiEnv checks its own scorer against them (tests/agari_correctness.rs); its
dora and kita (34, nukidora) are counted as ours. All 402 cases agree under both sanma
rulesets (measured when the sample was taken); the sample must agree too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.scoring.scorer import score
from riichi_rules.tiles import Tile, format_tiles

FIXTURE = Path(__file__).parent / "fixtures" / "riichienv_agari_3p.json"
RED = frozenset({16, 52, 88})
WINDS = "ESW"
# riichienv-core/src/yaku.rs ID_* constants to our yaku ids
YAKU = {
    1: "menzen_tsumo", 2: "riichi", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
    7: "yakuhai_haku", 8: "yakuhai_hatsu", 9: "yakuhai_chun", 10: "seat_wind",
    11: "round_wind", 12: "tanyao", 13: "iipeikou", 14: "pinfu", 15: "chanta", 16: "ittsu",
    17: "sanshoku", 18: "double_riichi", 19: "sanshoku_doukou", 20: "sankantsu",
    21: "toitoi", 22: "sanankou", 23: "shousangen", 24: "honroutou", 25: "chiitoitsu",
    26: "junchan", 27: "honitsu", 28: "ryanpeikou", 29: "chinitsu", 30: "ippatsu",
    31: "dora", 32: "aka_dora", 33: "ura_dora", 34: "kita", 35: "tenhou", 36: "chiihou",
    37: "daisangen", 38: "suuankou", 39: "tsuuiisou", 40: "ryuuiisou", 41: "chinroutou",
    42: "kokushi", 43: "shousuushii", 44: "suukantsu", 45: "chuuren", 47: "junsei_chuuren",
    48: "suuankou_tanki", 49: "kokushi_13", 50: "daisuushii",
}


def _tile(tile_id: int) -> Tile:
    return Tile.of(tile_id // 4, tile_id in RED)


def _meld(meld: dict[str, Any]) -> dict[str, str]:
    tiles = format_tiles(sorted(_tile(i) for i in meld["tiles"]))
    if not meld["opened"]:
        return {"type": "ankan", "tiles": tiles}
    # the direction is no part of the score (no pao among these wins); no chi at three
    return {"type": meld["meld_type"], "tiles": tiles, "called": str(_tile(meld["tiles"][0])),
            "from": "across"}


def win_of(case: dict[str, Any]) -> dict[str, Any]:
    """The case as a win of our JSON form (docs/formats.md)."""
    cond = case["conditions"]
    hand = [_tile(i) for i in case["tiles_136"]]
    won = _tile(case["win_tile_136"])
    if len(hand) + 3 * len(case["melds"]) == 13:  # the hand before the winning tile
        hand.append(won)
    riichi = cond["riichi"] or cond["double_riichi"]
    first = cond["tsumo_first_turn"]
    return {
        "hand": format_tiles(sorted(hand)), "win": str(won), "tsumo": cond["tsumo"],
        "melds": [_meld(m) for m in case["melds"]],
        "seat": WINDS[cond["player_wind"]], "round": WINDS[cond["round_wind"]],
        "riichi": riichi, "double_riichi": cond["double_riichi"], "ippatsu": cond["ippatsu"],
        "haitei": cond["haitei"], "houtei": cond["houtei"], "rinshan": cond["rinshan"],
        "chankan": cond["chankan"], "tenhou": first and cond["player_wind"] == 0,
        "chiihou": first and cond["player_wind"] != 0,
        "dora": [str(_tile(i)) for i in case["dora_indicators"]],
        "ura": [str(_tile(i)) for i in case["ura_indicators"]] if riichi else [],
        "honba": cond["honba"], "kita": cond["kita_count"],
    }


CASES = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", ["tenhou-sanma", "mahjong-soul-sanma"])
def test_every_case_scores_as_riichienv_scores_it(ruleset: str) -> None:
    problems = []
    for index, case in zip(CASES["indices"], CASES["cases"], strict=True):
        assert case["conditions"]["num_players"] == 3
        expected = case["expected"]
        result = score(win_of(case), ruleset)
        han = 13 * result.yakuman if result.yakuman else result.han
        ours = sorted({y.id for y in result.yaku})
        theirs = sorted({YAKU[y] for y in expected["yaku"]})
        # a yakuman: RiichiEnv writes 13 a yakuman and any fu
        same = (han >= expected["han"] if result.yakuman else han == expected["han"]) and (
            result.yakuman > 0 or result.fu == expected["fu"]) and ours == theirs
        if not same:
            problems.append((index, (han, result.fu, ours), (expected["han"], expected["fu"],
                                                            theirs)))
    assert problems == []


def test_the_sample_has_what_three_players_change() -> None:
    conds = [c["conditions"] for c in CASES["cases"]]
    assert {c["kita_count"] for c in conds} == {0, 1, 2, 3}
    assert any(c["tsumo"] for c in conds) and not all(c["tsumo"] for c in conds)
    assert not any(m["meld_type"] == "chi" for c in CASES["cases"] for m in c["melds"])
