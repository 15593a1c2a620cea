"""``riichi check``: validate rule files and rulesets, printing every problem found.

A PATH is a ``.rules`` file (checked on its own: syntax, names, types; yaku it names from
other files need not exist), a ruleset (a folder holding ``ruleset.json``, a ``ruleset.json``
file, or a bundled ruleset id: its config, then every rule file of its ``extends`` chain,
compiled), or a folder without ``ruleset.json`` (each ``.rules`` file in it, on its own).

Exit status: 0 everything is clean, 1 some PATH has problems, 2 usage error, 3 a PATH hit a
bug in riichi-rules (reported on its line; the other PATHs are checked).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from riichi_rules.cli import numbers

if TYPE_CHECKING:
    from riichi_rules.errors import Diagnostic
    from riichi_rules.scoring.program import ScoringProgram

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_INTERNAL = 3  # a path hit a bug in riichi-rules (reported; the others were checked)

RULES_SUFFIX = ".rules"
RULESET_FILE = "ruleset.json"


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "check",
        help="check rule files and rulesets, reporting every problem",
        description="Check .rules files and rulesets before anything runs: syntax, unknown\n"
        "names (with 'did you mean'), types, overrides, 'replaces' cycles, unknown\n"
        "parameters. Every problem is printed as file:line:col: message, the line, a caret\n"
        "and a hint.",
        epilog="PATH is a .rules file (checked on its own), a ruleset folder or its\n"
        "ruleset.json (config and every rule file of its extends chain), a bundled ruleset\n"
        "id (see 'riichi rulesets'), or a folder of .rules files.\n"
        "Examples:\n"
        "  riichi check my-club/house.rules\n"
        "  riichi check my-club/            # my-club/ruleset.json\n"
        "  riichi check ema-2016 tenhou\n"
        "Exit status: 0 clean, 1 problems found, 2 usage error, 3 a bug (reported).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="a .rules file, a ruleset folder or ruleset.json, or a bundled id")
    p.add_argument("--sources", action="store_true",
                   help="check the citations of the bundled rulesets, rule files and "
                   "conformance cases against rulesets/sources.json: every id cited is a "
                   "source there, every source there is cited, no pointer at notes outside "
                   "the repository")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per checked item: "
                   '{"path", "kind", "ok", "summary", "diagnostics": [...]}')
    witness = p.add_argument_group(
        "witnesses", "With --witness, each ruleset's scoring rules are also tried on hands the "
        "search finds: a witness and a near miss for every yaku, yakuman, dora kind, fu item "
        "and limit, and a problem for a rule that can never apply or adds nothing; a house "
        "ruleset's own table rules are played against the bundled ruleset it extends: a "
        "witness event sequence for each clause, or a problem (never asked, never holds, "
        "changes nothing).")
    witness.add_argument("--witness", action="store_true",
                         help="find a witness hand and a near miss for every scoring rule")
    witness.add_argument("--budget", metavar="SECONDS", type=numbers.seconds, default=None,
                         help="time for the search of each ruleset (default 60, or no time "
                         "limit when --situations is given)")
    witness.add_argument("--situations", metavar="N", type=numbers.positive, default=None,
                         help="situations for the search of each ruleset (its own table "
                         "rules: N / 20 scenarios): with --seed, the same N finds the same "
                         "witnesses on any machine")
    witness.add_argument("--seed", metavar="N", type=numbers.whole, default=0,
                         help="the seed of the search (default 0)")


@dataclass
class Report:
    """What checking one item found."""

    path: str
    kind: str  # "rules" or "ruleset"
    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: str = ""
    notes: list[Diagnostic] = field(default_factory=list)  # not problems: see --witness
    witnesses: list[str] = field(default_factory=list)  # one line per rule, with --witness
    details: dict[str, object] | None = None  # the witness report, for --json

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "kind": self.kind,
            "ok": self.ok,
            "summary": self.summary,
            "diagnostics": [
                {"file": d.file, "line": d.line, "column": d.column, "message": d.message,
                 "source_line": d.source_line, "hint": d.hint}
                for d in self.diagnostics
            ],
            **({"witnesses": self.details} if self.details is not None else {}),
        }


def run(args: argparse.Namespace) -> int:
    status = EXIT_OK
    if not args.paths and not args.sources:
        print("riichi check: error: give a PATH, or --sources", file=sys.stderr)
        return 2
    if args.sources:
        status = _check_sources(args.json)
    witness = (*numbers.search_limits(args.situations, args.budget), args.seed) \
        if args.witness else None
    for arg in args.paths:
        try:
            reports = check_path(arg, witness)
        except Exception as error:  # a bug: say so, and go on with the other paths
            print(f"{arg}: internal error: {type(error).__name__}: {error} (a bug in "
                  "riichi-rules: please report it with this file)", file=sys.stderr)
            status = max(status, EXIT_INTERNAL)
            continue
        for report in reports:
            if not report.ok:
                status = max(status, EXIT_ERRORS)
            if args.json:
                print(json.dumps(report.to_json()))
            else:
                print(render(report))
    return status


def _check_sources(as_json: bool) -> int:
    from riichi_rules.rulesets.sources import check, load_sources, registry_file

    try:
        problems = check()
    except ValueError as e:  # the registry itself is broken (schema, a duplicate id)
        problems_text = [str(e)]
    else:
        problems_text = [str(p) for p in problems]
    if as_json:
        print(json.dumps({"path": str(registry_file()), "kind": "sources",
                          "ok": not problems_text, "problems": problems_text}))
    else:
        for line in problems_text:
            print(line)
        if not problems_text:
            print(f"ok: {registry_file()}: {len(load_sources())} sources, every one cited, "
                  "every citation resolves")
        else:
            print(f"{registry_file()}: {len(problems_text)} citation problem"
                  f"{'s' if len(problems_text) != 1 else ''}")
    return EXIT_OK if not problems_text else EXIT_ERRORS


def render(report: Report) -> str:
    lines = [line for note in report.notes for line in ("note: " + note.render(),)]
    if report.witnesses:
        lines += report.witnesses
    if report.ok:
        return "\n".join([*lines, f"ok: {report.path}: {report.summary}"])
    count = len(report.diagnostics)
    lines += [d.render() for d in report.diagnostics]
    lines.append(f"{report.path}: {count} problem{'s' if count != 1 else ''}")
    return "\n".join(lines)


Witness = tuple[int, float | None, int]  # situations, seconds (see numbers.search_limits), seed


def check_path(arg: str, witness: Witness | None = None) -> list[Report]:
    """Check one command-line PATH (it may stand for several items: a folder of rule
    files); with ``witness``, search witnesses for a ruleset's scoring rules too."""
    path = Path(arg)
    if arg.endswith(RULES_SUFFIX) or (path.is_file() and path.suffix == RULES_SUFFIX):
        return [_no_witness(check_rules_file(arg), witness)]
    if path.is_dir() and not (path / RULESET_FILE).is_file():
        files = sorted(path.glob("*" + RULES_SUFFIX))
        if files:
            return [_no_witness(check_rules_file(str(f)), witness) for f in files]
    return [check_ruleset(arg, witness)]


