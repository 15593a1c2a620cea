"""Replay game records: every hand through the referee, every disagreement reported with the
game, the hand, the event and the reason."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.records.events import GameRecord, HandRecord, RecordError, Win, read_records
from riichi_rules.referee.hand import Disagreement, HandReferee
from riichi_rules.referee.standings import final_points, final_scores
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program as program_of


@dataclass
class GameReport:
    """What the replay of one game found. ``deltas_only`` counts the wins whose record gives
    only the score changes (an mjai log by Mortal): their han, fu, yaku and points are not
    compared, their score changes are. ``notes`` are what the reader noticed and read past
    (:attr:`GameRecord.errors`): not disagreements."""

    source: str
    game_id: str | None
    hands: int = 0
    wins: int = 0
    deltas_only: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unsupported: str = ""  # why the game was not replayed (rules the ruleset does not model)
    error: str = ""  # a record that could not be read
    final_scores: list[int] | None = None  # ours, the riichi sticks left given out
    final_points: list[float] | None = None  # ours, by the ruleset's standings rules

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source, "game_id": self.game_id, "hands": self.hands,
            "wins": self.wins, "deltas_only": self.deltas_only,
            "disagreements": [d.to_json() for d in self.disagreements],
            "notes": list(self.notes),
            **({"unsupported": self.unsupported} if self.unsupported else {}),
            **({"error": self.error} if self.error else {}),
        }


OnHand = Callable[[HandRecord, HandReferee], None]


def replay_game(
    record: GameRecord, program: ScoringProgram, *, settle: bool = False,
    on_hand: OnHand | None = None,
) -> GameReport:
    """Follow every hand of a game under a ruleset; ``on_hand`` is called with each hand and
    its referee once the hand's events are followed.

    ``settle``: carry our own scores and riichi sticks from hand to hand (what the game ends
    with when each hand is scored and settled under this ruleset) instead of starting each
    hand from the record's, from the ruleset's start points (each score moved by the
    difference from the record's, when the record starts with the game; a record that starts
    later keeps its first hand's scores); the record's hand order, dealers, honba and events
    are kept. The record's scores and end result are then not compared (they are what may
    differ)."""
    report = GameReport(record.source, record.game_id, notes=list(record.errors))
    rules = record.rules
    if rules.players != 4 or not rules.standard:
        report.unsupported = (f"{rules.label or 'this lobby'}: "
                              + ("three-player rules" if rules.players != 4
                                 else "a special lobby's scoring") + " (not modelled)")
        return report
    scores: list[int] | None = None
    sticks_left = 0
    expected: tuple[int, int, int] | None = None  # (dealer, honba, sticks) of the next hand
    rounds = 2 if rules.hanchan else 1
    over: str | None = None  # the hand after which the rules end the game
    ended: str | None = None  # the last hand that ended (the record's last, at the end)
    if settle and record.hands:
        first = record.hands[0]
        shift = 0
        if set(first.scores) == {record.start_points}:  # the game from its start
            points = program.config.parameters["start_points"]
            shift = int(points) - record.start_points  # type: ignore[call-overload]
        scores = [s + shift for s in first.scores]
        sticks_left = first.sticks
    for hand in record.hands:
        report.hands += 1
        start = tuple(scores) if settle and scores is not None else hand.scores
        start_sticks = sticks_left if settle else hand.sticks
        if scores is not None and not settle and list(hand.scores) != scores:
            report.disagreements.append(Disagreement(
                hand.name, -1, "scores", f"the hand starts with scores {list(hand.scores)}; "
                f"the previous hand ended with {scores}"))
        if over is not None:
            report.disagreements.append(Disagreement(
                hand.name, -1, "game_end", f"the hand is played although the game ends "
                f"after {over} by the rules (next_hand game_end), with scores {scores}"))
            over = None
        if expected is not None and expected != (hand.dealer, hand.honba, start_sticks):
            report.disagreements.append(Disagreement(
                hand.name, -1, "next_hand", f"the hand starts with dealer {hand.dealer}, "
                f"{hand.honba} honba, {start_sticks} sticks; the rules give dealer "
                f"{expected[0]}, {expected[1]} honba, {expected[2]} sticks"))
        referee = HandReferee(
            program, dealer=hand.dealer, round_wind=hand.round_wind, honba=hand.honba,
            sticks=start_sticks, scores=start, hands=hand.hands,
            dora_indicator=hand.dora_indicator, name=f"{hand.name} (hand {hand.index})",
        )
        for event in hand.events:
            try:
                referee.apply(event)
            except (InputError, ValueError) as error:
                report.disagreements.append(Disagreement(
                    referee.name, event.index, "error", f"{type(event).__name__}: {error}"))
                break
            if isinstance(event, Win):
                report.wins += 1
                report.deltas_only += not event.recorded.scored
        report.disagreements.extend(referee.disagreements)
        if on_hand is not None:
            on_hand(hand, referee)
        scores = [s.points for s in referee.state.seats]
        sticks_left = referee.state.sticks
        if referee.ending:
            repeat, add_honba = referee.next_hand()
            dealer = hand.dealer if repeat else (hand.dealer + 1) % 4
            expected = (dealer, hand.honba + 1 if add_honba else 0, referee.state.sticks)
            ended = hand.name
            over = (hand.name if rules.hanchan is not None and referee.game_over(rounds)
                    else None)
        else:
            expected = ended = over = None
        deposit = int(program.config.parameters["riichi_deposit"])  # type: ignore[call-overload]
        made = sum(scores) - sum(start)
        sticks_in = referee.state.sticks - start_sticks
        if made != -deposit * sticks_in:
            report.disagreements.append(Disagreement(
                referee.name, -1, "points_created",
                f"the hand changes the points on the table by {made}, while the riichi sticks "
                f"on the table change by {sticks_in}"))
    if (record.final_scores is not None and ended is not None and over is None
            and rules.hanchan is not None):
        report.disagreements.append(Disagreement(
            "end", -1, "game_end", f"the record ends after {ended}, but the rules (next_hand "
            f"game_end) play on, with scores {scores}"))
    if scores is None:
        return report
    scores = report.final_scores = final_scores(program, scores, sticks_left)
    ours = report.final_points = final_points(program, scores)
    if settle:
        return report
    if record.final_scores is not None and list(record.final_scores) != scores:
        report.disagreements.append(Disagreement(
            "end", -1, "final_scores", f"final scores {scores} (riichi sticks left: "
            f"{sticks_left}), the record has {list(record.final_scores)}"))
    if record.final_points is not None and _standard_end(record):
        theirs = list(record.final_points)
        if any(abs(a - b) > 0.05 for a, b in zip(ours, theirs, strict=True)):
            report.disagreements.append(Disagreement(
                "end", -1, "standings", f"final points {ours}, the record has {theirs}"))
    return report


def _standard_end(record: GameRecord) -> bool:
    """Whether the game's end result follows the lobby's ordinary rules: a Tenhou hanchan of an
    ordinary lobby (east-only games and the newer lobby flags have other uma, and so do the
    games of 2009 in the phoenix east lobby)."""
    raw = record.rules.raw
    extra = raw.get("extra_bits") if isinstance(raw, dict) else None
    return bool(record.rules.hanchan) and not extra


def replay_files(paths: Iterable[str | Path], ruleset: str | Path) -> Iterator[GameReport]:
    """Replay every game of every file; a file that cannot be read gives a report with its
    error, and the others still replay."""
    program = program_of(ruleset)
    for item in read_records(paths):
        if isinstance(item, RecordError):
            yield GameReport(str(item.source or ""), None, error=item.message)
            continue
        yield replay_game(item, program)


def replay_one(args: tuple[str, str]) -> list[GameReport]:
    """Replay one file (a unit of work for a process pool): (path, ruleset)."""
    path, ruleset = args
    return list(replay_files([path], ruleset))
