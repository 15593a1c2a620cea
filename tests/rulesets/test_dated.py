"""Values by date (riichi_rules.rulesets.dated, ``history`` in ruleset.json): a value changes
exactly at its date, a ruleset at a date is an ordinary config, programs are compiled once per
values, and a child ruleset's own value ends its parent's history."""

from __future__ import annotations

import datetime as dt
import json
import textwrap
from pathlib import Path

import pytest

from riichi_rules.errors import ConfigError
from riichi_rules.rulesets import load_config
from riichi_rules.rulesets.dated import Dated, Era, eras, parse_day, split_name, values_on
from riichi_rules.scoring.scorer import program, score


def _write(path: Path, doc: dict[str, object]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def _club(tmp_path: Path, **fields: object) -> Path:
    doc: dict[str, object] = {"id": "club", "name": "Club",
                              "source": {"rulebook": "club", "edition": "1"}, "extends": "base"}
    doc.update(fields)
    return _write(tmp_path / "club" / "ruleset.json", doc)


# ---- the dates themselves ----------------------------------------------------------------------


def test_parse_day() -> None:
    assert parse_day("2010-06-01") == dt.date(2010, 6, 1)
    with pytest.raises(ValueError, match="write it YYYY-MM-DD"):
        parse_day("1 June 2010")
    with pytest.raises(ValueError, match="not a date of the calendar"):
        parse_day("2010-02-30")


def test_split_name() -> None:
    assert split_name("tenhou@2009-06-01") == ("tenhou", dt.date(2009, 6, 1))
    assert split_name("tenhou") == ("tenhou", None)
    assert split_name("my-club/ruleset.json") == ("my-club/ruleset.json", None)


def test_values_on_and_eras() -> None:
    # a club plays kiriage from 2015-04-01 (its last season without ended 2015-03-31), and
    # switched its uma twice: +10/+5 until 2012, +15/+5 until 2015, +20/+10 since
    history = {
        "kiriage": (Dated(dt.date(2015, 3, 31), False), Dated(None, True)),
        "uma": (Dated(dt.date(2012, 3, 31), (10, 5, -5, -10)),
                Dated(dt.date(2015, 3, 31), (15, 5, -5, -15)),
                Dated(None, (20, 10, -10, -20))),
    }
    today = {"kiriage": True, "uma": (20, 10, -10, -20), "oka": 0}
    assert values_on(today, history, dt.date(2012, 3, 31)) == {
        "kiriage": False, "uma": (10, 5, -5, -10), "oka": 0}
    assert values_on(today, history, dt.date(2012, 4, 1))["uma"] == (15, 5, -5, -15)
    assert values_on(today, history, dt.date(2015, 3, 31))["kiriage"] is False
    assert values_on(today, history, dt.date(2015, 4, 1)) == today
    assert values_on(today, history, None) == today
    # two values change on the same day: three eras, not four
    assert eras(history) == (Era(None, dt.date(2012, 3, 31)),
                             Era(dt.date(2012, 4, 1), dt.date(2015, 3, 31)),
                             Era(dt.date(2015, 4, 1), None))
    assert eras({}) == (Era(None, None),)
    assert dt.date(2015, 3, 31) in eras(history)[1] and dt.date(2015, 4, 1) not in eras(history)[1]
    assert str(eras(history)[1]) == "from 2012-04-01 to 2015-03-31"


# ---- a ruleset at a date ------------------------------------------------------------------------


def test_a_value_changes_exactly_at_its_date(tmp_path: Path) -> None:
    path = _club(tmp_path, parameters={"kiriage": True},
                 history={"kiriage": [{"until": "2015-03-31", "value": False,
                                       "note": "kiriage from the 2015 season on"}]})
    assert load_config(path).parameters["kiriage"] is True  # today's value
    day_before = load_config(path, date="2015-03-31")
    day_after = load_config(path, date=dt.date(2015, 4, 1))
    assert day_before.parameters["kiriage"] is False
    assert day_after.parameters["kiriage"] is True
    assert (day_before.date, day_before.label) == (dt.date(2015, 3, 31), "club@2015-03-31")
    # a 30 fu 4 han non-dealer ron: riichi, pinfu, tanyao and one dora (indicator 1m: 2m),
    # pinfu ron 30 fu; 30 x 2^6 = 1,920 x 4 = 7,680 -> 7,700 without kiriage, a mangan (8,000)
    # with it (EMA 2016 ch. 4 points table; kiriage: variants.md #16)
    win = {"hand": "234m567p345s678s88p", "win": "8s", "seat": "S", "riichi": True,
           "dora": "1m"}

    assert score(win, day_before).points == 7700
    assert score(win, day_after).points == 8000


def test_tenhou_at_the_days_around_each_change() -> None:
    # rulesets/tenhou/ruleset.json, history: the last day of each older value, and the next
    # (tenpai-yame from June 2010, Tenhou's announcement of 2010-05-18; results in tenths from
    # a day between 2021-10-04 and 2022-06-01; East-only uma +10/+5/-5/-10 until 2009-07-31)
    def on(day: str) -> dict[str, object]:
        return dict(load_config(f"tenhou@{day}").parameters)

    assert on("2009-07-31")["uma_east_only"] == (10, 5, -5, -10)
    assert on("2009-08-01")["uma_east_only"] == ()
    assert on("2010-06-01")["tenpai_yame"] is False
    assert on("2010-06-02")["tenpai_yame"] is True
    assert on("2021-10-03")["final_points_rounding"] == "thousand"
    assert on("2021-10-04")["final_points_rounding"] == "tenth"
    # today's values are the undated ruleset's
    today = load_config("tenhou").parameters
    assert (today["tenpai_yame"], today["final_points_rounding"], today["uma_east_only"]) == (
        True, "tenth", ())
    # every other value is the same on every day
    before, now = on("2009-01-01"), dict(today)
    changed = {name for name in now if before[name] != now[name]}
    assert changed == {"uma_east_only", "tenpai_yame", "final_points_rounding"}


def test_a_date_given_twice_or_not_a_date() -> None:
    with pytest.raises(ConfigError, match="two dates given"):
        load_config("tenhou@2009-06-01", date="2010-01-01")
    assert load_config("tenhou@2009-06-01", date="2009-06-01").label == "tenhou@2009-06-01"
    with pytest.raises(ConfigError, match="not a date of the calendar"):
        load_config("tenhou@2009-13-01")
    with pytest.raises(ConfigError, match="write it YYYY-MM-DD"):
        load_config("tenhou", date="June 2009")


def test_a_ruleset_at_a_date_is_an_ordinary_config() -> None:
    config = load_config("tenhou@2009-06-01")
    assert load_config("tenhou", date="2009-06-01") is config  # made once
    assert config.at(dt.date(2009, 6, 1)) is config
    assert config.at(None).parameters == load_config("tenhou").parameters
    assert config.id == "tenhou" and config.chain == ("base", "tenhou")
    assert config.history == load_config("tenhou").history


def test_programs_are_compiled_once_per_values() -> None:
    # 2012 and 2015 fall in one era of tenhou (no value changed between them): one compiled
    # program, each date keeping its own config
    a, b = program("tenhou@2012-01-01"), program("tenhou@2015-01-01")
    assert a.yaku is b.yaku and a.table is b.table
    assert (a.config.label, b.config.label) == ("tenhou@2012-01-01", "tenhou@2015-01-01")
    assert program("tenhou@2012-01-01") is a
    # another era: other values, another program
    c = program("tenhou@2009-06-01")
    assert c.table is not a.table and c.config.parameters["tenpai_yame"] is False


def test_a_childs_own_value_ends_its_parents_history(tmp_path: Path) -> None:
    child = _write(tmp_path / "child" / "ruleset.json", {
        "id": "child", "name": "Child", "source": {"rulebook": "c", "edition": "1"},
        "extends": "tenhou", "parameters": {"tenpai_yame": False}})
    config = load_config(child)
    assert "tenpai_yame" not in config.history
    assert {"uma_east_only", "final_points_rounding"} <= set(config.history)
    assert load_config(child, date="2015-01-01").parameters["tenpai_yame"] is False
    # a history of its own replaces the parent's
    own = _write(tmp_path / "own" / "ruleset.json", {
        "id": "own", "name": "Own", "source": {"rulebook": "c", "edition": "1"},
        "extends": "tenhou",
        "history": {"tenpai_yame": [{"until": "2020-12-31", "value": False}]}})
    assert load_config(own, date="2015-01-01").parameters["tenpai_yame"] is False
    assert load_config(own, date="2021-01-01").parameters["tenpai_yame"] is True


def test_the_schema_checks_each_dated_value(tmp_path: Path) -> None:
    # the broken files of tests/rulesets/broken/history_*.json are checked in test_config.py;
    # here: several problems at once, each at its place
    path = tmp_path / "r.json"
    path.write_text(textwrap.dedent("""\
        {
          "id": "house", "name": "House", "source": {"rulebook": "club", "edition": "1"},
          "extends": "base",
          "history": {
            "red_fives": [{"until": "2015-03-31", "value": 5}],
            "kiriage": [{"until": "2015-03-31"}]
          }
        }
        """), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    messages = [d.message for d in info.value.diagnostics]
    assert messages == ["history.red_fives[0].value: 5 is greater than the maximum of 4",
                        "history.kiriage[0]: 'value' is a required property"]
