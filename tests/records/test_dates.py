"""The day a game was played, read from its record (riichi_rules.records.dates), and the date
each reader gives a game."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from riichi_rules.records.dates import day_of_id, day_written, tenhou_id
from riichi_rules.records.mjai import read_mjai
from riichi_rules.records.mjlog import read_mjlog
from riichi_rules.records.tenhou6 import read_tenhou6

FIXTURES = Path(__file__).with_name("fixtures")


def test_a_tenhou_log_id() -> None:
    # Tenhou log ids: year, month, day, hour (Japan time), "gm-", lobby type, lobby, hash
    assert day_of_id("2009082713gm-00e1-0000-8820f355") == dt.date(2009, 8, 27)
    assert day_of_id("2019020120gm-0009-10011-215330df") == dt.date(2019, 2, 1)
    # in a file name (fastmaj's downloads keep the seat) or a viewer URL
    assert day_of_id("2015060814gm-0029-0000-f1ac5f4d&tw=3.mjlog") == dt.date(2015, 6, 8)
    url = "http://tenhou.net/0/?log=2009082713gm-00e1-0000-8820f355&tw=3"
    assert tenhou_id(url) == "2009082713gm-00e1-0000-8820f355"
    assert tenhou_id("http://tenhou.net/0/?log=test&tw=0") is None


def test_a_mahjong_soul_game_id() -> None:
    # Mahjong Soul's ids: YYMMDD, then a UUID (the Jade room game of 2024-12-31)
    assert day_of_id("241231-3f6f5904-aae2-4bf4-b36f-26df5bcd6c6d") == dt.date(2024, 12, 31)


def test_no_day() -> None:
    assert day_of_id(None) is None and day_of_id("") is None
    assert day_of_id("test") is None
    assert day_of_id("2009133013gm-00e1-0000-8820f355") is None  # no month 13
    assert day_written("no date here") is None


# M.League's titles: the date, the weekday in full-width brackets, the game of the day
TITLE = "2023/04/28\uff08\u91d1\uff09\u7b2c2\u56de\u6218"


def test_a_date_written_out() -> None:
    assert day_written(TITLE) == dt.date(2023, 4, 28)
    assert day_written("22-23赛季 半决赛 2023-04-28") == dt.date(2023, 4, 28)
    assert day_written("2023/02/30 2023/03/01") == dt.date(2023, 3, 1)  # the first real one


def test_each_reader_dates_its_game(tmp_path: Path) -> None:
    xml = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
    assert read_mjlog(xml).date is None
    named = tmp_path / "2016090900gm-00a9-0000-a2a25bb6.xml"
    named.write_text(xml, encoding="utf-8")
    assert read_mjlog(named).date == dt.date(2016, 9, 9)
    data = json.loads((FIXTURES / "synthetic_game.json").read_text(encoding="utf-8"))
    assert read_tenhou6(data).date is None
    assert read_tenhou6({**data, "ref": "2023053016gm-0029-0000-e54b3b98"}).date == dt.date(
        2023, 5, 30)
    assert read_tenhou6({**data, "title": ["22-23赛季 半决赛", TITLE]}).date == dt.date(
        2023, 4, 28)
    lines = (FIXTURES / "synthetic_game.mjson").read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert first["type"] == "start_game"
    assert read_mjai("\n".join(lines)).date is None
    first["uri"] = "http://tenhou.net/0/?log=2009082713gm-00e1-0000-8820f355&tw=3"
    game = read_mjai("\n".join([json.dumps(first), *lines[1:]]))
    assert (game.date, game.game_id, game.rules.platform) == (
        dt.date(2009, 8, 27), "2009082713gm-00e1-0000-8820f355", "tenhou")
