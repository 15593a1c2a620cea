"""A ruleset's yaku page: every yaku, yakuman and kind of dora, each condition rendered
from its rule, what the parameters make of it here, worked examples and the search's witness."""

from __future__ import annotations

from collections.abc import Mapping

from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.context import SiteBase, here_condition
from riichi_rules.docs.context import uses_params as _uses_params
from riichi_rules.docs.examples import _engine_agrees, _Example
from riichi_rules.docs.facts import YakuFacts
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import sentence as _sentence
from riichi_rules.docs.markdown import stop as _stop
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.render import Const, Renderer, fold, format_value, static_value
from riichi_rules.docs.witnesses import win_lines, witness_lines


class YakuPages(SiteBase):
    """The yaku page of each ruleset."""

    # -- yaku ----------------------------------------------------------------------------------
    def yaku_page(self, rs: _Ruleset, examples: Mapping[str, list[_Example]]) -> str:
        page = rs.page("yaku.md")
        lines = self.header(rs, "Yaku")
        lines += ["Every yaku, yakuman and kind of dora of this ruleset, as its rule files declare "
                  "them. Each condition is rendered from the rule itself; where the ruleset's "
                  "parameters decide part of it, the sentence gives their values, and what the "
                  "condition comes to here. Examples come from the conformance suite.", ""]
        overrides = rs.config.yaku_overrides
        replaced_by: dict[str, list[str]] = {}
        for f in rs.facts.values():
            for target in f.replaces:
                replaced_by.setdefault(target, []).append(f.id)
        sections = (("yaku", "Yaku", "Han (closed / open)"),
                    ("yakuman", "Yakuman", "Counts as"),
                    ("dora", "Dora", "Han"))
        disabled = [k for k, c in overrides.items() if c.get("enabled") is False]
        if disabled:
            lines += ["Switched off by this ruleset: "
                      + ", ".join(f"`{k}`" for k in disabled) + ".", ""]
        renderer = self.renderer(rs)
        plain = self.plain(rs)
        for kind, heading, column in sections:
            items = [f for f in rs.facts.values() if f.kind == kind]
            if not items:
                continue
            first = "Kind" if kind == "dora" else heading
            lines += [f"## {heading}", "", f"| {first} | Id | {column} |", "|---|---|---|"]
            for f in items:
                lines.append(f"| [{_md(f.title)}](#{f.id}) | `{f.id}` | {self._han_cell(f)} |")
            lines.append("")
            for f in items:
                lines += self._yaku_section(rs, page, f, renderer, plain,
                                            replaced_by.get(f.id, []), examples.get(f.id, []))
        return "\n".join(lines)

    @staticmethod
    def _han_line(f: YakuFacts) -> str:
        """"**2 han** closed, **1 han** open", "**1 han**, closed hands only"."""
        if not f.scores:
            return "**never scores here** (ruled out by the parameters)"
        alone = "; stands alone" if f.stands_alone else ""
        closed = _md(f.han_closed)
        if f.han_open is None:
            return f"**{closed} han**, closed hands only{alone}"
        if f.han_open == f.han_closed:
            return f"**{closed} han**, closed or open{alone}"
        return f"**{closed} han** closed, **{_md(f.han_open)} han** open{alone}"

    def _han_cell(self, f: YakuFacts) -> str:
        if not f.scores:
            return "never (ruled out by the parameters)"
        if f.kind == "yakuman":
            if f.multiple == 1:
                return "yakuman"
            if isinstance(f.multiple, int):
                return f"{f.multiple}\u00d7 yakuman"
            return f"yakuman ({_md(f.multiple)})"
        if f.kind == "dora":
            return "one per dora tile"
        closed = f.han_closed if f.han_closed is not None else "—"
        opened = f.han_open if f.han_open is not None else "— (closed only)"
        alone = " (stands alone)" if f.stands_alone else ""
        return f"{_md(closed)} / {_md(opened)}{alone}"

    def _yaku_section(self, rs: _Ruleset, page: str, f: YakuFacts, renderer: Renderer,
                      plain: Renderer, replaced_by: list[str],
                      examples: list[_Example]) -> list[str]:
        decl = f.declaration
        params = rs.view  # what the parameters decide, as the front end folds it
        lines = [f"### {_md(f.title)} {{ #{f.id} }}", ""]
        facts = [f"`{f.id}`"]
        if f.kind == "yaku":
            facts.append(self._han_line(f))
        elif f.kind == "yakuman":
            facts.append(f"**{self._han_cell(f)}**")
        lines += [" · ".join(facts), ""]
        when = decl.first("when")
        if when is not None and when.value is not None:
            written = _sentence(renderer.condition(when.value))
            lines += [f"**Condition.** {_md(written)}", ""]
            here = here_condition(when.value, params, plain, plain.condition(when.value))
            if not f.scores:
                lines += ["**In this ruleset** the parameters make the condition false: "
                          "this yaku never scores.", ""]
            elif isinstance(here, Const):
                lines += ["**In this ruleset** the parameters make the condition always hold.",
                          ""]
            elif here is not None:
                lines += [f"**In this ruleset** that comes to: "
                          f"{_md(_stop(plain.condition(here)))}", ""]
        han = decl.first("han")
        if han is not None and han.value is not None and f.kind == "dora":
            lines += [f"**Han.** {_md(_sentence(renderer.value(han.value)))}", ""]
            if _uses_params(han.value):
                here_value = plain.value(fold(han.value, params))
                lines += [f"**In this ruleset** that comes to: {_md(_stop(here_value))}", ""]
        elif han is not None and han.value is not None and (
                static_value(han.value, {}) is None
                or (han.open_value is not None and static_value(han.open_value, {}) is None)):
            lines += [f"**Han as written.** {_md(renderer.value(han.value))} when closed"
                      + (f", {_md(renderer.value(han.open_value))} when open"
                         if han.open_value is not None else "") + ".", ""]
        for clause in decl.clauses_of("multiple"):
            if clause.value is None:
                continue
            cond = (f" when {renderer.condition(clause.when)}" if clause.when is not None
                    else "")
            lines += [f"**Counts as {_md(renderer.value(clause.value))} yakuman**{_md(cond)}.",
                      ""]
        change = rs.config.yaku_overrides.get(f.id, {})
        if change:
            what = ", ".join(f"{k} = {format_value(x)}" for k, x in change.items()
                             if k != "note")
            note = change.get("note")
            lines += [f"**Changed by this ruleset's configuration:** {_md(what)}"
                      + (f" — {_md(note)}" if note else "") + ".", ""]
        if f.replaces:
            lines += ["**Replaces** " + ", ".join(self.yaku_link(rs, x) for x in f.replaces)
                      + ": when both hold, only this one scores.", ""]
        if replaced_by:
            lines += ["**Replaced by** " + ", ".join(self.yaku_link(rs, x) for x in replaced_by)
                      + ".", ""]
        if f.stands_alone:
            lines += ["**Stands alone:** it does not combine with other yaku or dora; the hand "
                      "scores it alone or without it, whichever is worth more.", ""]
        for doc in decl.clauses_of("doc"):
            if doc.label:
                lines += [f"*{_md(doc.label)}*", ""]
        source = f"**Source:** {_md(f.source)} — " if f.source else "**Written at** "
        lines += [f"{source}{_where_link(page, decl.span.file, decl.span.line)}", ""]
        if examples:
            # the plainest cases first: those scoring the fewest other yaku
            examples = sorted(examples, key=lambda e: (len(e.fields.get("yaku", ())), e.id))
            lines += ["**Examples** from the conformance suite:", ""]
            for example in examples[:3]:
                lines += self._example(rs, page, example)
            if len(examples) > 3:
                lines += [f"*… and {len(examples) - 3} more cases in the suite.*", ""]
        found = self.witnesses.get(rs.slug)
        if found is not None:
            lines += witness_lines(found.of(f.kind, f.id), f.title, self.tiles_base(page),
                                   self.yaku_linker(rs, page), self.ruleset_arg(rs))
        return lines


    def _example(self, rs: _Ruleset, page: str, example: _Example) -> list[str]:
        win = example.win
        fields = example.fields
        result = []
        if fields.get("yakuman"):
            result.append(f"{fields['yakuman']}\u00d7 yakuman")
        elif "han" in fields:
            result.append(f"{fields['han']} han" + (f" {fields['fu']} fu" if "fu" in fields
                                                     else ""))
        if fields.get("limit"):
            result.append(str(fields["limit"]))
        if "points" in fields:
            result.append(f"{fields['points']} points")
        yaku = ", ".join(self.yaku_link(rs, y) for y in fields.get("yaku", ()))
        agrees = _engine_agrees(example, rs.config)
        check = {True: " · the engine agrees ✓", False: " · **the engine disagrees ✗**",
                 None: ""}[agrees]
        return [
            *win_lines(win, self.tiles_base(page)),
            f"<br>**Expected:** {_md(', '.join(result))} — {yaku}",
            f"<br><small>Case `{example.id}` ({_md(example.location)}): "
            f"{_md(example.source.strip())}{check}</small>",
            "",
        ]

