"""The situation flags of a win at the table (referee/wins.py): the answers of the
``win_flag`` rules (rulesets/base/table.rules), asked of the winner at the moment of the win;
a ruleset that writes a flag otherwise changes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.scenarios import Table
from riichi_rules.referee.wins import situation_flags

# A variant some tables play (the brief of issue #14: "whether any call, or only the
# winner's own, voids tenhou/chiihou/renhou"): only the winner's own calls void chiihou.
# Written for this test; no bundled ruleset plays it.
OWN_CALLS_ONLY = '''override win_flag chiihou "Chiihou" {
    when tsumo and not dealer and count(own_discards) == 0 and count(melds) == 0
    source "a test variant: another player's call does not void chiihou"
}
'''


@pytest.fixture(scope="module")
def own_calls_only(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("chiihou-own-calls")
    (folder / "flags.rules").write_text(OWN_CALLS_ONLY, encoding="utf-8")
    (folder / "ruleset.json").write_text(json.dumps({
        "$schema": "../schema/ruleset.schema.json", "id": "chiihou-own-calls",
        "name": "Tenhou, chiihou voided only by the winner's own calls (a test ruleset)",
        "source": {"rulebook": "test", "edition": "1"}, "extends": "tenhou",
        "rules": ["flags.rules"]}), encoding="utf-8")
    return str(folder / "ruleset.json")


def _flags(t: Table, seat: int, tsumo: bool = True, on: str = "discard") -> dict[str, bool]:
    return situation_flags(t.referee.ask, t.state, t.seat(seat), tsumo, on)


def _after_a_pon(ruleset: str | Path) -> Table:
    """The dealer (seat 0) draws and discards 1m, seat 2 pons it and discards 1z, seat 3
    draws its first tile: the first go-around is interrupted by a call that is not seat
    3's."""
    t = Table(ruleset, {2: "11m37m37p37s12345z"})
    assert t.turn(0, "1m") == []
    assert t.call(2, "1=11m", 0) == []
    assert t.discard(2, "1z") == []
    assert t.draw(3, "9m") == []
    return t


def test_a_first_draw_before_any_call_is_chiihou() -> None:
    # ema-rcr-2016 §4 Yakuman: Chiho (a non-dealer's self-draw in the uninterrupted first
    # go-around): seat 1's first draw, nobody has called
    t = Table("tenhou")
    assert t.turn(0, "5z") == []
    assert t.draw(1, "9m") == []
    flags = _flags(t, 1)
    assert flags["chiihou"] and not (flags["tenhou"] or flags["renhou"] or flags["haitei"])


def test_another_players_call_voids_chiihou_under_the_bundled_rules() -> None:
    # ema-rcr-2016 §4 Yakuman: Chiho: a call interrupts the first go-around (the base rule's
    # first_turn: the first go-around, no call or kan yet, and the player has not discarded)
    assert not _flags(_after_a_pon("tenhou"), 3)["chiihou"]


def test_a_ruleset_that_voids_chiihou_only_by_the_winners_own_calls(
        own_calls_only: str) -> None:
    # OWN_CALLS_ONLY: seat 3 has neither discarded nor called
    t = _after_a_pon(own_calls_only)
    assert _flags(t, 3)["chiihou"]
    assert not _flags(t, 2)["chiihou"]  # the caller has discarded and holds a meld


def test_a_replacement_tile_drawn_as_the_wall_runs_out_is_rinshan_not_haitei() -> None:
    # ema-rcr-2016 §4 One han: Haitei (the last tile of the wall) and Rinshan kaihou; the
    # replacement tile comes from the dead wall, so it is not the last tile of the live wall
    # ("the last draw must come from the regular wall in order to count as haitei",
    # riichi.wiki, Haitei raoyue and houtei raoyui). Seat 0 draws with two tiles left, makes
    # a concealed kan (its indicator turned at once: kan_rule reveal_at_once) and draws the
    # replacement: the wall is then empty.
    t = Table("tenhou", {0: "111m258p258s1234z"})
    t.state.wall = 2  # set directly
    assert t.draw(0, "1m") == []
    assert t.closed_kan(0, "1111m") == []
    assert t.new_dora(0, "9s") == []
    assert t.draw(0, "9m") == []
    assert t.state.wall == 0
    flags = _flags(t, 0)
    assert flags["rinshan"] and not flags["haitei"]
