"""The game of shared/data/mjai/gimite/ in its two forms: Tenhou's mjlog (``test.mjlog``, gzip)
and gimite/mjai's own log of it (``test.mjlog.golden.log``, made by the reference mjai server
from that file: mjai's first protocol, each event followed by a drawing of the table). Our
reading of the mjlog, written as mjai events, agrees with gimite's event for event: every
draw, discard, call, kan, riichi, dora, win and draw, in the same order, by the same seat,
with the same tiles (README of shared/data: "the same game in two formats").

The first protocol gives no round, honba, scores or score changes, so the golden log cannot be
replayed itself (the reader refuses it, saying so); the mjlog replays without a
disagreement (tests/corpus/test_replay_corpus.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from corpus_data import MJAI, need_corpus
from records.mjai_writer import to_mjai
from riichi_rules.records.events import RecordError
from riichi_rules.records.files import read_record
from riichi_rules.records.mjai import FIRST_PROTOCOL

GIMITE = MJAI / "gimite"
pytestmark = need_corpus(GIMITE)


def golden() -> list[dict[str, Any]]:
    """gimite's events: the lines of its log that start with '{"'."""
    text = (GIMITE / "test.mjlog.golden.log").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.startswith('{"')]


def ours() -> list[dict[str, Any]]:
    """Our reading of the mjlog as mjai events, in the first protocol's shape: start_kyoku
    with the dealer and the indicator, then one haipai a seat, the dealer's first."""
    out: list[dict[str, Any]] = []
    for event in to_mjai(read_record(GIMITE / "test.mjlog"), scored=True):
        if event["type"] == "start_kyoku":
            out.append({"type": "start_kyoku", "oya": event["oya"],
                        "dora_marker": event["dora_marker"]})
            # gimite deals from the dealer round the table
            seats = [(event["oya"] + k) % 4 for k in range(4)]
            out += [{"type": "haipai", "actor": s, "pais": event["tehais"][s]} for s in seats]
        else:
            out.append(event)
    return out


def same(theirs: dict[str, Any], mine: dict[str, Any]) -> bool:
    """Whether our event says what gimite's does, on every field gimite's gives (tile lists
    compared as sets of tiles: gimite keeps the dealing order), but start_game's ``uri``,
    the name of the file gimite's converter was given."""
    for key, value in theirs.items():
        if key == "uri":
            continue
        if key not in mine:
            return False
        if isinstance(value, list):
            if sorted(value) != sorted(mine[key]):
                return False
        elif value != mine[key]:
            return False
    return True


def test_the_two_readings_agree_event_for_event() -> None:
    theirs, mine = golden(), ours()
    assert len(theirs) == len(mine)
    kinds: dict[str, int] = {}
    for number, (a, b) in enumerate(zip(theirs, mine, strict=True)):
        assert same(a, b), f"event {number}: gimite {a}, ours {b}"
        kinds[a["type"]] = kinds.get(a["type"], 0) + 1
    # calls, kans, riichi, new indicators, wins and draws are among them
    assert {"chi", "pon", "daiminkan", "ankan", "reach_accepted", "dora", "hora",
            "ryukyoku"} <= set(kinds)


def test_the_golden_log_is_refused_saying_why() -> None:
    with pytest.raises(RecordError) as info:
        read_record(GIMITE / "test.mjlog.golden.log")
    assert FIRST_PROTOCOL in info.value.message
