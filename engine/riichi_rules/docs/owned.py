"""The files a rulebook build owns in its output folder, kept in a manifest there
(``.riichi-rules-pages``: one path a line, relative to the folder).

A build writes its files through :func:`write_owned`: a file the previous build wrote (named
in the manifest) is rewritten when its text changed and removed when this build no longer
writes it; any other file is never touched. A file of someone else's at a path this build would
write (or a symlink there, or a folder) stops the build before anything is written, with an
:class:`OutputClash` naming it. A file whose text is already what the build would write is
taken over (the pages of a build made before the manifest existed).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from riichi_rules.errors import InputError

__all__ = ["MANIFEST", "OutputClash", "owned_files", "write_owned"]

MANIFEST = ".riichi-rules-pages"
_HEADER = ("# riichi docs build: the files the last build wrote into this folder. The next "
           "build\n# rewrites and removes only these; it never touches any other file.\n")
_SHOWN = 5  # clashing files named in the error


class OutputClash(InputError):
    """A file the build does not own is where the build would write one."""

    def __init__(self, out: Path, clashes: list[str]) -> None:
        named = ", ".join(str(out / c) for c in clashes[:_SHOWN])
        more = f" and {len(clashes) - _SHOWN} more" if len(clashes) > _SHOWN else ""
        super().__init__("output_clash", (
            f"{out}: {len(clashes)} file{'s' if len(clashes) != 1 else ''} this build would "
            f"write {'are' if len(clashes) != 1 else 'is'} not one an earlier build wrote "
            f"(not in {out / MANIFEST}): {named}{more}; nothing was written. Move "
            f"{'them' if len(clashes) != 1 else 'it'} out of the way, or pick another output "
            "folder"))
        self.clashes = tuple(clashes)


def owned_files(out: Path) -> set[str]:
    """The paths (relative, with ``/``) the manifest of ``out`` names; none without one. An
    entry that leaves the folder (absolute, or with ``..``) is no file of the build's."""
    try:
        text = (out / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    owned = set()
    for line in text.splitlines():
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        path = PurePosixPath(entry)
        if path.is_absolute() or ".." in path.parts or "\\" in entry:
            continue
        owned.add(str(path))
    return owned


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and path.read_bytes() == data
    except OSError:
        return False


def write_owned(out: Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write ``files`` (relative path with ``/`` -> text) into ``out``, only those whose text
    changed, remove the files the previous build wrote that are not among them, and record
    them in the manifest. Raises :class:`OutputClash` (before writing anything) when a path
    holds something the previous build did not write. Returns the paths written or kept."""
    before = owned_files(out)
    data = {rel: (text.encode("utf-8") if isinstance(text, str) else text)
            for rel, text in files.items()}
    clashes = []
    for rel, content in sorted(data.items()):
        path = out / rel
        if path.is_symlink() or (path.exists() and not path.is_file()):
            clashes.append(rel)  # never written through a link, never over a folder
        elif path.exists() and rel not in before and not _same(path, content):
            clashes.append(rel)
    if clashes:
        raise OutputClash(out, clashes)
    out.mkdir(parents=True, exist_ok=True)
    # the manifest first names both builds' files, so a build stopped halfway leaves none
    # that the next one does not know
    _write_manifest(out, before | set(data))
    for rel, content in data.items():
        path = out / rel
        if not _same(path, content):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    for rel in sorted(before - set(data)):
        _remove(out, rel)
    _write_manifest(out, set(data))
    return [out / rel for rel in data]


def _remove(out: Path, rel: str) -> None:
    """Remove a file the previous build wrote (never a link or a folder put in its place),
    then the folders it leaves empty, up to ``out``."""
    path = out / rel
    if path.is_symlink() or not path.is_file():
        return
    path.unlink()
    folder = path.parent
    while folder != out and out in folder.parents:
        try:
            folder.rmdir()  # only an empty folder
        except OSError:
            break
        folder = folder.parent


def _write_manifest(out: Path, owned: set[str]) -> None:
    path = out / MANIFEST
    text = _HEADER + "".join(f"{rel}\n" for rel in sorted(owned))
    if path.is_symlink():
        path.unlink()
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
