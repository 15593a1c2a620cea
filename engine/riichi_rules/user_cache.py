"""The folders riichi-rules keeps between runs, under ``$XDG_CACHE_HOME/riichi-rules``
(``~/.cache/riichi-rules`` without ``XDG_CACHE_HOME``; docs/limits.md, "Files riichi-rules
writes"), and whether a file found there may be trusted."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/riichi-rules``, else ``~/.cache/riichi-rules``."""
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "riichi-rules"


def trusted(path: Path) -> bool:
    """Whether a file of the cache may be trusted: it and its folder are the user's own, and
    no one else may write to the folder (as ssh asks of its keys)."""
    if not hasattr(os, "getuid"):  # pragma: no cover - not on POSIX
        return True
    try:
        file, folder = path.stat(), path.parent.stat()
    except OSError:
        return False
    uid = os.getuid()
    return file.st_uid == uid and folder.st_uid == uid and not folder.st_mode & 0o022


def make_folder(folder: Path) -> None:
    """Make a cache folder that :func:`trusted` will trust: the user's alone (``0o700``, whatever
    the umask: with ``002``, the default of many systems, it would be group-writable and every
    file in it refused). A folder of the user's own that others may write to (made so by an
    earlier run) is closed to them. Raises OSError where it cannot be made."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if hasattr(os, "getuid"):
        status = folder.stat()
        if status.st_uid == os.getuid() and status.st_mode & 0o022:
            folder.chmod(stat.S_IMODE(status.st_mode) & ~0o022)
