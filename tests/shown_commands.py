"""The `riichi` commands shown with their output in README.md and docs/*.md, run again.

A shown command is a line ``$ riichi ...`` inside a fenced block; its output is the lines after
it, up to the next ``$ `` line or the end of the block. A line ``...`` (alone, or followed by
a comment in brackets) stands for any number of lines, and ``...`` inside a line for any text
there, as the docs use them to trim. An HTML comment on the line before the block says more:

- ``<!-- shown-output: numbers vary: WHY -->``: every number may differ (a report over the
  shared corpus, which grows);
- ``<!-- shown-output: not run: WHY -->``: the block is not run (it shows files the reader has,
  not ones the project has); the test lists it as skipped with WHY.

tests/docs/test_shown_commands.py runs each and compares. To refresh the docs after a change
of output::

    .venv/bin/python tests/shown_commands.py            # says which blocks differ
    .venv/bin/python tests/shown_commands.py --write    # rewrites those with no '...'

A block trimmed with ``...`` is edited by hand: the report shows the whole output.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RIICHI = Path(sys.executable).with_name("riichi")
SHARED = ROOT.parent / "shared"
_ELISION = re.compile(r"\s*\.\.\.(\s+\(.*\))?\s*")
_DIRECTIVE = re.compile(r"<!--\s*shown-output:\s*(numbers vary|not run):\s*(.*?)\s*-->")


@dataclass(frozen=True)
class Shown:
    file: Path
    line: int  # of the ``$ riichi`` line (1-based)
    command: str  # without the ``$ ``
    output: tuple[str, ...]  # the shown lines
    numbers_vary: str  # why, or ""
    not_run: str  # why, or ""

    @property
    def where(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}"

    @property
    def trimmed(self) -> bool:
        return any("..." in line for line in self.output)


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_commands(path: Path) -> list[Shown]:
    """Every ``$ riichi`` command shown in a Markdown file, with its output."""
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[Shown] = []
    fence: str | None = None
    directive: tuple[str, str] | None = None
    current: tuple[int, str, list[str]] | None = None
    pending: tuple[str, str] | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            line, command, output = current
            while output and not output[-1].strip():
                output.pop()
            kind, why = directive or ("", "")
            out.append(Shown(path, line, command, tuple(output),
                             why if kind == "numbers vary" else "",
                             why if kind == "not run" else ""))
        current = None

    for number, text in enumerate(lines, 1):
        if fence is None:
            match = _DIRECTIVE.search(text)
            if match:
                pending = (match.group(1), match.group(2))
                continue
            if text.startswith("```"):
                fence, directive, pending = text[:3], pending, None
            elif text.strip():
                pending = None
            continue
        if text.startswith(fence):
            close()
            fence = None
            continue
        if text.startswith("$ "):
            close()
            if text.startswith("$ riichi ") or text == "$ riichi":
                current = (number, text[2:], [])
            continue
        if current is not None:
            current[2].append(text)
    return out


def run(shown: Shown, timeout: float = 1800) -> str:
    """The command's output (standard output and error, as a terminal shows them). A command
    shown on several pages is run once (its output depends on nothing else)."""
    return _output(shown.command, timeout)


@functools.cache
def _output(command: str, timeout: float) -> str:
    args = shlex.split(command)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100", "NO_COLOR": "1"}
    done = subprocess.run([str(RIICHI), *args[1:]], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout, env=env,
                          check=False)
    return done.stdout


def needs_shared(shown: Shown) -> bool:
    return "../shared" in shown.command


def matches(shown: Shown, actual: str) -> bool:
    """Whether the output is what the docs show (``...`` elisions, numbers that vary)."""
    pattern = []
    for line in shown.output:
        if _ELISION.fullmatch(line):
            pattern.append(r"(?:[^\n]*\n)*?")
            continue
        parts = [re.escape(part) for part in line.rstrip().split("...")]
        if shown.numbers_vary:
            parts = [re.sub(r"\d+", r"\\d+", part) for part in parts]
        pattern.append("[^\n]*?".join(parts) + r"[ \t]*\n")
    text = "\n".join(x.rstrip() for x in actual.rstrip().split("\n")) + "\n"
    return re.fullmatch("".join(pattern), text) is not None


def rewrite(path: Path, shown: Shown, actual: str) -> None:
    """Put the actual output in place of the shown one (a block with no ``...``)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = shown.line  # index of the first output line
    end = start + len(shown.output)
    new = [x.rstrip() for x in actual.rstrip().split("\n")]
    lines[start:end] = new
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str]) -> int:
    write = "--write" in argv
    files = [Path(a).resolve() for a in argv if not a.startswith("--")] or doc_files()
    stale = 0
    for path in files:
        # from the end of the file, so that rewriting a block keeps the lines before it
        for shown in reversed(shown_commands(path)):
            if shown.not_run or (needs_shared(shown) and not SHARED.is_dir()):
                continue
            actual = run(shown)
            if matches(shown, actual):
                continue
            stale += 1
            if write and not shown.trimmed and not shown.numbers_vary:
                rewrite(path, shown, actual)
                print(f"{shown.where}: rewritten: $ {shown.command}")
            else:
                print(f"{shown.where}: differs (edit by hand): $ {shown.command}\n{actual}")
    print(f"{stale} shown outputs differ" + (" (the untrimmed ones rewritten)" if write else ""))
    return 1 if stale and not write else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
