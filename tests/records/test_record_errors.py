"""Malformed and truncated records give a clear RecordError naming the file and the place.

Every bad record is the made-up game of ``fixtures/synthetic_game.xml`` / ``.json`` (see
test_mjlog.py) with one thing broken, written to a temporary file named like the corpus's
``bug3.xml`` so the message can be checked for the file name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.errors import InputError
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.files import read_record, read_records
from riichi_rules.records.mjlog import read_mjlog
from riichi_rules.records.tenhou6 import read_tenhou6

FIXTURES = Path(__file__).parent / "fixtures"
XML = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
JSON: dict[str, Any] = json.loads((FIXTURES / "synthetic_game.json").read_text(encoding="utf-8"))


def bad_xml(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bug3.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_mjlog(path)
    err = info.value
    assert err.code == "bad_record" and isinstance(err, InputError)
    assert err.source == str(path)
    assert err.message.startswith("bug3.xml: "), err.message
    return err.message


def broken(old: str, new: str) -> str:
    assert XML.count(old) == 1, old
    return XML.replace(old, new)


def test_cut_inside_a_tag(tmp_path: Path) -> None:
    text = XML[: XML.index("<AGARI") + 25]
    msg = bad_xml(tmp_path, text)
    # the AGARI is on line 18 of the fixture
    assert msg.startswith("bug3.xml: line 18, offset ")
    assert "a cut-off tag (truncated file?) where a tag was expected: '<AGARI" in msg


def test_a_doctype_is_named_and_never_read(tmp_path: Path) -> None:
    # issue #15: XXE and billion laughs refused, but told as "a cut-off tag (truncated
    # file?)"; an external entity naming /etc/passwd is not read (its text is not shown)
    text = XML.replace('<mjloggm ver="2.3">', '<!DOCTYPE m [<!ENTITY e SYSTEM '
                       '"file:///etc/passwd">]><mjloggm ver="2.3">&e;', 1)
    msg = bad_xml(tmp_path, text)
    assert "a declaration (<!DOCTYPE, <!ENTITY: an mjlog has none, and none is read)" in msg
    assert "root:" not in msg


def test_a_tag_no_mjlog_has(tmp_path: Path) -> None:
    # <E-1/> (a discard of tile id -1) is a whole tag, not a cut-off one; it is on line 8
    msg = bad_xml(tmp_path, broken("<E69/>", "<E-1/>"))
    assert msg.startswith("bug3.xml: line 8, offset ")
    assert "a tag an mjlog does not have where a tag was expected: '<E-1/>" in msg


@pytest.mark.parametrize("number", ["\u0666\u0669", "0069"])
def test_a_discard_numbered_otherwise_than_by_ascii_digits(tmp_path: Path, number: str) -> None:
    # a draw or discard tag is tokenised by a quick pattern of its own (mjlog._RUN) before
    # the general one: its number too is 0-3 ASCII digits (issue #15, commit ce80032), so
    # <E٦٩/> (Arabic-Indic digits, which int() would read as 69) and a 4-digit number are
    # refused as the general pattern refuses them, not read as a discard of tile id 69
    msg = bad_xml(tmp_path, broken("<E69/>", f"<E{number}/>"))
    assert msg.startswith("bug3.xml: line 8, offset ")
    assert f"a tag an mjlog does not have where a tag was expected: '<E{number}/>" in msg


def test_cut_between_tags(tmp_path: Path) -> None:
    text = XML[: XML.index("<T3/><D3/>") + len("<T3/><D3/>")]
    msg = bad_xml(tmp_path, text)
    assert msg == "bug3.xml: truncated: the file ends without </mjloggm>"


def test_hand_without_result(tmp_path: Path) -> None:
    start = XML.index('<AGARI ba="1,0"')
    text = XML[:start] + XML[XML.index("/>", start) + 2 :]
    msg = bad_xml(tmp_path, text)
    assert msg == "bug3.xml: hand 1 has no result (no AGARI or RYUUKYOKU): truncated?"


def test_discard_of_a_tile_not_held(tmp_path: Path) -> None:
    # seat 1 holds id 69 (9p), not id 70
    msg = bad_xml(tmp_path, broken("<E69/>", "<E70/>"))
    assert msg == ("bug3.xml: hand 0 (E1-0), event 3 (<E70/>): seat 1 discards: seat 1 does "
                   "not hold tile id 70 (9p)")


def test_call_of_a_tile_not_discarded(tmp_path: Path) -> None:
    # m + 8 sets the chi's first copy to 1: it claims id 9 while id 8 was discarded
    msg = bad_xml(tmp_path, broken('m="6311"', 'm="6319"'))
    assert msg.startswith('bug3.xml: hand 0 (E1-0), event 2 (<N who="1" m="6319" />): ')
    assert msg.endswith("seat 1 calls tile id 9 from seat 0, but the last discard is id 8 "
                        "(3m) by seat 0")


def test_tile_drawn_twice(tmp_path: Path) -> None:
    msg = bad_xml(tmp_path, broken("<V100/>", "<V8/>"))
    assert "event 4 (<V8/>): seat 2 draws: tile id 8 (3m) is already in play" in msg


def test_bad_seed(tmp_path: Path) -> None:
    msg = bad_xml(tmp_path, broken('seed="0,1,0,3,4,134"', 'seed="0,1,0,3,4"'))
    assert "INIT seed has 6 numbers" in msg and '<INIT seed="0,1,0,3,4"' in msg


def test_win_hand_differs(tmp_path: Path) -> None:
    msg = bad_xml(tmp_path, broken('hai="4,9,12,48', 'hai="5,9,12,48'))
    assert "hand 0 (E1-0), event 25 (<AGARI" in msg and "is not seat 0's hand" in msg


def test_event_after_the_result(tmp_path: Path) -> None:
    msg = bad_xml(tmp_path, broken('sc="240,30,250,-20,250,0,250,0" />',
                                   'sc="240,30,250,-20,250,0,250,0" /><T50/>'))
    assert "event 26 (<T50/>): an event after the hand's result" in msg


def test_unknown_draw_type_and_non_numbers(tmp_path: Path) -> None:
    text = broken('machi="129"', 'machi="x"')
    assert "attribute 'machi' must be a whole number" in bad_xml(tmp_path, text)


def test_not_an_mjlog(tmp_path: Path) -> None:
    assert bad_xml(tmp_path, "<html></html>") == (
        "bug3.xml: not an mjlog (no <mjloggm> root tag)")
    assert "text where a tag was expected" in bad_xml(tmp_path, "hello")


# ---------------------------------------------------------------- tenhou.net/6


def bad_json(tmp_path: Path, data: object, raw: str | None = None) -> str:
    path = tmp_path / "bug3.json"
    path.write_text(raw if raw is not None else json.dumps(data, ensure_ascii=False),
                    encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_tenhou6(path)
    assert info.value.code == "bad_record" and info.value.source == str(path)
    assert info.value.message.startswith("bug3.json: "), info.value.message
    return info.value.message


def changed(hand: int, entry: int, value: object) -> dict[str, Any]:
    data = json.loads(json.dumps(JSON))
    data["log"][hand][entry] = value
    return data


def test_json_truncated(tmp_path: Path) -> None:
    raw = json.dumps(JSON, ensure_ascii=False)
    msg = bad_json(tmp_path, None, raw[: len(raw) // 2])
    assert "not valid JSON (truncated?)" in msg and "line 1" in msg


def test_json_hand_too_short(tmp_path: Path) -> None:
    data = json.loads(json.dumps(JSON))
    data["log"][1] = data["log"][1][:16]
    assert bad_json(tmp_path, data) == (
        "bug3.json: hand 1: a hand has 17 entries (header, scores, dora, ura, 4 x (haipai, "
        "takes, discards), result), not 16")


def test_json_call_that_matches_no_discard(tmp_path: Path) -> None:
    # seat 3 (takes = entry 14) "pons" 2z from the left, but seat 2 discarded 1z
    msg = bad_json(tmp_path, changed(0, 14, ["p424242", 41, 43]))
    assert msg == ("bug3.json: hand 0 (E1-0), event 6 (seat 3 takes[0] = 'p424242'): seat 3 "
                   "calls where it should draw: no discard to call")


def test_json_unknown_call_letter(tmp_path: Path) -> None:
    msg = bad_json(tmp_path, changed(0, 14, ["x414141", 41, 43]))
    assert "'x414141': a take is a tile or a call (c, p, m), not 'x'" in msg


def test_json_tsumogiri_without_a_draw(tmp_path: Path) -> None:
    # seat 1 (discards = entry 9) chis, then "60" (the tile just drawn): it drew nothing
    msg = bad_json(tmp_path, changed(0, 9, [60, 60, 35]))
    assert msg == ("bug3.json: hand 0 (E1-0), event 3 (seat 1 discards[0] = 60): 60 (the tile "
                   "just drawn), but seat 1 has not just drawn")


def test_json_unknown_yaku(tmp_path: Path) -> None:
    result = ["和了", [3000, -2000, 0, 0], [0, 1, 0, "40符1飜2000点", "立値(1飜)"]]
    msg = bad_json(tmp_path, changed(0, 16, result))
    assert msg.endswith("unknown yaku '立値(1飜)'") and "hand 0 (E1-0)" in msg


def test_json_leftover_entries(tmp_path: Path) -> None:
    # a discard too many for seat 2 (entry 12): the hand still ends on seat 1's 5s
    msg = bad_json(tmp_path, changed(0, 12, [41, 60, 11]))
    assert "seat 2 has takes/discards left after the hand's end" in msg


def test_json_not_a_game(tmp_path: Path) -> None:
    assert bad_json(tmp_path, [1, 2]) == (
        "bug3.json: not a tenhou.net/6 game (an object with a 'log' list)")


# ---------------------------------------------------------------- many files


def test_read_records_keeps_going(tmp_path: Path) -> None:
    bad = tmp_path / "bug3.xml"
    bad.write_text(XML[:200], encoding="utf-8")
    folder = tmp_path / "more"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(JSON, ensure_ascii=False), encoding="utf-8")
    (folder / "b.xml").write_text(XML.replace("<E69/>", "<E70/>"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    out = list(read_records([FIXTURES / "synthetic_game.xml", bad, tmp_path / "missing.xml",
                             folder]))
    assert [type(x).__name__ for x in out] == [
        "GameRecord", "RecordError", "RecordError", "GameRecord", "RecordError"]
    assert isinstance(out[0], GameRecord) and out[0].source == str(FIXTURES /
                                                                   "synthetic_game.xml")
    assert isinstance(out[1], RecordError) and out[1].message.startswith("bug3.xml: ")
    assert isinstance(out[2], RecordError) and "missing.xml: cannot read the file" in str(out[2])
    assert isinstance(out[4], RecordError) and out[4].message.startswith("b.xml: hand 0 (E1-0)")
    assert out[4].source == str(folder / "b.xml")


def test_read_record_sniffs_the_format(tmp_path: Path) -> None:
    odd = tmp_path / "game.dat"
    odd.write_text(json.dumps(JSON, ensure_ascii=False), encoding="utf-8")
    assert read_record(odd).hands == read_tenhou6(FIXTURES / "synthetic_game.json").hands
    odd.write_text("plain text", encoding="utf-8")
    with pytest.raises(RecordError, match=r"game\.dat: not a game record this reader knows"):
        read_record(odd)


def test_error_json_form() -> None:
    err = RecordError("x.xml: broken", "x.xml")
    assert err.to_json() == {"code": "bad_record", "message": "x.xml: broken"}


def test_a_discard_of_a_tile_id_beyond_135(tmp_path: Path) -> None:
    # ids are 0..135 (4 x 34 tiles); 136 names no tile (it escaped as a traceback, #15)
    msg = bad_xml(tmp_path, broken("<E69/>", "<E136/>"))
    assert msg == ("bug3.xml: hand 0 (E1-0), event 3 (<E136/>): seat 1 discards: tile id 136 "
                   "is not 0..135")


def test_json_too_deep_or_a_number_too_long(tmp_path: Path) -> None:
    raw = json.dumps(JSON, ensure_ascii=False)
    # a tenhou.net/6 game nests 4 deep; Python reads no number of more than 4,300 digits
    msg = bad_json(tmp_path, None, raw.replace('"log": [', '"log": ' + "[" * 1000, 1))
    assert "not valid JSON (truncated?): arrays and objects nest more than 64 deep" in msg
    msg = bad_json(tmp_path, None, raw.replace("25000", "2" + "0" * 4400, 1))
    assert "not valid JSON (truncated?): a number of more than 4,300 digits at line 1" in msg


def test_an_mjai_line_too_deep(tmp_path: Path) -> None:
    path = tmp_path / "deep.mjson"
    path.write_text('{"type":"start_game"}\n{"type":"start_kyoku","x":' + "[" * 1000
                    + "]" * 1000 + "}\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^deep\.mjson: line 2 .*: not valid JSON "
                       r"\(truncated\?\): arrays and objects nest more than 64 deep at column"):
        read_record(path)


def test_agari_ba_is_what_is_on_the_table(tmp_path: Path) -> None:
    # hand 0 starts with 0 honba and 0 sticks (INIT seed="0,0,0,...") and seat 0's riichi
    # stick is paid (REACH step 2) before the win: ba must be "0,1" (#15: a changed ba went
    # unnoticed)
    msg = bad_xml(tmp_path, broken('<AGARI ba="0,1"', '<AGARI ba="2,1"'))
    assert msg.endswith("AGARI ba=2,1 (honba, riichi sticks) is not what is on the table: 0 "
                        "honba and 1 sticks (the INIT seed's, and the riichi sticks paid since)")
    assert "hand 0 (E1-0)" in msg
    msg = bad_xml(tmp_path, broken('<AGARI ba="0,1"', '<AGARI ba="0,0"'))
    assert msg.endswith("is not what is on the table: 0 honba and 1 sticks (the INIT seed's, "
                        "and the riichi sticks paid since)")


NUMBER = re.compile(r"[0-9]+")


@pytest.mark.parametrize("name", ["synthetic_game.xml", "synthetic_game.json"])
@pytest.mark.parametrize("number", ["9" * 4400, "٣", "1_0"])
def test_every_number_too_long_or_not_ascii(tmp_path: Path, name: str, number: str) -> None:
    # issue #15: a number of 4,300+ digits in a tag, an attribute, a call ("r39") or a win's
    # text ("40符1飜2000点") reached Python's int() and was reported as an internal error.
    # Each number of the fixture in turn is replaced; the file is one RecordError or reads.
    text = (FIXTURES / name).read_text(encoding="utf-8")
    path = tmp_path / name
    for found in NUMBER.finditer(text):
        path.write_text(text[:found.start()] + number + text[found.end():], encoding="utf-8")
        try:
            read_record(path)
        except RecordError as error:
            assert len(error.message) < 1000, error.message
            assert "\n" not in error.message
