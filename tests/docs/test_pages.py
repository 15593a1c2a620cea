"""The generated pages: what they say comes from the rules that run, so changing a rule or a
ruleset's configuration changes them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from riichi_rules import resources
from riichi_rules.cli import main
from riichi_rules.comparison.pair import compare
from riichi_rules.docs.facts import han_text, yaku_facts
from riichi_rules.docs.pages import build
from riichi_rules.docs.tiles import hand_markdown, tile_names, tile_svg
from riichi_rules.scoring.scorer import program


def _section(page: str, heading: str) -> str:
    """The text of one rule's section of a page (from its heading to the next)."""
    section = page[page.index(heading):]
    return section[:section.find("\n### ", 1)] if "\n### " in section[1:] else section


def test_the_yaku_page_renders_each_rule(rulebook: Path) -> None:
    page = (rulebook / "rulesets/ema-2016/yaku.md").read_text(encoding="utf-8")
    # pinfu: EMA 2016 §4, 1 han, closed only, its condition in English (DESIGN.md)
    section = page[page.index("### Pinfu { #pinfu }"):]
    section = section[:section.index("\n### ")]
    assert "**1 han**, closed hands only" in section
    assert "every set is a chow, the pair is not a value tile, and the wait is two-sided" in section
    assert "rulesets/base/yaku.rules:" in section
    # sanshoku: 2 han closed, 1 open (EMA 2016 §4)
    assert "**2 han** closed, **1 han** open" in page
    # double riichi replaces riichi (rulesets/base/yaku.rules)
    assert "**Replaces** [Riichi](#riichi)" in page
    # examples come from the conformance suite, drawn with the tile pictures
    assert "from the conformance suite" in page
    assert "../../tiles/" in page and "{ .tile" in page


def test_every_page_of_a_ruleset_is_written(rulebook: Path) -> None:
    folder = rulebook / "rulesets/ema-2016"
    for name in ("index", "yaku", "fu", "limits", "points", "furiten", "claims", "riichi",
                 "kans", "pao", "draws", "wins", "next-hand", "game"):
        assert (folder / f"{name}.md").is_file(), name
    assert (rulebook / "tiles/5z.svg").is_file() and (rulebook / "tiles/0p-side.svg").is_file()
    nav = json.loads((rulebook / "nav.json").read_text(encoding="utf-8"))
    assert "Rulebook" in nav[0] and "Comparisons" in nav[1]


def test_the_overview_lists_every_parameter_with_its_source(rulebook: Path) -> None:
    page = (rulebook / "rulesets/ema-2016/index.md").read_text(encoding="utf-8")
    from riichi_rules.rulesets.config import parameter_schemas

    for name in parameter_schemas():
        assert f"`{name}`" in page, name
    # rulesets/ema-2016/ruleset.json cites its own source for each value: open_pinfu_fu from
    # scoring example 3 of ema-rcr-2016 ch.4, linked to the Sources page; rinshan_tsumo_fu from
    # ema-rcr-2016 §4.1.1; no value of EMA 2016 is left uncertain (the mark is tested on WRC
    # 2025's pao_honba in test_docs_sources)
    row = next(line for line in page.splitlines() if "`open_pinfu_fu`" in line)
    assert "[ema-rcr-2016-zh](../../sources.md#ema-rcr-2016-zh)" in row
    row = next(line for line in page.splitlines() if "`rinshan_tsumo_fu`" in line)
    assert "[ema-rcr-2016](../../sources.md#ema-rcr-2016) §4.1.1" in row
    assert "*uncertain:*" not in page


def test_points_page_is_computed_by_the_engine(rulebook: Path) -> None:
    page = (rulebook / "rulesets/ema-2016/points.md").read_text(encoding="utf-8")
    # EMA 2016 example 2: 4 han 30 fu, 7700 on a discard; tsumo 2000/3900
    row = next(line for line in page.splitlines() if line.startswith("| **4** |"))
    assert "7700<br><small>2000/3900</small>" in row


def test_table_rule_pages_render_the_parameters(rulebook: Path) -> None:
    page = (rulebook / "rulesets/ema-2016/kans.md").read_text(encoding="utf-8")
    # schema: kokushi_robs_ankan defaults to true (EMA 2016 §3.3.7)
    assert "# Kokushi robs a concealed kan\n" in page
    assert "`kokushi_robs_ankan` = on" in page
    # the rules of the table, when the rule files have them, else the parameters alone
    assert "Rules of the table" in page or "Parameters only" in page


def _copy_ruleset(tmp_path: Path, data: dict[str, object], rules: dict[str, str]) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    for name, text in rules.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_han_changed_in_the_config_changes_the_page(tmp_path: Path) -> None:
    club = _copy_ruleset(tmp_path, {
        "id": "club", "name": "Our club", "extends": "ema-2016",
        "source": {"rulebook": "club", "edition": "1"},
        "yaku": {"sanshoku": {"han_closed": 3, "note": "our club"}},
    }, {})
    out = tmp_path / "out"
    build([club], out, search=False)
    page = (out / "rulesets/club/yaku.md").read_text(encoding="utf-8")
    section = page[page.index("{ #sanshoku }"):]
    section = section[:section.index("\n### ")]
    assert "**3 han** closed, **1 han** open" in section
    assert "han\\_closed = 3" in section


