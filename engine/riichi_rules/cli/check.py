"""``riichi check``: validate rule files and rulesets, printing every problem found.

A PATH is a ``.rules`` file (checked on its own: syntax, names, types; yaku it names from
other files need not exist), a ruleset (a folder holding ``ruleset.json``, a ``ruleset.json``
file, or a bundled ruleset id: its config, then every rule file of its ``extends`` chain,
compiled), or a folder without ``ruleset.json`` (each ``.rules`` file in it, on its own).

Exit status: 0 everything is clean, 1 some PATH has problems, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from riichi_rules.errors import Diagnostic

EXIT_OK = 0
EXIT_ERRORS = 1

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
        "Exit status: 0 clean, 1 problems found, 2 usage error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="a .rules file, a ruleset folder or ruleset.json, or a bundled id")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per checked item: "
                   '{"path", "kind", "ok", "summary", "diagnostics": [...]}')


@dataclass
class Report:
    """What checking one item found."""

    path: str
    kind: str  # "rules" or "ruleset"
    diagnostics: list[Diagnostic] = field(default_factory=list)
    summary: str = ""

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
        }


def run(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for arg in args.paths:
        for report in check_path(arg):
            if not report.ok:
                status = EXIT_ERRORS
            if args.json:
                print(json.dumps(report.to_json()))
            else:
                print(render(report))
    return status


def render(report: Report) -> str:
    if report.ok:
        return f"ok: {report.path}: {report.summary}"
    count = len(report.diagnostics)
    lines = [d.render() for d in report.diagnostics]
    lines.append(f"{report.path}: {count} problem{'s' if count != 1 else ''}")
    return "\n".join(lines)


def check_path(arg: str) -> list[Report]:
    """Check one command-line PATH (it may stand for several items: a folder of rule
    files)."""
    path = Path(arg)
    if arg.endswith(RULES_SUFFIX) or (path.is_file() and path.suffix == RULES_SUFFIX):
        return [check_rules_file(arg)]
    if path.is_dir() and not (path / RULESET_FILE).is_file():
        files = sorted(path.glob("*" + RULES_SUFFIX))
        if files:
            return [check_rules_file(str(f)) for f in files]
    return [check_ruleset(arg)]


def _problem(file: str, message: str, hint: str = "") -> Diagnostic:
    from riichi_rules.errors import Diagnostic

    return Diagnostic(file, 1, 1, message, hint=hint)


def check_rules_file(name: str) -> Report:
    """One ``.rules`` file on its own, with every parameter at its schema default."""
    from riichi_rules.errors import RuleError
    from riichi_rules.language.parser import parse_rules
    from riichi_rules.rulesets.config import parameter_defaults
    from riichi_rules.scoring.program import check_rule_text

    report = Report(name, "rules")
    try:
        text = Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        report.diagnostics.append(_problem(name, "no such file"))
        return report
    except (OSError, UnicodeDecodeError) as error:
        report.diagnostics.append(_problem(name, f"cannot read the file: {error}"))
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


def check_ruleset(name: str) -> Report:
    """A ruleset: its config and its ``extends`` chain, then every rule file compiled."""
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.rulesets.config import load_config
    from riichi_rules.scoring.program import compile_program

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
    return report
