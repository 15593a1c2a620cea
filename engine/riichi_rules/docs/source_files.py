"""The pages showing the project's own files (rule files, grammar, examples, conformance
cases) as they are in the repository, one page a file and an index a folder."""

from __future__ import annotations

import re
from pathlib import Path

from riichi_rules import resources
from riichi_rules.docs.context import SiteBase
from riichi_rules.docs.markdown import SOURCE_ROOTS, source_page
from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import rel as _rel

_SOURCE_SUFFIXES = frozenset({".rules", ".json", ".lark", ".md", ".yaml", ".yml", ".txt"})


def _source_pages(site: SiteBase) -> None:
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

