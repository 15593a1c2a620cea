"""The project's error types and the diagnostic format shared by rule files and configs.

Every error a user can cause is one of these; nothing else should escape to the CLI.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem at one place in a file: rendered as ``file:line:col: message``,
    the source line, a caret under the column, and an optional hint."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str = ""

    def render(self) -> str:
        out = [f"{self.file}:{self.line}:{self.column}: {self.message}"]
        if self.source_line:
            out.append(f"    {self.source_line.rstrip()}")
            out.append("    " + " " * max(self.column - 1, 0) + "^")
        if self.hint:
            out.append(f"    hint: {self.hint}")
        return "\n".join(out)


class RiichiError(Exception):
    """Base of every error the package raises on bad input."""


class InputError(RiichiError):
    """A hand, win or event that cannot be scored: ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


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
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""
