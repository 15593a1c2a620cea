"""Another revision's engine beside this checkout's, for the scripts that compare the two
(replay_snapshot.py, bench_replay.py ``--base``): its ``engine``, ``grammar`` and ``rulesets``
taken out of this repository by ``git archive`` (no work tree is touched), and a child process
that imports it (``PYTHONPATH``) or this checkout's package."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def extract(ref: str, folder: Path) -> Path:
    """The ``engine`` folder of revision ``ref`` (with its grammar and rulesets beside it, where
    the package finds them), written under ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "engine", "grammar",
                              "rulesets"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder / "engine"


def child_env(engine: Path | None) -> dict[str, str]:
    """The environment of a child process importing the package of ``engine`` (None: this
    checkout's, as installed)."""
    env = dict(os.environ)
    if engine is not None:
        env["PYTHONPATH"] = str(engine)
    return env


def check_origin(expected: Path | None) -> str:
    """"" when the imported package is the one of ``expected`` (an ``engine`` folder; None:
    anything), else why not."""
    import riichi_rules

    where = Path(riichi_rules.__file__).resolve().parent.parent
    if expected is not None and where != expected.resolve():
        return f"the package came from {where}, not {expected}"
    return ""
