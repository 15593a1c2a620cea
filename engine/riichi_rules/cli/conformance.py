"""``riichi conformance``: every conformance case under every (or the chosen) ruleset.

Text output is the case x ruleset matrix (each cell: ``ok`` or ``FAIL`` and a short outcome
such as ``4h30f 7700``, or for a referee case ``legal``, ``illegal_call``, the score changes),
the details of each failure, and a summary line ``N passed, M failed``. A ruleset that extends
another takes its expectations; a case whose outcome its own changes explain is ``changed``
(``diff``), listed with the cause, not failed (riichi_rules.comparison.inherited). A ruleset
folder's ``cases/`` and each ``--with-cases DIR`` run alongside the suite.
``--json`` prints ``{"cases", "rulesets", "passed", "failed", "skipped", "changed", "errors",
"results"}``. Exit status: 0 when nothing failed; 1 when a case failed, a case file is broken
or a ruleset cannot be loaded; a rule that has no value on a case (a division by zero) stops
the run there with one error naming the rule and the case (exit status 1). Like the other
subcommands, the module imports only the standard library at import time (the runner is
imported inside ``run``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from riichi_rules import resources

if TYPE_CHECKING:
    from riichi_rules.conformance.cases import Case, Suite
    from riichi_rules.conformance.runner import CaseResult
    from riichi_rules.rulesets.config import RulesetConfig

__all__ = ["add_parser", "run"]

_CELL = 20
_ID_WIDTH_MAX = 44


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``conformance`` subcommand."""
    parser = subparsers.add_parser(
        "conformance",
        help="run the conformance suite: every case under every ruleset",
        description="Score every conformance case under each ruleset and compare the outcome "
        "with the case's expectation (its default, or the ruleset's override).",
    )
    parser.add_argument(
        "--ruleset", action="append", dest="rulesets", metavar="ID_OR_PATH", default=None,
        help="a bundled ruleset id or a ruleset.json path (repeatable; default: every bundled "
        "ruleset, and the rulesets that cases name themselves)",
    )
    parser.add_argument(
        "--tag", action="append", dest="tags", metavar="TAG", default=None,
        help="only the cases carrying this tag (repeatable: any of the tags)",
    )
    parser.add_argument(
        "--with-cases", action="append", type=Path, default=None, metavar="DIR",
        help="a folder of a club's own cases, run alongside the suite (repeatable); a "
        "ruleset folder's own cases/ folder is added without asking",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--cases", type=Path, default=None, metavar="DIR",
        help=f"the folder of case files (default: the bundled suite, "
        f"{resources.conformance_dir()})",
    )


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the subcommand; returns the exit status."""
    from riichi_rules.conformance.cases import Suite, suite_parts
    from riichi_rules.conformance.runner import select
    from riichi_rules.errors import RiichiError
    from riichi_rules.rulesets.config import bundled_ids, load_config

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    names: list[str] = list(getattr(args, "rulesets", None) or bundled_ids())
    try:
        configs: list[RulesetConfig] = [load_config(name) for name in names]
    except RiichiError as error:
        print(f"riichi conformance: cannot load a ruleset:\n{error}", file=err)
        return 1
    cases_dir: Path | None = getattr(args, "cases", None)
    tags: list[str] = list(getattr(args, "tags", None) or ())
    own_rulesets = not getattr(args, "rulesets", None)
    suite = Suite(resources.conformance_dir() if cases_dir is None else cases_dir)
    results: list[CaseResult] = []
    try:  # file by file: a rule that has no value on a case stops the run there
        for part in suite_parts(cases_dir):
            suite.files += part.files
            suite.errors += part.errors
            suite.cases += part.cases
            results += _run_part(part.cases, configs, tags, own_rulesets)
        own = _add_own_cases(suite, configs, list(getattr(args, "with_cases", None) or ()))
        results += _run_part(own, configs, tags, own_rulesets)
    except RiichiError as error:  # a ruleset's rules fail to compile (listing the yaku ids),
        # or a rule has no value on a case (RulesetFault)
        print(f"riichi conformance: {error}", file=err)
        return 1
    if any(len(c.chain) > 2 for c in configs):  # a ruleset extends another: its changes
        from riichi_rules.comparison.inherited import explain_changes

        results = explain_changes(results, configs)
    ids = [c.id for c in configs]
    ids += sorted({r.ruleset for r in results} - set(ids))
    selected = len(select(suite.cases, tags))
    if getattr(args, "json", False):
        json.dump(_json(suite, selected, ids, results), out, indent=2)
        out.write("\n")
    else:
        _text(suite, ids, results, out)
    failed = sum(r.failed for r in results)
    return 1 if failed or suite.errors else 0


def _run_part(cases: list[Case], configs: list[RulesetConfig], tags: list[str],
              own_rulesets: bool) -> list[CaseResult]:
    """The results of some of the cases. Raises :class:`RulesetFault` when a rule had no
    value on one of them (after that, the ruleset's results would say only that)."""
    from riichi_rules.conformance.runner import run_suite
    from riichi_rules.errors import RulesetFault

    results = run_suite(cases, configs, tags, own_rulesets=own_rulesets)
    for result in results:
        if result.fault is not None:
            raise RulesetFault(result.ruleset, result.case.id, result.case.location,
                               result.fault)
    return results


def _add_own_cases(suite: Suite, configs: list[RulesetConfig], folders: list[Path]
                   ) -> list[Case]:
    """Load the club's own case folders (``--with-cases``, and each selected ruleset's
    ``cases/`` beside its ruleset.json) into ``suite``, and return their cases; they may name
    the selected rulesets in ``expect``. A case id the suite already has is a broken file."""
    from riichi_rules.conformance.cases import (
        CaseFileError,
        known_ruleset_ids,
        known_yaku_ids,
        load_suite,
    )
    from riichi_rules.errors import Diagnostic
    from riichi_rules.scoring.scorer import program

    bundled = resources.data_root() / "rulesets"
    for config in configs:
        own = config.path.parent / "cases"
        if own.is_dir() and bundled not in config.path.parents and own not in folders:
            folders.append(own)
    if not folders:
        return []
    known = {*known_ruleset_ids(), *(c.id for c in configs)}
    yaku = known_yaku_ids().union(*(program(c).declared_ids() for c in configs))
    ids = {case.id: case.location for case in suite.cases}
    added: list[Case] = []
    for folder in folders:
        more = load_suite(folder, known_rulesets=known, known_yaku=yaku)
        suite.files += more.files
        suite.errors += more.errors
        for case in more.cases:
            if case.id in ids:
                file, _, line = case.location.rpartition(":")
                suite.errors.append(CaseFileError(Path(file), [Diagnostic(
                    file, int(line), 1, f"case id '{case.id}' is already used at "
                    f"{ids[case.id]}: give the club's case an id of its own")]))
                continue
            ids[case.id] = case.location
            suite.cases.append(case)
            added.append(case)
    return added


def _json(suite: Suite, selected: int, ids: list[str], results: list[CaseResult]
          ) -> dict[str, Any]:
    return {
        "cases": selected,
        "rulesets": ids,
        "passed": sum(r.passed for r in results),
        "failed": sum(r.failed for r in results),
        "skipped": sum(r.skipped for r in results),
        "changed": sum(r.changed for r in results),
        "errors": [
            {"file": d.file, "line": d.line, "column": d.column, "message": d.message}
            for error in suite.errors for d in error.diagnostics
        ],
        "results": [r.to_json(trace=r.failed) for r in results],
    }


def _cell(result: CaseResult) -> str:
    mark = {"passed": "ok", "failed": "FAIL", "skipped": "--", "changed": "diff"}[result.status]
    text = f"{mark} {result.short}"
    return text if len(text) < _CELL else text[: _CELL - 2] + "~"


def _text(suite: Suite, ids: list[str], results: list[CaseResult], out: TextIO) -> None:
    by_case: dict[str, dict[str, CaseResult]] = {}
    for result in results:
        by_case.setdefault(result.case.id, {})[result.ruleset] = result
    width = min(max([len(c) for c in by_case] + [4]), _ID_WIDTH_MAX)
    header = "case".ljust(width) + "  " + "".join(r[: _CELL - 1].ljust(_CELL) for r in ids)
    out.write(header.rstrip() + "\n")
    out.write("-" * len(header.rstrip()) + "\n")
    for case_id, row in by_case.items():
        name = case_id if len(case_id) <= width else case_id[: width - 1] + "~"
        cells = "".join(_cell(row[r]).ljust(_CELL) if r in row else "".ljust(_CELL)
                        for r in ids)
        out.write((name.ljust(width) + "  " + cells).rstrip() + "\n")
    failures = [r for r in results if r.failed]
    if failures:
        out.write("\nFailures:\n")
        for result in failures:
            out.write("\n" + result.report() + "\n")
    changed = [r for r in results if r.changed]
    if changed:
        out.write("\nDifferences from the ruleset extended, each with its cause:\n")
        for result in changed:
            out.write(f"  {result.case.id} under {result.ruleset} ({result.case.location}): "
                      f"{result.reason}\n")
    if suite.errors:
        out.write("\nBroken case files:\n")
        for error in suite.errors:
            out.write(error.render() + "\n")
    passed = sum(r.passed for r in results)
    skipped = sum(r.skipped for r in results)
    summary = f"{passed} passed, {len(failures)} failed"
    if changed:
        summary += f", {len(changed)} changed by the ruleset's own rules (shown above)"
    if skipped:
        summary += f", {skipped} skipped"
    if suite.errors:
        summary += f", {len(suite.errors)} broken case file(s)"
    out.write("\n" + summary + "\n")
