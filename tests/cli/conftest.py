"""Helpers for the `riichi` command tests: run it in-process (fast) or as a real process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.cli import main


@dataclass
class Run:
    status: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def json(self) -> Any:
        return json.loads(self.out)

    def json_lines(self) -> list[Any]:
        return [json.loads(line) for line in self.lines]


RunCli = Callable[..., Run]


@pytest.fixture
def riichi(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """``riichi(*argv, stdin=None)``: run ``riichi_rules.cli.main`` in this process."""

    def run(*argv: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        status = main(list(argv))
        captured = capsys.readouterr()
        assert "Traceback" not in captured.out + captured.err
        return Run(status, captured.out, captured.err)

    return run


# The command as a separate process, importing the package this test session imports.
COMMAND = [sys.executable, "-c", "import sys; from riichi_rules.cli import main; "
           "sys.exit(main())"]


@pytest.fixture
def riichi_process() -> RunCli:
    """``riichi_process(*argv, stdin=None, cwd=None)``: run the command as a real process."""

    def run(*argv: str, stdin: str | None = None, cwd: Path | None = None) -> Run:
        done = subprocess.run(
            [*COMMAND, *argv], input=stdin, capture_output=True, text=True, cwd=cwd,
            timeout=120, check=False,
        )
        assert "Traceback" not in done.stderr, done.stderr
        return Run(done.returncode, done.stdout, done.stderr)

    return run
