"""The `riichi` command itself: subcommands, --help, --version, the cost of starting, and
behaviour in a pipe."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from riichi_rules import __version__
from riichi_rules.cli import build_parser

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py


def test_help_lists_the_commands(riichi: RunCli) -> None:
    run = riichi("--help")
    assert run.status == 0
    for command in ("score", "check", "rulesets"):
        assert command in run.out
    has_conformance = importlib.util.find_spec("riichi_rules.cli.conformance") is not None
    assert ("conformance" in run.out) == has_conformance


def test_each_command_has_help(riichi: RunCli) -> None:
    for command in ("score", "check", "rulesets"):
        run = riichi(command, "--help")
        assert run.status == 0
        assert f"usage: riichi {command}" in run.out


def test_version(riichi: RunCli) -> None:
    run = riichi("--version")
    assert run.status == 0
    assert run.out.strip().startswith(f"riichi-rules {__version__} (")


def test_no_command_is_a_usage_error(riichi: RunCli) -> None:
    run = riichi()
    assert run.status == 2
    assert "usage: riichi" in run.err


def test_parser_is_built_without_the_heavy_modules() -> None:
    """`riichi --help` and argument errors must not pay for the rules language, the
    scorer, Lark or jsonschema: those are imported inside run()."""
    code = textwrap.dedent("""
        import sys
        from riichi_rules.cli import build_parser
        build_parser()
        heavy = [m for m in ("lark", "jsonschema", "riichi_rules.scoring.scorer",
                             "riichi_rules.language.parser", "riichi_rules.rulesets.config")
                 if m in sys.modules]
        print(",".join(heavy))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.strip() == ""


def test_console_script_is_installed() -> None:
    """pyproject's `riichi = "riichi_rules.cli:main"` (the venv running the tests holds the
    package installed, editable or not)."""
    script = Path(sys.executable).parent / "riichi"
    if not script.exists():
        found = shutil.which("riichi")
        if found is None:
            pytest.skip("no 'riichi' script next to this Python or on PATH")
        script = Path(found)
    done = subprocess.run([str(script), "rulesets", "--json"], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "ema-2016" in {row["id"] for row in json.loads(done.stdout)}


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    """`riichi score --batch big.jsonl | head -1`: no traceback when the reader goes away."""
    line = json.dumps({"hand": "22p234p123s456s789s", "win": "9s"})
    batch = tmp_path / "big.jsonl"
    batch.write_text((line + "\n") * 3000, encoding="utf-8")
    command = [sys.executable, "-c", "import sys; from riichi_rules.cli import main; "
               "sys.exit(main())", "score", "--batch", str(batch), "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away
    err = process.stderr.read().decode()
    status = process.wait(timeout=60)
    assert json.loads(first)["points"]["total"] == 5800
    assert "Traceback" not in err
    assert status == 0


def test_parser_builds_in_process() -> None:
    parser = build_parser()
    args = parser.parse_args(["score", "123m", "--tsumo"])
    assert args.command == "score"
    assert args.tsumo is True


def test_a_rule_fault_no_command_stops_at_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A RuleFault that reaches the command's boundary (met where a command does not stop at
    it itself, as in a search's scenario) is a line naming the rule, and exit status 1."""
    from riichi_rules.cli import check, main
    from riichi_rules.errors import RuleFault

    def faulting(args: object) -> int:
        raise RuleFault("house.rules:3:10", "division by zero (3000 / 0)")

    monkeypatch.setattr(check, "run", faulting)
    assert main(["check", "tenhou"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("riichi check: house.rules:3:10: division by zero (3000 / 0): a rule")
    assert "Traceback" not in err and len(err.splitlines()) == 1
