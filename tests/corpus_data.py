"""Where the shared Tenhou corpus lives (``../shared`` beside the project, not part of the
repository), the mark that skips a test, saying why, when it is not there, and what the corpus
says of itself: the record files its own lists name, and a record's text.

Counts of files are never written into the tests: files are added to the corpus from time to
time, each listed in a list of the corpus (README "Layout", ``../MANIFEST-more.tsv``)."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
DATA = SHARED / "data"
TENHOU = DATA / "tenhou"
MJAI = DATA / "mjai"
OTHER_PLATFORMS = DATA / "other-platforms"
MANIFEST_MORE = DATA / "MANIFEST-more.tsv"


def need_corpus(path: Path = TENHOU) -> pytest.MarkDecorator:
    """Skip unless ``path`` (a folder or file of the corpus) is there."""
    return pytest.mark.skipif(
        not path.exists(),
        reason=f"the Tenhou corpus is not here ({path}): it lives in the shared data folder "
        "beside the project (../shared), which is not part of the repository",
    )


def record_text(path: Path) -> str:
    """A record file's text, decompressed when it is gzip (as the ``.mjlog`` files of
    ``mjlog/fastmaj`` are: Tenhou's download format)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8")


def tsv_rows(path: Path) -> list[dict[str, str]]:
    """The rows of a tab-separated file with a header line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"), strict=False)) for line in lines[1:] if line]


def listed_records(suffixes: tuple[str, ...]) -> set[str]:
    """The game record files (paths relative to ``TENHOU``, ending in one of ``suffixes``)
    that the corpus's own lists name: ``games.tsv`` (the first groups), ``mjlog/mjx/SOURCES.tsv``,
    ``../MANIFEST-more.tsv`` (every later addition), and the tenhou.net/6 twin of each mjlog of
    ``tsubakisakura_mjlog2json`` (README "Layout": the same games in both formats)."""
    names = {row["file"] for row in tsv_rows(TENHOU / "games.tsv")}
    names |= {f"mjlog/mjx/{row['file']}" for row in tsv_rows(TENHOU / "mjlog" / "mjx"
                                                              / "SOURCES.tsv")}
    names |= {row["file"].removeprefix("tenhou/") for row in tsv_rows(MANIFEST_MORE)
              if row["file"].startswith("tenhou/")}
    twins = "mjlog/tsubakisakura_mjlog2json/"
    names |= {f"tenhou6/tsubakisakura_mjlog2json/{Path(n).stem}.json" for n in names
              if n.startswith(twins)}
    return {n for n in names if Path(n).suffix in suffixes}


def markdown_table(path: Path, title: str, columns: int) -> list[list[str]]:
    """The rows (cells stripped, the header left out) of the table under the heading
    ``## title`` of a Markdown file, each checked to have ``columns`` cells."""
    rows: list[list[str]] = []
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == title
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not inside or not line.startswith("|") or set(cells[0]) <= {"-"}:
            continue
        assert len(cells) == columns, f"{path.name}, {title}: {line}"
        rows.append(cells)
    return rows[1:]  # the header


def assert_all_listed(seen: dict[Any, str], listed: dict[Any, str]) -> None:
    """Every disagreement found (key -> message) is listed in a KNOWN table (key -> cause),
    and every listed one is still found; a failure prints the missing rows ready to paste."""
    unlisted = {k: m for k, m in seen.items() if k not in listed}
    gone = sorted(k for k in listed if k not in seen)
    assert not unlisted, "disagreements not listed in KNOWN_REPLAY.md:\n" + "\n".join(
        "| " + " | ".join(map(str, (*k, m))) + " |" for k, m in sorted(unlisted.items()))
    assert not gone, f"listed in KNOWN_REPLAY.md but no longer found (delete them): {gone}"
