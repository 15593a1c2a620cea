"""Record files recognised by their content: what is not a game record is refused in one line
saying what it is; a text without a game holds none."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi_rules.records.events import RecordError
from riichi_rules.records.files import read_games

# ---- what is not a game record: each refused in one line, saying what it is ------------------


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("first.log", 'Send: <HELO name="NoName" tid="f0" sx="M" />\nGet: <HELO uname="x"/>\n',
         "a Tenhou client log"),
        ("agari.jsonl", '{"source": "x", "win_tile": "1m"}\n{"source": "y", "win_tile": "2m"}\n',
         "JSON lines whose objects are not mjai events"),
        ("viewer", '<!DOCTYPE html>\n<html lang="ja"><head><meta property="og:title" '
         'content="牌譜ビューア | M.LEAGUE"></head><script>[{"cmd":"player"}]</script></html>',
         "M.League's game viewer"),
        ("page.html", "<html><body>a page</body></html>", "an HTML page, not a game record"),
        ("notes.md", "# notes\nnothing here\n", "not a game record this reader knows"),
    ],
    ids=["client-log", "wins-file", "m-league-viewer", "html", "text"],
)
def test_what_is_not_a_record_is_refused_saying_what_it_is(
        tmp_path: Path, name: str, content: str, says: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_games(path)
    assert says in info.value.message and "\n" not in info.value.message
    assert info.value.source == str(path)


def test_a_text_without_a_game_holds_none(tmp_path: Path) -> None:
    path = tmp_path / "README.txt"
    path.write_text("what the folder holds\n", encoding="utf-8")
    assert read_games(path) == []


FIXTURES = Path(__file__).parent / "fixtures"


def test_a_game_without_a_hand_is_refused(tmp_path: Path) -> None:
    # an mjlog whose game never dealt a hand (it counted as a game, with exit status 0, #15)
    xml = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
    path = tmp_path / "empty.xml"
    path.write_text(xml[:xml.index("<INIT")] + "</mjloggm>\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_games(path)
    assert info.value.message == ("empty.xml: the game has no hand (no deal): truncated, or a "
                                  "game that never started; there is nothing to replay")
    assert info.value.source == str(path)


def test_a_folder_holds_its_gzip_records(tmp_path: Path) -> None:
    # gzip is read (formats.md), so a folder's .xml.gz, .mjlog.gz, .json.gz are its records
    import gzip

    from riichi_rules.records.files import record_files

    for name in ("a.xml.gz", "b.mjlog.gz", "c.json.gz", "d.mjson.gz", "e.xml", "f.gz",
                 "g.tar.gz", "h.md"):
        (tmp_path / name).write_bytes(gzip.compress(b"x"))
    assert [p.name for p in record_files([tmp_path])] == [
        "a.xml.gz", "b.mjlog.gz", "c.json.gz", "d.mjson.gz", "e.xml"]
    game = (FIXTURES / "synthetic_game.xml").read_bytes()
    (tmp_path / "a.xml.gz").write_bytes(gzip.compress(game))
    (real,) = read_games(tmp_path / "a.xml.gz")
    assert real.hands == read_games(FIXTURES / "synthetic_game.xml")[0].hands


def test_a_plain_file_named_gz_is_one_error_and_the_folder_goes_on(tmp_path: Path) -> None:
    """docs/cli.md: a file named .gz must be gzip. A plain record so named is refused in one
    line that says so; the folder's other records still replay."""
    from riichi_rules.referee.replay import replay_files

    game = (FIXTURES / "synthetic_game.xml").read_bytes()
    (tmp_path / "a.xml.gz").write_bytes(game)  # not compressed
    (tmp_path / "b.xml").write_bytes(game)
    reports = list(replay_files([tmp_path], "tenhou"))
    assert [r.source.rsplit("/", 1)[-1] for r in reports] == ["a.xml.gz", "b.xml"]
    (bad, good) = reports
    assert bad.error and "\n" not in bad.error
    assert "a.xml.gz: named .gz, but not gzip data" in bad.error
    assert not good.error and good.hands == 2  # the fixture's two hands
