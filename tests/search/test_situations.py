"""Situations: each makes a possible win or none; changes and plainer versions stay in the
space; a seed decides everything."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_rules.hand import Win
from riichi_rules.search.situations import (
    STANDARD,
    Situation,
    compact,
    mutate,
    random_situation,
    simpler,
)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_a_situation_makes_a_valid_win_or_none(seed: int) -> None:
    rng = random.Random(seed)
    made = 0
    for _ in range(30):
        situation = mutate(rng, random_situation(rng))
        win = situation.to_win()
        if win is None:
            continue
        made += 1
        win.validate()
        # the compact form is what riichi score reads, and reads back as the same win
        assert Win.from_json(compact(win)) == win
        # one indicator, and one more for each kan
        assert len(win.dora) <= 1 + sum(1 for m in win.melds if m.is_kan)
    assert made > 0


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_plainer_is_never_less_plain(seed: int) -> None:
    rng = random.Random(seed)
    situation = random_situation(rng)
    for plainer in simpler(situation):
        assert plainer.plainness() <= situation.plainness()
        assert plainer.changes_from(situation) >= 1


def test_a_seed_decides_the_situations() -> None:
    def draw(seed: int) -> list[Situation]:
        rng = random.Random(seed)
        return [mutate(rng, random_situation(rng)) for _ in range(50)]

    assert draw(7) == draw(7)
    assert draw(7) != draw(8)


def test_red_fives_go_to_the_first_five_of_their_suit() -> None:
    from riichi_rules.search.situations import SetPlan

    plan = Situation(STANDARD, (SetPlan("chow", 3), SetPlan("pung", 13), SetPlan("chow", 18),
                                SetPlan("chow", 21)), pair=31, red=frozenset({0, 1}))
    win = plan.to_win()
    assert win is not None
    # 4m5m6m: its 5m is red; 5p5p5p: one of them is red; 4s5s6s: not red (suit 2 not asked)
    assert sum(t.red for t in win.concealed) == 2
    assert {str(t) for t in win.concealed if t.red} == {"0m", "0p"}
