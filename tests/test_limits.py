"""riichi_rules.limits: the bounded reading of files, JSON nesting, the text of a number."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules import limits
from riichi_rules.errors import InputError


def test_read_text(tmp_path: Path) -> None:
    path = tmp_path / "f.rules"
    path.write_text("héllo\n", encoding="utf-8")
    assert limits.read_text(path, 100, "a rule file") == "héllo\n"
    with pytest.raises(InputError) as info:
        limits.read_text(path, 3, "a rule file")
    assert info.value.code == "too_large"
    assert info.value.message.startswith("a rule file holds at most 3 bytes")
    path.write_bytes(b"ok\nab\xe9c\n")  # Latin-1: 0xe9 begins no UTF-8 sequence
    with pytest.raises(InputError) as info:
        limits.read_text(path, 100, "a rule file")
    assert (info.value.code, info.value.message) == (
        "bad_encoding", "not UTF-8: byte 0xe9 at line 2, column 3; save the file as UTF-8")
    with pytest.raises(InputError) as info:
        limits.read_text(tmp_path / "missing", 100, "a rule file")
    assert info.value.code == "unreadable"
    with pytest.raises(InputError) as info:
        limits.read_text(tmp_path, 100, "a rule file")  # a folder
    assert info.value.code == "unreadable"


@pytest.mark.parametrize(("text", "limit", "at"), [
    ("[[[", 2, 2),
    ("[[]]", 2, None),
    ('["[[[[", {"a": "]]]]"}]', 2, None),  # brackets inside strings do not count
    ('["\\"[[[", [[1]]]', 2, 11),  # an escaped quote does not end the string
    ('{"a": [{"b": [1]}]}', 3, 13),
    ('"[[[[[', 1, None),  # an unclosed string runs to the end
    ("", 1, None),
])
def test_json_nesting(text: str, limit: int, at: int | None) -> None:
    assert limits.json_nesting(text, limit) == at


def _nesting_walked(text: str, limit: int) -> int | None:
    """The definition, character by character: a string (from a quote to the next quote not
    escaped, or to the end) is skipped; an opening bracket deeper than ``limit`` is the
    answer."""
    depth, i = 0, 0
    while i < len(text):
        char = text[i]
        if char == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif char in "[{":
            depth += 1
            if depth > limit:
                return i
        elif char in "]}":
            depth -= 1
        i += 1
    return None


@given(st.text(alphabet='[]{}"\\a,', max_size=40), st.integers(0, 6))
def test_json_nesting_is_the_walk(text: str, limit: int) -> None:
    """The quick answer (a text that opens no more brackets than the limit nests no deeper)
    and the scan agree with the walk, on texts of brackets, quotes and escapes."""
    assert limits.json_nesting(text, limit) == _nesting_walked(text, limit)


def test_number_text() -> None:
    assert limits.number_text(-42) == "-42"
    assert limits.number_text(10**20) == "a number of about 21 digits"
    # more digits than Python writes (4,300): the size is still told
    assert limits.number_text(10**5000) == "a number of about 5,001 digits"


def test_too_large_number() -> None:
    assert not limits.too_large_number(limits.NUMBER)
    assert limits.too_large_number(-limits.NUMBER - 1)
    assert not limits.too_large_number(True)  # a boolean is not a number here
    assert not limits.too_large_number("9" * 20)


def test_load_json() -> None:
    import json

    assert limits.load_json('{"a": [1, 2]}') == {"a": [1, 2]}
    assert limits.load_json('{"a": 1} and then text', prefix=True) == {"a": 1}
    # nested deeper than JSON_DEPTH: refused before the decoder recurses, at the bracket
    deep = "[" * 1000 + "]" * 1000
    with pytest.raises(json.JSONDecodeError) as info:
        limits.load_json(deep)
    assert info.value.msg == f"arrays and objects nest more than {limits.JSON_DEPTH} deep"
    assert info.value.colno == limits.JSON_DEPTH + 1
    # a number of 4,400 digits: Python reads at most 4,300 (sys.get_int_max_str_digits)
    text = '{"honba": 0,\n "sc": 1' + "0" * 4400 + "}"
    with pytest.raises(json.JSONDecodeError) as info:
        limits.load_json(text)
    assert info.value.msg == "a number of more than 4,300 digits"
    assert (info.value.lineno, info.value.colno) == (2, 8)
    # bad JSON is told as the decoder tells it
    with pytest.raises(json.JSONDecodeError, match="Expecting value"):
        limits.load_json('{"a": }')


@pytest.mark.parametrize("text,value", [("0", 0), ("-12", -12), ("9" * 18, 10**18 - 1)])
def test_whole_number(text: str, value: int) -> None:
    assert limits.whole_number(text) == value


@pytest.mark.parametrize("text", ["", "-", "+1", " 1", "1_0", "٣", "0x10", "1.0", "9" * 19,
                                  "9" * 4400])
def test_whole_number_refuses(text: str) -> None:
    # int() would read the first six as numbers, and fail past 4,300 digits with Python's
    # own error: here each is a ValueError quoting the text, at most 60 characters of it
    with pytest.raises(ValueError, match="is not a whole number of at most 18 digits") as info:
        limits.whole_number(text)
    assert len(str(info.value)) < 140


def test_quoted() -> None:
    assert limits.quoted("abc") == "'abc'"
    assert limits.quoted("9" * 4400) == f"'{'9' * 60}'... (4,400 characters)"
    assert limits.quoted([1] * 30) == "[" + "1, " * 19 + "1,... (90 characters)"
