"""What a case states, and how the engine's outcome is compared with it: the comparable
fields of a scoring result (:func:`outcome_of`), the differences in words (:func:`compare`,
:func:`compare_events`), and an outcome in a few words (:func:`short`, :func:`short_events`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riichi_rules.scoring.result import Result


def outcome_of(result: Result) -> dict[str, Any]:
    """Every comparable field of a scoring result."""
    return {
        "han": result.han,
        "fu": result.fu,
        "yakuman": result.yakuman,
        "limit": result.limit,
        "yaku": [y.id for y in result.yaku],
        "yaku_han": {y.id: y.han for y in result.yaku},
        "points": result.points,
        "payments": [
            {"from": p.payer, "points": p.points, "honba": p.honba} for p in result.payments
        ],
        "winner_receives": result.winner_receives,
    }


def _payment_key(payment: Mapping[str, Any]) -> tuple[str, int, int]:
    return (str(payment.get("from")), int(payment.get("points", 0)),
            int(payment.get("honba", 0)))


def compare(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The differences between the stated fields of ``expected`` and ``actual``, in words."""
    if "error" in expected:
        if "error" not in actual:
            return [f"error: expected the scorer to refuse with '{expected['error']}', "
                    f"but it scored {short(actual)}"]
        if actual["error"] != expected["error"]:
            return [f"error: expected '{expected['error']}', got '{actual['error']}'"]
        return []
    if "error" in actual:
        return [f"the scorer refused the hand with '{actual['error']}'"]
    out: list[str] = []
    for name, want in expected.items():
        got = actual.get(name)
        if name == "yaku":
            missing = sorted(set(want) - set(got or ()))
            extra = sorted(set(got or ()) - set(want))
            if missing or extra:
                parts = []
                if missing:
                    parts.append("missing " + ", ".join(missing))
                if extra:
                    parts.append("unexpected " + ", ".join(extra))
                out.append(f"yaku: {'; '.join(parts)} (scored: {', '.join(got or ()) or 'none'})")
        elif name == "yaku_han":
            scored: Mapping[str, int] = got or {}
            for yaku_id, han in want.items():
                if yaku_id not in scored:
                    out.append(f"yaku_han.{yaku_id}: expected {han} han, but it did not score")
                elif scored[yaku_id] != han:
                    out.append(f"yaku_han.{yaku_id}: expected {han} han, got {scored[yaku_id]}")
        elif name == "payments":
            want_sorted = sorted(_payment_key(p) for p in want)
            got_sorted = sorted(_payment_key(p) for p in (got or ()))
            if want_sorted != got_sorted:
                out.append(f"payments: expected {_payments_text(want_sorted)}, "
                           f"got {_payments_text(got_sorted)}")
        elif got != want:
            out.append(f"{name}: expected {want!r}, got {got!r}")
    return out


def compare_events(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The differences between the stated fields of an events expectation and what the
    referee says (see :func:`riichi_rules.conformance.events.observe`)."""
    out: list[str] = []
    last = ", ".join(actual.get("illegal", [])) or "nothing"
    for name, want in expected.items():
        got: Any = actual.get(name)
        if name == "legal":
            if want and not actual["legal"]:
                out.append(f"legal: expected the last event to be legal, but it raised {last}")
            elif not want and actual["legal"]:
                out.append("legal: expected the last event to raise a disagreement, but it "
                           "raised none")
        elif name == "illegal":
            if want not in actual["illegal"]:
                out.append(f"illegal: expected the last event to raise {want}, but it "
                           f"raised {last}")
        elif name in ("furiten", "claims"):
            for seat, names in want.items():
                have = sorted(got.get(int(seat), []))
                if sorted(names) != have:
                    out.append(f"{name}.{seat}: expected {sorted(names) or 'none'}, got "
                               f"{have or 'none'}")
        elif name == "wins":
            for seat, fields in want.items():
                scored = got.get(int(seat))
                if scored is None:
                    winners = ", ".join(str(s) for s in got) or "nobody"
                    out.append(f"wins.{seat}: seat {seat} did not win (winners: {winners})")
                    continue
                out.extend(f"wins.{seat}.{m}" for m in compare(fields, scored))
        elif name == "tenpai":
            if sorted(want) != sorted(got or ()):
                out.append(f"tenpai: expected seats {sorted(want)}, got {sorted(got or ())}")
        elif name in _AFTER_THE_HAND and got is None:
            out.append(f"{name}: the hand has not ended")
        elif name == "next":
            for key, value in want.items():
                if got[key] != value:
                    out.append(f"next.{key}: expected {value}, got {got[key]}")
        elif name == "final_points":
            if any(abs(a - b) > 0.05 for a, b in zip(want, got, strict=True)):
                out.append(f"final_points: expected {list(want)}, got {list(got)}")
        elif got != want:
            out.append(f"{name}: expected {want!r}, got {got!r}")
    return out


_AFTER_THE_HAND = frozenset({"next", "game_over", "final_scores", "final_points"})
"""The fields the referee says only once the hand has ended."""


def short_events(actual: Mapping[str, Any]) -> str:
    """A matrix cell for an events case: the disagreement of the last event, the first win, or
    the score changes."""
    if not actual:
        return ""
    if actual.get("illegal"):
        return str(actual["illegal"][0])
    wins = actual.get("wins") or {}
    if wins:
        first = next(iter(wins.values()))
        return short(first)
    deltas = actual.get("deltas") or []
    if any(deltas):
        return "/".join(f"{d:+d}" for d in deltas)
    return "legal"


def _payments_text(payments: Sequence[tuple[str, int, int]]) -> str:
    return ", ".join(f"{payer} {points}" + (f"+{honba}" if honba else "")
                     for payer, points, honba in payments) or "nothing"


def short(actual: Mapping[str, Any]) -> str:
    """``4h30f 7700``, ``5h mangan 8000``, ``yakuman 32000``, ``x2 yakuman 64000``,
    ``error no_yaku``."""
    if not actual:
        return ""
    if "error" in actual:
        return f"error {actual['error']}"
    points = actual.get("points", 0)
    yakuman = actual.get("yakuman", 0)
    if yakuman:
        return f"{'x' + str(yakuman) + ' ' if yakuman > 1 else ''}yakuman {points}"
    limit = actual.get("limit")
    if limit:
        return f"{actual.get('han')}h {limit} {points}"
    return f"{actual.get('han')}h{actual.get('fu')}f {points}"


def inline(outcome: Mapping[str, Any]) -> str:
    """An outcome on one line: ``han=4, fu=30, payments=discarder 7700``."""
    parts = []
    for key, value in outcome.items():
        if key == "payments":
            value = _payments_text(sorted(_payment_key(p) for p in value))
        parts.append(f"{key}={value}")
    return ", ".join(parts)
