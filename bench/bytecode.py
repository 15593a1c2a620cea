"""The package's bytecode written before a benchmark times whole processes.

``pip install .`` compiles every module to bytecode as it installs; an editable install
(``pip install -e .``) leaves that to Python's first import, which writes nothing when
``PYTHONDONTWRITEBYTECODE`` is set (as it is on some machines, this project's among them).
Every ``riichi`` process would then compile the package's source anew: about 46 ms of its
start, a cost the ``mahjong`` package, installed with its bytecode, never pays. The scripts
that time ``riichi`` as a process call :func:`write_bytecode` first, so both sides start as an
installed package does. The ``__pycache__`` folders it writes stay in the source tree
(``git status`` ignores them; ``find engine -name __pycache__ -exec rm -r {} +`` removes
them)."""

from __future__ import annotations

import compileall
import os
from pathlib import Path

import riichi_rules


def write_bytecode() -> str:
    """Compile the imported package's modules to bytecode where it is missing or stale; a
    line that says what was done, for the benchmark's output."""
    folder = Path(riichi_rules.__file__).resolve().parent
    if not compileall.compile_dir(str(folder), quiet=1):
        return (f"bytecode of {folder} NOT all written (a module failed to compile or the "
                "folder is read-only): riichi's start compiles the rest in every process")
    note = " (PYTHONDONTWRITEBYTECODE is set)" if os.environ.get("PYTHONDONTWRITEBYTECODE") \
        else ""
    return f"bytecode of {folder} written beforehand, as pip install does{note}"
