"""``riichi compare A B``: where two rulesets differ — parameters (with their meaning), yaku
(present or absent, han closed/open), and the conformance cases whose outcome differs, each
with the rules and parameters that made the difference. With ``--corpus FILES``: what the
difference does to recorded wins instead (riichi_rules.cli.impact).

Exit status: 0, or 1 if a ruleset does not load.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from riichi_rules.cli.impact import add_corpus_options


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "compare",
        help="show where two rulesets differ",
        description="Compare two rulesets (bundled ids or paths): the parameters that differ, "
        "the yaku that differ, and the conformance cases whose outcome differs.",
    )
    p.add_argument("a", metavar="A", help="a ruleset id or path")
    p.add_argument("b", metavar="B", help="another ruleset id or path")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    form.add_argument("--markdown", action="store_true", help="print Markdown tables")
    p.add_argument("--no-cases", action="store_true",
                   help="leave out the conformance cases (faster)")
    search = p.add_argument_group(
        "search", "Search for wins that the two rulesets score differently, aimed by the rules "
        "that read differently; each cause with its plainest witness.")
    search.add_argument("--search", action="store_true",
                        help="search instead of listing (scoring rules; two rulesets)")
    search.add_argument("--budget", metavar="SECONDS", type=_positive(float), default=60.0,
                        help="stop after this many seconds (default 60)")
    search.add_argument("--situations", metavar="N", type=_positive(int), default=10**9,
                        help="stop after N situations: with --seed, the same N gives the same "
                        "findings on any machine")
    search.add_argument("--seed", metavar="N", type=int, default=0,
                        help="the seed of the search (default 0)")
    add_corpus_options(p)


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"must be more than 0: {text!r}")
        return value
    return parse


def run(args: argparse.Namespace) -> int:
    if args.search and args.corpus:
        print("riichi compare: error: --search and --corpus do not go together: search for "
              "differences, or measure them on records", file=sys.stderr)
        return 2
    if args.search:
        return _search(args)
    if args.corpus:
        from riichi_rules.cli.impact import run_corpus

        return run_corpus(args.a, args.b, args)
    from riichi_rules.compare import compare, render_markdown, render_text
    from riichi_rules.errors import DiagnosticError

    try:
        comparison = compare(args.a, args.b, cases=not args.no_cases)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(comparison.to_json(), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(render_markdown(comparison), end="")
    else:
        print(render_text(comparison))
    return 0


def _search(args: argparse.Namespace) -> int:
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.scoring.scorer import program
    from riichi_rules.search.climb import Budget
    from riichi_rules.search.differences import search_differences
    from riichi_rules.search.report import render_markdown, render_text

    try:
        a, b = program(args.a), program(args.b)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 1
    found = search_differences(a, b, Budget.of(args.situations, args.budget), args.seed)
    if args.json:
        print(json.dumps(found.to_json(), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(render_markdown(found), end="")
    else:
        print(render_text(found))
    return 0
