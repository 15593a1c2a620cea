"""riichi_rules.rulesets.config: bundled rulesets, extends, precedence, and broken configs."""

from __future__ import annotations

import json
import os
import stat
import textwrap
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from riichi_rules import resources
from riichi_rules.errors import ConfigError, Diagnostic
from riichi_rules.rulesets import (
    bundled_ids,
    clear_cache,
    load_config,
    parameter_defaults,
    parameter_schemas,
)
from riichi_rules.rulesets import config as config_module
from riichi_rules.user_cache import trusted

BUNDLED = (
    "ema-2016",
    "ema-2025",
    "jpml",
    "m-league",
    "mahjong-soul",
    "mahjong-soul-sanma",
    "riichi-city",
    "tenhou",
    "tenhou-sanma",
    "wrc-2022",
    "wrc-2025",
)


def _schema() -> dict[str, object]:
    data: dict[str, object] = json.loads(resources.schema_file().read_text(encoding="utf-8"))
    return data


# ------------------------------------------------------------------ schema


def test_schema_is_valid_2020_12() -> None:
    Draft202012Validator.check_schema(_schema())


def test_every_parameter_is_documented() -> None:
    params = parameter_schemas()
    assert len(params) >= 53
    for name, spec in params.items():
        for key in ("title", "description", "default", "x-source"):
            assert key in spec, f"{name} lacks {key}"
        assert spec["title"] and spec["description"] and spec["x-source"], name
        assert "enum" in spec or "type" in spec, name


def test_defaults_validate_against_their_own_schema() -> None:
    doc = {
        "id": "x",
        "name": "x",
        "source": {"rulebook": "r", "edition": "e"},
        "extends": "base",
        "parameters": {n: s["default"] for n, s in parameter_schemas().items()},
    }
    assert list(Draft202012Validator(_schema()).iter_errors(doc)) == []


def test_every_section_of_the_schema_names_each_parameter_by_its_own_definition() -> None:
    """parameters and history take each parameter's values by its own definition (a history
    of dead_wall once took kita's, a boolean); citations, uncertain and unsourced name each."""
    props = _schema()["properties"]
    assert isinstance(props, dict)
    names = set(parameter_schemas())
    for section in ("parameters", "history", "citations", "uncertain", "unsourced"):
        assert set(props[section]["properties"]) == names, section
    for name in names:
        own = {"$ref": f"#/$defs/{name}"}
        assert props["parameters"]["properties"][name] == own, name
        assert props["history"]["properties"][name]["items"]["properties"]["value"] == own, name


def test_brief_parameter_names_present() -> None:
    names = set(parameter_schemas())
    for n in (
        "start_points",
        "return_points",
        "uma",
        "oka",
        "tied_ranks",
        "red_fives",
        "kuitan",
        "ippatsu",
        "ura_dora",
        "kan_dora",
        "kan_ura_dora",
        "kan_dora_timing_open",
        "kan_dora_timing_closed",
        "kiriage",
        "kazoe_yakuman",
        "double_yakuman",
        "yakuman_stacking",
        "renhou",
        "nagashi_mangan",
        "open_pinfu_fu",
        "pinfu_tsumo_fu",
        "chiitoitsu_fu",
        "double_wind_pair_fu",
        "rinshan_tsumo_fu",
        "multiple_ron",
        "multi_ron_deposits",
        "triple_ron_abort",
        "pao_yakuman",
        "pao_composite",
        "pao_honba",
        "kokushi_robs_ankan",
        "kakan_counts_as_discard",
        "temporary_furiten_ends",
        "riichi_min_wall_tiles",
        "riichi_min_points",
        "furiten_riichi",
        "riichi_ankan",
        "riichi_declaration_ron_deposit",
        "abortive_draws",
        "noten_payment_total",
        "tenpai_own_four_tiles",
        "dealer_repeat",
        "honba_ron",
        "honba_tsumo_each",
        "riichi_deposit",
        "deposits_at_end",
        "bust_ends_game",
        "agari_yame",
        "west_round_extension",
        "west_round_target",
        "kuikae",
        "max_kans",
        "chombo",
        "two_han_minimum",
    ):
        assert n in names, n


