"""Numbers on the command line, read strictly: ASCII digits only (Python's ``int`` would take
``٣`` as 3 and ``1_0`` as 10), bounded, each refusal naming the text and how to write it.
Each function is an argparse ``type``: argparse prints its message after the option's name."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from riichi_rules.limits import whole_number

_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{1,9})?|\.[0-9]{1,9}")


def whole(text: str) -> int:
    """A whole number in ASCII digits, optionally negative (the caller's own checks say
    whether a negative one is allowed, as for a win's JSON)."""
    try:
        return whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a whole number: write it in the digits 0-9 (e.g. 3), without "
            "separators or signs other than a leading '-'") from None


def search_limits(situations: int | None, seconds: float | None) -> tuple[int, float | None]:
    """The situations and seconds a search may take from ``--situations`` and ``--budget``
    (None when not given): a number of situations given alone sets no time limit, so that
    the same number with the same seed finds the same on any machine, however slow or busy;
    neither given, the search stops after 60 seconds."""
    if seconds is None and situations is None:
        seconds = 60.0
    return (situations if situations is not None else 10**9), seconds


def positive(text: str) -> int:
    """A whole number 1 or more (``--jobs``, ``--situations``)."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' must be 1 or more")
    return value


def seconds(text: str) -> float:
    """A duration more than 0, in ASCII digits with an optional decimal point (``2.5``)."""
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a number of seconds: write it in the digits 0-9 with an "
            "optional decimal point (e.g. 60 or 2.5)")
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' must be more than 0")
    return value


def at_least(low: int) -> Callable[[str], int]:
    """A whole number ``low`` or more."""
    def parse(text: str) -> int:
        value = whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"'{text}' must be {low} or more")
        return value
    parse.__name__ = f"at_least_{low}"
    return parse
