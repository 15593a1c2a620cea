"""A ruleset's table rules pages (furiten, claims, riichi, kans, pao, draws, the next hand,
the game's end): each rule of the table rendered in English from its rule, as written and as
it comes to in the ruleset, and the parameters the referee reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.context import SiteBase, anchor, here_condition
from riichi_rules.docs.context import uses_params as _uses_params
from riichi_rules.docs.english import CLAUSE_WORDS as _CLAUSE_WORDS
from riichi_rules.docs.english import CONST_WORDS as _CONST_WORDS
from riichi_rules.docs.english import NOT_YET as _NOT_YET
from riichi_rules.docs.english import PAYERS, RESULT_WORDS, Topic
from riichi_rules.docs.english import REFEREE as _REFEREE
from riichi_rules.docs.english import prose as _prose
from riichi_rules.docs.folding import TypedView
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import sentence as _sentence
from riichi_rules.docs.markdown import stop as _stop
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.render import Const, Renderer, fold, format_value, static_value
from riichi_rules.docs.sources import value_source
from riichi_rules.language import ast


class TablePages(SiteBase):
    """The pages of the rules of the table of each ruleset."""

    # -- table rules -------------------------------------------------------------------------
    def topic_page(self, rs: _Ruleset, topic: Topic) -> str:
        page = rs.page(f"{topic.slug}.md")
        lines = self.header(rs, topic.title)
        rules = self._table_rules(rs, page, topic)
        if rules:
            lines += [f"*{_md(topic.intro)}*", "", "!!! info \"Rules of the table\"",
                      f"    {_REFEREE}", "", "## Rules", "", *rules]
            if topic.parameters:
                lines += ["## Parameters", ""]
        else:
            lines += [f"*{_md(topic.intro)}*", "", "!!! info \"Parameters only\"",
                      f"    {_NOT_YET}", ""]
        level = "###" if rules else "##"
        for name in topic.parameters:
            schema = self.schemas.get(name)
            if schema is None:
                continue
            value = rs.config.parameters.get(name)
            lines += [f"{level} {_md(schema.get('title', name))}", ""]
            lines += [f"**{_md(_prose(name, value, schema))}** "
                      f"(`{name}` = {_md(format_value(value))})", ""]
            lines += [_md(schema.get("description", "")), ""]
            origin = rs.origins.get(name)
            set_by = (f"set by `{origin}`" if origin else "the schema default")
            lines += [f"*Value: {set_by}.* Source: "
                      f"{value_source(rs.config, name, schema, rs.page(topic.slug + '.md'))}", ""]
        return "\n".join(lines)

    def _table_rules(self, rs: _Ruleset, page: str, topic: Topic) -> list[str]:
        """The table declarations of the topic's kinds, each clause rendered in English as
        written (with the values of its parameters here) and as it comes to in this
        ruleset."""
        table = getattr(rs.prog, "table", None)
        if table is None or not topic.kinds:
            return []
        try:
            from riichi_rules.language.table_vocabulary import TABLE_FEATURES
        except ImportError:  # pragma: no cover - the table vocabulary ships with the language
            return []
        renderer = Renderer(rs.config.parameters, self.param_titles, rs.titles, TABLE_FEATURES,
                            rs.table_view)
        plain = Renderer(None, self.param_titles, rs.titles, TABLE_FEATURES, rs.table_view)
        lines: list[str] = []
        for kind in topic.kinds:
            for rule in table.of(kind):
                decl = rule.declaration
                title = decl.title or decl.name
                lines += [f"### {_md(title)} {{ #{anchor(kind + '-' + decl.name)} }}", "",
                          f"`{kind} {decl.name}` · "
                          f"{_where_link(page, decl.span.file, decl.span.line)}", ""]
                for doc in decl.clauses_of("doc"):
                    if doc.label:
                        lines += [f"*{_md(doc.label)}*", ""]
                try:
                    lines += table_rule_lines(decl, renderer, plain, rs.table_view)
                except Exception as error:  # a rule the renderer cannot read yet: say so
                    lines += [f"*(not rendered: {_md(error)})*", ""]
                source = decl.first("source")
                if source is not None and source.label:
                    lines += [f"**Source:** {_md(source.label)}", ""]
        return lines


def table_rule_lines(decl: ast.Declaration, renderer: Renderer, plain: Renderer,
                     params: Mapping[str, object] | TypedView) -> list[str]:
    """A table rule's clauses in English: its condition (as written, with the parameters'
    values here, then as it comes to in the ruleset), priority, how many may claim at once,
    and who pays what."""
    lines: list[str] = []
    pays = [c for c in decl.clauses if c.keyword in ("pay", "gain") and c.value is not None]
    for clause in decl.clauses:
        if clause.keyword == "let" and clause.value is not None:
            lines += [f"**Where** *{_md(clause.name)}* is "
                      f"{_md(_stop(renderer.value(clause.value)))}", ""]
        elif clause.keyword == "result" and clause.value is not None:
            lines += [f"**{RESULT_WORDS.get(decl.kind, RESULT_WORDS['standings'])}:** "
                      f"{_md(_stop(renderer.value(clause.value)))}", ""]
        elif clause.keyword in _CLAUSE_WORDS:
            cond = clause.value if clause.value is not None else clause.when
            if cond is None:
                lines += [f"**{_CLAUSE_WORDS[clause.keyword]}:** always.", ""]
                continue
            lines += [f"**{_CLAUSE_WORDS[clause.keyword]}:** "
                      f"{_md(_stop(renderer.condition(cond)))}", ""]
            here = here_condition(cond, params, plain, plain.condition(cond))
            if isinstance(here, Const):
                never, always = _CONST_WORDS[clause.keyword]
                lines += [f"**In this ruleset** {always if here.value else never}.", ""]
            elif here is not None:
                lines += [f"**In this ruleset** that comes to: "
                          f"{_md(_stop(plain.condition(here)))}", ""]
        elif clause.keyword == "priority" and clause.value is not None:
            lines += [f"**Priority:** {_md(renderer.value(clause.value))} (of several claims on "
                      "one tile, the one of highest priority is served).", ""]
        elif clause.keyword == "up_to" and clause.value is not None:
            lines += ["**How many players may make this claim on one tile:** "
                      f"{_md(_stop(renderer.value(clause.value)))}", ""]
            value = static_value(clause.value, params)
            if _uses_params(clause.value) and value is not None:
                lines += [f"**In this ruleset:** {_md(format_value(value))}.", ""]
    if pays:
        lines += ["**Who pays:**" if any(c.keyword == "pay" for c in pays)
                  else "**What the player gains (in points):**", ""]
        lines += [f"- {_md(_pay_sentence(c, renderer, c.when))}" for c in pays]
        lines.append("")
        if any(_uses_params(c.when) or _uses_params(c.value) for c in pays):
            here_lines = []
            for c in pays:
                when = fold(c.when, params) if c.when is not None else None
                if isinstance(when, Const) and not when.value:
                    continue
                if isinstance(when, Const):
                    when = None
                here_lines.append(f"- {_md(_pay_sentence(c, plain, when, params))}")
            lines += ["**In this ruleset:**", ""]
            lines += here_lines or [
                "- nobody pays." if any(c.keyword == "pay" for c in pays) else "- nothing."]
            lines.append("")
    return lines


def _pay_sentence(clause: ast.Clause, renderer: Renderer, when: Any,
                  params: Mapping[str, object] | TypedView | None = None) -> str:
    """"The liable player pays the win's value when the win is by self-draw."."""
    template = "the player gains {value}" if clause.keyword == "gain" else PAYERS.get(
        clause.name or "", (clause.name or "").replace("_", " ") + " pays {value}")
    value = clause.value if params is None else fold(clause.value, params)
    text = template.format(value=renderer.value(value))
    if when is not None:
        text += f" when {renderer.condition(when)}"
    return _sentence(text)

