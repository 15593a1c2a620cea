"""What can physically happen at the table (referee/mechanics.py): turn order, the tiles a seat
holds, the copies of a tile, and when a kan's dora indicator is turned over.

Sources: ``000`` = shared/rules-sources/000_*.txt (EMA Riichi Competition Rules 2016, chapter 3),
``002`` = 002_*.txt (table practice), ``#n`` = row n of shared/rules-sources/variants.md,
"README" = shared/data/tenhou/README.md, "corpus" = the mjlog files of shared/data/tenhou/mjlog
(the positions of Tenhou's ``DORA`` tags, counted by hand: 33 closed kans followed at once by
``DORA``; 6 daiminkan and 18 added kans followed by the replacement draw and then ``DORA``,
before the discard; 3 added kans robbed, with no ``DORA``; 4 added kans followed by a
replacement-tile self-draw, with no ``DORA``, the ``AGARI`` listing one indicator).

Every hand keeps to four copies of each kind (the fillers of scenarios.py included), so that a
``tiles`` disagreement can only come from the event under test.
"""

from __future__ import annotations

import pytest

from referee.scenarios import BUNDLED, Table, tile, tiles
from riichi_rules.hand import Meld, MeldType, Relative, parse_meld
from riichi_rules.records.events import Call, Discard, Draw, DrawnHand, RecordedWin, WonHand
from riichi_rules.referee.hand import Disagreement
from riichi_rules.referee.mechanics import ACT, DRAW, OVER, RINSHAN

# 23m 234p 567s 88s + 666m: seat 1 calls kan on a 6m and is tenpai on 1m/4m (kans.yaml f1).
KAN_HAND = "666m23m234p567s88s"
# 258m 258p 25s 34567z: far from tenpai, no 6m, no 1s/4s/9s (kans.yaml f0).
FAR = "258m258p25s34567z"
# 234m 567p 23s 678s 99s: waits 1s/4s; a closed ron on 1s is pinfu, 1 han 30 fu.
WAIT_1S4S = "234m567p23s678s99s"


def whats(found: list[Disagreement]) -> list[str]:
    return [d.what for d in found]


def raw_win(t: Table, seat: int, win_tile: str) -> list[Disagreement]:
    """A self-draw as a record might state it, whatever the seat holds (no recorded score)."""
    s = t.seat(seat)
    hand = tuple(sorted(s.hand if s.drawn is not None else (*s.hand, tile(win_tile))))
    blank = RecordedWin(han=None, fu=None, points=None, limit=0, yaku=(), yakuman=(),
                        deltas=(0, 0, 0, 0), pao=None, honba=0, sticks=0)
    return t.apply(WonHand, seat, seat, hand, tile(win_tile), tuple(s.melds), tuple(t.state.dora),
                   (), blank)


# =============================================================================================
# turn order (000 §3.3: "选手按顺序轮流进行自己的回合。从东家开始, 逆时针进行回合。一名选手通过
# 摸牌来开始他的回合 ... 他将打出一张隐藏的手牌来结束自己的回合": turns go round from East,
# counter-clockwise (seat 0, 1, 2, 3); a turn begins with a draw and ends with a discard)
# =============================================================================================


def test_the_dealer_draws_first() -> None:
    t = Table("ema-2016")
    assert whats(t.draw(1, "9m")) == ["turn"]


def test_turns_go_round_in_seat_order() -> None:
    t = Table("ema-2016")
    assert t.turn(0, "9m") == []
    assert whats(t.draw(2, "9m")) == ["turn"]  # seat 1 is next


def test_no_draw_before_the_discard() -> None:
    t = Table("ema-2016")
    t.draw(0, "9m")
    found = t.draw(1, "9m")
    assert whats(found) == ["turn"]
    assert "has not discarded" in found[0].message


def test_a_discard_only_by_the_seat_that_drew() -> None:
    t = Table("ema-2016")
    t.draw(0, "9m")
    assert whats(t.discard(1, "2m")) == ["turn"]


def test_one_discard_per_turn() -> None:
    t = Table("ema-2016")
    t.turn(0, "9m")
    assert whats(t.discard(0, "1m")) == ["turn"]


