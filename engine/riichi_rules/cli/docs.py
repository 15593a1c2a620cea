"""``riichi docs build``: write the generated rulebook (Markdown pages and tile pictures) that
the documentation site is built from.

Exit status: 0, 1 if a ruleset does not load (its problems are printed) or a file of recorded
wins (``--corpus``) could not be read at all (the pages are written, and say so), 2 usage
error.
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
        "Then 'mkdocs build --strict' (or 'mkdocs serve') builds the site; its hook runs\n"
        "'riichi docs build' itself.\n"
        "Exit status: 0 ok, 1 a ruleset does not load or a --corpus file could not be\n"
        "read, 2 usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="docs_action", metavar="ACTION", required=True)
    b = actions.add_parser(
        "build", help="write the generated Markdown pages",
        description="Write the generated Markdown pages and tile pictures.")
    b.add_argument("--ruleset", action="append", metavar="ID|PATH", dest="rulesets",
                   help="a bundled ruleset id or a ruleset folder / ruleset.json "
                   "(repeatable; default: every bundled ruleset)")
    b.add_argument("--out", type=Path, metavar="DIR",
                   help="where to write the pages (default: docs/generated)")
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


def run(args: argparse.Namespace) -> int:
    from riichi_rules.docs.pages import build
    from riichi_rules.errors import ConfigError, RuleError

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
    try:
        result = build(args.rulesets, args.out, search=not args.no_search,
                       corpus=args.corpus, jobs=args.jobs)
    except (ConfigError, RuleError) as error:
        print("riichi docs: a ruleset does not load:", file=sys.stderr)
        print(error.render(), file=sys.stderr)
        return EXIT_ERRORS
    if not args.quiet:
        print(f"wrote {len(result.pages)} pages for {len(result.rulesets)} rulesets "
              f"({', '.join(result.rulesets)}) to {result.out}")
    for message in result.unread:
        print(f"riichi docs: --corpus: {message}", file=sys.stderr)
    return EXIT_ERRORS if result.unread else EXIT_OK
