"""The bytes and text of a record, however it is given: a path (plain or gzip), its bytes or
its text. Shared by the readers, which import nothing else of :mod:`riichi_rules.records` but
the record's types (:mod:`riichi_rules.records.events`)."""

from __future__ import annotations

import zlib
from pathlib import Path

from riichi_rules.limits import RECORD_BYTES
from riichi_rules.records.events import RecordError

__all__ = ["at_most", "file_bytes", "gunzip", "load_text"]

_GZIP = b"\x1f\x8b"  # the magic bytes gzip data starts with


def file_bytes(path: str | Path, name: str) -> bytes:
    """The content of a file, decompressed when it is gzip; ``name`` names it in messages.
    Raises :class:`RecordError` (a file that cannot be read, a ``.gz`` file that is not gzip,
    broken gzip, more than :data:`~riichi_rules.limits.RECORD_BYTES`, once decompressed)."""
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{name}: cannot read the file ({exc.strerror or exc})", name) from None
    if len(data) > RECORD_BYTES:
        raise RecordError(f"{name}: {_too_large('')}", name)
    if Path(path).suffix.lower() == ".gz" and data[:2] != _GZIP:
        start = f"with {data[:2].hex(' ')}" if data else "is empty"
        raise RecordError(f"{Path(name).name}: named .gz, but not gzip data (gzip data starts "
                          f"with the bytes 1f 8b, this file {start}): if it is a plain "
                          "record, take .gz off its name", name)
    return gunzip(data, name)


def gunzip(data: bytes, name: str) -> bytes:
    """``data``, decompressed when it is gzip (it starts with gzip's magic bytes; several
    members are joined), never to more than :data:`~riichi_rules.limits.RECORD_BYTES`: the
    decompression stops there (a gzip bomb costs no more memory than that)."""
    if data[:2] != _GZIP:
        return data
    out = bytearray()
    rest = data
    try:
        while rest[:2] == _GZIP:
            member = zlib.decompressobj(16 + zlib.MAX_WBITS)
            out += member.decompress(rest, RECORD_BYTES + 1 - len(out))
            if len(out) > RECORD_BYTES:
                raise RecordError(f"{name}: {_too_large(' once decompressed')}", name)
            if not member.eof:
                raise RecordError(f"{name}: broken gzip data (it ends before the end of its "
                                  "compressed data: truncated?)", name)
            rest = member.unused_data
    except zlib.error as exc:
        raise RecordError(f"{name}: broken gzip data ({exc})", name) from None
    return bytes(out)


def _too_large(how: str) -> str:
    return (f"more than {RECORD_BYTES >> 20} MB{how}, the most a game record may hold (a "
            "game is well under 1 MB): give each game its own file (docs/limits.md)")


def load_text(path_or_text: str | Path | bytes, source: str | None,
              starts: str) -> tuple[str, str, str]:
    """A record given as a path, its bytes (gzip accepted) or its text (a string whose first
    character that is not blank is one of ``starts``), as ``(text, name, shown)``: ``name``
    is ``source``, else the path, ``<bytes>`` or ``<text>``; ``shown`` names it in messages
    (a path by its file name only). Raises :class:`RecordError` (a file that cannot be read,
    broken gzip, not UTF-8)."""
    if isinstance(path_or_text, str) and path_or_text.lstrip()[:1] in tuple(starts):
        name = source or "<text>"
        text = path_or_text
    else:
        if isinstance(path_or_text, bytes):
            name = source or "<bytes>"
            data = gunzip(path_or_text, name)
        else:
            name = source or str(path_or_text)
            data = file_bytes(path_or_text, name)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{name}: not UTF-8 text (byte {exc.start})", name) from None
    shown = name if source is not None or name.startswith("<") else Path(name).name
    return text, name, shown


def at_most(text: str, name: str, shown: str, mark: str, limit: int, what: str) -> None:
    """Refuse a record (``name``, ``shown`` in the message: see :func:`load_text`) holding
    more than ``limit`` of ``mark`` (``what``: "tags" ...) before it is parsed
    (docs/limits.md): counting is fast, parsing each one is not."""
    count = text.count(mark)
    if count > limit:
        raise RecordError(f"{shown}: {count:,} {what}, more than the {limit:,} a game record may "
                          "hold (a game has a few thousand): give each game its own file "
                          "(docs/limits.md)", name)
