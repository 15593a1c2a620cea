"""Values by date: a parameter's earlier values (``history`` in ruleset.json), the values in
force on a day, and the eras of a ruleset (the spans of days over which none of its values
changed).

A ruleset's ``parameters`` hold the values in force today. ``history`` in ruleset.json gives,
parameter by parameter and oldest first, the values that came before, each with the last day
it was in force (``until``, that day included); the next value applies from the day after. So
a value changes exactly between its ``until`` day and the next day. A loaded ruleset keeps
each such parameter's whole timeline: the earlier values, then today's (``until`` None).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, timedelta
from typing import NamedTuple

__all__ = ["Dated", "Era", "eras", "parse_day", "split_name", "values_on"]

_DAY = re.compile(r"^(?P<y>[0-9]{4})-(?P<m>[0-9]{2})-(?P<d>[0-9]{2})$")
_AT = re.compile(r"^(?P<name>.+)@(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})$")


class Dated(NamedTuple):
    """One value of a parameter: in force until ``until`` (that day included; None: to
    today); ``note`` says how the date and the value are known."""

    until: date | None
    value: object
    note: str = ""


class Era(NamedTuple):
    """A span of days over which none of a ruleset's values changed: from ``first`` to
    ``last`` (both included; None: without limit)."""

    first: date | None
    last: date | None

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and ((self.first is None or self.first <= day)
                                          and (self.last is None or day <= self.last))

    def __str__(self) -> str:
        if self.first is None and self.last is None:
            return "at every date"
        if self.first is None:
            return f"until {self.last}"
        if self.last is None:
            return f"from {self.first}"
        return f"from {self.first} to {self.last}"

    @property
    def day(self) -> date | None:
        """A day of the era that names it: its last day, None for the era that lasts to
        today (whose values are the ruleset's undated ones)."""
        return self.last


def parse_day(text: str) -> date:
    """``YYYY-MM-DD`` as a date. Raises ValueError saying what is wrong."""
    found = _DAY.match(text.strip())
    if not found:
        raise ValueError(f"'{text}' is not a date: write it YYYY-MM-DD (e.g. 2010-06-01)")
    try:
        return date(int(found["y"]), int(found["m"]), int(found["d"]))
    except ValueError as exc:
        raise ValueError(f"'{text}' is not a date of the calendar ({exc})") from None


def split_name(name: str) -> tuple[str, date | None]:
    """``"tenhou@2009-06-01"`` as ``("tenhou", date(2009, 6, 1))``; a name without ``@``
    and a date as ``(name, None)``. Raises ValueError for a date that is not one."""
    found = _AT.match(name)
    if not found:
        return name, None
    return found["name"], parse_day(found["day"])


def values_on(parameters: Mapping[str, object], history: Mapping[str, tuple[Dated, ...]],
              day: date | None) -> dict[str, object]:
    """The parameters in force on ``day`` (None: today): for each parameter with a
    timeline, the first value whose ``until`` is on or after ``day`` (or None)."""
    values = dict(parameters)
    for name, timeline in history.items():
        for entry in timeline:
            if entry.until is None or (day is not None and day <= entry.until):
                values[name] = entry.value
                break
    return values


def eras(history: Mapping[str, tuple[Dated, ...]]) -> tuple[Era, ...]:
    """The spans of days over which no value changes, oldest first (one era, at every
    date, without a history)."""
    ends = sorted({entry.until for timeline in history.values() for entry in timeline
                   if entry.until is not None})
    out: list[Era] = []
    first: date | None = None
    for last in ends:
        out.append(Era(first, last))
        first = last + timedelta(days=1)
    out.append(Era(first, None))
    return tuple(out)
