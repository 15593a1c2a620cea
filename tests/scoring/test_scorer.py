"""The scorer: best reading, replacements, stands-alone yaku, limits per ruleset, and errors.

Expected values are derived in the comments from EMA 2016 chapter 4 (shared/rules-sources
003_*.txt) and variants.md."""

from __future__ import annotations

import json
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest

from house_rules import house_ruleset
from riichi_rules.errors import InputError, RuleFault
from riichi_rules.hand import Win
from riichi_rules.language.vocabulary import MISSING, Env, WinFacts
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.scorer import score


def _ids(win: dict[str, Any], ruleset: str = "ema-2016") -> dict[str, int]:
    return {y.id: (y.yakuman or y.han) for y in score(win, ruleset).yaku}


def test_the_best_reading_is_kept() -> None:
    # 111222333m 456p 77z tsumo: as three concealed pungs (sanankou 2 + tsumo 1 = 3 han) or
    # as three identical chows (iipeikou 1 + tsumo 1 = 2 han, and no pinfu: the pair of
    # 7z is a dragon). Three pungs score more.
    result = score({"hand": "111222333m456p77z", "win": "7z", "tsumo": True, "seat": "S"})
    assert {y.id for y in result.yaku} == {"sanankou", "menzen_tsumo"}


def test_a_three_sided_wait_may_be_read_as_an_edge_for_more_fu() -> None:
    # EMA 2016 scoring example 10: a three-sided wait read as an edge wait (+2 fu).
    # 123p 89p+7p ... here 123p 789p won on 7p with 555z concealed and 2p pair:
    # 2223p? Simplest: 11m 123p 555z 678s + 89p won on 7p tsumo, South seat:
    # 20 base + 2 tsumo + 8 concealed honour pung + 2 edge = 32 -> 40 fu.
    result = score({"hand": "11m12389p555z678s7p", "win": "7p", "tsumo": True, "seat": "S"})
    assert result.reading.wait == "edge"
    assert result.fu == 40


def test_replaced_yaku_do_not_score() -> None:
    # 11223344556677p: ryanpeikou (3) replaces iipeikou; chinitsu (6 closed); pinfu; tsumo.
    ids = _ids({"hand": "11223344556677p", "win": "7p", "tsumo": True, "seat": "S"})
    assert "ryanpeikou" in ids and "iipeikou" not in ids
    assert ids["chinitsu"] == 6


def test_double_riichi_replaces_riichi() -> None:
    ids = _ids({"hand": "123456789s234p55m", "win": "9s", "riichi": True,
                "double_riichi": True, "seat": "S"})
    assert ids["double_riichi"] == 2 and "riichi" not in ids


def test_renhou_stands_alone_where_it_scores_more() -> None:
    # EMA 2016: renhou is 5 han (mangan) and does not combine with other yaku or dora.
    # A ron before the first draw on a tanyao hand: renhou alone (mangan 8000) beats
    # tanyao 1 han + 40 fu.
    win = {"hand": "234m456p678s22345s", "win": "2s", "renhou": True, "seat": "S"}
    result = score(win, "ema-2016")
    assert [y.id for y in result.yaku] == ["renhou"]
    assert result.limit == "mangan" and result.points == 8000
    # Tenhou has no renhou (variants.md #16): the hand scores as tanyao alone.
    assert "renhou" not in _ids(win, "tenhou")


@pytest.mark.parametrize(
    ("ruleset", "total"),
    [
        # 4 han 30 fu non-dealer ron: 30 x 2^6 = 1920 basic points, x4 = 7680 -> 7700;
        # rulesets with kiriage round it up to mangan, 8000 (variants.md #12).
        ("ema-2016", 7700), ("tenhou", 7700), ("mahjong-soul", 7700),
        ("ema-2025", 8000), ("wrc-2022", 8000), ("m-league", 8000),
    ],
)
def test_kiriage_splits_the_rulesets(ruleset: str, total: int) -> None:
    # EMA 2016 scoring example 2: riichi, pinfu, ittsu (closed 2) = 4 han 30 fu ron.
    win = {"hand": "123456789s234p55m", "win": "9s", "riichi": True, "seat": "S"}
    result = score(win, ruleset)
    assert (result.han, result.fu, result.points) == (4, 30, total)


