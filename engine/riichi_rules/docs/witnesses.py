"""What the search found, as Markdown for the generated pages: a rule's witness and near miss
(drawn with the tile pictures, its situation, its result and the ``riichi score`` command that
gives it), and a comparison's searched differences (each cause with its plainest witness and
both outcomes side by side, how many situations showed it and, given recorded wins, how many
of them it changes)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.docs.markdown import md, sentence, where_link
from riichi_rules.docs.render import format_value
from riichi_rules.docs.searched import (
    PairSearch,
    RuleWitness,
    Scored,
    cause_changes,
    cause_key,
    reason_key,
)
from riichi_rules.docs.tiles import hand_markdown, tiles_markdown
from riichi_rules.impact.wins import Impact, cause_text
from riichi_rules.notation import command_line
from riichi_rules.scoring.result import Result
from riichi_rules.search.differences import Finding
from riichi_rules.search.report import parameter_notes
from riichi_rules.search.situations import FLAGS, compact

YakuLink = Callable[[str], str]  # a yaku id -> its name, linked to its entry

HOW_TO_ADD_CORPUS = (
    "How many real wins each difference changes is shown when the rulebook is built with "
    "recorded wins: `riichi docs build --corpus FILES` (the files `riichi compare A B --corpus "
    "FILES` reads: Tenhou mjlog, tenhou.net/6 or mjai game records, folders of them, or a "
    "JSON-lines file of wins).")


# ---- a win and its result ---------------------------------------------------------------------


def hand_text(win: Mapping[str, Any]) -> str:
    """``123m456p789s11z + 5-67s`` (the concealed tiles, then each meld as written)."""
    text = md(win.get("hand", ""))
    melds = win.get("melds") or []
    if melds:
        text += " + " + ", ".join(md(m if isinstance(m, str) else
                                     f"{m.get('type')} {m.get('tiles')}") for m in melds)
    return text


def situation_words(win: Mapping[str, Any], base: str) -> list[str]:
    """How the hand was won: ron or tsumo, the seat and round winds, the flags, the dora and
    ura indicators (drawn), honba and riichi sticks on the table."""
    words = ["tsumo" if win.get("tsumo") else "ron", f"seat {md(win.get('seat', 'E'))}",
             f"round {md(win.get('round', 'E'))}"]
    words += [flag.replace("_", " ") for flag in FLAGS if win.get(flag)]
    for key, word in (("dora", "dora indicators"), ("ura", "ura indicators")):
        indicators = win.get(key)
        if isinstance(indicators, str):
            indicators = [indicators]
        if indicators:
            words.append(f"{word} " + "".join(tiles_markdown(str(t), base) for t in indicators))
    for key, word in (("honba", "honba"), ("sticks", "riichi sticks on the table")):
        if win.get(key):
            words.append(f"{win[key]} {word}")
    return words


def win_lines(win: Mapping[str, Any], base: str) -> list[str]:
    """A win (in its JSON form) drawn as tiles, then in text with its situation."""
    return [hand_markdown(win, base),
            f"<br>`{hand_text(win)}`, winning tile `{md(win.get('win', ''))}` · "
            + " · ".join(situation_words(win, base))]


def result_words(result: Result) -> str:
    """``3 han 40 fu, 5200 points`` (``, mangan``; ``yakuman, 32000 points``), with the honba
    and riichi sticks the winner also collects."""
    if result.yakuman:
        value = "yakuman" if result.yakuman == 1 else f"{result.yakuman}\u00d7 yakuman"
    else:
        value = f"{result.han} han {result.fu} fu"
    text = f"{value}, {result.points} points"
    if result.limit and not result.yakuman:
        text += f" ({result.limit})"
    if result.honba_total:
        text += f" + {result.honba_total} for honba"
    if result.sticks:
        text += f" + {result.sticks} in riichi sticks"
    return text


def yaku_words(result: Result, link: YakuLink) -> str:
    """``Riichi 1 han, Pinfu 1 han, Dora 2 han`` (each linked to its entry)."""
    return ", ".join(f"{link(y.id)} " + (f"{y.yakuman}\u00d7 yakuman" if y.yakuman
                                          else f"{y.han} han") for y in result.yaku)


def fu_words(result: Result) -> str:
    """``20 Base, 10 Closed ron`` (each fu item), rounded to the total."""
    items = ", ".join(f"{item.fu} {md(item.label)}" for item in result.fu_items)
    return f"{items} → {result.fu} fu" if items else f"{result.fu} fu"


def score_command(win: Mapping[str, Any], ruleset: str) -> str:
    """The ``riichi score`` command that scores this win under ``ruleset``."""
    return shlex.join(["riichi", "score", *command_line(win), "--ruleset", ruleset])


def scored_lines(scored: Scored, base: str, link: YakuLink, ruleset: str) -> list[str]:
    win, result = compact(scored[0]), scored[1]
    return [*win_lines(win, base),
            f"<br>**Scores** {result_words(result)}: {yaku_words(result, link)}"
            + (f" · fu: {fu_words(result)}" if not result.yakuman else ""),
            f"<br><small>`{score_command(win, ruleset)}`</small>", ""]


def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What differs between two wins (their JSON forms), in words that follow "the first
    with": ``the winning tile `6m` instead of `3m```, ``no riichi``."""
    out: list[str] = []
    if (before.get("hand"), before.get("melds")) != (after.get("hand"), after.get("melds")):
        out.append(f"the tiles `{hand_text(after)}` instead of `{hand_text(before)}`")
    if before.get("win") != after.get("win"):
        out.append(f"the winning tile `{md(after.get('win'))}` instead of "
                   f"`{md(before.get('win'))}`")
    if bool(before.get("tsumo")) != bool(after.get("tsumo")):
        out.append("self-draw instead of a discard" if after.get("tsumo")
                   else "a discard instead of self-draw")
    for key in ("seat", "round"):
        if before.get(key) != after.get(key):
            out.append(f"{key} wind {md(after.get(key))} instead of {md(before.get(key))}")
    for flag in FLAGS:
        if bool(before.get(flag)) != bool(after.get(flag)):
            out.append(("" if after.get(flag) else "no ") + flag.replace("_", " "))
    for key, word in (("dora", "dora indicators"), ("ura", "ura indicators"),
                      ("honba", "honba"), ("sticks", "riichi sticks")):
        if before.get(key) != after.get(key):
            shown = after.get(key)
            text = ", ".join(shown) if isinstance(shown, list) else str(shown)
            out.append(f"{word} {md(text)}" if shown else f"no {word}")
    return out


