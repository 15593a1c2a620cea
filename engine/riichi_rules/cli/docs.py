"""``riichi docs build``: write the generated rulebook (Markdown pages and tile pictures) that
the documentation site is built from, or (``--site DIR``) a complete standalone site for one
ruleset; ``riichi docs pdf``: a printable rulebook of one ruleset.

Exit status: 0, 1 if a ruleset does not load (its problems are printed) or a file of recorded
wins (``--corpus``) could not be read at all (the pages are written, and say so), 2 usage
error (or, for ``pdf``, the PDF renderer is not installed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_USAGE = 2


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "docs",
        help="generate the rulebook pages of the documentation site",
        description="Generate the rulebook from the rules that run: per ruleset an overview "
        "of its parameters, its yaku (each condition rendered in English from the rule), fu, "
        "limits and payments, a points table computed by the engine, and the table rules "
        "(furiten, claims, riichi, kans, pao, draws, next hand) rendered from their rules; "
        "comparison pages across rulesets (riichi compare, with the conformance cases that "
        "come out differently); tile pictures. The search adds, for every scoring rule, a "
        "witness and a near miss, and for every comparison the differences it finds (a fixed "
        "seed and budget: the same pages on every build).",
        epilog="Examples:\n"
        "  riichi docs build                      # every bundled ruleset -> docs/generated\n"
        "  riichi docs build --ruleset my-club/ --out /tmp/rulebook\n"
        "  riichi docs build --corpus games/        # how many recorded wins each difference\n"
        "                                           # changes, on the comparison pages\n"
        "  riichi docs build --ruleset my-club/ --site club-site   # a site of its own:\n"
        "                                   # mkdocs build --strict -f club-site/mkdocs.yml\n"
        "  riichi docs pdf my-club/ --out club.pdf  # a printable rulebook\n"
        "Then 'mkdocs build --strict' (or 'mkdocs serve') builds the site; its hook runs\n"
        "'riichi docs build' itself.\n"
        "The build owns only the files it wrote (listed in DIR/.riichi-rules-pages): it\n"
        "rewrites and removes only those, and stops, writing nothing, when another file is\n"
        "where a page goes.\n"
        "Exit status: 0 ok, 1 a ruleset does not load, a --corpus file could not be read\n"
        "or a file not the build's is in the way, 2 usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="docs_action", metavar="ACTION", required=True)
    b = actions.add_parser(
        "build", help="write the generated Markdown pages",
        description="Write the generated Markdown pages and tile pictures.")
    b.add_argument("--ruleset", action="append", metavar="ID|PATH", dest="rulesets",
                   help="a bundled ruleset id or a ruleset folder / ruleset.json "
                   "(repeatable; default: every bundled ruleset)")
    where = b.add_mutually_exclusive_group()
    where.add_argument("--out", type=Path, metavar="DIR",
                       help="where to write the pages (default: docs/generated)")
    where.add_argument("--site", type=Path, metavar="DIR",
                       help="write a complete standalone site for the one --ruleset into DIR: "
                       "DIR/mkdocs.yml and DIR/docs/ (its pages, the tile pictures, points "
                       "tables, the comparison with the ruleset it extends); build it with "
                       "'mkdocs build --strict -f DIR/mkdocs.yml'")
    b.add_argument("--corpus", nargs="+", metavar="FILE", default=[],
                   help="recorded wins (the files 'riichi compare --corpus' reads: Tenhou "
                   "mjlog, tenhou.net/6, mjai, folders of them, or a JSON-lines file of wins "
                   "such as agari.jsonl): each comparison page says how many of them each "
                   "difference found by the search changes")
    b.add_argument("--no-search", action="store_true",
                   help="leave out the witnesses and the searched differences (faster)")
    b.add_argument("--jobs", type=int, metavar="N",
                   help="worker processes for the searches (default: one a processor)")
    b.add_argument("--quiet", action="store_true", help="print nothing on success")
    pdf = actions.add_parser(
        "pdf", help="write a printable rulebook (PDF) of one ruleset",
        description="Write a printable rulebook of one ruleset, bundled or not: a cover, a "
        "table of contents, the ruleset's pages (overview, yaku with tile pictures, fu, "
        "limits and payments, points table, the rules of the table), the comparison with "
        "the ruleset it extends and the vocabulary. Rendered by WeasyPrint (pip install "
        "'riichi-rules[pdf]').")
    pdf.add_argument("ruleset", metavar="RULESET_OR_PATH",
                     help="a bundled ruleset id or a ruleset folder / ruleset.json")
    pdf.add_argument("--out", type=Path, metavar="FILE", required=True,
                     help="the PDF file to write")
    pdf.add_argument("--search", action="store_true",
                     help="add the search's witness and near miss of every rule (slower)")
    pdf.add_argument("--jobs", type=int, metavar="N",
                     help="worker processes for the search (default: one a processor)")
    pdf.add_argument("--quiet", action="store_true", help="print nothing on success")


def run(args: argparse.Namespace) -> int:
    if args.docs_action == "pdf":
        return _pdf(args)
    from riichi_rules.docs.owned import OutputClash
    from riichi_rules.docs.pages import build
    from riichi_rules.errors import ConfigError, RuleError, RulesetFault

    missing = [c for c in args.corpus if not Path(c).exists()]
    if missing:
        print(f"riichi docs: --corpus: no such file or folder: {', '.join(missing)}",
              file=sys.stderr)
        return EXIT_USAGE
    if args.corpus and args.no_search:
        print("riichi docs: --corpus needs the search (leave out --no-search)", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs is not None and args.jobs < 1:
        print("riichi docs: --jobs must be 1 or more", file=sys.stderr)
        return EXIT_USAGE
    if args.site is not None and len(args.rulesets or ()) != 1:
        print("riichi docs: --site writes the site of one ruleset: name it with --ruleset "
              "(e.g. --ruleset examples/house-rules --site club-site)", file=sys.stderr)
        return EXIT_USAGE
    where = args.site if args.site is not None else args.out
    if where is not None and where.exists() and not where.is_dir():
        print(f"riichi docs: {where} is a file, not a folder: pick a folder for "
              f"{'--site' if args.site is not None else '--out'}", file=sys.stderr)
        return EXIT_USAGE
    try:
        if args.site is not None:
            return _site(args)
        result = build(args.rulesets, args.out, search=not args.no_search,
                       corpus=args.corpus, jobs=args.jobs)
    except (ConfigError, RuleError) as error:
        print("riichi docs: a ruleset does not load:", file=sys.stderr)
        print(error.render(), file=sys.stderr)
        return EXIT_ERRORS
    except RulesetFault as error:  # on a case its comparison scores
        print(f"riichi docs: {error}", file=sys.stderr)
        return EXIT_ERRORS
    except OutputClash as error:
        print(f"riichi docs: {error.message}", file=sys.stderr)
        return EXIT_ERRORS
    except OSError as error:
        print(f"riichi docs: cannot write the pages: {error}", file=sys.stderr)
        return EXIT_ERRORS
    if not args.quiet:
        print(f"wrote {len(result.pages)} pages for {len(result.rulesets)} rulesets "
              f"({', '.join(result.rulesets)}) to {result.out}")
    for message in result.notes:
        print(f"riichi docs: note: {message}", file=sys.stderr)
    for message in result.unread:
        print(f"riichi docs: --corpus: {message}", file=sys.stderr)
    return EXIT_ERRORS if result.unread else EXIT_OK


def _site(args: argparse.Namespace) -> int:
    from riichi_rules.docs.site import build_site

    site = build_site(args.rulesets[0], args.site, search=not args.no_search,
                      corpus=args.corpus, jobs=args.jobs)
    if not args.quiet:
        compared = f", compared with {site.extends}" if site.extends else ""
        print(f"wrote the site of {site.pages.rulesets[0]} ({len(site.pages.pages)} pages"
              f"{compared}) to {site.site}; build it with: mkdocs build --strict -f "
              f"{site.config}")
    for message in site.pages.notes:
        print(f"riichi docs: note: {message}", file=sys.stderr)
    for message in site.pages.unread:
        print(f"riichi docs: --corpus: {message}", file=sys.stderr)
    return EXIT_ERRORS if site.pages.unread else EXIT_OK


def _pdf(args: argparse.Namespace) -> int:
    from riichi_rules.docs.pdf import PdfUnavailable, build_pdf
    from riichi_rules.errors import ConfigError, RuleError, RulesetFault

    if args.jobs is not None and args.jobs < 1:
        print("riichi docs: --jobs must be 1 or more", file=sys.stderr)
        return EXIT_USAGE
    try:
        result = build_pdf(args.ruleset, args.out, search=args.search, jobs=args.jobs)
    except PdfUnavailable as error:
        print(f"riichi docs pdf: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (ConfigError, RuleError) as error:
        print("riichi docs: a ruleset does not load:", file=sys.stderr)
        print(error.render(), file=sys.stderr)
        return EXIT_ERRORS
    except RulesetFault as error:
        print(f"riichi docs: {error}", file=sys.stderr)
        return EXIT_ERRORS
    if not args.quiet:
        print(f"wrote {result.out}: {result.pages} pages, {len(result.chapters)} chapters "
              f"({result.ruleset})")
    return EXIT_OK