def test_a_han_changed_in_a_rule_file_changes_the_page(tmp_path: Path) -> None:
    base = resources.rulesets_dir() / "ema-2016" / "ruleset.json"
    data = json.loads(base.read_text(encoding="utf-8"))
    data["extends"] = str(resources.rulesets_dir() / "base")
    data["rules"] = ["tanyao.rules"]
    club = _copy_ruleset(tmp_path, data, {"tanyao.rules": (
        'override yaku tanyao "All simples" {\n'
        "    han 2, open 1\n"
        "    when every tile is simple and (closed or rule.kuitan)\n"
        '    source "a test: tanyao made 2 han closed"\n'
        "}\n")})
    out = tmp_path / "out"
    build([club], out, search=False)
    page = (out / "rulesets/ema-2016/yaku.md").read_text(encoding="utf-8")
    section = page[page.index("{ #tanyao }"):]
    section = section[:section.index("\n### ")]
    assert "**2 han** closed, **1 han** open" in section
    assert "tanyao.rules:1" in section
    shutil.rmtree(out)


def test_differences_between_ema_2016_and_2025() -> None:
    diff = compare("ema-2016", "ema-2025", cases=False)
    names = {p.name for p in diff.parameters}
    # rulesets/ema-2025/ruleset.json: kiriage (variants.md #12), renhou five_han (#16)
    assert {"kiriage", "renhou", "double_wind_pair_fu"} <= names
    # the same rule files: no yaku differs in han
    assert all("han when" not in c for y in diff.yaku for c in y.changes)
    tenhou = yaku_facts(program("tenhou"))
    # Tenhou: renhou "none" (variants.md #16) rules the renhou yaku out
    assert han_text(tenhou["renhou"]) == "never"


def test_a_pair_page_lists_the_cases_that_differ(rulebook: Path) -> None:
    page = (rulebook / "compare/ema-2016-vs-ema-2025.md").read_text(encoding="utf-8")
    # the parameters of riichi compare: kiriage off in EMA 2016, on in EMA 2025 (variants.md
    # #12)
    assert "| Kiriage mangan <br>`kiriage` | off | on |" in page
    # conformance/limits.yaml limit-3-han-60-fu-kiriage: 3 han 60 fu = 1920 basic points,
    # 7680 -> 7700 for a non-dealer's ron without kiriage (EMA 2016 has none, §4 "no
    # kiriage"); EMA 2025 rounds 1920 up to a mangan, 8000 (variants.md #12). The reason is
    # the mangan line of the limits rule, which reads rule.kiriage.
    row = next(line for line in page.splitlines()
               if line.startswith("| `limit-3-han-60-fu-kiriage`"))
    assert "| 3 han 60 fu: 7700 | 3 han 60 fu: 8000 |" in row
    assert "limit none vs mangan" in row and "rulesets/base/scoring.rules:5" in row
    assert "reads “Kiriage mangan” (`kiriage`)" in row
    assert "../source/conformance/limits.yaml.md" in row  # the case's file, published
    # the page and riichi compare agree on how many cases differ
    result = compare("ema-2016", "ema-2025")
    assert f"{len(result.cases)} of the {result.cases_compared} cases" in page
    assert page.count("\n| `") == len(result.cases)  # one row per case


def test_table_rules_read_as_english_per_ruleset(rulebook: Path) -> None:
    claims = (rulebook / "rulesets/ema-2016/claims.md").read_text(encoding="utf-8")
    # EMA 2016 §3.3.1 (claims on a discard), §3.3.3 (a chow only from the player on the left),
    # §3.3.14 (no calls in riichi); rulesets/base/table.rules claim chi, where the ruleset
    # plays chi at all (rule.chi, on in EMA 2016: it folds away in this ruleset's sentence)
    chi = _section(claims, "### Chow")
    assert ("**Allowed when:** “Chi (chow claims)” is on (here: on), the tile was discarded, "
            "the tile comes from the player on the left, the wall is not empty, and the player "
            "has not declared riichi.") in chi
    assert ("**In this ruleset** that comes to: the tile was discarded, the tile comes from "
            "the player on the left, the wall is not empty, and the player has not declared "
            "riichi.") in chi
    assert "rulesets/base/table.rules:" in chi and "**Source:** ema-rcr-2016 §3.3.1" in chi
    # §3.3.10: no fifth kan; max_kans is 4 in EMA 2016 (the schema default)
    kong = _section(claims, "### Kong")
    assert ("**In this ruleset** that comes to: the tile was discarded, the wall is not empty, "
            "the player has not declared riichi, and fewer than 4 kans have been declared in "
            "this hand.") in kong
    # EMA 2016 has no abortive draws (variants.md #41: abortive_draws is empty)
    draws = (rulebook / "rulesets/ema-2016/draws.md").read_text(encoding="utf-8")
    four_riichi = _section(draws, "### Four riichi")
    assert ("**Applies when:** “Abortive draws” includes “suucha\\_riichi” (here: none) and "
            "exactly 4 players have declared riichi.") in four_riichi
    assert "**In this ruleset** it never applies." in four_riichi
    # EMA 2016 §3.3.9: on a discard the liable player and the discarder pay half each; the
    # honba go to the discarder (rulesets/ema-2016: pao_honba "discarder", variants.md #29)
    pao = _section((rulebook / "rulesets/ema-2016/pao.md").read_text(encoding="utf-8"),
                   "### Payments under liability")
    here = pao[pao.index("**In this ruleset:**"):]
    assert "- The liable player pays half of the win's value when the win is on a discard " \
        "or a kan." in here
    assert "- The discarder pays the honba points of the win when the win is on a discard " \
        "or a kan." in here
    assert "pao\\_part\\_only" not in here  # the branches this ruleset does not take
    # the doc line of the rule is shown
    assert "*A player in riichi discards the tile they drew.*" in claims
    # the next hand: EMA 2016 §3.1, the dealer repeats on a win or tenpai, not on an abortive
    # draw (dealer_repeat "win_or_tenpai", variants.md #44)
    nxt = (rulebook / "rulesets/ema-2016/next-hand.md").read_text(encoding="utf-8")
    assert ("**In this ruleset** that comes to: the dealer won the hand, or both the hand "
            "ended in an exhaustive draw and the dealer was tenpai.") in nxt


