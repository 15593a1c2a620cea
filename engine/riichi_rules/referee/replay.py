"""Replay game records: every hand through the referee, every disagreement reported with the
game, the hand, the event and the reason.

A ruleset whose values changed over time (``history``) judges each game by the rules of its
day: the record's date (its log id, its title or metadata), else the date given; a record
without either is replayed under the rules of each era of the ruleset, and the report says
which eras its results fit (:func:`replay_dated`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules.records.events import GameRecord, HandRecord, RecordError, WonHand
from riichi_rules.records.files import read_games, record_files
from riichi_rules.referee.game import GameReferee, HandStart
from riichi_rules.referee.hand import Disagreement, HandReferee
from riichi_rules.rulesets.config import RulesetConfig, bundled_ids, load_config
from riichi_rules.rulesets.dated import Era
from riichi_rules.rulesets.table import Table
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program as program_of

PLATFORMS = {"tenhou": "Tenhou", "mahjong-soul": "Mahjong Soul", "m-league": "M.League",
             "riichi-city": "Riichi City"}
"""The platforms records name (:attr:`RecordRules.platform`: the id of their bundled ruleset)."""


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
    ruleset: str = ""  # the ruleset replayed under, with its date when taken at one

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source, "game_id": self.game_id, "ruleset": self.ruleset,
            "hands": self.hands,
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
    report = GameReport(record.source, record.game_id, notes=list(record.errors),
                        ruleset=program.config.label)
    rules = record.rules
    report.unsupported = refusal(record, program.config)
    if report.unsupported:
        return report
    rounds = 1 if rules.hanchan is False else 2
    game = GameReferee(program, rounds=rounds)
    played = False  # a hand has been followed (its scores are the next one's)
    over: str | None = None  # the hand after which the rules end the game
    ended: str | None = None  # the last hand that ended (the record's last, at the end)
    if settle and record.hands:
        first = record.hands[0]
        shift = 0
        if set(first.scores) == {record.start_points}:  # the game from its start
            shift = game.scores[0] - record.start_points
        game.scores = [s + shift for s in first.scores]
        game.sticks = first.sticks
    for hand in record.hands:
        report.hands += 1
        start = HandStart(hand.dealer, hand.round_wind, hand.honba,
                          game.sticks if settle else hand.sticks,
                          tuple(game.scores) if settle else tuple(hand.scores))
        if played and not settle and list(hand.scores) != game.scores:
            report.disagreements.append(Disagreement(
                hand.name, -1, "scores", f"the hand starts with scores {list(hand.scores)}; "
                f"the previous hand ended with {game.scores}"))
        if over is not None:
            report.disagreements.append(Disagreement(
                hand.name, -1, "game_end", f"the hand is played although the game ends "
                f"after {over} by the rules (next_hand game_end), with scores {game.scores}"))
            over = None
        expected = game.next if played else None
        if expected is not None and (expected.dealer, expected.honba, expected.sticks) != (
                hand.dealer, hand.honba, start.sticks):
            report.disagreements.append(Disagreement(
                hand.name, -1, "next_hand", f"the hand starts with dealer {hand.dealer}, "
                f"{hand.honba} honba, {start.sticks} sticks; the rules give dealer "
                f"{expected.dealer}, {expected.honba} honba, {expected.sticks} sticks"))
        referee = game.deal(hand.hands, hand.dora_indicator, start=start,
                            name=f"{hand.name} (hand {hand.index})")
        done, error = game.follow(hand.events)
        if error is not None:
            report.disagreements.append(error)
        wins = [event for event in hand.events[:done] if isinstance(event, WonHand)]
        report.wins += len(wins)
        report.deltas_only += sum(not win.recorded.scored for win in wins)
        report.disagreements.extend(referee.disagreements)
        if on_hand is not None:
            on_hand(hand, referee)
        end = game.end_hand()
        played = True
        ended = hand.name if end is not None else None
        over = hand.name if end is not None and end.game_over and rules.hanchan is not None \
            else None
        # a stick's points, as the rule riichi_rule stick takes them of the dealer
        stick = -referee.settlement.riichi_stick(referee.state.seats[hand.dealer])
        made = sum(game.scores) - sum(start.scores)
        sticks_in = game.sticks - start.sticks
        if made != -stick * sticks_in:
            report.disagreements.append(Disagreement(
                referee.name, -1, "points_created",
                f"the hand changes the points on the table by {made}, while the riichi sticks "
                f"on the table change by {sticks_in}"))
    if (record.final_scores is not None and ended is not None and over is None
            and rules.hanchan is not None):
        report.disagreements.append(Disagreement(
            "end", -1, "game_end", f"the record ends after {ended}, but the rules (next_hand "
            f"game_end) play on, with scores {game.scores}"))
    if not played:
        return report
    sticks_left = game.sticks
    scores = report.final_scores = game.final_scores()
    ours = report.final_points = game.final_points()
    if settle:
        return report
    if record.final_scores is not None and list(record.final_scores) != scores:
        report.disagreements.append(Disagreement(
            "end", -1, "final_scores", f"final scores {scores} (riichi sticks left: "
            f"{sticks_left}), the record has {list(record.final_scores)}"))
    own = _lobby_of_its_own(record)
    if record.final_points is not None and own:
        report.notes.append(f"the final points are not compared: {own}")
    elif record.final_points is not None:
        theirs = list(record.final_points)
        if any(abs(a - b) > 0.05 for a, b in zip(ours, theirs, strict=True)):
            report.disagreements.append(Disagreement(
                "end", -1, "standings", f"final points {ours}, the record has {theirs}"))
    return report


def players_of(config: RulesetConfig) -> int:
    """The number of players a ruleset seats (``rule.players``)."""
    return Table.of(config).players


def at_table(record: GameRecord, config: RulesetConfig) -> RulesetConfig:
    """The ruleset a game is replayed under when ``config`` is named: ``config`` itself, or
    for a game of another number of players the bundled ruleset that extends ``config``
    directly and seats that many (a three-player game of Tenhou's under ``tenhou``:
    ``tenhou-sanma``), taken at the same date; ``config`` when there is none (the
    :func:`refusal` says so)."""
    players = record.rules.players
    if players_of(config) == players:
        return config
    for rid in bundled_ids():
        other = load_config(rid)
        if other.chain[-2:-1] == (config.id,) and players_of(other) == players:
            return other.at(config.date) if config.date is not None else other
    return config


def refusal(record: GameRecord, config: RulesetConfig) -> str:
    """Why a game is not replayed under a ruleset, in one line ("" when it is): a game of
    another number of players than the ruleset seats, a special lobby of Tenhou's (rules no
    ruleset models), or a game of another platform than Tenhou under a ruleset that is not
    that platform's (nor extends it). Tenhou's standard games replay under any ruleset of
    their number of players."""
    rules = record.rules
    what = rules.label or "this lobby"
    seated = players_of(config)
    if rules.players != seated:
        return (f"{what}: a {rules.players}-player game, and {config.id} seats {seated} "
                f"players (rule.players): replay it with a ruleset for {rules.players} players")
    if not rules.standard:
        return f"{what}: a special lobby's scoring (not modelled)"
    if rules.platform not in ("", "tenhou") and rules.platform not in config.chain:
        platform = PLATFORMS.get(rules.platform, rules.platform)
        return (f"{what}: a game of {platform}, whose rules are not those of {config.id}: "
                f"replay it with --ruleset {rules.platform} (or a ruleset extending it)")
    return ""


def _lobby_of_its_own(record: GameRecord) -> str:
    """Why the record's end result follows rules of its own lobby, or "": a Tenhou user
    lobby (``GO lobby`` other than 0, the ranked lobbies) sets its own uma and oka, which
    the record does not state."""
    raw = record.rules.raw
    lobby = raw.get("lobby") if isinstance(raw, dict) else None
    if record.rules.platform == "tenhou" and lobby not in (None, "", "0", 0):
        return (f"a user lobby of Tenhou's (lobby {lobby}, not a ranked lobby), whose uma and "
                "oka are its own and not in the record")
    return ""


def on_its_day(record: GameRecord, program: ScoringProgram) -> ScoringProgram:
    """The program as the record's game was played under it: a ruleset whose values changed
    over time, taken at the record's date (unless it was named with a date of its own, or the
    record gives none)."""
    config = program.config
    if record.date is None or config.date is not None or not config.history:
        return program
    return program_of(config.at(record.date))


def replay_dated(record: GameRecord, config: RulesetConfig,
                 date: dt.date | None = None) -> GameReport:
    """Replay a game under ``config`` as it stood on the game's day: the record's date, else
    ``date``. A ruleset taken at a date of its own (``tenhou@2009-06-01``) is used as it is.
    A record without a date is replayed under each era of a ruleset whose values changed
    (:meth:`RulesetConfig.eras`): the report is that of the latest era with the fewest
    disagreements, and a note says which eras the game fits. A game of another number of
    players than ``config`` seats is replayed under the ruleset for its table
    (:func:`at_table`)."""
    config = at_table(record, config)
    if config.date is not None or not config.history:
        return replay_game(record, program_of(config))
    day = record.date or date
    if day is not None:
        return replay_game(record, program_of(config.at(day)))
    eras = config.eras()
    if refusal(record, config):
        return replay_game(record, program_of(config))
    reports = [(era, replay_game(record, program_of(config.at(era.day))))
               for era in reversed(eras)]
    fewest = min(len(report.disagreements) for _, report in reports)
    best = next(report for _, report in reports if len(report.disagreements) == fewest)
    if len({repr([d.to_json() for d in r.disagreements]) for _, r in reports}) == 1:
        return best  # the date makes no difference
    fits = [era for era, report in reports if len(report.disagreements) == fewest]
    spans = " and ".join(str(span) for span in _spans(fits, eras))
    best.notes.append(
        f"the record gives no date: its results fit the rules of {config.id} {spans}"
        if fewest == 0 else f"the record gives no date: replayed under the rules of "
        f"{config.id} {spans}, which its results fit best")
    return best


def _spans(fits: list[Era], eras: tuple[Era, ...]) -> list[Era]:
    """The eras of ``fits`` joined where they follow one another."""
    groups: list[list[int]] = []
    for i in sorted(eras.index(era) for era in fits):
        if groups and groups[-1][-1] == i - 1:
            groups[-1].append(i)
        else:
            groups.append([i])
    return [Era(eras[g[0]].first, eras[g[-1]].last) for g in groups]


def replay_files(paths: Iterable[str | Path], ruleset: str | Path | RulesetConfig,
                 date: dt.date | None = None) -> Iterator[GameReport]:
    """Replay every game of every file, each by the rules of its day (:func:`replay_dated`:
    ``date`` for the records that give none); a file that cannot be read gives a report with
    its error, and the others still replay. A folder stands for its record files
    (:func:`~riichi_rules.records.files.record_files`)."""
    config = ruleset if isinstance(ruleset, RulesetConfig) else load_config(ruleset)
    program_of(config)  # the rules compile
    for path in record_files(paths):
        yield from replay_file(path, config, date)


def replay_file(path: str | Path, config: RulesetConfig,
                date: dt.date | None = None) -> list[GameReport]:
    """The reports of the games of one file: the boundary of a file, whatever goes wrong in
    it: a record that cannot be read is one report with its error; an error that is not the
    record's (a bug) is told as such, in one line, for the file or the game it struck."""
    try:
        games = read_games(path)
    except RecordError as error:
        return [GameReport(str(error.source or path), None, error=error.message)]
    except Exception as error:  # a reader's bug: this file is lost, not the run
        return [GameReport(str(path), None, error=internal_error(error, "reading"))]
    reports: list[GameReport] = []
    for game in games:
        try:
            reports.append(replay_dated(game, config, date))
        except Exception as error:  # the referee's bug: this game is lost, not the run
            reports.append(GameReport(game.source, game.game_id,
                                      error=internal_error(error, "replaying")))
    return reports


def internal_error(error: BaseException, doing: str) -> str:
    """One line for an error that is not the record's, but a bug of riichi-rules (or the
    machine running out of memory) while ``doing`` (reading, replaying) it."""
    try:
        text = " ".join(str(error).split())[:300]
    except Exception:  # a text that cannot be made (a number too long to write)
        text = ""
    return (f"internal error {doing} this record ({type(error).__name__}"
            f"{': ' + text if text else ''}): a bug of riichi-rules; please report it with "
            "this file")


DIED = ("the process replaying this file died (the machine ran out of memory, or a bug of "
        "riichi-rules; please report it with this file)")


def lost_file(args: tuple[str, str, str | None]) -> list[GameReport]:
    """What stands for a file whose process died replaying it (``lost`` of
    :func:`riichi_rules.parallel.run_all`): one report with the error."""
    return [GameReport(args[0], None, error=DIED)]


def replay_one(args: tuple[str, str, str | None]) -> list[GameReport]:
    """Replay one file (a unit of work for a process pool): (path, ruleset, the date of the
    records that give none, ``YYYY-MM-DD`` or None)."""
    path, ruleset, date = args
    return list(replay_files([path], ruleset, dt.date.fromisoformat(date) if date else None))
