"""The project's error types and the diagnostic format shared by rule files and configs.

Every error a user can cause is one of these; nothing else should escape to the CLI.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Spanned(Protocol):
    """Where something is written (a rule file's :class:`~riichi_rules.language.ast.Span`)."""

    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...


SHOWN_WIDTH = 160
"""How much of a long source line a diagnostic shows: the part around the column."""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem at one place in a file: rendered as ``file:line:col: message``, the source
    line, a caret under the column (underlined to ``end_column``, the column just after the
    faulty text, when known), and an optional hint. Line 0 is no place in a file (a ruleset
    named on the command line that does not exist): the message alone."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str = ""
    end_column: int = 0

    @classmethod
    def at(cls, span: Spanned, message: str, source_line: str = "", hint: str = ""
           ) -> Diagnostic:
        """A diagnostic at a span: underlined to its end on its first line (to the end of the
        line, for a span that goes on to the next)."""
        if span.end_line == span.line:
            end = span.end_column
        elif span.end_line > span.line:
            end = len(source_line.rstrip()) + 1
        else:
            end = 0
        return cls(span.file, span.line, span.column, message, source_line, hint, end)

    def render(self) -> str:
        if self.line <= 0:  # not at a place in a file (a name given on the command line)
            return "\n".join([self.message, *([f"    hint: {self.hint}"] if self.hint else [])])
        out = [f"{self.file}:{self.line}:{self.column}: {self.message}"]
        if self.source_line:
            line = self.source_line.rstrip()
            column = max(self.column, 1)
            width = max(self.end_column - self.column, 1)
            if len(line) > SHOWN_WIDTH:  # a long line: the part around the column
                start = max(0, min(column - 1 - SHOWN_WIDTH // 2, len(line) - SHOWN_WIDTH))
                shown = line[start:start + SHOWN_WIDTH]
                head = "..." if start > 0 else ""
                tail = "..." if start + SHOWN_WIDTH < len(line) else ""
                column = column - start + len(head)
                width = max(min(width, SHOWN_WIDTH + len(head) - column + 1), 1)
                line = head + shown + tail
            out.append(f"    {line}")
            out.append("    " + " " * (column - 1) + "^" + "~" * (width - 1))
        if self.hint:
            out.append(f"    hint: {self.hint}")
        return "\n".join(out)


# what would end a line for a reader that splits on more than "\n" (str.splitlines)
_LINE_BREAKS = {ord(c): f"\\u{ord(c):04x}" for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


def one_line(text: str) -> str:
    """``text`` with every character that could break the line written as an escape."""
    return text.translate(_LINE_BREAKS)


class RiichiError(Exception):
    """Base of every error the package raises on bad input."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Made again as it is, whatever its constructor takes: an error raised in a worker
        process or on a Dask worker crosses back to the caller whole (``--jobs``,
        ``--cluster``), not as a pool that broke."""
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


def _rebuilt(cls: type[RiichiError], args: tuple[Any, ...],
             state: dict[str, Any]) -> RiichiError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class InputError(RiichiError):
    """A hand, win or event that cannot be scored: ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class RuleFault(InputError):
    """A rule that cannot give a value for this situation (a division by zero, an exponent out
    of range): the fault of the rule written at ``where`` (``file:line:col``), not of the
    input, but like bad input it refuses this one item and the others go on."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__("rule_fault", f"{where}: {message}")
        self.where = where


FAULT_ADVICE = ("a rule must give a value on every hand it can meet (riichi check proves only "
                "what it can): fix the rule, then run this again")
"""What a rule's fault asks of its author, wherever a command stops at one."""


class RulesetFault(RiichiError):
    """A rule that has no value on a conformance case (a :class:`RuleFault` met by ``riichi
    compare`` or ``riichi conformance``): the ruleset is broken, as one whose rules do not
    compile, so the command stops at the first such case and names the rule once."""

    def __init__(self, ruleset: str, case: str, location: str, fault: RuleFault) -> None:
        self.ruleset, self.case, self.location, self.fault = ruleset, case, location, fault
        super().__init__(
            f"{ruleset}: {fault.message}, met on case {case} ({location}); {FAULT_ADVICE}")


class DiagnosticError(RiichiError):
    """A file with one or more problems, all collected before anything runs."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


class RuleError(DiagnosticError):
    """Problems in a ``.rules`` file."""


class ConfigError(DiagnosticError):
    """Problems in a ``ruleset.json`` (the diagnostic's message names the JSON path)."""


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A hint naming the closest candidate, or an empty string when none is close."""
    import difflib

    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""