_LACKS = {"yaku": "its condition fails, and it does not score",
          "yakuman": "its condition fails, and it does not score",
          "dora": "it counts no dora of this kind",
          "fu": "its condition fails, and this fu is not counted",
          "limit": "its condition fails, and this limit does not apply"}


def witness_lines(found: RuleWitness | None, title: str, base: str, link: YakuLink,
                  ruleset: str) -> list[str]:
    """A rule's witness and near miss, or why it has none."""
    if found is None:
        return []
    if found.witness is None:
        why = "; ".join(md(sentence(w)) for w in found.why) or "none found."
        return [f"**Witness:** none. {why}", ""]
    lines = [f"**Witness**, found by the search and verified by scoring it under "
             f"`{md(ruleset)}`: a win where {md(title)} counts.", "",
             *scored_lines(found.witness, base, link, ruleset)]
    if found.near_miss is None:
        lines += ["**Near miss:** none found (no win among the witness's plainer versions and "
                  "400 changes of it scores without it).", ""]
        return lines
    changed = _changes(compact(found.witness[0]), compact(found.near_miss[0]))
    lines += [f"**Near miss**: the witness with {'; '.join(changed) or 'one part changed'}. "
              f"It still scores, but {md(title)} is missing ({_LACKS[found.kind]}).", "",
              *scored_lines(found.near_miss, base, link, ruleset)]
    return lines


# ---- a comparison's searched differences -------------------------------------------------------


