"""The mkdocs hook of the documentation site (``hooks:`` in mkdocs.yml).

Before mkdocs reads the pages it runs ``riichi docs build`` into ``docs/generated`` (only
changed files are rewritten, so ``mkdocs serve`` does not loop) and puts the generated pages
into the navigation: the nav entries ``Rulebook: generated/index.md`` and ``Comparisons:
generated/compare/index.md`` of mkdocs.yml are replaced by the generated sections. Nav entries
naming a hand-written page that does not exist (yet) are left out with a log message. The
search's findings are kept in ``docs/generated/.search`` (see
:mod:`riichi_rules.docs.searched`), so a rebuild that changes no rule searches nothing again.

Set ``RIICHI_DOCS_SKIP_BUILD=1`` to use the pages already in ``docs/generated``, and
``RIICHI_DOCS_NO_SEARCH=1`` for a quicker build without the searched sections (as ``riichi
docs build --no-search``).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.riichi")

PLACEHOLDERS = {"generated/index.md": "Rulebook", "generated/compare/index.md": "Comparisons"}


def on_config(config: Any) -> Any:
    docs_dir = Path(config["docs_dir"])
    out = docs_dir / "generated"
    if os.environ.get("RIICHI_DOCS_SKIP_BUILD") == "1" and (out / "nav.json").is_file():
        generated = json.loads((out / "nav.json").read_text(encoding="utf-8"))
    else:
        from riichi_rules.docs.pages import build

        result = build(None, out, search=os.environ.get("RIICHI_DOCS_NO_SEARCH") != "1")
        generated = result.nav
        log.info("riichi docs: generated %d pages for %s", len(result.pages),
                 ", ".join(result.rulesets))
        for note in result.notes:
            log.info("riichi docs: %s", note)  # not a warning: --strict would stop
    sections = {title: entry for item in generated for title, entry in item.items()}
    config["nav"] = _expand(config.get("nav") or [], sections, docs_dir)
    return config


def _expand(nav: list[Any], sections: dict[str, Any], docs_dir: Path) -> list[Any]:
    out: list[Any] = []
    for item in nav:
        if isinstance(item, str):
            if _exists(item, docs_dir):
                out.append(item)
            continue
        if not isinstance(item, dict):
            out.append(item)
            continue
        for title, value in item.items():
            if isinstance(value, str) and value in PLACEHOLDERS:
                out.append({title: sections.get(PLACEHOLDERS[value], [value])})
            elif isinstance(value, list):
                children = _expand(value, sections, docs_dir)
                if children:
                    out.append({title: children})
            elif isinstance(value, str) and not _exists(value, docs_dir):
                log.info("riichi docs: '%s' (%s) is not written yet: left out of the nav",
                         value, title)
            else:
                out.append({title: value})
    return out


def _exists(path: str, docs_dir: Path) -> bool:
    return "://" in path or (docs_dir / path).is_file()


_LINK = re.compile(r"\]\((\.\./[^)#\s]+)(#[^)\s]*)?\)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Links from a hand-written page to a project file outside the docs folder
    (``../rulesets/base/yaku.rules``) go to that file's generated page instead."""
    from riichi_rules import resources
    from riichi_rules.docs.markdown import SOURCE_ROOTS, source_page

    src = str(page.file.src_uri)
    if src.startswith("generated/"):
        return markdown
    docs_dir = Path(config["docs_dir"]).resolve()
    root = resources.data_root().resolve()
    page_dir = (docs_dir / src).parent

    def replace(match: re.Match[str]) -> str:
        target = (page_dir / match.group(1)).resolve()
        try:
            relative = target.relative_to(root).as_posix()
        except ValueError:
            return match.group(0)
        if target.is_relative_to(docs_dir) or relative.split("/", 1)[0] not in SOURCE_ROOTS \
                or not target.exists():
            return match.group(0)
        generated = docs_dir / "generated" / source_page(relative)
        link = os.path.relpath(generated, page_dir).replace(os.sep, "/")
        return f"]({link})"

    return _LINK.sub(replace, markdown)
