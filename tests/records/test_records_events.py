"""The neutral record model: a recorded win without a score, and the loading of a record's
text shared by the readers."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from riichi_rules.records.events import RecordedWin, RecordError, load_text

DELTAS = (3000, -2000, 0, 0)  # a 2000-point ron with one riichi stick on the table


def win(**score: object) -> RecordedWin:
    fields: dict[str, object] = {"han": None, "fu": None, "points": None, "limit": 0,
                                 "yaku": (), "yakuman": ()}
    fields.update(score)
    return RecordedWin(**fields, deltas=DELTAS, pao=None, honba=0, sticks=1)


def test_a_win_recorded_only_by_its_deltas() -> None:
    assert not win().scored
    assert win(han=2, fu=40, points=2000, yaku=(("riichi", 1), ("ura_dora", 1))).scored


@pytest.mark.parametrize(
    "score",
    [{"han": 2}, {"points": 2000}, {"fu": 40}, {"yaku": (("riichi", 1),)},
     {"yakuman": ("kokushi",)}],
    ids=["han-alone", "points-alone", "fu-alone", "yaku-alone", "yakuman-alone"],
)
def test_half_a_score_is_refused(score: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="han and points together"):
        win(**score)


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
