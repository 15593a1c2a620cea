"""Write the generated rulebook: Markdown pages per ruleset, comparison pages, tile pictures,
and the navigation the mkdocs hook puts into the site.

Everything on these pages comes from the rules that run: the compiled program of each ruleset
(its declarations, their conditions rendered back into English, their file and line), the
ruleset configs and the parameter schema, the conformance suite (worked examples) and the
engine itself (the points table). ``riichi docs build`` calls :func:`build`.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.comparison.cases import Reason
from riichi_rules.comparison.pair import Comparison, compare
from riichi_rules.docs.facts import YakuFacts, han_text, yaku_facts
from riichi_rules.docs.markdown import SOURCE_ROOTS, source_page
from riichi_rules.docs.markdown import attr as _attr
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel
from riichi_rules.docs.markdown import sentence as _sentence
from riichi_rules.docs.markdown import stop as _stop
from riichi_rules.docs.markdown import where as _where
from riichi_rules.docs.markdown import where_link as _where_link
from riichi_rules.docs.points import FU_COLUMNS, HAN_ROWS, Points, points_for
from riichi_rules.docs.render import Const, Renderer, fold, format_value, static_value
from riichi_rules.docs.searched import PairSearch, Witnesses, default_jobs, search_site
from riichi_rules.docs.sources import PAGE as SOURCES_PAGE
from riichi_rules.docs.sources import linked, sources_page, value_source
from riichi_rules.docs.tiles import write_tiles
from riichi_rules.docs.witnesses import Side, differences_lines, win_lines, witness_lines
from riichi_rules.language import ast
from riichi_rules.language import vocabulary as v
from riichi_rules.rulesets.config import (
    RulesetConfig,
    bundled_ids,
    load_config,
    parameter_defaults,
    parameter_schemas,
)
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

__all__ = ["PAIRS", "TOPICS", "BuildResult", "build", "default_out_dir"]

# The comparisons the site always shows (when both rulesets are built).
PAIRS = (
    ("ema-2016", "ema-2025"),
    ("ema-2016", "wrc-2025"),
    ("tenhou", "mahjong-soul"),
    ("wrc-2025", "m-league"),
)

SHORT_NAMES = {
    "ema-2016": "EMA 2016", "ema-2025": "EMA 2025", "wrc-2022": "WRC 2022",
    "wrc-2025": "WRC 2025", "tenhou": "Tenhou", "mahjong-soul": "Mahjong Soul",
    "m-league": "M.League", "jpml": "JPML",
}


@dataclass(frozen=True, slots=True)
class Topic:
    slug: str
    title: str
    intro: str
    parameters: tuple[str, ...]
    table_rule: bool  # a rule of the table (the referee's): a page of its own per ruleset
    kinds: tuple[str, ...] = ()  # the kinds of table declarations the page shows


_NOT_YET = ("These rules are not written in the rules language: the referee plays them "
            "straight from the ruleset's parameters. This page is generated from those "
            "parameters.")
_REFEREE = ("These are rules of the table, read by the referee (not by the scorer). Each rule "
            "is rendered in English from the rule file, with the values of the parameters it "
            "reads in this ruleset, and what it comes to here once those values are put in.")

TOPICS: tuple[Topic, ...] = (
    Topic("scoring", "Scoring", "Parameters the scoring rules read (folded into the yaku, "
          "fu, limits and payments rules).",
          ("kuitan", "ippatsu", "red_fives", "ura_dora", "kan_dora", "kan_ura_dora", "kiriage",
           "kazoe_yakuman", "double_yakuman", "yakuman_stacking", "renhou", "nagashi_mangan",
           "open_pinfu_fu", "pinfu_tsumo_fu", "chiitoitsu_fu", "double_wind_pair_fu",
           "rinshan_tsumo_fu", "two_han_minimum", "honba_ron", "honba_tsumo_each",
           "riichi_deposit"), False),
    Topic("furiten", "Furiten", "When a player may not win on a discard.",
          ("temporary_furiten_ends", "kakan_counts_as_discard", "furiten_riichi"), True,
          ("furiten",)),
    Topic("claims", "Claims", "Who may claim a discard, and what happens when several do.",
          ("multiple_ron", "multi_ron_deposits", "triple_ron_abort", "chankan",
           "kokushi_robs_ankan", "kuikae"), True, ("claim", "discard")),
    Topic("riichi", "Riichi", "When riichi may be declared and what it commits the player to.",
          ("riichi_min_wall_tiles", "riichi_min_points", "furiten_riichi", "riichi_ankan",
           "riichi_declaration_ron_deposit", "riichi_deposit"), True, ("riichi_rule",)),
    Topic("kans", "Kans", "Declaring kans, their dora, and robbing them.",
          ("max_kans", "kan_dora", "kan_ura_dora", "kan_dora_timing_closed",
           "kan_dora_timing_open", "riichi_ankan", "chankan", "kokushi_robs_ankan",
           "pao_daiminkan_rinshan"), True, ("kan_rule",)),
    Topic("pao", "Pao (liability)", "Who pays for a yakuman that another player's discard "
          "made possible.",
          ("pao_yakuman", "pao_ron_payment", "pao_honba", "pao_composite",
           "pao_daiminkan_rinshan"), True, ("pao", "pao_payment")),
    Topic("draws", "Draws", "Abortive and exhaustive draws, and what is paid at an "
          "exhaustive draw.",
          ("abortive_draws", "triple_ron_abort", "noten_payment_total", "tenpai_own_four_tiles",
           "nagashi_mangan", "max_kans"), True, ("draw",)),
    Topic("wins", "Honba and sticks on a win", "What a winner collects from the table: the "
          "honba, and the riichi sticks, also when several players win on one tile.",
          ("multi_ron_deposits", "riichi_deposit"), True, ("collect",)),
    Topic("next-hand", "Next hand", "Who deals the next hand, when honba counters are "
          "added, and when the game ends.",
          ("dealer_repeat", "bust_ends_game", "agari_yame", "tenpai_yame",
           "west_round_extension", "west_round_target"), True, ("next_hand",)),
    Topic("game", "Game and final score", "Starting points, the riichi sticks left at the "
          "end, uma, oka, ties, the final results, and penalties.",
          ("start_points", "return_points", "uma", "uma_floating", "oka", "tied_ranks",
           "deposits_at_end", "final_points_rounding", "bust_ends_game", "agari_yame",
           "tenpai_yame", "west_round_extension", "chombo"), True, ("standings",)),
)

# Where the search's findings are kept between builds (in the out folder; mkdocs leaves out
# files and folders whose names start with a dot).
SEARCH_CACHE = ".search"

# Front matter of a page whose tables need the whole width (mkdocs-material).
_WIDE = "---\nhide:\n  - navigation\n  - toc\n---\n"

_GENERATED_NOTE = ("!!! note \"Generated\"\n    This page is generated by `riichi docs build` "
                   "from the rules that run{what}. Do not edit it: edit the rules.\n")


# ---- small helpers --------------------------------------------------------------------------


def _code(text: object) -> str:
    return f"`{text}`"


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-")


def _value_words(name: str, value: object, schema: Mapping[str, Any]) -> str:
    """A parameter's value and, for an enum value the description explains, its meaning."""
    text = format_value(value)
    if isinstance(value, str):
        meaning = _enum_meaning(str(schema.get("description", "")), value)
        if meaning:
            return f"{_md(text)} — {_md(meaning)}"
    return _md(text)


