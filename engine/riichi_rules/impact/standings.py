"""Whole games settled under two rulesets A and B: the final scores, places and points each
would give, and the games whose places flip.

Each game is followed by the referee under each ruleset in settling mode
(:func:`~riichi_rules.referee.replay.replay_game` with ``settle``): the record's hands in the
record's order, with its dealers, honba and events; every win scored and settled (honba,
riichi sticks, pao) and every draw paid (noten payments, nagashi mangan) under that ruleset,
the scores and riichi sticks carried from hand to hand from its start points, and the final
standings by its standings rules (sticks left at the end, uma, oka, ties).

What a record cannot replay: a rule that would have changed the course of the game (when it
ends: a bust, agari-yame, the West round; who may call or win: head bump, furiten; an abortive
draw a ruleset does not have). The hands are kept as played. Each point where the record does
what B's rules would not allow, and A's would, is listed in :attr:`Settlement.approximated`
(B's referee's disagreements, less the kinds that are the difference itself and less those A's
referee has too: a quirk of the record, not of the rules).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.language.table_vocabulary import seats_of
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.files import read_games, record_files
from riichi_rules.referee.hand import Disagreement
from riichi_rules.referee.replay import GameReport, internal_error, on_its_day, replay_game
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

# What settling under another ruleset changes by design: the scores of wins and of hands, and
# the end result, which the record has under its own rules.
EXPECTED = frozenset({"score", "deltas", "scores", "final_scores", "standings"})


@dataclass(frozen=True, slots=True)
class Standing:
    """A game's end under one ruleset: final scores (riichi sticks left given out), places
    (1 for the highest score, equal scores in seat order) and final points (uma, oka)."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "places": list(self.places),
                "points": list(self.points)}


@dataclass(frozen=True, slots=True)
class Settlement:
    """One game under A and under B; ``not_settled`` says why it was not (unreadable,
    rules not modelled, no hand)."""

    source: str
    game_id: str | None
    a: Standing | None = None
    b: Standing | None = None
    approximated: tuple[Disagreement, ...] = ()
    not_settled: str = ""

    @property
    def flipped(self) -> tuple[int, ...]:
        """The seats whose place differs between A and B."""
        if self.a is None or self.b is None:
            return ()
        return tuple(s for s, (pa, pb) in enumerate(zip(self.a.places, self.b.places,
                                                        strict=True)) if pa != pb)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "source": self.source,
            "a": self.a.to_json() if self.a else None, "b": self.b.to_json() if self.b else None,
            "flipped": list(self.flipped),
            "approximated": [d.to_json() for d in self.approximated],
            **({"not_settled": self.not_settled} if self.not_settled else {}),
        }


def _standing(report: GameReport) -> Standing | None:
    if report.final_scores is None or report.final_points is None:
        return None
    places = tuple(s.place for s in seats_of(report.final_scores))
    return Standing(tuple(report.final_scores), places, tuple(report.final_points))


def settle_game(record: GameRecord, a: ScoringProgram, b: ScoringProgram) -> Settlement:
    """The game settled under ``a`` and under ``b`` (each, where its values changed over
    time, as they stood on the game's day)."""
    report_a = replay_game(record, on_its_day(record, a), settle=True)
    report_b = replay_game(record, on_its_day(record, b), settle=True)
    if report_a.unsupported or report_b.unsupported:
        return Settlement(record.source, record.game_id,
                          not_settled=report_a.unsupported or report_b.unsupported)
    standing_a, standing_b = _standing(report_a), _standing(report_b)
    if standing_a is None or standing_b is None:
        return Settlement(record.source, record.game_id, not_settled="the record has no hand")
    also_a = {(d.hand, d.event, d.what) for d in report_a.disagreements}
    approximated = tuple(d for d in report_b.disagreements
                         if d.what not in EXPECTED and (d.hand, d.event, d.what) not in also_a)
    return Settlement(record.source, record.game_id, standing_a, standing_b, approximated)


def settle_files(
    paths: Iterable[str | Path], a: str | Path | ScoringProgram, b: str | Path | ScoringProgram,
) -> Iterator[Settlement]:
    """Every game of every file (folders: their record files) settled under ``a`` and ``b``;
    a file that cannot be read gives a settlement saying why, and the others still settle;
    a bug met in a file or a game costs that file or game alone, told as one."""
    prog_a, prog_b = program(a), program(b)
    for path in record_files(paths):
        try:
            games = read_games(path)
        except RecordError as error:
            yield Settlement(str(error.source or path), None, not_settled=error.message)
            continue
        except Exception as error:
            yield Settlement(str(path), None, not_settled=internal_error(error, "reading"))
            continue
        for game in games:
            try:
                yield settle_game(game, prog_a, prog_b)
            except Exception as error:
                yield Settlement(game.source, game.game_id,
                                 not_settled=internal_error(error, "settling"))


def lost_settlement(args: tuple[str, str, str]) -> list[Settlement]:
    """What stands for a file whose process died (``lost`` of
    :func:`riichi_rules.parallel.run_all`): not settled, saying so."""
    return [Settlement(args[0], None, not_settled=(
        "the process settling this file died (the machine ran out of memory, or a bug of "
        "riichi-rules; please report it with this file)"))]


def settle_one(args: tuple[str, str, str]) -> list[Settlement]:
    """Settle one file (a unit of work for a process pool): (path, ruleset A, ruleset B)."""
    path, a, b = args
    return list(settle_files([path], a, b))
