"""Write the generated rulebook: Markdown pages per ruleset, comparison pages, tile pictures,
and the navigation the mkdocs hook puts into the site.

Everything on these pages comes from the rules that run: the compiled program of each ruleset
(its declarations, their conditions rendered back into English, their file and line), the
ruleset configs and the parameter schema, the conformance suite (worked examples) and the
engine itself (the points table). ``riichi docs build`` calls :func:`build`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.docs.compare_pages import ComparePages
from riichi_rules.docs.context import PAIRS, SEARCH_CACHE
from riichi_rules.docs.context import RulesetInfo as _Ruleset
from riichi_rules.docs.english import GENERATED_NOTE as _GENERATED_NOTE
from riichi_rules.docs.english import TOPICS
from riichi_rules.docs.examples import _examples_for
from riichi_rules.docs.index_pages import IndexPages
from riichi_rules.docs.overview import OverviewPages
from riichi_rules.docs.owned import write_owned
from riichi_rules.docs.scoring_pages import ScoringPages
from riichi_rules.docs.searched import default_jobs, search_site
from riichi_rules.docs.source_files import _source_pages
from riichi_rules.docs.sources import PAGE as SOURCES_PAGE
from riichi_rules.docs.sources import sources_page
from riichi_rules.docs.table_pages import TablePages
from riichi_rules.docs.tiles import tile_files
from riichi_rules.docs.yaku_page import YakuPages
from riichi_rules.rulesets.config import bundled_ids

__all__ = ["PAIRS", "TOPICS", "BuildResult", "build", "default_out_dir", "make_pages"]


class _Site(OverviewPages, YakuPages, ScoringPages, TablePages, ComparePages, IndexPages):
    """The whole rulebook: every page family, the navigation, the search."""

    # -- the whole site --------------------------------------------------------------------
    def build(self) -> list[Any]:
        """Make every page (kept in ``files``, written by :func:`build`); returns the nav."""
        for name, svg in tile_files().items():
            self.files[f"tiles/{name}"] = svg
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
        self.files["nav.json"] = json.dumps(nav, indent=1) + "\n"
        return nav

    def _search(self) -> None:
        """The witnesses of every ruleset and the searched differences of every pair."""
        pairs = self.pairs()
        found, pair_found = search_site(
            [str(rs.config.path) for rs in self.rulesets],
            [(str(a.config.path), str(b.config.path)) for a, b in pairs], self.corpus,
            self.jobs, self.out / SEARCH_CACHE, self.cache_notes)
        self.witnesses = {rs.slug: w for rs, w in zip(self.rulesets, found, strict=True)}
        self.pair_found = {(a.slug, b.slug): p for (a, b), p in zip(pairs, pair_found,
                                                                    strict=True)}


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



def default_out_dir() -> Path:
    """``docs/generated`` of the source tree (where mkdocs.yml looks for it)."""
    return resources.data_root() / "docs" / "generated"



# ---- entry point ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildResult:
    out: Path
    pages: tuple[Path, ...]
    nav: list[Any]
    rulesets: tuple[str, ...]
    unread: tuple[str, ...] = ()  # why each file of recorded wins that was not read at all
    notes: tuple[str, ...] = ()  # why an entry of the search's cache was set aside


def build(rulesets: Sequence[str | Path] | None = None, out: Path | None = None, *,
          search: bool = True, corpus: Sequence[str | Path] = (),
          jobs: int | None = None, pairs: Sequence[tuple[str, str]] = PAIRS,
          project: bool = True) -> BuildResult:
    """Write the rulebook for ``rulesets`` (ids or paths; default every bundled ruleset) into
    ``out`` (default ``docs/generated``). Only files whose text changed are rewritten; the
    files of the previous build that this one does not write are removed, and no other file:
    the build owns only the files named in ``out/.riichi-rules-pages``
    (:mod:`riichi_rules.docs.owned`; raises :class:`~riichi_rules.docs.owned.OutputClash`,
    before writing anything, when another file is where a page goes).

    With ``search`` (the default) every rule gets the witness and near miss the search finds
    and every comparison its searched differences (:mod:`riichi_rules.docs.searched`; in
    ``jobs`` worker processes, default one a processor; kept in ``out/.search`` for the next
    build); ``corpus`` (the files ``riichi compare --corpus`` reads) adds how many recorded
    wins each difference changes. ``pairs``: the comparisons to show (ruleset ids; default
    :data:`PAIRS`); ``project``: the pages go into the project's site (False: a standalone
    site, whose pages link to no hand-written page of the project)."""
    out = default_out_dir() if out is None else out
    result, files = make_pages(rulesets, out, search=search, corpus=corpus, jobs=jobs,
                               pairs=pairs, project=project)
    write_owned(out, files)
    return result


def make_pages(rulesets: Sequence[str | Path] | None, out: Path, *, search: bool = True,
               corpus: Sequence[str | Path] = (), jobs: int | None = None,
               pairs: Sequence[tuple[str, str]] = PAIRS, project: bool = True
               ) -> tuple[BuildResult, dict[str, str]]:
    """The rulebook :func:`build` writes into ``out``, not written: its result and its files
    (path in ``out`` -> text). Only the search's cache (``out/.search``) is written."""
    site = _Site(out, list(rulesets) if rulesets else list(bundled_ids()), search,
                 [str(c) for c in corpus], default_jobs() if jobs is None else jobs, pairs,
                 project)
    nav = site.build()
    unread = dict.fromkeys(u.message for found in site.pair_found.values()
                           if found.impact is not None for u in found.impact.unread
                           if not u.wins)
    result = BuildResult(out, tuple(p for p in site.written if p.suffix == ".md"), nav,
                         tuple(rs.config.id for rs in site.rulesets), tuple(unread),
                         tuple(site.cache_notes))
    return result, site.files
