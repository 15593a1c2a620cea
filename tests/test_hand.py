"""Melds, the Win situation, their notations and validation."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType, Relative, Win, format_meld, parse_meld
from riichi_rules.tiles import Tile, Wind, parse_tiles

T = Tile.of


# ------------------------------------------------------------------ melds


@pytest.mark.parametrize(
    ("text", "mtype", "tiles", "called", "source"),
    [
        ("4-56s", MeldType.CHI, "456s", "4s", Relative.LEFT),
        ("40-6p", MeldType.CHI, "406p", "0p", Relative.LEFT),  # red 5p called
        ("55=5p", MeldType.PON, "555p", "5p", Relative.ACROSS),
        ("111+z", MeldType.PON, "111z", "1z", Relative.RIGHT),
        ("5555=p", MeldType.DAIMINKAN, "5555p", "5p", Relative.ACROSS),
        ("555=5p", MeldType.ADDED_KAN, "5555p", "5p", Relative.ACROSS),
        ("5555p", MeldType.CLOSED_KAN, "5555p", None, None),
        ("0555p", MeldType.CLOSED_KAN, "5550p", None, None),  # tiles are kept sorted, red last
    ],
)
def test_parse_meld(
    text: str, mtype: MeldType, tiles: str, called: str | None, source: Relative | None
) -> None:
    m = parse_meld(text)
    assert m.type is mtype
    assert m.tiles == parse_tiles(tiles)
    assert m.called == (parse_tiles(called)[0] if called else None)
    assert m.source is source
    assert m.opened == (mtype is not MeldType.CLOSED_KAN)
    assert m.is_kan == (len(m.tiles) == 4)


@pytest.mark.parametrize(
    "text",
    ["4-56s", "40-6p", "45-6s", "55=5p", "50=5p", "5555=p", "555=5p", "5555p", "555+0p", "77-7z"],
)
def test_format_meld_canonical(text: str) -> None:
    assert format_meld(parse_meld(text)) == text


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("4=56s", "bad_meld", "only be called from the left"),
        ("1-23z", "bad_meld", "three consecutive"),
        ("8-91s", "bad_meld", "three consecutive"),  # sorted 189s is not a run
        ("55=6p", "bad_meld", "neither a chi"),
        ("777-z", "", ""),  # not canonical (canonical is 77-7z) but accepted
        ("555p", "bad_meld", "no direction mark"),
        ("4-5-6s", "bad_meld", "more than one"),
        ("-456s", "bad_meld", "must follow"),
        ("55=55=p", "bad_meld", "more than one"),
        ("5-5555p", "bad_meld", "has 5 tiles"),
        # docs/formats.md: a daiminkan has its mark after the 4th tile, a kakan after the 3rd;
        # after the 1st or 2nd a 4-tile meld is neither (it was read as a kakan before)
        ("5-555p", "bad_meld", "the mark '-' at position 2 in '5-555p' follows the 1st tile: "
         "a kan called from a discard (daiminkan) has it after the 4th tile (5555-p), an "
         "added kan (kakan) after the 3rd (555-5p), a closed kan none (5555p)"),
        ("55+55s", "bad_meld", "at position 3 in '55+55s' follows the 2nd tile"),
        ("0=555p", "bad_meld", "(0555=p)"),
        ("", "bad_meld", "empty"),
        ("4-5x6s", "bad_notation", "in meld '4-5x6s'"),
        ("8-88z", "unknown_tile", "8z"),
    ],
)
def test_meld_errors(text: str, code: str, fragment: str) -> None:
    if not code:
        assert parse_meld(text) == parse_meld("77-7z")
        return
    with pytest.raises(InputError) as info:
        parse_meld(text)
    assert info.value.code == code
    assert fragment in info.value.message


def test_meld_make_errors() -> None:
    five = T(13)
    with pytest.raises(InputError, match="no called tile"):
        Meld.make(MeldType.CLOSED_KAN, [five] * 4, five, Relative.LEFT)
    with pytest.raises(InputError, match="needs the called tile"):
        Meld.make(MeldType.PON, [five] * 3)
    with pytest.raises(InputError, match="not one of the tiles"):
        Meld.make(MeldType.PON, [five] * 3, T(13, True), Relative.LEFT)
    with pytest.raises(InputError, match="unknown meld type"):
        Meld.make("kong", [five] * 4)
    with pytest.raises(InputError, match="unknown direction"):
        Meld.make("pon", [five] * 3, five, "up")


def test_meld_json() -> None:
    m = parse_meld("4-56s")
    assert m.to_json() == {"type": "chi", "tiles": "456s", "called": "4s", "from": "left"}
    assert Meld.from_json(m.to_json()) == m
    assert Meld.from_json("4-56s") == m
    assert parse_meld("5555p").to_json() == {"type": "ankan", "tiles": "5555p"}
    with pytest.raises(InputError) as info:
        Meld.from_json({"type": "pon", "tiles": "555p", "caled": "5p", "from": "left"})
    assert info.value.code == "bad_field" and "called" in info.value.message


melds_st = st.one_of(
    st.builds(
        lambda s, n, red, at: Meld.make(
            "chi",
            [T(s * 9 + n + i, red and s * 9 + n + i in (4, 13, 22)) for i in range(3)],
            T(s * 9 + n + at, red and s * 9 + n + at in (4, 13, 22)),
            "left",
        ),
        st.integers(0, 2),
        st.integers(0, 6),
        st.booleans(),
        st.integers(0, 2),
    ),
    st.builds(
        lambda k, t, red, called_red, src: Meld.make(
            t,
            [T(k, red and k in (4, 13, 22))] + [T(k)] * (3 if t != "pon" else 2),
            None if t == "ankan" else T(k, red and called_red and k in (4, 13, 22)),
            None if t == "ankan" else src,
        ),
        st.integers(0, 33),
        st.sampled_from(["pon", "daiminkan", "kakan", "ankan"]),
        st.booleans(),
        st.booleans(),
        st.sampled_from(list(Relative)),
    ),
)


@given(melds_st)
def test_meld_round_trips(m: Meld) -> None:
    assert parse_meld(format_meld(m)) == m
    assert format_meld(parse_meld(format_meld(m))) == format_meld(m)
    assert Meld.from_json(m.to_json()) == m


@given(st.text())
def test_meld_parser_only_raises_input_errors(text: str) -> None:
    with contextlib.suppress(InputError):
        parse_meld(text)


# ------------------------------------------------------------------ Win

EXAMPLE: dict[str, Any] = {
    "hand": "22p234p123s456s789s",
    "win": "9s",
    "tsumo": True,
    "melds": [],
    "seat": "S",
    "round": "E",
    "riichi": True,
    "ippatsu": False,
    "double_riichi": False,
    "rinshan": False,
    "chankan": False,
    "haitei": False,
    "houtei": False,
    "tenhou": False,
    "chiihou": False,
    "renhou": False,
    "dora": ["6s"],
    "ura": [],
    "honba": 0,
    "sticks": 0,
}


def test_win_from_json() -> None:
    w = Win.from_json(EXAMPLE)
    assert len(w.concealed) == 14 and w.win_tile == T(26)
    assert w.seat is Wind.S and not w.dealer and w.closed and w.riichi and w.tsumo
    assert w.dora == (T(23),)
    # the canonical hand merges runs of one suit
    assert w.to_json() == {**EXAMPLE, "hand": "22234p123456789s"}
    assert Win.from_json(w.to_json()) == w


def test_win_defaults_and_melds() -> None:
    # 11 concealed + one chi (3) = 14
    w = Win.from_json({"hand": "234p123s456s11z", "win": "1z", "melds": ["4-56m"]})
    assert w.seat is Wind.E and w.round is Wind.E and w.dealer
    assert not w.tsumo and not w.closed
    assert w.melds == (parse_meld("4-56m"),)
    assert len(w.all_tiles) == 14
    assert w.to_json()["melds"] == [
        {"type": "chi", "tiles": "456m", "called": "4m", "from": "left"}
    ]
    # a closed kan keeps the hand closed; 11 concealed + kan counted as 3
    k = Win.from_json({"hand": "234p123s456s11z", "win": "1z", "melds": ["5555p"]})
    assert k.closed and len(k.all_tiles) == 15


def test_double_riichi_implies_riichi() -> None:
    w = Win.from_json({**EXAMPLE, "riichi": False, "double_riichi": True})
    assert w.riichi and w.double_riichi


def err(**changes: Any) -> InputError:
    obj = {**EXAMPLE, **changes}
    for k in [k for k, v in changes.items() if v is None]:
        del obj[k]
    with pytest.raises(InputError) as info:
        Win.from_json(obj)
    return info.value


@pytest.mark.parametrize(
    ("changes", "code", "fragment"),
    [
        ({"tsuma": True}, "bad_field", "did you mean 'tsumo'"),
        ({"tsumo": "yes"}, "bad_field", "'tsumo' must be true or false"),
        ({"honba": -1}, "bad_field", "'honba'"),
        ({"sticks": True}, "bad_field", "'sticks'"),
        ({"win": None}, "bad_field", "missing field 'win'"),
        ({"hand": 123}, "bad_field", "'hand' must be a string"),
        ({"seat": "X"}, "bad_field", "not a wind"),
        ({"melds": "4-56s"}, "bad_field", "list"),
        ({"honba": -1}, "bad_field", "from 0 to 999, not -1"),
        ({"sticks": 1000}, "bad_field", "from 0 to 999, not 1000"),
        ({"honba": 10**5000}, "bad_field", "not a number of about 5,001 digits"),
        ({"honba": True}, "bad_field", "not True"),
        ({"dora": [6]}, "bad_field", "'dora'"),
        ({"win": "9s9s"}, "bad_field", "one tile"),
        ({"hand": "22p234p123s456s789x"}, "bad_notation", "'x'"),
        ({"win": "8z"}, "unknown_tile", "8z"),
        # 15 tiles: one too many
        ({"hand": "22p234p123s456s7899s"}, "tile_count", "15 tiles"),
        ({"melds": ["1-23m"]}, "tile_count", "17 tiles"),
        # four 9s in the hand plus a 9s dora indicator would be five 9s
        ({"hand": "22p234p123s456s9999s", "melds": [], "dora": ["9s"]}, "tile_count", ""),
        ({"hand": "22p234p999s456s789s", "dora": ["9s", "9s"]}, "too_many_copies", "9s"),
        ({"hand": "00p234p123s456s789s", "win": "0p"}, "too_many_copies", "red five"),
        ({"hand": "22p230p123s456s789s", "dora": ["0p"]}, "too_many_copies", "red five"),
        ({"win": "1z"}, "win_not_in_hand", "1z"),
        # red-aware: only the red 5p is in the hand, so a plain 5p win is not
        ({"hand": "22p340p123s456s789s", "win": "5p"}, "win_not_in_hand", "red fives"),
    ],
)
def test_win_input_errors(changes: dict[str, Any], code: str, fragment: str) -> None:
    e = err(**changes)
    assert e.code == code
    assert fragment in e.message


def test_red_win_tile_accepted() -> None:
    w = Win.from_json({**EXAMPLE, "hand": "22p340p123s456s789s", "win": "0p"})
    assert w.win_tile == T(13, True)


OPEN = {"hand": "22p234p123s456s", "win": "2p", "melds": ["7-89s"], "riichi": False}
KAN = {"hand": "22p234p123s456s", "win": "2p", "melds": ["7777p"]}


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"riichi": False, "ippatsu": True}, "ippatsu needs riichi"),
        ({**OPEN, "riichi": True}, "riichi needs a closed hand"),
        ({"rinshan": True}, "rinshan needs a kan"),
        ({**KAN, "rinshan": True, "tsumo": False}, "rinshan is a self-drawn win"),
        ({**KAN, "rinshan": True, "haitei": True}, "haitei and rinshan"),
        ({"haitei": True, "tsumo": False}, "haitei is a self-drawn win"),
        ({"houtei": True}, "houtei is a win on a discard"),
        ({"chankan": True}, "chankan is a win on another player's kan"),
        ({"chankan": True, "tsumo": False, "houtei": True}, "chankan is a win on a kan"),
        ({"riichi": False, "tenhou": True}, "tenhou is the dealer's"),
        ({"riichi": False, "seat": "E", "tenhou": True, "tsumo": False}, "tenhou is the dealer's"),
        ({"riichi": False, "seat": "E", "chiihou": True}, "chiihou is a non-dealer's"),
        ({"riichi": False, "chiihou": True, "tsumo": False}, "chiihou is a non-dealer's"),
        ({"riichi": False, "renhou": True}, "renhou is a non-dealer's win on a discard"),
        ({"riichi": False, "renhou": True, "tsumo": False, "seat": "E"}, "renhou"),
        ({**OPEN, "chiihou": True}, "chiihou cannot happen after a meld"),
        ({"chiihou": True}, "chiihou cannot happen after declaring riichi"),
        ({"riichi": False, "ura": ["1m"]}, "ura dora indicators are only shown for riichi"),
        # a North set aside (kita) is a call for the first go-around (riichi.wiki "Sanma")
        ({"riichi": False, "seat": "E", "tenhou": True, "kita": 1}, "after a North is set aside"),
        ({"ura": ["1m", "2m"]}, "2 ura dora indicators but 1 dora"),
        ({"dora": ["1m", "2m", "3m", "4m", "6m", "7m"]}, "at most 5"),
    ],
)
def test_impossible_flags(changes: dict[str, Any], fragment: str) -> None:
    e = err(**changes)
    assert e.code == "impossible_flags"
    assert fragment in e.message


def test_kita_in_the_json_form() -> None:
    # riichi.wiki "Sanma": a North set aside is no tile of the hand; kita counts them
    w = Win.from_json({**EXAMPLE, "kita": 2})
    assert w.kita == 2 and len(w.concealed) == 14
    assert w.to_json()["kita"] == 2 and Win.from_json(w.to_json()) == w
    assert "kita" not in Win.from_json(EXAMPLE).to_json()  # four-player output unchanged
    for bad in (-1, True, "2"):
        e = err(kita=bad)
        assert e.code == "bad_field" and "'kita'" in e.message


def test_kita_counts_as_a_copy_of_the_north() -> None:
    # four Norths in all: three held and one set aside is possible, two set aside is not
    hand = {**EXAMPLE, "hand": "22p234p444z456s789s", "win": "9s", "dora": []}
    Win.from_json({**hand, "kita": 1})
    e = err(**{**hand, "kita": 2})
    assert e.code == "too_many_copies" and "5 copies of 4z" in e.message
    assert "Norths set aside (kita)" in e.message
    assert err(kita=5).code == "too_many_copies"


def test_rinshan_after_a_kita() -> None:
    # riichi.wiki "Sanma": the replacement tile drawn after a kita, won on, scores rinshan
    Win.from_json({**EXAMPLE, "rinshan": True, "kita": 1})
    assert "rinshan needs a kan (or a North set aside" in err(rinshan=True).message


def test_possible_flag_combinations() -> None:
    # rinshan after a closed kan, in riichi, with ura dora
    Win.from_json({**EXAMPLE, **KAN, "rinshan": True, "ura": ["3z"]})
    # houtei on a discard, chankan on a discard, renhou for a non-dealer
    Win.from_json({**EXAMPLE, "tsumo": False, "houtei": True})
    Win.from_json({**EXAMPLE, "tsumo": False, "chankan": True})
    Win.from_json({**EXAMPLE, "tsumo": False, "riichi": False, "renhou": True})
    Win.from_json({**EXAMPLE, "seat": "E", "riichi": False, "tenhou": True})


@st.composite
def wins(draw: st.DrawFn) -> Win:
    melds = tuple(draw(st.lists(melds_st, max_size=3)))
    n = 14 - 3 * len(melds)
    kinds = draw(st.lists(st.integers(0, 33), min_size=n, max_size=n))
    red_at = draw(st.integers(0, n))
    concealed = tuple(T(k, i == red_at and k in (4, 13, 22)) for i, k in enumerate(kinds))
    tsumo = draw(st.booleans())
    closed = not any(m.opened for m in melds)
    riichi = closed and draw(st.booleans())
    dora = tuple(draw(st.lists(st.integers(0, 33).map(T), max_size=5)))
    ura = dora[: draw(st.integers(0, len(dora)))] if riichi else ()
    w = Win(
        concealed=concealed,
        win_tile=draw(st.sampled_from(concealed)),
        melds=melds,
        tsumo=tsumo,
        seat=draw(st.sampled_from(list(Wind))),
        round=draw(st.sampled_from(list(Wind))),
        riichi=riichi,
        ippatsu=riichi and draw(st.booleans()),
        haitei=tsumo and draw(st.booleans()),
        houtei=not tsumo and draw(st.booleans()),
        dora=dora,
        ura=ura,
        honba=draw(st.integers(0, 10)),
        sticks=draw(st.integers(0, 10)),
        kita=draw(st.integers(0, 4)),
    )
    try:
        w.validate()
    except InputError:
        assume(False)
    return w


@given(wins())
def test_win_json_round_trip(w: Win) -> None:
    assert Win.from_json(w.to_json()) == w
    assert Win.from_json(w.to_json()).to_json() == w.to_json()