def _no_witness(report: Report, witness: Witness | None) -> Report:
    if witness is not None and report.ok:
        report.summary += " (--witness searches rulesets: a .rules file alone has no limits "
        report.summary += "or payments to score with)"
    return report


def _problem(file: str, message: str, hint: str = "") -> Diagnostic:
    from riichi_rules.errors import Diagnostic

    return Diagnostic(file, 1, 1, message, hint=hint)


def check_rules_file(name: str) -> Report:
    """One ``.rules`` file on its own, with every parameter at its schema default."""
    from riichi_rules.errors import InputError, RuleError
    from riichi_rules.language.parser import parse_rules
    from riichi_rules.rulesets.config import parameter_defaults
    from riichi_rules.scoring.lowering import check_rule_text, read_rule_file

    report = Report(name, "rules")
    if not Path(name).exists():
        report.diagnostics.append(_problem(name, "no such file"))
        return report
    try:
        text = read_rule_file(Path(name))
    except InputError as error:
        report.diagnostics.append(_problem(name, error.message))
        return report
    report.diagnostics.extend(check_rule_text(text, name, parameter_defaults()))
    if report.ok:
        try:
            declarations = parse_rules(text, name).declarations
        except RuleError as error:  # pragma: no cover - check_rule_text reported it already
            report.diagnostics.extend(error.diagnostics)
            return report
        kinds = Counter(d.kind for d in declarations)
        parts = [f"{n} {kind}" for kind, n in kinds.items()]
        report.summary = (f"{len(declarations)} declaration"
                          f"{'s' if len(declarations) != 1 else ''}"
                          + (f" ({', '.join(parts)})" if parts else ""))
    return report


