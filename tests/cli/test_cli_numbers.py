"""Numbers on the command line (riichi_rules.cli.numbers): ASCII digits only, everywhere.

Python's int() reads any Unicode decimal digit and underscores between digits (the Python
docs, "int"): '٣' (ARABIC-INDIC DIGIT THREE) is 3 to it and '1_0' is 10. The command refuses
both, with the option's name and how to write the number."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import pytest

from riichi_rules.cli import numbers

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

NOT_ASCII = ["٣", "1_0", "\uff13", "1e3", " 3", "3 ", "+3", "0x10", "", "²", "1.0"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_whole_refuses(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="not a whole number: write it in the "
                       "digits 0-9"):
        numbers.whole(text)


def test_whole_reads_ascii() -> None:
    assert [numbers.whole(t) for t in ("0", "3", "007", "-1")] == [0, 3, 7, -1]
    with pytest.raises(argparse.ArgumentTypeError):
        numbers.whole("9" * 19)  # more digits than any count needs


def test_positive_and_at_least() -> None:
    assert numbers.positive("2") == 2
    for text in ("0", "-1", "٢"):
        with pytest.raises(argparse.ArgumentTypeError):
            numbers.positive(text)
    assert numbers.at_least(0)("0") == 0
    with pytest.raises(argparse.ArgumentTypeError, match="must be 0 or more"):
        numbers.at_least(0)("-1")


def test_seconds() -> None:
    assert [numbers.seconds(t) for t in ("60", "2.5", ".5")] == [60.0, 2.5, 0.5]
    for text in ("0", "0.0", "nan", "inf", "-1", "1e3", "٣", "1_0", "1."):
        with pytest.raises(argparse.ArgumentTypeError):
            numbers.seconds(text)


@pytest.mark.parametrize(("argv", "option"), [
    (["score", "22p234p123s456s789s", "--honba", "٣"], "--honba"),
    (["score", "22p234p123s456s789s", "--sticks", "1_0"], "--sticks"),
    (["score", "--batch", "-", "--jobs", "0"], "--jobs"),
    (["check", "--witness", "ema-2016", "--budget", "1_0"], "--budget"),
    (["check", "--witness", "ema-2016", "--situations", "٣"], "--situations"),
    (["compare", "ema-2016", "tenhou", "--search", "--seed", "1_0"], "--seed"),
    (["compare", "ema-2016", "tenhou", "--corpus", "x", "--examples", "٣"], "--examples"),
    (["replay", "x", "--jobs", "٢"], "--jobs"),
])
def test_every_option_refuses(riichi: RunCli, argv: list[str], option: str) -> None:
    run = riichi(*argv)
    assert run.status == 2
    assert f"error: argument {option}: '{argv[-1]}'" in run.err
    assert run.out == ""


def test_negative_honba_is_a_bad_win(riichi: RunCli) -> None:
    # a well-written number that no win has: the win's own check, as in the JSON form
    run = riichi("score", "22p234p123s456s789s", "--honba", "-1", "--json")
    assert run.status == 1
    assert run.json()["error"] == {"code": "bad_field", "message": "'honba' must be a whole "
                                   "number from 0 to 999, not -1"}


def test_search_limits() -> None:
    # docs/cli.md: `--budget` 60 seconds by default, no time limit when `--situations` is
    # given (the same situations and seed find the same on any machine, however busy)
    assert numbers.search_limits(None, None) == (10**9, 60.0)
    assert numbers.search_limits(500, None) == (500, None)
    assert numbers.search_limits(None, 5.0) == (10**9, 5.0)
    assert numbers.search_limits(500, 5.0) == (500, 5.0)


def test_a_search_of_n_situations_searches_n(riichi: RunCli) -> None:
    run = riichi("compare", "ema-2016", "wrc-2025", "--search", "--situations", "300",
                 "--sequences", "5", "--json")
    assert run.status == 0, run.err
    found = json.loads(run.out)
    assert found["searched"] == 300 and found["table_searched"] == 5
