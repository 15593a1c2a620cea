"""riichi_rules.conformance.pytest_plugin: one item per (case, ruleset), readable failures,
broken files as one failing item while the other files still run."""

from __future__ import annotations

import textwrap

import pytest

PLUGIN = "riichi_rules.conformance.pytest_plugin"

# EMA 2016 scoring example 2 (4 han 30 fu, 7700; a kiriage mangan in EMA 2025, variants.md #12)
CASES = """\
- id: example-2
  source: EMA 2016 scoring example 2
  tags: [kiriage]
  win: {hand: 22p234p123s456s789s, win: 9s, riichi: true, seat: S}
  expect:
    default: {han: 4, fu: 30, points: 7700}
    ema-2025: {points: 8000, limit: mangan}
    tenhou: {undecided: "for the test"}
- id: example-2-wrong
  source: "derivation: deliberately wrong, to see the failure report"
  win: {hand: 22p234p123s456s789s, win: 9s, riichi: true, seat: S}
  expect:
    default: {points: 7000}
"""


def _suite(pytester: pytest.Pytester, broken: bool = True) -> str:
    folder = pytester.mkdir("cases")
    (folder / "good.yaml").write_text(CASES, encoding="utf-8")
    if broken:
        (folder / "broken.yaml").write_text(textwrap.dedent("""\
            - id: fine
              source: x
              win: {hand: 22p234p123s456s789s, win: 9s}
              expect: {default: {han: four}}
            """), encoding="utf-8")
    return str(folder)


def test_items_per_case_and_ruleset(pytester: pytest.Pytester) -> None:
    folder = _suite(pytester, broken=False)
    result = pytester.runpytest(
        "-p", PLUGIN, "-o", f"conformance_dirs={folder}", folder, "--collect-only", "-q",
        "--conformance-ruleset", "ema-2016", "--conformance-ruleset", "ema-2025",
    )
    result.stdout.fnmatch_lines([
        "cases/good.yaml::example-2[[]ema-2016[]]",
        "cases/good.yaml::example-2[[]ema-2025[]]",
        "cases/good.yaml::example-2-wrong[[]ema-2016[]]",
        "cases/good.yaml::example-2-wrong[[]ema-2025[]]",
    ])


def test_failures_show_expected_actual_and_explanation(pytester: pytest.Pytester) -> None:
    folder = _suite(pytester)
    result = pytester.runpytest(
        "-p", PLUGIN, "-o", f"conformance_dirs={folder}", folder, "-rs",
        "--conformance-ruleset", "ema-2016", "--conformance-ruleset", "ema-2025",
        "--conformance-ruleset", "tenhou",
    )
    # example-2: passes under ema-2016 and ema-2025 (override), skipped (undecided) under
    # tenhou; example-2-wrong fails under all three; the broken file is one failing item.
    result.assert_outcomes(passed=2, failed=4, skipped=1)
    result.stdout.fnmatch_lines([
        "*example-2-wrong under ema-2016 (*good.yaml:9): failed*",
        "*points: expected 7000, got 7700*",
        "*engine explanation:*",
        "*Pure straight*",
    ])
    result.stdout.fnmatch_lines([
        "*broken conformance case file:*",
        "*broken.yaml:4:*expect.default.han: 'four' is not of type 'integer'*",
    ])
    result.stdout.fnmatch_lines(["*good.yaml:1: undecided: for the test*"])


def test_tags_are_keywords(pytester: pytest.Pytester) -> None:
    folder = _suite(pytester, broken=False)
    result = pytester.runpytest(
        "-p", PLUGIN, "-o", f"conformance_dirs={folder}", folder, "-k", "kiriage",
        "--conformance-ruleset", "ema-2025",
    )
    result.assert_outcomes(passed=1, deselected=1)


def test_plain_pytest_adds_the_suite_to_testpaths(pytester: pytest.Pytester) -> None:
    folder = _suite(pytester, broken=False)
    pytester.makeini(f"[pytest]\ntestpaths = tests\nconformance_dirs = {folder}\n")
    pytester.mkdir("tests")
    pytester.makepyfile(**{"tests/test_x.py": "def test_x():\n    pass\n"})
    result = pytester.runpytest("-p", PLUGIN, "--conformance-ruleset", "ema-2016")
    result.assert_outcomes(passed=2, failed=1)
    # naming a path runs that path only
    only = pytester.runpytest("-p", PLUGIN, "tests")
    only.assert_outcomes(passed=1)


# seat 0 throws 5p; seat 1 (46p55p) may chow or pon it: EMA 2016 §3.3.3, §3.3.4. The own ruleset
# is EMA 2016 with a local yaku; the case states its outcome for it and for ema-2016 only.
EVENTS = """\
- id: claims
  source: "EMA 2016 §3.3.3, §3.3.4"
  rulesets: [own]
  deal:
    hands: [159m159p159s1234z, 46p55p666m23s1234z, 37m37p37s1234567z, 48m48p48s1234567z]
    dora: 9p
  events:
    - turn: [0, 5p]
  expect:
    ema-2016: {claims: {1: [chi, pon]}}
    own-rules: {claims: {1: [chi, pon]}}
"""

OWN = """\
{"id": "own-rules", "name": "own", "source": {"rulebook": "t", "edition": "1"},
 "extends": "ema-2016", "parameters": {}, "local_yaku": ["uumensai"]}
"""


def test_events_cases_and_own_rulesets(pytester: pytest.Pytester) -> None:
    folder = pytester.mkdir("cases")
    (folder / "events.yaml").write_text(EVENTS, encoding="utf-8")
    (folder / "own").mkdir()
    (folder / "own" / "ruleset.json").write_text(OWN, encoding="utf-8")
    result = pytester.runpytest("-p", PLUGIN, "-o", f"conformance_dirs={folder}", str(folder),
                                "-v")
    # ema-2025 extends ema-2016 and so takes its expectation (the same claims: EMA 2025 keeps
    # §3.3.3 and §3.3.4)
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*events.yaml::claims[[]ema-2016[]] PASSED*",
                                 "*events.yaml::claims[[]ema-2025[]] PASSED*",
                                 "*events.yaml::claims[[]own-rules[]] PASSED*"])
    # restricted to other rulesets, the case's own ruleset is left out too
    only = pytester.runpytest("-p", PLUGIN, "-o", f"conformance_dirs={folder}", str(folder),
                              "--conformance-ruleset", "tenhou")
    only.assert_outcomes()
