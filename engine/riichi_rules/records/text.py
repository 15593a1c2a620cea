"""The bytes and text of a record, however it is given: a path (plain or gzip), its bytes or
its text. Shared by the readers, which import nothing else of :mod:`riichi_rules.records` but
the record's types (:mod:`riichi_rules.records.events`)."""

from __future__ import annotations

import gzip
from pathlib import Path

from riichi_rules.records.events import RecordError

__all__ = ["file_bytes", "gunzip", "load_text"]


def file_bytes(path: str | Path, name: str) -> bytes:
    """The content of a file, decompressed when it is gzip; ``name`` names it in messages.
    Raises :class:`RecordError` (a file that cannot be read, broken gzip)."""
    try:
        return gunzip(Path(path).read_bytes(), name)
    except OSError as exc:
        raise RecordError(f"{name}: cannot read the file ({exc.strerror or exc})", name) from None


def gunzip(data: bytes, name: str) -> bytes:
    """``data``, decompressed when it is gzip (it starts with gzip's magic bytes)."""
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError) as exc:
        raise RecordError(f"{name}: broken gzip data ({exc})", name) from None


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