@pytest.mark.parametrize(
    ("ruleset", "yakuman", "total"),
    [
        # daisangen + tsuuiisou: one yakuman where they do not stack (EMA 2016, variants.md
        # #15), two where they do (Tenhou: 64,000 non-dealer ron).
        ("ema-2016", 1, 32000), ("tenhou", 2, 64000), ("wrc-2022", 2, 64000),
    ],
)
def test_yakuman_stacking(ruleset: str, yakuman: int, total: int) -> None:
    win = {"hand": "55566677711z", "win": "1z", "melds": ["22=2z"], "seat": "S"}
    result = score(win, ruleset)
    assert (result.yakuman, result.points) == (yakuman, total)


@pytest.mark.parametrize(
    ("ruleset", "yakuman"),
    # Thirteen orphans on a thirteen-sided wait: double only where double yakuman exist
    # (Mahjong Soul, variants.md #14).
    [("ema-2016", 1), ("tenhou", 1), ("mahjong-soul", 2)],
)
def test_thirteen_sided_kokushi(ruleset: str, yakuman: int) -> None:
    result = score({"hand": "19m19p19s1234567z1m", "win": "1m", "seat": "S"}, ruleset)
    assert result.yakuman == yakuman
    assert result.points == 32000 * yakuman


def test_counted_yakuman_splits_the_rulesets() -> None:
    # 13 han without a yakuman: chinitsu 6 + ryanpeikou 3 + riichi 1 + tsumo 1 + pinfu 1
    # + ippatsu 1 = 13 han. EMA 2016 caps at sanbaiman (6000 basic: 24000 non-dealer
    # tsumo), Tenhou counts a yakuman (32000) (variants.md #13).
    win = {"hand": "22334455667788p", "win": "8p", "tsumo": True, "riichi": True,
           "ippatsu": True, "seat": "S"}
    assert score(win, "ema-2016").limit == "sanbaiman"
    assert score(win, "ema-2016").points == 24000
    tenhou = score(win, "tenhou")
    assert (tenhou.limit, tenhou.points, tenhou.yakuman) == ("yakuman", 32000, 0)


def test_the_explanation_names_each_rule_and_line() -> None:
    text = score({"hand": "123456789s234p55m", "win": "9s", "riichi": True, "seat": "S"}).explain()
    assert "Pure straight" in text and "rulesets/base/yaku.rules:" in text
    assert "Closed ron" in text and "rulesets/base/fu.rules:" in text
    assert "discarder  pays 7700" in text


@pytest.mark.parametrize(
    ("win", "code"),
    [
        ({"hand": "123456789s234p56m", "win": "9s"}, "not_a_win"),
        # an open hand of chows with no value tile and a terminal: no yaku at all
        ({"hand": "123m456p99s789s", "win": "9s", "melds": ["1-23s"]}, "no_yaku"),
        ({"hand": "123456789s234p555m", "win": "9s"}, "tile_count"),
        ({"hand": "33333m456789s234p", "win": "9s"}, "too_many_copies"),
        ({"hand": "123456789s234p8z5m", "win": "9s"}, "unknown_tile"),
        ({"hand": "123456789s234p55m", "win": "1z"}, "win_not_in_hand"),
        ({"hand": "123456789s234p55m", "win": "9s", "ippatsu": True}, "impossible_flags"),
    ],
)
def test_bad_input_is_an_input_error(win: dict[str, Any], code: str) -> None:
    with pytest.raises(InputError) as caught:
        score(win)
    assert caught.value.code == code


def test_shown_parts_follow_each_hand() -> None:
    # the yaku and fu items a result shows are made once per program and shared: a dora kind
    # shown with 1 han for one hand must still show 2 for a hand with two dora. 123m 234m
    # 456p 789s 55m, riichi, ron on 9s (78s waited on 6s or 9s: two-sided, pinfu); indicator
    # 8s makes 9s a dora (1), 7s and 8s make 8s and 9s dora (2). Fu (EMA 2016 §4): 20 base
    # + 10 closed ron = 30 both times.
    base = {"hand": "12323455m456p789s", "win": "9s", "riichi": True}
    one = score({**base, "dora": "8s"})
    two = score({**base, "dora": "7s8s"})
    assert {y.id: y.han for y in one.yaku}["dora"] == 1
    assert {y.id: y.han for y in two.yaku}["dora"] == 2
    assert [(f.label, f.fu) for f in one.fu_items] == [(f.label, f.fu) for f in two.fu_items]
    assert one.fu == two.fu == 30


