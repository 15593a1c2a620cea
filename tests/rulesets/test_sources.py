"""The registry of sources (rulesets/sources.json) and the citations that point at it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from riichi_rules import resources
from riichi_rules.rulesets import bundled_ids, load_config, parameter_schemas
from riichi_rules.rulesets.sources import (
    check,
    cited_ids,
    load_sources,
    outside_pointers,
    unknown_ids,
)

ROOT = resources.data_root()
# The target is at most 15 values left uncertain across the bundled rulesets. The
# sources read so far settle all but these (each says where it was looked for); the ceiling
# only goes down: lower it when a value is settled.
UNCERTAIN_CEILING = 36  # jpml 10, m-league 4, mahjong-soul 1, riichi-city 10, wrc 3 + 8


def test_the_registry_is_valid_against_its_schema() -> None:
    schema = json.loads((ROOT / "rulesets/schema/sources.schema.json").read_text("utf-8"))
    data = json.loads((ROOT / "rulesets/sources.json").read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    ids = [s["id"] for s in data["sources"]]
    assert len(ids) == len(set(ids))
    # every entry says where it is read, or that no address is known, and what it covers
    sources = load_sources()
    assert set(sources) == set(ids)
    assert all(s.covers and s.title and s.edition for s in sources.values())


def test_every_citation_resolves_and_every_source_is_cited() -> None:
    assert [str(p) for p in check()] == []


def test_the_checker_finds_an_unknown_id_and_a_pointer_outside() -> None:
    known = load_sources()
    text = 'ema-rcr-2016 §3.3.7; [ema-rcr-2017, riichi-wiki-tenhou-rules] "quote"'
    assert cited_ids(text, known) == ["ema-rcr-2016", "riichi-wiki-tenhou-rules"]
    assert unknown_ids(text, known) == ["ema-rcr-2017"]
    # ruleset ids in brackets are not sources and not errors
    assert unknown_ids("as at [tenhou, m-league]", known) == []
    assert outside_pointers("variants.md #12 [S14]") == [
        "the private comparison notes", "a source key of the private notes"]
    assert outside_pointers("003_*.txt, 算分牌例3") == ["a private source file"]
    assert outside_pointers("South 4, S4 dealer") == []


def test_the_checker_reports_a_broken_citation_in_a_copy(tmp_path: Path) -> None:
    import shutil

    for folder in ("rulesets", "conformance"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    path = tmp_path / "rulesets/tenhou/ruleset.json"
    data = json.loads(path.read_text("utf-8"))
    data["citations"]["red_fives"] = "three red fives [tenhou-rulez] (variants.md #5)"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), "utf-8")
    problems = [str(p) for p in check(tmp_path)]
    assert any("citations.red_fives: 'tenhou-rulez' is not a source id" in p for p in problems)
    assert any("citations.red_fives: points at the private comparison notes" in p
               for p in problems)


def test_no_pointer_at_the_private_notes_anywhere_in_the_product() -> None:
    """The equivalent of `grep -r "variants.md" engine rulesets conformance docs` being empty
    (docs/generated, the rulebook pages built from these files, is left out: a build of older
    files may lie there, and it is not part of the repository)."""
    needle = "variants" + ".md"
    hits = []
    generated = ROOT / "docs" / "generated"
    for folder in ("engine", "rulesets", "conformance", "docs"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_relative_to(generated):
                continue
            text_file = path.is_file() and path.suffix in {".py", ".json", ".yaml", ".rules",
                                                           ".md"}
            if text_file and needle in path.read_text("utf-8", errors="replace"):
                hits.append(str(path))
    assert hits == []


def _own_file(rid: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (ROOT / "rulesets" / rid / "ruleset.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("rid", bundled_ids())
def test_every_value_of_a_ruleset_has_its_own_source_or_says_why_not(rid: str) -> None:
    config = load_config(rid)
    own = _own_file(rid)
    maps = {k: set(own.get(k, {})) for k in ("citations", "uncertain", "unsourced")}  # type: ignore[call-overload]
    # one of the three for each parameter, in this ruleset's own file
    for name in parameter_schemas():
        where = [k for k, names in maps.items() if name in names]
        assert len(where) == 1, (rid, name, where)
    # the citations shown on its pages are its own, never a parent's or the schema default's
    assert set(config.citations) == maps["citations"]
    assert all(config.cited_by[n] == rid for n in config.citations)


def test_uncertain_values_are_counted_and_say_where_they_were_looked_for() -> None:
    known = load_sources()
    uncertain = {(rid, name): text for rid in bundled_ids()
                 for name, text in load_config(rid).uncertain.items()}
    assert len(uncertain) <= UNCERTAIN_CEILING
    for (rid, name), text in uncertain.items():
        assert cited_ids(text, known), (rid, name)
