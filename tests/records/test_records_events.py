"""The neutral record model: a recorded win without a score."""

from __future__ import annotations

import pytest

from riichi_rules.records.events import RecordedWin

DELTAS = (3000, -2000, 0, 0)  # a 2000-point ron with one riichi stick on the table


def win(**score: object) -> RecordedWin:
    fields: dict[str, object] = {"han": None, "fu": None, "points": None, "limit": 0,
                                 "yaku": (), "yakuman": ()}
    fields.update(score)
    return RecordedWin(**fields, deltas=DELTAS, pao=None, honba=0, sticks=1)


def test_a_win_recorded_only_by_its_deltas() -> None:
    assert not win().scored
    assert win(han=2, fu=40, points=2000, yaku=(("riichi", 1), ("ura_dora", 1))).scored


@pytest.mark.parametrize(
    "score",
    [{"han": 2}, {"points": 2000}, {"fu": 40}, {"yaku": (("riichi", 1),)},
     {"yakuman": ("kokushi",)}],
    ids=["han-alone", "points-alone", "fu-alone", "yaku-alone", "yakuman-alone"],
)
def test_half_a_score_is_refused(score: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="han and points together"):
        win(**score)
