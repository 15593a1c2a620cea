"""A printable rulebook of one ruleset (``riichi docs pdf``): the generated pages of the ruleset
(overview, yaku with their tile pictures, fu, limits and payments, points table, the rules of
the table), the comparison with the ruleset it extends and the vocabulary, one chapter a page,
after a cover and a table of contents with page numbers.

The Markdown pages are the site's own (:func:`riichi_rules.docs.pages.build`), turned into one
HTML document by Python-Markdown with the site's extensions, and laid out into pages by
WeasyPrint: a well-kept renderer of HTML and CSS to PDF that needs no browser, draws our SVG
tile pictures itself, and numbers the table of contents from CSS (``target-counter``). It is
the ``pdf`` extra (``pip install 'riichi-rules[pdf]'``); it needs Pango, which Debian and the
CI machines have (``libpango-1.0-0``).
"""

from __future__ import annotations

import html
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from riichi_rules.docs.pages import build
from riichi_rules.docs.site import parent_of
from riichi_rules.rulesets.config import RulesetConfig, load_config

__all__ = ["PdfResult", "PdfUnavailable", "build_pdf", "chapters_html"]


class PdfUnavailable(Exception):
    """The PDF renderer (WeasyPrint) is not installed or cannot run here."""


@dataclass(frozen=True)
class PdfResult:
    out: Path
    ruleset: str
    chapters: tuple[str, ...]  # the chapters' titles, in order
    pages: int


# Python-Markdown extensions of the site (mkdocs.yml) that the pages use.
_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "def_list", "toc",
               "pymdownx.superfences", "pymdownx.details"]

_CSS = """
@page { size: A4; margin: 16mm 14mm 18mm 14mm;
        @bottom-center { content: counter(page); font-size: 8pt; color: #555; } }
@page landscape { size: A4 landscape; }
@page cover { @bottom-center { content: none; } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 9pt; line-height: 1.35; }
.cover { page: cover; text-align: center; padding-top: 70mm; }
.cover h1 { font-size: 24pt; border: none; }
.cover p { font-size: 11pt; color: #333; }
nav.toc { page-break-before: always; }
nav.toc h1 { font-size: 16pt; }
nav.toc ol { list-style: none; padding-left: 0; }
nav.toc ol ol { padding-left: 6mm; font-size: 8.5pt; }
nav.toc a { color: black; text-decoration: none; }
nav.toc a::after { content: leader('.') target-counter(attr(href), page); }
section.chapter { page-break-before: always; }
section.wide { page: landscape; }
h1 { font-size: 16pt; border-bottom: 1px solid #888; }
h2 { font-size: 13pt; } h3 { font-size: 11pt; }
table { border-collapse: collapse; margin: 2mm 0; font-size: 7.5pt; }
th, td { border: 0.5pt solid #aaa; padding: 1pt 3pt; vertical-align: top; }
section.wide table { font-size: 6.5pt; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; }
pre { white-space: pre-wrap; font-size: 7.5pt; background: #f4f4f4; padding: 2mm; }
img.tile { height: 7mm; vertical-align: middle; }
img.tile.side { height: 5mm; }
.admonition { border-left: 2pt solid #4a9; padding: 1mm 3mm; background: #f2faf7; }
.admonition-title { font-weight: bold; margin: 0; }
.pts.limit { background: #fde9c4; }
a { color: #06c; text-decoration: none; }
"""


def build_pdf(ruleset: str | Path, out: Path, *, search: bool = False,
              jobs: int | None = None) -> PdfResult:
    """Write the printable rulebook of ``ruleset`` (a bundled id or a ruleset folder or file)
    to ``out``. Raises :class:`PdfUnavailable` when WeasyPrint cannot be imported."""
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]
    except (ImportError, OSError) as error:  # OSError: Pango missing
        raise PdfUnavailable(
            f"the PDF renderer is not available ({error}): pip install 'riichi-rules[pdf]' "
            "(WeasyPrint; on Debian it needs libpango-1.0-0)") from error
    config = load_config(ruleset)
    with tempfile.TemporaryDirectory(prefix="riichi-pdf-") as tmp:
        folder = Path(tmp) / "generated"
        parent = parent_of(config)
        parent_id = load_config(parent).id if parent is not None else None
        refs: list[str | Path] = [ruleset] + ([parent] if parent is not None else [])
        pairs = [(parent_id, config.id)] if parent_id is not None else []
        build(refs, folder, search=search, jobs=jobs, pairs=pairs, project=False)
        pages = list(_chapter_pages(folder, config, parent_id))
        document, titles = chapters_html(folder, pages, config)
        rendered = HTML(string=document, base_url=str(folder)).render()
        out.parent.mkdir(parents=True, exist_ok=True)
        rendered.write_pdf(out)
        return PdfResult(out, config.id, tuple(titles), len(rendered.pages))


