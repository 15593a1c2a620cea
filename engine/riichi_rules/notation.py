"""The command-line form of a win (``riichi score``'s arguments), turned into the JSON form of
a win (docs/formats.md), and back: a win written as the command that scores it (the search's
witnesses show it so).

``riichi score HAND [MELD ...] --win TILE --tsumo --seat S --dora 1m,2p`` becomes
``{"hand": HAND, "melds": [MELD, ...], "win": TILE, "tsumo": true, "seat": "S",
"dora": ["1m", "2p"]}``; :meth:`riichi_rules.hand.Win.from_json` then validates it, so the
command line and the JSON input accept the same things and fail with the same messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from riichi_rules.hand import SITUATION_FLAGS

# The situation flags of the JSON form, each a ``--flag`` on the command line
# (``double_riichi`` is ``--double-riichi``).
FLAGS = ("tsumo", *SITUATION_FLAGS)

_SEPARATORS = re.compile(r"[\s,]+")


def indicator_list(values: Sequence[str] | None) -> list[str]:
    """``--dora 1m,2p --dora 3s`` -> ``["1m", "2p", "3s"]`` (each part may also be a run in
    mpsz, ``1m2p``; it is validated later with the rest of the win)."""
    out: list[str] = []
    for value in values or ():
        out.extend(part for part in _SEPARATORS.split(value) if part)
    return out


def last_tile(hand: str) -> str:
    """The last tile written in ``hand`` (``22p234p123s456s789s`` -> ``9s``), or ``""`` when
    the hand does not end in a tile (the win is then rejected with the hand's own error)."""
    match = re.search(r"([0-9])([a-z])\s*$", hand)
    return match.group(1) + match.group(2) if match else ""


def win_json(
    hand: str,
    melds: Sequence[str],
    *,
    win: str | None,
    flags: Sequence[str],
    seat: str | None,
    round_: str | None,
    dora: Sequence[str] | None,
    ura: Sequence[str] | None,
    honba: int | None,
    sticks: int | None,
    kita: int | None = None,
) -> dict[str, object]:
    """The JSON form of the win the command line describes (fields left out take the JSON
    defaults)."""
    obj: dict[str, object] = {"hand": hand, "win": win if win is not None else last_tile(hand)}
    if melds:
        obj["melds"] = list(melds)
    for flag in flags:
        obj[flag] = True
    if seat is not None:
        obj["seat"] = seat
    if round_ is not None:
        obj["round"] = round_
    if dora:
        obj["dora"] = indicator_list(dora)
    if ura:
        obj["ura"] = indicator_list(ura)
    if honba is not None:
        obj["honba"] = honba
    if sticks is not None:
        obj["sticks"] = sticks
    if kita is not None:
        obj["kita"] = kita
    return obj


def command_line(win: Mapping[str, object]) -> list[str]:
    """The arguments of ``riichi score`` for a win in its JSON form (the inverse of
    :func:`win_json`; melds in compact notation)."""
    args = [str(win["hand"]), *(str(m) for m in win.get("melds", ()))]  # type: ignore[attr-defined]
    args += ["--win", str(win["win"])]
    for flag in FLAGS:
        if win.get(flag):
            args.append("--" + flag.replace("_", "-"))
    for field in ("seat", "round"):
        if field in win:
            args += [f"--{field}", str(win[field])]
    for field in ("dora", "ura"):
        tiles = win.get(field)
        if tiles:
            args += [f"--{field}", ",".join(str(t) for t in tiles)]  # type: ignore[attr-defined]
    for field in ("honba", "sticks", "kita"):
        if win.get(field):
            args += [f"--{field}", str(win[field])]
    return args
