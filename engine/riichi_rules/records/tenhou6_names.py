"""The words of a tenhou.net/6 result: the names of yaku, limits and draws, as Tenhou writes them
(its ``mjlog2json`` converter and its editor) and as converters of Mahjong Soul logs write them
in the same form.

Those converters (Equim-chan/tensoul's ``convert.js``, taken from the MajsoulPlus
"downloadlogs" script) write a yaku by Mahjong Soul's own name, in Japanese or in English as
the converter is set (``name_jp`` / ``name_en`` of Mahjong Soul's fan table, which tensoul's
``data.json`` holds), and the names of limits and draws in Japanese, romanized or English
(its ``RUNES`` table); ``和了``, ``飜`` after a yaku's han, ``役満`` and ``点`` stay Japanese.
Checked against tensoul at commit f840fae0 (2024-11-11).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "DRAW_NAMES",
    "KITA_NAMES",
    "LIMIT_NAMES",
    "MAHJONG_SOUL_ROOMS",
    "MAHJONG_SOUL_YAKU_NAMES",
    "ROUND_WIND_NAMES",
    "SEAT_WIND_NAMES",
    "TENHOU_YAKU_NAMES",
    "VALUE_TEXT",
]

MAHJONG_SOUL_ROOMS = re.compile(
    r"(?:銅|銀|金|玉|王座)の間|(?:Bronze|Silver|Gold|Jade|Throne) Room")
"""The ranked rooms of Mahjong Soul, as converters write them in ``rule.disp`` (Japanese or
English): a game in one of them is a Mahjong Soul game."""

TENHOU_YAKU_NAMES: Mapping[str, int] = {
    name: i
    for i, name in enumerate(
        (
            "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和",
            "断幺九", "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南",
            "場風 西", "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子",
            "混全帯幺九", "一気通貫", "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
            "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和", "天和",
            "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈",
            "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ",
            "裏ドラ", "赤ドラ",
        )
    )
}
"""Tenhou's yaku names (as tenhou.net/6 writes them before ``(N飜)``) to Tenhou's yaku ids, the
ids of the mjlog ``AGARI yaku`` attribute (README "Yaku distribution" lists them)."""

SEAT_WIND_NAMES = frozenset({"役牌:自風牌", "Seat Wind"})
"""Mahjong Soul's seat-wind yaku (fan 10), which does not name the wind: Tenhou ids 10..13 by
the winner's seat wind."""

ROUND_WIND_NAMES = frozenset({"役牌:場風牌", "Prevalent Wind"})
"""Mahjong Soul's round-wind yaku (fan 11): Tenhou ids 14..17 by the round wind."""

KITA_NAMES = frozenset({"抜きドラ", "Kita"})
"""Mahjong Soul's three-player kita (fan 34: each North set aside one han), which Tenhou has
no yaku for (Tenhou counts them in its dora): our ``kita``."""

# Mahjong Soul's fan table (id, name_jp, name_en) -> Tenhou's yaku id. Left out: the wind yaku
# above (10, 11), three-player kita (34, above), local yaku (46, 51..64: not played where Tenhou
# plays) and 人和 (59: a yakuman there, a yaku of its own on Tenhou).
_MAHJONG_SOUL_FAN: tuple[tuple[int, str, str, int], ...] = (
    (1, "門前清自摸和", "Fully Concealed Hand", 0),
    (2, "立直", "Riichi", 1),
    (3, "槍槓", "Robbing a Kan", 3),
    (4, "嶺上開花", "After a Kan", 4),
    (5, "海底摸月", "Under the Sea", 5),
    (6, "河底撈魚", "Under the River", 6),
    (7, "役牌 白", "White Dragon", 18),
    (8, "役牌 發", "Green Dragon", 19),
    (9, "役牌 中", "Red Dragon", 20),
    (12, "断幺九", "All Simples", 8),
    (13, "一盃口", "Pure Double Sequence", 9),
    (14, "平和", "Pinfu", 7),
    (15, "混全帯幺九", "Half Outside Hand", 23),
    (16, "一気通貫", "Pure Straight", 24),
    (17, "三色同順", "Mixed Triple Sequence", 25),
    (18, "ダブル立直", "Double Riichi", 21),
    (19, "三色同刻", "Triple Triplets", 26),
    (20, "三槓子", "Three Quads", 27),
    (21, "対々和", "All Triplets", 28),
    (22, "三暗刻", "Three Concealed Triplets", 29),
    (23, "小三元", "Little Three Dragons", 30),
    (24, "混老頭", "All Terminals and Honors", 31),
    (25, "七対子", "Seven Pairs", 22),
    (26, "純全帯幺九", "Fully Outside Hand", 33),
    (27, "混一色", "Half Flush", 34),
    (28, "二盃口", "Twice Pure Double Sequence", 32),
    (29, "清一色", "Full Flush", 35),
    (30, "一発", "Ippatsu", 2),
    (31, "ドラ", "Dora", 52),
    (32, "赤ドラ", "Red Five", 54),
    (33, "裏ドラ", "Ura Dora", 53),
    (35, "天和", "Blessing of Heaven", 37),
    (36, "地和", "Blessing of Earth", 38),
    (37, "大三元", "Big Three Dragons", 39),
    (38, "四暗刻", "Four Concealed Triplets", 40),
    (39, "字一色", "All Honors", 42),
    (40, "緑一色", "All Green", 43),
    (41, "清老頭", "All Terminals", 44),
    (42, "国士無双", "Thirteen Orphans", 47),
    (43, "小四喜", "Four Little Winds", 50),
    (44, "四槓子", "Four Quads", 51),
    (45, "九蓮宝燈", "Nine Gates", 45),
    (47, "純正九蓮宝燈", "True Nine Gates", 46),
    (48, "四暗刻単騎", "Single-wait Four Concealed Triplets", 41),
    (49, "国士無双十三面待ち", "Thirteen-wait Thirteen Orphans", 48),
    (50, "大四喜", "Four Big Winds", 49),
)

