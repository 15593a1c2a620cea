"""HandReferee.game_over: the end of the game, as the next_hand rule ``game_end`` of
rulesets/base/table.rules says, once a hand has ended.

Each case plays the end of one hand with the scenario builder (tests/referee/scenarios.py) and
asks whether the game ends after it. The hands used:

* an exhaustive draw: the wall is emptied (``state.wall = 0``) before any discard, so no
  nagashi mangan; the dealer, when tenpai, holds 234m 567p 34s 678s 55p (waiting on 2s/5s) and
  is paid 1,000 by each of the three others (variants.md #42: 3,000 in all from the noten
  players);
* a dealer tsumo: the same hand draws 2s after one go-around: menzen tsumo 1 + tanyao 1 + pinfu
  1 = 3 han 20 fu (pinfu tsumo), 20 x 2^5 = 640 basic points, the dealer paid 640 x 2 = 1,280
  -> 1,300 by each other player (EMA 2016 §5 payments; Tenhou the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from referee.scenarios import Table
from riichi_rules.records.events import Draw
from riichi_rules.referee.hand import HandReferee
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind, parse_tiles

TENPAI = "234m567p34s678s55p"


def _ruleset(ruleset: str, **changes: object) -> object:
    """A bundled ruleset's config with some parameters changed (for Table)."""
    config = load_config(ruleset)
    return replace(config, parameters={**config.parameters, **changes})


def _table(ruleset: object, round_wind: Wind, dealer: int, scores: Sequence[int],
           dealer_hand: bool = False) -> Table:
    hands = {dealer: TENPAI} if dealer_hand else {}
    return Table(ruleset, hands, dealer=dealer, round_wind=round_wind,  # type: ignore[arg-type]
                 scores=scores)


def draw_end(ruleset: object, round_wind: Wind, dealer: int, scores: Sequence[int], *,
             dealer_tenpai: bool = False, rounds: int = 2) -> bool:
    """Whether the game ends after an exhaustive draw of this hand."""
    t = _table(ruleset, round_wind, dealer, scores, dealer_tenpai)
    t.state.wall = 0
    deltas = [-1000] * 4
    deltas[dealer] = 3000
    if dealer_tenpai:
        t.drawn_hand("exhaustive", seat=dealer, tenpai=[dealer], deltas=deltas)
    else:
        t.drawn_hand("exhaustive", seat=dealer)
    assert t.disagreements == []
    return t.referee.game_over(rounds)


def dealer_tsumo_end(ruleset: object, round_wind: Wind, dealer: int,
                     scores: Sequence[int]) -> bool:
    """Whether the game ends after the dealer wins this hand by self-draw (3,900 all told)."""
    t = _table(ruleset, round_wind, dealer, scores, True)
    for step in range(4):
        seat = (dealer + step) % 4
        t.turn(seat, ("9m", "9p", "9s", "7z")[step])
    t.draw(dealer, "2s")
    deltas = [-1300] * 4
    deltas[dealer] = 3900
    t.tsumo(dealer, han=3, fu=20, points=3900,
            yaku={"menzen_tsumo": 1, "tanyao": 1, "pinfu": 1}, deltas=deltas)
    assert t.disagreements == []
    return t.referee.game_over()


# ---- the regular end: South 4 (East 4 east-only) -------------------------------------------


def test_the_game_ends_after_south_4_when_the_dealer_loses_the_deal() -> None:
    # EMA 2016 §3.1: a game is the East and the South round; South 4's dealer (seat 3) is noten
    # at the draw, so the deal would pass: the game is over
    assert draw_end("ema-2016", Wind.S, 3, [25000] * 4)


def test_the_game_goes_on_after_south_3_and_in_the_east_round() -> None:
    assert not draw_end("ema-2016", Wind.S, 2, [25000] * 4)
    assert not draw_end("ema-2016", Wind.E, 3, [25000] * 4)


def test_an_east_only_game_ends_after_east_4() -> None:
    # a game over one round (the record says east-only: Tenhou's 東 lobbies): East 4 is its
    # last hand; someone is at 30,000, so no extension either
    scores = [31000, 23000, 23000, 23000]
    assert draw_end("tenhou", Wind.E, 3, scores, rounds=1)
    assert not draw_end("tenhou", Wind.E, 3, scores, rounds=2)


def test_without_agari_yame_the_dealer_of_south_4_plays_on() -> None:
    # variants.md #48: no agari-yame at EMA 2016: the dealer of South 4, first after the win,
    # keeps the deal and the game goes on
    assert not dealer_tsumo_end("ema-2016", Wind.S, 3, [30000, 20000, 20000, 30000])


# ---- agari-yame, tenpai-yame (variants.md #48) ---------------------------------------------------


def test_agari_yame_ends_the_game_when_the_last_dealer_wins_in_first_place() -> None:
    # Tenhou (variants.md #48 [S14]): 30,000 / 20,000 / 20,000 / 30,000 before South 4; the
    # dealer (seat 3) wins 3,900: 28,700 / 18,700 / 18,700 / 33,900, first: the game ends
    assert dealer_tsumo_end("tenhou", Wind.S, 3, [30000, 20000, 20000, 30000])


def test_agari_yame_needs_the_dealer_in_first_place() -> None:
    # 40,000 / 20,000 / 20,000 / 20,000: after the win 38,700 ... 23,900: the dealer is not
    # first, keeps the deal, and the game goes on (South 4, 1 honba)
    assert not dealer_tsumo_end("tenhou", Wind.S, 3, [40000, 20000, 20000, 20000])


