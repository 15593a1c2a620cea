"""Tenhou wins: one ``agari.jsonl`` record (a Tenhou ``AGARI`` with its situation re-derived
from the game's events) to the win JSON form, and Tenhou's yaku ids to ours.

The record fields used are those of ``shared/data/tenhou/README.md`` ("agari.jsonl"):

* ``hand``: the concealed tiles **with** the winning tile (mpsz, red fives written ``0``);
  ``win_tile``; ``melds[]`` with ``type`` (chi, pon, kakan, ankan, daiminkan), ``tiles``,
  ``called`` and ``from_rel`` (1 shimocha = right, 2 toimen = across, 3 kamicha = left);
* ``seat_wind``, ``round_wind``, ``is_tsumo``, ``context.{riichi, double_riichi, ippatsu,
  rinshan, chankan, haitei, houtei, tenhou, chiihou}``;
* ``dora_indicators`` (kan dora included), ``ura_indicators`` (kept only for a winner in
  riichi), ``honba``, ``riichi_sticks`` (the counters on the table, as AGARI ``ba`` has them);
* ``recorded``: what Tenhou scored (see :func:`recorded_score`).

Decisions:

* ``honba`` and ``sticks`` are copied as recorded. In a double ron only the first AGARI
  (``multi_ron_index`` 0) collects them; Tenhou writes the second one's ``ba`` with the honba
  repeated and 0 sticks (all 55 double rons of the corpus), so a caller must still drop the
  honba of a second winner (:attr:`RecordedScore.collects_deposits`).
* A three-player north set aside (a ``nukidora`` meld) is no meld of the win form: the
  record's nukidora are counted into the win's ``kita`` (score it under a three-player ruleset,
  e.g. ``tenhou-sanma``). Tenhou adds the kita to the ``dora`` entry (yaku 52) of ``recorded``
  (sanma2.xml: one North set aside and one 1p held under a 9p indicator are "dora 2").
* ``ruleset.aka`` false (a lobby without red fives) turns every ``0`` five into a plain five.

:func:`tile_from_136`, :func:`tenhou_yaku` and :func:`tenhou_yakuman` read Tenhou's raw
values (tile ids 0..135, the AGARI ``yaku``/``yakuman`` attributes), for a game-record reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from riichi_rules.errors import InputError
from riichi_rules.hand import SITUATION_FLAGS, Win
from riichi_rules.tiles import Tile, format_tiles, parse_tiles

__all__ = [
    "TENHOU_YAKU",
    "TENHOU_YAKUMAN",
    "RecordedScore",
    "TenhouRecordError",
    "meld_json",
    "recorded_score",
    "tenhou_yaku",
    "tenhou_yakuman",
    "tile_from_136",
    "to_win",
    "win_json",
]


class TenhouRecordError(InputError):
    """A record this converter cannot read: ``code`` is ``bad_record`` (a field is missing or
    malformed) or ``unsupported_record`` (a nukidora given as a meld of the win form)."""


TENHOU_YAKU: Final[Mapping[int, str]] = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "seat_wind",  # 自風 東
    11: "seat_wind",  # 自風 南
    12: "seat_wind",  # 自風 西
    13: "seat_wind",  # 自風 北
    14: "round_wind",  # 場風 東
    15: "round_wind",  # 場風 南
    16: "round_wind",  # 場風 西
    17: "round_wind",  # 場風 北
    18: "yakuhai_haku",
    19: "yakuhai_hatsu",
    20: "yakuhai_chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku",  # 三色同順
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    36: "renhou",  # 人和: not played on Tenhou (README "Rules"), kept for completeness
    52: "dora",
    53: "ura_dora",
    54: "aka_dora",
}
"""Tenhou's yaku ids (AGARI ``yaku`` attribute; README "Yaku distribution") to our yaku ids."""

TENHOU_YAKUMAN: Final[Mapping[int, str]] = {
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",  # 純正九蓮宝燈
    47: "kokushi",
    48: "kokushi_13",  # 国士無双１３面
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
}
"""Tenhou's yakuman ids (AGARI ``yakuman`` attribute) to our yakuman ids."""

_RED_136: Final = frozenset({16, 52, 88})  # the red 5m, 5p, 5s (README "3 red fives")
_FROM_REL: Final[Mapping[int, str]] = {1: "right", 2: "across", 3: "left"}
_MELD_TYPES: Final = frozenset({"chi", "pon", "kakan", "ankan", "daiminkan"})
# the situation flags a record's context gives (Tenhou has no renhou)
_FLAGS: Final = tuple(f for f in SITUATION_FLAGS if f != "renhou")


