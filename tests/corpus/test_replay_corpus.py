"""Replay every game of the Tenhou and mjai corpus through the referee under ``tenhou``, as
``riichi replay ../shared/data/tenhou ../shared/data/mjai --ruleset tenhou`` reads it.

Every file of shared/data/tenhou/ and shared/data/mjai/ that a folder scan takes
(:func:`riichi_rules.records.files.record_files`: plain and gzip mjlog, tenhou.net/6 JSON, mjai
JSON lines, texts of tenhou.net/6 editor links) and the two ``.xml_`` files (named explicitly,
since a folder scan skips that suffix) is replayed with
:func:`riichi_rules.referee.replay.replay_files`, each game by the rules of its day: legal
actions, furiten, each win's score and score changes, each hand's points, the end of the game
and the final standings.

* Every record file the corpus's lists name is replayed (:func:`corpus_data.listed_records`),
  and every file is read, but those listed in KNOWN_REPLAY.md as unreadable, with what the
  reader says and the cause.
* Tenhou's special lobbies (any of the GO type bits 0x200, 0x400, 0x800: README "GO type
  bits") must come back as ``unsupported``, with no disagreement. The expected set is read
  from each file's ``<GO type=...>`` here, not from our reader; for a tenhou.net/6 file from
  its ``rule.disp``: a lobby of Tenhou's (三 for three players, room, East or South, the marks
  喰 赤 速) or not (a game of another platform written in the same form). A three-player game
  (GO type bit 0x10) of a ranked lobby is replayed under ``tenhou-sanma``, the ruleset
  extending ``tenhou`` for three players (see also test_sanma_replay_corpus.py).
* Every other game must replay every hand (as many as the file has ``<INIT`` tags, or
  tenhou.net/6 ``log`` entries) and every win (``<AGARI`` tags, or winners of ``和了``
  results), and every disagreement must be listed in KNOWN_REPLAY.md with its cause; a listed
  one that no longer occurs fails too.
* The tenhou.net/6 games converted by Tenhou from mjlog files of the corpus give exactly the
  same report as their mjlog twins (README "Provenance").
* The hands of ``tenhou6/jansou_links.txt`` (links to tenhou.net/6's editor, the game
  URL-encoded in the link's ``#json=`` part) replay as games of their own, named
  ``<file>#<line>``.
* Each era of the ``tenhou`` ruleset (its values by date) has games whose end was checked.

Run ``pytest tests/corpus/test_replay_corpus.py -s`` for the summary.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
import urllib.parse
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from corpus_data import (
    DATA,
    MJAI,
    TENHOU,
    assert_all_listed,
    listed_records,
    markdown_table,
    need_corpus,
    record_text,
    tsv_rows,
)
from riichi_rules.records.files import record_files
from riichi_rules.referee.replay import GameReport, replay_files
from riichi_rules.rulesets.config import load_config

KNOWN = Path(__file__).with_name("KNOWN_REPLAY.md")
RECORD_SUFFIXES = (".xml", ".xml_", ".mjlog", ".json")  # the suffixes of the corpus's records
SPECIAL_BITS = 0x200 | 0x400 | 0x800  # chip, "ratio", 1,000-point lobbies
# a Tenhou lobby as tenhou.net/6 writes it (README "Types found here": 四鳳南喰赤 without the
# player count; 三 first for 3-player): room, East or South, then the marks
TENHOU_LOBBY = re.compile(r"三?[般上特鳳]?[東南]喰?赤?速?")

pytestmark = need_corpus(TENHOU / "mjlog")

Key = tuple[str, str, int, str]  # file (relative to shared/data), hand, event, what


def scanned() -> list[Path]:
    """What ``riichi replay`` reads of the two folders, and the two ``.xml_`` files."""
    odd = sorted((TENHOU / "mjlog").rglob("*.xml_"))
    return [*record_files([TENHOU, MJAI]), *odd]


def relative(path: str | Path) -> str:
    """A record's name relative to shared/data (``<file>#<line>`` for a link's game)."""
    file, _, line = str(path).partition("#")
    name = Path(file).resolve().relative_to(DATA.resolve()).as_posix()
    return f"{name}#{line}" if line else name


@cache
def replayed() -> tuple[dict[str, GameReport], float]:
    """Each game's report (or a file's, when it is refused), and the time it took."""
    start = time.perf_counter()
    reports = list(replay_files(scanned(), "tenhou"))
    seconds = time.perf_counter() - start
    out: dict[str, GameReport] = {}
    for report in reports:
        name = relative(report.source)
        assert name not in out, f"{name}: more than one game under one name"
        out[name] = report
    return out, seconds


def reports() -> dict[str, GameReport]:
    return replayed()[0]


def played() -> dict[str, GameReport]:
    """The reports of the games replayed (not refused, not unreadable)."""
    return {n: r for n, r in reports().items() if not r.error and not r.unsupported}


def text_of(name: str) -> str:
    return record_text(DATA / name)


def tenhou6_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text_of(name))
    return data


def go_type(name: str) -> int:
    found = re.search(r'<GO\s+type="(\d+)"', text_of(name))
    assert found, f"{name}: no <GO type=...>"
    return int(found.group(1))


def is_mjlog(name: str) -> bool:
    return "#" not in name and text_of(name).lstrip().startswith("<")


def special(name: str) -> bool:
    """A game our replay does not model, judged from the file: a special lobby (GO type bits),
    or a tenhou.net/6 game whose ``rule.disp`` is no Tenhou lobby."""
    if is_mjlog(name):
        return bool(go_type(name) & SPECIAL_BITS)
    disp = tenhou6_data(name).get("rule", {}).get("disp", "")
    return not TENHOU_LOBBY.fullmatch(disp)


def twin(name: str) -> str | None:
    """The mjlog file a tenhou.net/6 JSON file was converted from, if the corpus has it
    (README "Layout": the tsubakisakura_mjlog2json games are in both formats)."""
    if not name.startswith("tenhou/tenhou6/tsubakisakura_mjlog2json/"):
        return None
    return f"tenhou/mjlog/tsubakisakura_mjlog2json/{Path(name).stem}.xml"


def table(title: str, columns: int) -> list[list[str]]:
    """The rows of the table under the heading ``title`` of KNOWN_REPLAY.md."""
    return markdown_table(KNOWN, title, columns)


def known() -> dict[Key, str]:
    """The table of disagreements of KNOWN_REPLAY.md: key -> cause."""
    rows: dict[Key, str] = {}
    for file, hand, event, what, cause in table("Disagreements", 5):
        key = (file, hand, int(event), what)
        assert key not in rows, f"KNOWN_REPLAY.md lists {key} twice"
        rows[key] = cause
    return rows


def unreadable() -> dict[str, tuple[str, str]]:
    """The table of files the readers refuse: file (or pattern) -> (what the message says,
    cause)."""
    rows: dict[str, tuple[str, str]] = {}
    for file, message, cause in table("Unreadable files", 3):
        assert file not in rows, f"KNOWN_REPLAY.md lists {file} twice"
        rows[file] = (message.replace("\\|", "|"), cause)
    return rows


def found() -> dict[Key, str]:
    """Every disagreement of the replay: key -> message."""
    return {(name, d.hand, d.event, d.what): d.message
            for name, report in reports().items() for d in report.disagreements}


# ---------------------------------------------------------------------------- tests


def test_the_corpus_is_all_there() -> None:
    """Every record file the corpus's lists name is read (README "Layout",
    MANIFEST-more.tsv), and every file of mjlog/ and tenhou6/ is one of them."""
    names = {relative(p) for p in scanned()}
    listed = {f"tenhou/{n}" for n in listed_records((*RECORD_SUFFIXES, ".txt"))}
    assert listed <= names
    # a text file is a record where it holds links with a game (README.txt does not)
    in_folders = {n for n in names if n.startswith(("tenhou/mjlog/", "tenhou/tenhou6/"))
                  and (not n.endswith(".txt") or "#json=" in text_of(n))}
    assert in_folders == listed
    # both kinds of mjlog the lists name are there: plain XML (.xml, .xml_, some .mjlog) and
    # gzip (the fastmaj .mjlog)
    assert {Path(n).suffix for n in listed} == {*RECORD_SUFFIXES, ".txt"}
    assert any((DATA / n).read_bytes()[:2] == b"\x1f\x8b" for n in listed)


def test_every_file_is_read_or_refused_with_its_reason() -> None:
    refused = unreadable()
    matched: set[str] = set()
    for name, report in reports().items():
        rows = [pattern for pattern in refused if fnmatch(name, pattern)]
        if not rows:
            assert not report.error, f"{name}: {report.error}"
            continue
        assert report.error, f"{name} is listed as unreadable, but was read"
        (pattern,) = rows
        assert refused[pattern][0] in report.error, (name, report.error)
        matched.add(pattern)
    assert matched == set(refused), "KNOWN_REPLAY.md lists a file the corpus lacks"
    for report in reports().values():
        assert "\n" not in report.error and "\n" not in report.unsupported, report.source


def test_special_lobby_games_are_unsupported() -> None:
    for name, report in reports().items():
        if report.error or "#" in name or not name.startswith("tenhou/"):
            continue
        if special(name):
            assert report.unsupported, f"{name} should not be replayed"
            assert report.disagreements == [] and report.hands == 0
        else:
            assert not report.unsupported, f"{name}: {report.unsupported}"
    # games.tsv (README "Counts") flags the special lobbies in its notes: the GO bits read
    # here agree with it for every file it lists
    for row in tsv_rows(TENHOU / "games.tsv"):
        if row["file"].startswith("mjlog/"):
            flagged = "special lobby" in row["notes"]
            assert special(f"tenhou/{row['file']}") is flagged, row["file"]


def wins_in_tenhou6(data: dict[str, Any]) -> int:
    """The winners of the ``和了`` results (a deltas, details pair each)."""
    return sum((len(h[-1]) - 1) // 2 for h in data["log"] if h[-1][0] == "和了")


def test_every_hand_and_win_is_replayed() -> None:
    for name, report in played().items():
        if "#" in name:
            continue  # the links' games: test_the_editor_links_replay
        source = twin(name) or name
        if is_mjlog(source):
            text = text_of(source)
            assert report.hands == text.count("<INIT"), name
            assert report.wins == text.count("<AGARI"), name
        else:
            data = tenhou6_data(source)
            assert (report.hands, report.wins) == (len(data["log"]), wins_in_tenhou6(data))


def test_every_disagreement_is_known() -> None:
    assert_all_listed(found(), known())


def test_known_causes_are_explained() -> None:
    text = KNOWN.read_text(encoding="utf-8")
    for cause in {*known().values(), *(cause for _, cause in unreadable().values())}:
        assert f"**{cause}**" in text, f"cause '{cause}' is not explained in KNOWN_REPLAY.md"


def test_tenhou6_games_replay_like_their_mjlog_twins() -> None:
    """README 'Provenance': the JSON files are Tenhou's own conversion of the same games."""
    pairs = 0
    for name, report in reports().items():
        mjlog = twin(name)
        if mjlog is None:
            continue
        other = reports()[mjlog]
        assert report.game_id == other.game_id
        assert (report.hands, report.wins, report.unsupported, report.ruleset) == (
            other.hands, other.wins, other.unsupported, other.ruleset), name
        assert [d.to_json() for d in report.disagreements] == [
            d.to_json() for d in other.disagreements], name
        pairs += 1
    # every mjlog of the group has its twin
    assert pairs == len(list((TENHOU / "mjlog" / "tsubakisakura_mjlog2json").glob("*.xml"))) > 0


