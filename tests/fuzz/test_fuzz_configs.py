"""Fuzz: rulesets (ruleset.json). A bundled ruleset's file with a value replaced by any JSON
value, or its text mangled, loads or fails with diagnostics, and a ruleset that loads
compiles or fails with diagnostics; nothing of a file that is not a ruleset is printed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fuzzing import assert_ours, fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules import resources
from riichi_rules.errors import RiichiError
from riichi_rules.rulesets.config import clear_cache, load_config
from riichi_rules.scoring.lowering import compile_program

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["tenhou", "base", "../x", "/proc/self/environ"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10)
SOURCE = resources.rulesets_dir() / "wrc-2025" / "ruleset.json"


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*here, index))
    return out


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replaced(value[head], rest, new)
    return copy


def _load(folder: Path, text: str) -> None:
    (folder / "ruleset.json").write_text(text, encoding="utf-8")
    clear_cache()
    try:
        config = load_config(folder)
    except RiichiError as error:
        assert_ours(error)
        return
    try:
        compile_program(config)
    except RiichiError as error:
        assert_ours(error)


@fuzz(100)
@given(pick=st.integers(0, 10_000), new=JSON, delete=st.booleans())
def test_a_value_replaced(tmp_path_factory: Any, pick: int, new: Any, delete: bool) -> None:
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    data["extends"] = "tenhou" if data.get("extends") != "tenhou" else "ema-2016"
    paths = _paths(data)
    path = paths[pick % len(paths)]
    if delete and path:
        container = data
        for part in path[:-1]:
            container = container[part]
        if isinstance(container, dict):
            del container[path[-1]]
        changed = data
    else:
        changed = _replaced(data, path, new)
    _load(tmp_path_factory.mktemp("r"), json.dumps(changed))


@fuzz(100)
@given(cuts=st.lists(st.tuples(st.integers(0, 20_000), st.integers(0, 30),
                               st.text(max_size=6) | st.sampled_from(
                                   ['"', "{", "}", "[", "]", ",", ":", "9" * 4400,
                                   "[" * 100, "\\u0000", "null", "true"])),
                     min_size=1, max_size=3))
def test_the_text_mangled(tmp_path_factory: Any, cuts: list[tuple[int, int, str]]) -> None:
    text = SOURCE.read_text(encoding="utf-8").replace('"extends": "ema-2025"',
                                                      '"extends": "tenhou"')
    for at, length, insert in cuts:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + length:]
    _load(tmp_path_factory.mktemp("r"), text)


SECRET = "s3cr3t-value"


@fuzz(50)
@given(foreign=st.text(max_size=30).map(lambda t: t + SECRET + t) | JSON.map(
    lambda v: json.dumps({"token": SECRET, "other": v})))
def test_a_foreign_file_is_never_shown(tmp_path_factory: Any, foreign: str) -> None:
    folder = tmp_path_factory.mktemp("r")
    (folder / "notes.txt").write_text(foreign, encoding="utf-8")
    (folder / "house").mkdir()
    text = json.dumps({"id": "house", "name": "House", "source": {"rulebook": "x",
                                                                  "edition": "1"},
                       "extends": "../notes.txt"})
    (folder / "house" / "ruleset.json").write_text(text, encoding="utf-8")
    for target in (folder / "house", folder / "notes.txt"):
        clear_cache()
        try:
            load_config(target)
        except RiichiError as error:
            assert_ours(error)
            assert SECRET not in error.render()
        else:
            raise AssertionError("a file that is not a ruleset loaded")
