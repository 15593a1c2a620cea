"""The English the rulebook renders conditions with.

Each expected sentence is the reading of the rule as the rulebook states the yaku (EMA 2016 §4,
named per test); the pinfu sentence is the one DESIGN.md gives as the target ("every set is a
chow, the pair is not a value tile, and the wait is two-sided")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from riichi_rules.docs.render import Const, Renderer, fold, render_condition, render_value
from riichi_rules.language.parser import parse_rules
from riichi_rules.rulesets.config import parameter_schemas
from riichi_rules.scoring.scorer import program

TITLES = {name: str(schema.get("title", name)) for name, schema in parameter_schemas().items()}


def when(text: str) -> Any:
    decl = parse_rules(f'yaku x "X" {{\n han 1\n when {text}\n}}\n', "test.rules").declarations[0]
    clause = decl.first("when")
    assert clause is not None
    return clause.value


def han(text: str) -> Any:
    decl = parse_rules(f'yaku x "X" {{\n han {text}\n when tsumo\n}}\n',
                       "test.rules").declarations[0]
    clause = decl.first("han")
    assert clause is not None
    return clause.value


# (rule text as in rulesets/base/yaku.rules / yakuman.rules, the sentence, where the yaku is
# defined)
BASE_YAKU = [
    # EMA 2016 §4 Pinfu; the sentence of DESIGN.md, with the form test the rule adds first
    ("form is standard and every set is chow and pair is not value and wait is two_sided",
     "the hand is four sets and a pair, every set is a chow, the pair is not a value tile, "
     "and the wait is two-sided"),
    # EMA 2016 §4 Toitoi: four pungs (or kongs) and a pair
    ("form is standard and every set is triplet",
     "the hand is four sets and a pair, and every set is a pung or kong"),
    # EMA 2016 §4 Chanta: every set and the pair hold a terminal or honour, at least one chow
    ("every group has yaochuu and some set is chow",
     "every group has a terminal or honour and some set is a chow"),
    # EMA 2016 §4 San ankou: three concealed pungs
    ("count(sets where triplet and concealed) >= 3",
     "there are at least 3 concealed pungs or kongs"),
    # EMA 2016 §4 Honitsu: one suit plus honours
    ("count(distinct suit of tiles where suited) == 1",
     "the suit tiles come in exactly one suit"),
    # EMA 2016 §4 Chinitsu: one suit only
    ("every tile is suited and count(distinct suit of tiles) == 1",
     "every tile is a suit tile and the tiles come in exactly one suit"),
    # EMA 2016 §4 dragon pung (haku)
    ("some(sets where triplet and tile == 5z)",
     "there is a pung or kong of the White dragon (5z)"),
    # EMA 2016 §4 Shou sangen: two dragon pungs and a dragon pair
    ("count(sets where triplet and dragon) == 2 and pair is dragon",
     "there are exactly 2 pungs or kongs of dragons and the pair is a dragon"),
    # EMA 2016 §4 Iipeikou: two identical chows
    ("some(sets as a where chow: count(sets where chow and tile == a.tile) >= 2)",
     "there is a chow A for which there are at least 2 chows whose lowest tile is the same "
     "as A's"),
    # EMA 2016 §4 Itsu: 123, 456, 789 of one suit
    ("some(sets as a where chow and number == 1:"
     " some(sets where chow and suit == a.suit and number == 4)"
     " and some(sets where chow and suit == a.suit and number == 7))",
     "there is a chow A whose lowest number is 1 for which there is a chow whose suit is the "
     "same as A's and whose lowest number is 4, and there is a chow whose suit is the same as "
     "A's and whose lowest number is 7"),
    # EMA 2016 §4 Tenho: the dealer's win on the first draw, no call made
    ("first_turn and dealer and tsumo and count(melds) == 0",
     "the win comes in the first uninterrupted go-around, before the winner's first discard, "
     "the winner is the dealer, the win is by self-draw, and there are no declared melds"),
    # EMA 2016 §4 Ryuu iisou
    ("every tile is green", "every tile is green"),
    # EMA 2016 §4 Chi toitsu
    ("form is seven_pairs", "the hand is seven pairs"),
]


@pytest.mark.parametrize(("text", "sentence"), BASE_YAKU, ids=[s[:24] for _, s in BASE_YAKU])
def test_base_yaku_conditions_read_as_english(text: str, sentence: str) -> None:
    assert render_condition(when(text)) == sentence


def test_the_bundled_pinfu_rule_renders_as_design_md_says() -> None:
    decl = program("ema-2016").declarations["pinfu"]
    clause = decl.first("when")
    assert clause is not None
    assert render_condition(clause.value).endswith(
        "every set is a chow, the pair is not a value tile, and the wait is two-sided")


def test_parameters_show_their_title_and_value_here() -> None:
    # tanyao: EMA 2016 §4, open tanyao allowed where rule.kuitan (variants.md #6)
    expr = when("every tile is simple and (closed or rule.kuitan)")
    assert Renderer(None, TITLES).condition(expr) == (
        "every tile is a simple and either the hand is closed or "
        "“Kuitan (open all simples)” is on")
    assert Renderer({"kuitan": False}, TITLES).condition(expr) == (
        "every tile is a simple and either the hand is closed or "
        "“Kuitan (open all simples)” is on (here: off)")


def test_fold_works_out_what_the_parameters_decide() -> None:
    expr = when("every tile is simple and (closed or rule.kuitan)")
    assert render_condition(fold(expr, {"kuitan": True})) == "every tile is a simple"
    assert render_condition(fold(expr, {"kuitan": False})) == (
        "every tile is a simple and the hand is closed")
    # renhou is "none" in Tenhou (variants.md #16): the yaku's condition cannot hold
    renhou = when('first_turn and ron and rule.renhou != "none"')
    folded = fold(renhou, {"renhou": "none"})
    assert isinstance(folded, Const) and folded.value is False
    assert render_condition(folded) == "never"


def test_negations_and_alternatives() -> None:
    assert render_condition(when("not rinshan")) == "the winning tile is not a kan replacement"
    assert render_condition(when("every set is not chow")) == "no set is a chow"
    assert render_condition(when("not (tsumo or riichi)")) == (
        "neither the win is by self-draw nor the winner declared riichi")
    assert render_condition(when("wait is closed or wait is edge or wait is single")) == (
        "the wait is closed, the wait is an edge wait, or the wait is a single-tile wait on "
        "the pair")


def test_values_render_as_formulas() -> None:
    # EMA 2016 §4: basic points = fu x 2^(han + 2); a non-dealer's ron is 4 x basic
    assert render_value(han("fu * 2 ^ (han + 2)")) == "fu \u00d7 2^(han + 2)"
    assert render_value(han("round_up(basic * 4, 100)")) == (
        "basic points \u00d7 4 rounded up to a multiple of 100")
    assert render_value(han("2 * (if closed then 2 else 1)")) == (
        "2 \u00d7 (2 if the hand is closed, else 1)")


def test_every_bundled_declaration_renders() -> None:
    """No rule of any bundled ruleset is left unrendered or leaks an internal name."""
    for ruleset in ("ema-2016", "tenhou", "jpml", "m-league"):
        prog = program(ruleset)
        renderer = Renderer(prog.config.parameters, TITLES)
        for name, decl in prog.declarations.items():
            for clause in decl.clauses:
                for expr in (clause.value, clause.when, clause.open_value):
                    if expr is None:
                        continue
                    text = (renderer.condition(expr) if clause.keyword in ("when",)
                            or expr is clause.when else renderer.value(expr))
                    unquoted = re.sub(r"“[^”]*”", "", text)
                    assert text and "_" not in unquoted, f"{ruleset} {name}: {text}"


# ---- the table rules (rulesets/base/table.rules) -----------------------------------------


def table_condition(ruleset: str, kind: str, name: str, folded: bool = False) -> str:
    """A table rule's condition rendered as written (with the ruleset's values), or as it
    comes to once the ruleset's parameters are put in."""
    from riichi_rules.language.table_vocabulary import TABLE_FEATURES

    prog = program(ruleset)
    rule = prog.table.named(kind, name)
    assert rule is not None
    clause = rule.declaration.first("allow") or rule.declaration.first("when")
    assert clause is not None
    cond = clause.value if clause.value is not None else clause.when
    params = prog.config.parameters
    if folded:
        return Renderer(None, TITLES, None, TABLE_FEATURES).condition(fold(cond, params))
    return Renderer(params, TITLES, None, TABLE_FEATURES).condition(cond)


