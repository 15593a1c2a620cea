"""The facts of a table question (language/table_vocabulary.py): defaults, and the seat's
tiles worked out on the first read."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules.hand import parse_meld
from riichi_rules.language.table_vocabulary import DERIVED, TableEnv, seats_of
from riichi_rules.referee.questions import SeatEnv
from riichi_rules.tiles import parse_tiles


class _Counting(TableEnv):
    """A question that counts how often each derived fact is worked out."""

    def __init__(self) -> None:
        super().__init__(0, 0)
        self.asked: list[str] = []

    def derive(self, name: str) -> Any:
        self.asked.append(name)
        return super().derive(name)


def test_a_derived_fact_is_worked_out_once_on_the_first_read() -> None:
    env = _Counting()
    assert env.asked == []  # nothing is worked out when the question is made
    assert env.counts == DERIVED["counts"] and env.counts == (0,) * 34
    assert env.waits == () and env.waits == ()
    assert env.asked == ["counts", "waits"]  # each once: the second read finds it kept


def test_a_fact_set_by_the_question_is_not_worked_out() -> None:
    env = _Counting()
    tiles = tuple(parse_tiles("123m"))
    env.tiles = tiles
    assert env.tiles == tiles and env.asked == []


def test_a_seat_question_works_out_the_tiles_from_the_hand_and_melds() -> None:
    # a hand of 1m 2m 3m 5p with a pon of 7z called from the left (77-7z): tiles are the hand
    # then the meld's tiles, and counts has 1 for each of 1m 2m 3m 5p (kinds 0, 1, 2, 13)
    # and 3 for 7z (kind 33)
    env = SeatEnv(0, 0)
    env.hand = tuple(parse_tiles("123m5p"))
    env.seat_melds = (parse_meld("7-77z"),)
    assert [t.kind for t in env.tiles] == [0, 1, 2, 13, 33, 33, 33]
    expected = [0] * 34
    for kind in (0, 1, 2, 13):
        expected[kind] = 1
    expected[33] = 3
    assert env.counts == tuple(expected)
    assert env.held(33) == 3


def test_a_question_has_no_getattr_hook() -> None:
    # a class with __getattr__ makes every read of its instances' attributes slower (CPython
    # goes through slot_tp_getattr_hook: 10 % of a replay, bench/README.md): the derived facts
    # are descriptors, each with its default in DERIVED
    assert "__getattr__" not in vars(TableEnv) and "__getattr__" not in vars(SeatEnv)
    assert set(DERIVED) == {
        "hand", "tiles", "counts", "melds", "waits", "own_discards", "own_added_kan_tiles",
        "passed_since_own_turn", "passed_since_own_discard", "passed_since_riichi",
        "first_discards", "riichi_seats", "kan_seats", "completes", "furiten"}


def test_a_misspelt_fact_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        _ = TableEnv(0, 0).tiless  # type: ignore[attr-defined]


@given(st.lists(st.integers(-30000, 90000).map(lambda x: x // 100 * 100), min_size=3,
                max_size=4))
def test_the_seats_places_are_their_order_by_score_then_seat(scores: list[int]) -> None:
    # SeatFacts' definitions: place is the position in the order by score (highest first),
    # equal scores in seat order; rank 1 + the higher scores; tied the seats with this score
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    for facts in seats_of(scores):
        assert facts.points == scores[facts.seat]
        assert facts.place == order.index(facts.seat) + 1
        assert facts.rank == 1 + sum(1 for x in scores if x > facts.points)
        assert facts.tied == scores.count(facts.points)
