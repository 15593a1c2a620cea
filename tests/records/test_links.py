"""Games given as tenhou.net/6 viewer or editor links (riichi_rules.records.links): one game
per link, written out or URL-encoded, in a text of links or of notes around one."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest

from riichi_rules.records.events import RecordError
from riichi_rules.records.files import read_games, read_record, read_records
from riichi_rules.records.links import has_links, read_links
from riichi_rules.records.tenhou6 import read_tenhou6

FIXTURES = Path(__file__).with_name("fixtures")
GAME = json.loads((FIXTURES / "synthetic_game.json").read_text(encoding="utf-8"))


def encoded(game: dict[str, object]) -> str:
    return "https://tenhou.net/6/#json=" + urllib.parse.quote(json.dumps(game))


def written(game: dict[str, object]) -> str:
    return "https://tenhou.net/5/#json=" + json.dumps(game, ensure_ascii=False)


def test_a_list_of_links(tmp_path: Path) -> None:
    # as tenhou6/jansou_links.txt of the corpus: one link a line, the game URL-encoded
    one_hand = {**GAME, "log": GAME["log"][:1]}
    text = "\n".join([encoded(GAME), "", encoded(one_hand) + "&ts=0"]) + "\n"
    path = tmp_path / "links.txt"
    path.write_text(text, encoding="utf-8")
    games = read_games(path)
    assert [g.source for g in games] == [f"{path}#1", f"{path}#3"]
    assert [len(g.hands) for g in games] == [len(GAME["log"]), 1]
    assert games[0].hands == read_tenhou6(GAME).hands
    with pytest.raises(RecordError, match="holds 2 games, not one"):
        read_record(path)


def test_a_link_in_notes(tmp_path: Path) -> None:
    # as M.League's tenhou.net/6 conversion: notes, then the link with the game written out
    text = "\n".join(["2023/04/28 第2回战", "/** 天凤牌谱 (未经双重校验)",
                      written({**GAME, "title": ["", "2023/04/28 第2回战"]}), "*/"])
    path = tmp_path / "L001_tenhou"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games(path)
    assert game.source == f"{path}#3" and str(game.date) == "2023-04-28"
    assert read_record(path).hands == game.hands


def test_texts_without_a_game() -> None:
    assert not has_links("see https://tenhou.net/6/ for the viewer")
    assert read_links("no link\n", "notes.txt", "notes.txt") == []


def test_a_folder_takes_texts_of_links(tmp_path: Path) -> None:
    (tmp_path / "links.txt").write_text(encoded(GAME), encoding="utf-8")
    (tmp_path / "README.txt").write_text("the games of a club\n", encoding="utf-8")
    found = list(read_records([tmp_path]))
    assert [Path(g.source).name for g in found if not isinstance(g, Exception)] == [
        "links.txt#1"]


def test_a_broken_link_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text("first line\nhttps://tenhou.net/6/#json={\"log\": [\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"links.txt: line 2: the game of the link is not "
                       "valid JSON"):
        read_games(path)
    bad = {**GAME, "log": "none"}
    path.write_text(encoded(bad), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_games(path)
    assert info.value.source == f"{path}#1"
