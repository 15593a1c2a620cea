"""The Sources page and each parameter's own source on the ruleset pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi_rules.docs.sources import linked, value_source
from riichi_rules.rulesets import load_config, parameter_schemas
from riichi_rules.rulesets.sources import load_sources


@pytest.fixture(scope="module")
def site(rulebook: Path) -> Path:
    """The rulebook the docs tests share (tests/docs/conftest.py): it has WRC 2025."""
    return rulebook


def test_the_sources_page_lists_every_source_with_what_cites_it(site: Path) -> None:
    page = (site / "sources.md").read_text(encoding="utf-8")
    for sid, source in load_sources().items():
        assert f"{{ #{sid} }}" in page, sid
        assert f"[`{sid}`](#{sid})" in page
        if source.url:
            assert f"<{source.url}>" in page
    # rulesets/wrc-2025/ruleset.json cites wrc-rules-2025 for double_wind_pair_fu (§11.3)
    section = page[page.index("{ #wrc-rules-2025 }"):]
    section = section[:section.index("\n## ")]
    assert "- ruleset `rulesets/wrc-2025/ruleset.json`:" in section
    assert "`double_wind_pair_fu`" in section


def test_a_ruleset_page_shows_its_own_source_for_each_value(site: Path) -> None:
    page = (site / "rulesets/wrc-2025/index.md").read_text(encoding="utf-8")
    # the double-wind pair: "A double wind pair is worth 2 fu" (WRC Rules 2025, abstract)
    row = next(line for line in page.splitlines() if "`double_wind_pair_fu`" in line)
    assert "[wrc-rules-2025](../../sources.md#wrc-rules-2025)" in row
    # no value of WRC 2025 is shown with the schema default's (EMA 2016) source
    assert "*schema default:*" not in page
    rows = [line for line in page.splitlines() if line.startswith("| ") and "<br>`" in line]
    assert len(rows) == len(parameter_schemas())
    assert all("Source: " in row for row in rows)


def test_value_source_says_why_a_value_has_no_citation() -> None:
    schemas = parameter_schemas()
    wrc25 = load_config("wrc-2025")
    # pao_honba is uncertain at WRC 2025; chiitoitsu_fu is the common value, not found stated
    assert value_source(wrc25, "pao_honba", schemas["pao_honba"], "x.md").startswith(
        "⚠ *uncertain:*")
    assert value_source(wrc25, "chiitoitsu_fu", schemas["chiitoitsu_fu"], "x.md").startswith(
        "*not found stated:*")
    # base has no sources of its own: its values are the schema defaults, with their x-source
    base = load_config("base")
    assert value_source(base, "kiriage", schemas["kiriage"], "x.md").startswith(
        "*schema default:* EMA 2016: [ema-rcr-2016](sources.md#ema-rcr-2016) §4")


def test_linked_escapes_markdown_and_links_only_registry_ids() -> None:
    text = "ema-rcr-2016 §3.3.7 [tenhou] *a*"
    assert linked(text, "rulesets/x/index.md") == (
        "[ema-rcr-2016](../../sources.md#ema-rcr-2016) §3.3.7 \\[tenhou\\] \\*a\\*")
