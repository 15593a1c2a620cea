"""Fuzz: conformance case files. A bundled case file mangled line by line (YAML's special
characters, aliases, tags, numbers YAML 1.1 reads otherwise), or any text, loads or fails
with diagnostics at their lines; the cases that load run under a ruleset without anything
escaping but the package's errors."""

from __future__ import annotations

from functools import cache
from typing import Any

from fuzzing import assert_ours, fuzz
from hypothesis import given
from hypothesis import strategies as st

from riichi_rules import resources
from riichi_rules.conformance.cases import CaseFileError, known_yaku_ids, load_file
from riichi_rules.conformance.runner import run_case
from riichi_rules.errors import RiichiError
from riichi_rules.rulesets.config import bundled_ids

PIECES = st.sampled_from([
    "&a ", "*a", "*b", "!!python/object/apply:os.system [echo]", "!!str ", "[", "]", "{", "}",
    ": ", "- ", "\t", "'", '"', "#", "|", ">", "1_0", "0x10", "010", "1:30", "yes", "~",
    "9" * 30, "[" * 80, "? ", "---", "...", "%YAML 1.1", "<<: *a", "2010-02-30",
])


@cache
def _lines() -> tuple[str, ...]:
    path = resources.conformance_dir() / "errors.yaml"
    return tuple(path.read_text(encoding="utf-8").splitlines())


@cache
def _known() -> tuple[tuple[str, ...], frozenset[str]]:
    return tuple(bundled_ids()), known_yaku_ids()


def _load_and_run(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("cases") / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    rulesets, yaku = _known()
    try:
        cases = load_file(path, known_rulesets=rulesets, known_yaku=yaku)
    except CaseFileError as error:
        assert_ours(error)
        for d in error.diagnostics:
            assert d.file.endswith("cases.yaml")
        return
    for case in cases[:3]:
        if case.rulesets:
            continue
        try:
            run_case(case, "tenhou")
        except RiichiError as error:
            assert_ours(error)


@fuzz(150)
@given(edits=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 40), PIECES
                                | st.text(max_size=5)), min_size=1, max_size=4),
       keep=st.integers(5, 80))
def test_mangled_case_file(tmp_path_factory: Any, edits: list[tuple[int, int, str]],
                           keep: int) -> None:
    lines = list(_lines()[:keep])
    for at, column, piece in edits:
        row = at % len(lines)
        line = lines[row]
        column %= len(line) + 1
        lines[row] = line[:column] + piece + line[column:]
    _load_and_run(tmp_path_factory, "\n".join(lines) + "\n")


@fuzz(150)
@given(text=st.text(max_size=200) | st.lists(PIECES, max_size=30).map("".join))
def test_any_text(tmp_path_factory: Any, text: str) -> None:
    _load_and_run(tmp_path_factory, text)
