"""Score a win (our JSON win form, DESIGN.md) with the ``mahjong`` package (PyPI, 2.1.0) and with
riichi-rules, and bring both answers to one comparable shape (:class:`Outcome`).

The package's API (read from mahjong/hand_calculating/hand.py, hand_config.py, meld.py,
scores.py):

* ``HandCalculator.estimate_hand_value(tiles, win_tile, melds, dora_indicators, config,
  ura_dora_indicators=...)``: ``tiles`` are 136-format ids of every tile of the hand *including
  the meld tiles* (a kong gives 4); ``win_tile`` is the id of one concealed copy.
* 136-format: ``kind * 4 + copy``; the red fives are the ids 16 (5m), 52 (5p), 88 (5s) and are
  counted as aka dora when ``OptionalRules.has_aka_dora``.
* ``Meld(meld_type, tiles, opened, called_tile)``: ``chi``, ``pon``, ``kan`` (daiminkan when
  opened, ankan when ``opened=False``), ``shouminkan`` (kakan).
* The result's ``cost`` holds ``main`` (the discarder's payment on ron, the dealer's (or each
  player's, for a dealer) on tsumo), ``additional`` (each non-dealer's on a non-dealer tsumo),
  ``main_bonus``/``additional_bonus`` (honba) and ``kyoutaku_bonus`` (riichi sticks); we take
  ``main + 2 * additional`` as the points before honba and sticks.

The options follow from our ruleset's parameters (:func:`options_for`); a parameter the package
cannot express is listed in :data:`UNSUPPORTED` and its disagreements are a known-difference
category (tests/oracle/KNOWN_DIFFERENCES.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as PkgMeld

from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import program, score

from .generate import tiles_of

__all__ = [
    "UNSUPPORTED",
    "Outcome",
    "PackageCall",
    "ours",
    "package_call",
    "run_package",
    "theirs",
]

WINDS = ("E", "S", "W", "N")

# the package's yaku (by yaku_id, see mahjong/hand_calculating/yaku_config.py) -> our stable ids
YAKU_IDS: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 3: "ippatsu", 4: "chankan", 5: "rinshan", 6: "haitei",
    7: "houtei", 8: "double_riichi", 11: "renhou", 12: "pinfu", 13: "tanyao", 14: "iipeikou",
    15: "yakuhai_haku", 16: "yakuhai_hatsu", 17: "yakuhai_chun",
    18: "seat_wind", 19: "seat_wind", 20: "seat_wind", 21: "seat_wind",
    22: "round_wind", 23: "round_wind", 24: "round_wind", 25: "round_wind",
    26: "sanshoku", 27: "ittsu", 28: "chanta", 29: "honroutou", 30: "toitoi", 31: "sanankou",
    32: "sankantsu", 33: "sanshoku_doukou", 34: "chiitoitsu", 35: "shousangen", 36: "honitsu",
    37: "junchan", 38: "ryanpeikou", 39: "chinitsu",
    100: "kokushi", 101: "chuuren", 102: "suuankou", 103: "daisangen", 104: "shousuushii",
    105: "ryuuiisou", 106: "suukantsu", 107: "tsuuiisou", 108: "chinroutou", 111: "daisuushii",
    112: "kokushi_13", 113: "suuankou_tanki", 114: "junsei_chuuren", 115: "tenhou",
    116: "chiihou", 117: "renhou",
    120: "dora", 121: "aka_dora", 122: "ura_dora",
}

UNSUPPORTED: dict[str, str] = {
    "yakuman_stacking": "the package always adds different yakuman up (no single-yakuman cap)",
    "renhou": "the package's renhou is 5 han added to the other yaku (or a yakuman); it has "
              "no 'stands alone' renhou",
    "double_wind_pair_fu": "the package always gives 4 fu for a double-wind pair",
    "chiitoitsu_fu": "the package always gives seven pairs 25 fu",
    "kazoe_yakuman": "the package has no 'counted yakuman above 13 han at 8000 (yonbaiman)' form",
    "rinshan_tsumo_fu": "the package always gives the self-draw 2 fu on a rinshan win",
}
"""Parameters of ours whose values the package can express only partly, and why."""


@dataclass(frozen=True)
class Outcome:
    """One scorer's answer, reduced to what both scorers state.

    ``error`` is ``None`` for a scored hand, else ``no_yaku``, ``not_a_win`` or another code.
    ``yaku`` holds ``(id, han)`` of each yaku and dora kind (``(id, 0)`` for a yakuman);
    ``yakuman`` is the number of yakuman paid (0 for a hand that is not a yakuman).
    ``total`` is the points before honba and sticks; ``honba`` and ``sticks`` are those extras.
    """

    error: str | None
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    total: int = 0
    honba: int = 0
    sticks: int = 0
    yaku: frozenset[tuple[str, int]] = field(default_factory=frozenset)

    @property
    def yaku_ids(self) -> frozenset[str]:
        return frozenset(i for i, _ in self.yaku)


# ------------------------------------------------------------------------------- ours

def ours(win: Mapping[str, Any], ruleset: str) -> Outcome:
    """Score with riichi-rules (``Win.from_json`` included)."""
    try:
        result = score(win, program(ruleset))
    except InputError as e:
        return Outcome(error=e.code)
    data = result.to_json()
    yaku = frozenset((y["id"], 0 if y.get("yakuman") else y["han"]) for y in data["yaku"])
    points = data["points"]
    return Outcome(
        error=None,
        han=data["han"],
        fu=data["fu"],
        yakuman=data["yakuman"],
        total=points["total"],
        honba=points["honba"],
        sticks=points["sticks"],
        yaku=yaku,
    )


# ---------------------------------------------------------------------------- package

def options_for(ruleset: str) -> OptionalRules:
    """The package's optional rules closest to our ruleset's parameters."""
    p = load_config(ruleset).parameters
    kazoe = {
        "none": HandConstants.KAZOE_SANBAIMAN,  # 13+ han paid as sanbaiman, like ours
        "yakuman": HandConstants.KAZOE_LIMITED,  # 13+ han paid as one yakuman
    }.get(str(p["kazoe_yakuman"]), HandConstants.KAZOE_SANBAIMAN)
    return OptionalRules(
        has_open_tanyao=bool(p["kuitan"]),
        has_aka_dora=p["red_fives"] not in (0, None),
        has_double_yakuman=bool(p["double_yakuman"]),
        kazoe_limit=kazoe,
        kiriage=bool(p["kiriage"]),
        fu_for_open_pinfu=p["open_pinfu_fu"] not in (0, None),
        fu_for_pinfu_tsumo=bool(p["pinfu_tsumo_fu"]),
        renhou_as_yakuman=p["renhou"] == "yakuman",
        has_daisharin=False,
        has_daichisei=False,
        has_sashikomi_yakuman=False,
        limit_to_sextuple_yakuman=True,
        paarenchan_needs_yaku=True,
    )


@dataclass(frozen=True)
class PackageCall:
    """The arguments of one ``estimate_hand_value`` call, prepared beforehand (the benchmark
    times only the call). ``config`` is built per call (the package writes into it)."""

    tiles: list[int]
    win_tile: int
    melds: list[PkgMeld]
    dora: list[int]
    ura: list[int]
    flags: dict[str, Any]
    options: OptionalRules

    def config(self) -> HandConfig:
        return HandConfig(options=self.options, **self.flags)


class _Ids:
    """Hands out 136-format ids: copy 0 of a five is the red one where the ruleset has red
    fives (without them, the four fives are copies 0..3 and the package counts no aka dora)."""

    def __init__(self, red_fives: bool) -> None:
        self.next = [0] * 34
        self.red_fives = red_fives

    def take(self, kind: int, red: bool) -> int:
        if red:
            return kind * 4
        if self.red_fives and kind in (4, 13, 22) and self.next[kind] == 0:
            self.next[kind] = 1  # skip the red copy
        copy = self.next[kind]
        if copy > 3:
            raise ValueError(f"more than 4 copies of kind {kind}")
        self.next[kind] += 1
        return kind * 4 + copy


def package_call(win: Mapping[str, Any], ruleset: str,
                 options: OptionalRules | None = None) -> PackageCall:
    """Translate our JSON win into the package's arguments."""
    params = load_config(ruleset).parameters
    ids = _Ids(params["red_fives"] not in (0, None))
    hand = [ids.take(k, r) for k, r in tiles_of(win["hand"])]
    win_kind, win_red = tiles_of(win["win"])[0]
    win_tile = next(i for i, (k, r) in zip(hand, tiles_of(win["hand"]), strict=True)
                    if k == win_kind and r == win_red)
    tiles = list(hand)
    melds: list[PkgMeld] = []
    for m in win.get("melds", []):
        kinds = tiles_of(m["tiles"])
        mids = [ids.take(k, r) for k, r in kinds]
        tiles += mids
        called = None
        if "called" in m:
            ck, cr = tiles_of(m["called"])[0]
            called = next(i for i, (k, r) in zip(mids, kinds, strict=True) if k == ck and r == cr)
        kind = {"chi": PkgMeld.CHI, "pon": PkgMeld.PON, "daiminkan": PkgMeld.KAN,
                "kakan": PkgMeld.SHOUMINKAN, "ankan": PkgMeld.KAN}[m["type"]]
        melds.append(PkgMeld(meld_type=kind, tiles=mids, opened=m["type"] != "ankan",
                             called_tile=called))
    dora = [ids.take(k, r) for t in win.get("dora", []) for k, r in tiles_of(t)]
    ura = [ids.take(k, r) for t in win.get("ura", []) for k, r in tiles_of(t)]
    if not params["ura_dora"]:
        ura = []
    riichi = bool(win.get("riichi") or win.get("double_riichi"))
    flags = {
        "is_tsumo": bool(win.get("tsumo")),
        "is_riichi": riichi,
        "is_daburu_riichi": bool(win.get("double_riichi")),
        "is_ippatsu": bool(win.get("ippatsu")) and bool(params["ippatsu"]),
        "is_rinshan": bool(win.get("rinshan")),
        "is_chankan": bool(win.get("chankan")),
        "is_haitei": bool(win.get("haitei")),
        "is_houtei": bool(win.get("houtei")),
        "is_tenhou": bool(win.get("tenhou")),
        "is_chiihou": bool(win.get("chiihou")),
        # a ruleset without renhou: the package has no such option, so the flag is dropped
        "is_renhou": bool(win.get("renhou")) and params["renhou"] != "none",
        "player_wind": EAST + WINDS.index(win.get("seat", "E")),
        "round_wind": EAST + WINDS.index(win.get("round", "E")),
        "kyoutaku_number": int(win.get("sticks", 0)),
        "tsumi_number": int(win.get("honba", 0)),
    }
    return PackageCall(tiles, win_tile, melds, dora, ura, flags,
                       options if options is not None else options_for(ruleset))


