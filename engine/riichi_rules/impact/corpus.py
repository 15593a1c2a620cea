"""Recorded wins, read from files as the scorer sees them.

Two kinds of file: a JSON-lines file of Tenhou wins, one win a line (the fields of
shared/data/tenhou/README.md, "agari.jsonl"; told apart by a ``win_tile`` in its first line),
each turned into a win by :func:`riichi_rules.records.tenhou_agari.to_win`; and game records
(Tenhou mjlog, tenhou.net/6, mjai), whose hands the referee follows as ``riichi replay`` does,
building each win's situation (seat, flags, dora, counters) from the events.

Every win found is a :class:`CorpusWin` or an :class:`Unread`: skipped (a three-player game or
a special lobby's scoring, which no ruleset models) or unreadable, with the reason. A file that
cannot be read at all is one :class:`Unread` standing for no win (how many it holds is not
known). A bad line or hand never stops the others, nor does a bug met in one file (the file, or
the game, is then one :class:`Unread` that says so).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.hand import Win
from riichi_rules.records.events import GameRecord, HandRecord, RecordError, WonHand
from riichi_rules.records.files import read_games, record_files
from riichi_rules.records.tenhou_agari import to_win
from riichi_rules.referee.hand import HandReferee
from riichi_rules.referee.replay import internal_error, on_its_day, replay_game
from riichi_rules.scoring.program import ScoringProgram

SKIP_THREE_PLAYER = "three-player game"
SKIP_SPECIAL_LOBBY = "special lobby's scoring"
NOT_FOLLOWED = "the referee could not follow the hand to the win"
UNREADABLE_FILE = "the file could not be read"
INTERNAL = "a bug of riichi-rules (internal error)"


@dataclass(frozen=True, slots=True)
class CorpusWin:
    """One recorded win: where it is (``line`` for a file of wins), its game, hand (``E2-1``:
    round wind, kyoku, honba) and winner (the file's seat numbering), and the win itself."""

    source: str
    line: int | None
    game: str | None
    hand: str
    seat: int | None
    win: Win

    @property
    def id(self) -> str:
        """``agari.jsonl:57 (GAME E2-1 seat 3)``, or ``GAME E2-1 seat 3`` in a game record
        (the file's name where the game has no id)."""
        who = f"{self.game or Path(self.source).name} {self.hand} seat {self.seat}"
        return f"{self.source}:{self.line} ({who})" if self.line is not None else who


@dataclass(frozen=True, slots=True)
class Unread:
    """Wins not compared: ``skipped`` on purpose (rules no ruleset models) or unreadable;
    ``reason`` is shared by many (an error code, "bad JSON", ...), ``message`` says it for
    this one; ``wins`` is the number of wins it stands for (0: a file not read at all)."""

    where: str
    skipped: bool
    reason: str
    message: str
    wins: int = 1


def read_wins(paths: Iterable[str | Path], program: ScoringProgram) -> Iterator[CorpusWin | Unread]:
    """Every recorded win of the files (folders: their record files, as ``riichi replay``
    takes them), in file order. The referee follows game records under ``program``."""
    for path in record_files(paths):
        yield from file_wins(path, program)


def file_wins(path: Path, program: ScoringProgram) -> list[CorpusWin | Unread]:
    """The wins of one file: the boundary of a file, whatever goes wrong in it (an error that
    is not the record's, a bug, makes the file one :class:`Unread` saying so, and the other
    files are still read)."""
    try:
        if _is_wins_file(path):
            return list(_file_wins(path))
        return list(_record_wins(path, program))
    except Exception as error:
        return [Unread(str(path), False, INTERNAL, f"{path}: {internal_error(error, 'reading')}",
                       0)]


def _is_wins_file(path: Path) -> bool:
    """Whether the file's first line that is not blank is a JSON object with a ``win_tile``."""
    try:
        with path.open("rb") as f:
            for raw in f:
                if raw.strip():
                    first = json.loads(raw)
                    return isinstance(first, dict) and "win_tile" in first
    except (OSError, ValueError, RecursionError):
        pass
    return False


def _file_wins(path: Path) -> Iterator[CorpusWin | Unread]:
    name = str(path)
    try:
        with path.open("rb") as f:
            for number, raw in enumerate(f, 1):
                if raw.strip():
                    yield _line_win(name, number, raw)
    except OSError as error:
        yield Unread(name, False, UNREADABLE_FILE, f"{name}: {error.strerror or error}", 0)


def _line_win(name: str, number: int, raw: bytes) -> CorpusWin | Unread:
    """One line of a file of wins (README "agari.jsonl")."""
    where = f"{name}:{number}"
    try:
        record = json.loads(raw)
    except UnicodeDecodeError as error:
        return Unread(where, False, "not UTF-8", f"{where}: not UTF-8 text (byte {error.start})")
    except json.JSONDecodeError as error:
        return Unread(where, False, "bad JSON",
                      f"{where}: not JSON ({error.msg}, column {error.colno})")
    if not isinstance(record, dict):
        return Unread(where, False, "bad_record", f"{where}: a win is a JSON object, not "
                      f"{type(record).__name__}")
    rules = record.get("ruleset")
    if isinstance(rules, Mapping):
        if rules.get("players", 4) != 4:
            return Unread(where, True, SKIP_THREE_PLAYER,
                          f"{where}: ruleset.players is {rules.get('players')}")
        if rules.get("standard_scoring") is False:
            return Unread(where, True, SKIP_SPECIAL_LOBBY,
                          f"{where}: ruleset.standard_scoring is false ({rules.get('label')})")
    try:
        win = to_win(record)
    except InputError as error:
        return Unread(where, False, error.code, f"{where}: {error.message}")
    return CorpusWin(name, number, _text(record.get("game_id")) or _text(record.get("file")),
                     f"{record.get('round_wind', '?')}{record.get('kyoku', '?')}-"
                     f"{record.get('honba', '?')}", _seat(record.get("winner")), win)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _record_wins(path: Path, program: ScoringProgram) -> Iterator[CorpusWin | Unread]:
    """The wins of the games of a record file, each as the referee builds it when it follows
    the hand."""
    name = str(path)
    try:
        records = read_games(path)
    except RecordError as error:
        yield Unread(name, False, UNREADABLE_FILE, error.message, 0)
        return
    for record in records:
        try:
            yield from _game_wins(record, program)
        except Exception as error:  # a bug: this game is lost, not the file
            yield Unread(record.game_id or name, False, INTERNAL,
                         f"{name}: {internal_error(error, 'following')}", 0)


def _game_wins(record: GameRecord, program: ScoringProgram) -> Iterator[CorpusWin | Unread]:
    name = record.source
    found: list[CorpusWin | Unread] = []

    def on_hand(hand: HandRecord, referee: HandReferee) -> None:
        built = {event.index: win for event, win in referee.situations}
        stopped = next((d.message for d in referee.disagreements if d.what in ("error", "score")
                        and d.event not in built), "the referee built no situation for it")
        for event in _wins(hand):
            if event.index in built:
                found.append(CorpusWin(name, None, record.game_id, hand.name, event.seat,
                                       built[event.index]))
            else:
                where = f"{record.game_id or Path(name).name} {hand.name} seat {event.seat}"
                found.append(Unread(where, False, NOT_FOLLOWED, f"{where}: {stopped}"))

    report = replay_game(record, on_its_day(record, program), on_hand=on_hand)
    if report.unsupported:
        reason = SKIP_THREE_PLAYER if record.rules.players != 4 else SKIP_SPECIAL_LOBBY
        for hand in record.hands:
            for event in _wins(hand):
                yield Unread(f"{record.game_id or Path(name).name} {hand.name} seat "
                             f"{event.seat}", True, reason, f"{name}: {report.unsupported}")
        return
    yield from found


def _wins(hand: HandRecord) -> list[WonHand]:
    return [event for event in hand.events if isinstance(event, WonHand)]
