"""The impact reports as text, Markdown and JSON: the recorded wins rescored under two rulesets
(:class:`~riichi_rules.impact.wins.Impact`) and the games settled under two rulesets
(:class:`~riichi_rules.impact.standings.Settlement`)."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Any

from riichi_rules.impact.standings import Settlement, Standing
from riichi_rules.impact.wins import KINDS, CauseImpact, Impact, cause_text

SETTLING = ("Each game is settled from its record under each ruleset: the record's hands, in "
            "its order, with its dealers, honba and events; every win scored and settled, "
            "every draw paid, and the final standings made by that ruleset's rules, from its "
            "start points. A rule that would have changed the course of the game (its end, "
            "who may call or win, an abortive draw) cannot be replayed from a record: where "
            "the record does what {b}'s rules would not allow, it is listed as approximated.")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f} %" if whole else "-"


def _signed(points: float) -> str:
    return f"{points:+,.0f}" if float(points).is_integer() else f"{points:+,.1f}"


def _reasons(counts: Counter[str]) -> str:
    return ", ".join(f"{reason} {n}" for reason, n in counts.most_common())


def _wins(n: int) -> str:
    return f"{n} win" if n == 1 else f"{n} wins"


def _moved(ci: CauseImpact) -> str:
    moved, largest = ci.moved, ci.largest
    if not moved or largest is None:
        return "no points moved (each is a win under one ruleset only)"
    return (f"points moved {_signed(sum(moved))} ({_signed(sum(moved) / len(moved))} a win), "
            f"largest {_signed(largest.moved or 0)} at {largest.win.id}")


def wins_text(impact: Impact, corpus: Sequence[str], examples: int = 3) -> str:
    """The report of ``riichi compare A B --corpus FILES``."""
    a, b = impact.a, impact.b
    kinds = impact.kinds
    skipped, unreadable = impact.skipped, impact.unreadable
    lines = [f"{a} vs {b}: the recorded wins of {', '.join(corpus)}, scored under both", "",
             f"Wins found      {impact.found:6d}",
             f"  skipped       {sum(skipped.values()):6d}"
             + (f"   {_reasons(skipped)}" if skipped else ""),
             f"  unreadable    {sum(unreadable.values()):6d}"
             + (f"   {_reasons(unreadable)}" if unreadable else ""),
             f"  read          {impact.read:6d}   scored under both {impact.scored_both}, "
             f"under {a} only {kinds['only_a']}, under {b} only {kinds['only_b']}, "
             f"under neither {sum(impact.neither.values())}"
             + (f" ({_reasons(Counter(impact.neither))})" if impact.neither else "")]
    files = impact.files_unreadable
    if files:
        lines.append(f"Files not read: {sum(files.values())}")
        lines += [f"  {u.message}" for u in impact.unread if not u.wins]
    changed = len(impact.changes)
    lines += ["", f"Wins whose outcome differs: {changed} of {impact.read} read "
              f"({_pct(changed, impact.read)})"]
    width = max(len(impact.kind_title(k)) for k in KINDS)
    lines += [f"  {impact.kind_title(k):<{width}}  {kinds[k]:6d}" for k in KINDS]
    moved = [c.moved for c in impact.changes if c.moved is not None]
    if moved:
        lines.append(f"Points moved ({b} - {a}): {_signed(sum(moved))} over the "
                     f"{_wins(len(moved))} scored under both ({_signed(sum(moved) / len(moved))} "
                     "a win)")
    if impact.causes:
        lines += ["", "By cause (a win with several causes counts under each):"]
    for ci in impact.causes:
        n = len(ci.changes)
        lines.append(f"  {cause_text(ci.cause)}")
        lines.append(f"      {_wins(n)} ({_pct(n, impact.read)}), {_moved(ci)}")
        for change in ci.changes[:examples]:
            lines.append(f"      e.g. {change.win.id}: {change.a} | {change.b}")
    return "\n".join(lines)


def wins_markdown(impact: Impact, corpus: Sequence[str], examples: int = 3) -> str:
    """The report as Markdown tables."""
    a, b = impact.a, impact.b
    kinds = impact.kinds
    lines = [f"# {a} vs {b} on recorded wins", "",
             "Corpus: " + ", ".join(f"`{c}`" for c in corpus), "",
             "| wins | count |", "|---|---:|", f"| found | {impact.found} |"]
    lines += [f"| skipped: {r} | {n} |" for r, n in impact.skipped.most_common()]
    lines += [f"| unreadable: {r} | {n} |" for r, n in impact.unreadable.most_common()]
    lines += [f"| read | {impact.read} |", f"| scored under both | {impact.scored_both} |",
              f"| scored under neither | {sum(impact.neither.values())} |",
              f"| **outcome differs** | **{len(impact.changes)}** "
              f"({_pct(len(impact.changes), impact.read)}) |"]
    lines += [f"| files not read: {r} | {n} |" for r, n in impact.files_unreadable.items()]
    lines += ["", "## Kinds of difference", "", "| kind | wins |", "|---|---:|"]
    lines += [f"| {impact.kind_title(k)} | {kinds[k]} |" for k in KINDS]
    lines += ["", f"## By cause (points moved: {b} - {a})", "",
              "| cause | wins | share | points moved | mean | largest | examples |",
              "|---|---:|---:|---:|---:|---|---|"]
    for ci in impact.causes:
        moved, largest = ci.moved, ci.largest
        mean = _signed(sum(moved) / len(moved)) if moved else "-"
        big = f"{_signed(largest.moved or 0)} `{largest.win.id}`" if largest else "-"
        shown = "<br>".join(f"`{c.win.id}`: {c.a} → {c.b}" for c in ci.changes[:examples])
        lines.append(f"| {cause_text(ci.cause).replace('|', '/')} | {len(ci.changes)} | "
                     f"{_pct(len(ci.changes), impact.read)} | {_signed(sum(moved))} | {mean} | "
                     f"{big} | {shown} |")
    return "\n".join(lines) + "\n"


def _row(ruleset: str, width: int, standing: Standing) -> str:
    scores = " ".join(f"{s:7d}" for s in standing.scores)
    places = " ".join(str(p) for p in standing.places)
    points = " ".join(f"{p:+7.1f}" for p in standing.points)
    return f"  {ruleset:<{width}}  scores {scores}   places {places}   points {points}"


def standings_text(settled: Sequence[Settlement], a: str, b: str) -> str:
    """Each game's final standings under A and B, the flips and what is approximated."""
    width = max(len(a), len(b))
    lines = [f"Final standings, {a} vs {b} (seats 0-3; seat 0 is the first dealer):"]
    for s in settled:
        if s.a is None or s.b is None:
            continue
        lines += ["", f"{s.game_id} ({s.source})" if s.game_id else s.source,
                  _row(a, width, s.a), _row(b, width, s.b)]
        if s.flipped:
            lines.append("  places flip: " + ", ".join(
                f"seat {seat} {s.a.places[seat]} -> {s.b.places[seat]}" for seat in s.flipped))
        for d in s.approximated:
            lines.append(f"  approximated under {b}: {d.hand} event {d.event}: {d.what}: "
                         f"{d.message}")
    for s in settled:
        if s.not_settled:
            lines.append(f"{s.source}: not settled: {s.not_settled}")
    lines += ["", textwrap.fill(SETTLING.format(b=b), 100), "", standings_total(settled, a, b)]
    return "\n".join(lines)


def standings_total(settled: Sequence[Settlement], a: str, b: str) -> str:
    done = [s for s in settled if s.a is not None and s.b is not None]
    flips = [s for s in done if s.flipped]
    first = [s for s in flips if s.a and s.b and s.a.places.index(1) != s.b.places.index(1)]
    approximated = sum(1 for s in done if s.approximated)
    return (f"{len(done)} games settled under {a} and {b}: places flip in {len(flips)} "
            f"({len(first)} with another first place); {approximated} approximated; "
            f"{len(settled) - len(done)} not settled")


def standings_json(settled: Sequence[Settlement], a: str, b: str) -> dict[str, Any]:
    done = [s for s in settled if s.a is not None and s.b is not None]
    return {"a": a, "b": b, "settled": len(done),
            "flipped": sum(1 for s in done if s.flipped),
            "approximated": sum(1 for s in done if s.approximated),
            "not_settled": len(settled) - len(done),
            "games": [s.to_json() for s in settled]}