def test_the_last_discard_is_followed_by_no_draw() -> None:
    """A draw with the live wall empty cannot happen (the hand ends at the last discard)."""
    t = Table("ema-2016")
    t.state.wall = 1  # set directly: one tile left
    t.turn(0, "9m")
    assert whats(t.draw(1, "9m")) == ["turn"]


def test_after_a_call_the_caller_discards_without_drawing() -> None:
    """000 §3.3.4: a pung is called, then the caller discards ("最后从手牌中打出一张牌");
    the claim passes the turn to the caller (§3.3.1)."""
    t = Table("ema-2016", {1: "99m258p258s12347z"})
    t.turn(0, "9m")
    assert t.pon(1, "9-99m", 0) == []
    assert whats(t.draw(2, "9s")) == ["turn"]  # seat 1 has not discarded
    assert whats(t.draw(1, "9s")) == ["turn"]  # nor does the caller draw


def test_a_call_after_the_next_draw_is_illegal() -> None:
    """000 §3.3.1: a tile is claimed "在下一位选手摸牌前" (before the next player draws)."""
    t = Table("ema-2016", {2: "99m258p258s12347z"})
    t.turn(0, "9m")
    t.draw(1, "9s")
    assert whats(t.pon(2, "99=9m", 0)) == ["illegal_call"]


def test_calling_ones_own_discard_is_not_followed() -> None:
    """000 §3.3.1: the other players claim the last discard; the referee reports a call of
    one's own discard and leaves the table as it was."""
    t = Table("ema-2016", {0: "99m258p258s12347z"})
    t.turn(0, "9m")
    found = t.call_meld(0, Meld(MeldType.PON, tiles("999m"), tile("9m"), Relative.LEFT), 0)
    assert whats(found) == ["turn"]
    assert t.seat(0).melds == [] and len(t.seat(0).hand) == 13


def test_a_meld_marked_from_the_wrong_seat() -> None:
    """The meld's direction must name the discarder: ``9=99m`` says across, seat 0 sits on
    seat 1's left."""
    t = Table("ema-2016", {1: "99m258p258s12347z"})
    t.turn(0, "9m")
    assert whats(t.pon(1, "99=9m", 0)) == ["turn"]


def test_riichi_is_declared_on_ones_own_turn() -> None:
    """000 §3.3.14: riichi is declared with the player's own discard."""
    t = Table("ema-2016", {1: WAIT_1S4S})
    t.draw(0, "9m")
    assert whats(t.riichi(1)) == ["turn"]


def test_the_riichi_stick_follows_the_declaring_discard() -> None:
    t = Table("ema-2016")
    t.turn(0, "9m")
    assert whats(t.accept(0)) == ["turn"]  # no riichi was declared


def test_tsumo_only_with_the_tile_just_drawn() -> None:
    """000 §3.3.12: a self-draw win is made with the tile just drawn from the wall or the dead
    wall. Seat 1 pons and claims a self-draw without drawing."""
    t = Table("ema-2016", {1: "99m234p567s11z234m"})
    t.turn(0, "9m")
    t.pon(1, "9-99m", 0)
    assert "turn" in whats(raw_win(t, 1, "5m"))


def test_tsumo_by_another_seat() -> None:
    t = Table("ema-2016", {1: WAIT_1S4S})
    t.draw(0, "1s")
    assert "turn" in whats(raw_win(t, 1, "1s"))


def test_nothing_happens_after_the_hand_has_ended() -> None:
    """Derivation: seat 1's ron (pinfu, 1 han 30 fu: 960 x 4 -> 1,000; no renhou at Tenhou,
    #16) ends the hand (000 §3.1: a hand lasts until a player wins or it is drawn); a later
    draw is not followed."""
    t = Table("tenhou", {1: WAIT_1S4S})
    t.turn(0, "1s")
    assert t.ron(1, 0, han=1, fu=30, points=1000, yaku={"pinfu": 1},
                 deltas=(-1000, 1000, 0, 0)) == []
    found = t.draw(1, "9m")
    assert whats(found) == ["turn"] and "ended" in found[0].message
    assert t.state.phase == OVER and len(t.seat(1).hand) == 13