# ------------------------------------------------------------------ bundled rulesets


def test_bundled_ids() -> None:
    assert bundled_ids() == BUNDLED


@pytest.mark.parametrize("rid", ("base", *BUNDLED))
def test_bundled_ruleset_loads(rid: str) -> None:
    cfg = load_config(rid)
    assert cfg.id == rid
    assert cfg.path == (resources.rulesets_dir() / rid / "ruleset.json").resolve()
    assert cfg.chain[0] == "base" and cfg.chain[-1] == rid
    assert set(cfg.parameters) == set(parameter_schemas())
    assert cfg.rule_files[:5] == tuple(
        (resources.rulesets_dir() / "base" / f).resolve()
        for f in ("yaku.rules", "yakuman.rules", "dora.rules", "fu.rules", "scoring.rules")
    )
    assert all(p.is_file() for p in cfg.rule_files)
    assert set(cfg.uncertain) <= set(parameter_schemas())
    assert cfg.source["rulebook"]


def test_ema_2016_is_the_schema_defaults() -> None:
    assert dict(load_config("ema-2016").parameters) == dict(parameter_defaults())
    assert load_config("ema-2016").parameters["uma"] == (15, 5, -5, -15)


def test_bundled_values_from_variants() -> None:
    p = {rid: load_config(rid).parameters for rid in BUNDLED}
    assert p["ema-2016"]["kiriage"] is False and p["ema-2025"]["kiriage"] is True
    assert p["ema-2025"]["renhou"] == "five_han"
    assert p["wrc-2025"]["kazoe_yakuman"] == "yakuman"
    assert p["wrc-2022"]["kazoe_yakuman"] == "none"
    assert p["wrc-2025"]["pao_yakuman"] == ("daisangen", "daisuushii", "suukantsu")
    assert p["wrc-2025"]["multiple_ron"] == "head_bump"  # inherited from wrc-2022
    assert p["tenhou"]["red_fives"] == 3 and p["tenhou"]["triple_ron_abort"] is True
    assert p["mahjong-soul"]["double_yakuman"] is True
    assert p["m-league"]["uma"] == (30, 10, -10, -30) and p["m-league"]["oka"] == 20
    assert p["jpml"]["ippatsu"] is False and p["jpml"]["ura_dora"] is False


def test_uncertain_is_dropped_when_a_child_sets_the_value(tmp_path: Path) -> None:
    w22, w25 = load_config("wrc-2022"), load_config("wrc-2025")
    # WRC 2022 cites at least 4 wall tiles (WRC 2015 §6.5.1); WRC 2025 sets 0 (its 2025
    # clarification) with its own citation
    assert w22.cited_by["riichi_min_wall_tiles"] == "wrc-2022"
    assert w22.parameters["riichi_min_wall_tiles"] == 4
    assert "riichi_min_wall_tiles" not in w25.uncertain
    assert w25.citations["riichi_min_wall_tiles"]
    assert w25.cited_by["riichi_min_wall_tiles"] == "wrc-2025"
    # WRC 2022 settles who pays the honba under liability; WRC 2025 keeps its own doubt
    assert "pao_honba" not in w22.uncertain and "pao_honba" in w25.uncertain
    # WRC 2022 doubts the fifth kan; a child layer that sets the value drops the doubt
    assert "max_kans" in w22.uncertain
    child = tmp_path / "child.json"
    child.write_text(json.dumps({
        "id": "child", "name": "C", "source": {"rulebook": "r", "edition": "1"},
        "extends": "wrc-2022", "parameters": {"max_kans": 4},
        "citations": {"max_kans": "ema-rcr-2012 §3.3.10"}}))
    c = load_config(child)
    assert "max_kans" not in c.uncertain and c.cited_by["max_kans"] == "child"
    assert "pao_composite" in c.uncertain


