"""Tenpai: which kinds complete a hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_rules.errors import InputError
from riichi_rules.hand import Win, parse_meld
from riichi_rules.readings import counts_of, readings
from riichi_rules.tiles import Tile, parse_tiles
from riichi_rules.waits import is_complete, waits


def kinds(text: str) -> frozenset[int]:
    return frozenset(t.kind for t in parse_tiles(text))


def test_nine_gates() -> None:
    # 1112345678999m waits on every man tile
    assert waits(parse_tiles("1112345678999m")) == kinds("123456789m")


def test_thirteen_orphans_waits() -> None:
    assert waits(parse_tiles("19m19p19s1234567z")) == kinds("19m19p19s1234567z")
    # with the pair already there, only the missing 7z
    assert waits(parse_tiles("119m19p19s123456z")) == kinds("7z")


def test_standard_waits() -> None:
    # 2345678p + three sets: 2p 5p 8p (each pairs with the rest as 345/678, 234/678, 234/567)
    assert waits(parse_tiles("2345678p234m789s"[:0] + "2345678p234m111z")) == kinds("258p")
    # 23m two-sided 1m/4m; 13m closed 2m; 12m edge 3m
    assert waits(parse_tiles("23m456p789p123s55z")) == kinds("14m")
    assert waits(parse_tiles("13m456p789p123s55z")) == kinds("2m")
    assert waits(parse_tiles("12m456p789p123s55z")) == kinds("3m")
    # shanpon 55z/66z
    assert waits(parse_tiles("123m456p789p55z66z")) == kinds("56z")


def test_seven_pairs_waits() -> None:
    # six pairs and a single 7z: the 7z (and 7z 1z... no standard shape here)
    assert waits(parse_tiles("1133m5577p2288s7z")) == kinds("7z")


def test_four_held_still_listed() -> None:
    # 1111m 234p 567p 789s: the fifth 1m would be 111 + 11; still listed (callers decide)
    # 1111m could also be 111 + 1 waiting on 2m? 1 alone is a single: 1m only, plus 123 + 11?
    # 11 + 11 + ... no; 111 + 12 with 3m? only with a 2m in hand. So: 1m
    assert waits(parse_tiles("1111m234p567p789s")) == kinds("1m")


def test_with_melds() -> None:
    melds = (parse_meld("4-56s"), parse_meld("5555p"))
    assert waits(parse_tiles("23m789p11z"), melds) == kinds("14m")
    with pytest.raises(InputError) as info:
        waits(parse_tiles("23m789p11z"))
    assert info.value.code == "tile_count"


def test_is_complete() -> None:
    assert is_complete(counts_of(parse_tiles("123m456p789s11122z")))
    assert is_complete(counts_of(parse_tiles("1133m5577p2288s77z")))  # seven pairs
    assert not is_complete(counts_of(parse_tiles("1133m5577p2288s78z")))
    assert is_complete(counts_of(parse_tiles("123m11z")))  # with 3 melds elsewhere


@settings(max_examples=200)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_waits_agree_with_readings(hand_kinds: list[int]) -> None:
    counts = counts_of([Tile.of(k) for k in hand_kinds])
    if max(counts) > 4:
        return
    hand = tuple(Tile.of(k) for k in hand_kinds)
    found = waits(hand)
    for k in range(34):
        w = Win((*hand, Tile.of(k)), Tile.of(k))
        assert bool(readings(w)) == (k in found)
