"""Docs that cannot go stale: every `$ riichi ...` command shown with its output in README.md
and docs/*.md is run, and its output must be what the page shows (`...` trims lines or part of
a line; a block over the shared corpus lets its numbers vary). How to refresh the pages after a
change of output: tests/shown_commands.py."""

from __future__ import annotations

import hashlib

import pytest

from built_once import built_once
from shown_commands import RIICHI, SHARED, Shown, doc_files, matches, needs_shared, run
from shown_commands import shown_commands as shown_in

SHOWN = [shown for path in doc_files() for shown in shown_in(path)]


def test_the_docs_show_commands() -> None:
    # README.md and docs/cli.md show commands at work (at least one each)
    files = {shown.file.name for shown in SHOWN}
    assert {"README.md", "cli.md"} <= files


def _output(shown: Shown, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The command's output, run once for the test run (a command shown on two pages may
    come to two test workers)."""
    key = hashlib.sha256(shown.command.encode()).hexdigest()[:16]
    folder = built_once(tmp_path_factory, f"shown-{key}", lambda out: (
        out / "output.txt").write_text(run(shown), encoding="utf-8"))
    return (folder / "output.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("shown", SHOWN, ids=[shown.where for shown in SHOWN])
def test_the_shown_output_is_the_output(shown: Shown,
                                        tmp_path_factory: pytest.TempPathFactory) -> None:
    if shown.not_run:
        pytest.skip(f"{shown.where}: not run: {shown.not_run}")
    if needs_shared(shown) and not SHARED.is_dir():
        pytest.skip(f"{shown.where} reads the shared corpus, which is not here ({SHARED})")
    if not RIICHI.exists():
        pytest.skip(f"the riichi command is not installed next to {RIICHI.parent}")
    actual = _output(shown, tmp_path_factory)
    assert matches(shown, actual), (
        f"{shown.where}: the output of `{shown.command}` is not what the page shows.\n"
        f"--- shown\n" + "\n".join(shown.output) + f"\n--- actual\n{actual}\n"
        "Refresh: .venv/bin/python tests/shown_commands.py [--write] (see its docstring)")


def test_elisions_and_directives() -> None:
    # the matcher itself: '...' alone stands for lines, inside a line for text there, and a
    # block whose numbers vary takes any number in place of each
    from pathlib import Path

    base = Shown(Path("README.md").resolve(), 1, "riichi x", ("a", "...", "z 12 ... end"), "",
                 "")
    assert matches(base, "a\nb\nc\nz 12 and more end\n")
    assert matches(base, "a\nz 12 end\n".replace("12 end", "12  end"))
    assert not matches(base, "a\nz 13 x end\n")
    varying = Shown(base.file, 1, "riichi x", ("found 6309 wins (7.58 %)",), "grows", "")
    assert matches(varying, "found 6400 wins (7.61 %)\n")
    assert not matches(varying, "found 6400 games (7.61 %)\n")
