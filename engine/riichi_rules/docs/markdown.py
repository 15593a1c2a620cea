"""Markdown for the generated pages: text made safe, sentences, links between pages and to the
project files the site publishes."""

from __future__ import annotations

import os
from pathlib import Path

from riichi_rules import resources


def md(text: object) -> str:
    """Text from rule files and configs, made safe for Markdown (also inside a table)."""
    out = str(text)
    for ch in ("\\", "*", "_", "`", "[", "]", "<", ">", "|", "#"):
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def sentence(text: str) -> str:
    """Capitalised, with a full stop."""
    if not text:
        return text
    first = text[0].upper() + text[1:]
    return first if first.endswith((".", "?", "!")) else first + "."


def stop(text: str) -> str:
    """With a full stop (not capitalised: it follows a colon)."""
    return text if not text or text.endswith((".", "?", "!")) else text + "."


def rel(from_page: str, to: str) -> str:
    """The relative link from one generated page to another path under the out folder."""
    return os.path.relpath(to, os.path.dirname(from_page) or ".").replace(os.sep, "/")


def where(file: str, line: int | None = None) -> str:
    """A rule file as the reader finds it in the repository (``rulesets/base/yaku.rules:7``)."""
    path = Path(file)
    shown = file
    try:
        # a relative path (a case's location, an origin) is relative to the project
        full = path if path.is_absolute() else resources.data_root() / path
        shown = str(full.resolve().relative_to(resources.data_root().resolve()))
    except (ValueError, OSError):
        if path.is_absolute():
            shown = "/".join(path.parts[-3:])
    shown = shown.replace(os.sep, "/")
    return f"{shown}:{line}" if line is not None else shown


def where_link(page: str, file: str, line: int | None = None) -> str:
    """``rulesets/base/yaku.rules:7`` as a link to the file's page in the site (when the file
    is one the site publishes), else as code."""
    shown = where(file, line)
    relative = where(file)
    if relative.split("/", 1)[0] in SOURCE_ROOTS and (resources.data_root() / relative).is_file():
        return f"[`{shown}`]({rel(page, source_page(relative))})"
    return f"`{shown}`"


def attr(text: object) -> str:
    """Text for an HTML attribute inside a Markdown table."""
    return (str(text).replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;").replace("|", "&#124;"))


# The folders of the project published with the site, each file as a page of its own.
SOURCE_ROOTS = ("rulesets", "grammar", "examples", "conformance")


def source_page(relative: str) -> str:
    """The generated page showing a project file or folder (``rulesets/base/yaku.rules`` ->
    ``source/rulesets/base/yaku.rules.md``; a folder -> its ``index.md``)."""
    path = resources.data_root() / relative
    if path.is_dir():
        return f"source/{relative.rstrip('/')}/index.md"
    return f"source/{relative}.md"