def test_a_kan_only_on_ones_own_turn() -> None:
    """000 §3.3.7: a concealed kan is declared on one's turn, after a draw."""
    t = Table("ema-2016", {1: "1111m258p258s123z"})
    t.draw(0, "9m")
    assert "turn" in whats(t.closed_kan(1, "1111m"))


def test_after_a_kan_the_replacement_tile_comes_before_the_discard() -> None:
    """000 §3.3.7: after the kan the player draws a replacement tile ("摸取一张岭上牌") and goes
    on with the turn."""
    t = Table("ema-2016", {0: "1111m258p258s123z"})
    t.draw(0, "9m")
    assert t.closed_kan(0, "1111m") == []
    assert t.state.phase == RINSHAN
    t.new_dora(0, "7m")
    assert whats(t.discard(0, "9m")) == ["turn"]


def test_the_exhaustive_draw_comes_after_the_last_discard() -> None:
    t = Table("ema-2016")
    t.state.wall = 1  # set directly
    t.draw(0, "9m")
    assert whats(t.drawn_hand("exhaustive")) == ["turn"]


def test_the_phases_of_a_turn() -> None:
    t = Table("ema-2016")
    assert (t.state.phase, t.state.next_draw) == (DRAW, 0)
    t.draw(0, "9m")
    assert (t.state.phase, t.state.turn) == (ACT, 0)
    t.discard(0, "9m")
    assert (t.state.phase, t.state.next_draw) == (DRAW, 1)


# =============================================================================================
# tiles: a seat uses only tiles it holds; four copies of each kind, one red five per suit
# (000 §3.3.13: a hand waiting only on tiles it holds all four of; README: 136 tiles, ids
# 0..135, the red fives 16, 52, 88, one per suit)
# =============================================================================================


def test_a_discard_the_seat_does_not_hold() -> None:
    t = Table("ema-2016")
    t.draw(0, "9m")
    found = t.discard(0, "6m")
    assert whats(found) == ["tiles"]


def test_a_red_five_is_its_own_copy() -> None:
    """A red five is a five of its suit, but a distinct tile (README: id 52 for the red 5p):
    a seat holding the red 5p and no other 5p cannot discard a plain 5p."""
    t = Table("tenhou", {0: "0p159m19p159s1234z"})
    t.draw(0, "9m")
    found = t.discard(0, "5p")
    assert whats(found) == ["tiles"]
    assert "0p" in found[0].message


def test_a_called_red_five_must_be_the_one_discarded() -> None:
    t = Table("tenhou", {0: "0p159m19p159s1234z", 1: "55p258m258s12345z"})
    t.draw(0, "9m")
    t.discard(0, "0p")
    meld = Meld(MeldType.PON, tiles("555p"), tile("5p"), Relative.LEFT)
    assert "tiles" in whats(t.call_meld(1, meld, 0))


def test_a_closed_kan_of_tiles_not_held() -> None:
    t = Table("ema-2016", {0: "111m258p258s1234z"})
    t.draw(0, "9m")
    assert "tiles" in whats(t.closed_kan(0, "1111m"))


def test_an_added_kan_without_a_pung() -> None:
    t = Table("ema-2016", {0: "111m258p258s1234z"})
    t.draw(0, "1m")
    assert "tiles" in whats(t.added_kan(0, "111-1m", "1m"))


def test_a_fifth_copy_is_drawn() -> None:
    t = Table("ema-2016", {0: "1111m258p258s123z"})
    found = t.draw(0, "1m")
    assert whats(found) == ["tiles"] and "fifth 1m" in found[0].message


def test_a_fifth_copy_in_the_deal() -> None:
    t = Table("ema-2016", {0: "1111m258p258s123z", 1: "1m258m258p58s1234z"})
    assert whats(t.disagreements) == ["tiles"] and t.disagreements[0].event == -1


def test_a_second_red_five() -> None:
    t = Table("tenhou", {0: "0p159m19p159s1234z"})
    found = t.draw(0, "0p")
    assert whats(found) == ["tiles"] and "second red 5p" in found[0].message


