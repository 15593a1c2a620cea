"""The loading of a record's text shared by the readers: a path (plain or gzip), bytes or a
string, and what goes wrong with each."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from riichi_rules.records.events import RecordError
from riichi_rules.records.text import load_text


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
