"""riichi_rules.conformance.cases: the case format, its schema, and errors at file and line."""

from __future__ import annotations

import json
import textwrap
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from riichi_rules import resources
from riichi_rules.conformance.cases import (
    Case,
    CaseFileError,
    case_files,
    known_yaku_ids,
    load_file,
    load_suite,
    schema_file,
)
from riichi_rules.scoring.scorer import program

GOOD = """\
- id: pinfu-ron
  source: "derivation: pinfu 1 han 30 fu, 1000"
  tags: [yaku, pinfu]
  win: {hand: 123m456m345p66p789s, win: 3p, seat: S}
  expect:
    default: {han: 1, fu: 30, yaku: [pinfu], points: 1000}
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(path: Path, **kwargs: object) -> list[tuple[int, str]]:
    """(line, message) of each diagnostic of a file that must fail to load."""
    with pytest.raises(CaseFileError) as info:
        load_file(path, **kwargs)  # type: ignore[arg-type]
    for d in info.value.diagnostics:
        assert d.file.endswith(path.name), d.file
    return [(d.line, d.message) for d in info.value.diagnostics]


# ------------------------------------------------------------------ the schema and the suite


def test_schema_is_valid_2020_12() -> None:
    schema = json.loads(schema_file().read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_schema_lives_in_the_bundled_conformance_folder() -> None:
    assert schema_file().parent.parent == resources.conformance_dir()
    assert resources.conformance_dir().is_dir()


def test_bundled_suite_loads_without_errors() -> None:
    suite = load_suite()
    assert suite.errors == [], "\n".join(e.render() for e in suite.errors)
    assert len(suite.cases) >= 150
    assert len({c.id for c in suite.cases}) == len(suite.cases)
    assert all(c.source.strip() for c in suite.cases)
    names = {p.name for p in suite.files}
    assert {"examples-ema-2016.yaml", "fu.yaml", "limits.yaml", "yakuman.yaml"} <= names


def test_every_ema_2016_yaku_has_two_cases_and_a_near_miss() -> None:
    """Every yaku and yakuman id EMA 2016 declares (and the dora kinds) is expected by at
    least two cases and avoided by at least one near miss (tagged ``near-miss`` and the id,
    or ``<id>-near-miss``)."""
    suite = load_suite()
    ids = set(program("ema-2016").declarations)
    assert {"pinfu", "kokushi", "dora", "aka_dora"} <= ids
    for yaku_id in sorted(ids):
        tag = yaku_id.replace("_", "-")
        having = [c for c in suite.cases
                  if any(yaku_id in o.get("yaku", ()) for o in c.expect.values())]
        near = [c for c in suite.cases
                if ({"near-miss", tag} <= set(c.tags) or f"{tag}-near-miss" in c.tags)
                and c not in having]
        assert len(having) >= 2, f"{yaku_id}: {len(having)} case(s) expect it"
        assert near, f"{yaku_id}: no near miss"


def test_the_ten_worked_examples_are_all_there() -> None:
    suite = load_suite()
    examples = {c.id.split("-")[2] for c in suite.cases if c.id.startswith("ema16-example-")}
    assert examples == {str(n) for n in range(1, 11)}


def test_case_files_skip_the_schema_folder(tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    write(tmp_path / "schema", "x.yaml", GOOD)
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yml", GOOD.replace("pinfu-ron", "other"))
    write(tmp_path, "notes.txt", "not a case file")
    assert [p.name for p in case_files(tmp_path)] == ["a.yaml", "b.yml"]


# ------------------------------------------------------------------ loading good files


def test_load_a_good_file(tmp_path: Path) -> None:
    [case] = load_file(write(tmp_path, "good.yaml", GOOD))
    assert isinstance(case, Case)
    assert case.id == "pinfu-ron"
    assert case.tags == ("yaku", "pinfu")
    assert case.win == {"hand": "123m456m345p66p789s", "win": "3p", "seat": "S"}
    assert case.line == 1
    assert case.location.endswith("good.yaml:1")


def test_expectation_override_is_laid_over_the_default(tmp_path: Path) -> None:
    text = GOOD.replace(
        "    default: {han: 1, fu: 30, yaku: [pinfu], points: 1000}\n",
        "    default: {han: 1, fu: 30, yaku: [pinfu], points: 1000}\n"
        "    tenhou: {points: 1100, source: because}\n"
        "    jpml: {undecided: cannot tell}\n"
        "    m-league: {error: no_yaku}\n",
    )
    [case] = load_file(write(tmp_path, "over.yaml", text))
    ema = case.expectation("ema-2016")
    assert ema is not None and ema.fields == {"han": 1, "fu": 30, "yaku": ["pinfu"],
                                              "points": 1000}
    tenhou = case.expectation("tenhou")
    assert tenhou is not None
    assert tenhou.fields == {"han": 1, "fu": 30, "yaku": ["pinfu"], "points": 1100}
    assert tenhou.source == "because"
    jpml = case.expectation("jpml")
    assert jpml is not None and jpml.undecided == "cannot tell" and jpml.fields == {}
    mleague = case.expectation("m-league")
    assert mleague is not None and mleague.fields == {"error": "no_yaku"}


def test_no_default_means_no_expectation_for_other_rulesets(tmp_path: Path) -> None:
    text = GOOD.replace("    default:", "    tenhou:")
    [case] = load_file(write(tmp_path, "only.yaml", text))
    assert case.expectation("ema-2016") is None
    assert case.expectation("tenhou") is not None


def test_events_cases_are_read_by_the_format(tmp_path: Path) -> None:
    # the events format has its own tests (test_events.py); here: a case with a deal and events
    # loads, keeping the events as written beside the steps read from them
    text = """\
    - id: referee
      source: "EMA 2016 §3.3.3"
      deal:
        hands: [159m159p159s1234z, 46p55p666m23s1234z, 37m37p37s1234567z, 48m48p48s1234567z]
        dora: 9p
      events:
        - turn: [0, 5p]
      expect: {default: {claims: {1: [chi, pon]}}}
    """
    [case] = load_file(write(tmp_path, "events.yaml", text))
    assert case.win is None and case.events == ({"turn": [0, "5p"]},)
    assert case.deal is not None and [s.kind for s in case.steps] == ["draw", "discard"]


# ------------------------------------------------------------------ broken files: file and line


def test_broken_yaml_names_the_line(tmp_path: Path) -> None:
    text = """\
    - id: a
      source: x
      win: {hand: 123m, win: 1m
      expect: {default: {han: 1}}
    """
    [(line, message)] = problems(write(tmp_path, "broken.yaml", text))
    assert line == 4
    assert message.startswith("invalid YAML")
    assert "line 3" in message  # where the unclosed flow mapping started


def test_schema_violations_name_their_lines(tmp_path: Path) -> None:
    text = """\
    - id: fine-case
      source: x
      win: {hand: 123m456m345p66p789s, win: 3p}
      expect:
        default: {han: one}
    - id: Not_Kebab
      source: x
      win: {hand: 123m456m345p66p789s, win: 3p, tsumoo: true}
      expect: {default: {han: 1}}
    """
    found = problems(write(tmp_path, "schema.yaml", text))
    assert (5, "case 'fine-case' expect.default.han: 'one' is not of type 'integer'") in found
    lines = {line for line, _ in found}
    assert lines == {5, 6, 8}
    [unknown] = [m for line, m in found if line == 8]
    assert "unknown key 'tsumoo'" in unknown


def test_unknown_key_gets_a_hint(tmp_path: Path) -> None:
    text = GOOD.replace("points: 1000", "pionts: 1000")
    with pytest.raises(CaseFileError) as info:
        load_file(write(tmp_path, "hint.yaml", text))
    [d] = info.value.diagnostics
    assert d.line == 6 and "unknown key 'pionts'" in d.message
    assert d.hint == "did you mean 'points'?"
    assert d.source_line.strip().startswith("default:")
    assert "hint.yaml:6:" in info.value.render()


def test_missing_fields_and_win_or_events(tmp_path: Path) -> None:
    text = """\
    - id: no-source
      win: {hand: 123m456m345p66p789s, win: 3p}
      expect: {default: {han: 1}}
    - id: no-win
      source: x
      expect: {default: {han: 1}}
    - id: both
      source: x
      win: {hand: 123m456m345p66p789s, win: 3p}
      events: [{draw: [0, 1m]}]
      expect: {default: {han: 1}}
    """
    found = problems(write(tmp_path, "missing.yaml", text))
    assert (1, "case 'no-source': 'source' is a required property") in found
    assert (4, "case 'no-win': a case needs a 'win' (a hand to score) or a 'deal' and "
               "'events' (a referee situation)") in found
    assert (7, "case 'both': a case has a 'win' or 'deal' and 'events', not both") in found


def test_undecided_states_nothing_else(tmp_path: Path) -> None:
    text = GOOD.replace("    default:", "    tenhou: {undecided: why, han: 2}\n    default:")
    [(line, message)] = problems(write(tmp_path, "undecided.yaml", text))
    assert line == 6
    assert "'undecided' states no outcome beside it" in message


def test_duplicate_ids_in_one_file(tmp_path: Path) -> None:
    text = GOOD + GOOD
    [(line, message)] = problems(write(tmp_path, "dup.yaml", text))
    assert line == 7
    assert message == "duplicate case id 'pinfu-ron' (first at line 1)"


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", "# another file\n" + GOOD)
    suite = load_suite(tmp_path)
    assert [c.file.name for c in suite.cases] == ["a.yaml"]
    [error] = suite.errors
    assert error.file.name == "b.yaml"
    [d] = error.diagnostics
    assert d.line == 2 and "already used at" in d.message and "a.yaml:1" in d.message


def test_duplicate_yaml_keys(tmp_path: Path) -> None:
    text = GOOD.replace("  tags: [yaku, pinfu]\n", "  tags: [yaku, pinfu]\n  tags: [again]\n")
    [(line, message)] = problems(write(tmp_path, "keys.yaml", text))
    assert line == 4
    assert message.startswith("duplicate key 'tags' (first at line 3)")


def test_unknown_ruleset_and_yaku_ids(tmp_path: Path) -> None:
    text = GOOD.replace(
        "    default: {han: 1, fu: 30, yaku: [pinfu], points: 1000}\n",
        "    default: {han: 1, yaku: [pinfuu], yaku_han: {tanyo: 1}}\n"
        "    tenhuo: {han: 2}\n",
    )
    found = problems(write(tmp_path, "names.yaml", text),
                     known_rulesets=["tenhou", "ema-2016"], known_yaku=known_yaku_ids())
    messages = {m for _, m in found}
    assert any("unknown yaku id 'pinfuu'" in m for m in messages)
    assert any("unknown yaku id 'tanyo'" in m for m in messages)
    assert any("unknown ruleset 'tenhuo'" in m for m in messages)
    assert {line for line, _ in found} == {6, 7}


def test_an_error_outcome_states_nothing_else(tmp_path: Path) -> None:
    text = GOOD.replace("{han: 1, fu: 30, yaku: [pinfu], points: 1000}",
                        "{han: 1, error: no_yaku}")
    [(line, message)] = problems(write(tmp_path, "error.yaml", text))
    assert line == 6 and "an outcome stating 'error' states no scores" in message


def test_a_file_that_is_not_a_list(tmp_path: Path) -> None:
    [(line, message)] = problems(write(tmp_path, "map.yaml", "id: x\nsource: y\n"))
    assert line == 1 and "is not of type 'array'" in message
    [(line, message)] = problems(write(tmp_path, "empty.yaml", "# nothing\n"))
    assert "holds no cases" in message


def test_every_problem_of_a_file_is_reported_and_other_files_still_load(
    tmp_path: Path,
) -> None:
    write(tmp_path, "a-broken.yaml", "- id: [\n")
    write(tmp_path, "b-good.yaml", GOOD)
    suite = load_suite(tmp_path)
    assert [c.id for c in suite.cases] == ["pinfu-ron"]
    assert [e.file.name for e in suite.errors] == ["a-broken.yaml"]


def test_missing_folder_is_an_error(tmp_path: Path) -> None:
    suite = load_suite(tmp_path / "nowhere")
    [error] = suite.errors
    assert "no such folder" in error.render()


# ------------------------------------------------------------------ the date of a case


def test_a_case_names_its_date(tmp_path: Path) -> None:
    # YAML reads 2010-06-02 as a date; quoted, it is the same day
    for written in ("2010-06-02", '"2010-06-02"'):
        text = GOOD.replace("  tags:", f"  date: {written}\n  tags:")
        [case] = load_file(write(tmp_path, "dated.yaml", text))
        assert str(case.date) == "2010-06-02"
    [case] = load_file(write(tmp_path, "plain.yaml", GOOD))
    assert case.date is None


def test_a_date_that_is_not_one(tmp_path: Path) -> None:
    text = GOOD.replace("  tags:", '  date: "2010-06-31"\n  tags:')
    [(line, message)] = problems(write(tmp_path, "bad.yaml", text))
    assert line == 3 and "case 'pinfu-ron': date: '2010-06-31' is not a date of the calendar" in (
        message)
    text = GOOD.replace("  tags:", '  date: "June 2010"\n  tags:')
    [(line, message)] = problems(write(tmp_path, "form.yaml", text))
    assert line == 3 and "does not match" in message
    # unquoted, YAML itself refuses a day that is not in the calendar
    text = GOOD.replace("  tags:", "  date: 2010-06-31\n  tags:")
    [(_, message)] = problems(write(tmp_path, "yaml.yaml", text))
    assert message.startswith("invalid YAML: day is out of range")


def test_a_case_states_the_players_it_is_for(tmp_path: Path) -> None:
    # four unless it says: a three-player case, and a case that holds at either table
    three = GOOD.replace("  tags: [yaku, pinfu]\n", "  tags: [yaku, pinfu]\n  players: 3\n")
    both = GOOD.replace("pinfu-ron", "either").replace(
        "  tags: [yaku, pinfu]\n", "  tags: [yaku, pinfu]\n  players: [4, 3]\n")
    [plain] = load_file(write(tmp_path, "plain.yaml", GOOD))
    [sanma] = load_file(write(tmp_path, "sanma.yaml", three))
    [either] = load_file(write(tmp_path, "either.yaml", both))
    assert (plain.players, sanma.players, either.players) == ((4,), (3,), (3, 4))
    from riichi_rules.rulesets.config import load_config

    tenhou, sanma_rules = load_config("tenhou"), load_config("tenhou-sanma")
    assert plain.plays(tenhou) and not plain.plays(sanma_rules)
    assert sanma.plays(sanma_rules) and not sanma.plays(tenhou)
    assert either.plays(tenhou) and either.plays(sanma_rules)
    bad = GOOD.replace("  tags: [yaku, pinfu]\n", "  tags: [yaku, pinfu]\n  players: 2\n")
    [(line, message)] = problems(write(tmp_path, "bad.yaml", bad))
    assert line == 4 and "players" in message


# ------------------------------------------------------------------ hostile files: bounds


def test_an_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    # nine aliases of nine aliases ...: 9^7 = 4,782,969 values from 300 bytes
    lines = ['- id: bomb', '  source: x', '  a: &a ["x","x","x","x","x","x","x","x","x"]']
    for name, prev in zip("bcdefg", "abcdef", strict=True):
        lines.append(f"  {name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    path = write(tmp_path, "bomb.yaml", "\n".join(lines) + "\n")
    start = time.perf_counter()
    [(line, message)] = problems(path)
    assert time.perf_counter() - start < 1.0
    # 1 list of 9 strings = 10 values at a, 1 + 9 x 10 = 91 at b, 820 at c, 7,381 at d,
    # 66,430 at e: the file's values pass 200,000 inside f (line 8)
    assert line == 8
    assert message == ("the file holds more than 200,000 values (each alias counted as the "
                       "values it repeats)")


def test_deep_nesting_and_long_lines(tmp_path: Path) -> None:
    deep = write(tmp_path, "deep.yaml", "- id: deep\n  x: " + "[" * 2000 + "\n")
    [(line, message)] = problems(deep)
    assert (line, message) == (2, "lists and mappings nest more than 64 deep here")
    nested = write(tmp_path, "nested.yaml", "- id: nested\n  x:\n" + "".join(
        "  " * i + "a:\n" for i in range(2, 82)))
    [(line, message)] = problems(nested)
    # the list is 1 deep, the case 2, the value of x (line 3) 3, and each line one deeper:
    # line 65 starts the mapping nested 65 deep
    assert (line, message) == (65, "lists and mappings nest more than 64 deep here")
    long = write(tmp_path, "long.yaml", "- id: long\n  source: " + "x" * 5000 + "\n")
    [(line, message)] = problems(long)
    assert (line, message) == (2, "a line of more than 4,000 characters: break it into "
                               "several lines")


def test_python_tags_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "tag.yaml", '- !!python/object/apply:os.system ["echo hi"]\n')
    [(line, message)] = problems(path)
    assert line == 1 and message.startswith("invalid YAML: could not determine a constructor")


def test_numbers_are_decimal_digits_only(tmp_path: Path) -> None:
    # YAML 1.1 (PyYAML) reads 1_0 as 10 and 0x1 as 1: here they are strings, which the
    # schema refuses where a number is due, at the line they are written on
    text = GOOD.replace("{han: 1, fu: 30,", "{han: 0x1, fu: 3_0,")
    found = problems(write(tmp_path, "numbers.yaml", text))
    assert sorted(found) == [
        (6, "case 'pinfu-ron' expect.default.fu: '3_0' is not of type 'integer'"),
        (6, "case 'pinfu-ron' expect.default.han: '0x1' is not of type 'integer'"),
    ]
    # and 030 is 30, not YAML 1.1's octal 24
    (case,) = load_file(write(tmp_path, "octal.yaml", GOOD.replace("fu: 30", "fu: 030")))
    assert case.expect["default"]["fu"] == 30


def test_a_control_character_names_its_place(tmp_path: Path) -> None:
    # YAML 1.1 §5.1: C0 control characters other than tab and line breaks are not allowed
    # (the fuzz suite found this raising out of the loader)
    text = GOOD.replace("source: ", "source: \x1f")
    [(line, message)] = problems(write(tmp_path, "control.yaml", text))
    assert line == 2
    assert message == ("invalid YAML: the character #x001f is not allowed in YAML (a control "
                       "character)")