def test_tiles_are_our_own_svgs() -> None:
    assert len(tile_names()) == 37
    svg = tile_svg("0p")
    assert svg.startswith("<svg") and "#c62828" in svg  # a red five draws in red
    hand = hand_markdown({"hand": "123m", "win": "3m", "melds": ["4-56s", "5555p"]}, "t")
    assert hand.count("{ .tile") == 2 + 1 + 3 + 4
    assert "t/4s-side.svg" in hand and "t/back.svg" in hand


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["docs", "build", "--ruleset", "tenhou", "--out", str(tmp_path),
                   "--no-search"])
    assert status == 0
    page = (tmp_path / "rulesets/tenhou/yaku.md").read_text(encoding="utf-8")
    assert "**Witness**" not in page  # --no-search leaves the search's findings out
    assert "tenhou" in capsys.readouterr().out
    assert main(["docs", "build", "--ruleset", "no-such-ruleset", "--out", str(tmp_path)]) == 1
    # a corpus that is not there is a usage error, said before anything runs
    missing = str(tmp_path / "no-such-wins.jsonl")
    assert main(["docs", "build", "--corpus", missing, "--out", str(tmp_path)]) == 2
    assert f"no such file or folder: {missing}" in capsys.readouterr().err


def test_the_end_of_the_game_is_rendered_from_the_table_rules(rulebook: Path) -> None:
    folder = rulebook / "rulesets/ema-2016"
    wins = (folder / "wins.md").read_text(encoding="utf-8")
    nxt = (folder / "next-hand.md").read_text(encoding="utf-8")
    game = (folder / "game.md").read_text(encoding="utf-8")
    # what a winner collects: EMA 2016 pays the honba to each winner (variants.md #25 [S22])
    assert "`collect honba_counters`" in wins and "`collect riichi_sticks`" in wins
    assert "**In this ruleset** it always applies." in _section(wins, "### Honba on a win")
    # the end of the game: EMA 2016 has no bust, agari-yame or West round (variants.md #47-49),
    # so the rule comes to the end of the last hand once the dealer loses the deal
    end = _section(nxt, "### End of the game")
    assert "`next_hand game_end`" in end
    assert ("**In this ruleset** that comes to: last is true and it is not the case that the "
            "dealer keeps the deal.") in end
    # the final standings: the sticks left go to the first place (variants.md #46 [S1]); no
    # player balances the results (final_points_rounding "tenth")
    assert "`standings sticks_left`" in game and "`standings final_points`" in game
    assert "**In this ruleset** no player does." in _section(game, "### Final points")


def test_the_overview_shows_each_parameters_history(tmp_path: Path,
                                                    rulebook: Path) -> None:
    # rulesets/tenhou/ruleset.json, history: tenpai-yame off until 2010-06-01 (Tenhou's
    # announcement of 2010-05-18: from June 2010), on from 2010-06-02
    build(["tenhou"], tmp_path, search=False)
    page = (tmp_path / "rulesets/tenhou/index.md").read_text(encoding="utf-8")
    history = page[page.index("## History"):]
    section = _section(history, "### Tenpai-yame (`tenpai_yame`)")
    assert "| until 2010-06-01 | off |" in section
    assert "| from 2010-06-02 | on | — |" in section
    assert "38215017" in section  # how the date is known: the announcement
    for name in ("uma_east_only", "final_points_rounding"):
        assert f"(`{name}`)" in history, name
    # a ruleset whose values never changed has no history
    assert "## History" not in (rulebook / "rulesets/ema-2016/index.md").read_text(
        encoding="utf-8")
