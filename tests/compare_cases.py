"""Helpers of the tests of riichi compare: bundled conformance cases, where a clause of the
table rules is written (read from the file), and a case's own expectation as a short
outcome."""

from __future__ import annotations

from riichi_rules import resources
from riichi_rules.conformance.cases import Case, load_file


def bundled(*files: str) -> list[Case]:
    """The cases of some files of the bundled conformance suite."""
    return [c for f in files for c in load_file(resources.conformance_dir() / f)]


def clause_line(declaration: str, clause: str) -> str:
    """``file:line`` of the first line of ``declaration`` in rulesets/base/table.rules that
    begins with ``clause``, found here in the file itself."""
    lines = (resources.rulesets_dir() / "base" / "table.rules").read_text(
        encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(declaration + " "))
    number = next(i for i in range(start, len(lines))
                  if lines[i].strip().startswith(clause + " "))
    return f"rulesets/base/table.rules:{number + 1}"


def expected_outcome(case: Case, ruleset: str) -> str:
    """The case's own expectation under ``ruleset`` as a short outcome: the disagreement the
    last event must raise, else each win as a scoring case's outcome is written
    ("seat 1 2h30f 2000"), else "legal"."""
    expectation = case.expectation(ruleset)
    assert expectation is not None
    fields = expectation.fields
    if "illegal" in fields:
        return str(fields["illegal"])
    if "wins" in fields:
        return ", ".join(f"seat {seat} {win['han']}h{win['fu']}f {win['points']}"
                         for seat, win in fields["wins"].items())
    assert fields.get("legal") is True
    return "legal"
