"""The mjai spellings: its tiles (``1m``..``9s``, ``5mr``, ``E S W N P F C``), and the yaku,
yakuman and draw names of gimite/mjai's ``hora`` and ``ryukyoku`` events
(:mod:`riichi_rules.records.mjai`), as ours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from riichi_rules.limits import quoted
from riichi_rules.tiles import Tile

__all__ = ["MJAI_DRAWS", "MJAI_YAKU", "MJAI_YAKUMAN", "mjai_name", "tile_of_mjai"]

_HONOURS: Final = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_SUITS: Final = {"m": 0, "p": 9, "s": 18}

MJAI_YAKU: Final[Mapping[str, str]] = {
    "menzenchin_tsumoho": "menzen_tsumo",
    "reach": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshankaiho": "rinshan",
    "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei",
    "pinfu": "pinfu",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "jikaze": "seat_wind",
    "bakaze": "round_wind",
    "sangenpai": "yakuhai",  # one han per dragon triplet: resolved from the hand
    "double_reach": "double_riichi",
    "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta",
    "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku",
    "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu",
    "toitoiho": "toitoi",
    "sananko": "sanankou",
    "shosangen": "shousangen",
    "honroto": "honroutou",
    "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan",
    "honiso": "honitsu",
    "chiniso": "chinitsu",
    "renho": "renhou",
    "dora": "dora",
    "uradora": "ura_dora",
    "akadora": "aka_dora",
}
"""gimite/mjai's yaku names (``hora.yakus``; lib/mjai/hora.rb) to our yaku ids."""

MJAI_YAKUMAN: Final[Mapping[str, str]] = {
    "tenho": "tenhou",
    "chiho": "chiihou",
    "kokushimuso": "kokushi",
    "daisangen": "daisangen",
    "suanko": "suuankou",
    "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "daisushi": "daisuushii",
    "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
    "churenpoton": "chuuren",
}
"""gimite/mjai's yakuman names to ours. mjai has no names for the single-wait four concealed
triplets, the thirteen-wait thirteen orphans or the pure nine gates: they read as the plain
yakuman."""

MJAI_DRAWS: Final[Mapping[str, str]] = {
    "fanpai": "exhaustive",
    "kyushukyuhai": "kyuushu_kyuuhai",
    "sufonrenta": "suufon_renda",
    "suchareach": "suucha_riichi",
    "sukaikan": "suukaikan",
    "sanchaho": "sanchahou",
    "nagashimangan": "nagashi_mangan",
}
"""gimite/mjai's ``ryukyoku.reason`` values to the kinds of
:data:`~riichi_rules.records.events.DRAWN_HAND_KINDS`."""

def tile_of_mjai(text: object) -> Tile:
    """An mjai tile (``1m``..``9s``, ``5mr``/``5pr``/``5sr``, ``E S W N P F C``) as a tile.
    Raises ValueError (``?``, a hidden tile, too)."""
    if text == "?":
        raise ValueError("'?' is a hidden tile: this is one player's view of the game, and a "
                         "replay needs every tile")
    if isinstance(text, str):
        if text in _HONOURS:
            return Tile.of(_HONOURS[text])
        if len(text) in (2, 3) and text[0] in "123456789" and text[1] in _SUITS:
            red = text[2:] == "r"
            if len(text) == 2 or (red and text[0] == "5"):
                return Tile.of(_SUITS[text[1]] + int(text[0]) - 1, red)
    raise ValueError(f"{quoted(text)} is not an mjai tile (1m..9m, 1p..9p, 1s..9s, 5mr/5pr/5sr, "
                     "E S W N P F C)")


def mjai_name(tile: Tile) -> str:
    """The mjai spelling of a tile (for messages)."""
    if tile.kind >= 27:
        return "ESWNPFC"[tile.kind - 27]
    return f"{tile.number}{tile.suit.value}" + ("r" if tile.red else "")
