"""``riichi compare A B [C ...]``: where rulesets differ — parameters (with their meaning),
yaku (present or absent, han closed/open), and the conformance cases (scoring and referee)
whose outcome differs, each with the rules and parameters that made the difference; with
three or more rulesets, as a matrix (one column per ruleset).

Exit status: 0; 1 if a ruleset does not load (or is given twice); 2 with fewer than two.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "compare",
        help="show where rulesets differ",
        description="Compare two rulesets (bundled ids or paths): the parameters that differ, "
        "the yaku that differ, and the conformance cases (scoring and referee) whose outcome "
        "differs. With three or more, a matrix of the rows where they do not all agree.",
    )
    p.add_argument("rulesets", nargs="+", metavar="RULESET",
                   help="two or more ruleset ids or paths")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print one JSON object")
    form.add_argument("--markdown", action="store_true", help="print Markdown tables")
    p.add_argument("--no-cases", action="store_true",
                   help="leave out the conformance cases (faster)")


def run(args: argparse.Namespace) -> int:
    from riichi_rules.compare import compare, render_markdown, render_text
    from riichi_rules.errors import DiagnosticError

    if len(args.rulesets) < 2:
        print("riichi compare: error: give two rulesets or more", file=sys.stderr)
        return 2
    if len(args.rulesets) > 2:
        return _matrix(args)
    a, b = args.rulesets
    try:
        comparison = compare(a, b, cases=not args.no_cases)
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


def _matrix(args: argparse.Namespace) -> int:
    from riichi_rules.compare_matrix import matrix, render_matrix_markdown, render_matrix_text
    from riichi_rules.errors import DiagnosticError

    try:
        table = matrix(args.rulesets, cases=not args.no_cases)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 1
    except ValueError as error:  # a ruleset given twice
        print(f"riichi compare: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(table.to_json(), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(render_matrix_markdown(table), end="")
    else:
        print(render_matrix_text(table))
    return 0
