"""Where each value and key of a JSON text is: the line and column of a JSON path.

The stdlib ``json`` module parses without positions, so configs are parsed twice: once by
``json.loads`` (which also reports syntax errors) and once by this small scanner over the
already-valid text, which records where every value and every object key starts and which
keys are duplicated.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field

PathKey = tuple[str | int, ...]

_DECODER = json.JSONDecoder()
_WHITESPACE = " \t\n\r"


@dataclass(frozen=True, slots=True)
class Position:
    """A 1-based line and column."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Duplicate:
    """An object key given twice: the path of the second occurrence and where the first was."""

    path: PathKey
    first: Position
    again: Position


@dataclass(slots=True)
class PositionMap:
    """Positions of the values and keys of one JSON text, by JSON path."""

    text: str
    values: dict[PathKey, Position] = field(default_factory=dict)
    keys: dict[PathKey, Position] = field(default_factory=dict)
    duplicates: list[Duplicate] = field(default_factory=list)
    _line_starts: list[int] = field(default_factory=list)

    def position(self, offset: int) -> Position:
        """The line and column of a character offset."""
        line = bisect.bisect_right(self._line_starts, offset)
        return Position(line, offset - self._line_starts[line - 1] + 1)

    def source_line(self, line: int) -> str:
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def value(self, path: PathKey) -> Position:
        """Where the value at ``path`` starts, or its nearest enclosing value's start."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.values:
                return self.values[path[:n]]
        return Position(1, 1)

    def key(self, path: PathKey) -> Position:
        """Where the key of the member at ``path`` is, else where its value is."""
        return self.keys.get(path) or self.value(path)


def scan(text: str) -> PositionMap:
    """Map the positions in ``text``, which must be valid JSON (``json.loads`` succeeded)."""
    starts = [0]
    starts.extend(i + 1 for i, ch in enumerate(text) if ch == "\n")
    pm = PositionMap(text=text, _line_starts=starts)
    _Scanner(text, pm).value(_skip(text, 0), ())
    return pm


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WHITESPACE:
        i += 1
    return i


class _Scanner:
    def __init__(self, text: str, pm: PositionMap) -> None:
        self.text = text
        self.pm = pm

    def value(self, i: int, path: PathKey) -> int:
        """Record the value starting at ``i``; return the offset just after it."""
        self.pm.values[path] = self.pm.position(i)
        ch = self.text[i]
        if ch == "{":
            return self.obj(i, path)
        if ch == "[":
            return self.arr(i, path)
        _, end = _DECODER.raw_decode(self.text, i)
        return int(end)

    def obj(self, i: int, path: PathKey) -> int:
        i = _skip(self.text, i + 1)
        if self.text[i] == "}":
            return i + 1
        while True:
            key_pos = self.pm.position(i)
            key, i = _DECODER.raw_decode(self.text, i)
            member = (*path, str(key))
            if member in self.pm.keys:
                self.pm.duplicates.append(Duplicate(member, self.pm.keys[member], key_pos))
            self.pm.keys[member] = key_pos
            i = _skip(self.text, _skip(self.text, i) + 1)  # past ':'
            i = _skip(self.text, self.value(i, member))
            if self.text[i] == "}":
                return i + 1
            i = _skip(self.text, i + 1)  # past ','

    def arr(self, i: int, path: PathKey) -> int:
        i = _skip(self.text, i + 1)
        if self.text[i] == "]":
            return i + 1
        n = 0
        while True:
            i = _skip(self.text, self.value(i, (*path, n)))
            n += 1
            if self.text[i] == "]":
                return i + 1
            i = _skip(self.text, i + 1)


def render_path(path: PathKey) -> str:
    """``parameters.uma[2]``; the top level is ``(root)``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif out:
            out += f".{part}"
        else:
            out = part
    return out or "(root)"
