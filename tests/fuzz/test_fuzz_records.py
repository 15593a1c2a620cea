"""Fuzz: game records. The fixture games (mjlog XML, tenhou.net/6 JSON, mjai JSON lines,
Riichi City JSON) with a few spans cut out or replaced, plain or gzip, are replayed one file
at a time as `riichi replay` does: each file gives its reports, or its one error saying what
is wrong with the record, and never an error that is not the record's (a bug, which the
boundary would report as "internal error")."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path
from typing import Any

from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules.referee.replay import replay_file
from riichi_rules.rulesets.config import RulesetConfig, load_config

FIXTURES = Path(__file__).parents[1] / "records" / "fixtures"
GAMES = ("synthetic_game.xml", "synthetic_game.json", "synthetic_game.mjson",
         "riichi_city_hand.json")
PIECES = st.sampled_from([
    "", "0", "-1", "136", "999999", "9" * 4400, "[" * 200, "{", "}", "]", ",", '"', "<", "/>",
    "<D", "<N who=\"1\" m=\"0\"/>", '"dahai"', '"ryukyoku"', '"hora"', "null", "true", "\\u0000",
    "\n", "\r", "é", "&amp;", "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>",
]) | st.text(max_size=4)


@cache
def _text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@cache
def _tenhou() -> RulesetConfig:
    return load_config("tenhou")


def _replayed(path: Path, ruleset: str) -> None:
    config = _tenhou() if ruleset == "tenhou" else load_config(ruleset)
    for report in replay_file(path, config):
        assert not report.error.startswith(("internal error", "the process")), report.error
        assert "\n" not in report.error, report.error
        assert "Traceback" not in report.error


@fuzz(120)
@given(which=st.integers(0, len(GAMES) - 1),
       edits=st.lists(st.tuples(st.integers(0, 200_000), st.integers(0, 30), PIECES),
                      min_size=1, max_size=3),
       packed=st.booleans())
def test_a_mangled_record(tmp_path_factory: Any, which: int,
                          edits: list[tuple[int, int, str]], packed: bool) -> None:
    name = GAMES[which]
    text = _text(name)
    for at, length, piece in edits:
        at %= len(text) + 1
        text = text[:at] + piece + text[at + length:]
    folder: Path = tmp_path_factory.mktemp("records")
    data = text.encode("utf-8", "surrogatepass")
    path = folder / (name + (".gz" if packed else ""))
    path.write_bytes(gzip.compress(data) if packed else data)
    _replayed(path, "riichi-city" if name.startswith("riichi_city") else "tenhou")


@fuzz(60)
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".xml", ".json", ".mjson", ".gz"]))
def test_any_bytes(tmp_path_factory: Any, data: bytes, suffix: str) -> None:
    path = tmp_path_factory.mktemp("records") / ("game" + suffix)
    path.write_bytes(data)
    _replayed(path, "tenhou")
