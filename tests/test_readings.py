"""Readings of complete hands: decompositions, win groups and waits."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider

from riichi_rules.hand import Meld, Win, parse_meld
from riichi_rules.readings import (
    Form,
    Group,
    Reading,
    Shape,
    Wait,
    counts_of,
    readings,
    standard_decompositions,
)
from riichi_rules.tiles import Tile, format_tiles, parse_tiles


def win(hand: str, tile: str, tsumo: bool = False, melds: tuple[str, ...] = ()) -> Win:
    return Win.from_json({"hand": hand, "win": tile, "tsumo": tsumo, "melds": list(melds)})


def show(r: Reading) -> tuple[str, str, list[str], int | None]:
    return (r.form.value, r.wait.value, [format_tiles(g.tiles) for g in r.groups], r.win_group)


def test_three_waits() -> None:
    # 5556788m + 8m: (a) 555 678 88: the 8m ends 67 (two-sided) or pairs an 8 (single);
    # (b) 55 567 888: the 8m completes 888 from 88 + 55 (a shanpon: pair wait).
    rs = readings(win("55567888m567p789s", "8m"))
    assert [show(r) for r in rs] == [
        ("standard", "pair", ["567m", "888m", "567p", "789s", "55m"], 1),
        ("standard", "two_sided", ["555m", "678m", "567p", "789s", "88m"], 1),
        ("standard", "single", ["555m", "678m", "567p", "789s", "88m"], 4),
    ]
    # on a ron the completed pung is not concealed; chows and pairs stay concealed
    assert [g.concealed for g in rs[0].groups] == [True, False, True, True, True]
    assert all(g.concealed for r in rs[1:] for g in r.groups)


def test_three_sided_nobetan() -> None:
    # 2345678p waits 2p 5p 8p; each completes the pair (22+345+678, 234+55+678, 234+567+88)
    for tile, pair in (("2p", "22p"), ("5p", "55p"), ("8p", "88p")):
        rs = readings(win("2345678p234m789s" + tile, tile))
        assert [(r.wait, format_tiles(r.groups[-1].tiles), r.win_group) for r in rs] == [
            (Wait.SINGLE, pair, 4)
        ]


def test_sanankou_or_three_identical_chows() -> None:
    # 111222333m: three pungs, or three 123m chows (the 3m ends 12: an edge wait);
    # the three identical chows give one reading only
    rs = readings(win("111222333m22p789s", "3m", tsumo=True))
    assert [show(r) for r in rs] == [
        ("standard", "pair", ["111m", "222m", "333m", "789s", "22p"], 2),
        ("standard", "edge", ["123m", "123m", "123m", "789s", "22p"], 0),
    ]
    assert rs[0].groups[2].concealed  # tsumo: the pung stays concealed
    ron = readings(win("111222333m22p789s", "3m"))
    assert not ron[0].groups[2].concealed
    # a 2m win: middle of 123 (closed) or the 222 pung
    assert [r.wait for r in readings(win("111222333m22p789s", "2m"))] == [Wait.PAIR, Wait.CLOSED]


def test_ryanpeikou_is_also_seven_pairs() -> None:
    # 223344m 556677p 11z: 234m 234m 567p 567p + 11z, or seven pairs
    rs = readings(win("223344m556677p11z", "2m"))
    assert [(r.form, r.wait, r.win_group) for r in rs] == [
        (Form.STANDARD, Wait.TWO_SIDED, 0),  # 2m ends 34m: two-sided; one of the twin chows
        (Form.SEVEN_PAIRS, Wait.SINGLE, 0),
    ]
    assert [g.shape for g in rs[1].groups] == [Shape.PAIR] * 7
    single = readings(win("223344m556677p11z", "1z"))
    assert [(r.form, r.wait, r.win_group) for r in single] == [
        (Form.STANDARD, Wait.SINGLE, 4),
        (Form.SEVEN_PAIRS, Wait.SINGLE, 6),
    ]


def test_four_of_a_kind_is_not_two_pairs() -> None:
    assert readings(win("1111m223344p5566s", "1m")) == ()


def test_thirteen_orphans() -> None:
    # 13 distinct terminals/honours then the 1m: thirteen-sided, the pair 11m is the win group
    (r,) = readings(win("119m19p19s1234567z", "1m"))
    assert (r.form, r.wait, r.win_group) == (Form.THIRTEEN_ORPHANS, Wait.THIRTEEN_SIDED, 0)
    assert [g.shape for g in r.groups] == [Shape.PAIR] + [Shape.SINGLE] * 12
    # the pair was already there (11m), the 7z filled the last gap: a single wait on 7z,
    # the 12th single (index 12: 11m, 9m 1p 9p 1s 9s, 1z..7z)
    (r,) = readings(win("119m19p19s1234567z", "7z"))
    assert (r.wait, r.win_group, str(r.groups[12].tiles[0])) == (Wait.SINGLE, 12, "7z")


def test_chuuren() -> None:
    # 1112345678999m + 5m: only 111 234 678 999 + 55 (the 5m pairs: single)
    rs = readings(win("1112345678999m5m", "5m"))
    assert [show(r) for r in rs] == [
        ("standard", "single", ["111m", "234m", "678m", "999m", "55m"], 4)
    ]
    # + 2m: only 111 22 345 678 999 (11+123 or 111+234 would strand the second 2m): single
    rs = readings(win("1112345678999m2m", "2m"))
    assert [(r.wait, r.win_group) for r in rs] == [(Wait.SINGLE, 4)]
    # + 1m: four 1m can only be 111 + 123, then 456 789 99; the 1m completed the 111 pung
    # (pair wait) or the 123 chow at its low end (23m waited on 1m/4m: two-sided)
    rs = readings(win("1112345678999m1m", "1m"))
    assert [(r.wait, r.win_group) for r in rs] == [(Wait.PAIR, 0), (Wait.TWO_SIDED, 1)]


def test_melds_are_fixed_groups() -> None:
    rs = readings(win("234p123s11z", "1z", melds=("4-56m", "5555p")))
    (r,) = rs
    assert [g.shape for g in r.groups] == [
        Shape.CHOW,
        Shape.CHOW,
        Shape.CHOW,
        Shape.KONG,
        Shape.PAIR,
    ]
    # concealed sets, then melds in given order, then the pair; the chi is opened, ankan not
    assert [g.meld for g in r.groups] == [
        None,
        None,
        parse_meld("4-56m"),
        parse_meld("5555p"),
        None,
    ]
    assert [g.concealed for g in r.groups] == [True, True, False, True, True]
    assert r.win_group == 4 and r.wait is Wait.SINGLE
    # a pon and a chi with the red 0p: 234p 123s + 11z pair. The 4p ends 23p (waiting on
    # 1p/4p: two-sided); the 3s ends 12s (waiting on 3s only: edge)
    (r,) = readings(win("234p123s11z", "4p", melds=("77=7z", "0-46p")))
    assert [show(r)[2], r.wait] == [["234p", "123s", "777z", "406p", "11z"], Wait.TWO_SIDED]
    (r,) = readings(win("234p123s11z", "3s", melds=("77=7z", "0-46p")))
    assert (r.wait, r.win_group) == (Wait.EDGE, 1)


def test_red_fives_follow_the_tiles() -> None:
    # 3p 4p 0p 4p 5p 6p: 345p + 456p; the plain 5p wins -> it sits in the win group, the red
    # 0p in the other: 345 (5 ends 34: two-sided) or 456 (5 in the middle: closed)
    rs = readings(win("340456p123s789s11z", "5p"))
    assert [(r.wait, [format_tiles(g.tiles) for g in r.groups][:2]) for r in rs] == [
        (Wait.TWO_SIDED, ["345p", "406p"]),
        (Wait.CLOSED, ["340p", "456p"]),
    ]
    for r in rs:
        assert r.win_group is not None and Tile.of(13) in r.groups[r.win_group].tiles
    # the red five won: it is in the win group
    rs = readings(win("340456p123s789s11z", "0p"))
    for r in rs:
        assert r.win_group is not None and Tile.of(13, True) in r.groups[r.win_group].tiles
    # seven pairs with a red five: 5p 0p pair, third pair by kind
    (r,) = readings(win("1133m0577p2288s11z", "0p"))
    assert r.form is Form.SEVEN_PAIRS and r.groups[2].tiles == (Tile.of(13), Tile.of(13, True))


def test_incomplete_and_missing_win() -> None:
    assert readings(win("1234m567p789s1122z", "1z")) == ()
    w = win("22p234p123s456s789s", "9s")
    assert readings(Win(w.concealed, Tile.of(0))) == ()  # unchecked Win, 1m not in hand
    # only a red 5p in the hand, a plain 5p win cannot be read
    assert readings(Win(parse_tiles("22p340p123s456s789s"), Tile.of(13))) == ()


def test_group_properties() -> None:
    g = Group(Shape.CHOW, parse_tiles("406s"), True, None)
    assert (g.suit.value, g.number, g.first, g.kinds) == ("s", 4, 21, (21, 22, 23))


# ------------------------------------------------------------------ properties


@st.composite
def complete_wins(draw: st.DrawFn) -> Win:
    """A complete hand: four sets and a pair, some of the sets declared as melds."""
    counts = [0] * 34
    sets: list[tuple[str, list[int]]] = []
    for _ in range(4):
        if draw(st.booleans()):
            first = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            sets.append(("chow", [first, first + 1, first + 2]))
        else:
            k = draw(st.integers(0, 33))
            sets.append(("pung", [k] * 3))
    pair = draw(st.integers(0, 33))
    for _, ks in sets:
        for k in ks:
            counts[k] += 1
    counts[pair] += 2
    if max(counts) > 4:
        return draw(complete_wins())
    red_for = {k for k in (4, 13, 22) if counts[k] and draw(st.booleans())}

    def tiles_of(kinds: list[int]) -> list[Tile]:
        out = []
        for k in kinds:
            out.append(Tile.of(k, k in red_for))
            red_for.discard(k)
        return out

    n_melds = draw(st.integers(0, 4))
    melds: list[Meld] = []
    concealed: list[Tile] = []
    for i, (shape, ks) in enumerate(sets):
        ts = tiles_of(ks)
        if i < n_melds:
            if shape == "chow":
                melds.append(Meld.make("chi", ts, ts[0], "left"))
            elif draw(st.booleans()):
                melds.append(Meld.make("pon", ts, ts[0], "across"))
            else:
                melds.append(Meld.make("ankan", [*ts, Tile.of(ks[0])]))
        else:
            concealed.extend(ts)
    concealed.extend(tiles_of([pair, pair]))
    concealed = draw(st.permutations(concealed))
    w = Win(
        tuple(concealed), draw(st.sampled_from(concealed)), tuple(melds), tsumo=draw(st.booleans())
    )
    try:
        w.validate()
    except Exception:  # e.g. an ankan made a fifth copy
        return draw(complete_wins())
    return w


def key(r: Reading, perm: dict[int, int] | None = None) -> Any:
    def k(t: Tile) -> tuple[int, bool]:
        return ((perm[t.kind // 9] * 9 + t.kind % 9) if perm and t.kind < 27 else t.kind, t.red)

    groups = sorted((g.shape, tuple(sorted(map(k, g.tiles))), g.concealed) for g in r.groups)
    wg = r.groups[r.win_group] if r.win_group is not None else None
    wkey = (wg.shape, tuple(sorted(map(k, wg.tiles)))) if wg else None
    return (r.form, r.wait, tuple(groups), wkey)


@settings(max_examples=300)
@given(complete_wins())
def test_readings_are_valid(w: Win) -> None:
    rs = readings(w)
    assert rs, "a complete hand has a reading"
    hand = Counter(w.all_tiles)
    for r in rs:
        assert Counter(t for g in r.groups for t in g.tiles) == hand
        assert r.win_group is not None
        wg = r.groups[r.win_group]
        assert w.win_tile in wg.tiles and wg.meld is None
        if r.form is Form.STANDARD:
            assert len(r.groups) == 5 and r.groups[-1].shape is Shape.PAIR
            assert [g.meld for g in r.groups if g.meld] == list(w.melds)
        for g in r.groups:
            assert g.concealed == (
                not (g.meld and g.meld.opened)
                and not (g is wg and g.shape is Shape.PUNG and not w.tsumo)
            )
    # no two readings are the same choice
    assert len({key(r) for r in rs}) == len(rs)


@settings(max_examples=200)
@given(complete_wins(), st.permutations([0, 1, 2]))
def test_suit_permutation(w: Win, order: list[int]) -> None:
    perm = dict(enumerate(order))

    def move(t: Tile) -> Tile:
        return t if t.kind >= 27 else Tile.of(perm[t.kind // 9] * 9 + t.kind % 9, t.red)

    def move_meld(m: Meld) -> Meld:
        return Meld.make(m.type, map(move, m.tiles), m.called and move(m.called), m.source)

    moved = Win(
        tuple(map(move, w.concealed)),
        move(w.win_tile),
        tuple(map(move_meld, w.melds)),
        tsumo=w.tsumo,
    )
    assert sorted(key(r, perm) for r in readings(w)) == sorted(key(r) for r in readings(moved))


@settings(max_examples=300)
@given(complete_wins())
def test_decompositions_match_mahjong_library(w: Win) -> None:
    if w.melds:
        return
    counts = counts_of(w.concealed)

    def norm(groups: list[list[int]]) -> tuple[tuple[int, ...], ...]:
        return tuple(sorted(tuple(g) for g in groups))

    ours = {
        norm([[k, k + 1, k + 2] if s is Shape.CHOW else [k] * 3 for s, k in sets] + [[pair, pair]])
        for pair, sets in standard_decompositions(counts)
    }
    if all(c in (0, 2) for c in counts):
        ours.add(norm([[k, k] for k, c in enumerate(counts) if c]))
    theirs = {norm(d) for d in HandDivider().divide_hand(list(counts))}
    assert ours == theirs


def test_group_flags_agree_with_its_tiles() -> None:
    # the flags a group carries are what its shape and tiles say, for every group of every
    # reading of some hands with chows, pungs, kongs, pairs and thirteen-orphans singles
    from riichi_rules.tiles import TILE_PROPERTY_TABLES

    hands = [win("123m456p789s11122z", "2z"), win("19m19p19s1234567z1m", "1m"),
             win("11223344556677z", "7z"), win("234s55m", "5m", melds=("1111p", "2-13s", "555=z"))]
    for hand in hands:
        found = readings(hand)
        assert found, format_tiles(hand.concealed)
        for reading in found:
            for g in reading.groups:
                assert g.tile == g.tiles[0] and g.first == g.tiles[0].kind
                traits = g.traits
                assert traits.is_chow == (g.shape is Shape.CHOW)
                assert traits.is_triplet == (g.shape in (Shape.PUNG, Shape.KONG))
                assert traits.is_pair == (g.shape is Shape.PAIR)
                for name in TILE_PROPERTY_TABLES:
                    assert getattr(traits, "all_" + name) == all(getattr(t, name)
                                                                 for t in g.tiles)
                    assert getattr(traits, "any_" + name) == any(getattr(t, name)
                                                                 for t in g.tiles)
