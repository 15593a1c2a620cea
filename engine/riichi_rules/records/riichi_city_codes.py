"""The codes of Riichi City's game records (the raw JSON of its API), as the reader of
:mod:`riichi_rules.records.riichi_city` needs them: tiles, round winds, event types, actions,
the ends of a hand and the yaku (``fang_type``).

Sources. The names of the codes are those of the game client's own enumerations
(``EMjReplayEventType``, ``EMjActionType``, ``EMjGameEndType``, ``EMjFangType``, as written out
in the public repository 0num4/paifu-playground, ``riichicity/Types/commonConsts.py``); the
tile codes as Longhorn-Riichi/InjusticeJudge reads them (``injustice_judge/fetch/
riichicity.py``), and as every hand of a record spells them itself: its ``handCardEncode``
writes the wall as tiles (``2p3s3z4z...``, red fives ``0m 0p 0s``) and its deal and
``paiShan`` give the same wall as codes (``tests/corpus/test_riichi_city_corpus.py`` checks
this on every Riichi City record of the shared corpus)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from riichi_rules.tiles import Tile, Wind

__all__ = [
    "ACTIONS",
    "DRAW_ENDS",
    "END_TYPES",
    "EVENT_TYPES",
    "FANG_NAMES",
    "FANG_YAKU",
    "FANG_YAKUMAN",
    "NAGASHI_FANG",
    "ROUND_WINDS",
    "tile_of_code",
]

_SUITS = {0: 9, 1: 18, 2: 0}  # the code's suit nibble: pin, sou, man -> our first kind


def tile_of_code(code: object) -> Tile:
    """A Riichi City tile code as a tile: ``suit << 4 | number`` for the number tiles (suit 0
    pinzu, 1 souzu, 2 manzu: ``0x01`` = 1p, ``0x19`` = 9s, ``0x25`` = 5m), ``0x31 0x41 ...
    0x91`` for East South West North White Green Red, and ``0x100`` added for a red five
    (``0x105`` = 0p, ``0x115`` = 0s, ``0x125`` = 0m). Raises ValueError."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(f"a tile code is a number, not {code!r}")
    red, rest = divmod(code, 0x100)
    suit, number = divmod(rest, 0x10)
    if red == 0 and suit in _SUITS and 1 <= number <= 9:
        return Tile.of(_SUITS[suit] + number - 1)
    if red == 1 and suit in _SUITS and number == 5:
        return Tile.of(_SUITS[suit] + 4, True)
    if red == 0 and 3 <= suit <= 9 and number == 1:
        return Tile.of(27 + suit - 3)
    raise ValueError(f"{code} is not a Riichi City tile code (0x01-0x09 pinzu, 0x11-0x19 "
                     "souzu, 0x21-0x29 manzu, 0x31-0x91 honours, 0x105/0x115/0x125 red fives)")


ROUND_WINDS: Final[Mapping[int, Wind]] = {0x31: Wind.E, 0x41: Wind.S, 0x51: Wind.W,
                                          0x61: Wind.N}
"""``quan_feng`` (the round wind, a tile code) as a wind."""

EVENT_TYPES: Final[Mapping[int, str]] = {
    1: "GameStart",  # one seat's deal, and the hand's header
    2: "SendCurrentAction",  # a seat's turn: the tile it drew (in_card), 0 when none
    3: "SendOtherAction",  # a call or ron offered to a seat (what it chose follows as 4)
    4: "ActionBrc",  # an action: a discard, a call, a kan, a win, nine terminals
    5: "GameEnd",  # the hand's result
    6: "RoomEnd",  # the game's result
    7: "GangBaoBrc",  # a kan's new dora indicator (cards: the kan indicators so far)
    8: "LiZhiBrc",  # a riichi declaration stands: the stick is paid
    9: "UserZhenTing",  # a furiten notice
    10: "Pause",
    11: "Ting",  # a seat's waits
}
"""``eventType``: the client's names (``EMjReplayEventType``)."""