def test_tenhou_had_no_tenpai_yame_before_june_2010() -> None:
    # shared/data/tenhou bug1.xml (game 2009022022gm-00a9-0000-cd94aac8, 2009-02-20): before
    # South 4-1, 20,000 / 35,400 / 10,200 / 34,400; the dealer (seat 3) alone is tenpai at the
    # draw: 19,000 / 34,400 / 9,200 / 37,400, first with more than 30,000, and the record plays
    # South 4-2
    before = load_config("tenhou", date="2010-06-01")
    assert not draw_end(before, Wind.S, 3, [20000, 35400, 10200, 34400], dealer_tenpai=True)
    # from June 2010 (Tenhou's announcement of 2010-05-18, blog.tenhou.net article 38215017:
    # the all-last dealer, tenpai and first with 30,000 or more after the draw's payments,
    # ends the game) the same draw ends the game, and so it does today
    after = load_config("tenhou", date="2010-06-02")
    assert draw_end(after, Wind.S, 3, [20000, 35400, 10200, 34400], dealer_tenpai=True)
    assert draw_end("tenhou", Wind.S, 3, [20000, 35400, 10200, 34400], dealer_tenpai=True)
    # without the parameter (as before June 2010) the dealer keeps the deal
    no_tenpai_yame = _ruleset("tenhou", tenpai_yame=False)
    assert not draw_end(no_tenpai_yame, Wind.S, 3, [20000, 35400, 10200, 34400],
                        dealer_tenpai=True)


# ---- the West-round extension (variants.md #49 [S14, S15]) ---------------------------------


def test_nobody_at_the_return_points_plays_on_into_the_west_round() -> None:
    # Tenhou: 25,000 each after South 4 (the dealer noten): nobody has 30,000, play goes on
    # into West 1; EMA 2016 has no extension and ends
    assert not draw_end("tenhou", Wind.S, 3, [25000] * 4)
    assert draw_end("ema-2016", Wind.S, 3, [25000] * 4)
    # someone at 30,000 exactly: the game ends ("to 30,000")
    assert draw_end("tenhou", Wind.S, 3, [30000, 24000, 23000, 23000])


def test_sudden_death_in_the_west_round() -> None:
    # West 1 (dealer seat 0) ends, the dealer noten: someone has reached 30,000: the game ends;
    # nobody has: West 2 follows
    assert draw_end("tenhou", Wind.W, 0, [23000, 31000, 23000, 23000])
    assert not draw_end("tenhou", Wind.W, 0, [25000] * 4)


def test_the_dealers_repeat_comes_first_in_the_west_round() -> None:
    # tenhou.net/man as quoted in [S15] (Mortal arena/game.rs): sudden death ends the game once
    # someone has 30,000 "but the dealer's repeat takes precedence": the West 1 dealer (seat 0),
    # tenpai but not first, keeps the deal although seat 1 has 32,000 after the draw
    assert not draw_end("tenhou", Wind.W, 0, [20000, 33000, 23000, 24000], dealer_tenpai=True)


def test_west_4_is_the_last_hand_of_the_extension() -> None:
    # variants.md #49: "ends by W4": nobody at 30,000 after West 4 (the dealer noten), and the
    # game is over all the same
    assert draw_end("tenhou", Wind.W, 3, [25000] * 4)
    assert not draw_end("tenhou", Wind.W, 2, [25000] * 4)


# ---- bust (variants.md #47) ---------------------------------------------------------------


def test_a_score_below_zero_ends_the_game_where_the_ruleset_says_so() -> None:
    # East 1: the dealer alone tenpai takes 1,000 from each; seat 1 had 500 and drops to -500.
    # Tenhou ends the game ("below 0" [S14]); EMA 2016 plays on ([S1]).
    scores = [25000, 500, 37250, 37250]
    assert draw_end("tenhou", Wind.E, 0, scores, dealer_tenpai=True)
    assert not draw_end("ema-2016", Wind.E, 0, scores, dealer_tenpai=True)
    # exactly 0 is not below 0
    assert not draw_end("tenhou", Wind.E, 0, [25000, 1000, 37000, 37000], dealer_tenpai=True)


def test_turn_options_of_some_kinds_and_tiles() -> None:
    """turn_options lists only the kinds of option and the tiles asked for. The dealer holds
    123m456p789s1123z and draws 4z: no table rule forbids a discard on a turn begun by a draw
    (EMA 2016 §3.3.2 forbids only after a call), so each of its 13 kinds may go; asked about
    1z and 4z, those two."""
    referee = HandReferee(program("ema-2016"), dealer=0, round_wind=Wind.E, honba=0, sticks=0,
                          scores=[25000] * 4, hands=[parse_tiles(h) for h in (
                              "123m456p789s1123z", "159m159p159s1234z", "37m37p37s1234567z",
                              "48m48p48s1234567z")], dora_indicator=parse_tiles("9p")[0])
    referee.apply(Draw(0, parse_tiles("4z")[0], index=0))
    every = referee.turn_options()
    discards = referee.turn_options(("discard",))
    assert discards == [o for o in every if o.startswith("discard ")] and len(discards) == 13
    assert referee.turn_options(("discard",), parse_tiles("1z4z")) == ["discard 1z",
                                                                      "discard 4z"]
