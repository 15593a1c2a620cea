"""The bounds on every input, in one place (docs/limits.md states them), and the small checks
that apply them before anything expensive runs: a file's size, JSON nesting, the size of a
number. Each refusal is an :class:`~riichi_rules.errors.InputError` whose message says what
is too large, where, and the bound."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError

BATCH_LINE_BYTES = 1 << 20
"""A line of ``riichi score --batch`` (a win is a few hundred bytes)."""
RULE_FILE_BYTES = 256 << 10
"""A ``.rules`` file (the largest bundled one is about 21 KB)."""
CONFIG_BYTES = 1 << 20
"""A ``ruleset.json`` (the largest bundled one is about 11 KB)."""
CASE_FILE_BYTES = 4 << 20
"""A conformance case file (the largest bundled one is about 34 KB)."""
RECORD_BYTES = 16 << 20
"""A game record, once decompressed (a Tenhou hanchan is about 30 KB, an mjai log about
200 KB, the largest of the shared corpus under 1 MB): a gzip file of a few MB cannot stand for
gigabytes, and reading a file of the most it may hold takes a fraction of a second."""
RECORD_TAGS = 50_000
"""The tags of a Tenhou mjlog (a hanchan has about 1,750), and the events (objects) of an mjai
log: each costs the reader some microseconds and hundreds of bytes, so that a file within
:data:`RECORD_BYTES` of tiny tags cannot take minutes and gigabytes."""
RECORD_VALUES = 1_000_000
"""The values (counted by their commas) of a JSON game record, the attributes of an mjlog, and
the lines of an mjai log (a Riichi City hanchan has about 30,000 values, a Tenhou mjlog about
10,000 attributes, an mjai log drawn by gimite/mjai about 22,000 lines)."""
JSON_DEPTH = 64
"""How deep arrays and objects may nest in a batch line or a ruleset.json (a win nests 3)."""
YAML_DEPTH = 64
"""How deep lists and mappings may nest in a case file (the bundled ones nest 6)."""
YAML_LINE_CHARS = 4_000
"""A line of a case file (the bundled ones stay under 120 characters): PyYAML's work on a
line grows with its length times its open brackets."""
YAML_NODES = 200_000
"""How many values a case file may hold, each alias counted as the values it repeats (the
bundled files hold at most about 3,100): a few hundred bytes of aliases cannot stand for
millions of values."""
RULE_TOKENS = 10_000
"""The words, numbers, strings and symbols of a rule file (the largest bundled one has about
1,500): the parser's work grows with them, about a second for this many."""
STRING_CHARS = 10_000
"""A string literal in a rule file (the longest bundled one has 524 characters)."""
NUMBER = 10**9
"""The largest whole number a rule file or a ruleset.json may write (scores are far below)."""
COUNT = 999
"""The largest honba or riichi-stick count of a win."""
DIAGNOSTICS = 100
"""How many syntax errors of one rule file are reported (the rest are counted)."""


def whole_number(text: str) -> int:
    """The whole number ``text`` writes in the ASCII digits 0-9, at most 18 of them after an
    optional leading ``-``: records and the command line read numbers this strictly (Python's
    ``int`` would take ``٣`` as 3 and ``1_0`` as 10, and fail past 4,300 digits). Raises
    ValueError saying so."""
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"{quoted(text)} is not a whole number of at most 18 digits 0-9")
    return int(text)


def quoted(value: object, limit: int = 60) -> str:
    """``value`` as Python writes it (a string quoted), for a message: cut after ``limit``
    characters, saying how long it was."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    return cut(repr(value), limit)


def cut(text: str, limit: int) -> str:
    """``text`` for a message, cut after ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


_WHOLE = re.compile(r"-?[0-9]{1,18}")


def read_text(path: Path, limit: int, what: str) -> str:
    """The UTF-8 text of a file of at most ``limit`` bytes (``what``: "a rule file" ...).
    Raises InputError ``too_large``, ``bad_encoding`` or ``unreadable``."""
    try:
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise InputError("unreadable", f"cannot read the file: {error.strerror or error}"
                         ) from None
    if len(data) > limit:
        raise InputError("too_large", f"{what} holds at most {limit:,} bytes; this one is "
                         "larger: split it, or check that it is the file you meant")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError("bad_encoding", f"not UTF-8: byte 0x{data[error.start]:02x} at line "
                         f"{line}, column {column}; save the file as UTF-8") from None


def json_nesting(text: str, limit: int = JSON_DEPTH) -> int | None:
    """The 0-based index in ``text`` where JSON arrays and objects first nest deeper than
    ``limit``, or None (strings are skipped; the text need not be valid JSON)."""
    if text.count("[") + text.count("{") <= limit:  # no deeper than the brackets it opens
        return None
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        elif char in "]}":
            depth -= 1
    return None


# a string (to skip; an unclosed one runs to the end) or a bracket
_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


def load_json(text: str, *, prefix: bool = False) -> Any:
    """The JSON value of ``text`` (with ``prefix``: of its start, the rest ignored), within
    :data:`JSON_DEPTH` and Python's 4,300 digits. Raises :class:`json.JSONDecodeError` for
    JSON that is too deep or holds too long a number, as for any bad JSON: its ``msg``
    says what, its ``pos``, ``lineno`` and ``colno`` where."""
    deep = json_nesting(text)
    if deep is not None:
        raise json.JSONDecodeError(f"arrays and objects nest more than {JSON_DEPTH} deep",
                                   text, deep)
    try:
        return json.JSONDecoder().raw_decode(text)[0] if prefix else json.loads(text)
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError):  # Python reads no number of more than 4,300 digits
        long = _LONG_NUMBER.search(text)
        raise json.JSONDecodeError("a number of more than 4,300 digits", text,
                                   long.start() if long else 0) from None


_LONG_NUMBER = re.compile(r"\d{4300,}")


def number_text(value: int) -> str:
    """A whole number as text, or its size when it is too long to show (Python refuses to
    write one of more than 4,300 digits)."""
    if -10**15 < value < 10**15:
        return str(value)
    digits = value.bit_length() * 30103 // 100000 + 1  # log10(2) = 0.30103
    return f"a number of about {digits:,} digits"


def too_large_number(value: object, limit: int = NUMBER) -> bool:
    """Whether ``value`` is a whole number beyond ``-limit .. limit`` (booleans are not)."""
    return type(value) is int and not -limit <= value <= limit