# (ruleset, kind, name, folded, the sentence, where the rule comes from)
TABLE_RULES = [
    # EMA 2016 §3.3.1, §3.3.3: a chow only on a discard from the player on the left; no call
    # on the last tile; §3.3.14 no calls in riichi; where the ruleset plays chi at all (EMA
    # 2016 does: the parameter's clause folds away)
    ("ema-2016", "claim", "chi", False,
     "“Chi (chow claims)” is on (here: on), the tile was discarded, the tile comes from the "
     "player on the left, the wall is not empty, and the player has not declared riichi"),
    ("ema-2016", "claim", "chi", True,
     "the tile was discarded, the tile comes from the player on the left, the wall is not "
     "empty, and the player has not declared riichi"),
    # "Chii disallowed" with three players [mjstars-tenhou-sanma, riichi-wiki-sanma]
    ("tenhou-sanma", "claim", "chi", True, "never"),
    # a North set aside may be won on [mjstars-tenhou-sanma] ("Other players may declare ron
    # on a kita call"); a kita not right after a call ("May not be done immediately after a
    # pon") and not once the live wall is empty
    ("tenhou-sanma", "claim", "ron", True,
     "the tile completes the player's hand, winning with the tile would score a yaku, the "
     "player is not furiten, and either the tile was discarded, the tile was added to a pung "
     "to make a kan, or the tile is a North set aside (kita)"),
    ("tenhou-sanma", "kan_rule", "kita", True,
     "at least one tile is left in the live wall and the player's turn did not begin with a "
     "call"),
    # EMA 2016 §3.2 (own discards), §3.3.6 (in EMA 2016 the added-kan tile counts as a
    # discard: kakan_counts_as_discard on, variants.md #34)
    ("ema-2016", "furiten", "own_discard", True,
     "some waiting tile is among the player's discards or some waiting tile is among the "
     "tiles the player added to pungs to make kans"),
    # EMA 2025 drops the added-kan tile (kakan_counts_as_discard off, variants.md #34)
    ("ema-2025", "furiten", "own_discard", True,
     "some waiting tile is among the player's discards"),
    # EMA 2016 §3.3.14: riichi with a closed tenpai hand (a wait on a tile one holds all four
    # of is no wait, variants.md #43), at least 4 tiles left in the live wall (variants.md
    # #36), no points needed (#37), furiten riichi allowed (#38)
    ("ema-2016", "riichi_rule", "declare", True,
     "the hand is closed, the player has not declared riichi, the hand holds fewer than 4 "
     "copies of some waiting tile, and at least 4 tiles are left in the live wall"),
    # EMA 2016 §3.3.10: no fifth kan (max_kans 4); the kan is called on a discard
    ("ema-2016", "claim", "daiminkan", True,
     "the tile was discarded, the wall is not empty, the player has not declared riichi, and "
     "fewer than 4 kans have been declared in this hand"),
    # variants.md #41: suucha riichi, an abortive draw where the ruleset lists it
    ("tenhou", "draw", "suucha_riichi", True, "exactly 4 players have declared riichi"),
    # variants.md #45: a honba is added when the dealer wins or the hand is drawn
    ("ema-2016", "next_hand", "add_honba", False,
     "the dealer won the hand or the hand did not end in a win"),
]


