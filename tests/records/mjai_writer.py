"""Test-only: a :class:`GameRecord` (read from Tenhou mjlog or tenhou.net/6) written out as mjai
events, so that the mjai reader can be checked against the Tenhou readers on the corpus.

Two styles: ``scored=True`` writes what gimite/mjai's server writes (``hora`` with ``pai``,
``hora_tehais``, ``fu``, ``fan``, ``hora_points``, ``yakus``; ``ryukyoku`` with ``reason``,
``tehais`` and ``tenpais``); ``scored=False`` writes only what Mortal's libriichi event type has
(``hora {actor, target, deltas, ura_markers}``, ``ryukyoku {deltas}``), so the reader must infer
the rest. Yakuman count 100 fan each, as gimite's hora.rb has it (``YAKUMAN_FAN``).
"""

from __future__ import annotations

from typing import Any

from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    Event,
    GameRecord,
    NewDora,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.records.mjai import MJAI_DRAWS, MJAI_YAKU, MJAI_YAKUMAN
from riichi_rules.tiles import Tile

_YAKU_NAME = {ours: name for name, ours in MJAI_YAKU.items() if name != "sangenpai"}
_YAKUMAN_NAME = {ours: name for name, ours in MJAI_YAKUMAN.items()}
# mjai has no names of its own for these three: they are written as the plain yakuman
_YAKUMAN_NAME.update(suuankou_tanki="suanko", kokushi_13="kokushimuso",
                     junsei_chuuren="churenpoton")
_REASON = {kind: reason for reason, kind in MJAI_DRAWS.items()}
_MELD_TYPE = {"chi": "chi", "pon": "pon", "daiminkan": "daiminkan"}


def pai(tile: Tile) -> str:
    """The mjai spelling of a tile."""
    if tile.kind >= 27:
        return "ESWNPFC"[tile.kind - 27]
    return f"{tile.number}{tile.suit.value}" + ("r" if tile.red else "")


def pais(tiles: Any) -> list[str]:
    return [pai(t) for t in tiles]


def _without(tiles: tuple[Tile, ...], tile: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


def _yakus(win: WonHand) -> list[list[Any]]:
    rec = win.recorded
    if rec.yakuman:
        return [[_YAKUMAN_NAME[y], 100] for y in rec.yakuman]
    out: list[list[Any]] = []
    dragons = 0
    for ours, han in rec.yaku:
        if ours.startswith("yakuhai_"):
            dragons += han
        else:
            out.append([_YAKU_NAME[ours], han])
    if dragons:
        out.append(["sangenpai", dragons])
    return out


def _event(e: Event, *, scored: bool) -> dict[str, Any]:
    if isinstance(e, Draw):
        return {"type": "tsumo", "actor": e.seat, "pai": pai(e.tile)}
    if isinstance(e, Discard):
        return {"type": "dahai", "actor": e.seat, "pai": pai(e.tile),
                "tsumogiri": bool(e.tsumogiri)}
    if isinstance(e, RiichiDeclared):
        return {"type": "reach", "actor": e.seat}
    if isinstance(e, RiichiAccepted):
        return {"type": "reach_accepted", "actor": e.seat}
    if isinstance(e, Call):
        called = e.meld.called
        assert called is not None
        return {"type": _MELD_TYPE[e.meld.type], "actor": e.seat, "target": e.from_seat,
                "pai": pai(called), "consumed": pais(_without(e.meld.tiles, called))}
    if isinstance(e, ClosedKan):
        return {"type": "ankan", "actor": e.seat, "consumed": pais(e.meld.tiles)}
    if isinstance(e, AddedKan):
        return {"type": "kakan", "actor": e.seat, "pai": pai(e.tile),
                "consumed": pais(_without(e.meld.tiles, e.tile))}
    if isinstance(e, NewDora):
        return {"type": "dora", "dora_marker": pai(e.indicator)}
    if isinstance(e, WonHand):
        out: dict[str, Any] = {"type": "hora", "actor": e.seat, "target": e.from_seat,
                               "deltas": list(e.recorded.deltas), "ura_markers": pais(e.ura)}
        if scored:
            rec = e.recorded
            out.update(pai=pai(e.win_tile), hora_tehais=pais(_without(e.hand, e.win_tile)),
                       fan=100 * len(rec.yakuman) if rec.yakuman else rec.han,
                       hora_points=rec.points, yakus=_yakus(e))
            if rec.fu is not None:
                out["fu"] = rec.fu
        return out
    assert isinstance(e, DrawnHand)
    out = {"type": "ryukyoku", "deltas": list(e.deltas)}
    if scored:
        out.update(reason=_REASON[e.kind], tenpais=[s in e.tenpai for s in range(4)],
                   tehais=[pais(e.revealed[s]) if s in e.revealed else ["?"] * 13
                           for s in range(4)])
    return out


def to_mjai(game: GameRecord, *, scored: bool = True) -> list[dict[str, Any]]:
    """The mjai events of a 4-player game."""
    assert game.rules.players == 4
    events: list[dict[str, Any]] = [{"type": "start_game", "names": list(game.players)}]
    for hand in game.hands:
        events.append({
            "type": "start_kyoku", "bakaze": hand.round_wind.value,
            "dora_marker": pai(hand.dora_indicator), "kyoku": hand.kyoku,
            "honba": hand.honba, "kyotaku": hand.sticks, "oya": hand.dealer,
            "scores": list(hand.scores), "tehais": [pais(h) for h in hand.hands]})
        events.extend(_event(e, scored=scored) for e in hand.events)
        events.append({"type": "end_kyoku"})
    events.append({"type": "end_game"})
    return events
