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
    # 2345678p + two sets: 2p 5p 8p (the pair with 345+678, 234+678 or 234+567)
    assert waits(parse_tiles("2345678p234m111z")) == kinds("258p")
    # 23m two-sided 1m/4m; 13m closed 2m; 12m edge 3m
    assert waits(parse_tiles("23m456p789p123s55z")) == kinds("14m")
    assert waits(parse_tiles("13m456p789p123s55z")) == kinds("2m")
    assert waits(parse_tiles("12m456p789p123s55z")) == kinds("3m")
    # shanpon 55z/66z
    assert waits(parse_tiles("123m456p789p55z66z")) == kinds("56z")


def test_seven_pairs_waits() -> None:
    # six pairs and a single 7z: only seven pairs can use them, so only the 7z
    assert waits(parse_tiles("1133m5577p2288s7z")) == kinds("7z")


def test_four_held_still_listed() -> None:
    # 1111m 234p 567p 789s: a fifth 1m would be 111 + 11 and is still listed (callers decide);
    # a 2m or 3m leaves 1111m2m / 1111m3m, which no sets-plus-pair split covers
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
    assert not is_complete(counts_of(parse_tiles("1133m5577p2288s17z")))
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


@settings(max_examples=200)
@given(
    st.lists(
        st.one_of(
            st.builds(
                lambda s, n: [s * 9 + n + i for i in range(3)], st.integers(0, 2), st.integers(0, 6)
            ),
            st.integers(0, 33).map(lambda k: [k] * 3),
        ),
        min_size=4,
        max_size=4,
    ),
    st.integers(0, 33),
)
def test_waits_of_tenpai_hands(sets: list[list[int]], single: int) -> None:
    # four sets and a lone tile: that tile's kind always completes the hand (as the pair)
    hand_kinds = [k for s in sets for k in s] + [single]
    if max(hand_kinds.count(k) for k in hand_kinds) > 4:
        return
    hand = tuple(Tile.of(k) for k in hand_kinds)
    found = waits(hand)
    assert single in found
    for k in found:
        assert readings(Win((*hand, Tile.of(k)), Tile.of(k)))


def _by_definition(hand: tuple[Tile, ...]) -> frozenset[int]:
    # what waits means: the kinds whose tile, added to the hand, makes it complete
    counts = counts_of(hand)
    return frozenset(k for k in range(34)
                     if is_complete([c + (i == k) for i, c in enumerate(counts)]))


@settings(max_examples=300)
@given(st.sampled_from([1, 4, 7, 10, 13]), st.integers(1, 4), st.data())
def test_waits_are_the_kinds_that_complete(size: int, suits: int, data: st.DataObject) -> None:
    # waits looks up only the suit of each kind tried (readings.completing_kinds) and finds
    # seven pairs and thirteen orphans by their shape; the hands drawn from one to four suits
    # (many close to tenpai), up to four copies of a kind, and seven-pair and orphan shapes
    pool = [k for k in range(34) if k // 9 < suits] * 4
    kinds_ = data.draw(st.permutations(pool).map(lambda p: sorted(p[:size])))
    hands = [tuple(Tile.of(k) for k in kinds_)]
    if size == 13:
        pairs = data.draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        hands.append(tuple(Tile.of(k) for k in [*pairs[:6], *pairs[:6], pairs[6]]))
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        doubled, left_out = data.draw(st.permutations(orphans))[:2]
        hands.append(tuple(Tile.of(k) for k in orphans))
        hands.append(tuple(Tile.of(k) for k in [*orphans, doubled] if k != left_out))
    melds = tuple(parse_meld("1111z") for _ in range((13 - size) // 3))
    for hand in hands:
        assert waits(hand, melds) == _by_definition(hand), hand
