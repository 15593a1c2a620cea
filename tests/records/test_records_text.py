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


def test_gzip_is_decompressed_within_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from riichi_rules.records import text

    monkeypatch.setattr(text, "RECORD_BYTES", 1 << 20)
    # a bomb: 8 MB of zeros in about 8 KB; decompression stops at the bound (+1 byte)
    bomb = gzip.compress(b"\0" * (8 << 20))
    assert len(bomb) < 16 << 10
    with pytest.raises(RecordError, match=r"^b\.gz: more than 1 MB once decompressed, the "
                       r"most a game record may hold"):
        text.gunzip(bomb, "b.gz")
    # two members are one text (as gzip -d gives them); exactly the bound is read
    assert text.gunzip(gzip.compress(b"a" * 10) + gzip.compress(b"b"), "x") == b"a" * 10 + b"b"
    assert len(text.gunzip(gzip.compress(b"c" * (1 << 20)), "x")) == 1 << 20
    with pytest.raises(RecordError, match=r"^x: broken gzip data \(it ends before the end"):
        text.gunzip(gzip.compress(b"a" * 1000)[:-12], "x")


def test_a_plain_file_beyond_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from riichi_rules.records import text

    monkeypatch.setattr(text, "RECORD_BYTES", 1 << 20)
    path = tmp_path / "big.json"
    path.write_text("{" + " " * (1 << 20) + "}", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^big\.json: more than 1 MB, the most"):
        load_text(path, "big.json", "{")


@pytest.mark.parametrize(("content", "says"), [
    (b"<mjloggm ver=\"2.3\">", "this file with 3c 6d"), (b"", "this file is empty")])
def test_a_gz_file_that_is_not_gzip(tmp_path: Path, content: bytes, says: str) -> None:
    """A file named .gz must be gzip (RFC 1952: a member starts with the bytes 1f 8b); a plain
    one so named is refused with how to mend it, not read as some other format."""
    path = tmp_path / "game.xml.gz"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        load_text(path, None, "<")
    assert str(info.value).startswith("game.xml.gz: named .gz, but not gzip data")
    assert says in str(info.value) and "take .gz off its name" in str(info.value)
    path.write_bytes(gzip.compress(content))  # the same content compressed is read
    assert load_text(path, None, "<")[0] == content.decode()
