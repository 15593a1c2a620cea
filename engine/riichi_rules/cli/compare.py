"""``riichi compare A B [C ...]``: where rulesets differ — parameters (with their meaning),
yaku (present or absent, han closed/open), and the conformance cases (scoring and referee)
whose outcome differs, each with the rules and parameters that made the difference; with
three or more rulesets, as a matrix (one column per ruleset). With ``--search``: wins that two
rulesets score differently, found by search (riichi_rules.search); with ``--corpus FILES``:
what the difference does to recorded wins (riichi_rules.cli.impact).

Exit status: 0; 1 if a ruleset does not load (or is given twice) or a rule has no value on a
case (the comparison stops there); 2 with fewer than two.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from riichi_rules.cli import numbers
from riichi_rules.cli.impact import add_corpus_options


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
    search = p.add_argument_group(
        "search", "Search for wins that the two rulesets score differently, and for event "
        "sequences on which their referees decide differently, aimed by the rules that read "
        "differently; each cause with its plainest witness (a win, or a conformance case).")
    search.add_argument("--search", action="store_true",
                        help="search instead of listing (two rulesets): wins scored "
                        "differently, and event sequences the referees decide differently")
    search.add_argument("--budget", metavar="SECONDS", type=numbers.seconds, default=None,
                        help="stop after this many seconds (default 60, or no time limit "
                        "when --situations is given)")
    search.add_argument("--situations", metavar="N", type=numbers.positive, default=None,
                        help="stop after N situations: with --seed, the same N gives the same "
                        "findings on any machine")
    search.add_argument("--seed", metavar="N", type=numbers.whole, default=0,
                        help="the seed of the search (default 0)")
    search.add_argument("--sequences", metavar="N", type=numbers.positive, default=None,
                        help="stop the table rules' search after N scenarios played out as "
                        "event sequences (default: N situations / 20)")
    add_corpus_options(p)


def run(args: argparse.Namespace) -> int:
    if len(args.rulesets) < 2:
        print("riichi compare: error: give two rulesets or more", file=sys.stderr)
        return 2
    if args.search and args.corpus:
        print("riichi compare: error: --search and --corpus do not go together: search for "
              "differences, or measure them on records", file=sys.stderr)
        return 2
    if (args.search or args.corpus) and len(args.rulesets) != 2:
        print(f"riichi compare: error: {'--search' if args.search else '--corpus'} compares "
              "two rulesets", file=sys.stderr)
        return 2
    if (args.jobs != 1 or args.cluster is not None) and not args.corpus:
        print("riichi compare: error: --jobs and --cluster go with --corpus", file=sys.stderr)
        return 2
    if args.corpus:
        from riichi_rules.cli.impact import run_corpus

        return run_corpus(args.rulesets[0], args.rulesets[1], args)
    from riichi_rules.errors import DiagnosticError, RulesetFault

    try:
        return _compare(args)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 1
    except RulesetFault as error:
        print(f"riichi compare: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # a ruleset given twice
        print(f"riichi compare: {error}", file=sys.stderr)
        return 1


def _compare(args: argparse.Namespace) -> int:
    if args.search:
        return _search(args)
    from riichi_rules.comparison import render

    if len(args.rulesets) > 2:
        from riichi_rules.comparison.matrix import matrix

        table = matrix(args.rulesets, cases=not args.no_cases)
        return _emit(args, table.to_json(), lambda: render.render_matrix_text(table),
                     lambda: render.render_matrix_markdown(table))
    from riichi_rules.comparison.pair import compare

    first, second = args.rulesets
    comparison = compare(first, second, cases=not args.no_cases)
    return _emit(args, comparison.to_json(), lambda: render.render_text(comparison),
                 lambda: render.render_markdown(comparison))


def _search(args: argparse.Namespace) -> int:
    """Search both parts: wins scored differently (the scoring rules), then event sequences
    the referees decide differently (the table rules), the time shared by the number of
    differing clauses of each (each part gets a quarter at least, where it has any)."""
    from riichi_rules.scoring.scorer import program
    from riichi_rules.search import report, table_report
    from riichi_rules.search.climb import Budget
    from riichi_rules.search.differences import search_differences
    from riichi_rules.search.table_differences import search_table
    from riichi_rules.search.table_targets import differing_clauses
    from riichi_rules.search.targets import differing

    a, b = (program(r) for r in args.rulesets)
    scoring, table = len(differing(a, b)), len(differing_clauses(a, b))
    share = 1.0 if not table else max(0.25, min(0.75, scoring / (scoring + table)))
    situations, seconds = numbers.search_limits(args.situations, args.budget)
    start = time.monotonic()
    found = search_differences(a, b, Budget.of(situations, seconds and seconds * share),
                               args.seed)
    left = seconds and max(0.0, seconds - (time.monotonic() - start))
    sequences = args.sequences or max(1, situations // 20)
    played = search_table(a, b, Budget.of(sequences, left), args.seed)
    as_json = {**found.to_json(), "table": played.to_json(),
               "table_unwitnessed": played.unwitnessed_json(), "table_searched": played.searched}
    return _emit(args, as_json,
                 lambda: report.render_text(found) + "\n\n" + table_report.render_text(played),
                 lambda: report.render_markdown(found) + "\n"
                 + table_report.render_markdown(played))


def _emit(args: argparse.Namespace, as_json: object, text: Callable[[], str],
          markdown: Callable[[], str]) -> int:
    if args.json:
        print(json.dumps(as_json, indent=2, ensure_ascii=False))
    elif args.markdown:
        print(markdown(), end="")
    else:
        print(text())
    return 0