def _chapter_pages(folder: Path, config: RulesetConfig, parent_id: str | None
                   ) -> Iterator[str]:
    """The pages of the book, in order (paths under the generated folder)."""
    from riichi_rules.docs.english import TOPICS

    base = f"rulesets/{config.id}"
    yield from (f"{base}/{name}.md" for name in ("index", "yaku", "fu", "limits", "points"))
    yield from (f"{base}/{topic.slug}.md" for topic in TOPICS if topic.table_rule)
    if parent_id is not None:
        yield f"compare/{parent_id}-vs-{config.id}.md"
    yield "vocabulary.md"
    yield "sources.md"


def chapters_html(folder: Path, pages: list[str], config: RulesetConfig
                  ) -> tuple[str, list[str]]:
    """One HTML document of the pages: a cover, the table of contents (each chapter and its
    sections, with page numbers), then each page a chapter. Links between the chapters
    become links inside the document; links to pages left out become plain text."""
    import markdown  # type: ignore[import-untyped]

    numbered = {page: index for index, page in enumerate(pages)}
    chapters: list[str] = []
    titles: list[str] = []
    toc: list[str] = []
    for index, page in enumerate(pages):
        path = folder / page
        if not path.is_file():
            continue
        text = _front_matter(path.read_text(encoding="utf-8"))
        converter = markdown.Markdown(extensions=_EXTENSIONS)
        body = converter.convert(text)
        body = _rewrite(body, index, page, numbered, folder)
        title = _first_heading(body) or page
        titles.append(title)
        wide = "wide" if page.endswith("points.md") or page.startswith("compare/") else ""
        chapters.append(f'<section class="chapter {wide}" id="c{index}">{body}</section>')
        sections = "".join(
            f'<li><a href="#c{index}-{anchor}">{label}</a></li>'
            for anchor, label in _sections(body, index)) if not page.startswith(
                ("vocabulary", "sources")) else ""
        toc.append(f'<li><a href="#c{index}">{html.escape(title)}</a>'
                   + (f"<ol>{sections}</ol>" if sections else "") + "</li>")
    source = config.source
    rulebook = " ".join(x for x in (source.get("rulebook", ""), source.get("edition", "")) if x)
    cover = (f'<section class="cover"><h1>{html.escape(config.name)}</h1>'
             f"<p>{html.escape(rulebook)}</p>"
             f"<p>The rulebook of <code>{html.escape(config.id)}</code>, generated by "
             "riichi-rules from the rules that run.</p></section>")
    contents = f'<nav class="toc"><h1>Contents</h1><ol>{"".join(toc)}</ol></nav>'
    document = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
                f"<title>{html.escape(config.name)}</title><style>{_CSS}</style></head>"
                f"<body>{cover}{contents}{''.join(chapters)}</body></html>")
    return document, titles


def _front_matter(text: str) -> str:
    """The page without its mkdocs front matter (``---`` ... ``---``)."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[end + 5:]
    return text


def _first_heading(body: str) -> str:
    match = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).strip() if match else ""


def _sections(body: str, index: int) -> Iterator[tuple[str, str]]:
    """The chapter's second-level headings: (anchor, label)."""
    for match in re.finditer(rf'<h2 id="c{index}-([^"]+)"[^>]*>(.*?)</h2>', body, re.S):
        label = re.sub(r"<[^>]+>", "", match.group(2)).replace("¶", "").strip()
        yield match.group(1), label


_HREF = re.compile(r'href="([^"]*)"')
_SRC = re.compile(r'src="([^"]*)"')


def _rewrite(body: str, index: int, page: str, numbered: dict[str, int], folder: Path) -> str:
    """Ids made unique to the chapter, links to the book's chapters made internal, other
    links to pages dropped (their text kept), pictures found from the generated folder."""
    body = re.sub(r'id="([^"]+)"', lambda m: f'id="c{index}-{m.group(1)}"', body)
    here = Path(page).parent

    def href(match: re.Match[str]) -> str:
        target = html.unescape(match.group(1))
        if "://" in target or target.startswith("mailto:"):
            return match.group(0)
        file, _, anchor = target.partition("#")
        if not file:
            return f'href="#c{index}-{anchor}"'
        resolved = (here / file).as_posix()
        resolved = _normal(resolved)
        chapter = numbered.get(resolved)
        if chapter is None:
            return 'data-dropped="1"'
        return f'href="#c{chapter}-{anchor}"' if anchor else f'href="#c{chapter}"'

    def src(match: re.Match[str]) -> str:
        target = html.unescape(match.group(1))
        if "://" in target:
            return match.group(0)
        return f'src="{(folder / _normal((here / target).as_posix())).resolve().as_uri()}"'

    body = _HREF.sub(href, body)
    body = re.sub(r'<a data-dropped="1"[^>]*>(.*?)</a>', r"\1", body, flags=re.S)
    return _SRC.sub(src, body)


def _normal(path: str) -> str:
    """``rulesets/x/../../tiles/1m.svg`` -> ``tiles/1m.svg``."""
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)