LINKS = TENHOU / "tenhou6" / "jansou_links.txt"


def link_games() -> dict[str, dict[str, Any]]:
    """The games of the editor links, by ``tenhou/tenhou6/jansou_links.txt#<line>`` (from 1),
    read here from the links themselves."""
    games: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(LINKS.read_text(encoding="utf-8").splitlines(), 1):
        if "#json=" in line:
            encoded = line.split("#json=", 1)[1].split("&", 1)[0]
            games[f"{relative(LINKS)}#{number}"] = json.loads(urllib.parse.unquote(encoded))
    return games


@need_corpus(LINKS)
def test_the_editor_links_replay() -> None:
    # their disagreements are checked with the others' (test_every_disagreement_is_known)
    games = link_games()
    assert games
    assert {n for n in reports() if n.startswith(relative(LINKS))} == set(games)
    for name, data in games.items():
        report = reports()[name]
        assert not report.unsupported and not report.error, name
        assert (report.hands, report.wins) == (len(data["log"]), wins_in_tenhou6(data)), name


def _day_of(report: GameReport) -> dt.date | None:
    """The day of the rules a game was replayed under (``tenhou@YYYY-MM-DD``)."""
    _, _, day = report.ruleset.partition("@")
    return dt.date.fromisoformat(day) if day else None


