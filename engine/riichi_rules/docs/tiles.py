"""Tile pictures: our own SVGs (no third-party tile art), and hands drawn with them.

Each tile is a rounded ivory face on a teal back: circles and bamboo are drawn as shapes,
characters as a Chinese numeral over 萬, winds and dragons as their character, the white dragon
as a blue frame. Red fives draw every mark in red. The characters are outlines (see
:mod:`riichi_rules.docs.glyphs`), so the pictures need no font.

:func:`tile_files` gives ``<kind>.svg`` (``1m`` .. ``7z``, ``0m`` ``0p`` ``0s``), a sideways
copy of each (``1m-side.svg``, for called tiles) and ``back.svg``. :func:`hand_markdown`
draws a win as a row of Markdown images (attr_list: ``{ .tile }``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riichi_rules.docs.glyphs import EM, GLYPHS

__all__ = [
    "TILE_NAMES",
    "hand_markdown",
    "tile_files",
    "tile_names",
    "tile_svg",
    "tiles_markdown",
]

WIDTH, HEIGHT = 60, 80
_FACE = "#fbf8ee"
_EDGE = "#b9b29d"
_BACK = "#2a8c82"
_BLUE, _RED, _GREEN, _INK = "#1f4e9c", "#c62828", "#2e7d32", "#1d1d1b"
_NUMERALS = "一二三四五六七八九"
_WINDS = "東南西北"

_SUIT_WORDS = {"m": "characters", "p": "circles", "s": "bamboo"}
_HONOURS = ("East wind", "South wind", "West wind", "North wind", "White dragon",
            "Green dragon", "Red dragon")


def tile_names() -> list[str]:
    """Every picture's name: ``1m`` .. ``9s``, ``1z`` .. ``7z``, ``0m`` ``0p`` ``0s``."""
    names = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    names += [f"{n}z" for n in range(1, 8)]
    return [*names, "0m", "0p", "0s"]


TILE_NAMES: Mapping[str, str] = {
    **{f"{n}{s}": f"{n} of {w}" for s, w in _SUIT_WORDS.items() for n in range(1, 10)},
    **{f"{i + 1}z": name for i, name in enumerate(_HONOURS)},
    **{f"0{s}": f"red 5 of {w}" for s, w in _SUIT_WORDS.items()},
}


# ---- drawing --------------------------------------------------------------------------------


def _glyph(char: str, x: float, y: float, size: float, colour: str) -> str:
    """A character's outline, its em box's top-left corner at (x, y), ``size`` wide."""
    scale = size / EM
    return (f'<path transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}" '
            f'd="{GLYPHS[char]}"/>')


def _circle(cx: float, cy: float, r: float, colour: str) -> str:
    """One circle of a circles tile: a coloured disc, a light ring and a centre dot."""
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"/>'
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.62:g}" fill="none" stroke="{_FACE}" '
            f'stroke-width="{max(r * 0.18, 0.8):g}"/>'
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.22:g}" fill="{_FACE}"/>')


def _stick(cx: float, cy: float, h: float, colour: str) -> str:
    """One stick of a bamboo tile: a rounded stem with a node in the middle."""
    w = 6.0
    x, y = cx - w / 2, cy - h / 2
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="3" fill="{colour}"/>'
            f'<line x1="{x:g}" y1="{cy:g}" x2="{x + w:g}" y2="{cy:g}" stroke="{_FACE}" '
            f'stroke-width="1.2"/>'
            f'<line x1="{cx:g}" y1="{y + 2.5:g}" x2="{cx:g}" y2="{y + h - 2.5:g}" '
            f'stroke="{_FACE}" stroke-width="0.8" opacity="0.6"/>')


# Circles: (x, y, colour key) in the face (30 is the centre column, 38 the centre row).
_B, _R, _G = "b", "r", "g"
_PIN_LAYOUT: dict[int, list[tuple[float, float, str]]] = {
    1: [(30, 38, _R)],
    2: [(30, 22, _G), (30, 54, _B)],
    3: [(16, 18, _B), (30, 38, _R), (44, 58, _G)],
    4: [(18, 24, _B), (42, 24, _G), (18, 52, _G), (42, 52, _B)],
    5: [(17, 20, _B), (43, 20, _G), (30, 38, _R), (17, 56, _G), (43, 56, _B)],
    6: [(19, 16, _G), (41, 16, _G), (19, 42, _R), (41, 42, _R), (19, 62, _R), (41, 62, _R)],
    7: [(14, 12, _G), (30, 20, _G), (46, 28, _G), (19, 46, _R), (41, 46, _R), (19, 64, _R),
        (41, 64, _R)],
    8: [(19, 11, _B), (41, 11, _B), (19, 29, _B), (41, 29, _B), (19, 47, _B), (41, 47, _B),
        (19, 65, _B), (41, 65, _B)],
    9: [(14, 16, _B), (30, 16, _B), (46, 16, _B), (14, 38, _R), (30, 38, _R), (46, 38, _R),
        (14, 60, _G), (30, 60, _G), (46, 60, _G)],
}
_PIN_RADIUS = {1: 19.0, 2: 12.5, 3: 10.0, 4: 10.5, 5: 9.0, 6: 8.5, 7: 7.5, 8: 7.5, 9: 7.0}

