"""The table search's findings in words (the "Table rules" part of ``riichi compare A B
--search``): each clause the two rulesets read differently, with its witness (what each
referee decided, the case as YAML ready for conformance/) or why it has none; as text and as
Markdown."""

from __future__ import annotations

from typing import Any

from riichi_rules.search.table_differences import TableDifferences, TableFinding, label


def decided(expect: dict[str, Any]) -> str:
    """What a case states for one ruleset, in a few words: "illegal_riichi", "legal; furiten
    1: own_discard", "deltas -4000/2000/2000/0"."""
    parts = []
    for name, value in expect.items():
        if name == "illegal":
            parts.append(str(value))
        elif name == "legal":
            parts.append("legal")
        elif name in ("claims", "furiten"):
            parts += [f"{name} {seat}: {', '.join(v) or 'none'}" for seat, v in value.items()]
        elif name == "wins":
            parts += [f"seat {seat} wins " + (f"yakuman x{w['yakuman']}" if w.get("yakuman")
                                              else f"{w.get('han')}h{w.get('fu')}f")
                      + f" {w.get('points')}" for seat, w in value.items()]
        elif name == "next":
            parts.append(", ".join(f"{k.replace('_', ' ')}: {_yes(v)}" for k, v in value.items()))
        elif name == "game_over":
            parts.append("game over" if value else "game goes on")
        elif isinstance(value, list):
            parts.append(f"{name.replace('_', ' ')} " + "/".join(str(v) for v in value))
        else:
            parts.append(f"{name.replace('_', ' ')} {value}")
    return "; ".join(parts) or "the same"


def _yes(value: object) -> str:
    return "yes" if value else "no"


def _summary(d: TableDifferences) -> str:
    witnessed = len(d.targets) - len(d.unwitnessed)
    return (f"{len(d.targets)} clauses read differently, {witnessed} witnessed by "
            f"{len(d.findings)} event sequences ({d.searched} scenarios played, seed {d.seed})")


def render_text(d: TableDifferences) -> str:
    a, b = d.rulesets
    lines = [f"Table rules: {_summary(d)}", ""]
    for f in d.findings:
        lines += _finding_text(f, a, b)
    if d.unwitnessed:
        lines.append(f"Clauses with no witness ({len(d.unwitnessed)}):")
        for t in d.unwitnessed:
            params = f" [rule.{', rule.'.join(t.parameters)}]" if t.parameters else ""
            lines.append(f"  {label(t.pair.part)} ({t.pair.origin}){params}: {t.note}")
    return "\n".join(lines).rstrip()


def _finding_text(f: TableFinding, a: str, b: str) -> list[str]:
    ea, eb = f.expect
    lines = [str(f.causes[0]),
             f"  {len(f.steps)} events; {a}: {decided(ea)} | {b}: {decided(eb)}"]
    if len(f.causes) > 1:
        lines.append("  it also shows: " + "; ".join(str(c) for c in f.causes[1:]))
    lines.append("  the case:")
    lines += ["    " + line for line in f.text.rstrip().splitlines()]
    lines.append("")
    return lines


def render_markdown(d: TableDifferences) -> str:
    a, b = d.rulesets
    lines = ["## Table rules", "", _summary(d) + ".", "",
             f"| clause | rule | parameters | {a} | {b} | events |", "|---|---|---|---|---|---|"]
    for f in d.findings:
        ea, eb = f.expect
        first = f.causes[0]
        lines.append(f"| {first.text} | `{first.origin}` | {', '.join(first.parameters)} | "
                     f"{_cell(decided(ea))} | {_cell(decided(eb))} | {len(f.steps)} |")
    for t in d.unwitnessed:
        lines.append(f"| {label(t.pair.part)} | `{t.pair.origin}` | "
                     f"{', '.join(t.parameters)} | no witness | {_cell(t.note)} | |")
    for f in d.findings:
        lines += ["", f"### {f.causes[0].text}", ""]
        if len(f.causes) > 1:
            lines += ["Also shows: " + "; ".join(_cell(str(c)) for c in f.causes[1:]), ""]
        lines += ["```yaml", f.text.rstrip(), "```"]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "/")
