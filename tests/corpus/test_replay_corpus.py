"""Replay every game of the Tenhou corpus through the referee under ``tenhou``.

Every record file of shared/data/tenhou/mjlog/ (plain mjlog XML, ``.mjlog``, and the two
``.xml_`` files, named explicitly since a folder scan skips that suffix) and of
shared/data/tenhou/tenhou6/ (tenhou.net/6 JSON) is replayed with
:func:`riichi_rules.referee.replay.replay_files`: legal actions, furiten, each win's score and
score changes, each hand's points, and the final standings.

* Three-player games and Tenhou's special lobbies (GO type bit 0x10, or any of 0x200, 0x400,
  0x800: README "GO type bits") must come back as ``unsupported``, with no disagreement. The
  expected set is read from each file's ``<GO type=...>`` here, not from our reader.
* Every other game must replay every hand (as many as the file has ``<INIT`` tags) and every
  win (``<AGARI`` tags), and every disagreement must be listed in KNOWN_REPLAY.md with its
  cause; a listed one that no longer occurs fails too.
* The six tenhou.net/6 games give exactly the same report as their mjlog twins (Tenhou's own
  converter made them: README "Provenance").

Run ``pytest tests/corpus/test_replay_corpus.py -s`` for the summary.
"""

from __future__ import annotations

import re
import time
from functools import cache
from pathlib import Path

import pytest

from corpus_data import TENHOU, need_corpus
from riichi_rules.referee.replay import GameReport, replay_files

KNOWN = Path(__file__).with_name("KNOWN_REPLAY.md")
RECORD_SUFFIXES = {".xml", ".xml_", ".mjlog", ".json"}
SPECIAL_BITS = 0x10 | 0x200 | 0x400 | 0x800  # 3-player; chip, "ratio", 1,000-point lobbies

pytestmark = need_corpus(TENHOU / "mjlog")

Key = tuple[str, str, int, str]  # file (relative to shared/data/tenhou), hand, event, what


def record_files() -> list[Path]:
    """Every game record file of the corpus (README files and SOURCES.tsv left out)."""
    found = [p for folder in ("mjlog", "tenhou6") for p in (TENHOU / folder).rglob("*")
             if p.is_file() and p.suffix in RECORD_SUFFIXES]
    return sorted(found)


def relative(path: str | Path) -> str:
    return Path(path).resolve().relative_to(TENHOU.resolve()).as_posix()


@cache
def replayed() -> tuple[dict[str, GameReport], float]:
    """Each file's report (one game per file in this corpus), and the time it took."""
    start = time.perf_counter()
    reports = list(replay_files(record_files(), "tenhou"))
    seconds = time.perf_counter() - start
    out: dict[str, GameReport] = {}
    for report in reports:
        name = relative(report.source)
        assert name not in out, f"{name}: more than one game in a file"
        out[name] = report
    return out, seconds


def reports() -> dict[str, GameReport]:
    return replayed()[0]


def mjlog_text(name: str) -> str:
    return (TENHOU / name).read_text(encoding="utf-8", errors="replace")


def go_type(name: str) -> int:
    found = re.search(r'<GO\s+type="(\d+)"', mjlog_text(name))
    assert found, f"{name}: no <GO type=...>"
    return int(found.group(1))


def twin(name: str) -> str:
    """The mjlog file a tenhou.net/6 JSON file was converted from."""
    stem = Path(name).stem
    return f"mjlog/tsubakisakura_mjlog2json/{stem}.xml"


def known() -> dict[Key, str]:
    """The table of KNOWN_REPLAY.md: key -> cause."""
    rows: dict[Key, str] = {}
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("file", "") or set(cells[0]) <= {"-"}:
            continue
        file, hand, event, what, cause = cells
        key = (file, hand, int(event), what)
        assert key not in rows, f"KNOWN_REPLAY.md lists {key} twice"
        rows[key] = cause
    return rows


def found() -> dict[Key, str]:
    """Every disagreement of the replay: key -> message."""
    out: dict[Key, str] = {}
    for name, report in reports().items():
        for d in report.disagreements:
            out[(name, d.hand, d.event, d.what)] = d.message
    return out


