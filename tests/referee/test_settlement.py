"""Settlement (referee/settlement.py): what an exhaustive draw moves between the seats, as the
``draw`` rules of rulesets/base/table.rules say, read from the hand's state without writing it
(the referee writes what it returns)."""

from __future__ import annotations

from itertools import combinations

import pytest

from referee.scenarios import Table, tile


@pytest.mark.parametrize("ruleset", ["tenhou", "ema-2016"])
def test_every_split_of_the_noten_payments(ruleset: str) -> None:
    # draw noten_payment: 3,000 in all (noten_payment_total, both rulesets) paid in equal
    # shares by the players not in tenpai and shared equally by those in tenpai: with t
    # players in tenpai (1 to 3), each gains 3000 / t and each other pays 3000 / (4 - t);
    # nobody in tenpai, or everybody: nothing. No seat has discarded, so no nagashi mangan.
    t = Table(ruleset)
    t.state.wall = 0
    before = t.points()
    for count in range(5):
        for tenpai in combinations(range(4), count):
            deltas = t.referee.settlement.exhaustive(tenpai)
            if count in (0, 4):
                expected = [0, 0, 0, 0]
            else:
                expected = [3000 // count if s in tenpai else -(3000 // (4 - count))
                            for s in range(4)]
            assert deltas == expected, tenpai
    assert t.points() == before and t.state.sticks == 0  # read, not written


def test_a_nagashi_mangan_takes_the_place_of_the_noten_payments() -> None:
    # Tenhou (nagashi_mangan on): the dealer (seat 0) discarded only terminals and honours,
    # none called: 4,000 from each (draw nagashi_mangan: a dealer's mangan by self-draw), and
    # no noten payments although seat 1 alone is tenpai (noten_payment: nagashi_seats == 0)
    t = Table("tenhou")
    t.state.wall = 0
    t.seat(0).discards = [tile("1m"), tile("4z")]
    assert t.referee.settlement.exhaustive([1]) == [12000, -4000, -4000, -4000]
