"""What the page families of the generated rulebook share: one ruleset as the pages see it,
the site's state (rulesets, schemas, cases, the search's findings, the pages written) and the
links between pages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.docs.english import GENERATED_NOTE as _GENERATED_NOTE
from riichi_rules.docs.english import SHORT_NAMES
from riichi_rules.docs.examples import _load_cases
from riichi_rules.docs.facts import YakuFacts, yaku_facts
from riichi_rules.docs.folding import TypedView
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel
from riichi_rules.docs.render import Const, Renderer, fold
from riichi_rules.docs.searched import PairSearch, Witnesses
from riichi_rules.language import ast
from riichi_rules.language.table_vocabulary import TABLE_FEATURES
from riichi_rules.rulesets.config import (
    RulesetConfig,
    bundled_ids,
    load_config,
    parameter_defaults,
    parameter_schemas,
)
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

# ---- one ruleset ------------------------------------------------------------------------------


@dataclass
class RulesetInfo:
    slug: str
    config: RulesetConfig
    prog: ScoringProgram
    facts: dict[str, YakuFacts]
    raw: Mapping[str, Any]
    origins: dict[str, str]  # parameter -> ruleset id that sets it ("" = schema default)
    titles: dict[str, str] = field(default_factory=dict)
    view: TypedView = field(default_factory=TypedView)  # the scoring rules' typed trees
    table_view: TypedView = field(default_factory=TypedView)  # the table rules'

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


# The comparisons the site always shows (when both rulesets are built).
PAIRS = (
    ("ema-2016", "ema-2025"),
    ("ema-2016", "wrc-2025"),
    ("tenhou", "mahjong-soul"),
    ("wrc-2025", "m-league"),
    ("tenhou", "tenhou-sanma"),
)

# Where the search's findings are kept between builds (in the out folder; mkdocs leaves out
# files and folders whose names start with a dot).
SEARCH_CACHE = ".search"

# Front matter of a page whose tables need the whole width (mkdocs-material).
WIDE = "---\nhide:\n  - navigation\n  - toc\n---\n"


def anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-")


def plain(value: object) -> object:
    if isinstance(value, Mapping):
        return {k: plain(x) for k, x in value.items()}
    if isinstance(value, list | tuple):
        return [plain(x) for x in value]
    return value


def uses_params(expr: object) -> bool:
    """Whether an expression reads a ruleset parameter."""
    if isinstance(expr, ast.Param):
        return True
    if isinstance(expr, ast.Comprehension):
        return uses_params(expr.source) or uses_params(expr.where)
    if isinstance(expr, tuple):
        return any(uses_params(x) for x in expr)
    for name in getattr(expr, "__dataclass_fields__", {}):
        if name != "span" and uses_params(getattr(expr, name)):
            return True
    return False


def here_condition(cond: Any, params: Mapping[str, object] | TypedView, plain: Renderer,
                   written: str | None = None) -> Any:
    """What a condition comes to once the ruleset's parameters are put in: None when it reads
    no parameter (or comes to the same sentence), else the folded condition (an AST node or a
    :class:`~riichi_rules.docs.render.Const`)."""
    if not uses_params(cond):
        return None
    folded = fold(cond, params)
    if isinstance(folded, Const):
        return folded
    if written is not None and plain.condition(folded) == written:
        return None
    return folded



class SiteBase:
    """What every page family of the site shares: the rulesets (each loaded, compiled and
    with its yaku worded), the parameter schemas, the conformance cases, the search's
    findings, the pages written so far, and the links between pages."""

    def __init__(self, out: Path, rulesets: Sequence[str | Path], search: bool = True,
                 corpus: Sequence[str] = (), jobs: int = 1,
                 pairs: Sequence[tuple[str, str]] = PAIRS, project: bool = True) -> None:
        self.out = out
        self.pair_ids = tuple(pairs)
        # the pages are part of the project's own site (which has the hand-written pages
        # they link to), not a standalone one
        self.project = project
        self.search = search
        self.corpus = tuple(corpus)
        self.jobs = jobs
        self.witnesses: dict[str, Witnesses] = {}
        self.pair_found: dict[tuple[str, str], PairSearch] = {}
        self.cache_notes: list[str] = []  # why an entry of the search's cache was set aside
        self.schemas = parameter_schemas()
        self.defaults = parameter_defaults()
        self.param_titles = {n: str(s.get("title", n)) for n, s in self.schemas.items()}
        self.rulesets: list[RulesetInfo] = []
        slugs: set[str] = set()
        for ref in rulesets:
            config = load_config(ref)
            prog = program(config)
            slug = config.id
            while slug in slugs:
                slug += "-2"
            slugs.add(slug)
            facts = yaku_facts(prog)
            self.rulesets.append(RulesetInfo(
                slug, config, prog, facts, _raw(config.path), _parameter_origins(config),
                {k: f.title for k, f in facts.items()}, TypedView.of_program(prog),
                TypedView.of_program(prog, TABLE_FEATURES)))
        self.cases = _load_cases()
        self.written: list[Path] = []
        self.files: dict[str, str] = {}  # what the build writes: path in out -> text

    # -- output ----------------------------------------------------------------------------
    def write(self, page: str, text: str) -> None:
        """Keep a page to write (:func:`riichi_rules.docs.owned.write_owned` writes them all
        once the build is done)."""
        self.files[page] = text
        self.written.append(self.out / page)

    def tiles_base(self, page: str) -> str:
        return _rel(page, "tiles")

    def renderer(self, rs: RulesetInfo) -> Renderer:
        """Renders the ruleset's rules with the values of its parameters."""
        return Renderer(rs.config.parameters, self.param_titles, rs.titles, view=rs.view)

    def plain(self, rs: RulesetInfo) -> Renderer:
        """Renders what the ruleset's rules come to (parameters by title only)."""
        return Renderer(None, self.param_titles, view=rs.view)


    def ruleset_arg(self, rs: RulesetInfo) -> str:
        """How ``riichi score --ruleset`` names the ruleset: its id when bundled, else its
        folder (from the folder that holds it: the pages do not say where it lies)."""
        bundled = resources.rulesets_dir() / rs.config.id / "ruleset.json"
        if rs.config.id in bundled_ids() and rs.config.path.resolve() == bundled.resolve():
            return rs.config.id
        return f"{rs.config.path.parent.name}/"


    def header(self, rs: RulesetInfo, title: str) -> list[str]:
        return [f"# {_md(title)} — {_md(rs.short)}", "",
                _GENERATED_NOTE.format(what=f" of `{rs.config.id}`"), ""]


    def yaku_link(self, rs: RulesetInfo, yaku_id: str, page: str | None = None) -> str:
        """A yaku's name linked to its entry (from ``page``; default the yaku page)."""
        f = rs.facts.get(yaku_id)
        if f is None:
            return f"`{yaku_id}`"
        yaku_page = rs.page("yaku.md")
        where = "" if page in (None, yaku_page) else _rel(page or yaku_page, yaku_page)
        return f"[{_md(f.title)}]({where}#{yaku_id})"

    def yaku_linker(self, rs: RulesetInfo, page: str) -> Callable[[str], str]:
        return lambda yaku_id: self.yaku_link(rs, yaku_id, page)


    def pairs(self) -> list[tuple[RulesetInfo, RulesetInfo]]:
        by_id = {rs.config.id: rs for rs in self.rulesets}
        return [(by_id[a], by_id[b]) for a, b in self.pair_ids if a in by_id and b in by_id]