def test_a_fifth_copy_as_a_dora_indicator() -> None:
    t = Table("ema-2016", {0: "1111m258p258s123z"})
    t.draw(0, "9m")
    t.closed_kan(0, "1111m")
    assert whats(t.new_dora(0, "1m")) == ["tiles"]


def test_a_tsumo_on_another_tile_than_the_one_drawn() -> None:
    t = Table("ema-2016", {0: WAIT_1S4S})
    t.draw(0, "1s")
    assert "tiles" in whats(raw_win(t, 0, "4s"))


# =============================================================================================
# kan dora timing (kan_rule reveal_at_once; #10, #11)
# =============================================================================================

# #10/#11 as the rulesets take them: True = an open kan's indicator is turned over at once
OPEN_AT_ONCE = {
    "ema-2016": True,  # #11: "immediate, before replacement draw" [S2]; 000 §3.3.5
    "ema-2025": True,  # #11: immediate [S4]
    "wrc-2022": True,  # #11: "immediate?" [S25]: the ruleset takes immediate
    "wrc-2025": True,  # #11: '?': the ruleset keeps the default, immediate
    "tenhou": False,  # #11: "after replacement draw, shown at the discard or next kan" [S15,S16]
    "mahjong-soul": False,  # #11: "same as Tenhou" [S16]
    "m-league": True,  # #11: "immediate; none shown if chankan" [S18,S20]
    "jpml": True,  # #9: no kan dora; #11 n/a: the ruleset keeps the default
}


def kan_table(ruleset: str) -> Table:
    """Seat 1 calls kan on seat 0's 6m (kans.yaml kan-daiminkan-rinshan-tsumo)."""
    t = Table(ruleset, {0: FAR, 1: KAN_HAND, 2: FAR, 3: FAR}, dora="1z")
    t.turn(0, "6m")
    assert t.kan(1, "6666-m", 0) == []
    return t


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_closed_kans_indicator_is_turned_at_once(ruleset: str) -> None:
    """#10: immediate everywhere it is known (EMA16 [S2], EMA25 [S4], Tenhou, MJS [S15,S16],
    ML [S18,S20]); 000 §3.3.7 ("揭示一个杠宝牌并摸取一张岭上牌"); 002 ("暗杠则是执行第一种");
    corpus: 33 of 33 closed kans are followed at once by DORA."""
    t = Table(ruleset, {0: "1111m258p258s123z"})
    t.draw(0, "9m")
    t.closed_kan(0, "1111m")
    assert t.new_dora(0, "7m") == []
    assert t.draw(0, "9s") == []
    late = Table(ruleset, {0: "1111m258p258s123z"})
    late.draw(0, "9m")
    late.closed_kan(0, "1111m")
    assert whats(late.draw(0, "9s")) == ["dora_timing"]


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_an_open_kans_indicator_at_once(ruleset: str) -> None:
    """An indicator turned between the kan and the replacement draw: right where it is turned
    at once (000 §3.3.5: "在揭示新的杠宝牌后, 选手从王牌摸取一枚岭上牌"), too early where it is
    turned after the discard (#11)."""
    t = kan_table(ruleset)
    found = t.new_dora(1, "7s")
    assert whats(found) == ([] if OPEN_AT_ONCE[ruleset] else ["dora_timing"])


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_an_open_kans_indicator_after_the_replacement_draw(ruleset: str) -> None:
    """The replacement draw without an indicator: late where it is turned at once; Tenhou's
    place where it is turned after the discard (corpus: draw, then DORA, then the discard)."""
    t = kan_table(ruleset)
    found = t.draw(1, "1s")
    assert whats(found) == ([] if not OPEN_AT_ONCE[ruleset] else ["dora_timing"])
    if not OPEN_AT_ONCE[ruleset]:
        assert t.new_dora(1, "7s") == []
        assert t.discard(1, "1s") == []


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjong-soul"])
def test_an_open_kans_indicator_not_turned_by_the_next_draw(ruleset: str) -> None:
    """#11 (Tenhou, MJS): shown at the kan player's discard; the next player's draw comes too
    late for it."""
    t = kan_table(ruleset)
    t.draw(1, "1s")
    t.discard(1, "1s")
    assert whats(t.draw(2, "9s")) == ["dora_timing"]


