"""Every three-player game of the shared data, replayed hand by hand through the referee.

The games are found by reading every record file of shared/data (``riichi replay``'s folder
scan, :func:`riichi_rules.records.files.record_files`) and keeping those of three players; a
three-player game of a special lobby (GO type bits 0x200, 0x400, 0x800: README "GO type bits")
must be refused, every other one replayed under the ruleset its platform names (``tenhou``),
which :func:`riichi_rules.referee.replay.at_table` turns into the ruleset extending it for
three players (``tenhou-sanma``). Each must replay with no disagreement at all: the seat
rotation, the dealer and honba, the live wall of the 108-tile set, every kita (a North set
aside, its replacement draw, its dora at the win), every win's score and score changes, the
noten payments, the scores from hand to hand, the end of the game and the final standings.

What is checked is counted from each file's own text, not from our reader: the hands (``<INIT``
tags), the wins (``<AGARI`` tags) and the Norths set aside (``<N`` melds whose bits 2-5 are
0x20, Tenhou's kita/nukidora meld); and the final points are the record's ``owari``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from corpus_data import DATA, need_corpus, record_text
from riichi_rules.records.events import GameRecord, Nukidora, RecordError
from riichi_rules.records.files import read_games, record_files
from riichi_rules.referee.replay import GameReport, replay_dated
from riichi_rules.rulesets.config import load_config

pytestmark = need_corpus(DATA / "tenhou")

SPECIAL_BITS = 0x200 | 0x400 | 0x800  # chip, "ratio", 1,000-point lobbies (README)


@cache
def three_player_games() -> tuple[tuple[Path, GameRecord], ...]:
    """Every three-player game the records of shared/data hold, with its file."""
    out: list[tuple[Path, GameRecord]] = []
    for path in record_files([DATA]):
        try:
            games = read_games(path)
        except RecordError:
            continue  # unreadable files are test_replay_corpus.py's (KNOWN_REPLAY.md)
        out.extend((path, game) for game in games if game.rules.players == 3)
    return tuple(out)


@cache
def report_of(path: Path, index: int) -> GameReport:
    game = three_player_games()[index][1]
    return replay_dated(game, load_config(game.rules.platform or "tenhou"))


def mjlog_text(path: Path) -> str | None:
    text = record_text(path)
    return text if text.lstrip().startswith("<") else None


def kita_melds(text: str) -> int:
    """The ``<N`` melds of the text that set a North aside (bits 2-5 of ``m`` are 0x20)."""
    return sum(int(m) & 0x3C == 0x20 for m in re.findall(r'<N\s+who="\d"\s+m="(\d+)"', text))


def test_the_data_holds_three_player_games() -> None:
    games = three_player_games()
    if not games:
        pytest.skip("no three-player game in shared/data")
    # every one of them from a file whose GO type says three players (bit 0x10), when mjlog
    for path, _ in games:
        text = mjlog_text(path)
        if text is not None:
            found = re.search(r'<GO\s+type="(\d+)"', text)
            assert found and int(found.group(1)) & 0x10, path


def test_every_three_player_game_replays_without_a_disagreement() -> None:
    games = three_player_games()
    if not games:
        pytest.skip("no three-player game in shared/data")
    replayed = 0
    for index, (path, game) in enumerate(games):
        report = report_of(path, index)
        name = path.relative_to(DATA).as_posix()
        text = mjlog_text(path)
        go = re.search(r'<GO\s+type="(\d+)"', text) if text is not None else None
        if go is not None and int(go.group(1)) & SPECIAL_BITS:
            assert report.unsupported and not report.disagreements, name
            continue
        assert not report.unsupported and not report.error, (name, report.unsupported)
        assert report.ruleset.startswith("tenhou-sanma"), (name, report.ruleset)
        assert [d.to_json() for d in report.disagreements] == [], name
        replayed += 1
        if text is None:
            assert report.hands == len(game.hands), name
            continue
        assert report.hands == text.count("<INIT"), name
        assert report.wins == text.count("<AGARI"), name
        # the kita the reader gives the referee are the file's kita melds
        assert sum(isinstance(e, Nukidora) for h in game.hands for e in h.events) == (
            kita_melds(text)), name
        owari = re.search(r'owari="([^"]+)"', text)
        if owari is not None:
            values = [float(v) for v in owari.group(1).split(",")]
            assert report.final_scores == [round(v * 100) for v in values[0:6:2]], name
            assert report.final_points is not None
            assert [round(p, 1) for p in report.final_points] == values[1:6:2], name
    assert replayed, "a three-player game of a ranked lobby is in shared/data"


def test_the_three_player_games_exercise_kita_and_the_wall() -> None:
    # what three players change is in the data: a North set aside, and a hand played to its
    # exhaustive draw (the live wall of the 108-tile set run out), in one game or another
    games = [g for _, g in three_player_games()]
    if not games:
        pytest.skip("no three-player game in shared/data")
    events = [e for g in games for h in g.hands for e in h.events]
    assert any(isinstance(e, Nukidora) for e in events)
    assert any(type(e).__name__ == "DrawnHand" and getattr(e, "kind", "") == "exhaustive"
               for e in events)
