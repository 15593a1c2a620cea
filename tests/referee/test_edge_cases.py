"""The referee at the edges of the rules: furiten, claims, kuikae, riichi, riichi + concealed
kan, chankan, pao, multiple ron and draws, each under every bundled ruleset where they differ.

Sources: ``000`` = shared/rules-sources/000_*.txt (EMA Riichi Competition Rules 2016, chapter 3,
in Chinese, with the translator's notes), ``002`` = 002_*.txt (table practice), ``#n`` = row n
of shared/rules-sources/variants.md, "README" = shared/data/tenhou/README.md. Where variants.md
has ``?`` for a ruleset, the test says so and checks the value the ruleset chose.

Scores are derived by hand in the comments (base points = fu x 2^(han+2); non-dealer ron 4x,
dealer ron 6x, rounded up to 100; tsumo: the dealer pays 2x, others 1x, each rounded up;
yakuman 8,000 base; honba 300 on ron, 100 per payer on tsumo; each riichi stick 1,000).

Seat 0 is the dealer (East) unless a test says otherwise; seat 1 is South, 2 West, 3 North.
The referee counts the copies of each tile (a fifth copy is a ``tiles`` disagreement); the
tests that assert a hand without any disagreement keep to four copies of every kind, the
others look only at the disagreements of the event under test.
"""

from __future__ import annotations

import json

import pytest

from referee.scenarios import BUNDLED, Table, tiles
from riichi_rules.hand import Meld, MeldType, Relative, parse_meld
from riichi_rules.rulesets.config import load_config

# ---- hands used in several tests -----------------------------------------------------------

# 234m 567p 678s 99s + 23s: waits 1s/4s (two-sided). Closed ron is pinfu (all chows, two-sided
# wait, 9s pair not a value tile); no tanyao (9s). 1 han 30 fu: 240 x 4 = 960 -> 1,000.
# Tsumo: pinfu + menzen tsumo, 2 han 20 fu (no tsumo fu with pinfu): 320 -> 700 / 400 each.
WAIT_1S4S = "234m567p23s678s99s"

# 345m 678p 234p 77s + 56s: waits 4s/7s; pinfu + tanyao (all simples), 2 han 30 fu:
# 480 x 4 = 1,920 -> 2,000 on a non-dealer ron.
WAIT_4S7S = "345m678p56s234p77s"

# 456m 345p 678p 22m + 56s: waits 4s/7s; pinfu + tanyao, 2 han 30 fu, 2,000 non-dealer ron.
WAIT_4S7S_B = "456m345p56s678p22m"

# 23m 567p 234s 678s 99s: waits 1m/4m; pinfu (no tanyao: 9s).
WAIT_1M4M = "23m567p234s678s99s"


def warm_up(t: Table, discards: tuple[str, str, str, str] = ("1z", "2z", "3z", "4z"),
            first: int = 0) -> None:
    """One go-around of draws and discards (the tile drawn is the tile discarded), so that
    first-turn hands (renhou, double riichi, kyuushu kyuuhai) are out of the way."""
    for step in range(4):
        seat = (first + step) % 4
        t.turn(seat, discards[step])


def ron_deltas(winner: int, payer: int, amount: int) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    out[winner] += amount
    out[payer] -= amount
    return tuple(out)


def rule(ruleset: str, name: str) -> object:
    return load_config(ruleset).parameters[name]


