"""What a rule difference does to real play, as two options of other commands:

* ``riichi compare A B --corpus FILES...``: every recorded win of the files rescored under A
  and B; the wins that change, by kind and by cause, with the points moved and examples;
* ``riichi replay FILES --ruleset A --compare B``: each game also settled under A and under B;
  the final scores, places and points of each, and the games whose places flip.

This module only adds the options and runs them (riichi_rules.impact does the work); like the
command modules, it imports only the standard library until it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import partial

from riichi_rules.cli import numbers
from riichi_rules.cli.workers import add_worker_options, worker_error


def add_corpus_options(p: argparse.ArgumentParser) -> None:
    """``--corpus FILES...`` and ``--examples N`` for ``riichi compare``."""
    p.add_argument("--corpus", nargs="+", metavar="FILE",
                   help="rescore every recorded win of these files (Tenhou mjlog, tenhou.net/6, "
                   "mjai, folders of them, or a JSON-lines file of wins such as agari.jsonl) "
                   "under both rulesets, and report the wins that change, by cause")
    p.add_argument("--examples", type=numbers.at_least(0), default=3, metavar="N",
                   help="with --corpus: the example wins shown for each cause (default 3)")
    add_worker_options(p, "with --corpus: read the files")


def run_corpus(a: str, b: str, args: argparse.Namespace) -> int:
    """``riichi compare A B --corpus FILES``: 0, or 1 when a ruleset does not load or a file
    could not be read at all."""
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.impact.render import wins_markdown, wins_text
    from riichi_rules.impact.wins import corpus_impact, lost_impact
    from riichi_rules.parallel import ClusterError, run_all

    status = worker_error(args, "compare")
    if status is not None:
        return status
    spread = args.jobs > 1 or args.cluster is not None
    try:
        impact = corpus_impact(a, b, args.corpus, partial(run_all, jobs=args.jobs,
                                                          cluster=args.cluster,
                                                          lost=lost_impact)
                               if spread else None)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 1
    except ClusterError as error:
        print(f"riichi compare: error: {error}", file=sys.stderr)
        return 2
    examples = max(args.examples, 0)
    if args.json:
        print(json.dumps({"corpus": list(args.corpus), **impact.to_json(examples)},
                         indent=2, ensure_ascii=False))
    elif args.markdown:
        print(wins_markdown(impact, args.corpus, examples), end="")
    else:
        print(wins_text(impact, args.corpus, examples))
    return 1 if impact.files_unreadable else 0


def add_compare_option(p: argparse.ArgumentParser) -> None:
    """``--compare B`` for ``riichi replay``."""
    p.add_argument("--compare", metavar="B",
                   help="also settle each game under --ruleset and under B (every win rescored, "
                   "every draw paid, the final standings made by each ruleset) and show the "
                   "final scores and places of each, and the games whose places flip")


def run_settle(files: Sequence[str], args: argparse.Namespace) -> dict[str, object] | None:
    """Settle ``files`` under ``--ruleset`` and ``--compare``: prints the text report (unless
    ``--json``) and returns the JSON one; None (after the error) when B does not load."""
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.impact.render import standings_json, standings_text
    from riichi_rules.impact.standings import Settlement, lost_settlement, settle_one
    from riichi_rules.parallel import ClusterError, run_all
    from riichi_rules.scoring.scorer import program

    try:
        a, b = program(args.ruleset).config.label, program(args.compare).config.label
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return None
    work = [(f, args.ruleset, args.compare) for f in files]
    settled: list[Settlement] = []
    try:
        for batch in run_all(settle_one, work, args.jobs, args.cluster,
                             lost=lost_settlement):
            settled.extend(batch)
    except ClusterError as error:
        print(f"riichi replay: error: {error}", file=sys.stderr)
        return None
    if not args.json:
        print()
        print(standings_text(settled, a, b))
    return standings_json(settled, a, b)
