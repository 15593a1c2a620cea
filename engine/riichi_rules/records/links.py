"""Games given as links to tenhou.net's viewer or editor (``https://tenhou.net/6/#json={...}``,
``/5/`` alike): the link carries a whole tenhou.net/6 game after ``#json=``, URL-encoded or
written out. A text holding such links (a list of them, one a line, or notes around one) is
read as one game per link, each named ``<file>#<line>``."""

from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import replace

from riichi_rules.limits import load_json
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.tenhou6 import read_tenhou6

__all__ = ["has_links", "read_links"]

_LINK = re.compile(r"tenhou\.net/[0-9]+/[^\s#]*#json=")


def has_links(text: str) -> bool:
    """Whether a text holds a tenhou.net link with a game (``#json=``)."""
    return bool(_LINK.search(text))


def read_links(text: str, name: str, shown: str) -> list[GameRecord]:
    """Every game of the links in ``text``, in order: ``name`` names the file (each game is
    ``<name>#<line>``), ``shown`` names it in messages. Raises :class:`RecordError` for a
    link whose game cannot be read (its line named)."""
    games: list[GameRecord] = []
    for number, line in enumerate(text.splitlines(), 1):
        for found in _LINK.finditer(line):
            rest = line[found.end():]
            if rest.startswith("%7B") or rest.startswith("%7b"):
                rest = urllib.parse.unquote(rest.split("&", 1)[0])
            try:
                data = load_json(rest, prefix=True)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{shown}: line {number}: the game of the link is not valid "
                                  f"JSON: {exc.msg} at column {exc.colno}", name) from None
            where = f"{name}#{number}"
            try:
                game = read_tenhou6(data, source=f"{shown}#{number}")
            except RecordError as exc:
                exc.source = where
                raise
            games.append(replace(game, source=where))
    return games