# Bamboo: (x, y, colour key); stick height by count.
_SOU_LAYOUT: dict[int, list[tuple[float, float, str]]] = {
    2: [(30, 22, _G), (30, 54, _G)],
    3: [(30, 22, _G), (18, 54, _G), (42, 54, _G)],
    4: [(19, 22, _G), (41, 22, _G), (19, 54, _G), (41, 54, _G)],
    5: [(16, 22, _G), (44, 22, _G), (30, 38, _R), (16, 54, _G), (44, 54, _G)],
    6: [(15, 22, _G), (30, 22, _G), (45, 22, _G), (15, 54, _G), (30, 54, _G), (45, 54, _G)],
    7: [(30, 14, _R), (15, 39, _G), (30, 39, _G), (45, 39, _G), (15, 63, _G), (30, 63, _G),
        (45, 63, _G)],
    8: [(12, 22, _G), (24, 22, _G), (36, 22, _G), (48, 22, _G), (12, 54, _G), (24, 54, _G),
        (36, 54, _G), (48, 54, _G)],
    9: [(15, 14, _G), (30, 14, _R), (45, 14, _G), (15, 38, _G), (30, 38, _R), (45, 38, _G),
        (15, 62, _G), (30, 62, _R), (45, 62, _G)],
}
_SOU_HEIGHT = {2: 26.0, 3: 26.0, 4: 26.0, 5: 24.0, 6: 26.0, 7: 20.0, 8: 26.0, 9: 19.0}
_COLOURS = {_B: _BLUE, _R: _RED, _G: _GREEN}


def _bird(red: bool) -> str:
    """The one of bamboo: a small bird on a stem."""
    body = _RED if red else _GREEN
    return (f'<line x1="30" y1="46" x2="30" y2="70" stroke="{_GREEN}" stroke-width="3" '
            f'stroke-linecap="round"/>'
            f'<path d="M18 58 Q10 44 20 34 Q22 50 30 50 Z" fill="{_BLUE}"/>'
            f'<ellipse cx="32" cy="40" rx="12" ry="9" fill="{body}"/>'
            f'<circle cx="42" cy="27" r="6" fill="{_RED}"/>'
            f'<circle cx="43.5" cy="25.5" r="1.4" fill="{_FACE}"/>'
            f'<path d="M47 26 L53 28 L47 30 Z" fill="#d4a017"/>'
            f'<path d="M26 36 Q32 30 40 36" stroke="{_FACE}" stroke-width="1.2" fill="none"/>')


def _marks(name: str) -> str:
    """The face's drawing for a tile name (``5m``, ``0p``, ``7z``)."""
    digit, suit = int(name[0]), name[1]
    red = digit == 0
    number = 5 if red else digit
    if suit == "m":
        numeral_colour = _RED if red else _INK
        return (_glyph(_NUMERALS[number - 1], 12, 6, 36, numeral_colour)
                + _glyph("萬", 9, 38, 42, _RED))
    if suit == "p":
        radius = _PIN_RADIUS[number]
        return "".join(_circle(x, y, radius, _RED if red else _COLOURS[c])
                       for x, y, c in _PIN_LAYOUT[number])
    if suit == "s":
        if number == 1:
            return _bird(red)
        h = _SOU_HEIGHT[number]
        return "".join(_stick(x, y, h, _RED if red else _COLOURS[c])
                       for x, y, c in _SOU_LAYOUT[number])
    if number <= 4:
        return _glyph(_WINDS[number - 1], 7, 15, 46, _INK)
    if number == 5:
        return (f'<rect x="12" y="14" width="36" height="48" rx="2" fill="none" '
                f'stroke="{_BLUE}" stroke-width="3"/>'
                f'<rect x="17" y="19" width="26" height="38" rx="1" fill="none" '
                f'stroke="{_BLUE}" stroke-width="1.2"/>')
    if number == 6:
        return _glyph("發", 6, 15, 48, _GREEN)
    return _glyph("中", 6, 15, 48, _RED)


def _frame(inner: str, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img"><title>{title}</title>'
            f'{inner}</svg>\n')


def _body(face: str) -> str:
    return (f'<rect x="1" y="3" width="58" height="76" rx="7" fill="{_BACK}"/>'
            f'<rect x="1" y="1" width="58" height="73" rx="7" fill="{_FACE}" stroke="{_EDGE}" '
            f'stroke-width="1.2"/>'
            f'<g transform="translate(0 -1.5) translate(30 37.5) scale(0.92) '
            f'translate(-30 -38)">{face}</g>')