# =============================================================================================
# furiten
# =============================================================================================


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_own_discard_furiten_refuses_ron_but_not_tsumo(ruleset: str) -> None:
    """EMA 2016 §3.2 (000): a player in furiten cannot win on a discard; §3.3.12: a player in
    furiten may still win by self-draw. The same in every ruleset (no variant in variants.md)."""
    t = Table(ruleset, {1: WAIT_1S4S})
    t.turn(0, "1z")
    t.turn(1, "1s")  # seat 1 draws a winning tile and throws it away
    assert t.furiten(1) == ["own_discard"]
    t.turn(2, "4s")  # the other winning tile: refused
    assert t.furiten(1) == ["own_discard"]  # 4s has not passed yet: no temporary furiten
    assert not t.ron_allowed(1)
    assert 1 not in t.claims()
    t.turn(3, "5z")
    assert t.furiten(1) == ["own_discard", "temporary"]  # now 4s has passed too
    t.turn(0, "6z")
    t.draw(1, "4s")
    # tsumo: pinfu + menzen tsumo, 2 han 20 fu: base 320; dealer pays 640 -> 700, the other
    # two 320 -> 400 each: 1,500.
    assert t.tsumo(1, han=2, fu=20, points=1500, yaku={"menzen_tsumo": 1, "pinfu": 1},
                   deltas=(-700, 1500, -400, -400)) == []
    assert t.disagreements == [] and t.conserved()


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_ron_in_own_discard_furiten_is_reported(ruleset: str) -> None:
    t = Table(ruleset, {1: WAIT_1S4S})
    t.turn(0, "1z")
    t.turn(1, "1s")
    t.turn(2, "4s")
    found = t.ron(1, 2, han=1, fu=30, points=1000, yaku={"pinfu": 1},
                  deltas=ron_deltas(1, 2, 1000))
    assert [d.what for d in found] == ["furiten_ron"]
    assert "own_discard" in found[0].message


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_temporary_furiten_after_letting_a_winning_tile_pass(ruleset: str) -> None:
    """EMA 2016 §3.3.14 (000: a player who lets a winning discard go is furiten), variants.md
    #35: until the player's own next draw or claim (EMA 2016, EMA 2025) or own discard
    (Tenhou). Before either, every ruleset refuses the ron; after the draw and the discard,
    every ruleset allows it."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t)
    t.turn(0, "5z")
    t.turn(1, "6z")
    t.turn(2, "4s")  # seat 1 could win (pinfu) and lets it go
    assert t.ron_allowed(1)
    t.turn(3, "1s")  # the other winning tile, in the same go-around
    assert t.furiten(1) == ["temporary"]
    assert not t.ron_allowed(1)
    t.turn(0, "7z")
    assert not t.ron_allowed(1)
    t.turn(1, "5z")  # own draw and own discard: over in every ruleset
    t.turn(2, "1s")
    assert t.furiten(1) == []
    assert t.ron_allowed(1)


@pytest.mark.parametrize(("ruleset", "still_furiten"), [
    ("ema-2016", False),  # #35 EMA16: ends on own draw or claim [S1]
    ("ema-2025", False),  # #35 EMA25: at next draw or claim [S4]
    ("tenhou", True),  # #35 Tenhou: at own discard [S14]
])
def test_temporary_furiten_ends_on_own_draw_or_own_discard(
    ruleset: str, still_furiten: bool
) -> None:
    """variants.md #35. Between the player's own draw and own discard nobody else releases a
    tile, so the difference is asked of the rule itself at that moment: the furiten rules for
    the 13 tiles the player held before the draw (the other rulesets are '?' in #35)."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t)
    t.turn(0, "4s")  # seat 1 lets it go
    t.draw(1, "5z")
    seat = t.seat(1)
    before = list(seat.hand)
    before.remove(seat.drawn)  # type: ignore[arg-type]
    env = t.referee.ask.env(t.state, seat, before)
    holding = [r.name for r in t.referee.ask.holding("furiten", env)]
    assert holding == (["temporary"] if still_furiten else [])


@pytest.mark.parametrize("ruleset", ["ema-2016", "ema-2025", "tenhou"])
def test_temporary_furiten_is_not_ended_by_another_players_call(ruleset: str) -> None:
    """variants.md #35: Tenhou 'others' calls do not end it'; EMA 2016/2025 end it only on the
    player's own draw or claim."""
    t = Table(ruleset, {0: "159m159p159s55z12z", 1: WAIT_1S4S})
    warm_up(t, ("1z", "6z", "3z", "4z"))
    t.turn(0, "7z")
    t.turn(1, "6z")
    t.turn(2, "4s")  # seat 1 lets it go
    t.turn(3, "5z")
    assert t.call(0, "55-5z", 3) == []  # seat 0 pons seat 3's 5z: seat 1 is skipped
    t.discard(0, "1s")
    assert t.furiten(1) == ["temporary"]
    assert not t.ron_allowed(1)


# EMA 2016 ends temporary furiten on the player's own claim (#35 "on own draw or claim");
# Tenhou on the player's own discard, which follows the claim. The referee keeps EMA's
# temporary furiten alive through a claim (it is cleared only on a draw).


@pytest.mark.parametrize("ruleset", [
    pytest.param("ema-2016"),
    pytest.param("ema-2025"),
    "tenhou",
])
def test_temporary_furiten_ends_with_own_claim(ruleset: str) -> None:
    """Seat 1 lets 4s go, then pons 7z (its claim) and discards: the temporary furiten is over
    (EMA: the claim; Tenhou: the discard after it), so seat 1 may win on 1s.

    Seat 1: 234m 567p 23s 99s + 999s 77z (waits 1s/4s). After the pon of 7z and the discard of
    a 9s: 234m 567p 23s 99s + 777z: waits 1s/4s with a red dragon pung (1 han). Ron on 1s: 1 han;
    fu 20 + 4 (open pung of honours) = 24 -> 30: 240 x 4 = 960 -> 1,000."""
    t = Table(ruleset, {1: "234m567p23s77z999s"})
    warm_up(t)
    t.turn(0, "5z")
    t.turn(1, "6z")
    t.turn(2, "4s")  # seat 1 lets it go (no yaku on a ron here, but it completes the hand)
    assert t.furiten(1) == []  # not passed yet
    t.turn(3, "7z")
    assert t.furiten(1) == ["temporary"]
    assert t.call(1, "77=7z", 3) == []
    t.discard(1, "9s")
    t.turn(2, "1s")
    assert t.furiten(1) == []
    assert t.ron_allowed(1)
    assert t.ron(1, 2, han=1, fu=30, points=1000, yaku={"yakuhai_chun": 1},
                 deltas=ron_deltas(1, 2, 1000)) == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_furiten_lasts_for_the_rest_of_the_hand(ruleset: str) -> None:
    """EMA 2016 §3.3.14 (000): a player in riichi who does not win on a winning discard is
    furiten (for the rest of the hand: a riichi hand cannot change); self-draw still allowed.

    The tsumo: riichi + menzen tsumo + pinfu, 3 han 20 fu: base 640; dealer 1,280 -> 1,300,
    the others 640 -> 700: 2,700; seat 1 also takes back its own riichi stick (+1,000)."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t)
    t.turn(0, "5z")
    assert t.declare_riichi(1, "6z") == []
    t.turn(2, "4s")  # seat 1 lets it go
    t.turn(3, "7z")
    assert t.furiten(1) == ["temporary", "riichi"]
    t.turn(0, "6z")
    t.turn(1, "7z")  # own draw and discard: the temporary furiten is over, riichi's is not
    assert t.furiten(1) == ["riichi"]
    t.turn(2, "1s")
    assert not t.ron_allowed(1)
    assert 1 not in t.claims()
    t.turn(3, "5z")
    t.turn(0, "9p")
    t.draw(1, "1s")
    assert t.tsumo(1, han=3, fu=20, points=2700,
                   yaku={"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, ura="8p",
                   deltas=(-1300, 3700, -700, -700)) == []
    assert t.disagreements == [] and t.conserved()


# Seat 1: 34p 678m 567s 22m + 55p 4z. It pons seat 0's 5p (from the left), discards 4z, later
# draws the fourth 5p and adds it to the pung (kakan). Then: 34p 678m 567s 22m + 5555p, waits
# 2p and 5p. 5p is an empty wait (all four are in the kan), and the only way the added tile's
# kind can be among one's waits: a kakan takes every copy. Ron on 2p: tanyao (open, kuitan in
# both editions, #6) 1 han; fu 20 + 8 (open kan of simples) = 28 -> 30: 1,000.
KAKAN_HAND = "55p34p678m567s22m4z"


@pytest.mark.parametrize(("ruleset", "furiten"), [
    ("ema-2016", ["own_discard"]),  # §3.3.6 (000): the added tile counts as discarded; #34 yes
    ("ema-2025", []),  # #34 EMA25: excluded from own discards [S4]
])
def test_the_added_kan_tile_counts_as_own_discard(ruleset: str, furiten: list[str]) -> None:
    """variants.md #34. 000 §3.3.6 translator's note: under the 2016 rules a kakan makes all
    three kinds of furiten."""
    t = Table(ruleset, {0: "48m48p48s1234567z", 1: KAKAN_HAND})  # dora 9p: 1p, not held
    warm_up(t, ("1z", "2z", "3z", "9s"))
    t.turn(0, "5p")
    assert t.call(1, "5-55p", 0) == []
    t.discard(1, "4z")
    t.turn(2, "1m")
    t.turn(3, "1s")
    t.turn(0, "2s")
    t.draw(1, "5p")
    assert t.added_kan(1, "555-5p", "5p") == []
    t.new_dora(1, "2s")  # kan dora 3s, not held
    t.draw(1, "9m")  # the replacement tile
    t.discard(1, "9m")
    assert t.furiten(1) == furiten
    t.turn(2, "2p")
    assert t.ron_allowed(1) == (not furiten)
    if not furiten:
        assert t.ron(1, 2, han=1, fu=30, points=1000, yaku={"tanyao": 1},
                     deltas=ron_deltas(1, 2, 1000)) == []
        assert t.disagreements == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_record_with_a_wrong_score_or_wrong_payments_is_reported(ruleset: str) -> None:
    """The referee scores each win itself and compares: the pinfu ron of seat 1 is 1 han 30 fu,
    1,000 (see WAIT_1S4S); a record saying 1,100, or a wrong payer, is reported."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t)
    t.turn(0, "4s")
    found = t.ron(1, 0, han=1, fu=30, points=1100, yaku={"pinfu": 1},
                  deltas=(0, 1000, -1000, 0))
    assert [d.what for d in found] == ["score", "deltas"]
    assert "points 1100 vs ours 1000" in found[0].message
    assert "[-1000, 1000, 0, 0]" in found[1].message


# =============================================================================================
# claims
# =============================================================================================

# Seat 0 (dealer) discards 4m after a go-around.
#   seat 1 (its left is seat 0): 56m and no pair -> chi only;
#   seat 2: 444m -> pon or daiminkan (no chow shape around 4m);
#   seat 3: 23m ... waits 1m/4m with pinfu -> ron; 23m + 4m is a chow shape, but seat 0 sits
#           on seat 3's right, so no chi.
CLAIM_HANDS = {
    0: "159m159p159s1234z",
    1: "56m258p258s12345z",
    2: "444m369p36s12345z",
    3: WAIT_1M4M,
}


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_claims_offers_exactly_the_legal_claims(ruleset: str) -> None:
    """EMA 2016 §3.3.1 (ron, pon, kan by anyone; chi by the next player), §3.3.3 (a chow only
    from the player on the left), §3.3.11 (ron with a yaku, not furiten)."""
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.turn(0, "4m")
    assert t.claims() == {1: ["chi"], 2: ["daiminkan", "pon"], 3: ["ron"]}


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_chi_only_from_the_left(ruleset: str) -> None:
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.turn(0, "4m")
    # seat 3 chis seat 0's discard: seat 0 is on its right (the meld says so: the notation
    # refuses a chi from the right, so the meld is built by hand)
    chi = Meld(MeldType.CHI, tiles("234m"), tiles("4m")[0], Relative.RIGHT)
    found = t.call_meld(3, chi, 0)
    assert [d.what for d in found] == ["illegal_call"]
    assert "chi" in found[0].message


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_chi_from_the_left_is_legal(ruleset: str) -> None:
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.turn(0, "4m")
    assert t.call(1, "4-56m", 0) == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_chi_or_pon_on_the_last_discard_but_ron(ruleset: str) -> None:
    """The last discard (houtei) can only be won on: 002 【流局】/【鸣牌】 practice, and
    table.rules 'not last_tile' for pon, kan and chi (EMA 2016 §3.3.1 lets a claim happen
    'before the next player draws': after the last discard nobody draws).

    Seat 3 wins: houtei (1 han) + pinfu (1 han), 2 han 30 fu: 480 x 4 = 1,920 -> 2,000."""
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.state.wall = 1  # set directly: one tile left, seat 0 draws it
    t.turn(0, "4m")
    assert t.state.wall == 0
    assert t.claims() == {3: ["ron"]}
    found = t.call(2, "44=4m", 0)
    assert [d.what for d in found] == ["illegal_call"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_houtei_ron(ruleset: str) -> None:
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.state.wall = 1  # set directly
    t.turn(0, "4m")
    assert t.ron(3, 0, han=2, fu=30, points=2000, yaku={"houtei": 1, "pinfu": 1},
                 deltas=ron_deltas(3, 0, 2000)) == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_fifth_kan(ruleset: str) -> None:
    """EMA 2016 §3.3.10 (000): no fifth kan in any case; variants.md #51 (max 4 everywhere)."""
    t = Table(ruleset, CLAIM_HANDS)
    warm_up(t, ("1z", "6z", "7z", "5z"))
    t.state.kans = [3, 3, 3, 3]  # set directly: four kans already declared (by one player)
    t.turn(0, "4m")
    assert t.claims() == {1: ["chi"], 2: ["pon"], 3: ["ron"]}
    found = t.call(2, "4444=m", 0)
    assert [d.what for d in found] == ["illegal_call"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_fifth_concealed_kan(ruleset: str) -> None:
    t = Table(ruleset, {0: "111m258p258s1234z"})
    t.state.kans = [2, 2, 2, 2]  # set directly: four kans already declared
    t.draw(0, "1m")
    found = t.closed_kan(0, "1111m")
    assert [d.what for d in found] == ["illegal_kan"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_more_kans_after_a_called_kans_replacement_draw(ruleset: str) -> None:
    """000 §3.3.7: after a kan the player draws a replacement tile and goes on with the turn,
    a turn begun by a draw, so another kan may follow (the limit is four kans, §3.3.10). Tenhou
    allowed it: in mjai-reviewer's suukantsu_0.json (tenhou.net/6) seat 2 calls a kan of 9s,
    then adds 5p to its pon, declares a concealed kan of 2m and adds 7s, each after the
    previous kan's replacement draw, and wins four kongs (四槓子, 32,000)."""
    # seat 1: 999s 1111m 55p 258s 7z; seat 0's filler holds the fourth 9s and a 5p
    t = Table(ruleset, {1: "999s1111m55p258s7z"})
    at_once = load_config(ruleset).parameters["kan_dora_timing_open"] == "immediate"
    t.turn(0, "6z", "5p")
    assert t.pon(1, "5-55p", 0) == []
    t.discard(1, "7z")
    t.turn(2, "2m")
    t.turn(3, "3m")
    t.turn(0, "6z", "9s")
    assert t.kan(1, "9999-s", 0) == []
    if at_once:
        t.new_dora(1, "1p")
    t.draw(1, "5p")
    assert t.added_kan(1, "555-5p", "5p") == []
    if at_once:
        t.new_dora(1, "2p")
    t.draw(1, "6s")
    assert t.closed_kan(1, "1111m") == []
    assert not [d for d in t.disagreements if d.what == "illegal_kan"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_added_kan_right_after_a_pon(ruleset: str) -> None:
    """The other side of the rule: a pon's turn began with a call and no draw came since, so
    the fourth tile already held may not be added (002: 鸣牌后不允许立即加杠)."""
    t = Table(ruleset, {1: "555p1111m2358s77z"})
    t.turn(0, "6z", "5p")
    assert t.pon(1, "5-55p", 0) == []
    assert [d.what for d in t.added_kan(1, "555-5p", "5p")] == ["illegal_kan"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_calls_in_riichi(ruleset: str) -> None:
    """EMA 2016 §3.3.14 (000): a player in riichi can no longer change the hand (only the
    concealed kan it describes). Seat 2 in riichi on 44m 567p 234s 678s 99s (waits 4m/9s)
    holds two 4m: no pon, but ron (riichi is a yaku)."""
    t = Table(ruleset, {2: "44m567p234s678s99s"})
    warm_up(t)
    t.turn(0, "5z")
    t.turn(1, "6z")
    assert t.declare_riichi(2, "7z") == []
    t.turn(3, "1z")
    t.turn(0, "2z")
    t.turn(1, "4m")
    assert t.claims() == {2: ["ron"]}
    found = t.call(2, "4-44m", 1)
    assert [d.what for d in found] == ["illegal_call"]


# =============================================================================================
# kuikae
# =============================================================================================

KUIKAE_ALLOWED = {
    "$schema": "../schema/ruleset.schema.json",
    "id": "kuikae-allowed",
    "name": "EMA 2016 with swap calling allowed (a test ruleset)",
    "source": {"rulebook": "test", "edition": "1"},
    "extends": "ema-2016",
    "parameters": {"kuikae": "allowed"},
}


@pytest.fixture(scope="module")
def kuikae_allowed(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("kuikae-allowed")
    (folder / "ruleset.json").write_text(json.dumps(KUIKAE_ALLOWED), encoding="utf-8")
    return str(folder / "ruleset.json")


# (seat 1's hand, the meld it calls from seat 0, the discard after the call)
KUIKAE = {
    "pon_same_tile": ("555m258p258s1234z", "5-55m", "5m"),
    "chi_4_with_56_then_7": ("567m258p258s1234z", "4-56m", "7m"),
    "chi_4_with_56_then_4": ("4567m258p258s123z", "4-56m", "4m"),
    "chi_7_with_56_then_4": ("4567m258p258s123z", "567-m", "4m"),
}
NOT_KUIKAE = {
    "chi_4_with_56_then_8": ("5678m258p258s123z", "4-56m", "8m"),
    "chi_5_with_46_then_8": ("4568m258p258s123z", "45-6m", "8m"),  # closed wait: no suji
    "pon_then_another_tile": ("555m258p258s1234z", "5-55m", "1z"),
}


def kuikae_table(ruleset: str, hand: str, meld: str) -> Table:
    called = parse_meld(meld).called
    assert called is not None
    t = Table(ruleset, {0: "48m48p48s1234567z", 1: hand})
    warm_up(t, ("1z", "2z", "3z", "4z"))
    t.turn(0, f"{called.number}{called.suit.value}")
    assert t.call(1, meld, 0) == []
    return t


# The cases of KUIKAE that discard the called tile itself; the others discard the tile at the
# other end of a chow.
SAME_TILE = {"pon_same_tile", "chi_4_with_56_then_4"}
KUIKAE_BANNED = [r for r in BUNDLED if load_config(r).parameters["kuikae"] == "banned"]


@pytest.mark.parametrize("case", sorted(KUIKAE))
@pytest.mark.parametrize("ruleset", KUIKAE_BANNED)
def test_kuikae_is_banned_in_every_bundled_ruleset(ruleset: str, case: str) -> None:
    """EMA 2016 §3.3.2 (ema-rcr-2016): no discarding the called tile right after the call, nor
    the tile at the other end of the chow; table-practice-zh-2013 (食替: 345s + chi 6s, no 3s);
    banned in every bundled ruleset but JPML, whose kuikae is same_tile_only."""
    hand, meld, discarded = KUIKAE[case]
    t = kuikae_table(ruleset, hand, meld)
    found = t.discard(1, discarded)
    assert [d.what for d in found] == ["illegal_discard"]
    assert "kuikae" in found[0].message


def test_every_bundled_ruleset_but_jpml_bans_both_kinds_of_kuikae() -> None:
    assert sorted(set(BUNDLED) - set(KUIKAE_BANNED)) == ["jpml"]
    assert load_config("jpml").parameters["kuikae"] == "same_tile_only"


@pytest.mark.parametrize("case", sorted(KUIKAE))
def test_jpml_bans_only_the_called_tile(case: str) -> None:
    """JPML: "現物以外の喰い替えを認める" [mahjong-academy-jpml] (every swap call is allowed but
    discarding the called tile itself); "チーをする同一牌を捨てるチーは出来ない(喰い変えが可能)"
    [rkkita-jpml-a-rules-2017]. After a chow of 4m with 56m, 4m may not go, 7m may."""
    hand, meld, discarded = KUIKAE[case]
    t = kuikae_table("jpml", hand, meld)
    found = t.discard(1, discarded)
    if case in SAME_TILE:
        assert [d.what for d in found] == ["illegal_discard"]
        assert "kuikae" in found[0].message
    else:
        assert found == []


@pytest.mark.parametrize("case", sorted(NOT_KUIKAE))
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_discards_that_are_not_kuikae(ruleset: str, case: str) -> None:
    """002 (食替): 'a discard that does not form a chow with the called tile is free', e.g.
    234567s + chi 8s, discarding 2s, is allowed."""
    hand, meld, discarded = NOT_KUIKAE[case]
    t = kuikae_table(ruleset, hand, meld)
    assert t.discard(1, discarded) == []


@pytest.mark.parametrize("case", sorted(KUIKAE))
def test_kuikae_allowed_by_a_ruleset_parameter(kuikae_allowed: str, case: str) -> None:
    """The schema's kuikae = "allowed": the same discards are legal."""
    hand, meld, discarded = KUIKAE[case]
    t = kuikae_table(kuikae_allowed, hand, meld)
    assert t.discard(1, discarded) == []


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjong-soul", "m-league"])
def test_kuikae_red_five(ruleset: str) -> None:
    """A red five is the same tile for kuikae: pon of a red 5p, then discarding a plain 5p is
    discarding the called tile (#50; red fives: #5)."""
    t = Table(ruleset, {0: "48m48p48s1234567z", 1: "555p258m258s1234z"})
    warm_up(t)
    t.turn(0, "0p")
    assert t.call(1, "0-55p", 0) == []
    assert [d.what for d in t.discard(1, "5p")] == ["illegal_discard"]


# =============================================================================================
# riichi
# =============================================================================================


def riichi_table(ruleset: str, hand: str, **kwargs: object) -> Table:
    t = Table(ruleset, {1: hand}, **kwargs)  # type: ignore[arg-type]
    warm_up(t)
    t.turn(0, "5z")
    return t


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_on_a_closed_tenpai_hand(ruleset: str) -> None:
    t = riichi_table(ruleset, WAIT_1S4S)
    assert t.declare_riichi(1, "6z") == []
    assert t.seat(1).riichi and t.points()[1] == 24000 and t.state.sticks == 1


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_needs_a_tenpai_hand(ruleset: str) -> None:
    """EMA 2016 §3.3.14 (000): 'a player in tenpai with a closed hand may declare riichi'."""
    t = riichi_table(ruleset, "268m268p268s4567z")
    assert [d.what for d in t.declare_riichi(1, "9p")] == ["illegal_riichi"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_needs_a_closed_hand(ruleset: str) -> None:
    """Seat 1 pons 5m, then is tenpai on 1s/4s with an open hand: no riichi (§3.3.14)."""
    t = Table(ruleset, {0: "48m48p48s1234567z", 1: "55m234p567p23s99s1z"})
    warm_up(t)
    t.turn(0, "5m")
    t.call(1, "5-55m", 0)
    t.discard(1, "1z")
    t.turn(2, "6z")
    t.turn(3, "7z")
    t.turn(0, "2z")
    assert [d.what for d in t.declare_riichi(1, "9p")] == ["illegal_riichi"]


# variants.md #43 and EMA 2016 §3.3.13 (000): 'a player waiting only on tiles they hold all
# four of is not in tenpai'; riichi is for a player in tenpai (§3.3.14). 1111m 234p 567p 789s
# waits only on a fifth 1m. The riichi rule counts every wait (count(waits) > 0), the empty one
# included, while the tenpai rule at the draw excludes it.


@pytest.mark.parametrize("ruleset", ["ema-2016", "ema-2025", "wrc-2022", "tenhou"])
def test_no_riichi_on_a_wait_one_holds_all_four_of(ruleset: str) -> None:
    """variants.md #43: noten for EMA16 [S3,S4], EMA25 [S4], WRC22 [S25], Tenhou [S14]."""
    t = riichi_table(ruleset, "1111m234p567p789s")
    assert [d.what for d in t.declare_riichi(1, "6z")] == ["illegal_riichi"]


# variants.md #36: the live-wall tiles needed to declare riichi.
RIICHI_MIN_WALL = {
    "ema-2016": 4,  # ema-rcr-2016 §3.3.14 [ema-rcr-2016-pl]: 'fewer than four: no riichi'
    "ema-2025": 1,  # '>=1 (2025 change)' [senegrom-mahjong]
    "wrc-2022": 4,  # [wrc-rules-2015] §6.5.1: 'less than four tiles left in the wall: no riichi'
    "wrc-2025": 0,  # 'even 0 (clarification)' [riichi-presets-doc, riichi-advanced]
    "tenhou": 4,  # '>=4' [riichi-wiki-tenhou-rules]
    "mahjong-soul": 4,  # 'getNumLeftTiles() < 4u' forbids it [kanachan-simulator, riichienv-rules]
    "m-league": 1,  # no draw needed, but not on the last tile [mahjong-portal-riichi]
    "jpml": 1,  # '>=1' [riichi-presets-doc]
}


@pytest.mark.parametrize("wall", [4, 3, 1, 0])
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_needs_tiles_left_in_the_wall(ruleset: str, wall: int) -> None:
    t = riichi_table(ruleset, WAIT_1S4S)
    t.state.wall = wall + 1  # set directly: seat 1's draw leaves `wall` tiles
    found = t.declare_riichi(1, "6z")
    allowed = wall >= RIICHI_MIN_WALL[ruleset]
    assert [d.what for d in found] == ([] if allowed else ["illegal_riichi"])


# variants.md #37: riichi below 1,000 points. Allowed: EMA16 [S1], EMA25 [S4], ML [S20];
# Tenhou no (>= 1,000) [S14]; MJS 'no?'; WRC22/WRC25/JPML '?' (the rulesets allow it).
RIICHI_MIN_POINTS = {"tenhou": 1000, "mahjong-soul": 1000}


@pytest.mark.parametrize("points", [900, 1000])
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_riichi_needs_points(ruleset: str, points: int) -> None:
    t = riichi_table(ruleset, WAIT_1S4S, scores=(25000, points, 25000, 50000 - points))
    found = t.declare_riichi(1, "6z")
    allowed = points >= RIICHI_MIN_POINTS.get(ruleset, 0)
    assert [d.what for d in found] == ([] if allowed else ["illegal_riichi"])


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_furiten_riichi_is_allowed(ruleset: str) -> None:
    """variants.md #38: furiten riichi yes in EMA16 [S3], EMA25 [S4], Tenhou [S14], ML [S20];
    '*' WRC22, WRC25, MJS; '?' JPML (the ruleset allows it). 000 §3.3.14: 'a player in furiten
    may declare riichi'."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t)
    t.turn(0, "5z")
    t.turn(1, "1s")  # discards a winning tile: own-discard furiten
    t.turn(2, "6z")
    t.turn(3, "7z")
    t.turn(0, "6z")
    assert t.declare_riichi(1, "7z") == []
    assert t.furiten(1) == ["own_discard"]


# =============================================================================================
# riichi + concealed kan
# =============================================================================================

# (the riichi hand, the tile drawn, the kan, allowed under "waits_only", allowed under
# "waits_and_readings"), with the waits worked out by hand.
RIICHI_KANS = {
    # 111m 234p 567p 99s + 67s: waits 5s/8s, before and after the kan of 1m; 111m is a pung in
    # the only reading. Allowed by both styles.
    "pung_apart_from_the_wait": ("111m234p567p67s99s", "1m", "1111m", True, True),
    # 000 translator's note example '1112345567899 drawing 1': waits 5m (111 234 555 678 99)
    # and 9m (111 234 55 678 999); after the kan 2345567899m waits 5m/9m still; every reading
    # keeps 111m as a pung (11 + 123 leaves 4556789(9) without sets). Allowed by both.
    "translator_1112345567899m": ("1112345567899m", "1m", "1111m", True, True),
    # Nine gates 1112345678999m waits 1-9m; after the kan of 1m, 2345678999m waits only
    # 1,2,4,5,7,8m (3m, 6m, 9m lost). Forbidden by both.
    "nine_gates_waits_change": ("1112345678999m", "1m", "1111m", False, False),
    # 000 translator's note example '1112233334 drawing 1' (with 777z): waits 1,2,3,4,5m;
    # after the kan of 1m: 2233334m waits 1,2,4,5m (3m lost). Forbidden by both.
    "translator_1112233334m": ("1112233334m777z", "1m", "1111m", False, False),
    # 002 example 'riichi on 258m25s, drawing 2m: no kan, the waits become 2 (empty), 5, 8m':
    # 22234567m 34555s = 222 345 67m 345s 55s (5m/8m) | 22 234 567m 34s 555s (2s/5s) |
    # 22 234 567m 345s 55s (2m/5s). After the kan of 2m: 34567m 34555s waits 2m/5m/8m.
    "002_example_258m25s": ("22234567m34555s", "2m", "2222m", False, False),
    # 1112m 456p 789p 678s: waits 2m (111 + 2 single) and 3m (11 + 12); after the kan: 2m only.
    "1112m_waits_shrink": ("1112m456p789p678s", "1m", "1111m", False, False),
    # EMA 2016 §3.3.14 (000): 'three consecutive pungs in one suit: no kan, the tiles can be
    # read as three identical chows'. 111222333m 456p 7p: waits 4p (222 333 567p + 4p single
    # with 111m) / 7p, the same after the kan of 1m; but 123m 123m 123m is a reading too.
    "ema_three_consecutive_pungs": ("111222333m456p7p", "1m", "1111m", True, False),
    # 333444555p 11z 78s: waits 6s/9s, the same after a kan of 3p or of 5p; 345p x3 is a
    # reading too.
    "three_pungs_kan_of_the_low_end": ("333444555p11z78s", "3p", "3333p", True, False),
    "three_pungs_kan_of_the_high_end": ("333444555p11z78s", "5p", "5555p", True, False),
    # Okurikan: the four 1m were all in the riichi hand; the kan is declared after drawing 4m.
    # 1111m 23m 456p 789p 5s waits 5s (111 123m ... 55s); after the kan, 234m 456p 789p 5s
    # waits 5s too, and 111m is a pung in the only reading: only 'the drawn tile' forbids it
    # (EMA 2016 §3.3.14 'if the tile drawn matches a concealed pung'; Tenhou: no okurikan
    # [S15]).
    "okurikan": ("1111m23m456p789p5s", "4m", "1111m", False, False),
}


@pytest.mark.parametrize("case", sorted(RIICHI_KANS))
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_concealed_kan_in_riichi(ruleset: str, case: str) -> None:
    """variants.md #39: EMA16 'drawn tile only; waits unchanged; must be a triplet in every
    reading' [S3] (000 §3.3.14), EMA25 same [S4], WRC22/WRC25 'waits and readings kept' [S12],
    ML 'no change of hand shape' [S19], JPML 'waits + readings kept' [S12]: waits_and_readings;
    Tenhou 'waits unchanged only; no okurikan; shape or yaku may change' [S15]: waits_only;
    MJS '? (waits unchanged*)': waits_only in the ruleset."""
    hand, drawn, kan, waits_only_ok, readings_ok = RIICHI_KANS[case]
    style = rule(ruleset, "riichi_ankan")
    allowed = waits_only_ok if style == "waits_only" else readings_ok
    t = Table(ruleset, {0: hand}, dora="1z")
    assert t.declare_riichi(0, "6z") == []  # (a double riichi: the first turn)
    t.turn(1, "7z")
    t.turn(2, "7z")
    t.turn(3, "7z")
    t.draw(0, drawn)
    found = t.closed_kan(0, kan)
    assert [d.what for d in found] == ([] if allowed else ["illegal_kan"])


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_concealed_kan_without_riichi_is_free(ruleset: str) -> None:
    """Without riichi a concealed kan only needs a tile left in the wall and fewer than four
    kans (EMA 2016 §3.3.7, §3.3.10): the three-consecutive-pungs hand may kan."""
    t = Table(ruleset, {0: "111222333m456p7p"})
    t.turn(0, "6z")
    t.turn(1, "7z")
    t.turn(2, "7z")
    t.turn(3, "7z")
    t.draw(0, "1m")
    assert t.closed_kan(0, "1111m") == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_kan_on_the_last_tile(ruleset: str) -> None:
    """002 【鸣牌】杠: 'the player at haitei may not kan' (no replacement tile is left)."""
    t = Table(ruleset, {0: "111m258p258s1234z"})
    t.state.wall = 1  # set directly: seat 0 draws the last tile
    t.draw(0, "1m")
    assert [d.what for d in t.closed_kan(0, "1111m")] == ["illegal_kan"]


# =============================================================================================
# robbing a kan
# =============================================================================================

# Seat 2 pons seat 1's 5p, then draws the fourth 5p and adds it. Seat 3 (34p 234m 678m 567s 99s,
# waits 2p/5p, pinfu) robs it: chankan 1 + pinfu 1 = 2 han, 30 fu (closed ron): 480 x 4 =
# 1,920 -> 2,000 from seat 2. EMA 2016 §3.3.6 (000: 'the added tile counts as discarded and
# can be won on'); variants.md #32 (yes everywhere).
CHANKAN_HANDS = {
    0: "37m37p37s1234567z",
    1: "48m48p48s1234567z",
    2: "55p258m258s12346z",
    3: "34p234m678m567s99s",
}


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_chankan_on_an_added_kan(ruleset: str) -> None:
    t = Table(ruleset, CHANKAN_HANDS)
    warm_up(t, ("1z", "2z", "3z", "4z"))
    t.turn(0, "5z")
    t.turn(1, "5p")
    assert t.call(2, "5-55p", 1) == []
    t.discard(2, "6z")
    t.turn(3, "7z")  # seat 3 let 5p go: its own draw and discard end that furiten
    t.turn(0, "9p")
    t.turn(1, "9p")
    t.draw(2, "5p")
    assert t.added_kan(2, "555-5p", "5p") == []
    assert t.claims() == {3: ["ron"]}
    assert t.ron(3, 2, han=2, fu=30, points=2000, yaku={"chankan": 1, "pinfu": 1},
                 deltas=ron_deltas(3, 2, 2000)) == []
    assert t.disagreements == [] and t.conserved()


# Seat 3: 99m 1p9p 1s9s 1234567z waits on 1m alone (thirteen orphans, single wait). Seat 1
# draws its fourth 1m and declares a concealed kan. Thirteen orphans, non-dealer: 32,000.
KOKUSHI = "99m19p19s1234567z"

# variants.md #33 'Kokushi may rob an ankan'.
KOKUSHI_ROBS = {
    "ema-2016": True,  # yes (EMA 2016 §3.3.7 in 000: 'only with thirteen orphans')
    "ema-2025": True,  # yes [S4]
    "wrc-2022": False,  # 'no?' (000 translator's note: WRC and 2018 rules forbid it)
    "wrc-2025": False,  # '?': the ruleset keeps WRC 2022's value
    "tenhou": False,  # no [riichienv-rules, mortal-libriichi, riichi-wiki-chankan]
    "mahjong-soul": True,  # yes [S13,S16]
    "m-league": False,  # no, kokushi included [S20]
    "jpml": False,  # no since the 2023 revision [jpml-rule-changes-2023] (yes in 2012 [S21])
}


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_thirteen_orphans_robbing_a_concealed_kan(ruleset: str) -> None:
    t = Table(ruleset, {1: "111m258p258s2345z", 3: KOKUSHI})
    warm_up(t, ("5z", "6z", "7z", "2z"))
    t.turn(0, "3z")
    t.draw(1, "1m")
    assert t.closed_kan(1, "1111m") == []
    robs = KOKUSHI_ROBS[ruleset]
    assert t.claims() == ({3: ["ron"]} if robs else {})
    found = t.ron(3, 1, han=13, fu=None, points=32000, limit=5, yakuman=["kokushi"],
                  deltas=ron_deltas(3, 1, 32000))
    assert [d.what for d in found] == ([] if robs else ["illegal_ron"])


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_an_ordinary_hand_may_not_rob_a_concealed_kan(ruleset: str) -> None:
    """EMA 2016 §3.3.7 (000): a concealed kan cannot be robbed except by thirteen orphans.
    Seat 3 waits on 1m/4m (pinfu) while seat 1 declares a concealed kan of 1m."""
    t = Table(ruleset, {1: "111m258p258s2345z", 3: WAIT_1M4M})
    warm_up(t, ("5z", "6z", "7z", "2z"))
    t.turn(0, "3z")
    t.draw(1, "1m")
    t.closed_kan(1, "1111m")
    assert t.claims() == {}
    found = t.ron(3, 1, han=2, fu=30, points=2000, yaku={"chankan": 1, "pinfu": 1},
                  deltas=ron_deltas(3, 1, 2000))
    assert "illegal_ron" in [d.what for d in found]


# A concealed kan cannot be won on except with thirteen orphans (EMA 2016 §3.3.7), so a player
# waiting on its tile has declined nothing: furiten comes from not winning on a tile one could
# win on (000 §3.3.14: 'a player who does not declare a win on a discard that completes the
# hand is furiten'; the temporary and riichi furiten rules of table.rules cite §3.3.14).


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_concealed_kan_of_a_waiting_tile_makes_nobody_furiten(ruleset: str) -> None:
    """Seat 3 waits on 1m/4m (pinfu); seat 1 declares a concealed kan of 1m, then seat 2
    discards 4m before seat 3 has drawn again: seat 3 may win."""
    t = Table(ruleset, {1: "111m258p258s2345z", 3: WAIT_1M4M})
    warm_up(t, ("5z", "6z", "7z", "2z"))
    t.turn(0, "3z")
    t.draw(1, "1m")
    t.closed_kan(1, "1111m")
    t.turn(1, "9p")  # the replacement tile, discarded
    t.turn(2, "4m")
    assert t.furiten(3) == []
    assert t.ron_allowed(3)


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_concealed_kan_of_a_waiting_tile_makes_no_riichi_furiten(ruleset: str) -> None:
    """The same with seat 3 in riichi: it may still win on 4m discarded a go-around later."""
    t = Table(ruleset, {1: "111m258p258s2345z", 3: WAIT_1M4M})
    warm_up(t, ("5z", "6z", "7z", "2z"))
    t.turn(0, "3z")
    t.turn(1, "6p")
    t.turn(2, "6s")
    assert t.declare_riichi(3, "6z") == []
    t.turn(0, "1z")
    t.draw(1, "1m")
    t.closed_kan(1, "1111m")
    t.turn(1, "9p")
    t.turn(2, "6m")
    t.turn(3, "7m")
    t.turn(0, "8m")
    t.turn(1, "4m")
    assert t.furiten(3) == []
    assert t.ron_allowed(3)


# =============================================================================================
# pao (liability)
# =============================================================================================

# Seat 1 (South) holds 55z 66z 77z 23m 99s + 1p 4p 7p; it pons 5z from seat 0, 6z from seat 2
# and 7z from seat 2 (the third dragon pung: seat 2 is liable, EMA 2016 §3.3.9), then waits on
# 1m/4m with big three dragons (a yakuman: 32,000 for a non-dealer).
PAO_HANDS = {
    0: "48m48p48s1234567z",
    1: "55z66z77z23m99s147p",
    2: "159m159p159s1234z",
    3: "268m268p268s1234z",
}


def pao_table(ruleset: str, **kwargs: object) -> Table:
    t = Table(ruleset, PAO_HANDS, **kwargs)  # type: ignore[arg-type]
    t.turn(0, "5z")
    assert t.call(1, "5-55z", 0) == []
    t.discard(1, "1p")
    t.turn(2, "6z")
    assert t.call(1, "66+6z", 2) == []
    t.discard(1, "4p")
    t.turn(2, "7z")
    assert t.call(1, "77+7z", 2) == []
    t.discard(1, "7p")
    assert t.seat(1).liable == {"daisangen": 2}
    t.turn(2, "2p")
    return t


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_pao_daisangen_tsumo_liable_pays_all(ruleset: str) -> None:
    """EMA 2016 §3.3.9 (000): on a self-draw the liable player pays the whole hand, the two
    others nothing; variants.md #27 (daisangen everywhere), #28 (same payment everywhere)."""
    t = pao_table(ruleset)
    t.turn(3, "3p")
    t.turn(0, "6p")
    t.draw(1, "4m")
    assert t.tsumo(1, han=13, fu=None, points=32000, limit=5, yakuman=["daisangen"], pao=2,
                   deltas=(0, 32000, -32000, 0)) == []
    assert t.disagreements == [] and t.conserved()


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_pao_daisangen_ron_off_a_third_player_half_each(ruleset: str) -> None:
    """EMA 2016 §3.3.9 (000): on a discard by another player, the liable player and the
    discarder share the payment (16,000 each); #28."""
    t = pao_table(ruleset)
    t.turn(3, "1m")
    assert t.ron(1, 3, han=13, fu=None, points=32000, limit=5, yakuman=["daisangen"], pao=2,
                 deltas=(0, 32000, -16000, -16000)) == []
    assert t.conserved()


@pytest.mark.parametrize(("ruleset", "deltas"), [
    # #29 EMA16: 'the discarder pays the counters' (000 §3.3.9: '由放铳者支付任何本场') [S3,S4]
    ("ema-2016", (0, 32600, -16000, -16600)),
    ("ema-2025", (0, 32600, -16000, -16600)),  # #29 'same' [S4]
    # #29 Tenhou: 'the liable player pays the honba (積み棒は包)' [S15]
    ("tenhou", (0, 32600, -16600, -16000)),
])
def test_pao_ron_with_honba(ruleset: str, deltas: tuple[int, ...]) -> None:
    """Two honba: 600 on a ron, on top of 16,000 each."""
    t = pao_table(ruleset, honba=2)
    t.turn(3, "1m")
    assert t.ron(1, 3, han=13, fu=None, points=32000, limit=5, yakuman=["daisangen"], pao=2,
                 deltas=deltas) == []


@pytest.mark.parametrize("ruleset", ["ema-2016", "ema-2025", "tenhou"])
def test_pao_tsumo_with_honba(ruleset: str) -> None:
    """Tsumo with two honba: the liable player pays everything, honba (3 x 200) included
    (000 §3.3.9: 'pays all ... the other two pay nothing'; README 'Pao': on tsumo the pao
    player paid everything, honba included)."""
    t = pao_table(ruleset, honba=2)
    t.turn(3, "3p")
    t.turn(0, "6p")
    t.draw(1, "4m")
    assert t.tsumo(1, han=13, fu=None, points=32000, limit=5, yakuman=["daisangen"], pao=2,
                   deltas=(0, 32600, -32600, 0)) == []


# Big three dragons + all honours: seat 1 holds 55z 66z 77z 11z 22z + 3p 6p 9p; after the
# three dragon pons it waits on 1z/2z (shanpon).
COMPOSITE = {0: "123m48m48p48s3344z", 1: "55z66z77z11z22z369p", 2: "159m159p159s1234z",
             3: "268m268p268s3467z"}



@pytest.mark.parametrize(("ruleset", "honba", "points", "deltas"), [
    # README 'Pao': daisangen + tsuuiisou tsumo, the pao player paid the whole 64,000 + 900
    # (three honba); yakuman stack in Tenhou (#15), #30 'liability covers the whole hand'.
    ("tenhou", 3, 64000, (0, 64900, -64900, 0)),
    # EMA 2016: yakuman do not stack (#15 'single cap'): the hand has both yakuman but is
    # worth one, 32,000 + 900, all from the liable player (000 §3.3.9).
    ("ema-2016", 3, 32000, (0, 32900, -32900, 0)),
    # Mahjong Soul (#15 stack, #30 'liability only for the pao yakuman's part' [S16,S17]):
    # daisangen's 32,000 from seat 2; tsuuiisou's 32,000 as a tsumo: the dealer 16,000, seats
    # 2 and 3 8,000 each. No honba (who pays it under pao is '?' in #29).
    pytest.param("mahjong-soul", 0, 64000, (-16000, 64000, -40000, -8000)),
])
def test_pao_with_a_second_yakuman(
    ruleset: str, honba: int, points: int, deltas: tuple[int, ...]
) -> None:
    t = Table(ruleset, COMPOSITE, honba=honba)
    t.turn(0, "5z")
    t.call(1, "5-55z", 0)
    t.discard(1, "3p")
    t.turn(2, "6z")
    t.call(1, "66+6z", 2)
    t.discard(1, "6p")
    t.turn(2, "7z")
    t.call(1, "77+7z", 2)
    t.discard(1, "9p")
    assert t.seat(1).liable == {"daisangen": 2}
    t.turn(2, "2p")
    t.turn(3, "3p")
    t.turn(0, "6p")
    t.draw(1, "2z")
    found = t.tsumo(1, han=13 * points // 32000, fu=None, points=points, limit=5,
                    yakuman=["daisangen", "tsuuiisou"], pao=2, deltas=deltas)
    assert found == []
    assert t.conserved()


# Seat 1 holds three kans (set directly: 1111m and 9999p concealed, 1111s concealed) and
# either 999s + 1z (its fourth kan called from seat 0's discard) or a pon of 9s + 1z (its fourth
# kan added to that pon). The replacement tile is 1z: four kongs (a yakuman), by self-draw.
def four_kans_table(ruleset: str, called: bool) -> Table:
    t = Table(ruleset, {0: "48m48p48s1234567z"})
    seat = t.seat(1)
    seat.melds = [parse_meld("1111m"), parse_meld("9999p"), parse_meld("1111s")]
    t.state.kans = [1, 1, 1]
    if called:
        seat.hand = list(tiles("999s1z"))
        t.turn(0, "9s")
        assert t.call(1, "9999-s", 0) == []
    else:
        seat.melds.append(parse_meld("9-99s"))
        seat.hand = list(tiles("1z"))
        t.turn(0, "6z")
        t.draw(1, "9s")
        assert t.added_kan(1, "999-9s", "9s") == []
    t.draw(1, "1z")
    return t


# Suukantsu pao (rulesets/*/ruleset.json citations.pao_yakuman): WRC 2022
# [toronto-riichi-rules] ('Pao: Daisangen, Daisuushii, Suukantsu'), WRC 2025 [wrc-rules-2025]
# §9.1.1, M.League ('4th kan a daiminkan onto 3 kans') [riichi-wiki-m-league], JPML
# [pantheon-rulesets] (jpmlA.php yakuWithPao); not EMA 2016, EMA 2025, Tenhou ('dropped
# early'), Mahjong Soul.
SUUKANTSU_PAO = {"wrc-2022", "wrc-2025", "m-league", "jpml"}

# Non-dealer yakuman by self-draw, no pao: the dealer (seat 0) pays 16,000, seats 2 and 3
# 8,000 each.
ORDINARY_TSUMO = (-16000, 32000, -8000, -8000)


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_four_kongs_pao_for_a_called_fourth_kan(ruleset: str) -> None:
    t = four_kans_table(ruleset, called=True)
    pao = ruleset in SUUKANTSU_PAO
    assert t.seat(1).liable == ({"suukantsu": 0} if pao else {})
    deltas = (-32000, 32000, 0, 0) if pao else ORDINARY_TSUMO
    assert t.tsumo(1, han=13, fu=None, points=32000, limit=5, yakuman=["suukantsu"],
                   pao=0 if pao else None, deltas=deltas) == []


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_no_four_kongs_pao_for_an_added_fourth_kan(ruleset: str) -> None:
    """#27 (ML: 'a daiminkan onto three kans'): a fourth kan made by adding to one's own pon
    was not fed by anyone, so nobody is liable."""
    t = four_kans_table(ruleset, called=False)
    assert t.seat(1).liable == {}
    assert t.tsumo(1, han=13, fu=None, points=32000, limit=5, yakuman=["suukantsu"],
                   deltas=ORDINARY_TSUMO) == []


# =============================================================================================
# multiple ron
# =============================================================================================

# Seat 0 (dealer) discards 4s. Seat 1 (WAIT_1S4S): pinfu, 1,000. Seat 2 (WAIT_4S7S): pinfu +
# tanyao, 2,000. Seat 3 (WAIT_4S7S_B): pinfu + tanyao, 2,000.
MULTI_HANDS = {0: "159m159p159s1234z", 1: WAIT_1S4S, 2: WAIT_4S7S, 3: "48m48p48s1234567z"}
TRIPLE_HANDS = {**MULTI_HANDS, 3: WAIT_4S7S_B}


def double_ron_table(ruleset: str, hands: dict[int, str] = MULTI_HANDS) -> Table:
    t = Table(ruleset, hands, honba=2, sticks=1)
    warm_up(t, ("1z", "5z", "6z", "7z"))
    t.turn(0, "4s")
    return t


# variants.md #25 and #24. Two honba (600 on a ron), one stick on the table. Seat 1 (the
# discarder's shimocha, first in turn order): 1,000 + 600 + 1,000 (the stick, off the table).
# Seat 2: 2,000, + 600 where every winner takes the honba.
FIRST = (-1600, 2600, 0, 0)
DOUBLE_RON = {
    # #25 Tenhou: 'honba + all deposits to the winner nearest the discarder' [S14,S22];
    # README 'Double ron': only the first AGARI (the discarder's shimocha) collects.
    "tenhou": (-2000, 0, 2000, 0),
    # #25 MJS '? (nearest winner ...)' [S17]: the ruleset says nearest winner.
    "mahjong-soul": (-2000, 0, 2000, 0),
    # #25 EMA16: 'honba to each winner; ... rest to first in turn order' [S22]; EMA25 'counters
    # to every winner' [S4].
    "ema-2016": (-2600, 0, 2600, 0),
    "ema-2025": (-2600, 0, 2600, 0),
}
# #24 head bump (WRC22 [S5,S13], WRC25 [S12], ML [S18,S20], JPML [S5,S12]): only the first
# winner in turn order from the discarder wins; a second winner is illegal.
HEAD_BUMP = ("wrc-2022", "wrc-2025", "m-league", "jpml")


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_double_ron(ruleset: str) -> None:
    t = double_ron_table(ruleset)
    assert t.claims() == {1: ["chi", "ron"], 2: ["ron"]}
    assert t.ron(1, 0, han=1, fu=30, points=1000, yaku={"pinfu": 1}, deltas=FIRST) == []
    if ruleset in HEAD_BUMP:
        # what the second win would pay does not matter: it is not a win
        found = t.ron(2, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
                      deltas=(-2600, 0, 2600, 0))
        assert "illegal_ron" in [d.what for d in found]
    else:
        assert t.ron(2, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
                     deltas=DOUBLE_RON[ruleset]) == []
        assert t.disagreements == []
    assert t.conserved()


# Seat 2 is in riichi (its stick went onto the table this hand), one more stick was carried
# over. Seat 2's ron: riichi + pinfu + tanyao, 3 han 30 fu: 960 x 4 = 3,840 -> 3,900.


@pytest.mark.parametrize(("ruleset", "first", "second"), [
    # Tenhou (#25): seat 1 takes both sticks: 1,000 + 600 + 2,000; seat 2 3,900.
    ("tenhou", 3600, 3900),
    # EMA 2016 (#25, schema 'each winner in riichi takes back their own stick, the rest of
    # the deposits go to the first winner'): seat 1 1,000 + 600 + the carried stick; seat 2
    # 3,900 + 600 + its own stick.
    pytest.param("ema-2016", 2600, 5500),
    pytest.param("ema-2025", 2600, 5500),
])
def test_double_ron_a_winner_in_riichi_takes_back_their_stick(
    ruleset: str, first: int, second: int
) -> None:
    t = Table(ruleset, MULTI_HANDS, honba=2, sticks=1)
    warm_up(t, ("1z", "5z", "6z", "7z"))
    t.turn(0, "2z")
    t.turn(1, "3z")
    assert t.declare_riichi(2, "9m") == []
    t.turn(3, "1z")
    t.turn(0, "5z")
    t.turn(1, "6z")
    t.turn(2, "9m")  # seat 2's next draw: no ippatsu from here on
    t.turn(3, "7z")
    t.turn(0, "4s")
    paid1 = 1600
    t.ron(1, 0, han=1, fu=30, points=1000, yaku={"pinfu": 1},
          deltas=(-paid1, first, 0, 0))
    paid2 = 3900 + (600 if ruleset.startswith("ema") else 0)
    t.ron(2, 0, han=3, fu=30, points=3900, yaku={"riichi": 1, "pinfu": 1, "tanyao": 1},
          ura="5z", deltas=(-paid2, 0, second, 0))
    assert t.disagreements == []
    assert t.conserved()


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_triple_ron(ruleset: str) -> None:
    """variants.md #26: three winners in EMA16, EMA25 and MJS (the discarder pays each); an
    abortive draw in Tenhou (sanchahou, 'ron3' in the README); head bump in WRC, ML, JPML.
    Each winner: honba 0 here, so seat 1 1,000, seats 2 and 3 2,000 each."""
    t = Table(ruleset, TRIPLE_HANDS)
    warm_up(t, ("1z", "5z", "6z", "7z"))
    t.turn(0, "4s")
    assert t.claims() == {1: ["chi", "ron"], 2: ["ron"], 3: ["ron"]}
    style = rule(ruleset, "multiple_ron")
    if rule(ruleset, "triple_ron_abort"):
        assert t.drawn_hand("sanchahou", seat=0) == []
        assert t.change() == [0, 0, 0, 0]
        return
    problems = []
    problems += t.ron(1, 0, han=1, fu=30, points=1000, yaku={"pinfu": 1},
                      deltas=ron_deltas(1, 0, 1000))
    problems += t.ron(2, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
                      deltas=ron_deltas(2, 0, 2000))
    problems += t.ron(3, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
                      deltas=ron_deltas(3, 0, 2000))
    expected = {"double_triple": [], "head_bump": ["illegal_ron", "illegal_ron"]}[str(style)]
    assert [d.what for d in problems] == expected
    assert t.conserved()


@pytest.mark.parametrize("ruleset", ["tenhou"])
def test_three_wins_on_one_tile_are_illegal_where_triple_ron_aborts(ruleset: str) -> None:
    t = Table(ruleset, TRIPLE_HANDS)
    warm_up(t, ("1z", "5z", "6z", "7z"))
    t.turn(0, "4s")
    t.ron(1, 0, han=1, fu=30, points=1000, yaku={"pinfu": 1}, deltas=ron_deltas(1, 0, 1000))
    t.ron(2, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
          deltas=ron_deltas(2, 0, 2000))
    found = t.ron(3, 0, han=2, fu=30, points=2000, yaku={"pinfu": 1, "tanyao": 1},
                  deltas=ron_deltas(3, 0, 2000))
    assert [d.what for d in found] == ["illegal_ron"]


@pytest.mark.parametrize("ruleset", ["tenhou"])
def test_sanchahou_needs_three_ron_claims(ruleset: str) -> None:
    t = double_ron_table(ruleset)  # only seats 1 and 2 can win on the 4s
    assert [d.what for d in t.drawn_hand("sanchahou", seat=0)] == ["illegal_draw"]


# =============================================================================================
# draws
# =============================================================================================

# Tenpai hands for the exhaustive draw (none of them waits on another's discard below):
TENPAI = {
    0: "123m789m123p789p5z",  # 5z single wait
    1: WAIT_1S4S,
    2: WAIT_4S7S,
    3: WAIT_4S7S_B,
}
# The discard each seat makes (a simple, so that nobody has nagashi mangan).
SIMPLE_DISCARDS = ("6m", "3p", "8s", "2s")


def draw_table(ruleset: str, hands: dict[int, str]) -> Table:
    t = Table(ruleset, hands)
    warm_up(t, SIMPLE_DISCARDS)
    t.state.wall = 0  # set directly: the wall is exhausted after this go-around
    return t


# variants.md #42: 3,000 in all (EMA25 [S4], Tenhou [S14], ML [S19]; '*' EMA16, WRC, MJS;
# JPML '?'), shared by the players in tenpai, paid equally by those not.
NOTEN = {
    0: (0, 0, 0, 0),
    1: (3000, -1000, -1000, -1000),
    2: (1500, 1500, -1500, -1500),
    3: (1000, 1000, 1000, -3000),
    4: (0, 0, 0, 0),
}


@pytest.mark.parametrize("count", sorted(NOTEN))
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_noten_payments(ruleset: str, count: int) -> None:
    hands = {s: TENPAI[s] for s in range(count)}
    t = draw_table(ruleset, hands)
    tenpai = list(range(count))
    assert t.drawn_hand("exhaustive", tenpai=tenpai, deltas=NOTEN[count]) == []
    assert t.referee.tenpai == tuple(tenpai)
    assert t.change() == list(NOTEN[count])


# 1111m 234p 567p 789s: its only wait is a fifth 1m. variants.md #43: noten in EMA16 [S3,S4],
# EMA25 [S4], WRC22 [S25], Tenhou [S14]; '?' elsewhere (the rulesets say noten).
KARATEN = "1111m234p567p789s"


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_wait_on_tiles_one_holds_all_four_of_is_noten(ruleset: str) -> None:
    t = draw_table(ruleset, {1: KARATEN, 2: WAIT_4S7S})
    assert t.drawn_hand("exhaustive", tenpai=[2], deltas=(-1000, -1000, 3000, -1000)) == []
    assert t.referee.tenpai == (2,)


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_showing_tenpai_on_a_wait_one_holds_all_four_of_is_reported(ruleset: str) -> None:
    t = draw_table(ruleset, {1: KARATEN, 2: WAIT_4S7S})
    found = t.drawn_hand("exhaustive", tenpai=[1, 2], deltas=(-1500, 1500, 1500, -1500))
    assert "tenpai" in [d.what for d in found]


# Seat 2 discards only terminals and honours, none called. Nagashi mangan (variants.md #17):
# Tenhou and MJS 'mangan-tsumo payments replace noten payments; settled as a draw' [S14,S16];
# a non-dealer: the dealer pays 4,000, the others 2,000. None in the other rulesets (#17 'no'),
# where the noten payments stand: seat 1 tenpai alone, +3,000.
NAGASHI_DISCARDS = ("6m", "3p", "9s", "2s")


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_nagashi_mangan(ruleset: str) -> None:
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t, NAGASHI_DISCARDS)
    t.turn(0, "7m")
    t.turn(1, "5p")
    t.turn(2, "1z")
    t.turn(3, "3s")
    t.state.wall = 0  # set directly: the wall is exhausted
    if rule(ruleset, "nagashi_mangan"):
        found = t.drawn_hand("nagashi_mangan", seat=3, tenpai=[1],
                             deltas=(-4000, -2000, 8000, -2000))
    else:
        found = t.drawn_hand("exhaustive", seat=3, tenpai=[1],
                             deltas=(-1000, 3000, -1000, -1000))
    assert found == []
    assert t.conserved()


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjong-soul"])
def test_nagashi_mangan_of_the_dealer(ruleset: str) -> None:
    """A dealer's nagashi mangan is paid as a dealer's mangan by self-draw: 4,000 from each
    (#17 'mangan-tsumo payments'); seat 1's tenpai earns nothing (no noten payments)."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t, ("9m", "3p", "8s", "2s"))
    t.turn(0, "1p")
    t.turn(1, "5p")
    t.turn(2, "6m")
    t.turn(3, "3s")
    t.state.wall = 0  # set directly
    assert t.drawn_hand("nagashi_mangan", seat=3, tenpai=[1],
                        deltas=(12000, -4000, -4000, -4000)) == []


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjong-soul"])
def test_no_nagashi_mangan_when_a_discard_was_called(ruleset: str) -> None:
    """#17 (and table.rules: 'none of them called'): seat 3 pons seat 2's 1z, so seat 2 has no
    nagashi mangan and the noten payments stand."""
    t = Table(ruleset, {1: WAIT_1S4S, 3: "11z48m48p48s23456z"})
    warm_up(t, NAGASHI_DISCARDS)
    t.turn(0, "7m")
    t.turn(1, "5p")
    t.turn(2, "1z")
    assert t.call(3, "11-1z", 2) == []
    t.discard(3, "6z")
    t.state.wall = 0  # set directly
    assert t.drawn_hand("exhaustive", seat=3, tenpai=[1],
                        deltas=(-1000, 3000, -1000, -1000)) == []


# Seat 1: 19m 19p 19s 1234z + 5z 6z (eleven kinds of terminals and honours) + 23m.
NINE_TERMINALS = "19m19p19s12345z23m"
# variants.md #41: kyuushu kyuuhai in Tenhou [S14] and MJS [S13,S17]; no abortive draws in
# EMA16 [S1], EMA25 [S4], WRC22 [S6,S8], WRC25 [S12], ML [S19,S20]; JPML '?' (none kept).
KYUUSHU = {"tenhou", "mahjong-soul"}


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_kyuushu_kyuuhai_on_the_first_turn(ruleset: str) -> None:
    t = Table(ruleset, {1: NINE_TERMINALS})
    t.turn(0, "7z")
    t.draw(1, "5m")
    found = t.drawn_hand("kyuushu_kyuuhai", seat=1)
    assert [d.what for d in found] == ([] if ruleset in KYUUSHU else ["illegal_draw"])


@pytest.mark.parametrize("ruleset", sorted(KYUUSHU))
def test_kyuushu_kyuuhai_not_after_a_call(ruleset: str) -> None:
    """table.rules 'draw kyuushu_kyuuhai' (#41): on the first turn, with no call made yet.
    Seat 3 pons seat 0's first discard; seat 1's first draw comes after that call."""
    t = Table(ruleset, {1: NINE_TERMINALS, 3: "77z48m48p48s23456z"})
    t.turn(0, "7z")
    assert t.call(3, "77+7z", 0) == []
    t.discard(3, "2z")
    t.turn(0, "6z")
    t.draw(1, "5m")
    assert [d.what for d in t.drawn_hand("kyuushu_kyuuhai", seat=1)] == ["illegal_draw"]


@pytest.mark.parametrize("ruleset", sorted(KYUUSHU))
def test_kyuushu_kyuuhai_not_on_the_second_turn(ruleset: str) -> None:
    t = Table(ruleset, {1: NINE_TERMINALS})
    t.turn(0, "7z")
    t.turn(1, "5m")
    t.turn(2, "5m")
    t.turn(3, "5m")
    t.turn(0, "7m")
    t.draw(1, "7m")
    assert [d.what for d in t.drawn_hand("kyuushu_kyuuhai", seat=1)] == ["illegal_draw"]


# #41: suufon renda in Tenhou and MJS, in no other bundled ruleset.
@pytest.mark.parametrize("ruleset", BUNDLED)
def test_four_winds_discarded(ruleset: str) -> None:
    t = Table(ruleset, {0: "159m159p159s1235z", 1: "268m268p268s1567z",
                        2: "37m37p37s1235677z", 3: "48m48p48s1235567z"})
    for seat in range(4):
        t.turn(seat, "4z")
    found = t.drawn_hand("suufon_renda", seat=3)
    assert [d.what for d in found] == ([] if ruleset in KYUUSHU else ["illegal_draw"])




@pytest.mark.parametrize("ruleset", ["ema-2016", "tenhou"])
def test_an_exhaustive_draw_needs_an_empty_wall(ruleset: str) -> None:
    """002 【流局】2) 荒牌流局: the exhaustive draw is the wall running out (EMA 2016 §3.1:
    a hand ends with a win or a draw). Here 66 tiles are left."""
    t = Table(ruleset, {1: WAIT_1S4S})
    warm_up(t, SIMPLE_DISCARDS)
    found = t.drawn_hand("exhaustive", tenpai=[1], deltas=(-1000, 3000, -1000, -1000))
    assert found != []
