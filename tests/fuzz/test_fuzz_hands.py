"""Fuzz: wins given to the scorer through the Python API (any JSON value, win-shaped objects,
and wins that are complete hands with random flags), and to `riichi score` as arguments.
Whatever the input: a result, or an InputError with a code; the command exits 0, 1 or 2
with no traceback."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from typing import Any

from fuzzing import assert_ours, fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules.cli import main
from riichi_rules.errors import InputError
from riichi_rules.hand import SITUATION_FLAGS
from riichi_rules.rulesets.config import bundled_ids
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program, score
from riichi_rules.search.situations import mutate, random_situation


@cache
def _program(ruleset: str) -> ScoringProgram:
    return program(ruleset)


RULESETS = st.sampled_from(sorted(bundled_ids()))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)
MPSZ = st.text(alphabet="0123456789mpsz", max_size=20)
TILES = MPSZ | st.text(max_size=6)
MELD_TEXT = st.text(alphabet="0123456789mpsz-=+", min_size=1, max_size=8)
MELD = MELD_TEXT | st.fixed_dictionaries(
    {"type": st.sampled_from(["chi", "pon", "daiminkan", "kakan", "ankan", "x"]),
     "tiles": MPSZ},
    optional={"called": TILES, "from": st.sampled_from(["left", "across", "right", "up"]),
              "extra": JSON})
COUNT = st.integers(-3, 1200) | st.integers() | st.floats() | st.text(max_size=4) | st.booleans()
FLAG = st.booleans() | st.sampled_from([None, 0, 1, "yes"])
WIN_SHAPED = st.fixed_dictionaries(
    {"hand": TILES, "win": TILES},
    optional={"tsumo": FLAG, **{flag: FLAG for flag in SITUATION_FLAGS},
              "melds": st.lists(MELD, max_size=4) | JSON,
              "seat": st.sampled_from(["E", "S", "W", "N", "east", "3z", "X", ""]) | JSON,
              "round": st.sampled_from(["E", "S", "w", "1z"]) | JSON,
              "dora": st.lists(TILES, max_size=6) | TILES, "ura": st.lists(TILES, max_size=6),
              "honba": COUNT, "sticks": COUNT, "riichii": JSON})


def _scores_or_refuses(obj: Any, ruleset: str) -> None:
    try:
        result = score(obj, _program(ruleset))
    except InputError as error:
        assert_ours(error)
        return
    except Exception as error:  # anything else is a bug
        assert_ours(error)
        raise AssertionError(f"a win raised {type(error).__name__}, not an InputError") \
            from error
    json.dumps(result.to_json())
    assert result.explain()


@fuzz(300)
@given(obj=WIN_SHAPED | JSON, ruleset=RULESETS)
def test_any_object_scores_or_is_refused(obj: Any, ruleset: str) -> None:
    _scores_or_refuses(obj, ruleset)


@fuzz(300)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 6),
       flags=st.sets(st.sampled_from(("tsumo", *SITUATION_FLAGS)), max_size=4),
       dora=st.lists(st.integers(0, 33), max_size=5), honba=st.integers(0, 999),
       ruleset=RULESETS)
def test_complete_hands_with_any_flags(seed: int, steps: int, flags: set[str],
                                       dora: list[int], honba: int, ruleset: str) -> None:
    """Complete hands (the search's situations) with flags and indicators drawn apart from
    the hand, so that impossible combinations reach the scorer's situation rules."""
    rng = random.Random(seed)
    situation = random_situation(rng)
    for _ in range(steps):
        situation = mutate(rng, situation)
    win = situation.to_win()
    obj: dict[str, Any] = win.to_json() if win is not None else {"hand": "", "win": ""}
    for flag in ("tsumo", *SITUATION_FLAGS):
        obj[flag] = flag in flags
    kinds = "mpsz"
    obj["dora"] = [f"{k % 9 + 1 if k < 27 else k - 26}{kinds[min(k // 9, 3)]}" for k in dora]
    obj["honba"] = honba
    _scores_or_refuses(obj, ruleset)


OPTIONS = ("--win", "--seat", "--round", "--dora", "--ura", "--honba", "--sticks", "--date",
           "--ruleset", "--jobs", "--batch")
SWITCHES = (*("--" + f.replace("_", "-") for f in ("tsumo", *SITUATION_FLAGS)), "--json")
VALUES = (st.text(max_size=6) | st.sampled_from(
    ["3", "٣", "1_0", "-1", "9" * 30, "tenhou", "E", "1m,2p", "2024-02-30", "0"]))


@fuzz(150)
@given(hand=MPSZ | st.text(max_size=8), melds=st.lists(MELD_TEXT, max_size=3),
       options=st.lists(st.tuples(st.sampled_from(OPTIONS), VALUES), max_size=4),
       switches=st.lists(st.sampled_from(SWITCHES), max_size=4))
def test_score_arguments(hand: str, melds: list[str], options: list[tuple[str, str]],
                         switches: list[str]) -> None:
    argv = ["score", hand, *melds, *switches]
    for option, value in options:
        if option == "--batch":
            value = "/nonexistent/wins.jsonl"  # no reading of the test's own stdin
        elif option == "--ruleset" and value not in bundled_ids():
            value = "tenhou"  # a bundled id: compiled once for the whole test
        argv += [option, value]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    assert status in (0, 1, 2), (argv, status, err.getvalue())
    assert "Traceback" not in out.getvalue() + err.getvalue()
    if status == 1:
        assert "riichi score: " in err.getvalue() or '"error"' in out.getvalue()