def check_ruleset(name: str, witness: Witness | None = None) -> Report:
    """A ruleset: its config and its ``extends`` chain, then every rule file compiled; with
    ``witness``, a witness and a near miss searched for every scoring rule."""
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.rulesets.config import load_config
    from riichi_rules.scoring.lowering import compile_program

    report = Report(name, "ruleset")
    try:
        config = load_config(name)
        program = compile_program(config)
    except DiagnosticError as error:
        report.diagnostics.extend(error.diagnostics)
        return report
    chain = " -> ".join(config.chain)
    report.summary = (
        f"{config.name} ({chain}): {len(config.rule_files)} rule files, "
        f"{len(program.yaku)} yaku, {len(program.yakuman)} yakuman, {len(program.dora)} dora "
        f"kinds, {len(config.parameters)} parameters"
    )
    if witness is not None:
        _witnesses(report, program, witness)
    return report


def _witnesses(report: Report, program: ScoringProgram, witness: Witness) -> None:
    import shlex

    from riichi_rules.notation import command_line
    from riichi_rules.search.climb import Budget
    from riichi_rules.search.situations import compact
    from riichi_rules.search.table_witness import own_clauses, table_witness_report
    from riichi_rules.search.witness import witness_report

    situations, seconds, seed = witness
    started = time.monotonic()
    own = own_clauses(program)
    share = 2 / 3 if own else 1.0  # the rest for the table rules of its own
    found = witness_report(program, Budget.of(situations, seconds and seconds * share), seed)
    report.diagnostics.extend(found.problems)
    report.notes.extend(found.notes)
    report.details = found.to_json()
    width = max((len(f"{w.target.label}") for w in found.rules), default=0)
    for w in found.rules:
        if w.witness is None:
            continue
        line = f"  {w.target.label:<{width}}  {shlex.join(command_line(compact(w.witness[0])))}"
        if w.near_miss is not None:
            line += f"\n  {'':<{width}}  near miss: "
            line += shlex.join(command_line(compact(w.near_miss[0])))
        report.witnesses.append(line)
    witnessed = sum(1 for w in found.rules if w.witness is not None)
    report.summary += (f"; witnesses for {witnessed} of {len(found.rules)} scoring rules "
                       f"({sum(w.tried for w in found.rules)} situations, "
                       f"{found.seconds:.1f} s)")
    if own:
        left = seconds and max(1.0, seconds - (time.monotonic() - started))
        table = table_witness_report(program, Budget.of(max(1, situations // 20), left), seed)
        report.diagnostics.extend(table.problems)
        report.details = {**found.to_json(), "table": table.to_json()}
        report.witnesses += table.lines()
        done = sum(1 for w in table.clauses if w.finding is not None)
        report.summary += (f"; witnesses for {done} of {len(table.clauses)} clauses of its own "
                           f"table rules against {table.base} ({table.searched} scenarios, "
                           f"{table.seconds:.1f} s)")
