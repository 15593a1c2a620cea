"""The neutral record model: a recorded win without a score, and the loading of a record's
text shared by the readers."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from riichi_rules.records.events import RecordedWin, RecordError, load_text, read_games

DELTAS = (3000, -2000, 0, 0)  # a 2000-point ron with one riichi stick on the table


def win(**score: object) -> RecordedWin:
    fields: dict[str, object] = {"han": None, "fu": None, "points": None, "limit": 0,
                                 "yaku": (), "yakuman": ()}
    fields.update(score)
    return RecordedWin(**fields, deltas=DELTAS, pao=None, honba=0, sticks=1)


def test_a_win_recorded_only_by_its_deltas() -> None:
    assert not win().scored
    assert win(han=2, fu=40, points=2000, yaku=(("riichi", 1), ("ura_dora", 1))).scored


@pytest.mark.parametrize(
    "score",
    [{"han": 2}, {"points": 2000}, {"fu": 40}, {"yaku": (("riichi", 1),)},
     {"yakuman": ("kokushi",)}],
    ids=["han-alone", "points-alone", "fu-alone", "yaku-alone", "yakuman-alone"],
)
def test_half_a_score_is_refused(score: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="han and points together"):
        win(**score)


def test_load_text_forms(tmp_path: Path) -> None:
    text = '{"log": []}\n'
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    packed = tmp_path / "g.json.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    assert load_text(text, None, "{") == (text, "<text>", "<text>")
    assert load_text(text.encode(), None, "{") == (text, "<bytes>", "<bytes>")
    assert load_text(str(path), None, "{") == (text, str(path), "g.json")
    assert load_text(packed, None, "{") == (text, str(packed), "g.json.gz")
    assert load_text(path, "x.json", "{") == (text, "x.json", "x.json")


def test_load_text_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"^missing\.json: cannot read the file"):
        load_text(tmp_path / "missing.json", "missing.json", "{")
    with pytest.raises(RecordError, match=r"^<bytes>: not UTF-8 text \(byte 1\)$"):
        load_text(b"{\xff}", None, "{")
    with pytest.raises(RecordError, match=r"^<bytes>: broken gzip data"):
        load_text(b"\x1f\x8b\x08garbage", None, "{")


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
        ("rc.json", '{"code": 0, "data": {"handRecord": [{"handEventRecord": []}]}}',
         "a Riichi City game (the raw JSON of its API"),
        ("notes.md", "# notes\nnothing here\n", "not a game record this reader knows"),
    ],
    ids=["client-log", "wins-file", "m-league-viewer", "html", "riichi-city", "text"],
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