def test_remembered_payments_follow_each_hand() -> None:
    # the limits and payments outcomes are remembered by the flags and numbers they read: the
    # same basic points must still be paid by seat and honba. 123m 234m 456p 789s 55m, riichi,
    # ron on 9s: riichi 1 + pinfu 1 = 2 han (EMA 2016 §4 One han), 20 + 10 closed ron = 30 fu,
    # basic 30 x 2^4 = 480: a dealer's ron 480 x 6 = 2880 -> 2900, another's 480 x 4 = 1920 ->
    # 2000 (EMA 2016 §4, scoring examples: who pays what); each honba adds 300 on a ron (the
    # schema's honba_ron default).
    hand = {"hand": "12323455m456p789s", "win": "9s", "riichi": True}
    seen = [
        (p.payer, p.points, p.honba)
        for win in ({**hand, "seat": "S"}, hand, {**hand, "seat": "S", "honba": 2},
                    {**hand, "seat": "S"})
        for p in score(win).payments
    ]
    assert seen == [("discarder", 2000, 0), ("discarder", 2900, 0), ("discarder", 2000, 600),
                    ("discarder", 2000, 0)]


# ---------------------------------------------------------------- situation rules

SITUATIONS = "rulesets/base/situations.rules"
KAN_WIN = {"hand": "345p678p567s99s", "win": "9s", "tsumo": True, "seat": "S",
           "melds": ["2222m"], "riichi": True}


def _refusal(win: dict[str, Any], ruleset: str = "ema-2016") -> InputError:
    with pytest.raises(InputError) as info:
        score(win, ruleset)
    return info.value


def test_a_situation_rule_refuses_with_its_doc_and_place() -> None:
    # EMA 2016 §4 Riichi: a kan, a concealed one included, ends ippatsu; rinshan follows the
    # winner's own kan (the first rule of rulesets/base/situations.rules, at line 15)
    error = _refusal({**KAN_WIN, "ippatsu": True, "rinshan": True})
    assert error.code == "impossible_flags"
    assert error.message.startswith("ippatsu and rinshan cannot both hold: ")
    assert error.message.endswith(f"({SITUATIONS}:15)")
    # without ippatsu the same win scores: riichi 1, menzen tsumo 1, rinshan 1
    assert {y.id for y in score({**KAN_WIN, "rinshan": True}).yaku} >= {
        "riichi", "menzen_tsumo", "rinshan"}


def test_every_broken_rule_is_named() -> None:
    # a renhou robbing a 1p, with two dora indicators, one of them a 1p, breaks three rules
    # of rulesets/base/situations.rules, each named in the message, in the file's order
    win = {"hand": "123m456m789m123p99p", "win": "1p", "renhou": True, "chankan": True,
           "seat": "S", "dora": ["1p", "1z"]}
    error = _refusal(win)
    names = [part.split(" cannot")[0] for part in error.message.split("; ")]
    assert names == ["renhou and chankan", "renhou with more than one dora indicator",
                     "chankan with a dora or ura indicator of the winning tile"]


def test_a_house_ruleset_adds_a_situation(tmp_path: Path) -> None:
    house_ruleset(tmp_path, 'situation ippatsu_haitei "Ippatsu on the last tile" {\n'
                  '    forbid when ippatsu and haitei\n'
                  '    doc "ippatsu and haitei cannot both hold at this table"\n'
                  '    source "house rule"\n}\n', extends="ema-2016")
    win = {"hand": "123m456m789m123p99p", "win": "9p", "tsumo": True, "seat": "S",
           "riichi": True, "ippatsu": True, "haitei": True}
    assert score(win, "ema-2016").han >= 4  # riichi, ippatsu, tsumo, haitei: possible there
    error = _refusal(win, str(tmp_path))
    assert error.message.startswith("ippatsu and haitei cannot both hold at this table (")
    assert "house.rules:1)" in error.message


