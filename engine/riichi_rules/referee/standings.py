"""A game's final standings: ranks, uma, oka and the return points, as the ruleset's
parameters set them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def ranks(scores: Sequence[int], tied: str) -> list[list[int]]:
    """Seats grouped by rank, best first. ``tied`` = seat_order: ties go to the earlier seat
    (each seat its own rank); otherwise tied seats share a rank."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    if tied == "seat_order":
        return [[s] for s in order]
    groups: list[list[int]] = []
    for seat in order:
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def final_scores(scores: Sequence[int], sticks: int, rules: Mapping[str, object]) -> list[int]:
    """The scores at the end of the game, with the riichi sticks still on the table given as
    the ruleset says (``deposits_at_end``): to the first place (``first``; tied first places:
    the earlier seat, or shared with ``first_split_on_tie``), or to nobody (``left``)."""
    out = list(scores)
    mode = str(rules["deposits_at_end"])
    if not sticks or mode == "left":
        return out
    points = sticks * int(rules["riichi_deposit"])  # type: ignore[call-overload]
    top = max(out)
    firsts = [seat for seat, score in enumerate(out) if score == top]
    if mode == "first_split_on_tie" and len(firsts) > 1:
        share = points // len(firsts)
        for seat in firsts:
            out[seat] += share
        return out
    out[firsts[0]] += points
    return out


def final_points(scores: Sequence[int], rules: Mapping[str, object]) -> list[float]:
    """Each seat's result in thousands: (score - return points) / 1000 + uma + oka to the
    winner; tied seats share the uma (and oka) of the places they cover."""
    uma = [float(u) for u in rules["uma"]]  # type: ignore[attr-defined]
    start = int(rules["start_points"])  # type: ignore[call-overload]
    back = int(rules["return_points"])  # type: ignore[call-overload]
    oka = float(rules["oka"])  # type: ignore[arg-type]
    if oka == 0 and back > start:
        oka = (back - start) * len(scores) / 1000
    bonus = [u + (oka if place == 0 else 0.0) for place, u in enumerate(uma)]
    out = [0.0] * len(scores)
    place = 0
    groups = ranks(scores, str(rules["tied_ranks"]))
    thousand = rules.get("final_points_rounding") == "thousand"
    for group in groups:
        share = sum(bonus[place:place + len(group)]) / len(group)
        for seat in group:
            score = _to_thousand(scores[seat]) if thousand else scores[seat]
            out[seat] = round((score - back) / 1000 + share, 1)
        place += len(group)
    if thousand:  # the first place balances the others, so that the results sum to zero
        first = groups[0][0]
        out[first] = round(-sum(p for s, p in enumerate(out) if s != first), 1)
    return out


def _to_thousand(score: int) -> int:
    """To the nearest thousand, half a thousand away from zero: 16,500 -> 17,000,
    -7,500 -> -8,000."""
    sign = -1 if score < 0 else 1
    return sign * ((abs(score) + 500) // 1000) * 1000
