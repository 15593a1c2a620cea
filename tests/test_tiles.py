"""Tiles, the mpsz notation, dora and winds."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules.errors import InputError
from riichi_rules.tiles import (
    KINDS,
    NotationError,
    Suit,
    Tile,
    Wind,
    dora_of,
    format_tiles,
    parse_tiles,
)

tiles_st = st.builds(
    lambda k, r: Tile.of(k, r and k in (4, 13, 22)), st.sampled_from(KINDS), st.booleans()
)


def test_kinds_and_names() -> None:
    # 1m..9m = 0..8, 1p = 9, 1s = 18, 1z (East) = 27, 7z (Red) = 33.
    assert [str(Tile.of(k)) for k in (0, 8, 9, 17, 18, 26, 27, 33)] == [
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
        "1z",
        "7z",
    ]
    assert str(Tile.of(4, red=True)) == "0m"
    assert str(Tile.of(22, red=True)) == "0s"
    assert len(KINDS) == 34


def test_interned() -> None:
    assert Tile.of(5) is Tile.of(5)
    assert Tile.of(13, True) is Tile.of(13, True)
    assert Tile.of(13, True) != Tile.of(13)
    assert Tile(13) == Tile.of(13)


def test_invalid_tile_construction() -> None:
    with pytest.raises(ValueError):
        Tile(34)
    with pytest.raises(ValueError):
        Tile(3, red=True)  # 4m cannot be red


def test_properties() -> None:
    five_pin = Tile.of(13)
    assert (five_pin.suit, five_pin.number, five_pin.simple, five_pin.terminal) == (
        Suit.PIN,
        5,
        True,
        False,
    )
    nine_sou = Tile.of(26)
    assert nine_sou.terminal and nine_sou.yaochuu and not nine_sou.simple and nine_sou.suited
    north = Tile.of(30)
    assert north.honour and north.wind and not north.dragon and north.number == 4
    assert north.suit is Suit.HONOUR and not north.suited and north.yaochuu
    green = Tile.of(32)  # 6z = Green dragon
    assert green.dragon and green.green and not green.wind
    # all-green tiles: 2s 3s 4s 6s 8s 6z
    assert [str(Tile.of(k)) for k in KINDS if Tile.of(k).green] == [
        "2s",
        "3s",
        "4s",
        "6s",
        "8s",
        "6z",
    ]
    # 7 simples in each of three suits, 6 terminals, 7 honours
    assert sum(Tile.of(k).simple for k in KINDS) == 21
    assert sum(Tile.of(k).terminal for k in KINDS) == 6
    assert sum(Tile.of(k).yaochuu for k in KINDS) == 13
    assert Tile.of(4, True).simple and Tile.of(4, True).number == 5


def test_parse_tiles() -> None:
    assert parse_tiles("") == ()
    assert parse_tiles("123m") == (Tile.of(0), Tile.of(1), Tile.of(2))
    # "0p" is the red five pin (kind 13), "7z" the red dragon (kind 33)
    assert parse_tiles("0p7z") == (Tile.of(13, True), Tile.of(33))
    assert parse_tiles("1m1m") == parse_tiles("11m")


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("8z", "unknown_tile", "'8z' at position 1"),
        ("10z", "unknown_tile", "'0z' at position 2"),
        ("123", "bad_notation", "no suit letter"),
        ("m", "bad_notation", "position 1"),
        ("12x", "bad_notation", "'x' at position 3"),
        ("1 2m", "bad_notation", "' ' at position 2"),
        ("\uff11m", "bad_notation", "position 1"),  # full-width digit one
    ],
)
def test_parse_errors(text: str, code: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.code == code
    assert fragment in info.value.message
    assert isinstance(info.value, InputError)


def test_format_tiles() -> None:
    # consecutive tiles of one suit share a letter; order is kept
    assert format_tiles(parse_tiles("123m456p11z")) == "123m456p11z"
    assert format_tiles(parse_tiles("1m2m1p3m")) == "12m1p3m"
    assert format_tiles([]) == ""
    assert format_tiles([Tile.of(4, True), Tile.of(4)]) == "05m"


@given(st.lists(tiles_st, max_size=20))
def test_round_trip_tiles(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@given(st.lists(tiles_st, max_size=20))
def test_round_trip_text(tiles: list[Tile]) -> None:
    canonical = format_tiles(tiles)
    assert format_tiles(parse_tiles(canonical)) == canonical


@given(st.text())
def test_parser_only_raises_notation_errors(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_tiles(text)


@given(st.text(alphabet="0123456789mpsz-+= x"))
def test_parser_on_near_miss_text(text: str) -> None:
    try:
        out = parse_tiles(text)
    except NotationError:
        return
    assert all(isinstance(t, Tile) for t in out)


def test_dora_of() -> None:
    def d(s: str) -> str:
        return str(Tile.of(dora_of(parse_tiles(s)[0])))

    # suits cycle 9 -> 1; winds E S W N E; dragons White Green Red White
    assert [d(x) for x in ("1m", "9m", "0p", "9s", "1z", "4z", "5z", "7z")] == [
        "2m",
        "1m",
        "6p",
        "1s",
        "2z",
        "1z",
        "6z",
        "5z",
    ]


def test_wind() -> None:
    assert [w.tile_kind for w in Wind] == [27, 28, 29, 30]
    assert Wind.parse("E") is Wind.E
    assert Wind.parse("south") is Wind.S
    assert Wind.parse("3z") is Wind.W
    assert Wind.parse("North") is Wind.N
    for bad in ("5z", "up", "", 1):
        with pytest.raises(InputError) as info:
            Wind.parse(bad)
        assert info.value.code == "bad_field"
