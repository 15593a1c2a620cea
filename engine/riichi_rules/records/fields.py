"""The checked reading of a JSON record's values (tenhou.net/6, mjai, Riichi City): each
function returns the value as the reader needs it, or raises
:class:`~riichi_rules.records.follower.Fail` saying what the record gives instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riichi_rules.limits import quoted
from riichi_rules.records.follower import Fail

__all__ = ["json_field", "json_int", "json_list", "json_object"]


def json_field(obj: Mapping[str, Any], key: str) -> Any:
    """``obj[key]``; a record without it fails."""
    if key not in obj:
        raise Fail(f"missing field '{key}'")
    return obj[key]


def json_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Fail(f"{what} must be a whole number, not {quoted(value)}")
    return value


def json_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise Fail(f"{what} must be a list, not {quoted(value)}")
    return value


def json_object(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise Fail(f"{what} must be an object, not {quoted(value)}")
    return value