def _origin_links(page: str, origin: str) -> str:
    """``rulesets/base/fu.rules:14`` (or two of them, ``a / b``) as links to the rule files."""
    out = []
    for where in origin.split(" / "):
        file, _, line = where.rpartition(":")
        out.append(where_link(page, file, int(line)) if file and line.isdigit()
                   else md(where))
    return " / ".join(out)


def _outcome_cells(finding: Finding, side: int, link: YakuLink) -> tuple[str, str, str]:
    result, error = finding.outcomes[side], finding.errors[side]
    if result is None:
        return f"not a win ({md(error)})", "—", "—"
    return (result_words(result), yaku_words(result, link) or "—",
            "—" if result.yakuman else fu_words(result))


def anchor(finding: Finding) -> str:
    """The anchor of a cause's heading on the pair page."""
    text = f"search-{finding.cause.stage}-{finding.cause.name}".lower()
    return "".join(ch if ch.isalnum() else "-" for ch in text).strip("-")


@dataclass(frozen=True, slots=True)
class Side:
    """One ruleset of a comparison, as its page shows it: its short ``name``, how ``riichi
    score --ruleset`` names it, its parameters, and a link to each of its yaku."""

    name: str
    ruleset: str
    parameters: Mapping[str, object]
    link: YakuLink


def differences_lines(found: PairSearch, page: str, base: str, sides: tuple[Side, Side],
                      titles: Mapping[str, str],
                      yaku_titles: Mapping[str, str] | None = None) -> list[str]:
    """The section *Differences found by search* of a pair page: ``titles`` are the
    parameters' titles, ``yaku_titles`` the names of the yaku and dora kinds by id."""
    d = found.differences
    a, b = sides[0].name, sides[1].name
    lines = ["## Differences found by search", "",
             f"A search for wins that {md(a)} and {md(b)} score differently aims at each "
             "scoring rule the two read differently and scores every win it reaches under "
             f"both (`riichi compare {md(sides[0].ruleset)} {md(sides[1].ruleset)} --search "
             f"--situations "
             f"{d.searched} --seed {d.seed}` does the same). It found {len(d.findings)} "
             f"cause{'' if len(d.findings) == 1 else 's'} of difference: each below with the "
             "plainest win that shows it (verified by scoring it under both rulesets) and how "
             "many of the situations searched showed it.", ""]
    impact = found.impact
    if impact is None:
        lines += [f"*{HOW_TO_ADD_CORPUS}*", ""]
    else:
        lines += [_corpus_summary(found, impact), ""]
    for f in d.findings:
        lines += _finding_lines(f, found, page, base, sides, titles, yaku_titles or {})
    lines += ["### Scoring parameters that differ", ""]
    if d.parameters:
        lines += [f"| Parameter | {md(a)} | {md(b)} | Found by the search |",
                  "|---|---|---|---|"]
        for name, note in parameter_notes(d):
            causes = d.found_for(name)
            text = ", ".join(f"[{md(f.cause.stage)} {md(f.cause.name)}](#{anchor(f)})"
                             for f in causes) if causes else md(note)
            lines.append(f"| {md(titles.get(name, name))} <br>`{name}` | "
                         f"{md(format_value(sides[0].parameters.get(name)))} | "
                         f"{md(format_value(sides[1].parameters.get(name)))} | {text} |")
    else:
        lines.append("No parameter the scoring reads differs.")
    lines.append("")
    if impact is not None:
        lines += _corpus_table(found, impact)
    return lines


