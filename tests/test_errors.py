"""riichi_rules.errors: how a diagnostic is shown, a long source line included."""

from __future__ import annotations

import pickle

import pytest

from riichi_rules.errors import (
    SHOWN_WIDTH,
    Diagnostic,
    InputError,
    RuleFault,
    RulesetFault,
    one_line,
)
from riichi_rules.parallel import run_all
from riichi_rules.records.events import RecordError


def test_a_diagnostic_shows_its_line_and_a_caret() -> None:
    d = Diagnostic("f.rules", 2, 3, "bad", "abcdef", "a hint", 5)
    assert d.render() == "f.rules:2:3: bad\n    abcdef\n      ^~\n    hint: a hint"


def test_a_long_line_is_shown_around_the_column() -> None:
    # a 1 MB one-line file must not print its whole line twice: SHOWN_WIDTH characters
    # around the column, with '...' where the line was cut
    line = "x" * 300 + "ERR" + "y" * 300
    head, shown, caret = Diagnostic("f", 1, 301, "bad", line, "", 304).render().splitlines()
    assert head == "f:1:301: bad"
    assert shown.startswith("    ...") and shown.endswith("...")
    assert len(shown) == 4 + 3 + SHOWN_WIDTH + 3
    assert caret.index("^") == shown.index("ERR")  # the caret under the faulty text
    assert caret.strip() == "^~~"
    first = Diagnostic("f", 1, 2, "bad", "a" * 1000, "", 1001).render().splitlines()
    assert first[1] == "    " + "a" * SHOWN_WIDTH + "..."  # no cut at the start
    assert first[2] == "     ^" + "~" * (SHOWN_WIDTH - 2)  # the underline ends at the cut


def test_one_line() -> None:
    text = one_line("a\u2028b\rc\nd\x85e")
    assert text == "a\\u2028b\\u000dc\\u000ad\\u0085e"
    assert len(text.splitlines()) == 1


def test_a_record_error_is_one_line() -> None:
    # a tag quoted from a record may hold a line break (the fuzz suite found one in an
    # attribute): the error stays one line, the break written as an escape
    error = RecordError('game.xml: <INIT hai0="\n,9"/>: INIT hai0 must be whole numbers', "x")
    assert error.message == 'game.xml: <INIT hai0="\\u000a,9"/>: INIT hai0 must be whole numbers'


def _fault(n: int) -> int:
    if n == 2:
        raise RuleFault("house.rules:3:10", "division by zero (3000 / 0)")
    return n


def test_an_error_crosses_a_process_boundary_whole() -> None:
    """Errors whose constructors take other arguments than ``Exception.args`` (a RuleFault's
    where and message) are pickled as they are: one raised in a worker process reaches the
    caller as itself, with its fields, not as a broken pool."""
    fault = RuleFault("house.rules:3:10", "division by zero (3000 / 0)")
    for error in (InputError("bad_tile", "no such tile: 0z"), fault,
                  RulesetFault("house", "a-case", "cases.yaml:4", fault),
                  RecordError("game.xml: no hand", "game.xml")):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert str(again) == str(error) and vars(again).keys() == vars(error).keys()
    with pytest.raises(RuleFault) as info:
        list(run_all(_fault, [1, 2, 3], jobs=2))
    assert info.value.where == "house.rules:3:10" and info.value.code == "rule_fault"
