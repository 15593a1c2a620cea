"""A ruleset's fu, limits and payments, and points table pages: each line of the rules
rendered, what it comes to here, the limit hands and every points table cell computed by the
engine, and the search's witness of each line."""

from __future__ import annotations

from collections.abc import Sequence

from riichi_rules.docs.context import WIDE as _WIDE
from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.context import SiteBase
from riichi_rules.docs.context import uses_params as _uses_params
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import sentence as _sentence
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.points import FU_COLUMNS, HAN_ROWS, Points, points_for
from riichi_rules.docs.render import fold, static_value
from riichi_rules.docs.witnesses import witness_lines
from riichi_rules.language import ast


class ScoringPages(SiteBase):
    """The fu, limits and payments, and points table pages of each ruleset."""

    # -- fu ------------------------------------------------------------------------------------
    def fu_page(self, rs: _Ruleset) -> str:
        page = rs.page("fu.md")
        fu = rs.prog.fu
        decl = fu.declaration
        renderer = self.renderer(rs)
        params = rs.view  # what the parameters decide, as the front end folds it
        lines = self.header(rs, "Fu")
        lines += [f"The fu rule `{decl.name}` ({_md(decl.title or '')}), "
                  f"written at {_where_link(page, decl.span.file, decl.span.line)}. "
                  "The lines are read "
                  "from the top: a *fixed* line ends the count, *base* starts it, *add* adds "
                  "to it.", "",
                  "| Line | Fu | When | Here | Written at |", "|---|---|---|---|---|"]
        for clause in decl.clauses:
            if clause.keyword == "round":
                continue
            if clause.keyword not in ("fixed", "base", "add") or clause.value is None:
                continue
            label = _md(clause.label or clause.keyword)
            where = _where_link(page, clause.span.file, clause.span.line)
            if clause.comp is not None:
                text = renderer.for_each(clause.comp, clause.value)
                lines.append(f"| {label} (add) | {_md(_sentence(text))} | for each such "
                             f"set | | {where} |")
                continue
            value = renderer.value(clause.value)
            here_value = static_value(clause.value, params)
            when = renderer.condition(clause.when) if clause.when is not None else "always"
            here = ""
            if clause.when is not None and _uses_params(clause.when):
                folded = fold(clause.when, params)
                here = self.plain(rs).condition(folded)
            if here_value is not None and _uses_params(clause.value):
                here = (f"{here_value} fu" + (f" when {here}" if here else ""))
            kind = {"fixed": "fixed", "base": "start at", "add": "add"}[clause.keyword]
            lines.append(f"| {label} ({kind}) | {_md(value)} | {_md(_sentence(when))} | "
                         f"{_md(_sentence(here)) if here else ''} | {where} |")
        lines += ["", f"The total is then **rounded up to a multiple of {fu.round_to}**.", ""]
        source = decl.first("source")
        if source is not None and source.label:
            lines += [f"**Source:** {_md(source.label)}", ""]
        lines += self._clause_witnesses(
            rs, page, "fu", [(c.label or c.keyword, c.span) for c in decl.clauses
                             if c.keyword in ("fixed", "base", "add") and c.value is not None],
            "Each line of the fu rule with a win where it counts and a near miss where it "
            "does not")
        return "\n".join(lines)

    def _clause_witnesses(self, rs: _Ruleset, page: str, kind: str,
                          clauses: Sequence[tuple[str, ast.Span]], intro: str) -> list[str]:
        """The section *Found by search* of the fu or limits page: for each clause (its
        label and where it is written) its witness and near miss."""
        found = self.witnesses.get(rs.slug)
        if found is None or not clauses:
            return []
        lines = ["## Found by search", "",
                 f"{intro}, found by the search (seed {found.seed}, up to "
                 f"{found.situations} situations for the ruleset) and verified by scoring them "
                 f"under `{_md(self.ruleset_arg(rs))}`.", ""]
        for label, span in clauses:
            lines += [f"### {_md(label)} ({_where_link(page, span.file, span.line)})", ""]
            lines += witness_lines(found.at(kind, span.file, span.line), label,
                                   self.tiles_base(page), self.yaku_linker(rs, page),
                                   self.ruleset_arg(rs)) or [
                "*The search does not aim at this line.*", ""]
        return lines

    # -- limits and payments -----------------------------------------------------------------
    def limits_page(self, rs: _Ruleset) -> str:
        page = rs.page("limits.md")
        renderer = self.renderer(rs)
        plain = self.plain(rs)
        params = rs.view  # what the parameters decide, as the front end folds it
        limits = rs.prog.limits.declaration
        lines = self.header(rs, "Limits and payments")
        base = limits.first("base")
        lines += ["## Basic points", "",
                  f"The limits rule `{limits.name}` is written at "
                  f"{_where_link(page, limits.span.file, limits.span.line)}.", ""]
        if base is not None and base.value is not None:
            label = _md(base.label or "Basic points")
            lines += [f"**{label}** = {_md(renderer.value(base.value))}",
                      ""]
        lines += ["## Limits", "",
                  "The basic points are replaced by the largest limit whose condition holds.", "",
                  "| Limit | Basic points | When | Here | Written at |", "|---|---|---|---|---|"]
        for clause in limits.clauses_of("limit"):
            if clause.value is None or clause.when is None:
                continue
            here = ""
            if _uses_params(clause.when) or _uses_params(clause.value):
                here = (plain.value(fold(clause.value, params)) + " when "
                        + plain.condition(fold(clause.when, params)))
            lines.append(f"| {_md(clause.name or '')} | {_md(renderer.value(clause.value))} | "
                         f"{_md(_sentence(renderer.condition(clause.when)))} | "
                         f"{_md(_sentence(here)) if here else ''} | "
                         f"{_where_link(page, clause.span.file, clause.span.line)} |")
        counts = [c for c in limits.clauses_of("multiple") if c.value is not None]
        if counts:
            lines += ["", "A result counts as this many yakuman (the last that holds; none "
                      "otherwise):", ""]
            lines += [f"- {_md(renderer.value(c.value))}"
                      + (f" when {_md(renderer.condition(c.when))}" if c.when else "")
                      + f" ({_where_link(page, c.span.file, c.span.line)})" for c in counts]
        source = limits.first("source")
        if source is not None and source.label:
            lines += ["", f"**Source:** {_md(source.label)}"]
        payments = rs.prog.payments.declaration
        lines += ["", "## Payments", "",
                  f"The payments rule `{payments.name}`, written at "
                  f"{_where_link(page, payments.span.file, payments.span.line)}.", "",
                  "| Who pays | Amount | When | Written at |", "|---|---|---|---|"]
        payer_words = {"discarder": "the discarder", "each": "each other player",
                       "dealer": "the dealer", "non_dealer": "each non-dealer"}
        for clause in payments.clauses:
            if clause.value is None:
                continue
            when = (_sentence(renderer.condition(clause.when)) if clause.when is not None
                    else "Always.")
            where = _where_link(page, clause.span.file, clause.span.line)
            if clause.keyword == "pay":
                who = payer_words.get(clause.name or "", clause.name or "")
                lines.append(f"| {_md(who)} | {_md(renderer.value(clause.value))} | {_md(when)} "
                             f"| {where} |")
            elif clause.keyword == "honba":
                lines.append(f"| per honba counter | {_md(renderer.value(clause.value))} | "
                             f"{_md(when)} | {where} |")
            elif clause.keyword == "deposit":
                lines.append(f"| riichi deposit (each stick) | "
                             f"{_md(renderer.value(clause.value))} | | {where} |")
        source = payments.first("source")
        if source is not None and source.label:
            lines += ["", f"**Source:** {_md(source.label)}"]
        lines += ["", "## Limit hands", "",
                  "Computed by running the rules above (non-dealer / dealer; ron, then tsumo as "
                  "non-dealers/dealer or \"all\").", "",
                  "| Hand | Limit | Basic points | Non-dealer ron | Non-dealer tsumo | "
                  "Dealer ron | Dealer tsumo |", "|---|---|---|---|---|---|---|"]
        for label, han, yakuman in (("5 han", 5, 0), ("6\u20137 han", 6, 0),
                                    ("8\u201310 han", 8, 0),
                                    ("11\u201312 han", 11, 0), ("13+ han", 13, 0),
                                    ("a yakuman", 0, 1), ("a double yakuman", 0, 2)):
            cells = [points_for(rs.prog, han, 30, dealer=d, tsumo=t, yakuman=yakuman)
                     for d in (False, True) for t in (False, True)]
            lines.append(f"| {label} | {cells[0].limit or '—'} | {cells[0].basic} | "
                         + " | ".join(c.text for c in cells) + " |")
        lines.append("")
        lines += self._clause_witnesses(
            rs, page, "limit", [(c.name or "limit", c.span) for c in limits.clauses_of("limit")
                                if c.value is not None and c.when is not None],
            "Each limit with a win that reaches it and a near miss that does not")
        return "\n".join(lines)

    # -- points table ------------------------------------------------------------------------
    def points_page(self, rs: _Ruleset) -> str:
        lines = [_WIDE, *self.header(rs, "Points table")]
        lines += ["Every cell is computed by the engine: the ruleset's own "
                  "[limits and payments rules](limits.md) run with the given han and fu. A ron "
                  "shows what the discarder pays; a tsumo, what each non-dealer / the dealer "
                  "pays (or \"all\" when the dealer wins). Honba and riichi sticks are not "
                  "included. Shaded cells reached a limit.", "",
                  "Some cells cannot occur in play: 20 fu is only a pinfu hand won by "
                  "self-draw (at least 2 han) or an open hand where the open pinfu shape adds "
                  "no fu, and 25 fu only seven pairs (at least 2 han).", ""]
        for dealer in (False, True):
            lines += [f"## {'Dealer' if dealer else 'Non-dealer'}", "",
                      "| Han \\ Fu | " + " | ".join(str(fu) for fu in FU_COLUMNS) + " |",
                      "|---|" + "---|" * len(FU_COLUMNS)]
            for han in HAN_ROWS:
                cells = []
                for fu in FU_COLUMNS:
                    ron = points_for(rs.prog, han, fu, dealer=dealer, tsumo=False)
                    tsumo = points_for(rs.prog, han, fu, dealer=dealer, tsumo=True)
                    cells.append(self._points_cell(ron, tsumo))
                lines.append(f"| **{han}** | " + " | ".join(cells) + " |")
            lines.append("")
        return "\n".join(lines)

    @staticmethod
    def _points_cell(ron: Points, tsumo: Points) -> str:
        css = "pts limit" if ron.limit else "pts"
        title = f' title="{ron.limit}"' if ron.limit else ""
        return (f'<span class="{css}"{title}>{ron.text}<br>'
                f'<small>{tsumo.text}</small></span>')

