"""`riichi replay`: the text and JSON reports, the readers' notes and the wins an mjai log
gives only by their score changes.

The fixture is tests/records/fixtures/synthetic_game.mjson (see tests/records/test_mjai.py):
two hands, two wins; the first win gives only ``deltas`` (line 28), the second its score
(line 42); ``end_game`` has no scores."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from riichi_rules.records.mjai import UNSCORED

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

MJSON = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.mjson"
NOTES = [f"1 win {UNSCORED} (hand 0 (E1-0) line 28)",
         "the game has no final result (end_game without scores)"]


def test_text_report_shows_the_notes(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON))
    assert run.status == 0  # notes are not disagreements
    assert run.lines == [
        *(f"{MJSON}: note: {n}" for n in NOTES),
        "1 games, 2 hands, 2 wins (1 checked only by their score changes): 0 disagreements, "
        "0 unreadable, 0 not replayed, 2 notes",
    ]


def test_json_report(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--json")
    data = run.json()
    assert run.status == 0
    assert list(data) == ["games", "hands", "wins", "deltas_only", "disagreements", "notes",
                          "unsupported", "errors"]
    assert (data["games"], data["hands"], data["wins"], data["deltas_only"]) == (1, 2, 2, 1)
    assert data["disagreements"] == [] and data["errors"] == []
    assert data["notes"] == [{"source": str(MJSON), "note": n} for n in NOTES]


def test_wrong_deltas_of_an_unscored_win(riichi: RunCli, tmp_path: Path) -> None:
    lines = MJSON.read_text(encoding="utf-8").splitlines()
    # line 28 with seat 0's gain and seat 1's loss 1000 too high
    lines[27] = ('{"type":"hora","actor":0,"target":1,"deltas":[4000,-3000,0,0],'
                 '"ura_markers":["9m","9m"]}')
    path = tmp_path / "g.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = riichi("replay", str(path))
    assert run.status == 1
    assert any(": E1-0 (hand 0) event 25: deltas: seat 0's win: score changes "
               "[3000, -2000, 0, 0], the record has [4000, -3000, 0, 0]" in line
               for line in run.lines), run.out
    assert not any(": score: " in line for line in run.lines), run.out


GAME = Path(__file__).parents[1] / "records" / "fixtures" / "synthetic_game.json"


def test_the_date_of_the_records_that_give_none(riichi: RunCli, tmp_path: Path) -> None:
    # tests/referee/test_replay.py derives the fixture's results: Tenhou's tenths (today's
    # rule), not the whole thousands of 2015; its length left unsaid (no end to check)
    import json

    data = json.loads(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**data, "rule": {"disp": "", "aka": 1}}), encoding="utf-8")
    today = riichi("replay", str(path), "--ruleset", "tenhou", "--json").json()
    assert today["disagreements"] == []
    assert any("its results fit the rules of tenhou from 2021-10-04" in n["note"]
               for n in today["notes"])
    for argv in (["--date", "2015-01-01"], ["--ruleset", "tenhou@2015-01-01"]):
        run = riichi("replay", str(path), *argv, "--json")
        assert run.status == 1
        (found,) = run.json()["disagreements"]
        assert found["what"] == "standings"


def test_a_date_that_is_not_one(riichi: RunCli) -> None:
    run = riichi("replay", str(MJSON), "--date", "2015-02-30")
    assert run.status == 2 and "not a date of the calendar" in run.err
    run = riichi("replay", str(MJSON), "--ruleset", "tenhou@2015-02-30")
    assert run.status == 2 and "not a date of the calendar" in run.err


# ---- a folder of good records with bad ones among them (#15's "done when") -----------------

FIXTURES = Path(__file__).parents[1] / "records" / "fixtures"
GOOD = ("synthetic_game.xml", "synthetic_game.json", "synthetic_game.mjson")


def _mixed_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The three fixture games, plain and gzip, beside one bad file of each kind #15 names;
    returns the folder and, for each bad file, a fragment of its one error line."""
    import gzip

    folder = tmp_path / "games"
    (folder / "deeper").mkdir(parents=True)
    for name in GOOD:
        data = (FIXTURES / name).read_bytes()
        (folder / name).write_bytes(data)
        (folder / "deeper" / (name + ".gz")).write_bytes(gzip.compress(data))
    xml = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
    tenhou6 = (FIXTURES / "synthetic_game.json").read_text(encoding="utf-8")
    bad = {
        "tile136.xml": (xml.replace("<E69/>", "<E136/>"), "tile id 136 is not 0..135"),
        "digits.json": (tenhou6.replace("25000", "2" + "0" * 4400, 1),
                        "a number of more than 4,300 digits"),
        "deep.mjson": ('{"type":"start_game"}\n{"type":"start_kyoku","x":' + "[" * 1000
                       + "]" * 1000 + "}\n", "nest more than 64 deep"),
        "empty.xml": (xml[:xml.index("<INIT")] + "</mjloggm>\n", "the game has no hand"),
        "cut.xml": (xml[:len(xml) // 2], "truncated"),
    }
    for name, (text, _) in bad.items():
        (folder / name).write_text(text, encoding="utf-8")
    # 17 MB of zeros in about 17 KB: beyond the 16 MB a record may hold once decompressed
    (folder / "bomb.xml.gz").write_bytes(gzip.compress(b"\0" * (17 << 20), compresslevel=9))
    says = {name: fragment for name, (_, fragment) in bad.items()}
    says["bomb.xml.gz"] = "more than 16 MB once decompressed"
    return folder, says


def test_good_records_among_bad_ones(riichi: RunCli, tmp_path: Path) -> None:
    folder, says = _mixed_folder(tmp_path)
    alone = {name: riichi("replay", str(FIXTURES / name), "--json").json() for name in GOOD}
    one = riichi("replay", str(folder), "--json")
    two = riichi("replay", str(folder), "--json", "--jobs", "2")
    assert one.out == two.out and one.status == two.status == 1
    report = one.json()
    # every good game, plain and gzip, gives what it gives alone
    assert report["games"] == 2 * len(GOOD)
    assert report["hands"] == 2 * sum(r["hands"] for r in alone.values())
    for name, own in alone.items():
        for copy in (folder / name, folder / "deeper" / (name + ".gz")):
            mine = [{k: v for k, v in d.items() if k not in ("game", "source")}
                    for d in report["disagreements"] if d["source"] == str(copy)]
            assert mine == [{k: v for k, v in d.items() if k not in ("game", "source")}
                            for d in own["disagreements"]]
            assert [n["note"] for n in report["notes"] if n["source"] == str(copy)] == [
                n["note"] for n in own["notes"]]
    # one error per bad file, saying what is wrong
    errors = {Path(e["source"]).name: e["error"] for e in report["errors"]}
    assert len(report["errors"]) == len(errors) == len(says)
    for name, fragment in says.items():
        assert fragment in errors[name], errors[name]
    text_one = riichi("replay", str(folder))
    text_two = riichi("replay", str(folder), "--jobs", "2")
    assert text_one.out == text_two.out
    assert text_one.lines[-1].endswith(f"{len(says)} unreadable, 0 not replayed, "
                                       f"{len(report['notes'])} notes")
    assert text_one.lines[-1].startswith(f"{2 * len(GOOD)} games, ")


def _dying(item: tuple[str, str, str | None]) -> list[Any]:
    """A worker that dies (as if killed) on the file named 'die.xml'."""
    import os

    from riichi_rules.referee.replay import replay_one

    if item[0].endswith("die.xml"):
        os._exit(1)
    return replay_one(item)


def test_a_dead_worker_loses_only_its_file(tmp_path: Path) -> None:
    from riichi_rules.parallel import run_all
    from riichi_rules.referee.replay import lost_file

    (tmp_path / "die.xml").write_bytes((FIXTURES / "synthetic_game.xml").read_bytes())
    paths = [str(FIXTURES / name) for name in GOOD]
    work: list[tuple[str, str, str | None]] = [
        (p, "tenhou", None) for p in [paths[0], str(tmp_path / "die.xml"), *paths[1:]]]
    reports = list(run_all(_dying, work, 2, lost=lost_file))
    assert [[r.source for r in file] for file in reports] == [[p] for p, _, _ in work]
    assert [bool(file[0].error) for file in reports] == [False, True, False, False]
    assert reports[1][0].error.startswith("the process replaying this file died")
    assert [file[0].hands for file in reports] == [2, 0, 2, 2]