def test_every_era_of_tenhou_has_games_whose_end_was_checked() -> None:
    """Each span of days over which the tenhou ruleset's values stay the same has games with a
    final result, replayed under its rules without a disagreement: the end of the game (the
    last hand, by the table rules) and the final points were checked."""
    eras = load_config("tenhou").eras()
    assert len(eras) > 1
    checked = [r for name, r in played().items() if name.startswith("tenhou/")
               and r.final_points is not None and not r.disagreements]
    for era in eras:
        # a game replayed under the ruleset of no date was replayed under today's rules
        mine = [r for r in checked
                if (_day_of(r) in era if _day_of(r) is not None else era.last is None)]
        assert mine, f"no game of the era {era} was checked"


def test_summary(capsys: pytest.CaptureFixture[str]) -> None:
    all_reports, seconds = replayed()
    games = list(played().values())
    refused = sum(1 for r in all_reports.values() if r.error)
    hands = sum(r.hands for r in games)
    wins = sum(r.wins for r in games)
    disagreements = sum(len(r.disagreements) for r in games)
    by_folder: dict[str, int] = {}
    for name in played():
        folder = Path(name.partition("#")[0]).parent.as_posix()
        by_folder[folder] = by_folder.get(folder, 0) + 1
    with capsys.disabled():
        print(f"\nreplay of the Tenhou and mjai corpus under tenhou: {len(all_reports)} games "
              f"or files, {len(games)} games replayed, "
              f"{sum(1 for r in all_reports.values() if r.unsupported)} not modelled, "
              f"{refused} unreadable; {hands} hands, {wins} wins, {disagreements} "
              f"disagreements (all listed in KNOWN_REPLAY.md); {seconds:.1f} s; games by "
              "folder: " + ", ".join(f"{k} {v}" for k, v in sorted(by_folder.items())))
    assert games and hands and wins