ACTIONS: Final[Mapping[int, str]] = {
    2: "ZuoChi",  # chi, the called tile the lowest of the run (56 called with 4)
    3: "ZhongChi",  # chi, the called tile the middle one (35 with 4)
    4: "YouChi",  # chi, the called tile the highest (56 with 7)
    5: "Peng",  # pon
    6: "MingGang",  # daiminkan
    7: "ChiHu",  # ron
    8: "AnGang",  # closed kan
    9: "BuGang",  # added kan
    10: "ZiMo",  # tsumo
    11: "OutCard",  # a discard
    12: "EndGame",  # nine terminals (kyuushu kyuuhai)
    13: "PullNorth",  # a north set aside (3-player)
}
"""``action`` of an ``ActionBrc`` event: the client's names (``EMjActionType``)."""

END_TYPES: Final[Mapping[int, str]] = {
    0: "ChiHu",  # ron
    1: "ZiMo",  # tsumo
    2: "SiFengLianDa",  # four winds
    3: "SiGangSanLe",  # four kans
    4: "SiJiaLiZhi",  # four riichi
    5: "SanJiaHuLe",  # triple ron
    6: "JiuZhongJiuPai",  # nine terminals
    7: "HuanPai",  # the wall ran out
    8: "VoteTermination",
    9: "Cheat",
    10: "HuangCheat",
    11: "ForcedEnd",
}
"""``end_type`` of a ``GameEnd`` event: the client's names (``EMjGameEndType``)."""

DRAW_ENDS: Final[Mapping[int, str]] = {
    2: "suufon_renda",
    3: "suukaikan",
    4: "suucha_riichi",
    5: "sanchahou",
    6: "kyuushu_kyuuhai",
    7: "exhaustive",
}
"""The ends of a hand without a win, as :class:`~riichi_rules.records.events.DrawnHand` kinds
(an exhaustive draw paid as nagashi mangan: :data:`NAGASHI_FANG`)."""

FANG_YAKU: Final[Mapping[int, str]] = {
    0: "riichi",
    1: "menzen_tsumo",
    2: "ippatsu",
    3: "rinshan",
    4: "haitei",
    5: "houtei",
    6: "chankan",
    7: "yakuhai_chun",
    8: "yakuhai_hatsu",
    9: "yakuhai_haku",
    10: "round_wind",  # 役牌 圈风 (Quan): the round wind
    11: "seat_wind",  # 役牌 (Men): the seat wind, as a South-round dealer's East kan shows
    12: "iipeikou",
    13: "pinfu",
    14: "tanyao",
    15: "double_riichi",
    16: "toitoi",
    17: "chiitoitsu",
    18: "sanankou",
    19: "sankantsu",
    20: "honroutou",
    21: "chanta",
    22: "ittsu",
    23: "sanshoku",
    24: "shousangen",
    25: "sanshoku_doukou",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    49: "aka_dora",
    50: "dora",
    51: "ura_dora",
}
"""``fang_type`` (``EMjFangType``) of the yaku counted in han, to our yaku ids."""

FANG_YAKUMAN: Final[Mapping[int, str]] = {
    31: "tenhou",
    32: "chiihou",
    34: "kokushi",
    35: "kokushi_13",
    36: "chuuren",
    37: "junsei_chuuren",
    38: "suuankou",
    39: "suuankou_tanki",
    40: "suukantsu",
    41: "chinroutou",
    42: "tsuuiisou",
    43: "daisuushii",
    44: "shousuushii",
    45: "daisangen",
    46: "ryuuiisou",
}
"""``fang_type`` of the yakuman, to our yakuman ids."""

NAGASHI_FANG: Final = 30
"""``fang_type`` of nagashi mangan (流局满贯), paid at an exhaustive draw."""

FANG_NAMES: Final[Mapping[int, str]] = {
    30: "流局满贯 (nagashi mangan)",
    33: "人和 (renhou)",
    47: "純緑一色 (all green without green dragons)",
    48: "八連荘 (paarenchan)",
    52: "開立直 (open riichi)",
    53: "開双立直 (open double riichi)",
    54: "開立直役満 (open riichi yakuman)",
    55: "北抜き宝牌 (north dora, 3-player)",
    56: "役牌 北 (north yakuhai, 3-player)",
}
"""The client's names of the ``fang_type`` s that no yaku of ours stands for (for messages)."""
