"""The Tenhou agari.jsonl converter on small fixtures.

Four fixtures are single records copied (trimmed of the ``*_34`` fields) from
shared/data/tenhou/agari.jsonl, each naming its ``source`` and ``file``; the fifth is
hand-written. Every expected value below is read off the record by the field definitions of
shared/data/tenhou/README.md ("agari.jsonl" FIELDS, "Rules") and DESIGN.md ("Notation"), as
the comments say; none is copied from the converter's output.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.errors import InputError
from riichi_rules.hand import MeldType, Relative
from riichi_rules.records import (
    TENHOU_YAKU,
    TENHOU_YAKUMAN,
    TenhouRecordError,
    meld_json,
    recorded_score,
    tenhou_yaku,
    tenhou_yakuman,
    tile_from_136,
    to_win,
    win_json,
)
from riichi_rules.tiles import Tile, parse_tiles

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


NO_FLAGS = {
    "riichi": False, "double_riichi": False, "ippatsu": False, "rinshan": False,
    "chankan": False, "haitei": False, "houtei": False, "tenhou": False, "chiihou": False,
}


def test_riichi_ron_with_red_five_and_ura() -> None:
    # 2018011712gm-0009-0000-a06a7d07, hand 0: North (seat 3) rons 3s from seat 2 after riichi.
    # hand "88m406p123567789s" holds the red 5p ("0p", README "Tile notation"); ura listed
    # because the winner is in riichi; AGARI ba="0,1" -> honba 0, 1 stick.
    rec = load("riichi_ron_ura_aka")
    assert win_json(rec) == {
        "hand": "88m406p123567789s", "win": "3s", "tsumo": False, "melds": [],
        "seat": "N", "round": "E", **NO_FLAGS, "riichi": True,
        "dora": ["3s"], "ura": ["7p"], "honba": 0, "sticks": 1,
    }
    win = to_win(rec)
    assert Tile.of(13, True) in win.concealed  # the red 5p
    # recorded yaku="1,1,54,1,53,0": riichi 1, aka 1, ura 0 (left out: 0 han);
    # ten="40,2600,0"; sc gives the winner +36 (x100) = 2600 + 1 stick x 1000.
    got = recorded_score(rec)
    assert dict(got.yaku) == {"riichi": 1, "aka_dora": 1}
    assert dict(got.yakuman) == {}
    assert (got.han, got.fu, got.points, got.limit) == (2, 40, 2600, 0)
    assert got.winner_delta == 3600
    assert got.collects_deposits and got.pao is None


def test_chi_kakan_ankan() -> None:
    # 2018012506gm-0009-0000-a77f3343, hand 2, seat 1 (South): chi 789m from_rel 3 (kamicha =
    # left), kakan of a 6z pon called from_rel 2 (toimen = across), ankan 9999s (no caller).
    rec = load("chi_kakan_ankan")
    got = win_json(rec)
    assert got["melds"] == [
        {"type": "chi", "tiles": "789m", "called": "7m", "from": "left"},
        {"type": "kakan", "tiles": "6666z", "called": "6z", "from": "across"},
        {"type": "ankan", "tiles": "9999s"},
    ]
    assert (got["hand"], got["win"], got["tsumo"], got["seat"]) == ("12366m", "2m", False, "S")
    # ba="1,1"; the three doraHai (kan dora included, README) are kept in order.
    assert (got["honba"], got["sticks"], got["dora"], got["ura"]) == (1, 1, ["5s", "7m", "2p"], [])
    win = to_win(rec)
    assert [m.type for m in win.melds] == [MeldType.CHI, MeldType.ADDED_KAN, MeldType.CLOSED_KAN]
    assert not win.closed
    # yaku="19,1,52,1" (hatsu 1, dora 1); ten="70,4500,0"; winner delta 4500 + 300 + 1000.
    score = recorded_score(rec)
    assert dict(score.yaku) == {"yakuhai_hatsu": 1, "dora": 1}
    assert (score.han, score.fu, score.points, score.winner_delta) == (2, 70, 4500, 5800)


def test_daiminkan_from_the_right_and_rinshan() -> None:
    # 2018020811gm-0089-0000-5f91805b, hand 4, seat 3: daiminkan 6z from_rel 1 (shimocha =
    # right), pon 5z from_rel 3 (left), pon 9s from_rel 1 (right); rinshan tsumo on 8s with
    # the red 5s in hand ("05678s").
    rec = load("daiminkan_right_rinshan")
    got = win_json(rec)
    assert got["melds"] == [
        {"type": "daiminkan", "tiles": "6666z", "called": "6z", "from": "right"},
        {"type": "pon", "tiles": "555z", "called": "5z", "from": "left"},
        {"type": "pon", "tiles": "999s", "called": "9s", "from": "right"},
    ]
    assert (got["hand"], got["win"], got["tsumo"], got["rinshan"]) == ("05678s", "8s", True, True)
    win = to_win(rec)
    assert win.melds[0].source is Relative.RIGHT
    assert Tile.of(22, True) in win.concealed


def test_second_winner_of_a_double_ron_on_a_kan() -> None:
    # mjx 2010091009gm-00a9-0000-83af2648, hand 7: seat 0, North (dealer seat 1, and
    # (0 - 1) mod 4 = 3), robs a kan (chankan) in riichi: the second AGARI of a double ron
    # (multi_ron_index 1). README "Double ron": only the first AGARI collects honba and sticks,
    # so this delta (sc: +77 x 100) is the hand's value alone; this mjlog writes ba="0,0" here
    # although the first winner's AGARI has ba="0,1".
    rec = load("chankan_double_ron_second")
    got = win_json(rec)
    assert (got["chankan"], got["riichi"], got["tsumo"], got["seat"]) == (True, True, False, "N")
    assert got["ura"] == ["9m"]
    score = recorded_score(rec)
    assert not score.collects_deposits
    assert score.points == 7700  # ten="30,7700,0"
    assert score.winner_delta == 7700
    assert score.yaku["chankan"] == 1 and score.yaku["riichi"] == 1


def test_handwritten_no_red_fives_dealer_double_riichi() -> None:
    rec = load("handwritten_no_aka_dealer_tsumo")
    got = win_json(rec)
    # ruleset.aka false: "406p" is a plain 4-5-6p (README "GO type bits" 0x002).
    assert got["hand"] == "123m456789p111z44s"
    assert (got["double_riichi"], got["riichi"], got["haitei"]) == (True, True, True)
    assert got["ura"] == ["9p"]  # riichi (double): ura kept
    assert (got["honba"], got["sticks"]) == (2, 1)
    assert not any(t.red for t in to_win(rec).concealed)
    score = recorded_score(rec)
    # ids 0, 5, 21, 10, 14, 52 (README table); 53 ura at 0 han left out.
    assert dict(score.yaku) == {
        "menzen_tsumo": 1, "haitei": 1, "double_riichi": 2, "seat_wind": 1,
        "round_wind": 1, "dora": 2,
    }
    assert (score.han, score.limit, score.winner_delta) == (8, 3, 25600)


def test_ura_dropped_without_riichi() -> None:
    # README: ura indicators belong to a winner in riichi; the converter keeps them only then.
    rec = copy.deepcopy(load("chi_kakan_ankan"))
    rec["ura_indicators"] = ["1m"]
    assert win_json(rec)["ura"] == []


def test_nukidora_counts_as_kita() -> None:
    # README "melds[].type": a three-player north set aside is a nukidora meld; the win form
    # counts them in kita (two here) and has no meld for them. A nukidora is no meld of the
    # win form on its own.
    rec = copy.deepcopy(load("chi_kakan_ankan"))
    north = {"type": "nukidora", "tiles": "4z", "from_rel": 0}
    rec["melds"] += [north, north]
    got = win_json(rec)
    assert got["kita"] == 2
    assert [m["type"] for m in got["melds"]] == ["chi", "kakan", "ankan"]  # type: ignore[attr-defined]
    assert "kita" not in win_json(load("chi_kakan_ankan"))
    with pytest.raises(TenhouRecordError) as err:
        meld_json(north)
    assert err.value.code == "unsupported_record"


@pytest.mark.parametrize("field", ["is_tsumo", "seat_wind", "melds", "honba", "context"])
def test_missing_field(field: str) -> None:
    rec = copy.deepcopy(load("riichi_ron_ura_aka"))
    del rec[field]
    with pytest.raises(TenhouRecordError) as err:
        win_json(rec)
    assert err.value.code == "bad_record"
    assert field in err.value.message


def test_bad_direction() -> None:
    rec = copy.deepcopy(load("daiminkan_right_rinshan"))
    rec["melds"][0]["from_rel"] = 0
    with pytest.raises(TenhouRecordError, match="from_rel"):
        win_json(rec)


def test_tile_ids() -> None:
    # README: tile id // 4 is the kind; 16, 52, 88 are the red 5m/5p/5s.
    assert str(tile_from_136(16)) == "0m"
    assert str(tile_from_136(17)) == "5m"
    assert str(tile_from_136(52)) == "0p"
    assert str(tile_from_136(88)) == "0s"
    assert str(tile_from_136(16, aka=False)) == "5m"
    assert str(tile_from_136(0)) == "1m"
    assert str(tile_from_136(135)) == "7z"
    with pytest.raises(InputError):
        tile_from_136(136)


@pytest.mark.parametrize(
    "name",
    ["riichi_ron_ura_aka", "chi_kakan_ankan", "daiminkan_right_rinshan",
     "chankan_double_ron_second"],
)
def test_notation_agrees_with_tile_ids(name: str) -> None:
    # The converter reads the mpsz fields; the *_136 ids of the same record must say the same.
    rec = load(name)
    assert [tile_from_136(i) for i in rec["hand_136"]] == list(parse_tiles(rec["hand"]))
    assert tile_from_136(rec["win_tile_136"]) == parse_tiles(rec["win_tile"])[0]
    for meld in rec["melds"]:
        assert sorted(tile_from_136(i) for i in meld["tiles_136"]) == sorted(
            parse_tiles(meld["tiles"]))


def test_yaku_maps() -> None:
    # Seat winds 10-13 and round winds 14-17 are one id each of ours (README table).
    assert {TENHOU_YAKU[i] for i in range(10, 14)} == {"seat_wind"}
    assert {TENHOU_YAKU[i] for i in range(14, 18)} == {"round_wind"}
    assert tenhou_yaku([(25, 2), (52, 0)]) == {"sanshoku": 2}
    # README "Yakuman": daisangen + tsuuiisou stack (the pao tsumo of 64,000).
    assert tenhou_yakuman([39, 42]) == {"daisangen": 1, "tsuuiisou": 1}
    with pytest.raises(TenhouRecordError, match="yakuman id"):
        tenhou_yaku([(39, 13)])
    with pytest.raises(TenhouRecordError):
        tenhou_yakuman([55])
    assert set(TENHOU_YAKU) & set(TENHOU_YAKUMAN) == set()


def test_mapped_ids_exist_in_the_tenhou_ruleset() -> None:
    from riichi_rules.scoring.scorer import program

    prog = program("tenhou")
    ours = {r.id for r in prog.yaku} | {d.id for d in prog.dora}
    ours_yakuman = {r.id for r in prog.yakuman}
    assert set(TENHOU_YAKU.values()) <= ours
    assert set(TENHOU_YAKUMAN.values()) <= ours_yakuman
