"""The points table is computed by running a ruleset's own limits and payments rules; these
are the figures of the rulebooks' tables and worked examples."""

from __future__ import annotations

from riichi_rules.docs.points import FU_COLUMNS, HAN_ROWS, points_for, points_table
from riichi_rules.scoring.scorer import program


def test_four_han_thirty_fu_without_and_with_kiriage() -> None:
    # EMA 2016 ch.4 scoring example 2: 4 han 30 fu, a non-dealer receives 7700 on a discard
    # (basic 30 x 2^6 = 1920, x 4 = 7680 -> 7700), the dealer 11600 (1920 x 6 = 11520 -> 11600)
    ema16 = program("ema-2016")
    assert points_for(ema16, 4, 30, dealer=False, tsumo=False).total == 7700
    assert points_for(ema16, 4, 30, dealer=True, tsumo=False).total == 11600
    # variants.md #12: EMA 2025 rounds 4 han 30 fu up to a mangan (kiriage): 8000 / 12000
    ema25 = program("ema-2025")
    p = points_for(ema25, 4, 30, dealer=False, tsumo=False)
    assert (p.total, p.limit) == (8000, "mangan")
    assert points_for(ema25, 4, 30, dealer=True, tsumo=False).total == 12000


def test_twenty_five_fu_two_han() -> None:
    # derivation: seven pairs, 25 fu 2 han: basic 25 x 2^4 = 400; non-dealer ron 400 x 4 = 1600,
    # dealer ron 400 x 6 = 2400
    prog = program("ema-2016")
    assert points_for(prog, 2, 25, dealer=False, tsumo=False).total == 1600
    assert points_for(prog, 2, 25, dealer=True, tsumo=False).total == 2400


def test_tsumo_payments() -> None:
    # derivation: 30 fu 4 han tsumo by a non-dealer: basic 1920; the dealer pays 1920 x 2 =
    # 3840 -> 3900, each non-dealer 1920 -> 2000 (EMA 2016 §4 payments: rounded up to 100)
    prog = program("ema-2016")
    assert points_for(prog, 4, 30, dealer=False, tsumo=True).text == "2000/3900"
    # 30 fu 1 han tsumo: basic 240; dealer 480 -> 500, non-dealers 240 -> 300
    assert points_for(prog, 1, 30, dealer=False, tsumo=True).text == "300/500"
    # the dealer's tsumo, 3 han 30 fu: basic 960 x 2 = 1920 -> 2000 from each
    assert points_for(prog, 3, 30, dealer=True, tsumo=True).text == "2000 all"


def test_limits() -> None:
    prog = program("ema-2016")
    # EMA 2016 §4: 5 han mangan (2000 basic, 8000 non-dealer ron); 11+ han sanbaiman (6000
    # basic, 24000) and no counted yakuman (variants.md #13)
    assert points_for(prog, 5, 30, dealer=False, tsumo=False).total == 8000
    p = points_for(prog, 13, 30, dealer=False, tsumo=False)
    assert (p.limit, p.total) == ("sanbaiman", 24000)
    # variants.md #13: Tenhou counts 13+ han as a yakuman (8000 basic, 32000)
    p = points_for(program("tenhou"), 13, 30, dealer=False, tsumo=False)
    assert (p.limit, p.total) == ("yakuman", 32000)
    # a yakuman: 8000 basic; a non-dealer's ron 32000, the dealer's 48000
    assert points_for(prog, 0, 0, dealer=False, tsumo=False, yakuman=1).total == 32000
    assert points_for(prog, 0, 0, dealer=True, tsumo=False, yakuman=1).total == 48000


def test_the_table_has_every_han_and_fu() -> None:
    table = points_table(program("ema-2016"), dealer=False, tsumo=False)
    assert len(table) == len(HAN_ROWS) == 13
    assert all(len(row) == len(FU_COLUMNS) == 11 for row in table)
    assert FU_COLUMNS[0] == 20 and FU_COLUMNS[-1] == 110
    # 3 han 70 fu: basic 70 x 32 = 2240 >= 2000 -> mangan (EMA 2016 §4)
    assert table[2][FU_COLUMNS.index(70)].total == 8000
