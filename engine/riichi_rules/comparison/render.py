"""Comparisons as text and as Markdown: two rulesets (:class:`Comparison`) or a matrix of
three and more (:class:`Matrix`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riichi_rules.comparison.matrix import Matrix
from riichi_rules.comparison.pair import Comparison


def render_text(c: Comparison) -> str:
    lines = [f"{c.a} vs {c.b}", "", f"Parameters that differ ({len(c.parameters)}):"]
    for p in c.parameters:
        note = " (uncertain)" if any(p.uncertain) else ""
        lines.append(f"  {p.name}: {show(p.a)} | {show(p.b)}{note}")
        lines.append(f"      {p.title}")
    lines += ["", f"Yaku that differ ({len(c.yaku)}):"]
    for y in c.yaku:
        reads = f"  [reads {', '.join(y.parameters)}]" if y.parameters else ""
        lines.append(f"  {y.id}: {y.a.describe()} | {y.b.describe()}{reads}")
    for kind, (differ, compared) in c.by_kind.items():
        lines += ["", f"{kind.capitalize()} cases whose outcome differs ({differ} of "
                  f"{compared}):"]
        for d in c.cases:
            if d.kind == kind:
                lines.append(f"  {d.case}: {d.a} | {d.b}   ({d.location})")
                lines.extend(f"      {reason}" for reason in d.reasons)
    return "\n".join(lines)


def render_markdown(c: Comparison) -> str:
    lines = [f"# {c.a} vs {c.b}", "", "## Parameters", "",
             f"| parameter | {c.a} | {c.b} | meaning |", "|---|---|---|---|"]
    for p in c.parameters:
        lines.append(f"| `{p.name}` | {show(p.a)} | {show(p.b)} | {p.title}: "
                     f"{p.description.replace('|', '/')} |")
    lines += ["", "## Yaku", "", f"| yaku | {c.a} | {c.b} | parameters read |", "|---|---|---|---|"]
    for y in c.yaku:
        lines.append(f"| `{y.id}` {y.title} | {y.a.describe()} | {y.b.describe()} | "
                     f"{', '.join(y.parameters)} |")
    for kind, (differ, compared) in c.by_kind.items():
        lines += ["", f"## {kind.capitalize()} cases ({differ} of {compared} differ)", "",
                  f"| case | {c.a} | {c.b} | why |", "|---|---|---|---|"]
        lines.extend(f"| `{d.case}` | {cell(d.a)} | {cell(d.b)} | "
                     f"{cell('; '.join(d.reasons))} |" for d in c.cases if d.kind == kind)
    return "\n".join(lines) + "\n"


def cell(text: str) -> str:
    """Text for a Markdown table cell."""
    return text.replace("|", "/")


def show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    return str(value)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    return [indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
            .rstrip() for row in (head, *rows)]


def render_matrix_text(m: Matrix) -> str:
    ids = list(m.rulesets)
    lines = [" | ".join(ids), "", f"Parameters on which they differ ({len(m.parameters)}):"]
    lines += _table(["parameter", *ids],
                    [[p.name + (" (uncertain)" if any(p.uncertain) else ""),
                      *(show(v) for v in p.values)] for p in m.parameters])
    lines += ["", f"Yaku on which they differ ({len(m.yaku)}):"]
    lines += _table(["yaku", *ids, "reads"],
                    [[y.id, *y.cells, ", ".join(y.parameters)] for y in m.yaku])
    for kind, (rows, compared) in m.by_kind.items():
        lines += ["", f"{kind.capitalize()} cases whose outcome differs ({rows} of {compared}):"]
        chosen = [c for c in m.cases if c.kind == kind]
        table = _table(["case", *ids], [[c.case, *c.cells] for c in chosen])
        lines.append(table[0])
        for row, c in zip(table[1:], chosen, strict=True):
            lines.append(f"{row}   ({c.location})")
            for rid, why in zip(ids[1:], c.why[1:], strict=True):
                lines.extend(f"      {rid}: {reason}" for reason in why)
    return "\n".join(lines)


def render_matrix_markdown(m: Matrix) -> str:
    ids = list(m.rulesets)
    head = "| " + " | ".join(ids) + " |"
    rule = "|---" * (len(ids) + 1) + "|---|"
    lines = [f"# {' vs '.join(ids)}", "", "## Parameters", "",
             f"| parameter {head} meaning |", rule]
    for p in m.parameters:
        lines.append(f"| `{p.name}` | " + " | ".join(cell(show(v)) for v in p.values)
                     + f" | {cell(p.title)}: {cell(p.description)} |")
    lines += ["", "## Yaku", "", f"| yaku {head} parameters read |", rule]
    for y in m.yaku:
        lines.append(f"| `{y.id}` {cell(y.title)} | " + " | ".join(y.cells)
                     + f" | {', '.join(y.parameters)} |")
    for kind, (rows, compared) in m.by_kind.items():
        lines += ["", f"## {kind.capitalize()} cases ({rows} of {compared} differ)", "",
                  f"Why: for each ruleset whose outcome differs from {ids[0]}'s, the rules "
                  f"behind it ({ids[0]}'s answer first).", "", f"| case {head} why |", rule]
        for c in m.cases:
            if c.kind != kind:
                continue
            why = "<br>".join(f"**{rid}**: {cell(str(reason))}"
                              for rid, reasons in zip(ids[1:], c.why[1:], strict=True)
                              for reason in reasons)
            lines.append(f"| `{c.case}` | " + " | ".join(cell(x) for x in c.cells)
                         + f" | {why} |")
    return "\n".join(lines) + "\n"