MAHJONG_SOUL_YAKU_NAMES: Mapping[str, int] = {
    name: tenhou for _, jp, en, tenhou in _MAHJONG_SOUL_FAN for name in (jp, en)
}
"""Mahjong Soul's yaku names (Japanese and English) to Tenhou's yaku ids, but for the wind
yaku (:data:`SEAT_WIND_NAMES`, :data:`ROUND_WIND_NAMES`)."""

LIMIT_NAMES: Mapping[str, int] = {
    # Tenhou
    "満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "数え役満": 5, "役満": 5,
    # Mahjong Soul converters (RUNES: Japanese, romanized, English; kiriage is a mangan)
    "切り上げ満貫": 1, "Mangan ": 1, "Kiriage Mangan ": 1, "Rounded Mangan ": 1,
    "Haneman ": 2, "Baiman ": 3, "Sanbaiman ": 4, "Kazoe Yakuman ": 5,
    "Counted Yakuman ": 5, "Yakuman ": 5,
}
"""The limit names a win's value text starts with, to Tenhou's limit numbers (1 mangan ..
5 yakuman). A multiple yakuman (``2倍役満``) is a yakuman too."""

_LIMIT_PATTERN = "|".join(re.escape(n) for n in sorted(LIMIT_NAMES, key=len, reverse=True))
VALUE_TEXT = re.compile(
    rf"(?:(?P<fu>[0-9]{{1,3}})(?:符|Fu)(?P<han>[0-9]{{1,3}})(?:飜|Han)"
    rf"|(?P<limit>{_LIMIT_PATTERN}|[0-9]{{1,2}}倍役満))"
    r"(?P<a>[0-9]{1,9})(?:-(?P<b>[0-9]{1,9}))?点(?P<all>∀)?"
)
"""A win's value: ``30符4飜7700点``, ``満貫2000-4000点``, ``30符4飜3900点∀`` (a dealer's
tsumo: each pays), or a converter's ``Mangan 8000点`` / ``30Fu4Han7700点``."""

DRAW_NAMES: Mapping[str, str] = {
    # Tenhou
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四槓散了": "suukaikan",
    "三家和了": "sanchahou",
    # Mahjong Soul converters (RUNES: Japanese where it differs, romanized, English)
    "四開槓": "suukaikan",
    "三家和": "sanchahou",
    "Ryuukyoku": "exhaustive",
    "Exhaustive Draw": "exhaustive",
    "Nagashi Mangan": "nagashi_mangan",
    "Mangan at Draw": "nagashi_mangan",
    "Kyuushu Kyuuhai": "kyuushu_kyuuhai",
    "Nine Terminal Abortion": "kyuushu_kyuuhai",
    "Suufon Renda": "suufon_renda",
    "Four Wind Abortion": "suufon_renda",
    "Suucha Riichi": "suucha_riichi",
    "Four Riichi Abortion": "suucha_riichi",
    "Suukaikan": "suukaikan",
    "Four Kan Abortion": "suukaikan",
    "Sanchahou": "sanchahou",
    "Three Ron Abortion": "sanchahou",
}
"""The names of a drawn hand's result to the kinds of
:class:`~riichi_rules.records.events.DrawnHand`."""
