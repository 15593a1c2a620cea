"""The scenarios of the table search (search/table_scenarios.py): what a rule's reads ask of
them, that every one drawn or changed is a possible deal, that a seed decides them, and the
shapes of hands they are made of."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_rules.referee.questions import waits
from riichi_rules.search.table_scenarios import (
    ABORTIVE,
    Intent,
    Scenario,
    TableBias,
    _hand,
    _run_beside_a_pung,
    _Table,
    aspects_of,
    mutate,
    random_scenario,
    simpler,
)
from riichi_rules.tiles import Tile

ASPECTS = ("tenpai", "riichi", "calls", "kans", "added_kan", "short", "first", "shared",
           "wins", "scores", "ties", "sticks", "late", "end", "exhaust", "abort", "many",
           "kokushi", "terminals", "rivers", "feed", "honba")
DRAGONS = (31, 32, 33)

biases = st.builds(
    TableBias,
    st.frozensets(st.sampled_from(ASPECTS)),
    st.sampled_from(((), (DRAGONS,), (DRAGONS, (27, 28, 29, 30)))))


def test_what_a_rule_asks_of_its_scenarios() -> None:
    # four seats in riichi: riichi declared, many of them, and the first go-around kept
    # apart (it narrows play: only where the rules write what reads it differently)
    assert {"riichi", "many"} <= aspects_of({"riichi_seats", "many"}, "draw", "suucha_riichi")
    assert "abort:suucha_riichi" in aspects_of((), "draw", "suucha_riichi")
    # a draw rule asked at the exhaustive draw (no draw_end kind of its name)
    assert "exhaust" in aspects_of((), "draw", "noten_payment")
    # the standings and what follows a hand are asked once a hand is over
    assert "end" in aspects_of((), "standings", "final_points")
    # how many may claim one tile: several seats waiting on it
    assert "shared" in aspects_of((), "claim", "ron", ("up_to",))
    # a shared condition on the wall (kan rules: wall > 0) does not ask for a short wall;
    # a condition written differently on it (riichi: wall >= 4 or >= 1) does
    assert "short" not in aspects_of({"wall", "riichi"}, "kan_rule", "closed_kan", (),
                                     {"readings"})
    assert "short" in aspects_of({"wall"}, "riichi_rule", "declare", (), {"wall"})
    # a rule that reads whether a hand was aborted: any abortive draw ends its scenarios
    assert TableBias(aspects_of({"abortive_draw"}, "next_hand", "dealer_repeat")).aborts \
        == ABORTIVE


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), biases)
def test_every_scenario_is_a_possible_deal(seed: int, bias: TableBias) -> None:
    """Four 13-tile hands, no fifth copy of a tile (hands, rivers, indicator), a live wall of
    1 to 70 tiles, rivers only in a hand under way and, at a full wall, the dealer drawing
    first; so is every scenario one change or one simplification away."""
    rng = random.Random(seed)
    scenario = random_scenario(rng, bias)
    assert scenario.valid
    assert all(len(h) == 13 for h in scenario.hands) and max(scenario.counts()) <= 4
    for _ in range(5):
        scenario = mutate(rng, scenario, bias)
        assert scenario.valid
    assert all(s.valid for s in simpler(scenario))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), biases)
def test_a_seed_decides_the_scenarios(seed: int, bias: TableBias) -> None:
    first, again = random.Random(seed), random.Random(seed)
    assert random_scenario(first, bias) == random_scenario(again, bias)
    assert mutate(first, random_scenario(first, bias), bias) == mutate(
        again, random_scenario(again, bias), bias)


def test_simpler_scenarios_are_plainer() -> None:
    """An intent fewer, the usual scores, counters, round and dealer, no rivers, a shorter
    wall: each is plainer (Scenario.plainness) or no less plain, and none adds an intent."""
    hands = tuple(tuple(range(13 * s % 34, 13 * s % 34 + 13)) for s in range(4))
    busy = Scenario(
        hands=tuple(tuple(k % 34 for k in h) for h in hands), dora=33,
        intents=(Intent("riichi", 1), Intent("exhaust")), dealer=2, round=1, honba=2,
        sticks=1, scores=(30000, 30000, 20000, 20000), wall=20, rivers=((0,), (), (), ()),
        first=1)
    for plainer in simpler(busy):
        assert plainer.plainness() <= busy.plainness()
        assert len(plainer.intents) <= len(busy.intents)


def test_a_run_beside_a_pung_waits_on_the_pung() -> None:
    """A hand whose only pung of a suit is 555s gets a run beside it, 678s or 234s, less its
    far end: 555s 67s waits on 5s and 8s (555 + 67, or 55 + 567 + 7... the 67 takes 5s or
    8s), 555s 34s on 2s and 5s. Either way it waits on the kind of its own pung (what a
    furiten rule on an added kan's tile needs, and a kan in riichi)."""
    for seed in range(20):
        groups = [[22, 22, 22], [0, 1, 2], [9, 10, 11], [27, 27, 27], [30, 30]]
        left_out = _run_beside_a_pung(random.Random(seed), groups)
        assert left_out in (25, 19)  # 8s or 2s
        tiles = [k for g in groups for k in g]
        tiles.remove(left_out)
        kinds = {w.kind for w in waits(tuple(Tile.of(k) for k in tiles), ())}
        assert {22, left_out} <= kinds


def test_hands_for_their_roles() -> None:
    """A tenpai hand waits on the tile it was drawn one short of; a filler waits on nothing
    and holds no pair; a kanner holds each pung it means to make a kan of."""
    rng = random.Random(7)
    bias = TableBias(frozenset({"kans"}), (DRAGONS,))
    for _ in range(50):
        plan = _hand(rng, bias, _Table(), "tenpai")
        assert plan is not None and len(plan.tiles) == 13
        assert plan.win in {w.kind for w in waits(tuple(Tile.of(k) for k in plan.tiles), ())}
        filler = _hand(rng, bias, _Table(), "filler")
        assert filler is not None and len(set(filler.tiles)) == 13
        assert not waits(tuple(Tile.of(k) for k in filler.tiles), ())
        kanner = _hand(rng, bias, _Table(), "kanner")
        assert kanner is not None
        assert all(kanner.tiles.count(kind) >= 3 for how, kind in kanner.kans)


def test_hands_of_two_yakuman_for_a_rule_on_the_liable_part() -> None:
    """pao_payment settlement reads the part of a win under liability (its ``covered``), which
    differs from ``total`` only on a hand of two yakuman: a caller drawn for it (themes: the
    dragons of pao daisangen, the winds of pao daisuushii, and the honours together) holds,
    often enough, a hand that calls four honour pungs, three of them the dragons, and
    waits on an honour for its pair (big three dragons
    and all honours, pao.yaml's pao-daisangen-tsuuiisou-tsumo), each call a pung."""
    rng = random.Random(3)
    winds = (27, 28, 29, 30)
    bias = TableBias(frozenset({"calls", "many", "wins", "composite"}),
                     (DRAGONS, winds, (*winds, *DRAGONS)))
    both = 0
    for _ in range(200):
        plan = _hand(rng, bias, _Table(), "caller")
        assert plan is not None
        called = [kind for how, kind in plan.calls if how == "pon"]
        if len(called) == 4 and set(DRAGONS) <= set(called) and plan.win >= 27 \
                and all(k >= 27 for k in called):
            both += 1  # four honour pungs called and an honour pair: all honours
    assert both >= 20