def test_a_new_indicator_without_a_kan() -> None:
    t = Table("ema-2016")
    t.draw(0, "9m")
    assert whats(t.new_dora(0, "7m")) == ["dora_timing"]


def test_rinshan_after_an_open_kan_counts_the_kan_dora_where_shown_at_once() -> None:
    """#11 EMA16: the indicator is turned before the replacement draw, so a win on the
    replacement tile counts it. The new indicator 7s makes 8s dora (the 88s pair: 2).
    Derivation: 234m 234p 567s 88s + 6666m (open): rinshan 1 + tanyao 1 (kuitan, #6) + dora 2 =
    4 han; fu 20 + 8 (open kong of simples) + 2 (self-draw) = 30; basic 30 x 2^6 = 1,920: the
    dealer pays 3,840 -> 3,900, the others 1,920 -> 2,000 each: 7,900."""
    t = kan_table("ema-2016")
    assert t.new_dora(1, "7s") == []
    t.draw(1, "4m")
    assert t.tsumo(1, han=4, fu=30, points=7900, yaku={"rinshan": 1, "tanyao": 1, "dora": 2},
                   deltas=(-3900, 7900, -2000, -2000)) == []


def test_rinshan_after_an_open_kan_does_not_count_the_kan_dora_at_tenhou() -> None:
    """#11 Tenhou: "a rinshan tsumo does not count it" [S15,S16]; corpus: 4 of 4 self-draws on
    an added kan's replacement tile have no DORA before the AGARI and one doraHai (e.g.
    mjx/2017042323gm-00a9-0000-2e214b25.mjlog, doraHai="21"). Derivation: rinshan 1 +
    tanyao 1 = 2 han 30 fu (20 + 8 + 2 -> 30), basic 480: 1,000 from the dealer, 500 from
    each other: 2,000."""
    t = kan_table("tenhou")
    t.draw(1, "4m")
    assert t.tsumo(1, han=2, fu=30, points=2000, yaku={"rinshan": 1, "tanyao": 1},
                   deltas=(-1000, 2000, -500, -500)) == []


def test_a_ron_on_the_discard_after_an_open_kan_counts_its_dora_at_tenhou() -> None:
    """002 (the second way: "开杠者摸来岭上后打出的第一张牌那一瞬间翻开杠宝 ... 若振杠也仍然有杠宝":
    the indicator is turned as the kan player discards, and a win on that discard counts it);
    corpus: DORA comes before the discard. Seat 2 (234m 567p 23s 678s 99s) wins on seat 1's
    1s; the indicator 8s makes its 99s pair dora. Derivation: pinfu 1 + dora 2 = 3 han 30 fu,
    960 x 4 = 3,840 -> 3,900 from seat 1."""
    t = Table("tenhou", {0: FAR, 1: KAN_HAND, 2: WAIT_1S4S, 3: FAR}, dora="1z")
    t.turn(0, "6m")
    t.kan(1, "6666-m", 0)
    t.draw(1, "1s")
    assert t.new_dora(1, "8s") == []
    t.discard(1, "1s")
    assert t.ron(2, 1, han=3, fu=30, points=3900, yaku={"pinfu": 1, "dora": 2},
                 deltas=(0, -3900, 3900, 0)) == []


# kans.yaml chankan-added-kan-robbed: seat 3 ponned 2s and adds the fourth; seat 1
# (234m567p34s678s55p) robs it: chankan 1 + tanyao 1 + pinfu 1 = 3 han 30 fu, 3,900.
CHANKAN = {0: "258m258p1234567z", 1: "234m567p34s678s55p", 2: "258m26p3s1234567z",
           3: "22s258m26p3s13467z"}