def _enum_meaning(description: str, value: str) -> str:
    """From "...: a = first meaning; b = second meaning." the meaning of ``value``."""
    match = re.search(rf"(?:^|[:;(,]\s*){re.escape(value)} = ([^;]+?)(?:;|\.\s|\.$|$)",
                      description)
    return match.group(1).strip() if match else ""


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def default_out_dir() -> Path:
    """``docs/generated`` of the source tree (where mkdocs.yml looks for it)."""
    return resources.data_root() / "docs" / "generated"


# ---- conformance examples ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Example:
    id: str
    source: str
    win: Mapping[str, Any]
    fields: Mapping[str, Any]
    location: str
    case: Any  # the conformance Case (for the runner), or None


def _load_cases() -> list[Any]:
    """The conformance cases: through the conformance loader when it is there, else read
    straight from the YAML files. Files that do not load are left out (``riichi conformance``
    reports them)."""
    try:
        from riichi_rules.conformance.cases import load_suite
    except ImportError:  # pragma: no cover - the loader ships with the package
        return _read_cases_directly()
    return list(load_suite().cases)


@dataclass(frozen=True)
class _PlainCase:
    id: str
    source: str
    win: Mapping[str, Any] | None
    expect: Mapping[str, Mapping[str, Any]]
    location: str

    def expectation(self, ruleset_id: str) -> Any:
        default = dict(self.expect.get("default") or {})
        override = self.expect.get(ruleset_id)
        if override is not None and "undecided" in override:
            return None
        fields = {**default, **(override or {})}
        return _PlainExpectation(fields) if fields else None


