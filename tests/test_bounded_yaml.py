"""riichi_rules.bounded_yaml: YAML with decimal numbers only, and bounds checked on the parse
events before anything is built."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from riichi_rules import limits, resources
from riichi_rules.bounded_yaml import FastStrictLoader, StrictLoader, shape_problem
from riichi_rules.conformance.cases import case_files


def _load(text: str) -> object:
    return yaml.load(text, Loader=StrictLoader)


def test_numbers_and_booleans_as_json_has_them() -> None:
    # YAML 1.1 (PyYAML's SafeLoader): 1_0 -> 10, 010 -> 8, 0x10 -> 16, 1:30 -> 90, no -> False
    assert _load("[1_0, 010, 0x10, 1:30, no, on, yes]") == [
        "1_0", 10, "0x10", "1:30", "no", "on", "yes"]
    assert _load("[3, -4, +5, 2.5, .5, true, False]") == [3, -4, 5, 2.5, 0.5, True, False]
    assert _load("[" + "9" * 19 + "]") == ["9" * 19]  # more digits than a count needs
    assert _load("d: 2010-06-01") == {"d": dt.date(2010, 6, 1)}  # dates as before


def test_python_tags_are_refused() -> None:
    with pytest.raises(yaml.constructor.ConstructorError):
        _load('!!python/object/apply:os.system ["echo hi"]')


def test_values_are_counted_with_their_aliases(monkeypatch: pytest.MonkeyPatch) -> None:
    # the root mapping 1, key a 1, its list 1 + 3 scalars, key b 1, its list 1: 8 values;
    # then each alias of a's list adds its 4: 12, 16, and 20 at the third (line 2, column 13)
    text = "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n"
    monkeypatch.setattr(limits, "YAML_NODES", 20)
    assert shape_problem(text) is None
    monkeypatch.setattr(limits, "YAML_NODES", 19)
    assert shape_problem(text) == (2, 13, "the file holds more than 19 values (each alias "
                                          "counted as the values it repeats)")


def test_depth_and_lines() -> None:
    assert shape_problem("[" * 64 + "]" * 64) is None
    assert shape_problem("[" * 65 + "]" * 65) == (
        1, 65, f"lists and mappings nest more than {limits.YAML_DEPTH} deep here")
    # brackets in quotes and comments are text
    assert shape_problem("x: '" + "[" * 100 + "'  # " + "{" * 100) is None
    assert shape_problem("x" * 4001)[:2] == (1, 4001)  # type: ignore[index]
    assert shape_problem("x: [unclosed") is None  # not YAML: the loader says so


needs_libyaml = pytest.mark.skipif(FastStrictLoader is None,
                                   reason="PyYAML was built without libyaml")


@needs_libyaml
@pytest.mark.parametrize("path", case_files(resources.conformance_dir()), ids=lambda p: p.name)
def test_the_fast_loader_reads_every_bundled_case_file_alike(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert FastStrictLoader is not None
    assert yaml.load(text, Loader=FastStrictLoader) == _load(text)


@needs_libyaml
def test_the_fast_loader_has_the_strict_numbers() -> None:
    text = "[1_0, 010, 0x10, 1:30, no, on, yes, 3, -4, +5, 2.5, .5, true, False]"
    assert yaml.load(text, Loader=FastStrictLoader) == _load(text)
