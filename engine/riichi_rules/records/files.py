"""Game record files: found (a folder stands for its record files), opened (gzip accepted),
recognised by their content and handed to the reader of their format
(:mod:`~riichi_rules.records.mjlog`, :mod:`~riichi_rules.records.tenhou6`,
:mod:`~riichi_rules.records.mjai`, :mod:`~riichi_rules.records.riichi_city`,
:mod:`~riichi_rules.records.links`). A file no reader
reads is refused in one line saying what it is."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from riichi_rules.limits import load_json
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.links import has_links, read_links
from riichi_rules.records.mjai import looks_like_mjai, read_mjai
from riichi_rules.records.mjlog import read_mjlog
from riichi_rules.records.riichi_city import looks_like_riichi_city, read_riichi_city
from riichi_rules.records.tenhou6 import read_tenhou6
from riichi_rules.records.text import file_bytes

__all__ = ["RECORD_SUFFIXES", "read_games", "read_record", "read_records", "record_files"]

RECORD_SUFFIXES = (".xml", ".mjlog", ".json", ".mjson", ".jsonl", ".log", ".txt")
"""The files :func:`read_records` picks up when it is given a folder: mjlog (``.xml``,
``.mjlog``, plain or gzip), tenhou.net/6 JSON (``.json``), mjai JSON lines (``.mjson``,
``.jsonl``, ``.log``, ``.json``), Riichi City JSON (``.json``) and texts holding tenhou.net
links with a game (``.txt``: a text without such a link holds no game, and is passed over);
each also gzip-compressed, with ``.gz`` after it (``.xml.gz``, ``.mjson.gz``)."""

_NOT_A_RECORD = ("not a game record this reader knows (Tenhou mjlog XML, tenhou.net/6 JSON, "
                 "mjai JSON lines, Riichi City JSON, or a text holding tenhou.net links with a "
                 "game)")


def read_record(path: str | Path) -> GameRecord:
    """Read one game record file, whatever its format: Tenhou mjlog XML (plain or gzip),
    tenhou.net/6 JSON, an mjai event stream (JSON lines), a Riichi City game (its API's JSON)
    or a text holding one tenhou.net link with a game, told apart by the content. Raises
    :class:`RecordError` (and for a file that holds no game or several: see
    :func:`read_games`)."""
    games = read_games(path)
    if len(games) != 1:
        name = str(path)
        raise RecordError(f"{Path(name).name}: holds {len(games)} games, not one: read it "
                          "with read_games", name)
    return games[0]


def read_games(path: str | Path) -> list[GameRecord]:
    """Every game of one file: one for a record, one per link for a text of tenhou.net links
    (none for a text without any). Raises :class:`RecordError` saying why the file is not
    read: a format it is not, or what in it is wrong (a game without a hand among them)."""
    name = str(path)
    games = _read_games(file_bytes(path, name), name)
    for game in games:
        if not game.hands:
            raise RecordError(f"{Path(game.source).name}: the game has no hand (no deal): "
                              "truncated, or a game that never started; there is nothing to "
                              "replay", game.source)
    return games


def _read_games(data: bytes, name: str) -> list[GameRecord]:
    """The games of a file's content, by its format (:func:`read_games`)."""
    head = data.lstrip()[:1]
    shown = Path(name).name
    try:
        if head == b"<" and data.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
            viewer = b'"cmd":"' in data and b"M.LEAGUE" in data
            raise RecordError(f"{shown}: an HTML page" + (
                " (M.League's game viewer, its game a list of 'cmd' events in a script: a "
                "format no reader here reads yet)" if viewer else f", {_NOT_A_RECORD}"), name)
        if looks_like_riichi_city(data):
            return [replace(read_riichi_city(data, source=shown), source=name)]
        if head == b"<":
            return [replace(read_mjlog(data, source=shown), source=name)]  # id from the name
        if head in (b"{", b"[", b"#") and looks_like_mjai(data):
            return [replace(read_mjai(data, source=shown), source=name)]
        if head == b"{" and _json_lines(data):
            raise RecordError(f"{shown}: JSON lines whose objects are not mjai events (each "
                              f"event of an mjai stream has a 'type'): {_NOT_A_RECORD}", name)
        if head == b"{":
            return [replace(read_tenhou6(data, source=shown), source=name)]
        text = data.decode("utf-8", errors="replace")
        if text.lstrip().startswith(("Send:", "Get:")):
            raise RecordError(
                f"{shown}: a Tenhou client log (the messages of one player's connection: the "
                "other players' tiles are not in it), not a record of the whole game", name)
        if has_links(text):
            return read_links(text, name, shown)
        if Path(name).suffix.lower() == ".txt":
            return []  # a text without a game
        raise RecordError(f"{shown}: {_NOT_A_RECORD}", name)
    except RecordError as exc:
        if not exc.source or exc.source == shown:
            exc.source = name
        raise


def _json_lines(data: bytes) -> bool:
    """Whether ``data`` is more than one JSON object, one a line."""
    lines = [line for line in data.splitlines()[:3] if line.strip()]
    if len(lines) < 2:
        return False
    try:
        return all(isinstance(load_json(line.decode("utf-8")), dict) for line in lines)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False


def record_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named: a folder stands for its files ending in :data:`RECORD_SUFFIXES`, plain
    or followed by ``.gz`` (searched recursively, in name order)."""
    for path in paths:
        p = Path(path)
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*") if f.is_file() and _is_record(f))
        else:
            yield p


def _is_record(path: Path) -> bool:
    """Whether a file in a folder is taken as a record: by its suffix (:data:`RECORD_SUFFIXES`,
    plain or followed by ``.gz``)."""
    suffix = path.suffix.lower()
    if suffix == ".gz":
        suffix = Path(path.stem).suffix.lower()
    return suffix in RECORD_SUFFIXES


def read_records(paths: Iterable[str | Path]) -> Iterator[GameRecord | RecordError]:
    """Read many records, and keep going after a bad one: each game of each file (a
    :class:`GameRecord`), or the :class:`RecordError` a file raised. A folder stands for its
    files ending in :data:`RECORD_SUFFIXES` (searched recursively, in name order)."""
    for f in record_files(paths):
        try:
            yield from read_games(f)
        except RecordError as exc:
            yield exc