def test_a_situation_rule_with_no_value_is_a_rule_fault(tmp_path: Path) -> None:
    # 1 / count(ura) has no value when there is no ura indicator: a RuleFault naming the
    # rule's place, not a crash (language/arithmetic.py)
    house_ruleset(tmp_path, 'situation odd "Odd" {\n    forbid when 1 / count(ura) > 5\n'
                  '    doc "odd"\n    source "house rule"\n}\n', extends="ema-2016")
    error = _refusal({"hand": "123m456m789m123p99p", "win": "9p", "tsumo": True},
                     str(tmp_path))
    assert isinstance(error, RuleFault)
    assert error.code == "rule_fault" and "house.rules:2:" in error.message


FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chiihou", "renhou")


def test_the_situation_rules_tested_at_once_break_as_each_alone(tmp_path: Path) -> None:
    # the generated function that tests every situation rule at once (SituationProgram.run)
    # names the same broken rules, in the same order, as each rule's own condition: every set
    # of up to three flags, ron and tsumo, dealer and not, with 0 to 2 dora indicators; a
    # house rule shares a value (count(dora)) with a base rule
    house_ruleset(tmp_path, 'situation crowded "Crowded" {\n'
                  '    forbid when count(dora) > 1 and (rinshan or chankan)\n'
                  '    doc "a kan win with two indicators"\n    source "house rule"\n}\n',
                  extends="ema-2016")
    prog = compile_program(load_config(str(tmp_path)), "generated")
    situations = prog.situations
    assert situations.run is not None
    broken_sets = 0
    for size in range(4):
        for flags in combinations(FLAGS, size):
            for tsumo, seat, dora in product((False, True), "ES", ([], ["1p"], ["1p", "1z"])):
                try:  # Win.from_json refuses some pairs itself (ippatsu needs riichi ...)
                    win = Win.from_json({"hand": "123m456m789m123p99p", "win": "1p",
                                         "tsumo": tsumo, "seat": seat, "dora": dora,
                                         **dict.fromkeys(flags, True)})
                except InputError:
                    continue
                env = Env(WinFacts(win), prog.slot_count, prog.cache_size)
                env.cache = [MISSING] * prog.cache_size
                at_once = [situations.rules[i].name for i in situations.run(env)]
                env.cache = [MISSING] * prog.cache_size
                alone = [rule.name for rule in situations.rules if rule.forbid(env)]
                assert at_once == alone, (flags, tsumo, seat, dora)
                broken_sets += len(at_once) > 1
    assert broken_sets > 0  # some wins break two rules or more: the order is tested


def test_a_red_five_where_none_is_played_is_read_plain_and_said_so() -> None:
    # 22p 234p 123s 4(0)6s 789s won on 9s by ron, seat East: pinfu 1 + ittsu 2 = 3 han 30 fu,
    # 960 x 6 = 5760 -> 5800 for the dealer (EMA 2016 §4); the 0s is an ordinary 5s there
    # (EMA 2016 plays without red fives), and the result says it read it so
    plain = score("22p234p123s406s789s", win="9s", ruleset="ema-2016")
    assert (plain.han, plain.fu, plain.points) == (3, 30, 5800)
    assert plain.notes == ("1 red five read as plain: ema-2016 plays without red fives "
                           "(rule.red_fives is 0)",)
    assert plain.to_json()["notes"] == list(plain.notes)
    assert plain.explain().splitlines()[-1].startswith("Note: 1 red five read as plain")
    # Tenhou plays red fives: one more han (aka dora), 4 han 30 fu, 11600, and no note
    red = score("22p234p123s406s789s", win="9s", ruleset="tenhou")
    assert (red.han, red.points, red.notes) == (4, 11600, ())
    assert "notes" not in red.to_json()


def test_the_notes_are_in_the_written_json_too() -> None:
    # riichi score --json writes Result.json_text, which must say what to_json says
    import json

    result = score("22p234p123s406s789s", win="9s", ruleset="ema-2016")
    assert json.loads(result.json_text()) == result.to_json()


