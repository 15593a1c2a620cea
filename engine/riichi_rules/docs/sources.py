"""The rulebook's Sources page, and each parameter's source as the ruleset pages show it.

Every source of ``rulesets/sources.json`` gets a section (``sources.md#<id>``) with what it
is, where it is read and what cites it: rulesets (by parameter), rule files and conformance
cases. A citation's registry ids become links to those sections.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.rulesets.sources import Citation, Source, citations, cited_ids, load_sources

PAGE = "sources.md"

_KINDS = {
    "rulebook": "rulebook", "translation": "translation of a rulebook", "platform":
    "platform's own rules", "wiki": "wiki page", "forum": "forum post", "summary":
    "summary of the rules", "blog": "blog post", "code": "engine or preset (code)",
    "records": "game records",
}


def _md(text: object) -> str:
    out = str(text)
    for ch in ("\\", "*", "_", "`", "[", "]", "<", ">", "|", "#"):
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def _rel(from_page: str, to: str) -> str:
    return os.path.relpath(to, os.path.dirname(from_page) or ".").replace(os.sep, "/")


def linked(text: str, page: str) -> str:
    """``text`` made safe for Markdown, each registry id it names a link to its section."""
    known = load_sources()
    ids = cited_ids(text, known)
    if not ids:
        return _md(text)
    target = _rel(page, PAGE)
    pattern = re.compile(r"(?<![A-Za-z0-9_/.-])(" + "|".join(map(re.escape, ids))
                         + r")(?![A-Za-z0-9_-])")
    out: list[str] = []
    last = 0
    for m in pattern.finditer(text):
        out.append(_md(text[last:m.start()]))
        out.append(f"[{m.group(1)}]({target}#{m.group(1)})")
        last = m.end()
    out.append(_md(text[last:]))
    return "".join(out)


def value_source(config: RulesetConfig, name: str, schema: Mapping[str, Any], page: str) -> str:
    """Where this ruleset's value of parameter ``name`` comes from, in Markdown: its own
    citation, or why there is none (uncertain, or not found stated), never the schema
    default's source for a ruleset that has its own sources."""
    cited = config.citations.get(name)
    if cited is not None:
        by = config.cited_by.get(name, config.id)
        where = "" if by == config.id else f" (cited by `{by}`)"
        return f"{linked(cited, page)}{where}"
    doubt = config.uncertain.get(name)
    if doubt is not None:
        return f"⚠ *uncertain:* {linked(doubt, page)}"
    unsourced = config.unsourced.get(name)
    if unsourced is not None:
        return f"*not found stated:* {linked(unsourced, page)}"
    if schema.get("x-source"):
        return f"*schema default:* {linked(str(schema['x-source']), page)}"
    return "*schema default*"


def _label(c: Citation, root: Path) -> tuple[str, str]:
    """(group, item) for the cited-by list of a source."""
    try:
        rel = c.file.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        rel = c.file.name
    if rel.endswith("ruleset.json"):
        key = c.where.split(".", 1)
        return f"ruleset `{rel}`", (f"`{key[1]}`" if key[0] in ("citations", "uncertain")
                                    else c.where)
    if rel.endswith("ruleset.schema.json"):
        return "the parameter defaults (`rulesets/schema/ruleset.schema.json`)", \
            f"`{c.where.split()[0]}`"
    if rel.endswith(".rules"):
        return f"rule file `{rel}`", f"line {c.line}"
    if rel.endswith(".yaml"):
        return f"conformance `{rel}`", (f"`{c.where.split()[0]}`" if c.where != "comment"
                                        else "comments")
    return f"`{rel}`", c.where


def cited_by() -> dict[str, dict[str, list[str]]]:
    """Source id -> group (a file) -> the items that cite it (parameters, cases, lines)."""
    known = load_sources()
    root = resources.data_root()
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for c in citations():
        for sid in cited_ids(c.text, known):
            group, item = _label(c, root)
            items = out[sid][group]
            if item not in items:
                items.append(item)
    return out


def _source_section(s: Source, users: Mapping[str, list[str]]) -> list[str]:
    lines = [f"## {_md(s.title)} {{ #{s.id} }}", "", "| | |", "|---|---|",
             f"| Id | `{s.id}` |"]
    if s.publisher:
        lines.append(f"| Publisher | {_md(s.publisher)} |")
    lines += [f"| Edition | {_md(s.edition)} |",
              f"| Kind | {_KINDS.get(s.kind, s.kind)} |",
              f"| Language | {s.language} |",
              f"| Where | {f'<{s.url}>' if s.url else 'no address known'} |"]
    if s.also:
        lines.append(f"| Also | {', '.join(f'<{u}>' for u in s.also)} |")
    lines += [f"| Covers | {_md(s.covers)} |", ""]
    if users:
        lines += ["**Cited by:**", ""]
        for group in sorted(users):
            items = users[group]
            shown = ", ".join(items[:40]) + (f" and {len(items) - 40} more"
                                             if len(items) > 40 else "")
            lines.append(f"- {group}: {shown}")
        lines.append("")
    return lines


def sources_page(note: str) -> str:
    """The Sources page: every source of the registry and what cites it."""
    sources = load_sources()
    users = cited_by()
    lines = ["# Sources", "", note, "",
             f"The {len(sources)} sources that the rulesets, the rule files and the conformance "
             "cases cite, from `rulesets/sources.json`. A citation names a source by its id "
             "with the section or a short quote; `riichi check --sources` checks that every "
             "id cited is here and that every source here is cited.", "",
             "| Id | Title | Kind | Language |", "|---|---|---|---|"]
    for s in sources.values():
        lines.append(f"| [`{s.id}`](#{s.id}) | {_md(s.title)} | {_KINDS.get(s.kind, s.kind)} "
                     f"| {s.language} |")
    lines.append("")
    for s in sources.values():
        lines += _source_section(s, users.get(s.id, {}))
    return "\n".join(lines)
