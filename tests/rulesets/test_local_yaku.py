"""Every local yaku of rulesets/local/: two hands that have it and one near miss that must not,
each scored under a ruleset that extends EMA 2016 and switches that one yaku on.

Where the yaku and their values come from: the riichi.wiki page "Local yaku" (arcturus.su
wiki page 3730, mirrored in MahjongRepository/mahjong_wiki
content/english/riichi/yaku/optional/local-yaku.md; quoted below as "LY, <section>"), and
riichi.wiki "Renhou" and "Daisharin". The base values come from EMA 2016 chapter 4 (shared/
rules-sources 003_*.txt): no kiriage, 5 han mangan (2,000 basic points), 6-7 haneman (3,000),
8-10 baiman (4,000), 11+ sanbaiman (6,000), a yakuman 8,000; yakuman do not add up, the
largest multiple counts. A non-dealer ron pays 4 x basic, a dealer ron 6 x basic; a tsumo is
paid 2 x basic by the dealer (each, by a dealer winner) and 1 x basic by the others, each
rounded up to 100. Fu: 20 base, +10 closed ron, +2 tsumo, pungs 2 (x2 concealed, x2
terminal/honour, x4 kong), +2 dragon pair, +2 closed/edge/single wait, rounded up to 10;
seven pairs 25.

Every expected value is derived in the comment above its case; none is copied from our own
output. The winner sits South (a non-dealer) in the East round unless the case says otherwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import score

LOCAL_DIR = Path(__file__).resolve().parents[2] / "rulesets" / "local"


@dataclass(frozen=True)
class Case:
    yaku: str  # the local yaku switched on
    name: str
    win: dict[str, Any]
    scored: dict[str, int] | None  # yaku id -> han (or yakuman multiple); None = no yaku
    total: int = 0
    limit: str | None = None
    has_it: bool = True  # the hand has the local yaku (False: a near miss)
    extra: dict[str, Any] = field(default_factory=dict)


def _ruleset_json(yaku_id: str, extends: str = "ema-2016") -> dict[str, Any]:
    return {
        "id": f"test-{yaku_id.replace('_', '-')}",
        "name": f"{extends} with {yaku_id}",
        "source": {"rulebook": "test", "edition": "1"},
        "extends": extends,
        "local_yaku": [yaku_id],
    }


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ScoringProgram]:
    """One compiled ruleset per local yaku: ema-2016 with that yaku switched on."""
    out: dict[str, ScoringProgram] = {}
    root = tmp_path_factory.mktemp("local-yaku")
    for path in sorted(LOCAL_DIR.glob("*.rules")):
        folder = root / path.stem
        folder.mkdir()
        (folder / "ruleset.json").write_text(json.dumps(_ruleset_json(path.stem)),
                                             encoding="utf-8")
        out[path.stem] = compile_program(load_config(folder))
    return out


CASES: list[Case] = [
    # ---- renhou_yakuman (riichi.wiki "Renhou": mangan, baiman or yakuman by ruleset) ----------
    # A ron before the first draw: a yakuman, 8,000 basic x 4 = 32,000 (non-dealer ron). The
    # base renhou (5 han, EMA 2016) is not scored beside a yakuman.
    Case("renhou_yakuman", "tanyao hand, renhou",
         {"hand": "234m456p678s22345s", "win": "2s", "renhou": True, "seat": "S"},
         {"renhou_yakuman": 1}, 32000, "yakuman"),
    # 123m 456m 789m 555z 11p won on 1p before North's first draw: yakuman, 32,000.
    Case("renhou_yakuman", "ittsu hand, renhou, North seat",
         {"hand": "123456789m555z11p", "win": "1p", "renhou": True, "seat": "N"},
         {"renhou_yakuman": 1}, 32000, "yakuman"),
    # Near miss: the first hand won later (no renhou): tanyao 1 han; fu 20 + 10 closed ron
    # + 2 single wait (22s pair) = 32 -> 40; 40 x 2^3 = 320 basic, x4 = 1,280 -> 1,300.
    Case("renhou_yakuman", "tanyao hand, not the first turn",
         {"hand": "234m456p678s22345s", "win": "2s", "seat": "S"},
         {"tanyao": 1}, 1300, None, has_it=False),

    # ---- daisharin (riichi.wiki "Daisharin": 22334455667788 in pinzu, closed, yakuman) -------
    # 32,000 for a non-dealer ron.
    Case("daisharin", "ron on 5p",
         {"hand": "22334455667788p", "win": "5p", "seat": "S"},
         {"daisharin": 1}, 32000, "yakuman"),
    # Dealer tsumo: 8,000 x 2 = 16,000 from each of three players = 48,000.
    Case("daisharin", "dealer tsumo on 8p",
         {"hand": "22334455667788p", "win": "8p", "tsumo": True, "seat": "E"},
         {"daisharin": 1}, 48000, "yakuman"),
    # Near miss: the same pattern in souzu is daichikurin, not daisharin (riichi.wiki
    # "Daisharin": "Calling a hand with souzu as daisharin would be incorrect"). Without it the
    # hand is 234 234 567 567s 88s: tanyao 1 + pinfu 1 (5s on 67s, two-sided) + ryanpeikou 3
    # + chinitsu 6 = 11 han (LY, Daisharin: "at least a sanbaiman (11 han)"): 6,000 x 4 = 24,000.
    Case("daisharin", "the pattern in souzu",
         {"hand": "22334455667788s", "win": "5s", "seat": "S"},
         {"tanyao": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 24000, "sanbaiman",
         has_it=False),

    # ---- daichikurin (riichi.wiki "Daisharin": the same pattern in souzu) --------------------
    Case("daichikurin", "ron on 5s",
         {"hand": "22334455667788s", "win": "5s", "seat": "S"},
         {"daichikurin": 1}, 32000, "yakuman"),
    # Non-dealer tsumo: 16,000 from the dealer + 8,000 from each other = 32,000.
    Case("daichikurin", "tsumo on 2s, West seat",
         {"hand": "22334455667788s", "win": "2s", "tsumo": True, "seat": "W"},
         {"daichikurin": 1}, 32000, "yakuman"),
    # Near miss: 1s to 7s (shouchikurin, LY) is not 2-8. Best reading 11s 234 234 567 567s on
    # 7s (two-sided 4-7): pinfu 1 + ryanpeikou 3 + chinitsu 6 = 10 han (no tanyao: 1s); the
    # reading 123 123 456 456 77s waits on the pair (no pinfu, 9 han), seven pairs 2 + 6 = 8.
    # 10 han: baiman, 4,000 x 4 = 16,000.
    Case("daichikurin", "1s to 7s",
         {"hand": "11223344556677s", "win": "7s", "seat": "S"},
         {"pinfu": 1, "ryanpeikou": 3, "chinitsu": 6}, 16000, "baiman", has_it=False),

    # ---- daisuurin (riichi.wiki "Daisharin": the same pattern in manzu) ----------------------
    Case("daisuurin", "ron on 8m, North seat",
         {"hand": "22334455667788m", "win": "8m", "seat": "N"},
         {"daisuurin": 1}, 32000, "yakuman"),
    # Dealer ron: 8,000 x 6 = 48,000.
    Case("daisuurin", "dealer ron on 2m",
         {"hand": "22334455667788m", "win": "2m", "seat": "E"},
         {"daisuurin": 1}, 48000, "yakuman"),
    # Near miss: seven pairs of manzu with 99m in place of 77m. No standard reading (55 66 88
    # 99 make no sets); seven pairs 2 + chinitsu 6 = 8 han (no tanyao: 9m): baiman, 16,000.
    Case("daisuurin", "99m instead of 77m",
         {"hand": "22334455668899m", "win": "9m", "seat": "S"},
         {"chiitoitsu": 2, "chinitsu": 6}, 16000, "baiman", has_it=False),

    # ---- sanrenkou (LY, Two-han yaku: Sanrenkou, 2 han, three consecutive triplets) --------
    # LY's own example, 333 444 555p 66s + pon 777z, won on 5p. As pungs: sanrenkou 2 + toitoi 2
    # + red dragon 1 = 5 han (sanankou no: 555p is completed by the discard) -> mangan 8,000.
    # (As 345p x3 the hand is open: only the dragon, 1 han.)
    Case("sanrenkou", "LY example, 333 444 555p",
         {"hand": "333444555p66s", "win": "5p", "melds": ["7-77z"], "seat": "S"},
         {"sanrenkou": 2, "toitoi": 2, "yakuhai_chun": 1}, 8000, "mangan"),
    # Open 111m 222m(pon) 333m, 456s on 4s (two-sided), 99p: sanrenkou 2, nothing else.
    # Fu 20 + 8 (111m concealed terminal) + 2 (222m open) + 4 (333m concealed) = 34 -> 40;
    # 40 x 2^4 = 640 basic, x4 = 2,560 -> 2,600.
    Case("sanrenkou", "open, 111 222 333m",
         {"hand": "111333m456s99p", "win": "4s", "melds": ["2-22m"], "seat": "S"},
         {"sanrenkou": 2}, 2600, None, extra={"han": 2, "fu": 40}),
    # Near miss: 111 222 444m are not consecutive; no other yaku (open, terminals, a chow):
    # the hand cannot win.
    Case("sanrenkou", "111 222 444m",
         {"hand": "111444m456s99p", "win": "4s", "melds": ["2-22m"], "seat": "S"},
         None, has_it=False),

    # ---- suurenkou (LY, Yakuman: Suurenkou) -------------------------------------------------
    # LY's example: 22p + 777 888p + pons 666p 999p, ron on 2p: 666 777 888 999p, 32,000.
    Case("suurenkou", "LY example, 666-999p",
         {"hand": "22777888p", "win": "2p", "melds": ["6-66p", "9-99p"], "seat": "S"},
         {"suurenkou": 1}, 32000, "yakuman"),
    # LY's junsei suurenkou: 11 55m + pons 222 333 444m, won on 5m (222-555m): dealer tsumo
    # 16,000 x 3 = 48,000.
    Case("suurenkou", "LY junsei example, dealer tsumo on 5m",
         {"hand": "11555m", "win": "5m", "tsumo": True, "melds": ["2-22m", "3-33m", "4-44m"],
          "seat": "E"},
         {"suurenkou": 1}, 48000, "yakuman"),
    # Near miss: 111 222 333 555m (the 4 missing), 66m pair, won on 1m by ron: toitoi 2 +
    # chinitsu open 5 = 7 han (no sanankou: 111m is completed by the discard): haneman,
    # 3,000 x 4 = 12,000.
    Case("suurenkou", "111 222 333 555m",
         {"hand": "11166m", "win": "1m", "melds": ["2-22m", "3-33m", "5-55m"], "seat": "S"},
         {"toitoi": 2, "chinitsu": 5}, 12000, "haneman", has_it=False),

    # ---- iipin_moyue (LY, Mangan on specific tiles: Iipin mouyue, mangan) -------------------
    # Open hand (chi 567s), haitei tsumo on 1p: without the local yaku only haitei, 1 han
    # (fu 20 + 2 tsumo = 22 -> 30; 240 basic: 500 + 300 + 300 = 1,100). The mangan is more:
    # 2,000 basic, 4,000 from the dealer and 2,000 from each other = 8,000.
    Case("iipin_moyue", "open hand, haitei 1p",
         {"hand": "234m456m123p99s", "win": "1p", "tsumo": True, "haitei": True,
          "melds": ["5-67s"], "seat": "S"},
         {"iipin_moyue": 5}, 8000, "mangan"),
    # Dealer, closed: haitei 1 + menzen tsumo 1 + pinfu 1 = 3 han, at most 30 fu = 960 basic,
    # 2,000 each; the mangan: 4,000 from each = 12,000.
    Case("iipin_moyue", "dealer, closed, haitei 1p",
         {"hand": "123p456m789m22s345s", "win": "1p", "tsumo": True, "haitei": True,
          "seat": "E"},
         {"iipin_moyue": 5}, 12000, "mangan"),
    # Near miss: the first hand's last tile is 4p: haitei only, 1 han 30 fu, 1,100.
    Case("iipin_moyue", "haitei on 4p",
         {"hand": "234m456m234p99s", "win": "4p", "tsumo": True, "haitei": True,
          "melds": ["5-67s"], "seat": "S"},
         {"haitei": 1}, 1100, None, has_it=False),

    # ---- chuupin_raoyui (LY, Mangan on specific tiles: Chuupin raoyui, mangan) --------------
    # LY's example, 22m 234m 99p 111s 222s, houtei ron on 9p. Without the local yaku: houtei 1
    # (sanankou no: 999p is completed by the discard), fu 20 + 10 + 4 (999p open) + 8 (111s)
    # + 4 (222s) = 46 -> 50, 400 basic = 1,600. The mangan: 8,000.
    Case("chuupin_raoyui", "LY example",
         {"hand": "22234m999p111222s", "win": "9p", "houtei": True, "seat": "S"},
         {"chuupin_raoyui": 5}, 8000, "mangan"),
    # Dealer: houtei 1 + pinfu 1 (9p on 78p) = 2 han 30 fu = 480 basic, 2,900; the mangan,
    # 2,000 x 6 = 12,000.
    Case("chuupin_raoyui", "dealer, pinfu hand",
         {"hand": "123m456m789s789p55s", "win": "9p", "houtei": True, "seat": "E"},
         {"chuupin_raoyui": 5}, 12000, "mangan"),
    # Near miss: the same hand on 6p: houtei 1 + pinfu 1, 2 han 30 fu, 480 x 6 = 2,880 -> 2,900.
    Case("chuupin_raoyui", "houtei on 6p",
         {"hand": "123m456m789s678p55s", "win": "6p", "houtei": True, "seat": "E"},
         {"houtei": 1, "pinfu": 1}, 2900, None, has_it=False),

    # ---- ishino_uenimo_sannen (LY, Yakuman: Ishino uenimo sannen) ---------------------------
    # LY's example: double riichi, seven pairs 44m 44p 66p 99p 22s 33z 44z, houtei ron on 3z,
    # East seat: a dealer yakuman, 48,000.
    Case("ishino_uenimo_sannen", "LY example, houtei",
         {"hand": "44m446699p22s3344z", "win": "3z", "double_riichi": True, "houtei": True,
          "seat": "E"},
         {"ishino_uenimo_sannen": 1}, 48000, "yakuman"),
    # Double riichi and haitei tsumo, non-dealer: 16,000 + 8,000 + 8,000 = 32,000.
    Case("ishino_uenimo_sannen", "haitei tsumo",
         {"hand": "123456789m234p55s", "win": "5s", "tsumo": True, "double_riichi": True,
          "haitei": True, "seat": "S"},
         {"ishino_uenimo_sannen": 1}, 32000, "yakuman"),
    # Near miss: a plain riichi: riichi 1 + tsumo 1 + haitei 1 + ittsu 2 = 5 han (no pinfu:
    # 5s completes the pair) -> mangan, 4,000 + 2,000 + 2,000 = 8,000.
    Case("ishino_uenimo_sannen", "plain riichi, haitei",
         {"hand": "123456789m234p55s", "win": "5s", "tsumo": True, "riichi": True,
          "haitei": True, "seat": "S"},
         {"riichi": 1, "menzen_tsumo": 1, "haitei": 1, "ittsu": 2}, 8000, "mangan",
         has_it=False),

    # ---- shiiaru_raotai (LY, One-han yaku: Shiiaru raotai, 1 han, usually ron only) ---------
    # LY's example with a plain 5p: 66z + pons 999p 222p + chis 456p 123p, ron on 6z.
    # Shiiaru raotai 1 + honitsu open 2 = 3 han; fu 20 + 4 (999p) + 2 (222p) + 2 (single)
    # + 2 (dragon pair) = 30; 30 x 2^5 = 960 basic, x4 = 3,840 -> 3,900.
    Case("shiiaru_raotai", "LY example",
         {"hand": "66z", "win": "6z", "melds": ["9-99p", "2-22p", "4-56p", "1-23p"],
          "seat": "S"},
         {"shiiaru_raotai": 1, "honitsu": 2}, 3900, None),
    # 44m + chi 123m, pon 555p, chi 789s, pon 222s, ron on 4m, West seat: 1 han; fu 20 + 2 + 2
    # + 2 (single) = 26 -> 30; 240 basic x4 = 960 -> 1,000.
    Case("shiiaru_raotai", "no other yaku",
         {"hand": "44m", "win": "4m", "melds": ["1-23m", "5-55p", "7-89s", "2-22s"],
          "seat": "W"},
         {"shiiaru_raotai": 1}, 1000, None),
    # Near miss: the LY hand by tsumo (ron only): honitsu 2; fu 30 + 2 tsumo = 32 -> 40;
    # 640 basic: 1,300 + 700 + 700 = 2,700.
    Case("shiiaru_raotai", "LY hand by tsumo",
         {"hand": "66z", "win": "6z", "tsumo": True,
          "melds": ["9-99p", "2-22p", "4-56p", "1-23p"], "seat": "S"},
         {"honitsu": 2}, 2700, None, has_it=False),

    # ---- kinkei_dokuritsu (LY, Mangan on specific tiles: Kinkei dokuritsu, mangan) ----------
    # LY's example: 1s + pons 111m 888s 777p + chi 789m, won on 1s: no other yaku; the
    # mangan, 8,000.
    Case("kinkei_dokuritsu", "LY example",
         {"hand": "11s", "win": "1s", "melds": ["1-11m", "8-88s", "7-89m", "7-77p"],
          "seat": "S"},
         {"kinkei_dokuritsu": 5}, 8000, "mangan"),
    # With a concealed kan of white (LY: "Ankans are admitted"), dealer tsumo. Without the
    # local yaku: white 1 han; fu 20 + 2 + 2 + 2 + 32 (concealed honour kong) + 2 = 60;
    # 480 basic, 1,000 each. The mangan: 4,000 each = 12,000.
    Case("kinkei_dokuritsu", "with a concealed kan, dealer tsumo",
         {"hand": "11s", "win": "1s", "tsumo": True,
          "melds": ["2-34p", "5-55m", "7-77s", "5555z"], "seat": "E"},
         {"kinkei_dokuritsu": 5}, 12000, "mangan"),
    # Near miss: the same on a bare 2s: white 1 han 60 fu, 1,000 each = 3,000.
    Case("kinkei_dokuritsu", "bare 2s",
         {"hand": "22s", "win": "2s", "tsumo": True,
          "melds": ["2-34p", "5-55m", "7-77s", "5555z"], "seat": "E"},
         {"yakuhai_haku": 1}, 3000, None, has_it=False),

    # ---- daichisei (LY, Multiple yakuman: Daichisei, double yakuman) ------------------------
    # LY's example, seven honour pairs on 3z: a double yakuman in place of tsuuiisou;
    # 16,000 basic x 4 = 64,000.
    Case("daichisei", "LY example, North seat",
         {"hand": "11223344556677z", "win": "3z", "seat": "N"},
         {"daichisei": 2}, 64000, "yakuman"),
    # Dealer tsumo: 16,000 x 2 = 32,000 from each = 96,000.
    Case("daichisei", "dealer tsumo",
         {"hand": "11223344556677z", "win": "7z", "tsumo": True, "seat": "E"},
         {"daichisei": 2}, 96000, "yakuman"),
    # Near miss: all honours as pungs (111 222 333 555z 66z), won on 5z by ron: tsuuiisou
    # alone (555z completed by the discard: three concealed pungs, no suuankou), 32,000.
    Case("daichisei", "all honours as pungs",
         {"hand": "11122233355566z", "win": "5z", "seat": "N"},
         {"tsuuiisou": 1}, 32000, "yakuman", has_it=False),

    # ---- beni_kujaku (LY, Yakuman related to tile colour: Benikujaku) -----------------------
    # LY's example with a plain 5s: 55s 777s 999s + pons 111s 777z, won on 5s: 32,000.
    Case("beni_kujaku", "LY example",
         {"hand": "55777999s", "win": "5s", "melds": ["1-11s", "7-77z"], "seat": "S"},
         {"beni_kujaku": 1}, 32000, "yakuman"),
    # 111s 777s 999s + pon 555s + 77z, dealer ron on 9s: 48,000.
    Case("beni_kujaku", "dealer ron",
         {"hand": "111777999s77z", "win": "9s", "melds": ["5-55s"], "seat": "E"},
         {"beni_kujaku": 1}, 48000, "yakuman"),
    # Near miss: pon 333s in place of 555s (3s is not red). Honitsu open 2 + toitoi 2 = 4 han
    # (sanankou no: 999s by the discard); fu 20 + 2 (333s) + 8 (111s) + 4 (777s) + 4 (999s
    # open) + 2 (dragon pair) = 40; 40 x 2^6 = 2,560 basic -> mangan, 2,000 x 6 = 12,000.
    Case("beni_kujaku", "pon of 3s",
         {"hand": "111777999s77z", "win": "9s", "melds": ["3-33s"], "seat": "E"},
         {"honitsu": 2, "toitoi": 2}, 12000, "mangan", has_it=False),

    # ---- uumensai (LY, Two-han and above: Uumensai, 2 han in its simplest form) -------------
    # LY's example: 999s 66z + pons 444z 222m + chi 456p, tsumo on 9s, South seat: 2 han;
    # fu 20 + 2 tsumo + 8 (999s) + 4 (444z open) + 2 (222m) + 2 (dragon pair) = 38 -> 40;
    # 640 basic: 1,300 + 700 + 700 = 2,700.
    Case("uumensai", "LY example",
         {"hand": "999s66z", "win": "9s", "tsumo": True, "melds": ["4-44z", "2-22m", "6-45p"],
          "seat": "S"},
         {"uumensai": 2}, 2700, None, extra={"fu": 40}),
    # Seven pairs 11m 22p 33s 11z 22z 55z 66z, ron on 6z: chiitoitsu 2 + uumensai 2 = 4 han
    # 25 fu; 25 x 2^6 = 1,600 basic x4 = 6,400.
    Case("uumensai", "seven pairs",
         {"hand": "11m22p33s11225566z", "win": "6z", "seat": "S"},
         {"chiitoitsu": 2, "uumensai": 2}, 6400, None),
    # Near miss: seven pairs with four winds and no dragon: chiitoitsu 2 han 25 fu,
    # 400 basic x4 = 1,600.
    Case("uumensai", "seven pairs without a dragon",
         {"hand": "11m22p33s11223344z", "win": "4z", "seat": "S"},
         {"chiitoitsu": 2}, 1600, None, has_it=False),

    # ---- isshoku_sanjun (LY, Two-han and above: Isshoku sanjun; here 3 han, 2 open) ---------
    # LY's example, 12m 111222333s 77z on 3m (edge). As 123m 123s x3 77z every group holds a
    # terminal or honour: isshoku sanjun 3 (iipeikou not scored) + chanta 2 (closed) = 5 han,
    # mangan 8,000. As pungs (222s has no terminal): sanankou 2 only. The chows score more.
    Case("isshoku_sanjun", "LY example",
         {"hand": "123m111222333s77z", "win": "3m", "seat": "S"},
         {"isshoku_sanjun": 3, "chanta": 2}, 8000, "mangan"),
    # Open: chi 123p + concealed 123p 123p, 456m, 55m, won on 5m: isshoku sanjun 2 (no chanta:
    # 456m); fu 20 + 2 (single or closed wait, whichever reading) = 22 -> 30; 30 x 2^4 = 480
    # basic x4 = 1,920 -> 2,000.
    Case("isshoku_sanjun", "open",
         {"hand": "112233p45556m", "win": "5m", "melds": ["1-23p"], "seat": "S"},
         {"isshoku_sanjun": 2}, 2000, None),
    # Near miss: 123s 123s 234s: iipeikou 1; fu 34 -> 40 as above; 320 basic x4 -> 1,300.
    Case("isshoku_sanjun", "123 123 234s",
         {"hand": "123m112233234s77z", "win": "3m", "seat": "S"},
         {"iipeikou": 1}, 1300, None, has_it=False),
]


def _scored(result: Any) -> dict[str, int]:
    return {y.id: (y.yakuman or y.han) for y in result.yaku}


@pytest.mark.parametrize("case", CASES, ids=[f"{c.yaku}: {c.name}" for c in CASES])
def test_local_yaku(case: Case, programs: dict[str, ScoringProgram]) -> None:
    program = programs[case.yaku]
    if case.scored is None:
        with pytest.raises(InputError) as caught:
            score(case.win, program)
        assert caught.value.code == "no_yaku"
        return
    result = score(case.win, program)
    assert _scored(result) == case.scored
    assert (case.yaku in _scored(result)) is case.has_it
    assert result.points == case.total
    assert result.limit == case.limit
    for key, value in case.extra.items():
        assert getattr(result, key) == value, key


def test_every_local_yaku_has_cases() -> None:
    ids = {p.stem for p in LOCAL_DIR.glob("*.rules")}
    assert len(ids) >= 8
    for yaku_id in ids:
        cases = [c for c in CASES if c.yaku == yaku_id]
        assert sum(c.has_it for c in cases) >= 2, yaku_id
        assert sum(not c.has_it for c in cases) >= 1, yaku_id


def test_each_file_declares_its_own_id_with_a_source_and_a_doc() -> None:
    for path in LOCAL_DIR.glob("*.rules"):
        text = path.read_text(encoding="utf-8")
        assert f"yaku {path.stem} " in text or f"yakuman {path.stem} " in text, path.name
        assert "source \"" in text and "doc \"" in text, path.name


@pytest.mark.parametrize("case", [c for c in CASES if c.has_it],
                         ids=[f"{c.yaku}: {c.name}" for c in CASES if c.has_it])
def test_ema_2016_alone_does_not_score_the_local_yaku(case: Case) -> None:
    try:
        result = score(case.win, "ema-2016")
    except InputError as error:
        assert error.code == "no_yaku"
        return
    assert case.yaku not in _scored(result)
