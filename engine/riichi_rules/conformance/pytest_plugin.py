"""A pytest plugin: every conformance case under every bundled ruleset is one test item.

Enable it with ``pytest_plugins = ["riichi_rules.conformance.pytest_plugin"]`` in a top-level
conftest, or ``pytest -p riichi_rules.conformance.pytest_plugin``. It collects the ``*.yaml``
files under the conformance folders (the bundled suite unless the ``conformance_dirs`` ini
option names others); when pytest runs its configured ``testpaths`` (a plain ``pytest``), the
bundled suite is added to them. Items are named ``<case id>[<ruleset>]``; a failure shows the
expected and actual outcome and the engine's explanation. A broken case file is one failing
item with its diagnostics, and the other files still run.

Options: ``--conformance-ruleset ID`` (repeatable) restricts the rulesets; a case's tags are
keywords, so ``-k pinfu`` selects the cases tagged ``pinfu``. A case runs under each ruleset it
has an expectation for, and under the rulesets it names itself (``rulesets:``) unless the
rulesets are restricted to others.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from riichi_rules import resources
from riichi_rules.conformance.cases import (
    Case,
    CaseFileError,
    is_case_file,
    known_ruleset_ids,
    known_yaku_ids,
    load_file,
)
from riichi_rules.conformance.runner import CaseResult, rulesets_for, run_case
from riichi_rules.rulesets.config import RulesetConfig, load_config

_SEEN_IDS = pytest.StashKey[dict[str, str]]()


class ConformanceFailure(Exception):
    """A case whose outcome differs from its expectation."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.report())
        self.result = result


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("riichi-conformance", "riichi-rules conformance suite")
    group.addoption(
        "--conformance-ruleset", action="append", default=[], dest="conformance_rulesets",
        metavar="ID", help="run the conformance cases under this ruleset only (repeatable)",
    )
    parser.addini(
        "conformance_dirs", type="paths", default=[],
        help="folders of conformance case files (default: the bundled conformance suite)",
    )


def _roots(config: pytest.Config) -> list[Path]:
    configured: list[Path] = list(config.getini("conformance_dirs"))
    return [p.resolve() for p in (configured or [resources.conformance_dir()])]


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_SEEN_IDS] = {}
    if config.args_source is not pytest.Config.ArgsSource.TESTPATHS:
        return
    given = {Path(a).resolve() for a in config.args}
    for root in _roots(config):
        if root.is_dir() and not any(g == root or g in root.parents for g in given):
            config.args.append(str(root))


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    path = file_path.resolve()
    for root in _roots(parent.config):
        if is_case_file(path, root):
            collector: pytest.Collector = CaseFile.from_parent(parent, path=file_path)
            return collector
    return None


class CaseFile(pytest.File):
    """One case file: an item per (case, ruleset), or one failing item if the file is broken."""

    def collect(self) -> Iterable[pytest.Item]:
        try:
            cases = load_file(
                self.path, known_rulesets=known_ruleset_ids(), known_yaku=known_yaku_ids(),
                seen_ids=self.config.stash[_SEEN_IDS],
            )
        except CaseFileError as error:
            yield BrokenCaseFile.from_parent(self, name="[broken case file]", error=error)
            return
        chosen: list[str] = self.config.getoption("conformance_rulesets")
        configs = [load_config(r) for r in (chosen or known_ruleset_ids())]
        for case in cases:
            for config in rulesets_for(case, configs, own=not chosen):
                yield CaseItem.from_parent(self, name=f"{case.id}[{config.id}]", case=case,
                                           ruleset=config)


class CaseItem(pytest.Item):
    """One case under one ruleset."""

    def __init__(self, *, case: Case, ruleset: str | RulesetConfig, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.ruleset = ruleset if isinstance(ruleset, RulesetConfig) else load_config(ruleset)
        self.extra_keyword_matches.update(case.tags)  # pytest -k <tag>

    def runtest(self) -> None:
        result = run_case(self.case, self.ruleset)
        if result.skipped:
            # reported at the case's line, not at this line of the plugin
            raise pytest.skip.Exception(result.reason, _use_item_location=True)
        if result.failed:
            raise ConformanceFailure(result)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None,
    ) -> str | Any:
        if isinstance(excinfo.value, ConformanceFailure):
            return excinfo.value.result.report()
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"conformance {self.case.id} [{self.ruleset.id}]"


class BrokenCaseFile(pytest.Item):
    """A case file that does not load: fails with every problem at its file and line."""

    def __init__(self, *, error: CaseFileError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None,
    ) -> str | Any:
        if isinstance(excinfo.value, CaseFileError):
            return f"broken conformance case file:\n{excinfo.value.render()}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        line = self.error.diagnostics[0].line if self.error.diagnostics else 1
        return self.path, line - 1, f"broken case file {self.path.name}"
