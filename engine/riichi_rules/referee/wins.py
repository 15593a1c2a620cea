"""A win at the table: the situation flags the scorer is given (haitei, rinshan, chankan,
tenhou...), as the ``win_flag`` rules say of the hand's state, and a record's score set
against the scorer's."""

from __future__ import annotations

from riichi_rules.records.events import RecordedWin
from riichi_rules.referee.questions import Questions
from riichi_rules.referee.state import HandState, SeatState
from riichi_rules.scoring.result import Result


def situation_flags(ask: Questions, state: HandState, seat: SeatState, tsumo: bool, on: str
                    ) -> dict[str, bool]:
    """The flags of ``seat``'s win now (by self-draw, or on a tile released ``on`` a discard
    or a kan), as :class:`~riichi_rules.hand.Win` takes them: whether it is by self-draw
    and whether the winner is in riichi, then each ``win_flag`` rule's answer."""
    env = ask.env(state, seat)
    env.tsumo = tsumo
    env.ron = not tsumo
    env.on = on
    env.replacement = seat.rinshan
    env.ippatsu_chance = seat.ippatsu
    env.riichi_first_turn = seat.riichi_first_turn
    flags = {"tsumo": tsumo, "riichi": seat.riichi}
    for name, when in ask.win_flags:
        flags[name] = bool(when is not None and when(env))
    return flags


def score_problems(rec: RecordedWin, result: Result) -> list[str]:
    """Where the recorded score and ours part, as far as the record gives one (a win
    recorded only by its score changes has its deltas checked by the referee, and nothing
    here): the yakuman, or the han, fu and yaku; and the points. A record that names no
    ``kita`` counts the Norths set aside among the dora (Tenhou: sanma2.xml East 1, "dora 2"
    for one 1p held under a 9p indicator and one North set aside), and ours are so compared."""
    if rec.han is None or rec.points is None:
        return []
    ours_yaku = {y.id: y.han for y in result.yaku if y.han}
    theirs_yaku = dict(rec.yaku)
    if "kita" in ours_yaku and "kita" not in theirs_yaku:
        ours_yaku["dora"] = ours_yaku.get("dora", 0) + ours_yaku.pop("kita")
    problems = []
    if rec.yakuman:
        if sorted(rec.yakuman) != sorted(y.id for y in result.yaku if y.yakuman):
            problems.append(f"yakuman {sorted(rec.yakuman)} vs ours "
                            f"{sorted(y.id for y in result.yaku if y.yakuman)}")
    else:
        if rec.han != result.han:
            problems.append(f"han {rec.han} vs ours {result.han}")
        if rec.fu is not None and rec.limit == 0 and rec.fu != result.fu:
            problems.append(f"fu {rec.fu} vs ours {result.fu}")
        if ours_yaku != theirs_yaku:
            problems.append(f"yaku {theirs_yaku} vs ours {ours_yaku}")
    if rec.points != result.points:
        problems.append(f"points {rec.points} vs ours {result.points}")
    return problems