# ---- three players: the table a win is played at (tenhou-sanma, mahjong-soul-sanma) --------

SANMA_WIN = {"hand": "123p456p789s999m22s", "win": "2s", "riichi": True, "seat": "S"}


@pytest.mark.parametrize(("changes", "fragment"), [
    # riichi.wiki "Sanma": seats East, South and West; 2m to 8m removed; no chii
    ({"seat": "N"}, "seat N: tenhou-sanma is played by 3 players, seated E, S, W"),
    ({"hand": "123p456p789s789m22s"}, "78m: tenhou-sanma plays without 2345678m"),
    ({"dora": ["0m"]}, "5m: tenhou-sanma plays without"),
    ({"hand": "123p789s999m22s", "melds": ["4-56p"], "riichi": False},
     "meld 4-56p: tenhou-sanma has no chi"),
])
def test_a_win_the_three_player_table_cannot_see(changes: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InputError) as caught:
        score({**SANMA_WIN, **changes}, "tenhou-sanma")
    assert caught.value.code == "not_in_ruleset"
    assert fragment in caught.value.message


def test_kita_is_refused_at_a_four_player_table() -> None:
    with pytest.raises(InputError) as caught:
        score({**SANMA_WIN, "kita": 1}, "tenhou")
    assert caught.value.code == "not_in_ruleset"
    assert "tenhou is a four-player ruleset" in caught.value.message
    assert "tenhou-sanma" in caught.value.message  # says where to score it instead


@pytest.mark.parametrize(("seat", "payers"), [("E", {"S", "W"}), ("S", {"E", "W"}),
                                              ("W", {"E", "S"})])
def test_a_self_draw_is_paid_by_the_two_other_seats(seat: str, payers: set[str]) -> None:
    # riichi.wiki "Sanma" (tsumo loss): 123p 456p 789s 999m and the single 2s self-drawn,
    # menzen tsumo 1 han 40 fu, 320 basic: the dealer's 700 from each; a non-dealer's 700 from
    # the dealer and 400 from the other (the absent North's 400 is lost)
    result = score({**SANMA_WIN, "riichi": False, "tsumo": True, "seat": seat}, "tenhou-sanma")
    assert {p.payer for p in result.payments} == payers
    assert result.points == (1400 if seat == "E" else 1100)


def test_north_bisection_splits_the_absent_share() -> None:
    # [irilyuu-mj-sanma]: a non-dealer's 40 fu 1 han self-draw is 600/900 with the North's 400
    # split: the rule of rulesets/sanma/sanma.rules with tsumo_missing_share "split"
    from dataclasses import replace

    from riichi_rules.rulesets.config import load_config
    from riichi_rules.scoring.scorer import program

    config = load_config("tenhou-sanma")
    split = replace(config, id="split", parameters={**config.parameters,
                                                    "tsumo_missing_share": "split"})
    result = score({**SANMA_WIN, "riichi": False, "tsumo": True}, program(split))
    assert sorted((p.payer, p.points) for p in result.payments) == [("E", 900), ("W", 600)]


def test_fu_below_zero_is_the_rules_fault(tmp_path: Path) -> None:
    # a house fu rule adding -64 to the 20 base: the fu of 22p 234p 123s 456s 789s won on 9s
    # come to 20 - 64 = -44, which no payment can be made of: a rule fault at the fu rule, not
    # a negative score (found by tests/fuzz/test_fuzz_rules.py)
    (tmp_path / "house.rules").write_text(
        'override fu fu {\n    base "Base" 20\n    add "Minus" 0 - 64\n    round up 10\n}\n',
        encoding="utf-8")
    (tmp_path / "ruleset.json").write_text(json.dumps({
        "id": "minus", "name": "Minus", "source": {"rulebook": "test", "edition": "1"},
        "extends": "ema-2016", "rules": ["house.rules"]}), encoding="utf-8")
    with pytest.raises(RuleFault) as caught:
        score({"hand": "22p234p123s456s789s", "win": "9s", "riichi": True}, str(tmp_path))
    assert caught.value.code == "rule_fault"
    assert caught.value.where.endswith("house.rules:1")
    assert "the fu come to -44 for this hand (Base 20, Minus -64)" in caught.value.message
