"""The day a game was played, as far as its record says: a Tenhou log id
(``2009082713gm-00e1-0000-8820f355``: year, month, day and hour, Japan time, then ``gm-``), a
Mahjong Soul game id (``241231-3f6f5904-aae2-4bf4-b36f-26df5bcd6c6d``: year, month, day, then
a UUID), or a date written out in a title (``2023/04/28``, ``2023-04-28``)."""

from __future__ import annotations

import re
from datetime import date

__all__ = ["day_of_id", "day_written", "tenhou_id"]

_TENHOU_ID = re.compile(
    r"(?<![0-9])(?P<y>[0-9]{4})(?P<m>[0-9]{2})(?P<d>[0-9]{2})[0-9]{2}gm-[0-9a-f]{4}-[0-9]{4,5}-"
    r"[0-9a-f]{8}")
_MAHJONG_SOUL_ID = re.compile(
    r"^(?P<y>[0-9]{2})(?P<m>[0-9]{2})(?P<d>[0-9]{2})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"
    r"[0-9a-f]{4}-[0-9a-f]{12}$")
_WRITTEN = re.compile(
    r"(?<![0-9])(?P<y>(?:19|20)[0-9]{2})[/-](?P<m>[0-9]{1,2})[/-](?P<d>[0-9]{1,2})(?![0-9])")


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def day_of_id(game_id: str | None) -> date | None:
    """The day in a Tenhou log id (anywhere in the text: a file name, a URL) or a Mahjong
    Soul game id; None when there is none."""
    if not game_id:
        return None
    found = _TENHOU_ID.search(game_id)
    if found:
        return _day(int(found["y"]), int(found["m"]), int(found["d"]))
    found = _MAHJONG_SOUL_ID.match(game_id)
    if found:
        return _day(2000 + int(found["y"]), int(found["m"]), int(found["d"]))
    return None


def tenhou_id(text: str) -> str | None:
    """The Tenhou log id in a text (a file name, a URL such as
    ``http://tenhou.net/0/?log=2009082713gm-00e1-0000-8820f355&tw=3``), or None."""
    found = _TENHOU_ID.search(text)
    return found.group(0) if found else None


def day_written(text: str) -> date | None:
    """The first date written out as year/month/day (``2023/04/28``, ``2023-04-28``) in a
    text; None when there is none."""
    for found in _WRITTEN.finditer(text):
        day = _day(int(found["y"]), int(found["m"]), int(found["d"]))
        if day is not None:
            return day
    return None
