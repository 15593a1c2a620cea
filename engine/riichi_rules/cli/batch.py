"""``riichi score --batch``: exactly one answer per input line, in order, whatever the line
holds, in one process or in ``--jobs N`` worker processes with the same output.

Lines end at ``\\n`` only (a ``\\r`` before it is dropped): a bare ``\\r`` or a Unicode line
separator inside a line belongs to that line, so output line N always answers input line N.
Each line is decoded (UTF-8), bounded (:data:`~riichi_rules.limits.BATCH_LINE_BYTES`, JSON
nesting), parsed and scored on its own; whatever goes wrong is that line's answer. A worker
process that dies costs an answer only to the line it was scoring
(:func:`riichi_rules.parallel.run_all`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from riichi_rules import limits
from riichi_rules.errors import RiichiError, one_line

if TYPE_CHECKING:
    from riichi_rules.scoring.program import ScoringProgram
    from riichi_rules.scoring.result import Result

OK = 0
BAD = 1
INTERNAL = 3
_CHUNK = 250  # lines a worker scores at a time
_READ = 1 << 16  # bytes read at a time


# Line, Answer and Tally are plain classes: a dataclass costs some 0.5 ms to define, at every
# start of the command, and builds its objects no faster.


class Line:
    """One input line, as read: its 1-based number and bytes (without the line end), or
    ``too_long`` (its bytes were not kept)."""

    __slots__ = ("data", "number", "too_long")

    def __init__(self, number: int, data: bytes, too_long: bool = False) -> None:
        self.number = number
        self.data = data
        self.too_long = too_long


class Answer:
    """The output line for one input line, and whether it scored (OK), was bad input (BAD) or
    hit a bug (INTERNAL)."""

    __slots__ = ("status", "text")

    def __init__(self, status: int, text: str) -> None:
        self.status = status
        self.text = text


def read_lines(stream: IO[bytes] | IO[str]) -> Iterator[Line]:
    """The lines of a stream (binary, or text for tests), split on ``\\n`` only, each at
    most :data:`~riichi_rules.limits.BATCH_LINE_BYTES` long (a longer one is kept as
    ``too_long``, its bytes dropped as they come)."""
    pending = bytearray()
    number = 1
    dropping = False
    read = getattr(stream, "read1", stream.read)  # what has come so far: a pipe goes on
    while True:
        chunk = read(_READ)
        if not chunk:
            break
        data = chunk.encode("utf-8", "surrogateescape") if isinstance(chunk, str) else chunk
        start = 0
        while True:
            end = data.find(b"\n", start)
            piece = data[start:] if end < 0 else data[start:end]
            if not dropping:
                pending += piece
                if len(pending) > limits.BATCH_LINE_BYTES:
                    dropping = True
                    pending.clear()
            if end < 0:
                break
            yield _line(number, pending, dropping)
            number += 1
            pending.clear()
            dropping = False
            start = end + 1
    if pending or dropping:
        yield _line(number, pending, dropping)


def _line(number: int, data: bytearray, too_long: bool) -> Line:
    raw = bytes(data)
    return Line(number, raw[:-1] if raw.endswith(b"\r") else raw, too_long)


class _BadLine(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def answer(line: Line, prog: ScoringProgram, as_json: bool) -> Answer:
    """The answer to one line: a result, or an error naming the line."""
    from riichi_rules.scoring import scorer  # here: riichi --help never loads the rules

    try:
        result = scorer.score(parse(line), prog)
        text = (result.json_text() if as_json
                else one_line(f"{line.number}: {summary(result)}"))
    except _BadLine as error:
        return Answer(BAD, error_line(line.number, error.code, error.message, as_json))
    except RiichiError as error:
        detail = error_json(error)
        return Answer(BAD, error_line(line.number, detail["code"], detail["message"], as_json))
    except Exception as error:  # a bug: reported on its line, and the batch goes on
        return Answer(INTERNAL, error_line(
            line.number, "internal_error", f"{type(error).__name__}: {_shown(error)} (a bug "
            "in riichi-rules; please report it with this line)", as_json))
    return Answer(OK, text)


def _shown(error: Exception) -> str:
    try:
        return str(error)[:500]
    except Exception:  # an error whose text cannot be made (a huge number)
        return "(no text)"


def parse(line: Line) -> Any:
    """The JSON value of a line. Raises _BadLine."""
    if line.too_long:
        raise _BadLine("line_too_long", f"the line is longer than {limits.BATCH_LINE_BYTES:,} "
                       "bytes: a win is one JSON object of a few hundred bytes on one line")
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _BadLine("bad_encoding", f"not UTF-8: byte 0x{line.data[error.start]:02x} at "
                       f"column {error.start + 1}; write the file in UTF-8") from None
    text = text.lstrip("\ufeff").strip()
    if not text:
        raise _BadLine("blank_line", "a blank line: each line must hold one win as a JSON "
                       "object")
    deep = limits.json_nesting(text)
    if deep is not None:
        raise _BadLine("bad_json", f"not valid JSON: arrays and objects nest more than "
                       f"{limits.JSON_DEPTH} deep at column {deep + 1} (a win nests 3)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _BadLine("bad_json", f"not valid JSON: {error.msg} at column {error.colno}") \
            from None
    except (ValueError, RecursionError):  # a number of more than 4,300 digits
        raise _BadLine("bad_json", "not valid JSON here: a number has more digits than "
                       "Python reads (4,300); honba and sticks are small whole numbers") \
            from None


def error_json(error: Exception) -> dict[str, str]:
    """``{"code", "message"}`` of an error the package raised."""
    code = getattr(error, "code", None)
    message = getattr(error, "message", None)
    if not isinstance(code, str):
        code = "bad_rules" if type(error).__name__ in ("RuleError", "ConfigError") else "error"
    if not isinstance(message, str):
        render: Callable[[], str] | None = getattr(error, "render", None)
        message = render() if render is not None else str(error)
    return {"code": code, "message": message}


def error_line(number: int, code: str, message: str, as_json: bool) -> str:
    if as_json:
        return json.dumps({"error": {"code": code, "message": message}, "line": number})
    return one_line(f"{number}: error: {code}: {message}")


def summary(result: Result) -> str:
    """One line: ``4 han 20 fu, 5200: menzen_tsumo 1, pinfu 1, ittsu 2 (E 2600, W 1300, N
    1300)``."""
    value = f"yakuman x{result.yakuman}" if result.yakuman else f"{result.han} han {result.fu} fu"
    if result.limit:
        value += f" {result.limit}"
    yaku = ", ".join(f"{y.id} x{y.yakuman}" if y.yakuman else f"{y.id} {y.han}"
                     for y in result.yaku)
    pays = ", ".join(f"{p.payer} {p.points + p.honba}" for p in result.payments)
    extra = f" + {result.sticks} sticks" if result.sticks else ""
    return f"{value}, {result.winner_receives}: {yaku} ({pays}{extra})"


# ---------------------------------------------------------------------------- a whole batch


class Tally:
    """What a batch did: lines scored, bad, and hitting a bug."""

    __slots__ = ("bad", "internal", "scored")

    def __init__(self) -> None:
        self.scored = 0
        self.bad = 0
        self.internal = 0

    def add(self, status: int) -> None:
        if status == OK:
            self.scored += 1
        elif status == BAD:
            self.bad += 1
        else:
            self.internal += 1

    @property
    def status(self) -> int:
        return INTERNAL if self.internal else BAD if self.bad else OK

    def render(self) -> str:
        total = self.scored + self.bad + self.internal
        text = (f"{total} line{'s' if total != 1 else ''}: {self.scored} scored, "
                f"{self.bad} could not be scored")
        if self.internal:
            text += f", {self.internal} hit a bug (internal_error)"
        return text


Write = Callable[[str], None]
Ruleset = tuple[str, "str | None"]  # --ruleset and --date, as given (a worker loads its own)


def run_serial(lines: Iterable[Line], prog: ScoringProgram, as_json: bool, write: Write
               ) -> Tally:
    """Score each line in this process, writing each answer as soon as it is known."""
    tally = Tally()
    for line in lines:
        result = answer(line, prog, as_json)
        tally.add(result.status)
        write(result.text)
    return tally


_PROGRAMS: dict[Ruleset, ScoringProgram] = {}

Task = tuple[Ruleset, bool, Line]  # a line to score in a worker: (ruleset, --json, the line)


def score_line(task: Task) -> Answer:
    """A worker's job: the answer to one line (the ruleset loaded once a process)."""
    ruleset, as_json, line = task
    prog = _PROGRAMS.get(ruleset)
    if prog is None:
        from riichi_rules.rulesets.config import load_config
        from riichi_rules.scoring.scorer import program

        prog = _PROGRAMS[ruleset] = program(load_config(ruleset[0], date=ruleset[1]))
    return answer(line, prog, as_json)


def lost_line(task: Task) -> Answer:
    """The answer to a line whose worker process died scoring it."""
    _, as_json, line = task
    return Answer(INTERNAL, error_line(
        line.number, "internal_error", "the worker process scoring this line died (a bug in "
        "riichi-rules, or the machine ran out of memory; please report it with this line)",
        as_json))


def run_parallel(lines: Iterable[Line], ruleset: Ruleset, as_json: bool, write: Write,
                 jobs: int, worker: Callable[[Task], Answer] = score_line) -> Tally:
    """Score the lines in ``jobs`` processes, a chunk at a time, writing the answers in input
    order (:func:`riichi_rules.parallel.run_all`): when a worker process dies, only the line
    it dies on is lost (as ``internal_error``)."""
    from riichi_rules.parallel import run_all

    tally = Tally()
    tasks = ((ruleset, as_json, line) for line in lines)
    for result in run_all(worker, tasks, jobs, chunk=_CHUNK, lost=lost_line):
        tally.add(result.status)
        write(result.text)
    return tally