def test_a_layer_citation_replaces_the_parents_doubt_and_a_value_set_again_its_citation(
    tmp_path: Path,
) -> None:
    parent = tmp_path / "parent.json"
    parent.write_text(json.dumps({
        "id": "parent", "name": "P", "source": {"rulebook": "r", "edition": "1"},
        "extends": "base", "parameters": {"kiriage": True},
        "citations": {"kiriage": "ema-rcr-2016 §4"},
        "uncertain": {"renhou": "not found"},
        "unsourced": {"chiitoitsu_fu": "looked in ema-rcr-2016"}}))
    child = tmp_path / "child.json"
    child.write_text(json.dumps({
        "id": "child", "name": "C", "source": {"rulebook": "r", "edition": "1"},
        "extends": str(parent), "parameters": {"kiriage": False},
        "citations": {"renhou": "wrc-rules-2025 §11.5.4"}}))
    p, c = load_config(parent), load_config(child)
    assert p.citations == {"kiriage": "ema-rcr-2016 §4"} and p.cited_by["kiriage"] == "parent"
    assert "renhou" in p.uncertain and "chiitoitsu_fu" in p.unsourced
    # the child's value of kiriage drops the parent's citation; its citation of renhou
    # replaces the parent's doubt; the parent's unsourced note is inherited
    assert "kiriage" not in c.citations
    assert c.citations["renhou"] == "wrc-rules-2025 §11.5.4" and c.cited_by["renhou"] == "child"
    assert "renhou" not in c.uncertain and "chiitoitsu_fu" in c.unsourced


def test_config_is_immutable_and_cached() -> None:
    cfg = load_config("tenhou")
    assert load_config("tenhou") is cfg
    with pytest.raises(TypeError):
        cfg.parameters["kiriage"] = True  # type: ignore[index]


# ------------------------------------------------------------------ user rulesets


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def _ruleset(**fields: object) -> str:
    doc: dict[str, object] = {
        "id": "house",
        "name": "House",
        "source": {"rulebook": "club", "edition": "1"},
        "extends": "base",
    }
    doc.update(fields)
    return json.dumps(doc, indent=2)