def _bad(message: str) -> TenhouRecordError:
    return TenhouRecordError("bad_record", message)


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise _bad(f"{where}: missing field '{key}'")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(f"{where}: field '{key}' has the wrong type ({value!r})")
    return value


def tile_from_136(tile_id: int, aka: bool = True) -> Tile:
    """A Tenhou tile id (0..135, four ids per kind) as a tile; ids 16, 52, 88 are the red
    fives when ``aka`` (red fives in play)."""
    if isinstance(tile_id, bool) or not isinstance(tile_id, int) or not 0 <= tile_id <= 135:
        raise _bad(f"a Tenhou tile id is 0..135, not {tile_id!r}")
    return Tile.of(tile_id // 4, aka and tile_id in _RED_136)


def _tiles(text: object, aka: bool, where: str) -> tuple[Tile, ...]:
    if not isinstance(text, str):
        raise _bad(f"{where}: tiles are an mpsz string, not {text!r}")
    tiles = parse_tiles(text)
    if aka:
        return tiles
    return tuple(Tile.of(t.kind) if t.red else t for t in tiles)


def _one(text: object, aka: bool, where: str) -> str:
    tiles = _tiles(text, aka, where)
    if len(tiles) != 1:
        raise _bad(f"{where}: one tile expected, not {text!r}")
    return str(tiles[0])


def _indicators(value: object, aka: bool, where: str) -> list[str]:
    if not isinstance(value, list):
        raise _bad(f"{where}: a list of tiles expected, not {value!r}")
    return [_one(v, aka, where) for v in value]


def meld_json(meld: Mapping[str, Any], aka: bool = True) -> dict[str, str]:
    """One record meld as a meld of the win JSON form (``{"type", "tiles", "called", "from"}``;
    an ankan has no ``called``/``from``). For a kakan, ``called`` is the tile of the original
    pon's call."""
    mtype = _get(meld, "type", str, "meld")
    if mtype == "nukidora":
        raise TenhouRecordError(
            "unsupported_record", "a 3-player north (nukidora) is not a meld of the win form: "
            "it is counted in the win's kita (win_json)"
        )
    if mtype not in _MELD_TYPES:
        raise _bad(f"meld: unknown type {mtype!r}")
    out = {"type": mtype, "tiles": format_tiles(_tiles(meld.get("tiles"), aka, "meld tiles"))}
    if mtype == "ankan":
        return out
    rel = _get(meld, "from_rel", int, f"{mtype} meld")
    if rel not in _FROM_REL:
        raise _bad(f"{mtype} meld: from_rel is 1, 2 or 3 for a called meld, not {rel}")
    out["called"] = _one(meld.get("called"), aka, f"{mtype} meld called tile")
    out["from"] = _FROM_REL[rel]
    return out


def win_json(record: Mapping[str, Any]) -> dict[str, object]:
    """The win JSON form (DESIGN.md "Notation") of one agari.jsonl record. Raises
    :class:`TenhouRecordError` for a record that lacks a field; a nukidora meld counts in
    ``kita``."""
    ruleset = record.get("ruleset", {})
    aka = bool(ruleset.get("aka", True)) if isinstance(ruleset, Mapping) else True
    context = _get(record, "context", Mapping, "record")
    flags: dict[str, bool] = {}
    for name in _FLAGS:
        value = context.get(name, False)
        if not isinstance(value, bool):
            raise _bad(f"context.{name} must be true or false, not {value!r}")
        flags[name] = value
    in_riichi = flags["riichi"] or flags["double_riichi"]
    melds = _get(record, "melds", list, "record")
    out: dict[str, object] = {
        "hand": format_tiles(_tiles(record.get("hand"), aka, "hand")),
        "win": _one(record.get("win_tile"), aka, "win_tile"),
        "tsumo": _get(record, "is_tsumo", bool, "record"),
        "melds": [meld_json(m, aka) for m in melds if not _is_nukidora(m)],
        "seat": _get(record, "seat_wind", str, "record"),
        "round": _get(record, "round_wind", str, "record"),
        **flags,
        "dora": _indicators(record.get("dora_indicators", []), aka, "dora_indicators"),
        "ura": (
            _indicators(record.get("ura_indicators", []), aka, "ura_indicators")
            if in_riichi
            else []
        ),
        "honba": _get(record, "honba", int, "record"),
        "sticks": _get(record, "riichi_sticks", int, "record"),
    }
    kita = sum(1 for m in melds if _is_nukidora(m))
    if kita:
        out["kita"] = kita
    return out


def _is_nukidora(meld: object) -> bool:
    return isinstance(meld, Mapping) and meld.get("type") == "nukidora"


def to_win(record: Mapping[str, Any]) -> Win:
    """The record as a validated :class:`Win` (raises InputError, e.g. TenhouRecordError)."""
    return Win.from_json(win_json(record))


def tenhou_yaku(pairs: Iterable[tuple[int, int]]) -> dict[str, int]:
    """(Tenhou yaku id, han) pairs to {our yaku id: han}, leaving out entries worth 0 han
    (Tenhou lists dora/ura/aka with 0 han). Raises TenhouRecordError for an unknown id."""
    out: dict[str, int] = {}
    for tid, han in pairs:
        ours = TENHOU_YAKU.get(tid)
        if ours is None:
            raise _bad(f"unknown Tenhou yaku id {tid}" + (
                " (a yakuman id: see TENHOU_YAKUMAN)" if tid in TENHOU_YAKUMAN else ""))
        if han > 0:
            out[ours] = out.get(ours, 0) + han
    return out


def tenhou_yakuman(ids: Iterable[int]) -> dict[str, int]:
    """Tenhou yakuman ids to {our yakuman id: multiple}; Tenhou lists a yakuman once per
    multiple (it has no double yakuman)."""
    out: dict[str, int] = {}
    for tid in ids:
        ours = TENHOU_YAKUMAN.get(tid)
        if ours is None:
            raise _bad(f"unknown Tenhou yakuman id {tid}")
        out[ours] = out.get(ours, 0) + 1
    return out


@dataclass(frozen=True, slots=True)
class RecordedScore:
    """What Tenhou scored for one win (record field ``recorded``).

    ``han`` is the sum of the yaku han, or 13 per yakuman; ``fu`` is meaningless for a yakuman;
    ``points`` is the hand's value before honba and riichi sticks (on tsumo, all payers
    together); ``limit`` is 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    (kazoe included); ``winner_delta`` the winner's score change in this AGARI (honba and
    sticks included when this winner took them); ``pao`` the liable seat or None."""

    han: int
    fu: int
    points: int
    limit: int
    yaku: Mapping[str, int]
    yakuman: Mapping[str, int]
    winner_delta: int
    pao: int | None
    collects_deposits: bool

    @property
    def is_yakuman(self) -> bool:
        return bool(self.yakuman)


def _int_list(value: object, where: str) -> Sequence[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise _bad(f"{where}: a list of whole numbers expected, not {value!r}")
    return value


def recorded_score(record: Mapping[str, Any]) -> RecordedScore:
    """Tenhou's own score of the record's win, with yaku ids mapped to ours."""
    rec = _get(record, "recorded", Mapping, "record")
    yaku_list = _get(rec, "yaku", list, "recorded")
    pairs: list[tuple[int, int]] = []
    for y in yaku_list:
        if not isinstance(y, Mapping):
            raise _bad(f"recorded.yaku: an object expected, not {y!r}")
        pairs.append((_get(y, "id", int, "recorded.yaku"), _get(y, "han", int, "recorded.yaku")))
    yakuman_ids = [_get(y, "id", int, "recorded.yakuman")
                   for y in _get(rec, "yakuman", list, "recorded")]
    deltas = _int_list(rec.get("deltas"), "recorded.deltas")
    winner = _get(record, "winner", int, "record")
    if not 0 <= winner < len(deltas):
        raise _bad(f"winner {winner} has no entry in recorded.deltas")
    pao = rec.get("pao")
    if pao is not None and (not isinstance(pao, int) or isinstance(pao, bool)):
        raise _bad(f"recorded.pao is a seat or null, not {pao!r}")
    return RecordedScore(
        han=_get(rec, "han", int, "recorded"),
        fu=_get(rec, "fu", int, "recorded"),
        points=_get(rec, "points", int, "recorded"),
        limit=_get(rec, "limit", int, "recorded"),
        yaku=tenhou_yaku(pairs),
        yakuman=tenhou_yakuman(yakuman_ids),
        winner_delta=deltas[winner],
        pao=pao,
        collects_deposits=record.get("multi_ron_index", 0) == 0,
    )
