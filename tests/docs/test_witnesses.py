"""What the search finds, on the generated pages (riichi_rules.docs.witnesses, .searched): each
witness and near miss shown is checked by scoring it again with the ``riichi score`` command the
page gives; the comparison pages list the causes the rulesets' parameters make; with recorded
wins, each cause says how many of them it changes.

Expected values come from the rulebooks: EMA 2016 has no red fives and no kiriage (EMA 2016 §4,
variants.md #5, #12), EMA 2025 and WRC 2025 have kiriage (variants.md #12), the double-wind
pair is 4 fu in EMA 2016 and 2 in EMA 2025 and WRC 2025 (variants.md #22). The recorded wins
are tests/impact/fixtures/wins.jsonl, whose outcomes tests/impact/test_wins.py derives.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from corpus_data import TENHOU, need_corpus
from riichi_rules import score
from riichi_rules.cli import main
from riichi_rules.docs import pages, searched
from riichi_rules.docs.searched import fingerprint, pair_search, search_site, witnesses
from riichi_rules.docs.witnesses import Side, differences_lines
from riichi_rules.hand import Win
from riichi_rules.impact.wins import corpus_impact

# "**Witness** ... <br>**Scores** 1 han 30 fu, 1500 points: ... <br><small>`riichi score ...`"
_SHOWN = re.compile(r"\*\*(Witness|Near miss)\*\*.*?<br>\*\*Scores\*\* (.*?): (.*?)\n"
                    r"<br><small>`(riichi score [^`]*)`</small>", re.S)
_VALUE = re.compile(r"(?:(\d+) han (\d+) fu|(?:(\d+)\u00d7 )?yakuman), (\d+) points"
                    r"(?: \((\w+)\))?")


def _sections(page: str) -> dict[str, str]:
    """Each yaku's section of a yaku page, by its id (``### Title { #id }``)."""
    out = {}
    for part in page.split("\n### ")[1:]:
        match = re.match(r".*\{ #([\w-]+) \}", part)
        if match:
            out[match[1]] = part
    return out


def _shown(section: str) -> dict[str, tuple[str, str, str]]:
    """The witness and the near miss a section shows: (result words, yaku, command)."""
    return {kind: (result, yaku, command)
            for kind, result, yaku, command in _SHOWN.findall(section)}


