"""``riichi compare``: parameters, yaku and conformance cases (scoring and referee) that differ
between rulesets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compare_cases import bundled, clause_line, expected_outcome
from house_rules import house_ruleset
from riichi_rules.cli import main
from riichi_rules.comparison.pair import compare
from riichi_rules.conformance.cases import load_suite
from riichi_rules.errors import RulesetFault
from riichi_rules.rulesets.config import load_config

CASES = """\
- id: kiriage-4h30f
  source: "EMA 2016 scoring example 2 (4 han 30 fu ron, 7700); variants.md #12 (kiriage)"
  tags: [limits]
  win: {hand: 123456789s234p55m, win: 9s, riichi: true, seat: S}
  expect:
    default: {han: 4, fu: 30, points: 7700}
    ema-2025: {points: 8000}
- id: plain-tanyao
  source: "derivation: tanyao 1 + pinfu 1 + riichi 1 = 3 han 30 fu ron, non-dealer 3900"
  tags: [yaku]
  win: {hand: 234m456p678s23455s, win: 5s, riichi: true, seat: S}
  expect:
    default: {han: 3, fu: 30, points: 3900}
"""


def test_parameters_and_yaku_that_differ() -> None:
    result = compare("ema-2016", "mahjong-soul", cases=False)
    names = {p.name: (p.a, p.b) for p in result.parameters}
    # variants.md #5 red fives 0 vs 3, #14 double yakuman none vs all four
    assert names["red_fives"] == (0, 3)
    assert names["double_yakuman"] == (False, True)
    yaku = {y.id: (y.a.describe(), y.b.describe()) for y in result.yaku}
    assert yaku["kokushi_13"] == ("yakuman", "2x yakuman")
    assert yaku["aka_dora"] == ("absent", "counted")
    assert "pinfu" not in yaku  # the same in both


def test_cases_whose_outcome_differs_name_the_rule(tmp_path: Path) -> None:
    (tmp_path / "cases.yaml").write_text(CASES, encoding="utf-8")
    result = compare("ema-2016", "ema-2025", cases_root=tmp_path)
    assert result.cases_compared == 2
    (diff,) = result.cases
    assert diff.case == "kiriage-4h30f"
    assert (diff.a, diff.b) == ("4h30f 7700", "4h30f 8000")
    assert any("limit none vs mangan" in r and "rule.kiriage" in r for r in diff.reasons)


def test_the_command_prints_text_json_and_markdown(capsys: object) -> None:
    assert main(["compare", "ema-2016", "ema-2025", "--no-cases", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert {"kiriage", "double_wind_pair_fu"} <= {p["name"] for p in out["parameters"]}
    assert main(["compare", "ema-2016", "ema-2025", "--no-cases", "--markdown"]) == 0
    markdown = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "| `kiriage` | no | yes |" in markdown
    assert main(["compare", "ema-2016", "nonexistent-ruleset", "--no-cases"]) == 1


def test_yaku_changes_say_what_differs() -> None:
    # variants.md #14: Mahjong Soul scores the thirteen-sided kokushi as a double yakuman,
    # Tenhou as a single one
    result = compare("tenhou", "mahjong-soul", cases=False)
    kokushi = next(y for y in result.yaku if y.id == "kokushi_13")
    assert "yakuman multiple: 1 → 2" in kokushi.changes
    # variants.md #16: M.League has no renhou ("none" rules the yaku out), WRC 2025 a 5-han yaku
    result = compare("wrc-2025", "m-league", cases=False)
    renhou = next(y for y in result.yaku if y.id == "renhou")
    assert renhou.b.ruled_out and renhou.b.describe() == "absent"
    assert "never scores in m-league (its parameters rule it out)" in renhou.changes
    assert renhou.parameters == ("renhou",)


def test_a_rule_written_differently_is_a_difference(tmp_path: Path) -> None:
    from riichi_rules import resources

    data = json.loads((resources.rulesets_dir() / "ema-2016" / "ruleset.json")
                      .read_text(encoding="utf-8"))
    data.update(id="club", extends=str(resources.rulesets_dir() / "base"),
                rules=["tanyao.rules"])
    club = tmp_path / "club"
    club.mkdir()
    (club / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    # the same han as EMA 2016 §4 (1 han, open too), but no closed-hand condition at all
    (club / "tanyao.rules").write_text(
        'override yaku tanyao "All simples" {\n    han 1, open 1\n'
        '    when every tile is simple\n    source "a test"\n}\n', encoding="utf-8")
    result = compare("ema-2016", club, cases=False)
    tanyao = next(y for y in result.yaku if y.id == "tanyao")
    assert tanyao.rewritten and tanyao.a == tanyao.b
    assert any(c.startswith("its rule is written differently") for c in tanyao.changes)
    assert tanyao.origins[1].endswith("tanyao.rules:1")


def test_each_reason_names_its_rule_and_parameters(tmp_path: Path) -> None:
    (tmp_path / "cases.yaml").write_text(CASES, encoding="utf-8")
    (diff,) = compare("ema-2016", "ema-2025", cases_root=tmp_path).cases
    # the mangan line of the limits rule (rulesets/base/scoring.rules) reads rule.kiriage
    (reason,) = diff.why
    assert reason.what == "limit none vs mangan"
    assert reason.origin.startswith("rulesets/base/scoring.rules:")
    assert reason.parameters == ("kiriage",)
    assert diff.source.startswith("EMA 2016 scoring example 2")


def test_a_dora_reason_names_the_parameters_it_reads() -> None:
    from riichi_rules.scoring.scorer import program, score
    from riichi_rules.search.causes import reasons

    # variants.md #5: Tenhou plays 3 red fives, EMA 2016 none: the red 5p is one han more
    # under Tenhou, and the aka_dora rule (rulesets/base/dora.rules) reads red_fives
    win = {"hand": "234m406p678s23455s", "win": "2s", "riichi": True, "seat": "S"}
    a, b = program("ema-2016"), program("tenhou")
    assert score(win, a).han + 1 == score(win, b).han
    (reason,) = reasons(win, a, b)
    assert (reason.what, reason.parameters) == ("dora aka_dora", ("red_fives",))


def test_a_honba_reason_when_only_the_honba_differ(tmp_path: Path) -> None:
    from riichi_rules import resources
    from riichi_rules.scoring.scorer import program, score
    from riichi_rules.search.causes import reasons

    data = json.loads((resources.rulesets_dir() / "ema-2016" / "ruleset.json")
                      .read_text(encoding="utf-8"))
    data.update(id="club", extends=str(resources.rulesets_dir() / "base"),
                parameters={"honba_ron": 500})
    (tmp_path / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    # EMA 2016: 300 a honba on a ron (variants.md #45); the club: 500. Riichi + tanyao + pinfu
    # (2s wins on 34s), 3 han 30 fu, non-dealer ron 30 x 2^5 x 4 = 3,840 -> 3,900 (EMA 2016
    # §4), with 1 honba: 3,900 + 300 against 3,900 + 500, only the payments differ
    win = {"hand": "234m406p678s23455s", "win": "2s", "riichi": True, "seat": "S", "honba": 1}
    a, b = program("ema-2016"), program(tmp_path)
    ra, rb = score(win, a), score(win, b)
    assert (ra.winner_receives, rb.winner_receives) == (4200, 4400)
    (reason,) = reasons(win, a, b)
    assert (reason.what, reason.parameters) == ("honba", ("honba_ron",))


# ---- referee cases -----------------------------------------------------------------------------


def _differ(a: str, b: str, name: str) -> bool:
    return load_config(a).parameters[name] != load_config(b).parameters[name]


def test_a_double_ron_is_legal_under_one_ruleset_and_refused_under_another() -> None:
    cases = bundled("multiple-ron.yaml")
    result = compare("ema-2016", "wrc-2025", suite=cases)
    diff = next(d for d in result.cases if d.case == "multiple-ron-double")
    case = next(c for c in cases if c.id == diff.case)
    assert diff.kind == "referee"
    # variants.md #24: a double ron stands at EMA 2016 (2000 from seat 0 to each winner); WRC
    # 2025 has a head bump, so the second ron is refused
    assert (diff.a, diff.b) == (expected_outcome(case, "ema-2016"),
                                expected_outcome(case, "wrc-2025"))
    assert diff.a == "seat 1 2h30f 2000, seat 2 2h30f 2000" and diff.b == "illegal_ron"
    # the claim rule's "up to" clause says how many may win on one tile, from rule.multiple_ron
    (reason,) = diff.why
    assert reason.what.startswith("claim ron, up to: ")
    assert reason.origin == clause_line("claim ron", "up to")
    assert reason.parameters == ("multiple_ron",)
    assert _differ("ema-2016", "wrc-2025", "multiple_ron")


def test_an_added_kan_tile_and_a_short_wall_split_ema_2016_and_ema_2025() -> None:
    cases = bundled("furiten.yaml", "riichi.yaml")
    result = compare("ema-2016", "ema-2025", suite=cases)
    by_id = {d.case: d for d in result.cases}
    case = {c.id: c for c in cases}
    # variants.md #34: EMA 2016 counts seat 1's own added 5s as a discard (furiten, the ron on
    # 2s is refused); EMA 2025 does not (open tanyao, 1000 from seat 2)
    kan = by_id["furiten-added-kan-tile-ron"]
    expected = case[kan.case]
    assert (kan.a, kan.b) == (expected_outcome(expected, "ema-2016"),
                              expected_outcome(expected, "ema-2025"))
    assert (kan.a, kan.b) == ("furiten_ron", "seat 1 1h30f 1000")
    (reason,) = kan.why
    assert reason.what == "furiten own_discard, when: yes vs no"
    assert reason.origin == clause_line("furiten own_discard", "when")
    assert reason.parameters == ("kakan_counts_as_discard",)
    # variants.md #36: riichi needs four tiles left in the wall under EMA 2016, one under EMA
    # 2025. The riichi rule's allow clause also reads tenpai_own_four_tiles, riichi_min_points
    # and furiten_riichi, which the two rulesets set alike: only the wall is named.
    riichi = by_id["riichi-with-one-tile-left"]
    expected = case[riichi.case]
    assert (riichi.a, riichi.b) == (expected_outcome(expected, "ema-2016"),
                                    expected_outcome(expected, "ema-2025"))
    assert (riichi.a, riichi.b) == ("illegal_riichi", "legal")
    (reason,) = riichi.why
    assert reason.what == "riichi_rule declare, allow: no vs yes"
    assert reason.origin == clause_line("riichi_rule declare", "allow")
    assert reason.parameters == ("riichi_min_wall_tiles",)
    assert not any(_differ("ema-2016", "ema-2025", name) for name in
                   ("tenpai_own_four_tiles", "riichi_min_points", "furiten_riichi"))
    # a case whose expectations agree under both is not listed (EMA 2016 §3.3.14: temporary
    # furiten, the same in every ruleset)
    assert "furiten-temporary-after-letting-a-winning-tile-pass" in case
    assert "furiten-temporary-after-letting-a-winning-tile-pass" not in by_id


def test_a_referee_win_scored_differently_names_the_scoring_rule() -> None:
    # conformance/riichi.yaml riichi-ippatsu-ron: 4 han 30 fu, 7700 under EMA 2016, a kiriage
    # mangan under EMA 2025 (variants.md #12): the mangan line of the limits rule
    cases = bundled("riichi.yaml")
    (diff,) = [d for d in compare("ema-2016", "ema-2025", suite=cases).cases
               if d.case == "riichi-ippatsu-ron"]
    assert (diff.a, diff.b) == ("seat 1 4h30f 7700", "seat 1 4h30f 8000")
    assert any("limit none vs mangan" in r and "rule.kiriage" in r for r in diff.reasons)


def test_the_json_lists_every_case_with_its_kind(capsys: object) -> None:
    assert main(["compare", "ema-2016", "ema-2025", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    suite = [c for c in load_suite().cases if 4 in c.players]  # two four-player rulesets
    referee = sum(1 for c in suite if c.events is not None)
    scoring = sum(1 for c in suite if c.win is not None)
    assert out["cases_compared"] == referee + scoring
    assert out["cases_compared_by_kind"] == {"scoring": scoring, "referee": referee}
    assert {c["kind"] for c in out["cases"]} == {"scoring", "referee"}
    for entry in out["cases"]:
        assert set(entry) == {"case", "kind", "location", "a", "b", "reasons", "source"}
    kan = next(c for c in out["cases"] if c["case"] == "furiten-added-kan-tile-ron")
    assert kan["kind"] == "referee" and (kan["a"], kan["b"]) == ("furiten_ron",
                                                               "seat 1 1h30f 1000")
    assert kan["reasons"] == [f"furiten own_discard, when: yes vs no "
                              f"({clause_line('furiten own_discard', 'when')}) "
                              "[rule.kakan_counts_as_discard]"]


def test_two_dates_of_one_ruleset() -> None:
    # rulesets/tenhou/ruleset.json, history: between 2009-06-01 and 2023-01-01 three values
    # changed, each on a day of its own (East-only uma until 2009-07-31, no tenpai-yame until
    # 2010-06-01, results rounded to the thousand until 2021-10-03); nothing else differs
    result = compare("tenhou@2009-06-01", "tenhou@2023-01-01", cases=False)
    assert (result.a, result.b) == ("tenhou@2009-06-01", "tenhou@2023-01-01")
    assert {p.name: (p.a, p.b) for p in result.parameters} == {
        "uma_east_only": ([10, 5, -5, -10], []),
        "tenpai_yame": (False, True),
        "final_points_rounding": ("thousand", "tenth"),
    }
    assert result.yaku == ()
    # two days of one era: nothing differs
    same = compare("tenhou@2012-01-01", "tenhou@2015-12-31", cases=False)
    assert same.parameters == () and same.yaku == ()
    # the day before and the day of a change: that one value
    around = compare("tenhou@2010-06-01", "tenhou@2010-06-02", cases=False)
    assert [p.name for p in around.parameters] == ["tenpai_yame"]


def test_two_dates_of_one_ruleset_on_the_cases() -> None:
    # conformance/game-end.yaml: the referee cases whose Tenhou outcome depends on the date
    # (final points in thousands or in tenths; tenpai-yame) differ. A ruleset named with a
    # date keeps it, the cases' own dates notwithstanding
    result = compare("tenhou@2009-06-01", "tenhou@2023-01-01")
    differing = {c.case for c in result.cases}
    assert {"standings-tenhou-in-tenths-since-2021", "game-end-tenpai-yame-tenhou-from-june-2010",
            "game-end-tenpai-yame-tenhou-before-june-2010"} <= differing
    # undated, each ruleset runs a dated case at the case's date: tenhou and ema-2016 part on
    # tenpai-yame only from June 2010
    plain = {c.case for c in compare("tenhou", "ema-2016").cases}
    assert "game-end-tenpai-yame-tenhou-from-june-2010" in plain
    assert "game-end-tenpai-yame-tenhou-before-june-2010" not in plain
    assert all(c.kind == "referee" for c in result.cases)
    for case in result.cases:
        assert any("final_points_rounding" in r or "tenpai_yame" in r or "uma_east_only" in r
                   for r in case.reasons), case


def test_the_command_compares_two_dates(capsys: object) -> None:
    assert main(["compare", "tenhou@2010-06-01", "tenhou@2010-06-02", "--no-cases",
                 "--json"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    data = json.loads(out)
    assert (data["a"], data["b"]) == ("tenhou@2010-06-01", "tenhou@2010-06-02")
    assert [(p["name"], p["a"], p["b"]) for p in data["parameters"]] == [
        ("tenpai_yame", False, True)]


def test_three_players_against_four_on_the_cases_of_either_table() -> None:
    """``riichi compare tenhou tenhou-sanma``: the parameters three players change, and the
    cases that hold at either table (conformance/sanma.yaml, ``players: [3, 4]``) scored under
    both; a case of one table only is not compared."""
    suite = load_suite().cases
    result = compare("tenhou", "tenhou-sanma", suite=suite)
    names = {p.name: (p.a, p.b) for p in result.parameters}
    # riichi.wiki "Sanma", mjstars-tenhou-sanma: three seats, 2m-8m out, no chi, kita, 35,000
    # against 40,000, uma +20/0/-20; jbreidfjord-riichi-rs: 200 a honba on a ron
    assert names["players"] == (4, 3)
    assert names["chi"] == (True, False) and names["kita"] == (False, True)
    assert names["start_points"] == (25000, 35000) and list(names["uma"][1]) == [20, 0, -20]
    assert names["honba_ron"] == (300, 200)
    either = [c for c in suite if c.players == (3, 4)]
    assert result.cases_compared == len(either)
    shown = {d.case: (d.a, d.b) for d in result.cases}
    # tsumo loss (5200 at four, 3900 at three), the indicator 1m (2m at four, 9m at three)
    assert shown["sanma-or-not-a-self-draw"] == ("3h40f 5200", "3h40f 3900")
    assert shown["sanma-or-not-the-indicator-1m"] == ("1h40f 1300", "4h40f 8000")
    # the payments each ruleset pays by: the four-player rule and sanma.rules' override
    [why] = next(d.reasons for d in result.cases if d.case == "sanma-or-not-a-self-draw")
    assert why.startswith("payments (rulesets/base/scoring.rules:")
    assert " / rulesets/sanma/sanma.rules:" in why
    # four-player rulesets compare the four-player cases alone, as before the sanma cases
    four = compare("tenhou", "mahjong-soul", suite=suite)
    assert four.cases_compared == sum(1 for c in suite if 4 in c.players)


def test_a_rule_with_no_value_stops_the_comparison(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # 14 / (count(tiles) - 14) has no value on a hand without a kan (14 tiles), as both of
    # CASES are: the comparison stops at the first (a.yaml), naming the rule where its han is
    # written (line 2, column 9 of house.rules) and the case, and reads no later case file
    from riichi_rules.conformance import cases

    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "a.yaml").write_text(CASES, encoding="utf-8")
    (tmp_path / "cases" / "b.yaml").write_text(CASES.replace("- id: ", "- id: b-"),
                                               encoding="utf-8")
    house = house_ruleset(
        tmp_path / "house",
        'yaku house "House" {\n    han 14 / (count(tiles) - 14)\n    when closed\n}\n')
    read: list[str] = []
    load_file = cases.load_file

    def reading(path: Path, **options: Any) -> list[Any]:
        read.append(path.name)
        return load_file(path, **options)

    monkeypatch.setattr(cases, "load_file", reading)
    with pytest.raises(RulesetFault) as caught:
        compare("tenhou", house / "ruleset.json", cases_root=tmp_path / "cases")
    fault = caught.value
    assert (fault.ruleset, fault.case, read) == ("house", "kiriage-4h30f", ["a.yaml"])
    assert fault.fault.where.endswith("house.rules:2:9")
    assert "division by zero (14 / 0), met on case kiriage-4h30f" in str(fault)
