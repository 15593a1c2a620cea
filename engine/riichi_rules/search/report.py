"""The searched differences in words: text (each cause, its witness as a ``riichi score``
command, both outcomes side by side with their traces) and Markdown."""

from __future__ import annotations

import shlex
from itertools import zip_longest

from riichi_rules.notation import command_line
from riichi_rules.scoring.result import Result
from riichi_rules.search.differences import Differences, Finding
from riichi_rules.search.situations import compact
from riichi_rules.tiles import format_tiles

_COLUMN = 58


def short(result: Result | None, error: str) -> str:
    """``4 han 30 fu, 7700 (no limit)``, ``yakuman x2, 64000``, ``refused (no_yaku)``."""
    if result is None:
        return f"refused ({error})"
    value = (f"yakuman x{result.yakuman}" if result.yakuman
             else f"{result.han} han {result.fu} fu")
    extra = result.honba_total + result.sticks
    paid = f"{result.points}" + (f" + {extra}" if extra else "")
    return f"{value}, {paid} ({result.limit or 'no limit'})"


def _trace(result: Result | None, error: str) -> list[str]:
    """The result in short lines (the rules' places are in the cause above it)."""
    if result is None:
        return [f"refused: {error}"]
    groups = " ".join(format_tiles(g.tiles) for g in result.reading.groups)
    lines = [f"{groups} ({result.reading.wait.value} wait)"]
    for y in result.yaku:
        value = f"yakuman x{y.yakuman}" if y.yakuman else f"{y.han} han"
        lines.append(f"  {y.title[:36]:<37}{value:>12}")
    if not result.yakuman:
        for item in result.fu_items:
            label = f"{item.label} ({item.detail})" if item.detail else item.label
            lines.append(f"  {label[:40]:<41}{item.fu:>5} fu")
        raw = f" (from {result.fu_raw})" if result.fu_raw != result.fu else ""
        lines.append(f"  {'fu' + raw:<41}{result.fu:>5} fu")
    lines.append(f"  {'limit: ' + (result.limit or 'none'):<30}{result.basic:>10} basic")
    for p in result.payments:
        lines.append(f"  {p.payer:<12} pays {p.points}" + (f" + {p.honba}" if p.honba else ""))
    return lines


def witness_command(finding: Finding, ruleset: str) -> str:
    return shlex.join(["riichi", "score", *command_line(compact(finding.win)),
                       "--ruleset", ruleset])


def parameter_notes(d: Differences) -> list[tuple[str, str]]:
    """For each differing parameter the scoring reads: what the search found for it."""
    out = []
    for name in d.parameters:
        found = d.found_for(name)
        if found:
            out.append((name, "; ".join(f"{f.cause.stage} {f.cause.name}" for f in found)))
        elif name in d.alike:
            out.append((name, "no difference possible: every rule that reads it gives the "
                              "same outcome under both values"))
        else:
            out.append((name, "no witness found within the budget"))
    return out


def render_text(d: Differences) -> str:
    a, b = d.rulesets
    lines = [f"{a} vs {b}: {d.searched} situations searched (seed {d.seed}), "
             f"{len(d.findings)} causes of difference found", ""]
    for f in d.findings:
        lines.append(f"{f.cause}")
        lines.append(f"  shown by {f.count} situations of the search; the plainest:")
        lines.append(f"  {witness_command(f, a)}")
        lines.append(f"  {a:<{_COLUMN}} | {b}")
        lines.append(f"  {short(f.outcomes[0], f.errors[0]):<{_COLUMN}} | "
                     f"{short(f.outcomes[1], f.errors[1])}")
        for left, right in zip_longest(_trace(f.outcomes[0], f.errors[0]),
                                       _trace(f.outcomes[1], f.errors[1]), fillvalue=""):
            lines.append(f"  {left[:_COLUMN]:<{_COLUMN}} | {right[:_COLUMN]}")
        if len(f.causes) > 1:
            lines.append("  it also shows: " + "; ".join(str(c) for c in f.causes[1:]))
        if f.effects:
            lines.append("  and, as their effect: " + "; ".join(str(c) for c in f.effects))
        lines.append("")
    lines.append(f"Scoring parameters that differ ({len(d.parameters)}):")
    for name, note in parameter_notes(d):
        lines.append(f"  {name}: {note}")
    return "\n".join(lines)


def render_markdown(d: Differences) -> str:
    a, b = d.rulesets
    lines = [f"# {a} vs {b}: searched differences", "",
             f"{d.searched} situations searched (seed {d.seed}).", "",
             f"| cause | rule | parameters | {a} | {b} | situations | witness |",
             "|---|---|---|---|---|---|---|"]
    for f in d.findings:
        lines.append(
            f"| {f.cause.stage} {f.cause.name} | `{f.cause.origin}` | "
            f"{', '.join(f.cause.parameters)} | {short(f.outcomes[0], f.errors[0])} | "
            f"{short(f.outcomes[1], f.errors[1])} | {f.count} | "
            f"`{shlex.join(command_line(compact(f.win)))}` |")
    lines += ["", "| parameter | found |", "|---|---|"]
    lines += [f"| `{name}` | {note} |" for name, note in parameter_notes(d)]
    return "\n".join(lines) + "\n"
