"""Our ``tenhou-sanma`` ruleset against Tenhou's own scoring of real three-player wins.

Every three-player win of shared/data/tenhou/agari.jsonl (``ruleset.players == 3``: README
"Counts", the Phoenix game ``mjlog/dnovikoff_tenhou/sanma2.xml``, type 185 三鳳南喰赤; the file
``sanma.xml`` is, despite its name, a four-player game of a 1,000-point lobby) is converted with
riichi_rules.records (its nukidora counted in the win's ``kita``), scored under
``tenhou-sanma`` and compared with what Tenhou's server recorded in the AGARI element: han,
fu (not for a yakuman), the yaku han by han, the hand's value (``recorded.points``), the limit,
and the winner's score change (the value, honba and sticks: 200 a honba on a ron, 100 from each
of the two payers on a self-draw).

Tenhou writes no yaku of its own for a North set aside: it adds the kita to the dora entry
(yaku 52; in sanma2.xml East 1 one North set aside and one 1p held under a 9p indicator are
"dora 2"), so our ``kita`` han are added to our ``dora`` before the yaku are compared.

Every three-player win must agree (there are few, and nothing is known to differ).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from corpus_data import TENHOU, need_corpus
from riichi_rules.records import recorded_score, to_win
from riichi_rules.scoring.scorer import program, score

AGARI = TENHOU / "agari.jsonl"
LIMIT_CODES = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "yakuman": 5}

pytestmark = need_corpus(AGARI)


def three_player_wins() -> Iterator[dict[str, Any]]:
    with AGARI.open(encoding="utf-8") as f:
        for line in f:
            record: dict[str, Any] = json.loads(line)
            if record["ruleset"]["players"] == 3:
                yield record


def differences(record: dict[str, Any]) -> list[str]:
    """What our score of the win and Tenhou's part on (empty when they agree)."""
    theirs = recorded_score(record)
    ours = score(to_win(record), program("tenhou-sanma"))
    yaku: dict[str, int] = {}
    for y in ours.yaku:
        if not y.yakuman:
            name = "dora" if y.id == "kita" else y.id  # Tenhou counts kita among the dora
            yaku[name] = yaku.get(name, 0) + y.han
    out = []
    if ours.yakuman or theirs.is_yakuman:
        if {y.id: y.yakuman for y in ours.yaku if y.yakuman} != dict(theirs.yakuman):
            out.append(f"yakuman Tenhou {dict(theirs.yakuman)}")
    else:
        if (ours.han, ours.fu) != (theirs.han, theirs.fu):
            out.append(f"han/fu Tenhou {theirs.han}/{theirs.fu}, ours {ours.han}/{ours.fu}")
        if yaku != dict(theirs.yaku):
            out.append(f"yaku Tenhou {dict(theirs.yaku)}, ours {yaku}")
    if ours.points != theirs.points:
        out.append(f"points Tenhou {theirs.points}, ours {ours.points}")
    if LIMIT_CODES.get(ours.limit, -1) != theirs.limit:
        out.append(f"limit Tenhou {theirs.limit}, ours {ours.limit}")
    receives = ours.winner_receives if theirs.collects_deposits else ours.points
    if receives != theirs.winner_delta:
        out.append(f"winner's change Tenhou {theirs.winner_delta}, ours {receives}")
    return out


def test_every_three_player_win_scores_as_tenhou_scored_it() -> None:
    wins = list(three_player_wins())
    assert wins, "agari.jsonl lists three-player wins (README 'Counts': sanma2.xml)"
    problems = {}
    for record in wins:
        found = differences(record)
        if found:
            key = f"{record['file']} hand {record['round_index']} seat {record['winner']}"
            problems[key] = f"{record['hand']} win {record['win_tile']}: " + "; ".join(found)
    assert problems == {}
    # the data exercises what three players change: kita, a self-draw paid by two, honba
    assert any(to_win(r).kita for r in wins)
    assert any(r["is_tsumo"] and r["honba"] for r in wins)


def test_the_payments_of_a_self_draw_are_the_two_other_players() -> None:
    # sanma2.xml East 2, 2 honba: the dealer (seat 1) self-draws a haneman, 6,000 from each of
    # the two others, each with 200 honba (sc -62, +134, -62 in hundreds: README "recorded")
    for record in three_player_wins():
        if not record["is_tsumo"]:
            continue
        ours = score(to_win(record), program("tenhou-sanma"))
        assert len(ours.payments) == 2
        deltas = record["recorded"]["deltas"]
        payers = sorted(-d for s, d in enumerate(deltas[:3]) if s != record["winner"])
        assert sorted(p.points + p.honba for p in ours.payments) == payers
