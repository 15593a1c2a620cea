"""A ruleset's overview page: what it is, where its values come from, every parameter
with its value and source, and the history of the values that changed over time."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.context import SiteBase
from riichi_rules.docs.context import plain as _plain
from riichi_rules.docs.english import GENERATED_NOTE as _GENERATED_NOTE
from riichi_rules.docs.english import TOPICS
from riichi_rules.docs.english import value_words as _value_words
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel
from riichi_rules.docs.markdown import where as _where
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.sources import PAGE as SOURCES_PAGE
from riichi_rules.docs.sources import linked, value_source


class OverviewPages(SiteBase):
    """The overview page of each ruleset."""

    def overview_page(self, rs: _Ruleset) -> str:
        page = rs.page("index.md")
        config = rs.config
        source = config.source
        lines = [f"# {_md(config.name)}", "",
                 _GENERATED_NOTE.format(what=f": `{_where(str(config.path))}` and the rule files "
                                        "it uses"), "",
                 "| | |", "|---|---|",
                 f"| Id | `{config.id}` |",
                 f"| Rulebook | {_md(source.get('rulebook', ''))} |",
                 f"| Edition | {_md(source.get('edition', ''))} |"]
        if source.get("link"):
            lines.append(f"| Link | <{source['link']}> |")
        chain = []
        for rid in config.chain:
            other = next((r for r in self.rulesets if r.config.id == rid), None)
            chain.append(f"[{rid}]({_rel(page, other.page('index.md'))})"
                         if other is not None and other is not rs else f"`{rid}`")
        lines.append(f"| Extends | {' → '.join(chain)} |")
        files = ", ".join(_where_link(page, str(p)) for p in config.rule_files)
        lines.append(f"| Rule files | {files} |")
        if config.local_yaku:
            lines.append(f"| Local yaku | {', '.join(config.local_yaku)} |")
        lines.append("")
        if source.get("notes"):
            lines += [f"**Sources.** {linked(source['notes'], page)}", ""]
        notes = rs.raw.get("notes")
        if notes:
            lines += ["**Notes.**", ""]
            for note in ([notes] if isinstance(notes, str) else notes):
                lines.append(f"- {linked(note, page)}")
            lines.append("")
        lines += ["## Pages", "",
                  f"- [Yaku](yaku.md): {self._yaku_count(rs)}",
                  "- [Fu](fu.md), [limits and payments](limits.md), "
                  "[points table](points.md) (computed by the engine)",
                  "- Table rules (read by the referee): "
                  + ", ".join(f"[{t.title.lower()}]({t.slug}.md)" for t in TOPICS
                              if t.table_rule), ""]
        lines += ["## Parameters", "",
                  "Every parameter of the ruleset, with its value. **Bold** values differ from "
                  "the schema default (EMA 2016 wherever EMA 2016 states one); "
                  "⚠ marks a value the sources leave uncertain; each value's source is this "
                  "ruleset's own ([Sources](" + _rel(page, SOURCES_PAGE) + ")).", ""]
        listed: set[str] = set()
        for topic in TOPICS:
            names = [n for n in topic.parameters if n not in listed and n in self.schemas]
            if not names:
                continue
            listed.update(names)
            lines += self._parameter_table(rs, topic.title, names)
        rest = [n for n in self.schemas if n not in listed]
        if rest:
            lines += self._parameter_table(rs, "Other", rest)
        lines += self._history(rs)
        return "\n".join(lines)

    def _history(self, rs: _Ruleset) -> list[str]:
        """The parameters whose values changed over time: each value with the days it was in
        force, and how the date is known (ruleset.json ``history``)."""
        if not rs.config.history:
            return []
        lines = ["## History", "",
                 "Values that changed over time. A game is judged by the values of its day "
                 "(`riichi replay` takes the date from the record; "
                 f"`{rs.config.id}@YYYY-MM-DD` names the ruleset as it stood that day).", ""]
        for name, timeline in rs.config.history.items():
            schema = self.schemas.get(name, {})
            lines += [f"### {_md(schema.get('title', name))} (`{name}`)", "",
                      "| In force | Value | How it is known |", "|---|---|---|"]
            first = None
            for entry in timeline:
                span = (f"from {first}" if entry.until is None and first else "today"
                        if entry.until is None else f"until {entry.until}" if first is None
                        else f"{first} to {entry.until}")
                lines.append(f"| {span} | {_md(_value_words(name, entry.value, schema))} | "
                             f"{_md(entry.note) or '—'} |")
                if entry.until is not None:
                    first = entry.until + dt.timedelta(days=1)
            lines.append("")
        return lines

    def _yaku_count(self, rs: _Ruleset) -> str:
        yaku = sum(1 for f in rs.facts.values() if f.kind == "yaku")
        yakuman = sum(1 for f in rs.facts.values() if f.kind == "yakuman")
        dora = sum(1 for f in rs.facts.values() if f.kind == "dora")
        return f"{yaku} yaku, {yakuman} yakuman, {dora} kinds of dora"

    def _parameter_table(self, rs: _Ruleset, title: str, names: Iterable[str]) -> list[str]:
        lines = [f"### {_md(title)}", "", "| Parameter | Value | Meaning | Set by |",
                 "|---|---|---|---|"]
        for name in names:
            schema = self.schemas[name]
            value = rs.config.parameters.get(name)
            shown = _value_words(name, value, schema)
            if _plain(value) != _plain(self.defaults.get(name)):
                shown = f"**{shown}**"
            if name in rs.config.uncertain:
                shown += " ⚠"
            meaning = _md(schema.get("description", ""))
            meaning += (" <br>Source: "
                        + value_source(rs.config, name, schema, rs.page("index.md")))
            origin = rs.origins.get(name) or "default"
            lines.append(f"| {_md(schema.get('title', name))} <br>`{name}` | {shown} | "
                         f"{meaning} | {_md(origin)} |")
        lines.append("")
        return lines

