"""The comparison pages: every ruleset side by side, and each pair's differences
(parameters, yaku, conformance cases, the search's differences, points)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riichi_rules.comparison.pair import Comparison, compare
from riichi_rules.docs.context import WIDE as _WIDE
from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.context import SiteBase
from riichi_rules.docs.context import plain as _plain
from riichi_rules.docs.english import GENERATED_NOTE as _GENERATED_NOTE
from riichi_rules.docs.english import TOPICS
from riichi_rules.docs.english import outcome as _outcome
from riichi_rules.docs.facts import han_text
from riichi_rules.docs.markdown import attr as _attr
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.points import FU_COLUMNS, HAN_ROWS, points_for
from riichi_rules.docs.render import format_value
from riichi_rules.docs.witnesses import Side, differences_lines
from riichi_rules.search.causes import Reason


class ComparePages(SiteBase):
    """The comparison pages."""

    def compare_pages(self) -> list[Any]:
        self.write("compare/index.md", self.matrix_page())
        nav: list[Any] = ["generated/compare/index.md"]
        for a, b in self.pairs():
            page = f"compare/{a.slug}-vs-{b.slug}.md"
            comparison = compare(a.prog, b.prog, cases=True, suite=self.cases)
            self.write(page, self.pair_page(a, b, comparison))
            nav.append({f"{a.short} and {b.short}": f"generated/{page}"})
        return nav

    def matrix_page(self) -> str:
        page = "compare/index.md"
        rss = self.rulesets
        head = "| | " + " | ".join(f"[{_md(rs.short)}]({_rel(page, rs.page('index.md'))})"
                                   for rs in rss) + " |"
        rule = "|---|" + "---|" * len(rss)
        lines = [_WIDE, "# Every ruleset side by side", "",
                 _GENERATED_NOTE.format(what=": the bundled rulesets' parameters and rule "
                                        "files"), "",
                 "**Bold** values differ from the schema default (EMA 2016 wherever it states "
                 "one); ⚠ marks a value the sources leave uncertain (hover for the reason).",
                 ""]
        if self.pairs():
            lines += ["Pairwise differences: " + ", ".join(
                f"[{_md(a.short)} and {_md(b.short)}]({a.slug}-vs-{b.slug}.md)"
                for a, b in self.pairs()) + ".", ""]
        lines += ["## Parameters", ""]
        listed: set[str] = set()
        for topic in TOPICS:
            names = [n for n in topic.parameters if n not in listed and n in self.schemas]
            if not names:
                continue
            listed.update(names)
            lines += [f"### {_md(topic.title)}", "", head, rule]
            for name in names:
                lines.append(self._matrix_row(name, rss))
            lines.append("")
        rest = [n for n in self.schemas if n not in listed]
        if rest:
            lines += ["### Other", "", head, rule]
            lines += [self._matrix_row(n, rss) for n in rest]
            lines.append("")
        lines += ["## Yaku", "",
                  "Han closed/open (`\u2013`: closed hands only), `Y` a yakuman "
                  "(`Y\u00d72` a double), "
                  "`—` not in the ruleset, `never` in the ruleset but ruled out by its "
                  "parameters. Each cell links to the yaku's entry.", "", head, rule]
        order: list[str] = []
        for rs in rss:
            order += [k for k in rs.facts if k not in order]
        for name in order:
            title = next(rs.facts[name].title for rs in rss if name in rs.facts)
            cells = []
            first = next(rs.facts.get(name) for rs in rss if name in rs.facts)
            for rs in rss:
                f = rs.facts.get(name)
                text = han_text(f)
                if f is not None:
                    text = f"[{_md(text)}]({_rel(page, rs.page('yaku.md'))}#{name})"
                    if han_text(f) != han_text(first):
                        text = f"**{text}**"
                cells.append(text)
            lines.append(f"| {_md(title)} <br>`{name}` | " + " | ".join(cells) + " |")
        lines.append("")
        return "\n".join(lines)

    def _matrix_row(self, name: str, rss: Sequence[_Ruleset]) -> str:
        schema = self.schemas[name]
        default = self.defaults.get(name)
        cells = []
        for rs in rss:
            value = rs.config.parameters.get(name)
            text = _md(format_value(value))
            if _plain(value) != _plain(default):
                text = f"**{text}**"
            uncertain = rs.config.uncertain.get(name)
            if uncertain:
                text += f' <span class="uncertain" title="{_attr(uncertain)}">⚠</span>'
            cells.append(text)
        title = _attr(str(schema.get("description", "")))
        return (f'| <span title="{title}">{_md(schema.get("title", name))}</span> <br>'
                f"`{name}` | " + " | ".join(cells) + " |")

    def pair_page(self, a: _Ruleset, b: _Ruleset, c: Comparison) -> str:
        """Where two rulesets differ: :func:`riichi_rules.comparison.pair.compare`'s comparison (the
        parameters, yaku and conformance cases of ``riichi compare``), and the points table
        cells that differ."""
        page = f"compare/{a.slug}-vs-{b.slug}.md"
        lines = [_WIDE, f"# {_md(a.short)} and {_md(b.short)}", "",
                 _GENERATED_NOTE.format(what=f", as `riichi compare {a.config.id} "
                                        f"{b.config.id}` compares them"), "",
                 f"[{_md(a.config.name)}]({_rel(page, a.page('index.md'))}) and "
                 f"[{_md(b.config.name)}]({_rel(page, b.page('index.md'))}) differ in "
                 f"{len(c.parameters)} parameters and {len(c.yaku)} yaku; "
                 f"{len(c.cases)} of the {c.cases_compared} cases of the conformance suite "
                 "(hands to score, and hands followed by the referee) come out differently.",
                 ""]
        lines += ["## Parameters", ""]
        if c.parameters:
            lines += [f"| Parameter | {_md(a.short)} | {_md(b.short)} | Meaning |",
                      "|---|---|---|---|"]
            for p in c.parameters:
                values = []
                for value, uncertain in zip((p.a, p.b), p.uncertain, strict=True):
                    values.append(_md(format_value(value)) + (
                        f' <span class="uncertain" title="{_attr(uncertain)}">⚠</span>'
                        if uncertain else ""))
                lines.append(f"| {_md(p.title)} <br>`{p.name}` | {values[0]} | {values[1]} | "
                             f"{_md(p.description)} |")
        else:
            lines.append("The parameters are the same.")
        lines += ["", "## Yaku", ""]
        if c.yaku:
            lines += [f"| Yaku | {_md(a.short)} | {_md(b.short)} | Difference |",
                      "|---|---|---|---|"]
            for y in c.yaku:
                fa, fb = a.facts.get(y.id), b.facts.get(y.id)
                ca = (f"[{_md(han_text(fa))}]({_rel(page, a.page('yaku.md'))}#{y.id})"
                      if fa is not None else "—")
                cb = (f"[{_md(han_text(fb))}]({_rel(page, b.page('yaku.md'))}#{y.id})"
                      if fb is not None else "—")
                changes = [_md(change) for change in y.changes]
                if fa is not None and fb is not None and fa.scores and fb.scores \
                        and fa.condition != fb.condition:
                    changes.append(f"condition here: “{_md(fa.condition)}” → "
                                   f"“{_md(fb.condition)}”")
                lines.append(f"| {_md(y.title)} <br>`{y.id}` | {ca} | {cb} | "
                             f"{'<br>'.join(changes)} |")
        else:
            lines.append("The yaku are the same.")
        lines += ["", "## Conformance cases", ""]
        if c.cases:
            lines += [f"The cases of the conformance suite that {_md(a.short)} and "
                      f"{_md(b.short)} decide differently: hands scored, and hands followed "
                      "event by event by the referee, under both rulesets' own rules. *Why* "
                      "names the rules whose part of the score, or whose answer at the table, "
                      "differs, where they are written, and the parameters they read whose "
                      "values differ.",
                      "", f"| Case | {_md(a.short)} | {_md(b.short)} | Why |",
                      "|---|---|---|---|"]
            for d in c.cases:
                where = self._location_link(page, d.location)
                source = f" · {_md(d.source)}" if d.source else ""
                why = "<br>".join(self._reason(page, r) for r in d.why) or \
                    "the rules behind it are not traced"
                lines.append(f"| `{d.case}` <br><small>{where}{source}</small> | "
                             f"{_md(_outcome(d.a))} | {_md(_outcome(d.b))} | {why} |")
        else:
            lines.append(f"Every case of the conformance suite ({c.cases_compared}) comes out "
                         "the same in both.")
        found = self.pair_found.get((a.slug, b.slug))
        if found is not None:
            sides = tuple(Side(rs.short, self.ruleset_arg(rs), rs.config.parameters,
                               self.yaku_linker(rs, page)) for rs in (a, b))
            lines += ["", *differences_lines(found, page, self.tiles_base(page),
                                             (sides[0], sides[1]), self.param_titles,
                                             {**b.titles, **a.titles})]
        lines += ["", "## Points", "",
                  "Hands whose points differ (computed by each ruleset's own rules; "
                  "non-dealer and dealer, ron and tsumo):", ""]
        rows = []
        for han in HAN_ROWS:
            for fu in FU_COLUMNS:
                for dealer in (False, True):
                    for tsumo in (False, True):
                        pa = points_for(a.prog, han, fu, dealer=dealer, tsumo=tsumo)
                        pb = points_for(b.prog, han, fu, dealer=dealer, tsumo=tsumo)
                        if pa.text != pb.text and not (fu in (20, 25) and han == 1):
                            who = ("dealer" if dealer else "non-dealer") + (
                                " tsumo" if tsumo else " ron")
                            rows.append(f"| {han} han {fu} fu | {who} | {pa.text} | {pb.text} |")
        if rows:
            lines += [f"| Hand | Win | {_md(a.short)} | {_md(b.short)} |", "|---|---|---|---|"]
            lines += rows[:60]
            if len(rows) > 60:
                lines.append(f"| … | {len(rows) - 60} more | | |")
        else:
            lines.append("No hand of 1 to 13 han scores differently.")
        lines.append("")
        return "\n".join(lines)

    def _location_link(self, page: str, location: str) -> str:
        """``conformance/dora.yaml:18`` as a link to the file's page (when published)."""
        file, _, line = location.rpartition(":")
        if not file or not line.isdigit():
            return f"`{_md(location)}`"
        return _where_link(page, file, int(line))

    def _reason(self, page: str, reason: Reason) -> str:
        """"limit none vs mangan ([scoring.rules:5](…)); reads “Kiriage mangan” (`kiriage`)"."""
        where, _, note = reason.origin.partition("; ")
        text = f"{_md(reason.what)} ({self._location_link(page, where)}"
        text += f"; {_md(note)})" if note else ")"
        if reason.parameters:
            text += "; reads " + ", ".join(
                f"“{_md(self.param_titles.get(n, n))}” (`{n}`)" for n in reason.parameters)
        return text

