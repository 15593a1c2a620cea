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
    add_corpus_options(p)


def run(args: argparse.Namespace) -> int:
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