def _finding_lines(f: Finding, found: PairSearch, page: str, base: str,
                   sides: tuple[Side, Side], titles: Mapping[str, str],
                   yaku_titles: Mapping[str, str]) -> list[str]:
    cause = f.cause
    a, b = sides[0].name, sides[1].name
    name = md(cause.name)
    if cause.stage in ("yaku", "dora") and cause.name in yaku_titles:
        name = f"{md(yaku_titles[cause.name])} (`{cause.name}`)"
    lines = [f"### {md(cause.stage.capitalize())}: {name} {{ #{anchor(f)} }}", ""]
    facts = [f"**Rule:** {_origin_links(page, cause.origin)}"]
    for param in cause.parameters:
        facts.append(f"reads “{md(titles.get(param, param))}” (`{param}`): "
                     + ", ".join(f"{md(format_value(side.parameters.get(param)))} in "
                                 f"{md(side.name)}" for side in sides))
    facts.append(f"shown by {f.count} of the {found.differences.searched} situations searched")
    lines += [" · ".join(facts), "", "The plainest win found that shows it:", ""]
    win = compact(f.win)
    cells = [_outcome_cells(f, i, side.link) for i, side in enumerate(sides)]
    lines += [*win_lines(win, base), "",
              f"| | {md(a)} | {md(b)} |", "|---|---|---|",
              f"| Scores | {cells[0][0]} | {cells[1][0]} |",
              f"| Yaku | {cells[0][1]} | {cells[1][1]} |",
              f"| Fu | {cells[0][2]} | {cells[1][2]} |",
              "| Command | " + " | ".join(f"`{score_command(win, side.ruleset)}`"
                                         for side in sides) + " |",
              ""]
    if len(f.causes) > 1:
        lines += ["This win also shows: " + "; ".join(md(str(c)) for c in f.causes[1:]) + ".",
                  ""]
    if f.effects:
        lines += ["As their effect, it also differs in: "
                  + "; ".join(md(str(c)) for c in f.effects) + ".", ""]
    if found.impact is not None:
        changed = cause_changes(cause, found.impact)
        read = found.impact.read
        lines += [f"**In the recorded wins:** {len(changed)} of the {read} read "
                  f"({_pct(len(changed), read)}) change by this cause"
                  + (f"; points moved ({md(b)} minus {md(a)}): "
                     f"{_signed(sum(c.moved for c in changed if c.moved is not None))}."
                     if any(c.moved for c in changed) else "."), ""]
    return lines


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f} %" if whole else "—"


def _signed(points: int) -> str:
    return f"{points:+,}"


def corpus_names(corpus: Sequence[str]) -> str:
    """The corpus's files by name (the pages do not depend on where they lie)."""
    return ", ".join(f"`{md(Path(c).name)}`" for c in corpus)


def _corpus_summary(found: PairSearch, impact: Impact) -> str:
    changed = len(impact.changes)
    return (f"The recorded wins of {corpus_names(found.corpus)} were scored under both: "
            f"{changed} of the {impact.read} read ({_pct(changed, impact.read)}) score "
            f"differently. Under each cause below: how many of them it changes.")


def _corpus_table(found: PairSearch, impact: Impact) -> list[str]:
    """Every cause the recorded wins show (as ``riichi compare --corpus`` names them), with
    the searched cause it is."""
    lines = ["### Causes in the recorded wins", "",
             f"As `riichi compare {md(impact.a)} {md(impact.b)} --corpus` reports them, for "
             f"{corpus_names(found.corpus)}: {impact.read} wins read"
             + (f", {sum(u.wins for u in impact.unread)} not read (skipped or unreadable)"
                if impact.unread else "") + ".", ""]
    unread_files = impact.files_unreadable
    if unread_files:
        lines += ["Files not read: " + "; ".join(
            md(u.message) for u in impact.unread if not u.wins) + ".", ""]
    if not impact.causes:
        return [*lines, "No recorded win scores differently.", ""]
    lines += ["| Cause | Wins | Share | Points moved | Found by the search |",
              "|---|---:|---:|---:|---|"]
    for ci in impact.causes:
        key = reason_key(ci.cause)
        searched = ", ".join(f"[{md(f.cause.stage)} {md(f.cause.name)}](#{anchor(f)})"
                             for f in found.differences.findings
                             if cause_key(f.cause) == key) or "not found within the budget"
        lines.append(f"| {md(cause_text(ci.cause))} | {len(ci.changes)} | "
                     f"{_pct(len(ci.changes), impact.read)} | {_signed(sum(ci.moved))} | "
                     f"{searched} |")
    lines.append("")
    return lines
