"""The rulebook's front pages: the index of the rulesets and comparisons, and the
vocabulary every rule is written in."""

from __future__ import annotations

from riichi_rules.docs.context import SiteBase
from riichi_rules.docs.english import GENERATED_NOTE as _GENERATED_NOTE
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel
from riichi_rules.language import vocabulary as v


class IndexPages(SiteBase):
    """The index and vocabulary pages."""

    # -- index -----------------------------------------------------------------------------
    def index_page(self) -> str:
        lines = ["# The rulebook", "",
                 _GENERATED_NOTE.format(what=": every bundled ruleset's configuration, rule "
                                        "files and the conformance suite"), "",
                 "Each ruleset has its yaku (every condition rendered from the rule that "
                 "scores it), its fu and limits rules, a points table computed by the engine, "
                 "and the rules of the table the referee runs (furiten, claims, riichi, kans, "
                 "pao, draws, the next hand), each rendered from its rule and worked out "
                 "for the ruleset's parameters.", "",
                 "| Ruleset | Id | Rulebook | Extends | Yaku | Yakuman |",
                 "|---|---|---|---|---|---|"]
        for rs in self.rulesets:
            source = rs.config.source
            rulebook = " ".join(x for x in (source.get("rulebook", ""),
                                            source.get("edition", "")) if x)
            extends = " → ".join(rs.config.chain[:-1]) or "—"
            yaku = sum(1 for f in rs.facts.values() if f.kind == "yaku" and f.scores)
            yakuman = sum(1 for f in rs.facts.values() if f.kind == "yakuman" and f.scores)
            lines.append(
                f"| [{_md(rs.config.name)}]({_rel('index.md', rs.page('index.md'))}) | "
                f"`{rs.config.id}` | {_md(rulebook)} | {_md(extends)} | "
                f"[{yaku}]({_rel('index.md', rs.page('yaku.md'))}) | {yakuman} |")
        lines += ["", "## Comparisons", "",
                  "- [Every parameter and yaku across the rulesets](compare/index.md)"]
        for a, b in self.pairs():
            lines.append(f"- [{_md(a.short)} and {_md(b.short)}](compare/{a.slug}-vs-{b.slug}.md)")
        lines += ["", "## Terms", "",
                  "The [vocabulary](vocabulary.md) lists every word the rules are written in, "
                  "with the English the conditions are rendered with.", ""]
        return "\n".join(lines)


    # -- vocabulary ----------------------------------------------------------------------------
    def vocabulary_page(self) -> str:
        lines = ["# Vocabulary", "",
                 _GENERATED_NOTE.format(what=": `riichi_rules/language/vocabulary.py`"), "",
                 "Every name a rule can use, with its type and the English the rendered "
                 "conditions use for it. See " + (
                     "[the rules language](../language.md)" if self.project
                     else "the rules language (docs/language.md of riichi-rules)")
                 + " for how they combine.", "",
                 "## The situation and the reading", "",
                 "| Name | Type | Meaning | Only in |", "|---|---|---|---|"]
        for name, feature in v.FEATURES.items():
            stages = ", ".join(sorted(feature.stages)) if feature.stages else ""
            lines.append(f"| `{name}` | {_md(feature.type)} | {_md(feature.phrase)} | "
                         f"{_md(stages)} |")
        lines += ["", "## Tile properties", "",
                  "A tile *is* one of these; a group or a list of tiles is one when every tile "
                  "is, and *has* one when some tile is.", "", "| Name | Meaning |", "|---|---|"]
        for name, prop in v.TILE_PREDICATES.items():
            lines.append(f"| `{name}` | {_md(prop.phrase)} |")
        lines += ["", "## Group properties", "", "| Name | Meaning |", "|---|---|"]
        for name, gprop in v.GROUP_PREDICATES.items():
            lines.append(f"| `{name}` | {_md(gprop.phrase)} |")
        lines += ["", "## Attributes", "", "| Of | Name | Type | Meaning |", "|---|---|---|---|"]
        for owner, attributes in v.ATTRIBUTES.items():
            for name, attribute in attributes.items():
                lines.append(f"| {owner} | `.{name}` | {_md(attribute.type)} | "
                             f"{_md(attribute.phrase)} |")
        lines += ["", "## Functions", "", "| Call | Returns | Meaning |", "|---|---|---|"]
        for name, function in v.FUNCTIONS.items():
            lines.append(f"| `{name}({', '.join(function.params)})` | {_md(function.result)} | "
                         f"{_md(function.phrase)} |")
        lines += ["", "## Values", "", "| Type | Values |", "|---|---|"]
        for type_, values in v.ENUMS.items():
            lines.append(f"| {type_} | {', '.join(f'`{x}`' for x in values)} |")
        lines += ["", "## Nouns", "",
                  "The sugar `every NOUN is ...` / `some NOUN has ...` goes through:", "",
                  "| Noun | Goes through |", "|---|---|"]
        for noun, collection in v.NOUNS.items():
            lines.append(f"| `{noun}` | `{collection}` |")
        lines.append("")
        return "\n".join(lines)

