"""A folder built once for the whole test run, however many pytest-xdist workers need it: the
first worker to ask builds it under a lock in the run's shared temporary folder, the others
wait for it and read the same folder (without xdist, a folder of the session's own)."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest

_DONE = ".built"  # written last: a folder without it was not built (its build failed)


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], None]) -> Path:
    """The folder ``name`` with ``build(folder)`` run in it once for the test run."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = tmp_path_factory.mktemp(name)
        build(folder)
        return folder
    shared = tmp_path_factory.getbasetemp().parent  # the same for every worker of the run
    folder = shared / name
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (folder / _DONE).exists():
            folder.mkdir(exist_ok=True)
            build(folder)
            (folder / _DONE).write_text("", encoding="utf-8")
    return folder
