"""The hand referee's questions to the table rules (referee/hand.py)."""

from __future__ import annotations

from riichi_rules.records.events import Draw
from riichi_rules.referee.hand import HandReferee
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind, parse_tiles


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
