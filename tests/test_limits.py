"""riichi_rules.limits: the bounded reading of files, JSON nesting, the text of a number."""

from __future__ import annotations

from pathlib import Path

import pytest

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