@dataclass(frozen=True)
class _PlainExpectation:
    fields: Mapping[str, Any]
    undecided: str | None = None


def _read_cases_directly() -> list[Any]:  # pragma: no cover - fallback
    import yaml

    root = resources.conformance_dir()
    out: list[Any] = []
    for path in sorted(root.rglob("*.yaml")):
        if "schema" in path.relative_to(root).parts:
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            continue
        for item in data if isinstance(data, list) else []:
            if isinstance(item, dict) and "id" in item and "expect" in item:
                out.append(_PlainCase(str(item["id"]), str(item.get("source", "")),
                                      item.get("win"), item["expect"], path.name))
    return out


def _examples_for(cases: Sequence[Any], ruleset_id: str) -> dict[str, list[_Example]]:
    """yaku id -> the cases whose expected yaku under this ruleset include it."""
    out: dict[str, list[_Example]] = {}
    for case in cases:
        if case.win is None:
            continue
        expectation = case.expectation(ruleset_id)
        if expectation is None or getattr(expectation, "undecided", None) is not None:
            continue
        fields = expectation.fields
        for yaku_id in fields.get("yaku", ()) or ():
            out.setdefault(yaku_id, []).append(_Example(
                case.id, str(case.source), case.win, fields, str(case.location), case))
    return out


def _engine_agrees(example: _Example, config: RulesetConfig) -> bool | None:
    try:
        from riichi_rules.conformance.runner import run_case
    except ImportError:  # pragma: no cover
        return None
    if example.case is None or not hasattr(example.case, "events"):
        return None
    try:
        return bool(run_case(example.case, config).passed)
    except Exception:  # a broken case must not stop the docs build
        return None


# ---- one ruleset ------------------------------------------------------------------------------


@dataclass
class _Ruleset:
    slug: str
    config: RulesetConfig
    prog: ScoringProgram
    facts: dict[str, YakuFacts]
    raw: Mapping[str, Any]
    origins: dict[str, str]  # parameter -> ruleset id that sets it ("" = schema default)
    titles: dict[str, str] = field(default_factory=dict)

    @property
    def short(self) -> str:
        return SHORT_NAMES.get(self.config.id, self.config.name)

    def page(self, name: str) -> str:
        return f"rulesets/{self.slug}/{name}"


