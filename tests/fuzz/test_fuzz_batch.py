"""Fuzz: `riichi score --batch` input. Whatever bytes come in, every line is answered once, in
order, numbered right, each answer on one line, and no line hits a bug."""

from __future__ import annotations

import io
import json
from functools import cache

from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules.cli import batch
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

GOOD = [
    {"hand": "22p234p123s456s789s", "win": "9s"},
    {"hand": "22p234p123s456s789s", "win": "9s", "tsumo": True, "seat": "S", "honba": 2},
    {"hand": "234m678p99m", "win": "8p", "tsumo": True, "rinshan": True,
     "melds": ["4-56s", "555=5p"]},
]


@cache
def _program() -> ScoringProgram:
    return program("ema-2016")


def _mangled(text: str, at: int, insert: str) -> str:
    at = at % (len(text) + 1)
    return text[:at] + insert + text[at:]


TRICKS = st.sampled_from(["\r", "\u2028", "\x85", "\ufeff", "\x00", "é", "\\", '"', "[",
                          "{", "9" * 4400, "[" * 200, "\t", ",", "}", "NaN", "1e400"])
LINE_TEXT = st.one_of(
    st.sampled_from([json.dumps(g) for g in GOOD]),
    st.builds(_mangled, st.sampled_from([json.dumps(g) for g in GOOD]), st.integers(0, 200),
              TRICKS | st.text(max_size=4)),
    st.text(max_size=40),
)
LINE = LINE_TEXT.map(lambda text: text.encode("utf-8", "surrogatepass")) | st.binary(max_size=40)


@fuzz(300)
@given(lines=st.lists(LINE, max_size=12), end=st.sampled_from([b"", b"\n", b"\r\n"]),
       as_json=st.booleans())
def test_every_line_is_answered_once(lines: list[bytes], end: bytes, as_json: bool) -> None:
    data = b"\n".join(lines) + (end if lines else b"")
    # the lines are what '\n' separates; a '\n' ending the input makes no line
    expected = data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)
    written: list[str] = []
    tally = batch.run_serial(batch.read_lines(io.BytesIO(data)), _program(), as_json,
                             written.append)
    assert len(written) == expected
    assert tally.internal == 0, written
    assert tally.scored + tally.bad == expected
    for number, text in enumerate(written, 1):
        assert len(text.splitlines()) == 1  # one line, whatever a reader splits on
        if as_json:
            answer = json.loads(text)
            assert "points" in answer or answer["line"] == number
        else:
            assert text.startswith(f"{number}: ")
