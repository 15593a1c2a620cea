"""Tenhou mjlog's packed values: the meld integer (``m`` of ``N`` and ``AGARI``) and the
rule bits of ``GO type`` (shared/data/tenhou/README.md), read by
:mod:`riichi_rules.records.mjlog`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from riichi_rules.limits import quoted
from riichi_rules.native import pickled_by_fields
from riichi_rules.records.events import RecordRules

__all__ = ["PackedMeld", "decode_meld", "go_rules"]


@mypyc_attr(acyclic=True)
@dataclass(slots=True, unsafe_hash=True, init=False)
class PackedMeld:
    """A decoded mjlog ``m`` value. ``type`` is chi, pon, kakan, daiminkan, ankan or nukidora;
    ``ids`` the tile ids of the meld (4 for kans; 1 for nukidora); ``called`` the claimed id
    (for kakan: the pon's); ``added`` kakan's added id; ``from_rel`` 0 self, 1 right
    (shimocha), 2 across (toimen), 3 left (kamicha).

    A value nothing changes, not a frozen dataclass, and its ``__init__`` written out, as
    :class:`~riichi_rules.records.events.Draw`'s: mypyc compiles it (one is made per call
    read)."""

    type: str
    ids: tuple[int, ...]
    called: int | None
    added: int | None
    from_rel: int

    def __init__(self, type: str, ids: tuple[int, ...], called: int | None, added: int | None,
                 from_rel: int) -> None:
        self.type = type
        self.ids = ids
        self.called = called
        self.added = added
        self.from_rel = from_rel


def decode_meld(m: int) -> PackedMeld:
    """Decode Tenhou's packed meld integer (the ``m`` of ``N`` and ``AGARI``).

    Bits (Tenhou's encoding): 0-1 who it came from, relative; bit 2 chi: bits 10.. hold
    ``base*3 + called position`` (base = the run's first kind as ``suit*7 + start``) and bits
    3-4, 5-6, 7-8 the copy (0..3) of each of the three tiles; bit 3 pon, bit 4 kakan: bits 9..
    hold ``kind*3 + called position`` among the three pon tiles and bits 5-6 the copy left out
    of the pon (the added one, for kakan); bit 5 nukidora: bits 8.. the tile id; none of these:
    a kan, bits 8.. the called (or first) tile id, relative 0 = ankan. Raises ValueError."""
    if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m < 1 << 16:
        raise ValueError(f"a packed meld is 0..65535, not {quoted(m)}")
    rel = m & 3
    if m & 0x4:
        packed = m >> 10
        called_at, base = packed % 3, packed // 3
        if base >= 21:
            raise ValueError(f"chi {m}: run start {base} is out of range")
        kind = (base // 7) * 9 + base % 7
        ids = tuple((kind + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return PackedMeld("chi", ids, ids[called_at], None, rel)
    if m & 0x18:
        packed = m >> 9
        called_at, kind = packed % 3, packed // 3
        if kind >= 34:
            raise ValueError(f"pon {m}: tile kind {kind} is out of range")
        unused = (m >> 5) & 3
        pon = tuple(kind * 4 + c for c in range(4) if c != unused)
        if m & 0x8:
            return PackedMeld("pon", pon, pon[called_at], None, rel)
        added = kind * 4 + unused
        return PackedMeld("kakan", tuple(sorted((*pon, added))), pon[called_at], added, rel)
    if m & 0x20:
        tile_id = m >> 8
        if tile_id > 135:
            raise ValueError(f"nukidora {m}: tile id {tile_id} is out of range")
        return PackedMeld("nukidora", (tile_id,), None, None, rel)
    tile_id = m >> 8
    if tile_id > 135:
        raise ValueError(f"kan {m}: tile id {tile_id} is out of range")
    kind = tile_id // 4
    ids = tuple(kind * 4 + c for c in range(4))
    if rel == 0:
        return PackedMeld("ankan", ids, None, None, 0)
    return PackedMeld("daiminkan", ids, tile_id, None, rel)


def go_rules(go_type: int, raw: Mapping[str, object] | None = None) -> RecordRules:
    """The rules of a ``GO type`` (README "GO type bits"): 0x02 no red fives, 0x04 no kuitan,
    0x08 hanchan, 0x10 3-player, 0x20/0x80 room, 0x40 fast, 0x200/0x400/0x800 special lobbies
    (non-standard scoring)."""
    players = 3 if go_type & 0x10 else 4
    red = not go_type & 0x02
    kuitan = not go_type & 0x04
    hanchan = bool(go_type & 0x08)
    room = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[go_type & 0xA0]
    label = (
        ("三" if players == 3 else "四")
        + room
        + ("南" if hanchan else "東")
        + ("喰" if kuitan else "")
        + ("赤" if red else "")
        + ("速" if go_type & 0x40 else "")
    )
    standard = not go_type & 0xE00
    raw_rules = dict(raw) if raw is not None else {"type": go_type}
    return RecordRules(players, red, kuitan, hanchan, standard, label, raw_rules, "tenhou")


pickled_by_fields(PackedMeld)