def run_package(call: PackageCall) -> Any:
    """The raw HandResponse."""
    return HandCalculator.estimate_hand_value(
        call.tiles, call.win_tile, melds=call.melds, dora_indicators=call.dora,
        config=call.config(), ura_dora_indicators=call.ura,
    )


_ERRORS = {HandCalculator.ERR_NO_YAKU: "no_yaku",
           HandCalculator.ERR_HAND_NOT_WINNING: "not_a_win"}


def theirs(win: Mapping[str, Any], ruleset: str) -> Outcome:
    """Score with the package."""
    return outcome_of(run_package(package_call(win, ruleset)))


def outcome_of(response: Any) -> Outcome:
    if response.error:
        return Outcome(error=_ERRORS.get(response.error, response.error))
    yakuman_yaku = [y for y in response.yaku if y.is_yakuman]
    yaku: set[tuple[str, int]] = set()
    for y in response.yaku:
        name = YAKU_IDS.get(y.yaku_id, f"package:{y.name}")
        if y.is_yakuman:
            yaku.add((name, 0))
        else:
            yaku.add((name, y.han_open if response.is_open_hand and y.han_open else y.han_closed))
    cost = response.cost
    yakuman = response.han // 13 if yakuman_yaku else 0
    return Outcome(
        error=None,
        han=response.han,
        fu=response.fu,
        yakuman=yakuman,
        total=cost["main"] + 2 * cost["additional"],
        honba=cost["main_bonus"] + 2 * cost["additional_bonus"],
        sticks=cost["kyoutaku_bonus"],
        yaku=frozenset(yaku),
    )