def test_extends_precedence_and_merging(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    local = tmp_path / "local"
    _write(local / "sanrenkou.rules", "")
    monkeypatch.setattr(config_module, "local_yaku_dir", lambda: local)
    _write(tmp_path / "club" / "extra.rules", "")
    _write(
        tmp_path / "club" / "ruleset.json",
        _ruleset(
            id="club",
            extends="tenhou",
            rules=["extra.rules"],
            parameters={"red_fives": 4, "kiriage": True, "uma": [10, 5, -5, -10]},
            yaku={"pinfu": {"han_closed": 2, "note": "club pinfu"}},
            uncertain={"red_fives": "two red 5p?", "uma": "10/5 or 15/5?"},
        ),
    )
    _write(tmp_path / "house" / "house.rules", "")
    _write(
        tmp_path / "house" / "ruleset.json",
        _ruleset(
            extends="../club",
            rules=["house.rules"],
            local_yaku=["sanrenkou"],
            parameters={"red_fives": 0},
            yaku={"pinfu": {"enabled": False}, "tanyao": {"han_open": None}},
        ),
    )
    cfg = load_config(tmp_path / "house")
    assert cfg.chain == ("base", "tenhou", "club", "house")
    assert cfg.parameters["red_fives"] == 0  # this < parent
    assert cfg.parameters["kiriage"] is True  # parent < bundled
    assert cfg.parameters["uma"] == (10, 5, -5, -10)
    assert cfg.parameters["nagashi_mangan"] is True  # from tenhou
    assert cfg.parameters["chiitoitsu_fu"] == 25  # schema default
    assert "red_fives" not in cfg.uncertain  # set again without doubt
    assert "uma" in cfg.uncertain  # the club's doubt inherited
    base_files = len(load_config("base").rule_files)
    assert cfg.rule_files[base_files:] == (
        (tmp_path / "club" / "extra.rules").resolve(),
        (tmp_path / "house" / "house.rules").resolve(),
        (local / "sanrenkou.rules").resolve(),
    )
    assert dict(cfg.yaku_overrides["pinfu"]) == {
        "han_closed": 2,
        "note": "club pinfu",
        "enabled": False,
    }
    assert dict(cfg.yaku_overrides["tanyao"]) == {"han_open": None}
    assert cfg.local_yaku == ("sanrenkou",)
    # by file path too, and by a relative json file in extends
    assert load_config(tmp_path / "house" / "ruleset.json") is cfg
    _write(tmp_path / "other.json", _ruleset(id="other", extends="club/ruleset.json"))
    assert load_config(tmp_path / "other.json").chain == ("base", "tenhou", "club", "other")


def test_cache_notices_a_changed_file(tmp_path: Path) -> None:
    path = _write(tmp_path / "r.json", _ruleset(parameters={"kiriage": True}))
    assert load_config(path).parameters["kiriage"] is True
    path.write_text(_ruleset(parameters={"kiriage": False, "oka": 0}), encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert load_config(path).parameters["kiriage"] is False
    clear_cache()


def test_unknown_name() -> None:
    with pytest.raises(ConfigError) as info:
        load_config("ema-2061")
    (d,) = info.value.diagnostics
    assert "no ruleset 'ema-2061'" in d.message
    assert d.hint == "did you mean 'ema-2016'?"
    # a name, not a file: no made-up position 'ema-2061:1:1'
    assert (d.line, d.column) == (0, 0)
    assert info.value.render().splitlines()[0].startswith("no ruleset 'ema-2061'")


# ------------------------------------------------------------------ broken rulesets


def _errors(path: Path) -> tuple[Diagnostic, ...]:
    with pytest.raises(ConfigError) as info:
        load_config(path)
    return info.value.diagnostics


HEAD = """\
{
  "id": "house",
  "name": "House",
  "source": {"rulebook": "club", "edition": "1"},
"""

BROKEN_DIR = Path(__file__).parent / "broken"

# broken/<name>.json -> (message fragment, line, column, hint fragment)
BROKEN: dict[str, tuple[str, int, int, str]] = {
    "unknown_parameter": (
        "parameters.kirage: unknown parameter 'kirage'",
        7,
        5,
        "did you mean 'kiriage'?",
    ),
    "wrong_type": ("parameters.kiriage: 'yes' is not of type 'boolean'", 8, 16, ""),
    "out_of_range": ("parameters.red_fives: 5 is greater than the maximum of 4", 6, 31, ""),
    "bad_enum": ("parameters.renhou: 'double' is not one of ['none', 'mangan'", 7, 15, ""),
    "missing_id": ("(root): 'id' is a required property", 1, 1, ""),
    "missing_extends": ("(root): 'extends' is a required property", 1, 1, ""),
    "bad_extends": ("extends: unknown ruleset 'ema-2061'", 5, 14, "did you mean 'ema-2016'?"),
    "missing_rule_file": ("rules[0]: rule file 'house.rules' not found", 7, 5, ""),
    "unknown_local_yaku": (
        "local_yaku[0]: unknown local yaku 'sanrenko'",
        6,
        18,
        "did you mean 'sanrenkou'?",
    ),
    "bad_yaku_han": ("yaku.pinfu.han_closed: 'two' is not of type 'integer'", 7, 29, ""),
    "bad_yaku_key": ("yaku.pinfu.han: unknown key 'han'", 7, 15, "han_closed"),
    "bad_yaku_id": ("yaku.Pinfu: invalid key 'Pinfu'", 7, 5, ""),
    "empty_yaku_override": ("yaku.pinfu: an empty yaku override changes nothing", 6, 21, ""),
    "yaku_open_above_closed": (
        "yaku.ittsu.han_open: open han (3) exceeds closed han (2)",
        6,
        51,
        "",
    ),
    "trailing_comma": ("invalid JSON: Expecting property name enclosed in double quotes", 8, 3, ""),
    "duplicate_key": (
        "parameters.kiriage: duplicate key 'kiriage' (first given at line 7)",
        8,
        5,
        "",
    ),
    "unknown_top_key": ("paramters: unknown key 'paramters'", 6, 3, "did you mean 'parameters'?"),
    "uma_sum": ("parameters.uma: the uma must sum to 0 (it sums to 5)", 7, 12, ""),
    # the uma has one item a place: four (three with three players)
    "uma_length": ("parameters.uma: 3 places for 4 players", 6, 25, "one item a place (4)"),
    "uma_three_players": ("parameters.uma: 4 places for 3 players", 6, 39,
                          "one item a place (3)"),
    "players_five": ("parameters.players: 5 is not one of [3, 4]", 6, 29, ""),
    "uma_item_type": ("parameters.uma[3]: '-15' is not of type 'integer'", 6, 37, ""),
    "uncertain_unknown": (
        "uncertain.kiriag: unknown parameter 'kiriag'",
        6,
        17,
        "did you mean 'kiriage'?",
    ),
    "bad_id": ("id: 'House Rules' does not match", 2, 9, ""),
    "source_missing_edition": ("source: 'edition' is a required property", 4, 13, ""),
    "bad_chombo": ("parameters.chombo.kind: 'fine' is not one of", 6, 37, ""),
    "bad_pao_yakuman": (
        "parameters.pao_yakuman: ['daisangen', 'daisangen'] has non-unique elements",
        6,
        33,
        "",
    ),
    "base_with_extends": ("extends: the base ruleset must not extend another ruleset", 5, 3, ""),
    "not_an_object": ("(root): [1, 2] is not of type 'object'", 1, 1, ""),
    # values by date (rulesets/dated.py): each checked like the parameter's own value, the
    # dates real days and in order
    "history_out_of_order": (
        "history.uma[1].until: 2012-03-31 is not after 2015-03-31 (history.uma[0]): the dates "
        "must be in order, oldest first", 10, 17, "the last day its value was in force"),
    "history_bad_value": (
        "history.tenpai_yame[0].value: 'no' is not of type 'boolean'", 7, 54, ""),
    "history_not_a_day": (
        "history.kiriage[0].until: '2015-02-30' is not a date of the calendar", 7, 27, ""),
    "history_date_form": (
        "history.kiriage[0].until: '31/03/2015' is not a date: write it YYYY-MM-DD", 7, 27, ""),
    "history_unknown_parameter": (
        "history.kiriag: unknown parameter 'kiriag'", 7, 5, "did you mean 'kiriage'?"),
    "history_changes_nothing": (
        "history.kiriage[0].value: the same value as the next one (parameters.kiriage): the "
        "entry changes nothing", 8, 50, ""),
    "history_uma_sum": ("history.uma[0].value: the uma must sum to 0 (it sums to 5)", 7, 46, ""),
}


def test_broken_catalogue_matches_files() -> None:
    assert len(BROKEN) >= 15
    assert {p.stem for p in BROKEN_DIR.glob("*.json")} == set(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_ruleset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    message, line, column, hint = BROKEN[name]
    local = tmp_path / "local"
    _write(local / "sanrenkou.rules", "")
    monkeypatch.setattr(config_module, "local_yaku_dir", lambda: local)
    text = (BROKEN_DIR / f"{name}.json").read_text(encoding="utf-8")
    path = tmp_path / "house" / "ruleset.json"  # a folder of its own: rule paths are relative
    _write(path, text)
    diags = _errors(path)
    assert len(diags) == 1, [d.render() for d in diags]
    (d,) = diags
    assert d.file == str(path.resolve())
    assert message in d.message
    assert (d.line, d.column) == (line, column)
    assert hint in d.hint
    assert d.source_line == text.splitlines()[line - 1]
    rendered = d.render().splitlines()
    assert rendered[0] == f"{path.resolve()}:{line}:{column}: {d.message}"
    assert rendered[2] == "    " + " " * (column - 1) + "^"


def test_extends_cycle(tmp_path: Path) -> None:
    _write(tmp_path / "a.json", _ruleset(id="a", extends="b.json"))
    _write(tmp_path / "b.json", _ruleset(id="b", extends="./a.json"))
    diags = _errors(tmp_path / "a.json")
    assert len(diags) == 1
    (d,) = diags
    assert d.file == str((tmp_path / "b.json").resolve())
    assert d.message == "extends: cycle in extends: a.json -> b.json -> a.json"
    assert d.line == 8  # "extends" is the 8th line of the json.dumps output


def test_self_extension_is_a_cycle(tmp_path: Path) -> None:
    path = _write(tmp_path / "me" / "ruleset.json", _ruleset(id="me", extends="."))
    (d,) = _errors(path)
    assert "cycle in extends: me -> me" in d.message


def test_all_problems_collected_across_the_chain(tmp_path: Path) -> None:
    _write(
        tmp_path / "parent" / "ruleset.json",
        HEAD
        + """\
  "extends": "base",
  "parameters": {"kiriage": 1}
}
""",
    )
    path = _write(
        tmp_path / "child" / "ruleset.json",
        """\
{
  "id": "child",
  "name": "Child",
  "source": {"rulebook": "club", "edition": "1"},
  "extends": "../parent",
  "parameters": {
    "red_fives": -1,
    "kuitan": "no",
    "renhou": "sometimes"
  },
  "rules": ["missing.rules"]
}
""",
    )
    diags = _errors(path)
    where = [(Path(d.file).parent.name, d.line, d.message.split(":")[0]) for d in diags]
    assert where == [
        ("child", 7, "parameters.red_fives"),
        ("child", 8, "parameters.kuitan"),
        ("child", 9, "parameters.renhou"),
        ("child", 11, "rules[0]"),
        ("parent", 6, "parameters.kiriage"),
    ]


def test_unknown_local_yaku_without_any_local_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(config_module, "local_yaku_dir", lambda: tmp_path / "none")
    path = _write(tmp_path / "r.json", _ruleset(local_yaku=["sanrenkou"]))
    (d,) = _errors(path)
    assert "unknown local yaku 'sanrenkou'" in d.message


def test_a_ruleset_without_a_rule_the_referee_asks_is_refused(tmp_path: Path) -> None:
    """The referee asks 'claim chi' whether a chow may be called (rulesets/base/table.rules):
    a ruleset whose rule files leave it out (here a copy of the base rules, as a fork of them
    would be) is refused with a diagnostic naming it, not read as 'a chow is never
    allowed'."""
    from riichi_rules import resources

    table = (resources.rulesets_dir() / "base" / "table.rules").read_text(encoding="utf-8")
    start = table.index('claim chi "Chow" {')
    (message,) = _base_copy_refused(tmp_path, table[start:table.index("}\n", start) + 2], "")
    assert message.startswith("no table rule 'claim chi': the referee asks it whether a "
                              "player may call a chow")


def _base_copy_refused(tmp_path: Path, old: str, new: str) -> list[str]:
    """The messages of the diagnostics compiling a copy of the base rules gives, with the text
    ``old`` of rulesets/base/table.rules (found once) written ``new``."""
    import shutil

    from riichi_rules import resources
    from riichi_rules.errors import RuleError
    from riichi_rules.scoring.lowering import compile_program

    base = resources.rulesets_dir() / "base"
    for rules in base.glob("*.rules"):
        shutil.copy(rules, tmp_path / rules.name)
    table = (tmp_path / "table.rules").read_text(encoding="utf-8")
    assert table.count(old) == 1, old
    (tmp_path / "table.rules").write_text(table.replace(old, new), encoding="utf-8")
    (tmp_path / "ruleset.json").write_text((base / "ruleset.json").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        compile_program(load_config(tmp_path))
    return [d.message for d in caught.value.diagnostics]


# The rules the referee asks since issue #14 moved the last rule arithmetic into the rules
# (rulesets/base/table.rules): the riichi stick's price, and each flag of a win's situation.
NEW_ASKS = [("riichi_rule", "stick", "what a player whose riichi is accepted puts on the "
             "table"),
            *[("win_flag", flag, "whether a win is ") for flag in (
                "ippatsu", "double_riichi", "rinshan", "chankan", "haitei", "houtei",
                "tenhou", "chiihou", "renhou")]]


@pytest.mark.parametrize(("kind", "name", "what"), NEW_ASKS)
def test_a_ruleset_without_a_rule_the_referee_now_asks_is_refused(
        tmp_path: Path, kind: str, name: str, what: str) -> None:
    """Each rule is renamed away (its block stays, so the file still parses): the ruleset is
    refused with the missing rule's name, not read as "no stick" or "never haitei"."""
    messages = _base_copy_refused(tmp_path, f"{kind} {name} ", f"{kind} {name}_renamed ")
    assert len(messages) == 1
    assert messages[0].startswith(f"no table rule '{kind} {name}': the referee asks it {what}")


@pytest.mark.parametrize(("cut", "kind", "name", "clause"), [
    ("    result taken\n", "collect", "riichi_sticks", "result"),
    ("    gain taken * rule.riichi_deposit\n", "collect", "riichi_sticks", "gain"),
    ("    gain -rule.riichi_deposit\n", "riichi_rule", "stick", "gain"),
    ("    allow when closed and not riichi\n", "riichi_rule", "declare", "allow"),
])
def test_a_rule_the_referee_asks_without_the_clause_it_reads_is_refused(
        tmp_path: Path, cut: str, kind: str, name: str, clause: str) -> None:
    """The referee reads the sticks a winner takes off the table of collect riichi_sticks'
    'result', their points of its 'gain', the stick a player puts down of riichi_rule
    stick's 'gain', and whether riichi may be declared of riichi_rule declare's 'allow'
    (rulesets/base/table.rules): a rule without that clause is refused, naming both."""
    # a condition that runs on over several lines stays, as a 'let' the rule does not read
    replacement = "    let cut_away = closed and not riichi\n" if clause == "allow" else ""
    messages = _base_copy_refused(tmp_path, cut, replacement)
    wanted = [m for m in messages if m.startswith(f"{kind} '{name}' has no '{clause}' clause")]
    assert wanted and "the referee reads it to know" in wanted[0], messages


# ------------------------------------------------------------------ bounds and foreign files


SECRET = "hunter2-do-not-print"


@pytest.mark.parametrize("foreign", [
    f"SECRET={SECRET}\n",  # not JSON (an environment, a password file ...)
    json.dumps({"token": SECRET}),  # JSON, but no ruleset
    json.dumps([SECRET]),
])
def test_extends_a_foreign_file_prints_none_of_it(tmp_path: Path, foreign: str) -> None:
    _write(tmp_path / "notes.txt", foreign)
    path = _write(tmp_path / "house" / "ruleset.json", _ruleset(extends="../notes.txt"))
    (d,) = _errors(path)
    assert SECRET not in d.render()
    assert d.file == str(path)
    assert (d.line, d.column) == (8, 14)  # the value of "extends" in _ruleset's layout
    assert d.message.startswith(f"extends: '{tmp_path / 'notes.txt'}' is not a ruleset: ")
    assert "ruleset.json" in d.hint


def test_a_foreign_file_named_directly_prints_none_of_it(tmp_path: Path) -> None:
    path = _write(tmp_path / "secret.txt", f"SECRET={SECRET}\n")
    (d,) = _errors(path)
    assert SECRET not in d.render()
    assert d.message == ("not a ruleset: invalid JSON: Expecting value (line 1, column 1)")
    assert d.source_line == ""


def test_a_ruleset_json_with_a_syntax_error_shows_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path / "ruleset.json", '{\n  "id": "house",\n  "name": oops\n}\n')
    (d,) = _errors(path)
    assert (d.line, d.column, d.source_line) == (3, 11, '  "name": oops')
    assert d.message.startswith("invalid JSON: ")


def test_deep_json_and_huge_numbers(tmp_path: Path) -> None:
    deep = _write(tmp_path / "deep" / "ruleset.json",
                  _ruleset(notes="x")[:-2] + ',\n  "uncertain": ' + "[" * 10_000 + "\n}\n")
    (d,) = _errors(deep)
    assert d.message == "arrays and objects nest more than 64 deep here"
    # line 10 is '  "uncertain": [[[...': its first '[' at column 16, nested 2 deep (in the
    # outer object), so its 64th, at column 16 + 63, is the first nested 65 deep
    assert (d.line, d.column) == (10, 16 + 63)
    huge = _write(tmp_path / "huge" / "ruleset.json",
                  _ruleset(parameters={"start_points": 10**4000}))
    (d,) = _errors(huge)
    assert d.message == ("parameters.start_points: this number (a number of about 4,001 "
                         "digits) is too large: a ruleset writes numbers up to 1,000,000,000")
    beyond = _write(tmp_path / "beyond" / "ruleset.json",
                    _ruleset(notes="x")[:-2] + ',\n  "uncertain": ' + "9" * 5000 + "\n}\n")
    (d,) = _errors(beyond)
    assert "4,300" in d.message


def test_a_file_too_large(tmp_path: Path) -> None:
    path = _write(tmp_path / "ruleset.json", _ruleset(notes="x" * (1 << 20)))
    (d,) = _errors(path)
    assert d.message.startswith("a ruleset.json holds at most 1,048,576 bytes")


def test_the_valid_configs_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/limits.md: one empty file per valid content, named by its sha256; a changed file
    is validated again; the oldest go past STAMPS_KEPT; RIICHI_RULES_NO_CACHE turns it off."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "riichi-rules" / "valid-configs"
    path = _write(tmp_path / "house" / "ruleset.json", _ruleset(parameters={"kiriage": True}))
    clear_cache()
    load_config(path)
    stamps = set(folder.iterdir())  # one for base, one for house
    assert len(stamps) == 2
    assert all(len(s.name) == 64 and s.stat().st_size == 0 for s in stamps)
    # the same stamp cannot excuse a changed file: its content has another name
    _write(path, _ruleset(parameters={"kiriage": "yes"}))
    os.utime(path, ns=(2, 2))
    (d,) = _errors(path)
    assert "parameters.kiriage" in d.message
    assert set(folder.iterdir()) == stamps  # an invalid content leaves no stamp
    for i in range(config_module.STAMPS_KEPT + 5):
        (folder / f"{i:064x}").touch()
        os.utime(folder / f"{i:064x}", ns=(i + 1, i + 1))
    _write(path, _ruleset(parameters={"kiriage": False}))
    os.utime(path, ns=(3, 3))
    load_config(path)
    assert len(list(folder.iterdir())) == config_module.STAMPS_KEPT
    assert not (folder / f"{0:064x}").exists()  # the oldest went first
    monkeypatch.setenv("RIICHI_RULES_NO_CACHE", "1")
    assert config_module.stamp_folder() is None
    clear_cache()


def test_a_stamp_is_trusted_only_in_a_folder_no_one_else_may_write_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stamp skips the schema's validation, so one that another user could have written
    (in a folder others may write to) excuses nothing, as a kept program is not read from
    such a folder (tests/scoring/test_cache.py)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    clear_cache()
    text = _ruleset(parameters={"kiriage": "yes"})  # the schema wants a boolean
    path = _write(tmp_path / "house" / "ruleset.json", text)
    stamp = config_module._stamp(json.loads(text))
    assert stamp is not None
    stamp.parent.mkdir(mode=0o700, parents=True)
    stamp.touch()  # as if the content had been found valid
    load_config(path)  # the user's own stamp is believed: the schema is not asked
    stamp.parent.chmod(0o777)
    clear_cache()
    try:
        (d,) = _errors(path)
    finally:
        stamp.parent.chmod(0o755)
        clear_cache()
    assert "parameters.kiriage" in d.message


def test_the_cache_folders_are_the_users_alone_whatever_the_umask(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under umask 002 (the default of many systems) a folder made with the default mode is
    group-writable, and no stamp or kept program in it would ever be believed: the cache
    folders are made 0700, and one an earlier run left group-writable is closed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "riichi-rules" / "valid-configs"
    path = _write(tmp_path / "house" / "ruleset.json", _ruleset(parameters={"kiriage": True}))
    old = os.umask(0o002)
    try:
        clear_cache()
        load_config(path)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        folder.chmod(0o775)  # as an earlier version left it
        _write(path, _ruleset(parameters={"kiriage": False}))
        os.utime(path, ns=(5, 5))
        clear_cache()
        load_config(path)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o755
    finally:
        os.umask(old)
        clear_cache()
    stamp = config_module._stamp(json.loads(path.read_text(encoding="utf-8")))
    assert stamp is not None and stamp.exists() and trusted(stamp)