@pytest.mark.parametrize(("ruleset", "kind", "name", "folded", "sentence"), TABLE_RULES,
                         ids=[f"{r[0]}-{r[2]}{'-folded' if r[3] else ''}" for r in TABLE_RULES])
def test_table_rules_read_as_english(ruleset: str, kind: str, name: str, folded: bool,
                                     sentence: str) -> None:
    assert table_condition(ruleset, kind, name, folded) == sentence


def test_table_rules_as_written_name_their_parameters() -> None:
    # the abortive draws a ruleset plays are a list parameter (variants.md #41): EMA 2016 has
    # none
    assert table_condition("ema-2016", "draw", "suucha_riichi") == (
        "“Abortive draws” includes “suucha_riichi” (here: none) and exactly 4 players have "
        "declared riichi")
    # the kans rule reads rule.max_kans: "Kans per hand", 4 (EMA 2016 §3.3.10), and allows an
    # added kan only on a turn begun by a draw (§3.3.6)
    assert table_condition("ema-2016", "kan_rule", "added_kan") == (
        "at least one tile is left in the live wall, the number of kans that have been "
        "declared in this hand is less than “Kans per hand” (here: 4), the player has not "
        "declared riichi, and the player's turn did not begin with a call")
    # the kan dora of a concealed kan and of an open kan are both shown at once in EMA 2016
    # (variants.md #10, #11): the condition holds whatever the kan
    assert table_condition("ema-2016", "kan_rule", "reveal_at_once", folded=True) == "always"


def test_every_table_rule_renders() -> None:
    """No table rule of any bundled ruleset is left unrendered or leaks an internal name."""
    from riichi_rules.language.table_vocabulary import TABLE_FEATURES

    for ruleset in ("ema-2016", "tenhou", "wrc-2025", "m-league"):
        prog = program(ruleset)
        renderer = Renderer(prog.config.parameters, TITLES, None, TABLE_FEATURES)
        for rules in prog.table.rules.values():
            for rule in rules:
                for clause in rule.declaration.clauses:
                    for expr in (clause.value, clause.when):
                        if expr is None:
                            continue
                        text = (renderer.value(expr) if clause.keyword in ("priority", "up_to",
                                                                            "pay")
                                and expr is clause.value else renderer.condition(expr))
                        unquoted = re.sub(r"“[^”]*”", "", text)
                        assert text and "_" not in unquoted, f"{ruleset} {rule.name}: {text}"