# ---------------------------------------------------------------------------- tests


def test_the_corpus_is_all_there() -> None:
    """README 'Layout': 19 + 6 + 44 mjlog files (two of them .xml_) and 6 JSON files."""
    names = [relative(p) for p in record_files()]
    assert len([n for n in names if n.startswith("mjlog/")]) == 69
    assert len([n for n in names if n.endswith(".xml_")]) == 2
    assert len([n for n in names if n.startswith("tenhou6/")]) == 6


def test_every_file_is_read() -> None:
    for name, report in reports().items():
        assert not report.error, f"{name}: {report.error}"
    assert len(reports()) == len(record_files())


def test_three_player_and_special_lobby_games_are_unsupported() -> None:
    special = set()
    for name in reports():
        if name.startswith("mjlog/") and go_type(name) & SPECIAL_BITS:
            special.add(name)
    # README 'GO type bits': sanma2.xml (185: 3-player), chip.xml_ (553), ratio1.xml_ (1569),
    # ratio.xml and sanma.xml (2113, a 4-player game starting at 1,000 points)
    assert {Path(n).name for n in special} == {
        "sanma2.xml", "chip.xml_", "ratio1.xml_", "ratio.xml", "sanma.xml"}
    for name, report in reports().items():
        if name in special:
            assert report.unsupported, f"{name} should not be replayed"
            assert report.disagreements == [] and report.hands == 0
        else:
            assert not report.unsupported, f"{name}: {report.unsupported}"


def test_every_hand_and_win_is_replayed() -> None:
    for name, report in reports().items():
        if report.unsupported:
            continue
        source = twin(name) if name.startswith("tenhou6/") else name
        text = mjlog_text(source)
        assert report.hands == text.count("<INIT"), name
        assert report.wins == text.count("<AGARI"), name


def test_every_disagreement_is_known() -> None:
    listed = known()
    seen = found()
    unlisted = {k: m for k, m in seen.items() if k not in listed}
    gone = sorted(k for k in listed if k not in seen)
    assert not unlisted, "disagreements not listed in KNOWN_REPLAY.md:\n" + "\n".join(
        f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {m} |" for k, m in sorted(unlisted.items()))
    assert not gone, f"listed in KNOWN_REPLAY.md but no longer found (delete them): {gone}"


def test_known_causes_are_explained() -> None:
    text = KNOWN.read_text(encoding="utf-8")
    for cause in set(known().values()):
        assert f"**{cause}**" in text, f"cause '{cause}' is not explained in KNOWN_REPLAY.md"


def test_tenhou6_games_replay_like_their_mjlog_twins() -> None:
    """README 'Provenance': the JSON files are Tenhou's own conversion of the same games."""
    pairs = 0
    for name, report in reports().items():
        if not name.startswith("tenhou6/"):
            continue
        other = reports()[twin(name)]
        assert report.game_id == other.game_id
        assert (report.hands, report.wins, report.unsupported) == (
            other.hands, other.wins, other.unsupported), name
        assert [d.to_json() for d in report.disagreements] == [
            d.to_json() for d in other.disagreements], name
        pairs += 1
    assert pairs == 6


def test_summary(capsys: pytest.CaptureFixture[str]) -> None:
    all_reports, seconds = replayed()
    games = [r for r in all_reports.values() if not r.unsupported and not r.error]
    hands = sum(r.hands for r in games)
    wins = sum(r.wins for r in games)
    disagreements = sum(len(r.disagreements) for r in games)
    with capsys.disabled():
        print(f"\nreplay of the Tenhou corpus under tenhou: {len(all_reports)} files, "
              f"{len(games)} games replayed, "
              f"{sum(1 for r in all_reports.values() if r.unsupported)} not modelled; "
              f"{hands} hands, {wins} wins, {disagreements} disagreements "
              f"(all listed in KNOWN_REPLAY.md); {seconds:.1f} s, "
              f"{hands / seconds:.0f} hands/s")
    assert games and hands and wins