def _raw(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _parameter_origins(config: RulesetConfig) -> dict[str, str]:
    """Which file of the ``extends`` chain sets each parameter (the nearest one)."""
    from riichi_rules.rulesets.config import _resolve_extends

    origins: dict[str, str] = {}
    path: Path | None = config.path
    seen: set[Path] = set()
    while path is not None and path not in seen:
        seen.add(path)
        data = _raw(path)
        for name in data.get("parameters", {}) or {}:
            origins.setdefault(name, str(data.get("id", path.parent.name)))
        target = data.get("extends")
        path = _resolve_extends(path, target) if isinstance(target, str) else None
    return origins


class _Site:
    def __init__(self, out: Path, rulesets: Sequence[str | Path], search: bool = True,
                 corpus: Sequence[str] = (), jobs: int = 1) -> None:
        self.out = out
        self.search = search
        self.corpus = tuple(corpus)
        self.jobs = jobs
        self.witnesses: dict[str, Witnesses] = {}
        self.pair_found: dict[tuple[str, str], PairSearch] = {}
        self.schemas = parameter_schemas()
        self.defaults = parameter_defaults()
        self.param_titles = {n: str(s.get("title", n)) for n, s in self.schemas.items()}
        self.rulesets: list[_Ruleset] = []
        slugs: set[str] = set()
        for ref in rulesets:
            config = load_config(ref)
            prog = program(config)
            slug = config.id
            while slug in slugs:
                slug += "-2"
            slugs.add(slug)
            facts = yaku_facts(prog)
            self.rulesets.append(_Ruleset(
                slug, config, prog, facts, _raw(config.path), _parameter_origins(config),
                {k: f.title for k, f in facts.items()}))
        self.cases = _load_cases()
        self.written: list[Path] = []

    # -- output ----------------------------------------------------------------------------
    def write(self, page: str, text: str) -> None:
        path = self.out / page
        _write(path, text)
        self.written.append(path)

    def tiles_base(self, page: str) -> str:
        return _rel(page, "tiles")

    def renderer(self, rs: _Ruleset | None) -> Renderer:
        return Renderer(rs.config.parameters if rs else None, self.param_titles,
                        rs.titles if rs else None)

    # -- the whole site --------------------------------------------------------------------
    def build(self) -> list[Any]:
        write_tiles(self.out / "tiles")
        if self.search:
            self._search()
        nav_rulesets: list[Any] = []
        for rs in self.rulesets:
            nav_rulesets.append({rs.short: self.ruleset_pages(rs)})
        self.write("vocabulary.md", self.vocabulary_page())
        _source_pages(self)
        self.write("index.md", self.index_page())
        self.write(SOURCES_PAGE,
                   sources_page(_GENERATED_NOTE.format(what=": rulesets/sources.json")))
        compare_nav = self.compare_pages()
        nav = [
            {"Rulebook": ["generated/index.md", *nav_rulesets,
                          {"Vocabulary": "generated/vocabulary.md"},
                          {"Rule files": "generated/source/rulesets/index.md"},
                          {"Sources": f"generated/{SOURCES_PAGE}"}]},
            {"Comparisons": compare_nav},
        ]
        _write(self.out / "nav.json", json.dumps(nav, indent=1) + "\n")
        self._remove_stale()
        return nav

    def _search(self) -> None:
        """The witnesses of every ruleset and the searched differences of every pair."""
        pairs = self._pairs()
        found, pair_found = search_site(
            [str(rs.config.path) for rs in self.rulesets],
            [(str(a.config.path), str(b.config.path)) for a, b in pairs], self.corpus,
            self.jobs, self.out / SEARCH_CACHE)
        self.witnesses = {rs.slug: w for rs, w in zip(self.rulesets, found, strict=True)}
        self.pair_found = {(a.slug, b.slug): p for (a, b), p in zip(pairs, pair_found,
                                                                    strict=True)}

    def ruleset_arg(self, rs: _Ruleset) -> str:
        """How ``riichi score --ruleset`` names the ruleset: its id when bundled, else its
        folder (from the folder that holds it: the pages do not say where it lies)."""
        bundled = resources.rulesets_dir() / rs.config.id / "ruleset.json"
        if rs.config.id in bundled_ids() and rs.config.path.resolve() == bundled.resolve():
            return rs.config.id
        return f"{rs.config.path.parent.name}/"

    def _remove_stale(self) -> None:
        keep = {p.resolve() for p in self.written}
        for folder in ("rulesets", "compare", "source"):
            root = self.out / folder
            if not root.is_dir():
                continue
            for path in root.rglob("*.md"):
                if path.resolve() not in keep:
                    path.unlink()

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
        for a, b in self._pairs():
            lines.append(f"- [{_md(a.short)} and {_md(b.short)}](compare/{a.slug}-vs-{b.slug}.md)")
        lines += ["", "## Terms", "",
                  "The [vocabulary](vocabulary.md) lists every word the rules are written in, "
                  "with the English the conditions are rendered with.", ""]
        return "\n".join(lines)

    # -- per ruleset -------------------------------------------------------------------------
    def ruleset_pages(self, rs: _Ruleset) -> list[Any]:
        examples = _examples_for([c for c in self.cases if c.plays(rs.config)], rs.config.id)
        self.write(rs.page("index.md"), self.overview_page(rs))
        self.write(rs.page("yaku.md"), self.yaku_page(rs, examples))
        self.write(rs.page("fu.md"), self.fu_page(rs))
        self.write(rs.page("limits.md"), self.limits_page(rs))
        self.write(rs.page("points.md"), self.points_page(rs))
        nav: list[Any] = [
            f"generated/{rs.page('index.md')}",
            {"Yaku": f"generated/{rs.page('yaku.md')}"},
            {"Fu": f"generated/{rs.page('fu.md')}"},
            {"Limits and payments": f"generated/{rs.page('limits.md')}"},
            {"Points table": f"generated/{rs.page('points.md')}"},
        ]
        table_nav: list[Any] = []
        for topic in TOPICS:
            if not topic.table_rule:
                continue
            self.write(rs.page(f"{topic.slug}.md"), self.topic_page(rs, topic))
            table_nav.append({topic.title: f"generated/{rs.page(topic.slug + '.md')}"})
        nav.append({"Table rules": table_nav})
        return nav

    def _header(self, rs: _Ruleset, title: str) -> list[str]:
        return [f"# {_md(title)} — {_md(rs.short)}", "",
                _GENERATED_NOTE.format(what=f" of `{rs.config.id}`"), ""]

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

    # -- yaku ----------------------------------------------------------------------------------
    def yaku_page(self, rs: _Ruleset, examples: Mapping[str, list[_Example]]) -> str:
        page = rs.page("yaku.md")
        lines = self._header(rs, "Yaku")
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
        plain = self.renderer(None)
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
        params = rs.config.parameters
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
            lines += ["**Replaces** " + ", ".join(self._yaku_link(rs, x) for x in f.replaces)
                      + ": when both hold, only this one scores.", ""]
        if replaced_by:
            lines += ["**Replaced by** " + ", ".join(self._yaku_link(rs, x) for x in replaced_by)
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

    def _yaku_link(self, rs: _Ruleset, yaku_id: str, page: str | None = None) -> str:
        """A yaku's name linked to its entry (from ``page``; default the yaku page)."""
        f = rs.facts.get(yaku_id)
        if f is None:
            return f"`{yaku_id}`"
        yaku_page = rs.page("yaku.md")
        where = "" if page in (None, yaku_page) else _rel(page or yaku_page, yaku_page)
        return f"[{_md(f.title)}]({where}#{yaku_id})"

    def yaku_linker(self, rs: _Ruleset, page: str) -> Callable[[str], str]:
        return lambda yaku_id: self._yaku_link(rs, yaku_id, page)

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
        yaku = ", ".join(self._yaku_link(rs, y) for y in fields.get("yaku", ()))
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

    # -- fu ------------------------------------------------------------------------------------
    def fu_page(self, rs: _Ruleset) -> str:
        page = rs.page("fu.md")
        fu = rs.prog.fu
        decl = fu.declaration
        renderer = self.renderer(rs)
        params = rs.config.parameters
        lines = self._header(rs, "Fu")
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
                here = self.renderer(None).condition(folded)
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
        plain = self.renderer(None)
        params = rs.config.parameters
        limits = rs.prog.limits.declaration
        lines = self._header(rs, "Limits and payments")
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
        lines = [_WIDE, *self._header(rs, "Points table")]
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

    # -- table rules -------------------------------------------------------------------------
    def topic_page(self, rs: _Ruleset, topic: Topic) -> str:
        page = rs.page(f"{topic.slug}.md")
        lines = self._header(rs, topic.title)
        rules = self._table_rules(rs, page, topic)
        if rules:
            lines += [f"*{_md(topic.intro)}*", "", "!!! info \"Rules of the table\"",
                      f"    {_REFEREE}", "", "## Rules", "", *rules, "## Parameters", ""]
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
            lines += [f"**{_md(self._prose(name, value, schema))}** "
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
        renderer = Renderer(rs.config.parameters, self.param_titles, rs.titles, TABLE_FEATURES)
        plain = Renderer(None, self.param_titles, rs.titles, TABLE_FEATURES)
        lines: list[str] = []
        for kind in topic.kinds:
            for rule in table.of(kind):
                decl = rule.declaration
                title = decl.title or decl.name
                lines += [f"### {_md(title)} {{ #{_anchor(kind + '-' + decl.name)} }}", "",
                          f"`{kind} {decl.name}` · "
                          f"{_where_link(page, decl.span.file, decl.span.line)}", ""]
                for doc in decl.clauses_of("doc"):
                    if doc.label:
                        lines += [f"*{_md(doc.label)}*", ""]
                try:
                    lines += table_rule_lines(decl, renderer, plain, rs.config.parameters)
                except Exception as error:  # a rule the renderer cannot read yet: say so
                    lines += [f"*(not rendered: {_md(error)})*", ""]
                source = decl.first("source")
                if source is not None and source.label:
                    lines += [f"**Source:** {_md(source.label)}", ""]
        return lines

    @staticmethod
    def _prose(name: str, value: object, schema: Mapping[str, Any]) -> str:
        """One line saying what the value means."""
        description = str(schema.get("description", ""))
        if isinstance(value, bool):
            first = description.split(". ")[0].rstrip(".")
            return f"Yes: {first[0].lower() + first[1:]}." if value else \
                f"No: it is not the case that {first[0].lower() + first[1:]}."
        if isinstance(value, str):
            meaning = _enum_meaning(description, value)
            return _sentence(meaning) if meaning else f"{value}."
        if isinstance(value, list | tuple):
            return (", ".join(str(x) for x in value) + ".") if value else "None."
        if value is None:
            return "None."
        return f"{format_value(value)}."

    # -- comparisons -------------------------------------------------------------------------
    def _pairs(self) -> list[tuple[_Ruleset, _Ruleset]]:
        by_id = {rs.config.id: rs for rs in self.rulesets}
        return [(by_id[a], by_id[b]) for a, b in PAIRS if a in by_id and b in by_id]

    def compare_pages(self) -> list[Any]:
        self.write("compare/index.md", self.matrix_page())
        nav: list[Any] = ["generated/compare/index.md"]
        for a, b in self._pairs():
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
        if self._pairs():
            lines += ["Pairwise differences: " + ", ".join(
                f"[{_md(a.short)} and {_md(b.short)}]({a.slug}-vs-{b.slug}.md)"
                for a, b in self._pairs()) + ".", ""]
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

    # -- vocabulary ----------------------------------------------------------------------------
    def vocabulary_page(self) -> str:
        lines = ["# Vocabulary", "",
                 _GENERATED_NOTE.format(what=": `riichi_rules/language/vocabulary.py`"), "",
                 "Every name a rule can use, with its type and the English the rendered "
                 "conditions use for it. See [the rules language](../language.md) for how "
                 "they combine.", "",
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


# What a ``pay`` clause of a table rule says, by the payer it names ({value}: the amount).
PAYERS = {
    "liable": "the liable player pays {value}", "discarder": "the discarder pays {value}",
    "normally": "{value} is paid as it would be without liability",
    "each": "each other player pays {value}", "dealer": "the dealer pays {value}",
    "non_dealer": "each non-dealer pays {value}",
    "noten": "each player who is not tenpai pays {value}",
}

_CLAUSE_WORDS = {"when": "Applies when", "allow": "Allowed when", "forbid": "Forbidden when",
                 "balance": "The player takes what makes the results sum to zero when"}
_CONST_WORDS = {
    "when": ("it never applies", "it always applies"),
    "allow": ("it is never allowed", "it is always allowed"),
    "forbid": ("it is never forbidden", "it is always forbidden"),
    "balance": ("no player does", "every player does"),
}


def here_condition(cond: Any, params: Mapping[str, object], plain: Renderer,
                   written: str | None = None) -> Any:
    """What a condition comes to once the ruleset's parameters are put in: None when it reads
    no parameter (or comes to the same sentence), else the folded condition (an AST node or a
    :class:`~riichi_rules.docs.render.Const`)."""
    if not _uses_params(cond):
        return None
    folded = fold(cond, params)
    if isinstance(folded, Const):
        return folded
    if written is not None and plain.condition(folded) == written:
        return None
    return folded


def table_rule_lines(decl: ast.Declaration, renderer: Renderer, plain: Renderer,
                     params: Mapping[str, object]) -> list[str]:
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
            lines += [f"**The player's result (in points):** "
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
                  params: Mapping[str, object] | None = None) -> str:
    """"The liable player pays the win's value when the win is by self-draw."."""
    template = "the player gains {value}" if clause.keyword == "gain" else PAYERS.get(
        clause.name or "", (clause.name or "").replace("_", " ") + " pays {value}")
    value = clause.value if params is None else fold(clause.value, params)
    text = template.format(value=renderer.value(value))
    if when is not None:
        text += f" when {renderer.condition(when)}"
    return _sentence(text)


def _plain(value: object) -> object:
    if isinstance(value, Mapping):
        return {k: _plain(x) for k, x in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(x) for x in value]
    return value


def _outcome(text: str) -> str:
    """A case's short outcome in words: ``4h30f 7700`` -> "4 han 30 fu: 7700"."""
    match = re.fullmatch(r"(\d+)h(\d+)f (-?\d+)", text)
    if match:
        return f"{match[1]} han {match[2]} fu: {match[3]}"
    match = re.fullmatch(r"yakuman x(\d+) (-?\d+)", text)
    if match:
        times = "" if match[1] == "1" else f"{match[1]}\u00d7 "
        return f"{times}yakuman: {match[2]}"
    match = re.fullmatch(r"error (\w+)", text)
    if match:
        return f"not scored ({match[1]})"
    return text


def _uses_params(expr: object) -> bool:
    """Whether an expression reads a ruleset parameter."""
    if isinstance(expr, ast.Param):
        return True
    if isinstance(expr, ast.Comprehension):
        return _uses_params(expr.source) or _uses_params(expr.where)
    if isinstance(expr, tuple):
        return any(_uses_params(x) for x in expr)
    for name in getattr(expr, "__dataclass_fields__", {}):
        if name != "span" and _uses_params(getattr(expr, name)):
            return True
    return False


# ---- the rule files themselves ------------------------------------------------------------------

_SOURCE_SUFFIXES = frozenset({".rules", ".json", ".lark", ".md", ".yaml", ".yml", ".txt"})


def _source_pages(site: _Site) -> None:
    root = resources.data_root()
    for top in SOURCE_ROOTS:
        folder = root / top
        if not folder.is_dir():
            continue
        for directory in sorted([folder, *(d for d in folder.rglob("*") if d.is_dir())]):
            rel_dir = directory.relative_to(root).as_posix()
            page = source_page(rel_dir)
            entries = []
            for child in sorted(directory.iterdir()):
                rel = child.relative_to(root).as_posix()
                if child.is_dir():
                    entries.append(f"- [{child.name}/]({_rel(page, source_page(rel))})")
                elif child.suffix in _SOURCE_SUFFIXES:
                    entries.append(f"- [{child.name}]({_rel(page, source_page(rel))})")
                    site.write(source_page(rel), _source_file_page(child, rel))
            site.write(page, "\n".join([f"# {_md(rel_dir)}/", "",
                                         "A folder of the riichi-rules project.", "",
                                         *entries, ""]))


def _source_file_page(path: Path, relative: str) -> str:
    text = path.read_text(encoding="utf-8", errors="replace")
    fence = "`" * max(3, max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    language = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".md": "markdown"}.get(
        path.suffix, "text")
    return "\n".join([f"# {_md(relative)}", "",
                      "A file of the riichi-rules project, shown as it is in the repository.",
                      "", f'{fence}{language} linenums="1"', text.rstrip("\n"), fence, ""])


# ---- entry point ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildResult:
    out: Path
    pages: tuple[Path, ...]
    nav: list[Any]
    rulesets: tuple[str, ...]
    unread: tuple[str, ...] = ()  # why each file of recorded wins that was not read at all


def build(rulesets: Sequence[str | Path] | None = None, out: Path | None = None, *,
          search: bool = True, corpus: Sequence[str | Path] = (),
          jobs: int | None = None) -> BuildResult:
    """Write the rulebook for ``rulesets`` (ids or paths; default every bundled ruleset) into
    ``out`` (default ``docs/generated``). Only files whose text changed are rewritten.

    With ``search`` (the default) every rule gets the witness and near miss the search finds
    and every comparison its searched differences (:mod:`riichi_rules.docs.searched`; in
    ``jobs`` worker processes, default one a processor; kept in ``out/.search`` for the next
    build); ``corpus`` (the files ``riichi compare --corpus`` reads) adds how many recorded
    wins each difference changes."""
    out = default_out_dir() if out is None else out
    site = _Site(out, list(rulesets) if rulesets else list(bundled_ids()), search,
                 [str(c) for c in corpus], default_jobs() if jobs is None else jobs)
    nav = site.build()
    unread = dict.fromkeys(u.message for found in site.pair_found.values()
                           if found.impact is not None for u in found.impact.unread
                           if not u.wins)
    return BuildResult(out, tuple(p for p in site.written if p.suffix == ".md"), nav,
                       tuple(rs.config.id for rs in site.rulesets), tuple(unread))
