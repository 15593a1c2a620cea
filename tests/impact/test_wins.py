"""Recorded wins rescored under two rulesets (riichi_rules.impact.wins).

The fixture fixtures/wins.jsonl is written by hand in the fields of agari.jsonl
(shared/data/tenhou/README.md, "agari.jsonl"); every expected value is derived below from the
rulebooks, not read off our output:

* line 1: 55m 234p 123456789s, ron on 9s (6s-9s wait), riichi, South seat: riichi 1 + pinfu 1
  + ittsu 2 = 4 han, 30 fu (pinfu ron). Non-dealer ron: 30 x 2^(4+2) = 1,920 basic x 4 =
  7,680 -> 7,700 under EMA 2016 (no kiriage, EMA 2016 §4; variants.md #12) and a mangan, 8,000,
  under WRC 2025 (kiriage, variants.md #12 [S4, S11]). One riichi stick (1,000) on both sides.
* line 2: 999m 234p 345s 678s 11z, ron on 5s (two-sided), riichi, East seat in the East round:
  1 han (riichi). Fu: 20 + 10 (closed ron) + 8 (concealed terminal pung) + the double-wind pair:
  4 under EMA 2016 (42 -> 50 fu), 2 under WRC 2025 (40 fu) (variants.md #22). Dealer ron:
  50 x 2^3 x 6 = 2,400 and 40 x 2^3 x 6 = 1,920 -> 2,000. Honba 300 and a stick on both sides.
* line 3: 234567m 234p 55p 678s, ron on 8s: riichi + tanyao + pinfu, 3 han 30 fu, 3,900 under
  both (below the kiriage threshold).
* lines 4, 5: a three-player win and a special lobby's win: skipped.
* line 6: not JSON; line 7: no ``context``: unreadable. Line 8 is blank.
* line 9: 111m 456m 789p 234s 99s, ron on 4s, no riichi: no yaku under either ruleset.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from corpus_data import TENHOU, need_corpus
from riichi_rules.conformance.cases import load_suite
from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.impact.corpus import (
    SKIP_SPECIAL_LOBBY,
    SKIP_THREE_PLAYER,
    CorpusWin,
    read_wins,
)
from riichi_rules.impact.wins import Impact, WinChange, corpus_impact, measure
from riichi_rules.rulesets.config import bundled_ids
from riichi_rules.scoring.scorer import program, score

FIXTURE = Path(__file__).parent / "fixtures" / "wins.jsonl"


def by_line(impact: Impact) -> dict[int | None, WinChange]:
    return {c.win.line: c for c in impact.changes}


def test_the_fixture_under_ema_2016_and_wrc_2025() -> None:
    impact = corpus_impact("ema-2016", "wrc-2025", [FIXTURE])
    # 8 lines that are not blank: 2 skipped, 2 unreadable, 4 read (3 scored, 1 with no yaku)
    assert (impact.found, impact.read, impact.scored_both) == (8, 4, 3)
    assert impact.skipped == {SKIP_THREE_PLAYER: 1, SKIP_SPECIAL_LOBBY: 1}
    assert impact.unreadable == {"bad JSON": 1, "bad_record": 1}
    assert dict(impact.neither) == {"no_yaku": 1}
    changes = by_line(impact)
    assert sorted(changes, key=str) == [1, 2]
    kiriage, double_wind = changes[1], changes[2]
    assert (kiriage.a, kiriage.b, kiriage.moved) == ("4h30f 7700", "4h30f 8000", 300)
    assert [(c.what, c.parameters) for c in kiriage.causes] == [
        ("limit none vs mangan", ("kiriage",))]
    assert (double_wind.a, double_wind.b, double_wind.moved) == (
        "1h50f 2400", "1h40f 2000", -400)
    assert [(c.what, c.parameters) for c in double_wind.causes] == [
        ("fu: Double-wind pair", ("double_wind_pair_fu",))]
    assert kiriage.kinds == double_wind.kinds == ("points", "value")
    assert impact.kinds == {"points": 2, "value": 2, "yaku": 0, "only_a": 0, "only_b": 0}
    assert kiriage.win.id == f"{FIXTURE}:1 (fixture-a E1-0 seat 1)"


def test_causes_with_their_points() -> None:
    impact = corpus_impact("ema-2016", "wrc-2025", [FIXTURE])
    causes = {ci.cause.what: ci for ci in impact.causes}
    assert set(causes) == {"limit none vs mangan", "fu: Double-wind pair"}
    assert causes["limit none vs mangan"].moved == [300]
    largest = causes["fu: Double-wind pair"].largest
    assert largest is not None and largest.moved == -400


def test_json_shape_adds_up() -> None:
    data = corpus_impact("ema-2016", "wrc-2025", [FIXTURE]).to_json()
    wins = data["wins"]
    assert wins["found"] == (wins["skipped"]["total"] + wins["unreadable"]["total"]
                             + wins["read"])
    assert wins["read"] == (wins["scored_both"] + wins["only_a"] + wins["only_b"]
                            + wins["neither"]["total"])
    assert wins["differ"] + wins["same"] + wins["neither"]["total"] == wins["read"]
    assert data["points"] == {"wins": 2, "total": -100, "mean": -50.0}
    assert [d["points"] for d in data["differences"]] == [300, -400]
    assert {r["reason"]: r["example"] for r in wins["unreadable"]["reasons"]}["bad JSON"] \
        .startswith(f"{FIXTURE}:6: not JSON")
    assert wins["neither"]["reasons"] == [
        {"reason": "no_yaku", "count": 1, "example": f"{FIXTURE}:9 (fixture-f E1-0 seat 3)"}]
    json.dumps(data)  # plain JSON


def test_a_win_under_one_ruleset_only() -> None:
    # variants.md #16: WRC 2025 scores renhou as a yaku; M.League has none, so a renhou with
    # no other yaku (111m 456m 789p 234s 99s, ron on 4s before the winner's first draw) is no
    # win there
    win = Win.from_json({"hand": "111m456m789p23499s", "win": "4s", "seat": "S",
                         "renhou": True})
    item = CorpusWin("test", None, "g", "E1-0", 1, win)
    impact = measure(program("wrc-2025"), program("m-league"), [item])
    (change,) = impact.changes
    assert change.kinds == ("only_a",) and change.moved is None
    assert change.b == "error no_yaku"
    assert [(c.what, c.parameters) for c in change.causes] == [("yaku renhou", ("renhou",))]
    swapped = measure(program("m-league"), program("wrc-2025"), [item])
    assert swapped.changes[0].kinds == ("only_b",)


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    impact = corpus_impact("ema-2016", "wrc-2025", [tmp_path / "missing.jsonl"])
    assert impact.found == 0 and sum(impact.files_unreadable.values()) == 1


# ---- properties: A against A shows nothing; swapping A and B negates the points moved --------

def _suite_wins() -> list[CorpusWin]:
    wins = []
    for case in load_suite().cases:
        if case.win is None:
            continue
        try:
            win = Win.from_json(case.win)
        except InputError:  # a case about bad input: not a win to compare
            continue
        wins.append(CorpusWin(case.location, None, case.id, "-", None, win))
    return wins


SUITE = _suite_wins()
RULESETS = sorted(bundled_ids())


def _key(changes: Sequence[WinChange]) -> dict[str, tuple[str, str, int | None]]:
    return {c.win.id: (c.a, c.b, c.moved) for c in changes}


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RULESETS), st.sampled_from(RULESETS),
       st.lists(st.sampled_from(SUITE), min_size=1, max_size=20, unique_by=id))
def test_swapping_the_rulesets_mirrors_the_differences(
        a: str, b: str, wins: list[CorpusWin]) -> None:
    forward = measure(program(a), program(b), wins)
    backward = measure(program(b), program(a), wins)
    there, back = _key(forward.changes), _key(backward.changes)
    assert set(there) == set(back)
    for key, (out_a, out_b, moved) in there.items():
        assert back[key] == (out_b, out_a, None if moved is None else -moved)
    assert forward.kinds["only_a"] == backward.kinds["only_b"]
    assert all(c.causes for c in forward.changes)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(RULESETS),
       st.lists(st.sampled_from(SUITE), min_size=1, max_size=20, unique_by=id))
def test_a_ruleset_against_itself_changes_nothing(a: str, wins: list[CorpusWin]) -> None:
    impact = measure(program(a), program(a), wins)
    assert impact.changes == () and impact.read == len(wins)


# ---- the shared Tenhou corpus ----------------------------------------------------------------

AGARI = TENHOU / "agari.jsonl"


@need_corpus(AGARI)
def test_the_corpus_adds_up_and_every_difference_has_a_cause() -> None:
    impact = corpus_impact("ema-2016", "wrc-2025", [AGARI])
    lines = [json.loads(line) for line in AGARI.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    standard = [r for r in lines
                if r["ruleset"]["players"] == 4 and r["ruleset"]["standard_scoring"]]
    assert impact.found == len(lines)
    assert impact.read == len(standard) and sum(impact.unreadable.values()) == 0
    assert sum(impact.skipped.values()) == len(lines) - len(standard)
    assert impact.read == (impact.scored_both + impact.kinds["only_a"] + impact.kinds["only_b"]
                           + sum(impact.neither.values()))
    for change in impact.changes:
        assert change.kinds and change.causes, change.win.id
        assert ("points" in change.kinds) == (change.moved not in (0, None)), change.win.id
    assert impact.kinds["points"] == sum(1 for c in impact.changes if c.moved)
    assert corpus_impact("ema-2016", "wrc-2025", [AGARI]).to_json() == impact.to_json()


@need_corpus(AGARI)
def test_kiriage_changes_exactly_the_4h30f_and_3h60f_hands() -> None:
    # variants.md #12: kiriage rounds 4 han 30 fu and 3 han 60 fu up to a mangan (WRC 2025),
    # EMA 2016 does not: a win changes by kiriage if and only if EMA 2016 scores it so
    impact = corpus_impact("ema-2016", "wrc-2025", [AGARI])
    by_kiriage = {c.win.line for c in impact.changes
                  if any("kiriage" in cause.parameters for cause in c.causes)}
    ema = program("ema-2016")
    expected = set()
    for item in read_wins([AGARI], ema):
        if isinstance(item, CorpusWin):
            result = score(item.win, ema)
            if not result.yakuman and (result.han, result.fu) in ((4, 30), (3, 60)):
                expected.add(item.line)
    assert by_kiriage == expected and expected