def tile_svg(name: str, sideways: bool = False) -> str:
    """The SVG of one tile (``1m`` .. ``7z``, ``0m`` ``0p`` ``0s``, or ``back``); a sideways
    tile is turned a quarter to the left, as a called tile lies in a meld."""
    if name == "back":
        inner = (f'<rect x="1" y="3" width="58" height="76" rx="7" fill="#1f6f67"/>'
                 f'<rect x="1" y="1" width="58" height="73" rx="7" fill="{_BACK}" '
                 f'stroke="#1f6f67" stroke-width="1.2"/>')
        title = "a tile face down"
    else:
        if name not in TILE_NAMES:
            raise ValueError(f"no picture for tile '{name}'")
        inner = _body(_marks(name))
        title = TILE_NAMES[name]
    if not sideways:
        return _frame(inner, title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {HEIGHT} {WIDTH}" '
            f'width="{HEIGHT}" height="{WIDTH}" role="img"><title>{title}</title>'
            f'<g transform="translate(0 {WIDTH}) rotate(-90)">{inner}</g></svg>\n')


def tile_files() -> dict[str, str]:
    """Every tile picture: file name -> SVG text."""
    return {(f"{name}-side.svg" if sideways else f"{name}.svg"): tile_svg(name, sideways)
            for name in [*tile_names(), "back"] for sideways in (False, True)}


# ---- hands -----------------------------------------------------------------------------------


def _split(text: str) -> list[str]:
    """``123m0p`` -> ``["1m", "2m", "3m", "0p"]`` (no validation: the scorer validates)."""
    out: list[str] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            out.extend(f"{d}{ch}" for d in digits)
            digits = []
    return out


def _image(name: str, base: str, sideways: bool = False, classes: str = "tile") -> str:
    file = "back" if name == "back" else name
    suffix = "-side" if sideways else ""
    title = TILE_NAMES.get(name, "a tile face down")
    kind = " tile-side" if sideways else ""
    return f'![{name}]({base}/{file}{suffix}.svg){{ .{classes.replace(" ", " .")}{kind} ' \
           f'title="{title}" }}'


def tiles_markdown(text: str, base: str) -> str:
    """A row of tile images for mpsz text (``base``: the relative path to the tile folder)."""
    return "".join(_image(t, base) for t in _split(text))


_GAP = '<span class="tile-gap"></span>'


def _meld_markdown(meld: Any, base: str) -> str:
    """A declared meld: the called tile sideways, on the side of the player it came from; a
    concealed kan with its outer tiles face down."""
    if isinstance(meld, str):
        return _compact_meld_markdown(meld, base)
    if not isinstance(meld, Mapping):
        return ""
    tiles = _split(str(meld.get("tiles", "")))
    kind = meld.get("type")
    if kind == "ankan" or not meld.get("called"):
        if kind == "ankan" and len(tiles) == 4:
            return "".join([_image("back", base), _image(tiles[1], base),
                            _image(tiles[2], base), _image("back", base)])
        return "".join(_image(t, base) for t in tiles)
    called = str(meld.get("called"))
    rest = list(tiles)
    if called in rest:
        rest.remove(called)
    where = {"left": 0, "across": 1, "right": len(rest)}.get(str(meld.get("from")), 0)
    images = [_image(t, base) for t in rest]
    images.insert(where, _image(called, base, sideways=True))
    return "".join(images)


def _compact_meld_markdown(text: str, base: str) -> str:
    """A meld in compact notation (``4-56s``: the tile before the mark was called)."""
    marks = [i for i, ch in enumerate(text) if ch in "-=+"]
    plain = text.replace("-", "").replace("=", "").replace("+", "")
    tiles = _split(plain)
    if not marks:
        if len(tiles) == 4:
            return "".join([_image("back", base), _image(tiles[1], base),
                            _image(tiles[2], base), _image("back", base)])
        return "".join(_image(t, base) for t in tiles)
    called_at = sum(ch.isdigit() for ch in text[:marks[0]]) - 1
    return "".join(_image(t, base, sideways=(i == called_at)) for i, t in enumerate(tiles))


def hand_markdown(win: Mapping[str, Any], base: str) -> str:
    """A win drawn as tiles: the concealed tiles without the winning tile, a gap, the winning
    tile (marked), then each declared meld."""
    hand = _split(str(win.get("hand", "")))
    winning = str(win.get("win", ""))
    if winning in hand:
        hand.remove(winning)
    parts = ["".join(_image(t, base) for t in hand)]
    if winning:
        parts.append(_image(winning, base, classes="tile tile-win"))
    melds: Sequence[Any] = win.get("melds") or ()
    for meld in melds:
        parts.append(_meld_markdown(meld, base))
    return f'<span class="hand">{_GAP.join(p for p in parts if p)}</span>'
