"""Whole games settled under two rulesets (riichi_rules.impact.standings).

tests/records/fixtures/synthetic_game.mjson (see test_corpus.py), settled by hand:

* E1-0: the dealer (seat 0) declares riichi (-1,000) and wins by ron from seat 1 on 5s with
  234m 456p 789p 222s 55s: riichi, 1 han; 20 + 10 (closed ron) + 4 (concealed pung of simples)
  + 2 (pair wait) = 36 -> 40 fu; dealer ron 40 x 2^3 x 6 = 1,920 -> 2,000, plus its own stick
  back. Seat 0 +2,000, seat 1 -2,000 under both rulesets (EMA 2016 §4, variants.md #22-#23).
* E1-1, 1 honba: seat 2 wins by tsumo on F with 4m 0m 6m 999m 999p 999s FF: menzen tsumo 1,
  sanankou 2, sanshoku doukou 2, and the red five 1 under Tenhou (3 red fives, variants.md #5)
  = 6 han, a haneman: dealer 6,000 + 100, the others 3,000 + 100 each. EMA 2016 has no red
  fives: 5 han, a mangan: dealer 4,000 + 100, the others 2,000 + 100 each.
* Start: Tenhou 25,000 each; EMA 2016 30,000 (variants.md #1). Final scores: Tenhou
  [20,900, 19,900, 37,300, 21,900]; EMA 2016 [27,900, 25,900, 38,300, 27,900].
* Places: Tenhou 3 4 1 2. EMA 2016: seats 0 and 3 tie at 27,900, placed in seat order (seat 0
  second): 2 4 1 3, so seats 0 and 3 flip.
* Final points. Tenhou (variants.md #1-#3: return 30,000, uma +20/+10/-10/-20, oka 20,000 to
  the first; the record gives no date, so today's rule: exact tenths, as in Tenhou's records
  since 2022, ruleset tenhou's history of final_points_rounding): seat 0 20.9 - 30 - 10 =
  -19.1, seat 1 19.9 - 30 - 20 = -30.1, seat 3 21.9 - 30 + 10 = +1.9, seat 2 37.3 - 30 + 20 +
  20 = +47.3. EMA 2016 (§1: return 30,000, uma +15/+5/-5/-15, tied players share the uma): seat 2
  8.3 + 15 = +23.3, seats 0 and 3 -2.1 + (5 - 5) / 2 = -2.1, seat 1 -4.1 - 15 = -19.1.
"""

from __future__ import annotations

from pathlib import Path

from corpus_data import TENHOU, need_corpus
from riichi_rules.impact.standings import EXPECTED, Standing, settle_files, settle_game
from riichi_rules.records.events import GameRecord
from riichi_rules.records.files import read_records
from riichi_rules.referee.replay import replay_game
from riichi_rules.scoring.scorer import program

MJSON = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.mjson"


def test_the_fixture_settled_under_tenhou_and_ema_2016() -> None:
    (game,) = settle_files([MJSON], "tenhou", "ema-2016")
    assert game.a == Standing((20900, 19900, 37300, 21900), (3, 4, 1, 2),
                              (-19.1, -30.1, 47.3, 1.9))
    assert game.b == Standing((27900, 25900, 38300, 27900), (2, 4, 1, 3),
                              (-2.1, -19.1, 23.3, -2.1))
    assert game.flipped == (0, 3)
    # EMA 2016 turns an open or added kan's indicator over at once (kan_rule reveal_at_once);
    # the record turns it over after the replacement draw, as Tenhou does: that is the only
    # thing the record does that EMA's rules would not
    assert {d.what for d in game.approximated} == {"dora_timing"}
    assert len(game.approximated) == 2  # seat 3's added kan (E1-0), seat 1's open kan (E1-1)


def test_a_ruleset_against_itself() -> None:
    (game,) = settle_files([MJSON], "ema-2016", "ema-2016")
    assert game.a == game.b and game.flipped == () and game.approximated == ()


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "broken.xml"
    path.write_text("<mjloggm ver=", encoding="utf-8")
    (game,) = settle_files([path], "tenhou", "ema-2016")
    assert game.a is None and game.not_settled


# ---- the shared corpus ---------------------------------------------------------------------

def _records() -> list[GameRecord]:
    folders = [TENHOU / "mjlog", TENHOU / "tenhou6"]
    return [r for r in read_records(folders) if isinstance(r, GameRecord)]


@need_corpus()
def test_settling_under_the_games_own_rules_gives_the_records_end() -> None:
    tenhou = program("tenhou")
    checked = 0
    for record in _records():
        report = replay_game(record, tenhou)
        if report.unsupported or report.disagreements or record.final_scores is None:
            continue  # KNOWN_REPLAY.md: games whose replay differs from the record
        if record.start_points != 25000:
            continue  # a lobby with its own start points (Tenhou's: 25,000, variants.md #1)
        game = settle_game(record, tenhou, tenhou)
        assert game.a is not None and game.a.scores == record.final_scores, record.source
        checked += 1
    assert checked


@need_corpus()
def test_points_are_kept_under_another_ruleset() -> None:
    # EMA 2016: 30,000 each, the sticks left go to the first (variants.md #46), no oka: a game
    # from its start ends with 4 x 30,000 and results that add up to zero; a record that starts
    # later (a single hand) keeps its first hand's scores and sticks
    tenhou, ema = program("tenhou"), program("ema-2016")
    for record in _records():
        game = settle_game(record, tenhou, ema)
        if game.b is None:
            continue
        first = record.hands[0]
        whole = set(first.scores) == {record.start_points}
        kept = 4 * 30000 if whole else sum(first.scores) + 1000 * first.sticks
        assert sum(game.b.scores) == kept, record.source
        if whole:
            assert abs(sum(game.b.points)) < 0.25, record.source
        assert all(d.what not in EXPECTED for d in game.approximated)