def _rescore(command: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The JSON of ``riichi score`` run with the command the page shows."""
    args = shlex.split(command)
    assert args[:2] == ["riichi", "score"]
    capsys.readouterr()
    assert main([*args[1:], "--json"]) == 0, command
    result: dict[str, Any] = json.loads(capsys.readouterr().out)
    return result


def _agrees(words: str, result: dict[str, Any]) -> None:
    """The result words on the page (``4 han 30 fu, 7700 points``, ``, 8000 points
    (mangan)``, ``yakuman, 32000 points``) say what scoring gives."""
    match = _VALUE.match(words)
    assert match, words
    han, fu, times, points, limit = match.groups()
    if han is not None:
        assert (int(han), int(fu)) == (result["han"], result["fu"]), words
    else:
        assert result["yakuman"] == int(times or 1), words
    assert int(points) == result["points"]["total"], words
    if limit is not None:
        assert limit == result["limit"], words


def test_every_witness_on_the_yaku_page_scores_as_shown_and_has_its_yaku(
        rulebook: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = (rulebook / "rulesets/ema-2016/yaku.md").read_text(encoding="utf-8")
    checked = 0
    for yaku_id, section in _sections(page).items():
        shown = _shown(section)
        if "Witness" not in shown:
            continue
        words, _, command = shown["Witness"]
        assert command.endswith("--ruleset ema-2016")
        result = _rescore(command, capsys)
        _agrees(words, result)
        assert yaku_id in {y["id"] for y in result["yaku"]}, (yaku_id, command)
        if "Near miss" in shown:
            words, _, command = shown["Near miss"]
            near = _rescore(command, capsys)  # it scores (a win) ...
            _agrees(words, near)
            assert yaku_id not in {y["id"] for y in near["yaku"]}, (yaku_id, command)
        checked += 1
    # every yaku, yakuman and dora kind that can score in EMA 2016 has a section with one
    sections = _sections(page)
    assert checked >= len(sections) - sum("**Witness:** none." in s for s in sections.values())
    # pinfu: 1 han, closed only (EMA 2016 §4); its witness is closed (no meld) and its near
    # miss says what it lacks
    pinfu = _shown(sections["pinfu"])
    assert "[Pinfu](#pinfu) 1 han" in pinfu["Witness"][1]
    assert " + " not in sections["pinfu"].split("**Witness**")[1].split("<br>`")[1].split("`")[0]
    assert "but Pinfu is missing (its condition fails" in sections["pinfu"]


def test_a_rule_without_witness_says_why(rulebook: Path) -> None:
    page = (rulebook / "rulesets/ema-2016/yaku.md").read_text(encoding="utf-8")
    # EMA 2016 has no red fives (variants.md #5: red_fives 0): the red-five dora never counts
    red = _sections(page)["aka_dora"]
    assert "**Witness:** none." in red
    assert "can never apply" in red and "rule.red\\_fives = 0" in red


def _found(page: Path, heading: str, capsys: pytest.CaptureFixture[str]
           ) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The section *Found by search* of a fu or limits page, and the witness and near miss
    under ``heading`` scored again (the witness checked against what the page shows)."""
    found = page.read_text(encoding="utf-8")
    found = found[found.index("## Found by search"):]
    clause = found[found.index(heading):]
    shown = _shown(clause[:clause.index("\n### ")])
    result = _rescore(shown["Witness"][2], capsys)
    _agrees(shown["Witness"][0], result)
    return found, result, _rescore(shown["Near miss"][2], capsys)


def test_fu_and_limit_pages_show_witnesses(rulebook: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    folder = rulebook / "rulesets/ema-2016"
    _, result, near = _found(folder / "fu.md", "### Double-wind pair", capsys)
    # the double-wind pair is 4 fu in EMA 2016 (variants.md #22)
    assert {"label": "Double-wind pair", "fu": 4} in result["fu_items"]
    assert all(item["label"] != "Double-wind pair" for item in near["fu_items"])
    found, result, near = _found(folder / "limits.md", "### mangan", capsys)
    assert result["limit"] == "mangan" and near["limit"] != "mangan"
    # EMA 2016 has no kazoe yakuman (variants.md #13): that limit line never applies
    assert "rule.kazoe\\_yakuman = 'none'" in found


def _search_section(page: str) -> str:
    return page[page.index("## Differences found by search"):page.index("\n## Points")]


@pytest.mark.parametrize("other", ["ema-2025", "wrc-2025"])
def test_a_pair_page_lists_the_searched_causes(rulebook: Path, other: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    page = (rulebook / f"compare/ema-2016-vs-{other}.md").read_text(encoding="utf-8")
    section = _search_section(page)
    # kiriage (off in EMA 2016, on in the other, variants.md #12) and the double-wind pair
    # (4 fu, 2 fu: variants.md #22) are causes the search must find
    for heading, parameter in (("### Limit: none vs mangan", "kiriage"),
                               ("### Fu: Double-wind pair", "double\\_wind\\_pair\\_fu")):
        assert heading in section, heading
        cause = section[section.index(heading):]
        cause = cause[:cause.index("\n### ")]
        assert f"(`{parameter.replace(chr(92), '')}`)" in cause
        count = re.search(r"shown by (\d+) of the (\d+) situations searched", cause)
        assert count and 1 <= int(count[1]) <= int(count[2])
        # both outcomes side by side, each the result of its ruleset's riichi score command
        row = re.search(r"\| Scores \| (.*?) \| (.*?) \|", cause)
        commands = re.search(r"\| Command \| `(.*?)` \| `(.*?)` \|", cause)
        assert row and commands
        assert commands[1].endswith("--ruleset ema-2016")
        assert commands[2].endswith(f"--ruleset {other}")
        a, b = _rescore(commands[1], capsys), _rescore(commands[2], capsys)
        _agrees(row[1], a)
        _agrees(row[2], b)
        if parameter == "kiriage":
            # kiriage rounds 1920 basic points up to a mangan: 4 han 30 fu or 3 han 60 fu
            assert (a["han"], a["fu"]) in {(4, 30), (3, 60)} and a["limit"] is None
            assert b["limit"] == "mangan"
        else:
            assert {"label": "Double-wind pair", "fu": 4} in a["fu_items"]
            assert {"label": "Double-wind pair", "fu": 2} in b["fu_items"]
    # the differing parameters, each with what was found for it
    table = section[section.index("### Scoring parameters that differ"):]
    assert "| Kiriage mangan <br>`kiriage` | off | on | [limit none vs mangan]" in table


def test_with_recorded_wins_each_cause_says_how_many_it_changes(rulebook: Path) -> None:
    page = (rulebook / "compare/ema-2016-vs-wrc-2025.md").read_text(encoding="utf-8")
    section = _search_section(page)
    # wins.jsonl: 4 wins read; line 1 changes by kiriage alone, line 2 by the double-wind pair
    # alone (tests/impact/test_wins.py): each cause changes 1 of the 4, 25 %
    for heading in ("### Limit: none vs mangan", "### Fu: Double-wind pair"):
        cause = section[section.index(heading):]
        cause = cause[:cause.index("\n### ")]
        assert "**In the recorded wins:** 1 of the 4 read (25.00 %) change by this cause" \
            in cause, heading
    assert "The recorded wins of `wins.jsonl` were scored under both: 2 of the 4 read" in section
    # line 1: 7,700 -> 8,000 (+300); line 2: 2,400 -> 2,000 (-400)
    table = section[section.index("### Causes in the recorded wins"):]
    assert "| 1 | 25.00 % | +300 | [limit none vs mangan](#search-limit-none-vs-mangan) |" \
        in table
    assert "| 1 | 25.00 % | -400 | [fu Double-wind pair](#search-fu-double-wind-pair) |" \
        in table


def test_without_recorded_wins_the_page_says_how_to_add_them() -> None:
    found = pair_search("ema-2016", "ema-2025", situations=2000)
    assert found.impact is None
    sides = (Side("EMA 2016", "ema-2016", {}, str), Side("EMA 2025", "ema-2025", {}, str))
    lines = differences_lines(found, "compare/x.md", "../tiles", sides, {})
    assert any("`riichi docs build --corpus FILES`" in line for line in lines)


def test_a_file_of_wins_not_read_is_said(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.mjlog"
    bad.write_text("not a game record", encoding="utf-8")
    found = pair_search("ema-2016", "ema-2025", corpus=[str(bad)], situations=2000)
    assert found.impact is not None and found.impact.files_unreadable
    sides = (Side("EMA 2016", "ema-2016", {}, str), Side("EMA 2025", "ema-2025", {}, str))
    page = "\n".join(differences_lines(found, "compare/x.md", "../tiles", sides, {}))
    assert "Files not read: " in page and "bad.mjlog" in page
    # the command writes the pages, says which file it could not read, and exits 1
    def built(*args: object, **kwargs: object) -> pages.BuildResult:
        return pages.BuildResult(tmp_path, (), [], ("ema-2016", "ema-2025"),
                                 (f"{bad}: not a game record",))

    monkeypatch.setattr(pages, "build", built)
    assert main(["docs", "build", "--corpus", str(bad), "--out", str(tmp_path)]) == 1
    assert f"riichi docs: --corpus: {bad}: not a game record" in capsys.readouterr().err


def test_the_search_is_the_same_on_every_run() -> None:
    first, again = witnesses("ema-2016", situations=4000), witnesses("ema-2016", 4000)
    assert first == again
    # the budget bounds the search (each rule is given at least one situation)
    assert first.tried <= 4000 + len(first.rules)


def test_the_cache_spares_a_second_search(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    first, _ = search_site(["ema-2016"], [], cache=cache)
    assert len(list(cache.glob("*.json"))) == 1

    def searched_again(task: tuple[str, ...]) -> None:
        raise AssertionError(f"searched again: {task}")

    monkeypatch.setattr(searched, "_task", searched_again)
    again, _ = search_site(["ema-2016"], [], cache=cache)
    assert again == first
    # another parameter value is another search: the cache does not answer for it
    club = tmp_path / "club"
    club.mkdir()
    (club / "ruleset.json").write_text(json.dumps({
        "id": "club", "name": "Our club", "extends": "ema-2016",
        "source": {"rulebook": "club", "edition": "1"}, "parameters": {"kiriage": True}}),
        encoding="utf-8")
    before = fingerprint((str(club),))
    with pytest.raises(AssertionError, match="searched again"):
        search_site([str(club)], [], cache=cache)
    (club / "ruleset.json").write_text(json.dumps({
        "id": "club", "name": "Our club", "extends": "ema-2016",
        "source": {"rulebook": "club", "edition": "1"}, "parameters": {"kiriage": False}}),
        encoding="utf-8")
    assert fingerprint((str(club),)) != before


class _Planted:
    """A pickle that, if it were unpickled, would write ``marker``."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.write_text, (self.marker, "ran"))


def test_a_planted_cache_entry_is_never_run(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's cache (docs/limits.md, "Files riichi-rules writes") is JSON read by type:
    a pickle placed in it is never unpickled, and an entry that is not whole, not of its
    fingerprint or not of the search's types is set aside with a note and searched again."""
    import pickle

    cache, marker = tmp_path / ".search", tmp_path / "marker"
    cache.mkdir()
    key = fingerprint(("ema-2016",))
    # what the search keeps, small: a witness with a scored win and a rule without one
    win = Win.from_json({"hand": "22p234p123s456s789s", "win": "9s", "tsumo": True})
    small = searched.Witnesses("ema-2016", (
        searched.RuleWitness("yaku", "pinfu", 0, "rulesets/base/yaku.rules", 33,
                             (win, score(win, "ema-2016")), None, ()),
        searched.RuleWitness("yaku", "riichi", 0, "rulesets/base/yaku.rules", 7, None, None,
                             ("not found",))), tried=2)
    asked: list[tuple[str, ...]] = []

    def search(task: tuple[str, ...]) -> searched.Witnesses:
        asked.append(task)
        return small

    monkeypatch.setattr(searched, "_task", search)
    (cache / f"{key}.pickle").write_bytes(pickle.dumps(_Planted(marker)))
    assert search_site(["ema-2016"], [], cache=cache) == ([small], [])
    assert not marker.exists() and not (cache / f"{key}.pickle").exists()
    assert len(asked) == 1  # nothing was read from the pickle: it was searched
    entry = json.loads((cache / f"{key}.json").read_text(encoding="utf-8"))
    tried_at = entry["found"]["tried"]
    bad = {
        "a pickle under the entry's name": (pickle.dumps(_Planted(marker)), "not UTF-8"),
        "a cut entry": (json.dumps(entry)[:500].encode(), "not JSON"),
        "another fingerprint's": (json.dumps({**entry, "key": "0" * 32}).encode(),
                                  "not the entry of this fingerprint"),
        "a field of another type": (json.dumps({**entry, "found": {
            **entry["found"], "tried": str(tried_at)}}).encode(), "$.tried: not int"),
        "an object the search never makes": (json.dumps({**entry, "found": {
            **entry["found"], "rules": [{"py/reduce": ["os.system", "echo ran"]}]}}).encode(),
            "$.rules[0]: the fields of a RuleWitness are not"),
    }
    for name, (data, why) in bad.items():
        (cache / f"{key}.json").write_bytes(data)
        notes: list[str] = []
        asked.clear()
        assert search_site(["ema-2016"], [], cache=cache, notes=notes) == ([small], []), name
        assert len(asked) == 1 and len(notes) == 1, (name, notes)
        assert why in notes[0] and "searched again" in notes[0], (name, notes)
        assert not marker.exists()
    # the entry written again is read: not searched a third time
    asked.clear()
    assert search_site(["ema-2016"], [], cache=cache) == ([small], []) and not asked


@need_corpus(TENHOU / "agari.jsonl")
def test_the_shares_of_the_real_wins() -> None:
    # the section a pair page gets from `riichi docs build --corpus` (the rulebook fixture
    # builds whole pages with a corpus; here only the section, for the real wins)
    agari = TENHOU / "agari.jsonl"
    found = pair_search("ema-2016", "ema-2025", corpus=[str(agari)])
    sides = (Side("EMA 2016", "ema-2016", {}, str), Side("EMA 2025", "ema-2025", {}, str))
    section = "\n".join(differences_lines(found, "compare/x.md", "../tiles", sides, {}))
    # what riichi compare --corpus counts for the same files, cause by cause
    impact = corpus_impact("ema-2016", "ema-2025", [agari])
    kiriage = next(ci for ci in impact.causes if ci.cause.what == "limit none vs mangan")
    assert kiriage.changes  # the corpus holds 4 han 30 fu hands (a common value)
    share = f"{100 * len(kiriage.changes) / impact.read:.2f} %"
    cause = section[section.index("### Limit: none vs mangan"):]
    assert (f"**In the recorded wins:** {len(kiriage.changes)} of the {impact.read} read "
            f"({share}) change by this cause") in cause
    assert "`agari.jsonl`" in section and str(TENHOU) not in section  # no local path



def test_a_house_ruleset_s_witness_scores_under_it(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    club = tmp_path / "club"
    club.mkdir()
    (club / "ruleset.json").write_text(json.dumps({
        "id": "club", "name": "Our club", "extends": "ema-2016",
        "source": {"rulebook": "club", "edition": "1"},
        "yaku": {"sanshoku": {"han_closed": 3, "note": "our club"}}}), encoding="utf-8")
    out = tmp_path / "out"
    pages.build([club], out, jobs=1)
    section = _sections((out / "rulesets/club/yaku.md").read_text(encoding="utf-8"))["sanshoku"]
    words, yaku, command = _shown(section)["Witness"]
    # the command names the ruleset by its folder, from the folder that holds it
    assert command.endswith("--ruleset club/")
    monkeypatch.chdir(tmp_path)
    result = _rescore(command, capsys)
    _agrees(words, result)
    # the club's sanshoku: 3 han closed (its ruleset.json), 1 open (EMA 2016 §4); a meld
    # with a direction mark (- = +) is called, so the hand is open
    args = shlex.split(command)
    opened = any(mark in meld for meld in args[3:args.index("--win")] for mark in "-=+")
    scored = next(y for y in result["yaku"] if y["id"] == "sanshoku")
    assert scored["han"] == (1 if opened else 3)
    assert f"[Mixed triple chow](#sanshoku) {scored['han']} han" in yaku