def chankan_table(ruleset: str) -> Table:
    t = Table(ruleset, CHANKAN)
    t.turn(0, "2s")
    t.pon(3, "22+2s", 0)
    t.discard(3, "1z")
    t.turn(0, "9m")
    t.turn(1, "6z")
    t.turn(2, "9m")
    t.draw(3, "2s")
    assert t.added_kan(3, "222+2s", "2s") == []
    return t


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_a_robbed_kan_turns_no_indicator(ruleset: str) -> None:
    """002: "如果被抢杠了, 则杠不成立, 那么杠宝牌指示牌也不必翻开" (a robbed kan does not stand:
    no indicator, no replacement tile); #11 ML: "none shown if chankan" [S18,S20]; corpus: 3
    robbed added kans, no DORA before the AGARI."""
    t = chankan_table(ruleset)
    assert t.ron(1, 3, han=3, fu=30, points=3900,
                 yaku={"chankan": 1, "tanyao": 1, "pinfu": 1},
                 deltas=(0, 3900, 0, -3900)) == []


def test_an_indicator_turned_before_the_kan_is_robbed_does_not_count() -> None:
    """002 (as above): the robbed kan never stood, so an indicator turned at its declaration
    (EMA 2016 turns it at once, 000 §3.3.6) is not the winner's: 4p would make the 55p pair
    dora, and the win is still 3 han, 3,900."""
    t = chankan_table("ema-2016")
    assert t.new_dora(3, "4p") == []
    assert t.ron(1, 3, han=3, fu=30, points=3900,
                 yaku={"chankan": 1, "tanyao": 1, "pinfu": 1},
                 deltas=(0, 3900, 0, -3900)) == []


def test_two_kans_in_one_turn_at_tenhou() -> None:
    """#11 Tenhou: an open kan's indicator is shown at the discard "or next kan" [S15,S16]; a
    closed kan's at once (#10). Corpus: 2016052515gm-00a9-0000-c4d72066.mjlog, an added kan,
    its replacement draw, a second added kan, then DORA. Seat 1 adds its fourth 5z, draws the
    fourth 1m, declares a concealed kan: both indicators are turned then."""
    far = "258m36p258s12346z"
    t = Table("tenhou", {0: far, 1: "111m222p333s55z9m7z", 2: far, 3: far}, dora="4p")
    t.turn(0, "5z")
    t.pon(1, "5-55z", 0)
    t.discard(1, "7z")
    t.turn(2, "9p")
    t.turn(3, "9s")
    t.turn(0, "9p")
    t.draw(1, "5z")
    t.added_kan(1, "555-5z", "5z")
    t.draw(1, "1m")
    t.closed_kan(1, "1111m")
    assert t.new_dora(1, "7m") == []
    assert t.new_dora(1, "6p") == []
    t.draw(1, "8p")
    t.discard(1, "8p")
    assert t.disagreements == []


# =============================================================================================
# the referee reports, it does not fail
# =============================================================================================


def test_an_impossible_event_is_a_disagreement_not_an_exception() -> None:
    t = Table("ema-2016")
    found = t.apply(Draw, 7, tile("9m"))
    assert whats(found) == ["turn"]
    found = t.apply(Call, 1, parse_meld("9-99m"), 1)
    assert whats(found) == ["turn"]
    found = t.apply(Discard, 2, tile("9m"), False)
    assert "turn" in whats(found)
    found = t.apply(DrawnHand, 0, "kyuushu_kyuuhai", (), {}, (0, 0, 0, 0))
    assert "turn" in whats(found)


def test_a_hand_changed_in_place_is_counted_anew() -> None:
    # The referee keeps the count of each tile a seat holds (SeatState.held, by give, remove
    # and keep). A hand changed in place otherwise (a tile taken out with the list's own
    # remove, as a kita's North might be) is counted anew: FAR holds one 4z and one 3z; with
    # its 4z taken out, the seat's discard of 4z is of a tile it does not hold, and its
    # discard of 3z is not.
    for discarded, expected in (("4z", ["tiles"]), ("3z", [])):
        t = Table("tenhou", {0: FAR})
        t.seat(0).hand.remove(tile("4z"))
        assert t.draw(0, "9m") == []
        found = t.discard(0, discarded)
        assert whats(found) == expected, found
        assert all(d.message.endswith("which it does not hold") for d in found), found
