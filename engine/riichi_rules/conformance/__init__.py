"""The conformance suite: case files (YAML) with expectations per ruleset, and their runner.

``load_suite()`` reads the bundled cases (``resources.conformance_dir()``), ``run_case(case,
ruleset)`` scores one case under one ruleset (a ``win``) or follows it with the referee (a
``deal`` and ``events``, see :mod:`riichi_rules.conformance.events`) and compares the fields
its expectation states.
"""

from riichi_rules.conformance.cases import (
    Case,
    CaseFileError,
    Expectation,
    Suite,
    load_file,
    load_suite,
)
from riichi_rules.conformance.runner import (
    CaseResult,
    compare,
    compare_events,
    outcome_of,
    rulesets_for,
    run_case,
    run_suite,
)

__all__ = [
    "Case",
    "CaseFileError",
    "CaseResult",
    "Expectation",
    "Suite",
    "compare",
    "compare_events",
    "load_file",
    "load_suite",
    "outcome_of",
    "rulesets_for",
    "run_case",
    "run_suite",
]
